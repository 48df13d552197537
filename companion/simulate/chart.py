"""The report as an SVG chart written by hand (no plotting library): win share, score histogram, game length.

Written atomically under output/<game>/ the way cardgen writes a build's files (cardgen.build.staging.Staging: a
staging folder, then a rename), so the chart has the mode of every other output; the same summary gives the
same bytes.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from cardgen.build.staging import Staging
from companion.simulate.report import Summary

WIDTH, PANEL, LEFT, TOP, BINS, LEGEND = 860, 230, 60, 75, 12, 150
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf")


def _bars(title: str, y0: int, labels: list[str], series: list[tuple[str, list[float]]], unit: str) -> list[str]:
    """A grouped bar chart panel: one group per label, one bar per series."""
    out = [f'<text x="{LEFT}" y="{y0 - 12}" font-size="14" font-weight="bold">{escape(title)}</text>']
    height, width = PANEL - 70, WIDTH - LEFT - LEGEND - 20
    top = max([v for _, values in series for v in values] + [1e-9])
    out.append(f'<line x1="{LEFT}" y1="{y0 + height}" x2="{LEFT + width}" y2="{y0 + height}" stroke="#333"/>')
    out.append(f'<text x="{LEFT - 6}" y="{y0 + 4}" font-size="10" text-anchor="end">{top:.1f}{unit}</text>')
    group = width / max(1, len(labels))
    bar = group * 0.8 / max(1, len(series))
    for g, label in enumerate(labels):
        x0 = LEFT + g * group + group * 0.1
        for s, (_, values) in enumerate(series):
            h = height * values[g] / top
            out.append(f'<rect x="{x0 + s * bar:.1f}" y="{y0 + height - h:.1f}" width="{bar:.1f}" height="{h:.1f}" '
                       f'fill="{COLOURS[s % len(COLOURS)]}"/>')
        out.append(f'<text x="{x0 + group * 0.4:.1f}" y="{y0 + height + 14}" font-size="10" '
                   f'text-anchor="middle">{escape(label)}</text>')
    for s, (name, _) in enumerate(series):
        x = LEFT + width + 20
        out.append(f'<rect x="{x}" y="{y0 - 4 + 14 * s}" width="10" height="10" fill="{COLOURS[s % len(COLOURS)]}"/>'
                   f'<text x="{x + 14}" y="{y0 + 5 + 14 * s}" font-size="11">{escape(name)}</text>')
    return out


def _histogram(values_by: list[tuple[str, list[int]]]) -> tuple[list[str], list[tuple[str, list[float]]]]:
    """Equal-width bins from the lowest value to the 98th percentile (the last bin also holds the rare values
    above it), and each series' share of its values in each bin (in %)."""
    every = sorted(v for _, values in values_by for v in values)
    low, high = every[0], every[min(len(every) - 1, len(every) * 98 // 100)]
    step = max(1, -(-(high - low + 1) // BINS))
    edges = list(range(low, high + 1, step))
    labels = [f"{e}-{e + step - 1}" if step > 1 else str(e) for e in edges]
    if every[-1] > edges[-1] + step - 1:
        labels[-1] = f"{edges[-1]}+"
    series = []
    for name, values in values_by:
        counts = [0] * len(edges)
        for v in values:
            counts[min(len(edges) - 1, (v - low) // step)] += 1
        series.append((name, [100 * c / len(values) for c in counts]))
    return labels, series


def svg(s: Summary) -> str:
    levels = [lv for lv, _, _ in s.level_wins]
    wins = [(f"level {lv}", [100 * w / s.games / (played / s.games)]) for lv, w, played in s.level_wins]
    parts = _bars("Win share per seat played, by bot level (%)", TOP, ["win share"], wins, "%")
    parts += _bars("Wins by seat (%)", TOP + PANEL, [f"seat {i + 1}" for i in range(s.players)],
                   [("all games", [100 * w / s.games for w in s.seat_wins])], "%")
    labels, series = _histogram([(f"level {lv}", list(dict(s.level_scores)[lv])) for lv in levels])
    parts += _bars("Final scores, by bot level (% of that level's seats)", TOP + 2 * PANEL, labels, series, "%")
    labels, series = _histogram([("games", list(s.turns))])
    parts += _bars("Game length in turns, all seats together (% of games)", TOP + 3 * PANEL, labels, series, "%")
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{TOP + 4 * PANEL}" '
            f'viewBox="0 0 {WIDTH} {TOP + 4 * PANEL}" font-family="sans-serif">'
            f'<rect width="100%" height="100%" fill="white"/>'
            f'<text x="{LEFT}" y="24" font-size="15">{escape(s.title)}: {s.games} games, {s.players} players, '
            f'levels {" ".join(map(str, s.levels))}, seed {s.seed}</text>')
    return head + "".join(parts) + "</svg>\n"


def write(s: Summary, folder: Path, name: str) -> Path:
    """Writes the chart to folder/name atomically; returns its path. The file is made in a staging folder with
    the process's umask (0644 as a rule, as every file cardgen writes), not by mkstemp, which makes 0600."""
    with Staging(folder) as staging:
        staging.path(name).write_text(svg(s), encoding="utf-8")
        return staging.commit()[0]
