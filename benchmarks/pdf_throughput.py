"""PDF throughput: a 1,000-card deck through cardgen vs a minimal reportlab loop, flat and photographic art.

Both draw the same elements per card (frame, title, three lines of body text that differ on every
card, a cost badge, one of ten images) and a back per card, nine up on A4, with the same reportlab
settings (ASCII85 off, invariant output) and the same art handling: art larger than 300 dpi at its
printed size is scaled down once (Lanczos) and photographs stored as JPEG. Two art sets: flat 600 x 400
images, and ten 4000 x 2667 photographs (made by this script: smooth gradients with grain, saved as
camera JPEGs). Each is measured as a whole process, start-up included, as a person runs it: cardgen as
`python -m cardgen build GAME --no-rulebook`, the loop as this script importing only reportlab and Pillow;
the two interleaved, every art cache cold, Python's compiled modules kept (as after `pip install`, see
`measured`); medians are printed with each process's CPU time, peak memory and the PDF sizes.

Targets (issues #18, #29): cardgen / loop <= 1.15 with flat art, start-up included; with photographic art
cardgen takes <= 2x its flat-art time and writes a PDF under 25 MB.

What the loop leaves out that a cardgen build must do (so the flat-art ratio is not all overhead):
importing the command line, the data loader, the layout engine and Jinja2 (about 90 ms more than the loop's
reportlab and Pillow); reading and checking game.toml, the CSV and the layout; laying out each card
(templates, text wrapped and shrunk to fit, where the loop draws three lines it was given); registering
the four faces of DejaVu Sans (the loop two); clipping each card to its bleed and its art to its box; crop
marks and a footer on every page; the duplex test page; and manifest.json with a fingerprint of every
card's faces (for --changed-since). The loop does more in one place: it draws all nine backs of a page in
full, where cardgen writes the back once and places it.

    .venv/bin/python benchmarks/pdf_throughput.py [--cards 1000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image, ImageFilter
from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONTS = Path(__file__).resolve().parent.parent / "cardgen" / "fonts"  # the DejaVu fonts cardgen draws with
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


def make_game(folder: Path, cards: int, art: str = "flat") -> Path:
    """A one-deck game of `cards` cards using ten images: "flat" (600 x 400 plain colours) or "photo"."""
    (folder / "art").mkdir(parents=True)
    (folder / "layouts").mkdir()
    for i in range(10):
        if art == "photo":
            photograph(i).save(folder / "art" / f"art{i}.jpg", quality=90)
        else:
            Image.new("RGB", (600, 400), (20 * i, 120, 200 - 15 * i)).save(folder / "art" / f"art{i}.png")
    suffix = "jpg" if art == "photo" else "png"
    (folder / "layouts" / "bench.toml").write_text(LAYOUT)
    (folder / "game.toml").write_text(
        '[game]\ntitle = "Bench"\nplayers = [2, 4]\n[decks.bench]\ntitle = "Bench"\nlayout = "bench"\n'
        '[decks.bench.columns.cost]\ntype = "int"\n[decks.bench.columns.art]\ntype = "art"\n'
        '[decks.bench.columns.text]\ntype = "text"\n')
    rows = [f'c{i},Card {i},{i % 7},art{i % 10}.{suffix},"{BODY.format(n=i)}"' for i in range(cards)]
    (folder / "bench.csv").write_text("id,name,cost,art,text\n" + "\n".join(rows) + "\n")
    return folder


def photograph(seed: int) -> Image.Image:
    """A 4000 x 2667 picture with a photograph's statistics: smooth light over the frame, edges, and grain."""
    small = Image.effect_mandelbrot((400, 267), (-2.2 + seed * 0.05, -1.2, 1.0, 1.2), 60 + seed * 7).convert("RGB")
    base = small.resize((4000, 2667), Image.Resampling.BICUBIC).filter(ImageFilter.GaussianBlur(6))
    tint = Image.linear_gradient("L").resize((4000, 2667)).convert("RGB")
    grain = Image.effect_noise((4000, 2667), 18 + seed).convert("RGB")
    return Image.blend(Image.blend(base, tint, 0.3), grain, 0.12)


def scaled_art(folder: Path, width_mm: float, height_mm: float) -> list[str]:
    """The loop's art handling: each image scaled once to 300 dpi at its printed size, photographs as JPEG."""
    across, down = round(width_mm / 25.4 * 300), round(height_mm / 25.4 * 300)
    paths = []
    for i in range(10):
        source = next(folder.glob(f"art{i}.*"))
        with Image.open(source) as image:
            if image.width <= across or image.height <= down:
                paths.append(str(source.resolve()))
                continue
            small = image.convert("RGB").resize((across, down), Image.Resampling.LANCZOS)
        target = folder / f"loop-{i}.jpg"
        small.save(target, quality=92, subsampling=0)  # as cardgen stores photographs
        paths.append(str(target.resolve()))
    return paths


