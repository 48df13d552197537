"""Whole builds as `make demo` runs them: `cardgen build --all --all-formats` cold, again with nothing
changed, and again after one CSV cell of one game changed; wall clock, CPU and peak memory of each.

cardgen, its bundled games and templates are copied to a temporary folder (so the edit touches no
checkout file) and run from there; every build is one fresh process, as `make demo` runs it. The games are
built side by side, one process per core (cardgen.build.games_at_once); --one-core adds, interleaved, a cold build
pinned to one core (built one game after another, as before), for the speed-up. Targets (issue #18): cold
<= 15 s, nothing changed <= 2 s, one cell changed <= 3 s.

    .venv/bin/python benchmarks/build_all.py [--repeat 3] [--one-core]
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cardgen.gamedata.bundle import data_root

PACKAGE = Path(__file__).resolve().parent.parent / "cardgen"


def run(root: Path, out: Path, cache: Path, one_core: bool = False) -> tuple[float, float, float]:
    """`cardgen build --all --all-formats` in the copy at `root`; wall s, CPU s, peak MB of its processes."""
    env = dict(os.environ, PNPKIT_CACHE=str(cache), PYTHONPATH=str(root))
    pin = (lambda: os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})) if one_core else None
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "cardgen", "build", "--all", "--all-formats", "--out", str(out)],
                               cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=pin)  # noqa: PLW1509 - the child is started before any thread; it only pins itself to one core
    errors = process.stderr.read().decode()
    _, status, usage = os.wait4(process.pid, 0)
    if status:
        raise SystemExit(f"cardgen build --all failed:\n{errors}")
    # wait4's figures are the build process's with its own worker processes (waited for) included
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def change_one_cell(folder: Path) -> None:
    """Appends a word to the name of the first card of the game's first CSV file (alternating, so each call
    changes the file again)."""
    path = sorted(folder.glob("*.csv"))[0]
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))
    column = rows[0].index("name") if "name" in rows[0] else 1
    name = rows[1][column]
    rows[1][column] = name[:-len(" again")] if name.endswith(" again") else name + " again"
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(rows)
    path.write_text(text.getvalue(), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--one-core", action="store_true", help="also time a cold build pinned to one core (Linux)")
    args = parser.parse_args()
    figures: dict[str, list[tuple[float, float, float]]] = {"cold": [], "nothing changed": [], "one cell changed": []}
    if args.one_core:
        figures["cold, one core"] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "copy"
        shutil.copytree(PACKAGE, root / "cardgen", ignore=shutil.ignore_patterns("__pycache__"))
        for name in ("card_data", "templates"):
            shutil.copytree(data_root() / name, root / name)
        first = sorted((root / "card_data").glob("*/game.toml"))[0].parent
        for attempt in range(args.repeat):
            out, cache = Path(tmp) / f"out{attempt}", Path(tmp) / f"cache{attempt}"
            figures["cold"].append(run(root, out, cache))
            figures["nothing changed"].append(run(root, out, cache))
            change_one_cell(first)
            figures["one cell changed"].append(run(root, out, cache))
            if args.one_core:
                figures["cold, one core"].append(run(root, Path(tmp) / f"single{attempt}", Path(tmp) / f"cold{attempt}",
                                                     one_core=True))
        games = len(list((root / "card_data").glob("*/game.toml")))
    print(f"cardgen build --all --all-formats of the {games} bundled games, median of {args.repeat}; "
          f"{os.cpu_count()} cores")
    for name, runs in figures.items():
        wall, cpu, peak = (statistics.median(run[i] for run in runs) for i in range(3))
        print(f"{name:17} {wall:6.2f} s  {cpu:6.2f} s CPU  peak {peak:5.0f} MB")
    print("targets: cold <= 15 s, nothing changed <= 2 s, one cell changed <= 3 s")


if __name__ == "__main__":
    main()
