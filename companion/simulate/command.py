"""`companion simulate`: reads the arguments, runs the lab, prints the report and writes the chart."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from cardgen.gamedata import GameDataError, bundled_slugs, game_folder, load_game, thaw
from cardgen.gamedata.manifest.values import SLUG
from companion.rules import RuleError
from companion.simulate import chart, figures, lab
from companion.simulate.options import parse
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
    out: list[tuple[str, object]] = []
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
    return load_game(game_folder(slug))


def progress(done: int, total: int) -> None:
    if total >= 20 and (done % max(1, total // 20) == 0 or done == total):
        print(f"\r  {done}/{total} games simulated", end="\n" if done == total else "", file=sys.stderr, flush=True)


def simulate(slug: str, games: int, players: int, bots: tuple[str, ...], seed: int, options: tuple[str, ...],
             out: Path, seconds_per_turn: float | None, record_as: str | None = None) -> tuple[str, Path]:
    """Runs the lab; returns the report's text and the chart's path (and, with `record_as`, writes the figures to
    the game's lab/ folder for its rulebook). SimulationError says what is wrong."""
    game, levels, chosen, summary = _run(slug, games, players, bots, seed, options)
    named = "".join(f"-{key}-{'+'.join(map(str, value)) if isinstance(value, list) else value}" for key, value in chosen)
    name = f"simulation-{players}p-levels-{'-'.join(map(str, levels))}{named}-seed-{seed}.svg"
    path = chart.write(summary, out / slug, name)
    report = text(summary, seconds_per_turn / 60 if seconds_per_turn else None)
    if record_as is not None:
        if not SLUG.fullmatch(record_as):
            raise SimulationError(f"--record takes a name of lower-case letters, digits and _ (the rulebook reads it "
                                  f"as lab.{record_as}), not {record_as!r}.")
        written = figures.record(game.root, record_as, figures.command_line(slug, games, players, levels, seed, chosen),
                                 figures.figures(summary, dict(chosen)))
        report += f"\nRecorded for the rulebook: {written}\n"
    return report, path


def verify(slug: str) -> list[str]:
    """Plays every recorded command of the game again; each figure that drifted, as "name: figure: was -> now"."""
    game = game_of(slug)
    if not game.lab:
        raise SimulationError(f"{game.title} has no recorded figures (lab/*.json): record some with "
                              f"`companion simulate {slug} ... --record NAME`.")
    drifted = []
    for name, entry in sorted(game.lab.items()):
        if thaw(entry["figures"]).get("source") == "plays":
            continue  # recorded from real plays by `companion playtests --record`: nothing to play again
        words = shlex.split(entry["command"])
        if words[:2] != ["companion", "simulate"]:
            raise SimulationError(f"lab/{name}.json: the command must start with 'companion simulate'.")
        params = parse(words[2:])  # the same parser as the command line
        *_, summary = _run(params["game"], params["games"], params["players"], params["bots"], params["seed"],
                           params["options"])
        now = figures.figures(summary, dict(options_of(params["options"])))
        drifted += [f"{name}: {line}" for line in figures.drift(thaw(entry["figures"]), now)]
    return drifted


def _run(slug: str, games: int, players: int, bots: tuple[str, ...], seed: int, options: tuple[str, ...]):
    try:
        game = game_of(slug)
        levels = levels_of(bots)
        chosen = options_of(options)
        results = lab.run(game, games, players, levels, seed, chosen, progress)
    except (RuleError, GameDataError) as error:
        raise SimulationError(str(error)) from None
    return game, levels, chosen, summarise(game.title, results, players, levels, seed)
