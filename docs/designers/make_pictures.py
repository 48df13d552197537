"""Builds the pictures of docs/designers/images/ from the example games in docs/designers/examples/.

Each example is a small game folder. It is built with cardgen's own command, run inside the folder
as `cardgen build . --png --dpi 100 --bleed 0` (in this process, which saves starting Python for
every example), so the pictures show what a designer gets; the card images a picture shows are then
set side by side on a grey ground with Pillow. The same examples
and the same cardgen give byte-identical pictures; tests/packaging/test_docs_pictures.py checks that
the committed pictures are what this script makes today.

    python docs/designers/make_pictures.py            # rewrite every picture (make pictures)
    python docs/designers/make_pictures.py --check    # only say which pictures differ (exit 1)
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import sys
import tempfile
import traceback
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE / "examples"
IMAGES = HERE / "images"
DPI = 100            # modest: a poker card is 250 x 350 px, readable at the size the docs show
GAP = 12             # px between cards and around them
GROUND = (208, 208, 208)


@dataclass(frozen=True)
class Picture:
    """One picture: the example folder it is built from and the card images it shows, left to right.

    `cards` are paths under the build's png/ folder (`deck/id.png`, `deck-backs/id.png`); with
    `copies`, every front the order sheet (png/order.csv) lists is shown as many times as it prints.
    """

    name: str
    example: str
    cards: tuple[str, ...] = ()
    copies: bool = False
    boards: tuple[str, ...] = ()  # board ids: each drawn whole, as the build lays it out, at BOARD_DPI


PICTURES = (
    Picture("transparent-art", "transparent-art", ("heroes/h-1.png", "heroes/h-2.png", "heroes/h-3.png")),
    Picture("svg-art", "svg-art", ("seasons/d-1.png", "seasons/d-2.png", "seasons/d-3.png")),
    Picture("per-card-backs", "per-card-backs",
            ("spells/s-1.png", "spells-backs/s-1.png", "spells-backs/s-2.png", "spells-backs/s-3.png")),
    Picture("shared-columns", "shared-columns", ("spells/s-1.png", "spells/s-2.png", "relics/r-1.png")),
    Picture("own-icons", "own-icons", ("actions/a-1.png", "actions/a-2.png", "actions/a-3.png")),
    Picture("colour-spans", "colour-spans", ("spells/s-1.png", "spells/s-2.png", "spells/s-3.png")),
    Picture("alpha-colours", "alpha-colours", ("places/p-1.png", "places/p-2.png", "places/p-3.png")),
    Picture("per-card-geometry", "per-card-geometry", ("spells/s-1.png", "spells/s-2.png", "spells/s-3.png")),
    Picture("row-filter", "row-filter", ("spells/c-1.png", "spells/c-3.png", "bosses/c-2.png")),
    Picture("copies", "copies", copies=True),
    Picture("rows-as-copies", "rows-as-copies",
            ("boss/boss-goblin-1.png", "boss/boss-goblin-2.png", "boss/boss-ogre-king-1.png")),
    Picture("escapes", "escapes", ("cards/c-1.png", "cards/c-2.png", "cards/c-3.png")),
    Picture("line-ink", "line-ink", ("notes/n-1.png", "notes/n-2.png")),
    Picture("boards-score", "boards", boards=("score",)),
    Picture("boards-map-aid", "boards", boards=("map", "aid")),
)
BOARD_DPI = 40       # a 420 mm board is 661 px wide: the whole board at a glance


def cardgen(args: list[str], cwd: Path) -> tuple[int, str]:
    """Runs cardgen's command line in this process, inside `cwd`; returns its exit status and output."""
    from click.testing import CliRunner

    from cardgen.cli import main as cardgen_main

    previous = Path.cwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(cardgen_main, args)
    finally:
        os.chdir(previous)
    output = result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        output += "".join(traceback.format_exception(result.exception))
    return result.exit_code, output


