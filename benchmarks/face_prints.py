"""What recording each card's printed faces (manifest.json's `printed`, for --changed-since) costs a build: per bundled
game, the time to lay out every card's front and back, and the time to fingerprint those faces, best of a few runs.

    .venv/bin/python benchmarks/face_prints.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import time

from cardgen.gamedata import bundled_slugs, card_data_dir, load_game
from cardgen.layout.compose import Composer
from cardgen.build.printed_faces import PrintedFaces


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    print(f"{'game':24} {'cards':>5} {'lay out ms':>10} {'fingerprint ms':>14} {'share':>6}")
    for slug in bundled_slugs():
        game = load_game(card_data_dir() / slug)
        lay_out, fingerprint = [], []
        for _ in range(repeat):
            composer = Composer(game, 3.0)
            start = time.perf_counter()
            faces = [(deck, card, composer.front(deck, card, index), composer.back(deck, card, index))
                     for deck in game.decks for index, card in enumerate(deck.cards, start=1)]
            lay_out.append(time.perf_counter() - start)
            printed = PrintedFaces()
            start = time.perf_counter()
            for deck, card, front, back in faces:
                printed.add(deck, card, front, back)
            fingerprint.append(time.perf_counter() - start)
        best_lay, best_print = min(lay_out), min(fingerprint)
        print(f"{slug:24} {len(faces):5} {best_lay * 1000:10.1f} {best_print * 1000:14.1f} "
              f"{best_print / best_lay:6.1%}")


if __name__ == "__main__":
    main()
