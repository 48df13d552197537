"""PDF throughput: a synthetic 1,000-card deck through cardgen vs a minimal reportlab loop.

Both draw the same elements per card (frame, title, three lines of body text that differ on every
card, a cost badge, one of ten images) and a back per card, nine up on A4, with the same reportlab settings (ASCII85 off,
invariant output). Prints both times, their ratio, and the file sizes. Target: ratio <= 1.5.

    .venv/bin/python benchmarks/pdf_throughput.py [--cards 1000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from PIL import Image
from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.build import BuildOptions, build
from cardgen.gamedata import load_game
from cardgen.layout import fonts

BODY = "Gain 2 coins. Draw a card, then discard a card. If you have three heroes, score {n} points."

LAYOUT = """
[boxes.frame]
kind = "rect"
x = 1
y = 1
w = "W - 2"
h = "H - 2"
stroke = "#333333"
stroke_width = 0.5
radius = 2
[boxes.title]
x = 14
y = 4
w = "W - 18"
h = 7
text = "{{ card.name }}"
size = 11
bold = true
[boxes.badge]
kind = "ellipse"
x = 3
y = 3
w = 9
h = 9
fill = "#c9a227"
[boxes.cost]
x = 3
y = 3
w = 9
h = 9
text = "{{ card.cost }}"
size = 11
bold = true
align = "center"
valign = "middle"
[boxes.art]
kind = "art"
column = "{{ card.art }}"
x = 5
y = 14
w = "W - 10"
h = 38
[boxes.body]
x = 5
y = 55
w = "W - 10"
h = 22
text = "{{ card.text }}"
size = 8.5
min_size = 6
"""


def make_game(folder: Path, cards: int) -> Path:
    (folder / "art").mkdir(parents=True)
    (folder / "layouts").mkdir()
    for i in range(10):
        Image.new("RGB", (320, 240), (20 * i, 120, 200 - 15 * i)).save(folder / "art" / f"art{i}.png")
    (folder / "layouts" / "bench.toml").write_text(LAYOUT)
    (folder / "game.toml").write_text(
        '[game]\ntitle = "Bench"\nplayers = [2, 4]\n[decks.bench]\ntitle = "Bench"\nlayout = "bench"\n'
        '[decks.bench.columns.cost]\ntype = "int"\n[decks.bench.columns.art]\ntype = "art"\n'
        '[decks.bench.columns.text]\ntype = "text"\n')
    rows = [f'c{i},Card {i},{i % 7},art{i % 10}.png,"{BODY.format(n=i)}"' for i in range(cards)]
    (folder / "bench.csv").write_text("id,name,cost,art,text\n" + "\n".join(rows) + "\n")
    return folder


def minimal_loop(path: Path, cards: int, art: Path) -> None:
    """The same elements drawn directly with reportlab, nine up on A4, a back page per front page."""
    fonts.register()
    canvas = Canvas(str(path), pagesize=(210 * mm, 297 * mm), invariant=1, pageCompression=1)
    regular, bold = fonts.PDF_NAMES["regular"], fonts.PDF_NAMES["bold"]
    w, h = 63.5 * mm, 88.9 * mm
    x0, y0 = 9.75 * mm, 15.15 * mm
    images = [str((art / f"art{i}.png").resolve()) for i in range(10)]
    lines = ["Gain 2 coins. Draw a card, then discard a", "card. If you have three heroes, score {n}",
             "points."]
    for start in range(0, cards, 9):
        batch = range(start, min(start + 9, cards))
        for i, n in enumerate(batch):
            x, y = x0 + (i % 3) * w, 297 * mm - y0 - (i // 3 + 1) * h
            canvas.roundRect(x + mm, y + mm, w - 2 * mm, h - 2 * mm, 2 * mm)
            canvas.setFont(bold, 11)
            canvas.drawString(x + 14 * mm, y + h - 9 * mm, f"Card {n}")
            canvas.setFillColorRGB(0.79, 0.64, 0.15)
            canvas.circle(x + 7.5 * mm, y + h - 7.5 * mm, 4.5 * mm, fill=1, stroke=0)
            canvas.setFillColorRGB(0, 0, 0)
            canvas.drawCentredString(x + 7.5 * mm, y + h - 9 * mm, str(n % 7))
            canvas.drawImage(images[n % 10], x + 5 * mm, y + h - 52 * mm, w - 10 * mm, 38 * mm)
            canvas.setFont(regular, 8.5)
            for k, line in enumerate(lines):
                canvas.drawString(x + 5 * mm, y + h - (58 + 4 * k) * mm, line.format(n=n))
        canvas.showPage()
        for i, _ in enumerate(batch):
            x, y = x0 + (2 - i % 3) * w, 297 * mm - y0 - (i // 3 + 1) * h
            canvas.setFillColorRGB(0.2, 0.34, 0.49)
            canvas.rect(x, y, w, h, fill=1, stroke=0)
            canvas.setFillColorRGB(1, 1, 1)
            canvas.setFont(bold, 14)
            canvas.drawCentredString(x + w / 2, y + h / 2, "Bench")
        canvas.showPage()
    canvas.save()


def timed(function, repeat: int) -> tuple[float, float]:
    """Median wall-clock and CPU seconds of `repeat` runs (CPU time is steadier on a busy machine)."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), cpu_seconds()
        function()
        walls.append(time.perf_counter() - wall)
        cpus.append(cpu_seconds() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def cpu_seconds() -> float:
    """CPU seconds of this process and of its finished children (worker processes included)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        folder = make_game(root / "bench", args.cards)
        out = root / "out"
        cardgen_time = timed(lambda: build(load_game(folder), BuildOptions(out=out, duplex="long")), args.repeat)
        rl_config.useA85 = 0  # cardgen's setting, applied to the minimal loop as well
        loop_pdf = root / "loop.pdf"
        loop_time = timed(lambda: minimal_loop(loop_pdf, args.cards, folder / "art"), args.repeat)
        cardgen_pdf = out / "bench" / "bench-bench-a4.pdf"
        print(f"cards: {args.cards} (median of {args.repeat} runs; wall clock, CPU)")
        print(f"cardgen build (load, lay out, impose, render, write): {cardgen_time[0]:.2f} s, "
              f"{cardgen_time[1]:.2f} s CPU, {cardgen_pdf.stat().st_size / 1e6:.2f} MB")
        print(f"minimal reportlab loop:                             {loop_time[0]:.2f} s, "
              f"{loop_time[1]:.2f} s CPU, {loop_pdf.stat().st_size / 1e6:.2f} MB")
        print(f"ratio cardgen / minimal: {cardgen_time[0] / loop_time[0]:.2f} wall clock (target <= 1.5); "
              f"{cardgen_time[1] / loop_time[1]:.2f} in CPU (all processes)")


if __name__ == "__main__":
    main()
