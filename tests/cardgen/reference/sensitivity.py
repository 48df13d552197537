"""Measures which 1 mm moves of a box the reference-image tolerance catches; prints the figures.

`python -m tests.cardgen.reference.sensitivity [GAME ...]` copies templates/ to a temporary folder,
then, one box at a time, moves every box whose x a referenced layout file sets 1 mm to the right,
draws the reference card again and measures it against the committed reference (compare.py). It
prints the boxes whose move the tolerance lets through and how many are caught. It takes about a
minute for the five games; change compare.py's limits only with these figures in hand.
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
from pathlib import Path

from PIL import Image as PILImage

from cardgen.gamedata import card_data_dir, load_game, templates_dir
from tests.cardgen.reference.compare import difference
from tests.cardgen.reference.refresh import FOLDER, image, read_index

SECTION = re.compile(r"^\[boxes\.([\w-]+)\]\s*$")
X = re.compile(r"^x\s*=\s*(.+?)\s*(#.*)?$")


def moves(text: str) -> list[tuple[str, str]]:
    """(box, the layout text with that box's x moved 1 mm right) for each box whose x the text sets."""
    lines, found, box = text.split("\n"), [], None
    for number, line in enumerate(lines):
        header = SECTION.match(line)
        if header or line.startswith("["):
            box = header.group(1) if header else None
            continue
        setting = X.match(line)
        if box and setting:
            moved = f'x = "({setting.group(1).strip(chr(34))}) + 1"'
            found.append((box, "\n".join(lines[:number] + [moved] + lines[number + 1:])))
    return found


def main(argv: list[str]) -> int:
    results = []
    with tempfile.TemporaryDirectory() as folder:
        templates = Path(folder) / "templates"
        shutil.copytree(templates_dir(), templates)
        for sample in read_index():
            path = templates / "cards" / sample.game / f"{sample.layout}.toml"
            if (argv and sample.game not in argv) or not path.exists():
                continue
            original = path.read_text(encoding="utf-8")
            with PILImage.open(FOLDER / sample.file) as stored:
                reference = stored.convert("RGB")
            for box, text in moves(original):
                path.write_text(text, encoding="utf-8")
                try:
                    game = load_game(card_data_dir() / sample.game, templates=templates)
                    results.append((difference(image(game, sample.layout), reference), sample.file, box))
                finally:
                    path.write_text(original, encoding="utf-8")
    visible = [result for result in results if result[0].mean > 0 or result[0].changed > 0]
    missed = sorted((r for r in visible if r[0].within_tolerance), key=lambda r: (r[0].changed, r[1], r[2]))
    for measured, file, box in missed:
        print(f"let through: {file} box {box!r}: {measured}")
    print(f"{len(results)} boxes moved 1 mm right; {len(results) - len(visible)} changed no pixel (not drawn on "
          f"the reference card, or hidden); of the {len(visible)} that did, {len(visible) - len(missed)} "
          f"are caught and {len(missed)} let through")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
