"""PNG throughput: a synthetic 1,000-card deck exported by cardgen vs a naive single-process Pillow loop.

Both draw the same elements per card at 300 DPI with 1/8 in bleed (825 x 1125 px: frame, title,
three lines of body text that differ on every card, a cost badge, one of ten images) plus the
deck's back, and write one PNG per card; the loop uses Pillow's default PNG settings. Two art sets,
as benchmarks/pdf_throughput.py makes them: flat 320 x 240 images, and ten 4000 x 2667 photographs.
For each it prints cards per second of both, the bytes per card of both, and cardgen's PNG size against
the same pixels saved with Pillow's default settings (50 cards re-saved; cardgen picks PNG filters per
image; the target is no larger than Pillow's default on photographic cards). Then,
with flat art, the export runs again with one CSV cell changed, and with nothing changed.
Targets: export >= 5x faster than the loop on 2 cores; the one-card rebuild >= 20x faster than
the full export.

    .venv/bin/python benchmarks/png_throughput.py [--cards 1000] [--workers N] [--art flat|photo|both]
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pdf_throughput import cpu_seconds, make_game

from cardgen.export.pngs import PngOptions, export_pngs
from cardgen.export.pool import cores
from cardgen.gamedata import load_game
from cardgen.layout import fonts
from cardgen.build.staging import Staging

DPI, BLEED = 300, 3.175
PX = DPI / 25.4  # pixels per mm


def export(folder: Path, out: Path, workers: int | None):
    game = load_game(folder)
    with Staging(out / game.slug) as staging:
        report = export_pngs(game, PngOptions(dpi=DPI, bleed=BLEED, workers=workers), staging)
        staging.commit()
    return report


def naive_loop(out: Path, cards: int, art: Path) -> None:
    """The same elements drawn with ImageDraw, one card after another, saved with Pillow's defaults."""
    out.mkdir(parents=True, exist_ok=True)
    bold = ImageFont.truetype(str(fonts.FILES["bold"]), 11 * DPI / 72)
    regular = ImageFont.truetype(str(fonts.FILES["regular"]), 8.5 * DPI / 72)
    at = lambda x, y: ((x + BLEED) * PX, (y + BLEED) * PX)  # noqa: E731
    images = [Image.open(next(art.glob(f"art{i}.*"))).convert("RGB").resize((round(53.5 * PX), round(40.1 * PX)))
              for i in range(10)]
    lines = ["Gain 2 coins. Draw a card, then", "discard a card. If you have three", "heroes, score {n} points."]
    size = (round((63.5 + 2 * BLEED) * PX), round((88.9 + 2 * BLEED) * PX))
    for n in range(cards):
        card = Image.new("RGB", size, "white")
        draw = ImageDraw.Draw(card)
        draw.rounded_rectangle((*at(1, 1), *at(62.5, 87.9)), radius=2 * PX, outline="#333333", width=round(0.5 * PX))
        draw.text(at(14, 7.3), f"Card {n}", font=bold, fill="#1f1f1f", anchor="ls")
        draw.ellipse((*at(3, 3), *at(12, 12)), fill="#c9a227")
        draw.text(at(7.5, 8.5), str(n % 7), font=bold, fill="#1f1f1f", anchor="ms")
        picture = images[n % 10].crop((0, round(1.06 * PX), images[0].width, round(39.06 * PX)))
        card.paste(picture, tuple(round(v) for v in at(5, 14)))
        for k, line in enumerate(lines):
            draw.text(at(5, 57.6 + 3.6 * k), line.format(n=n), font=regular, fill="#1f1f1f", anchor="ls")
        card.save(out / f"c{n}.png", dpi=(DPI, DPI))
    back = Image.new("RGB", size, "#35577d")
    ImageDraw.Draw(back).text((size[0] / 2, size[1] / 2), "Bench", font=bold, fill="white", anchor="ms")
    back.save(out / "back.png", dpi=(DPI, DPI))


def timed(function) -> tuple[float, float, object]:
    wall, cpu = time.perf_counter(), cpu_seconds()
    result = function()
    return time.perf_counter() - wall, cpu_seconds() - cpu, result


