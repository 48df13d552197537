"""A line chart of each seat's score round by round, as server-rendered SVG (no JavaScript, no library)."""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence

from markupsafe import Markup, escape

from companion.table.progress import Step

# The chart is drawn on a phone's width: at 390 px its 14-unit labels are read at about 14 px (on a 640-unit
# canvas they shrank to about 7 px).
WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 360, 240, 44, 12, 14, 40
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#393b79", "#637939")


@dataclass(frozen=True)
class Scale:
    """Maps step index and score to SVG coordinates."""

    steps: int
    low: float
    high: float

    def x(self, index: int) -> float:
        span = max(self.steps - 1, 1)
        return round(LEFT + (WIDTH - LEFT - RIGHT) * index / span, 2)

    def y(self, value: float) -> float:
        span = (self.high - self.low) or 1
        return round(HEIGHT - BOTTOM - (HEIGHT - TOP - BOTTOM) * (value - self.low) / span, 2)


def points(steps: Sequence[Step], player: int, scale: Scale) -> str:
    """The polyline's points for one player: "x,y x,y ..."."""
    return " ".join(f"{scale.x(i)},{scale.y(step.totals[player])}" for i, step in enumerate(steps))


def score_chart(steps: Sequence[Step], names: Sequence[str], unit: str = "round", rounds: int | None = None) -> Markup:
    """An accessible SVG: one polyline per seat in the seat's colour, the score axis with its lowest and highest
    value, and the rounds (or turns, or moves) along the bottom. `rounds`: how many the game has had, when `steps`
    are some of them (a long game's), else one step each."""
    values = [v for step in steps for v in step.totals] or [0]
    scale = Scale(len(steps), min(0, *values), max(values) or 1)
    rounds = len(steps) - 1 if rounds is None else rounds
    counted = f"{rounds} {unit}{'s' if rounds != 1 else ''}"
    title = f"Scores after {counted}: " + ", ".join(
        f"{name} {_number(steps[-1].totals[i])}" for i, name in enumerate(names)) if steps else "No scores yet"
    parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="chart-title" '
             f'xmlns="http://www.w3.org/2000/svg"><title id="chart-title">{escape(title)}</title>',
             f'<line class="axis" x1="{LEFT}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - RIGHT}" y2="{HEIGHT - BOTTOM}"/>',
             f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}"/>',
             f'<text x="{LEFT - 6}" y="{scale.y(scale.high) + 5}" text-anchor="end">{_number(scale.high)}</text>',
             f'<text x="{LEFT - 6}" y="{scale.y(scale.low) + 5}" text-anchor="end">{_number(scale.low)}</text>']
    every = max(1, (len(steps) + 7) // 8)  # at most about eight labels along the bottom
    for i, step in enumerate(steps):
        if i and (i % every == 0 or i == len(steps) - 1):
            parts.append(f'<text x="{scale.x(i)}" y="{HEIGHT - BOTTOM + 18}" text-anchor="middle">{step.moment}</text>')
    parts.append(f'<text x="{(WIDTH + LEFT) // 2}" y="{HEIGHT - 4}" text-anchor="middle">{unit}s</text>')
    for i, name in enumerate(names):
        colour = COLOURS[i % len(COLOURS)]
        parts.append(f'<polyline data-player="{i}" fill="none" stroke="{colour}" stroke-width="3" '
                     f'points="{points(steps, i, scale)}"><title>{escape(name)}</title></polyline>')
    parts.append("</svg>")
    return Markup("".join(parts))


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"
