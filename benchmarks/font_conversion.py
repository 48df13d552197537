"""What a game's .otf font costs: its CFF outlines converted to TrueType, DejaVu Sans's glyphs merged in for the
characters it lacks (glyph fallback), each the first time (an empty cache) and from the cache; then a whole
`cardgen build` of a small game set in the font, in a fresh process, with an empty cache and with a warm one.

The fonts are made with fontTools' FontBuilder (tests/fixtures/fonts/cff_font.py) at the sizes of real ones (a
Latin font's ~250 glyphs, a Latin-Greek-Cyrillic font's ~900); `--font PATH` adds a real .otf of the machine
(e.g. /usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf). Every figure is the median of --repeat runs.

    .venv/bin/python benchmarks/font_conversion.py [--repeat 5] [--font PATH]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardgen.layout.cff_fonts import truetype  # noqa: E402 - after the path to the checkout
from cardgen.layout.font_fallback import merged  # noqa: E402
from cardgen.layout.fonts import FILES  # noqa: E402
from tests.cardgen.layout.test_font_cff import TOML  # noqa: E402
from tests.fixtures.fonts.cff_font import cff_font  # noqa: E402

GAME = TOML.replace("fonts/Testa.otf", "fonts/Display.otf")  # the .otf test game, its font renamed
FACE = """\
font = "display"

[boxes.line]
kind = "text"
x = 5
y = 20
w = "W - 10"
h = 40
text = "{{ card.text }}"
size = 12
"""


def timed(action, repeat: int, fresh) -> float:
    """The median seconds of `action()` over `repeat` runs, `fresh()` called before each (outside the timing)."""
    times = []
    for _ in range(repeat):
        fresh()
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def font_costs(name: str, source: Path, repeat: int, work: Path) -> None:
    cache = work / "cache"

    def empty() -> None:
        shutil.rmtree(cache, ignore_errors=True)

    os.environ["PNPKIT_CACHE"] = str(cache)
    first = timed(lambda: truetype(source), repeat, empty)
    cached = timed(lambda: truetype(source), repeat, lambda: None)
    converted = truetype(source)
    merge_first = timed(lambda: merged(converted, [FILES["regular"]]), repeat,
                        lambda: [p.unlink() for p in cache.glob("fonts/*.ttf") if p != converted])
    merge_cached = timed(lambda: merged(converted, [FILES["regular"]]), repeat, lambda: None)
    print(f"{name:<34} {source.stat().st_size / 1024:7.0f} KB  convert {first * 1000:7.1f} ms, cached "
          f"{cached * 1000:5.2f} ms  |  + DejaVu glyphs {merge_first * 1000:7.1f} ms, cached {merge_cached * 1000:5.2f} ms"
          f"  ({merged(converted, [FILES['regular']]).stat().st_size / 1024:.0f} KB)")


def build_costs(source: Path, repeat: int, work: Path) -> None:
    game = work / "game"
    (game / "layouts").mkdir(parents=True, exist_ok=True)
    (game / "fonts").mkdir(exist_ok=True)
    (game / "game.toml").write_text(GAME, encoding="utf-8")
    (game / "layouts" / "face.toml").write_text(FACE, encoding="utf-8")
    (game / "words.csv").write_text("id,name,text\n" + "".join(f"w-{n},Word {n},ABBA OW {n}\n" for n in range(18)),
                                    encoding="utf-8")
    shutil.copy(source, game / "fonts" / "Display.otf")
    cache = work / "build-cache"

    def run() -> None:
        env = dict(os.environ, PNPKIT_CACHE=str(cache), PYTHONPATH=str(ROOT))
        subprocess.run([sys.executable, "-m", "cardgen", "build", str(game), "--out", str(work / "out"),
                        "--no-rulebook"], env=env, check=True, capture_output=True)

    def cold() -> None:
        shutil.rmtree(cache, ignore_errors=True)
        shutil.rmtree(work / "out", ignore_errors=True)

    cold_build = timed(run, repeat, cold)
    warm_build = timed(run, repeat, lambda: shutil.rmtree(work / "out", ignore_errors=True))
    print(f"cardgen build, 18 cards in the .otf: empty cache {cold_build:.2f} s, warm cache {warm_build:.2f} s "
          f"(the font's share of the first build: {cold_build - warm_build:.2f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--font", type=Path, action="append", default=[], help="a real .otf file to measure too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pnpkit-fonts-") as folder:
        work = Path(folder)
        made = {"made, 250 glyphs (a Latin font)": cff_font(work / "Latin.otf", glyph_count=250, curves=3),
                "made, 900 glyphs (Latin-Greek-Cyrillic)": cff_font(work / "Wide.otf", glyph_count=900, curves=3)}
        made.update({path.name: path for path in args.font})
        for name, path in made.items():
            font_costs(name, path, args.repeat, work / name.replace(" ", "-").replace("/", "-"))
        build_costs(made["made, 250 glyphs (a Latin font)"], max(1, args.repeat // 2), work / "build")


if __name__ == "__main__":
    main()