def card_bytes(folder: Path) -> float:
    """Mean size of the card PNGs under `folder` (the backs left out), in bytes."""
    sizes = [path.stat().st_size for path in folder.rglob("*.png") if "back" not in path.name]
    return sum(sizes) / len(sizes)


def pillow_ratio(folder: Path, sample: int = 50) -> float:
    """cardgen's bytes / Pillow's default PNG bytes for the same pixels, over `sample` card PNGs spread across the deck."""
    paths = sorted(path for path in folder.rglob("*.png") if "back" not in path.name)
    paths = paths[::max(1, len(paths) // sample)][:sample]
    ours = theirs = 0
    for path in paths:
        with Image.open(path) as image:
            stream = io.BytesIO()
            image.convert("RGB").save(stream, "PNG", dpi=(DPI, DPI))
        ours, theirs = ours + path.stat().st_size, theirs + len(stream.getvalue())
    return ours / theirs


def one_art(root: Path, art: str, cards: int, workers: int | None) -> dict:
    """The full export and the loop with one art set; times, sizes, and the folders for later runs."""
    folder = make_game(root / f"bench-{art}", cards, art)
    out = root / f"out-{art}"
    full = timed(lambda: export(folder, out, workers))
    loop = timed(lambda: naive_loop(root / f"loop-{art}", cards, folder / "art"))
    return {"folder": folder, "out": out, "full": full, "loop": loop,
            "bytes": card_bytes(out), "loop_bytes": card_bytes(root / f"loop-{art}"), "same_pixels": pillow_ratio(out)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=None, help="processes for cardgen (default: every core)")
    parser.add_argument("--art", choices=("flat", "photo", "both"), default="both")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        arts = ("flat", "photo") if args.art == "both" else (args.art,)
        runs = {art: one_art(root, art, args.cards, args.workers) for art in arts}
        print(f"cards: {args.cards} + 1 back at {DPI} DPI with {BLEED} mm bleed; {args.workers or cores()} worker "
              f"process(es) on {cores()} core(s); wall clock, CPU of all processes")
        for art, run in runs.items():
            full, loop = run["full"], run["loop"]
            print(f"{art} art:")
            print(f"  naive Pillow loop (1 process, default PNG settings): {loop[0]:6.2f} s, {loop[1]:6.2f} s CPU, "
                  f"{args.cards / loop[0]:6.1f} cards/s, {run['loop_bytes'] / 1024:6.0f} KiB a card")
            print(f"  cardgen export, full:                                {full[0]:6.2f} s, {full[1]:6.2f} s CPU, "
                  f"{args.cards / full[0]:6.1f} cards/s, {run['bytes'] / 1024:6.0f} KiB a card "
                  f"(drawn {full[2].drawn}, reused {full[2].reused})")
            print(f"  speed-up over the loop: {loop[0] / full[0]:.1f}x wall clock (target >= 5 on 2 cores), "
                  f"{loop[1] / full[1]:.1f}x in CPU; cardgen's PNGs are {run['bytes'] / run['loop_bytes']:.2f}x "
                  f"the loop's (its art resampled differently), {run['same_pixels']:.2f}x Pillow's default PNG of the "
                  f"same pixels" + (" (target <= 1.00)" if art == "photo" else ""))
        if "flat" in runs:
            folder, out = runs["flat"]["folder"], runs["flat"]["out"]
            csv = folder / "bench.csv"
            middle = args.cards // 2
            csv.write_text(csv.read_text().replace(f"c{middle},Card {middle},", f"c{middle},Card {middle} changed,"))
            one = timed(lambda: export(folder, out, args.workers))
            none = timed(lambda: export(folder, out, args.workers))
            print(f"flat art, cardgen export, one CSV cell changed:  {one[0]:6.2f} s, {one[1]:6.2f} s CPU, "
                  f"drawn {one[2].drawn}, reused {one[2].reused}")
            print(f"flat art, cardgen export, nothing changed:       {none[0]:6.2f} s, {none[1]:6.2f} s CPU, "
                  f"drawn {none[2].drawn}, reused {none[2].reused}")
            print(f"one-card rebuild vs full export: {runs['flat']['full'][0] / one[0]:.0f}x faster (target >= 20)")


if __name__ == "__main__":
    main()