def minimal_loop(path: Path, cards: int, art: Path) -> None:
    """The same elements drawn directly with reportlab, nine up on A4, a back page per front page."""
    regular, bold = "DejaVuSans", "DejaVuSans-Bold"
    for name in (regular, bold):
        pdfmetrics.registerFont(TTFont(name, str(FONTS / f"{name}.ttf")))
    canvas = Canvas(str(path), pagesize=(210 * mm, 297 * mm), invariant=1, pageCompression=1)
    w, h = 63.5 * mm, 88.9 * mm
    x0, y0 = 9.75 * mm, 15.15 * mm
    images = scaled_art(art, 63.5 - 10, 38)
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


def loop_run(folder: Path, out: Path) -> None:
    """The loop's measured process: the minimal loop draws the game folder's cards (this script imports no cardgen)."""
    rl_config.useA85 = 0  # cardgen's setting, applied to the minimal loop as well
    cards = sum(1 for _ in (folder / "bench.csv").open()) - 1
    minimal_loop(out / "loop.pdf", cards, folder / "art")


def command(kind: str, folder: Path, out: Path) -> list[str]:
    """The whole process measured, start-up included: `cardgen build` as a designer runs it, or the loop."""
    if kind == "cardgen":
        return [sys.executable, "-m", "cardgen", "build", str(folder), "--out", str(out), "--duplex", "long",
                "--no-rulebook"]
    return [sys.executable, __file__, "--loop", str(folder), str(out)]


def measured(kind: str, folder: Path, out: Path, cache: Path) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak memory (MB) of one run in a fresh process with a cold art cache.

    Python's compiled modules are kept (in PYTHONPYCACHEPREFIX, beside the cache: the checkout is not written),
    as they are for anyone who installed pnpkit with pip or ran cardgen once: without them every process
    compiles cardgen's modules from source, which costs more than the imports themselves.
    """
    for stale in list(folder.glob("art/loop-*")) + list((cache / "pnpkit").glob("**/*.*")):
        stale.unlink()
    env = dict(os.environ, PNPKIT_CACHE=str(cache / "pnpkit"), PYTHONPYCACHEPREFIX=str(cache / "python"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    process = subprocess.Popen(command(kind, folder, out), env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status:
        raise SystemExit(f"{kind} run failed with status {status}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def cpu_seconds() -> float:
    """CPU seconds of this process and of its finished children (worker processes included)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--loop":
        loop_run(Path(sys.argv[2]), Path(sys.argv[3]))
        return
    if len(sys.argv) == 5 and sys.argv[1] == "--make":  # in its own process, so the runs' peak memory is theirs
        make_game(Path(sys.argv[3]), int(sys.argv[4]), sys.argv[2])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--art", choices=("flat", "photo", "both"), default="both", help="the art sets to measure")
    args = parser.parse_args()
    arts = ("flat", "photo") if args.art == "both" else (args.art,)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        runs: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
        for art in arts:
            folder = root / f"bench-{art}" / "bench"
            subprocess.run([sys.executable, __file__, "--make", art, str(folder), str(args.cards)], check=True)
            out, cache = root / f"out-{art}", root / f"cache-{art}"
            out.mkdir()
            cache.mkdir()
            for kind in ("cardgen", "loop"):  # not counted: compiles both programs' modules once
                measured(kind, folder, out, cache)
            for _ in range(args.repeat):  # interleaved: a slow minute of the machine hits both alike
                for kind in ("cardgen", "loop"):
                    runs.setdefault((art, kind), []).append(measured(kind, folder, out, cache))
            sizes = {"cardgen": (out / "bench" / "bench-bench-a4.pdf").stat().st_size / 1e6,
                     "loop": (out / "loop.pdf").stat().st_size / 1e6}
            runs[(art, "size")] = [(sizes["cardgen"], sizes["loop"], 0.0)]
        print(f"cards: {args.cards}, median of {args.repeat} interleaved runs, each a fresh process with a cold art cache")
        median = {key: tuple(statistics.median(run[i] for run in value) for i in range(3))
                  for key, value in runs.items()}
        for art in arts:
            sizes = median[(art, "size")]
            for kind, size in (("cardgen", sizes[0]), ("loop", sizes[1])):
                wall, cpu, peak = median[(art, kind)]
                print(f"{art:5} art  {kind:8} {wall:6.2f} s  {cpu:6.2f} s CPU  peak {peak:5.0f} MB  PDF {size:6.2f} MB")
        for art in arts:
            wall = median[(art, "cardgen")][0] / median[(art, "loop")][0]
            cpu = median[(art, "cardgen")][1] / median[(art, "loop")][1]
            print(f"cardgen / loop with {art} art: {wall:.2f} wall, {cpu:.2f} CPU"
                  + (" (target <= 1.15, start-up included)" if art == "flat" else ""))
        if len(arts) == 2:
            photo = median[("photo", "cardgen")][0] / median[("flat", "cardgen")][0]
            print(f"cardgen with photographs / with flat art: {photo:.2f} (target <= 2); "
                  f"photo PDF {median[('photo', 'size')][0]:.1f} MB (target < 25 MB)")


if __name__ == "__main__":
    main()
