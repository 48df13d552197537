"""`companion simulate`: reads the arguments, runs the lab, prints the report and writes the chart."""

from __future__ import annotations

import sys
from pathlib import Path

from cardgen.gamedata import GameDataError, bundled_slugs, card_data_dir, load_game
from companion.rules import RuleError
from companion.simulate import chart, lab
from companion.simulate.record import SimulationError
from companion.simulate.report import summarise, text


def levels_of(values: tuple[str, ...]) -> tuple[int, ...]:
    """`--bots 1 --bots 2`, `--bots 1,2` or `--bots "1 2"` as levels."""
    words = [w for value in values for w in value.replace(",", " ").split()]
    if not words or not all(w.isdigit() for w in words):
        raise SimulationError(f"--bots takes bot levels as whole numbers (such as --bots 1,2), not "
                              f"{' '.join(values) or 'nothing'}.")
    return tuple(int(w) for w in words)


def options_of(values: tuple[str, ...]) -> tuple[tuple[str, object], ...]:
    """`--option vp_to_win=12` as setup options (whole numbers stay numbers; a, b, c is a list)."""
    out = []
    for value in values:
        key, sep, raw = value.partition("=")
        if not sep or not key.strip():
            raise SimulationError(f"--option takes name=value (such as vp_to_win=12), not {value!r}.")
        raw = raw.strip()
        if "," in raw:  # a list: leave_out=lc-29,lc-37
            out.append((key.strip(), [word.strip() for word in raw.split(",") if word.strip()]))
        else:
            out.append((key.strip(), int(raw) if raw.lstrip("-").isdigit() else raw))
    return tuple(out)


def game_of(slug: str):
    if slug not in bundled_slugs():
        raise SimulationError(f"There is no game called {slug!r}; games: {', '.join(bundled_slugs())}.")
    return load_game(card_data_dir() / slug)


def progress(done: int, total: int) -> None:
    if total >= 20 and (done % max(1, total // 20) == 0 or done == total):
        print(f"\r  {done}/{total} games simulated", end="\n" if done == total else "", file=sys.stderr, flush=True)


def simulate(slug: str, games: int, players: int, bots: tuple[str, ...], seed: int, options: tuple[str, ...],
             out: Path, seconds_per_turn: float | None) -> tuple[str, Path]:
    """Runs the lab; returns the report's text and the chart's path. SimulationError says what is wrong."""
    try:
        game = game_of(slug)
        levels = levels_of(bots)
        results = lab.run(game, games, players, levels, seed, options_of(options), progress)
    except (RuleError, GameDataError) as error:
        raise SimulationError(str(error)) from None
    summary = summarise(game.title, results, players, levels, seed)
    chosen = options_of(options)
    named = "".join(f"-{key}-{'+'.join(map(str, value)) if isinstance(value, list) else value}" for key, value in chosen)
    name = f"simulation-{players}p-levels-{'-'.join(map(str, levels))}{named}-seed-{seed}.svg"
    path = chart.write(summary, out / slug, name)
    return text(summary, seconds_per_turn / 60 if seconds_per_turn else None), path