def build(example: Path, out: Path) -> Path:
    """Builds `example` into `out` with cardgen's command; returns the build's png/ folder."""
    status, output = cardgen(["build", ".", "--png", "--dpi", str(DPI), "--bleed", "0", "--no-rulebook",
                              "--out", str(out)], example)
    if status != 0:
        raise SystemExit(f"error: building {example} failed (exit {status}):\n{output}")
    folders = [folder for folder in out.iterdir() if (folder / "png").is_dir()]
    if len(folders) != 1:
        raise SystemExit(f"error: building {example} gave {len(folders)} game folders in {out}, expected 1")
    return folders[0] / "png"


def shown(picture: Picture, png: Path) -> list[Path]:
    """The card images `picture` shows, in order."""
    if picture.copies:
        with open(png / "order.csv", newline="", encoding="utf-8") as sheet:
            rows = [row for row in csv.DictReader(sheet) if row["side"] == "front"]
        return [png / row["file"] for row in rows for _ in range(int(row["quantity"]))]
    missing = [name for name in picture.cards if not (png / name).is_file()]
    if missing:
        raise SystemExit(f"error: picture {picture.name!r}: the build of examples/{picture.example} has no "
                         f"{', '.join(missing)} (it has {', '.join(sorted(_listing(png)))})")
    return [png / name for name in picture.cards]


def _listing(png: Path) -> list[str]:
    return [str(path.relative_to(png)) for path in png.rglob("*.png")]


def compose(files: list[Path] | list[Image.Image], dpi: int = DPI) -> bytes:
    """The card (or board) images side by side on a grey ground, as PNG bytes (no timestamp: same input, same
    bytes)."""
    cards = [(Image.open(item) if isinstance(item, Path) else item).convert("RGB") for item in files]
    width = GAP + sum(card.width + GAP for card in cards)
    height = GAP * 2 + max(card.height for card in cards)
    sheet = Image.new("RGB", (width, height), GROUND)
    x = GAP
    for card in cards:
        sheet.paste(card, (x, GAP))
        x += card.width + GAP
    data = io.BytesIO()
    sheet.save(data, format="PNG", optimize=True, dpi=(dpi, dpi))
    return data.getvalue()


def board_images(picture: Picture) -> list[Image.Image]:
    """The example's boards, each laid out as `cardgen build` lays it out and drawn by its PNG renderer."""
    from cardgen.gamedata import load_game
    from cardgen.layout.compose import Composer
    from cardgen.render.png_draw import render

    game = load_game(EXAMPLES / picture.example)
    composer = Composer(game, 0.0)
    boards = {board.id: board for board in game.boards}
    return [render(composer.board(boards[board_id]), BOARD_DPI, bleed=0) for board_id in picture.boards]


def make(picture: Picture) -> bytes:
    """The picture's PNG bytes, built from its example in a temporary folder."""
    if picture.boards:
        return compose(board_images(picture), BOARD_DPI)
    with tempfile.TemporaryDirectory(prefix="pnpkit-pictures-") as out:
        png = build(EXAMPLES / picture.example, Path(out))
        return compose(shown(picture, png))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; list the pictures that differ")
    parser.add_argument("names", nargs="*", help="only these pictures (default: all)")
    args = parser.parse_args(argv)
    known = {picture.name for picture in PICTURES}
    unknown = [name for name in args.names if name not in known]
    if unknown:
        parser.error(f"no picture named {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    differ = []
    for picture in PICTURES:
        if args.names and picture.name not in args.names:
            continue
        target = IMAGES / f"{picture.name}.png"
        data = make(picture)
        if target.is_file() and target.read_bytes() == data:
            print(f"{target.relative_to(HERE)}: unchanged")
            continue
        differ.append(picture.name)
        if args.check:
            print(f"{target.relative_to(HERE)}: differs from what the example builds")
        else:
            IMAGES.mkdir(exist_ok=True)
            target.write_bytes(data)
            print(f"{target.relative_to(HERE)}: written")
    if args.check and differ:
        print("run `make pictures` to rebuild them", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
