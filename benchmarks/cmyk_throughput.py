"""CMYK PDF/X throughput: a bundled game's deck sheets and single-card PDFs converted by Ghostscript.

Builds the game once as RGB (`--single`, no rulebook) into a temporary folder, then converts copies
of its PDFs with cardgen.export.cmyk: each file alone (one Ghostscript at a time) and all files at
once as the build does (one Ghostscript per core). Prints seconds per file and per card.

    .venv/bin/python benchmarks/cmyk_throughput.py [--game unyielding_universe]
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from pypdf import PdfReader

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.export import cmyk
from cardgen.export.pool import cores
from cardgen.gamedata import card_data_dir, load_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="unyielding_universe", help="a bundled game's slug")
    args = parser.parse_args()
    engine = cmyk.find_engine()
    game = load_game(card_data_dir() / args.game)
    with tempfile.TemporaryDirectory() as temp:
        out = Path(temp)
        build(game, BuildOptions(single=True, rulebook=False, out=out / "rgb"))
        sources = sorted(p for p in (out / "rgb" / game.slug).glob("*.pdf") if "duplex-test" not in p.name)
        cards = {deck.id: deck.total for deck in game.decks}
        print(f"{game.title}: {sum(cards.values())} cards, {len(sources)} PDFs, Ghostscript {engine.version}, "
              f"{cores()} cores")
        print(f"{'file':<48} {'pages':>5} {'cards':>5} {'s':>6} {'ms/card':>8}")
        one_by_one = 0.0
        for source in sources:
            copy = out / "one" / source.name
            copy.parent.mkdir(exist_ok=True)
            shutil.copyfile(source, copy)
            start = time.perf_counter()
            cmyk.convert(engine, copy)
            seconds = time.perf_counter() - start
            one_by_one += seconds
            deck = next(d for d in cards if source.name.startswith(f"{game.slug}-{d}-"))
            pages = len(PdfReader(source).pages)
            print(f"{source.name:<48} {pages:>5} {cards[deck]:>5} {seconds:>6.2f} {1000 * seconds / cards[deck]:>8.1f}")
        (out / "all").mkdir()
        copies = [Path(shutil.copyfile(source, out / "all" / source.name)) for source in sources]
        start = time.perf_counter()
        cmyk.convert_all(engine, copies)
        parallel = time.perf_counter() - start
        total_cards = 2 * sum(cards.values())  # every card is on its deck's sheet and in its single-card PDF
        print(f"one at a time: {one_by_one:.2f} s for {len(sources)} files ({one_by_one / len(sources):.2f} s a file, "
              f"{1000 * one_by_one / total_cards:.1f} ms per card per file)")
        print(f"as the build runs it ({cores()} at once): {parallel:.2f} s "
              f"({1000 * parallel / sum(cards.values()):.1f} ms per card of the game, sheets and singles together)")


if __name__ == "__main__":
    main()
