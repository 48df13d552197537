"""Charts of play statistics as server-rendered SVG for a phone: plays and wins per game, win rate by seat or level.

Drawn like companion.web.chart: a 360-unit canvas read at about 390 px wide, so the 14-unit labels are read at about
14 px; no JavaScript; `role="img"` with an aria-label that says the numbers; every label sits on the page's
background, never on a bar (the page's stylesheet colours it with the text colour; standalone it is near black, at
least 4.5:1 against white), and the bars take chart.py's COLOURS (at least 3:1 against white, WCAG 2.2's 1.4.11 for
graphics: https://www.w3.org/WAI/WCAG22/Understanding/non-text-contrast.html). The page pairs each chart with the
same numbers as a table (templates/pages/_stats.html). Same statistics, same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

from companion.plays.stats_records import GameStats, Rate
from companion.web.chart import COLOURS

WIDTH, TOP, GAP = 360, 4, 14
TEXT = "#1b1b1b"                      # the labels' colour when no stylesheet sets it (17:1 against white)
TRACK = "#e4e4e4"                     # the 100 % track behind a win rate's bar
PLAYS, WINS = COLOURS[0], COLOURS[2]  # blue 4.8:1, green 3.4:1 against white
TITLE_CHARS = 42                      # a longer game title is cut in the chart (the table has it whole)


def number(value: float | None) -> str:
    """A count or score as people write it: 12, 42.5 (one decimal at most); "" for none."""
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}".rstrip("0").rstrip(".")


def counted(count: int, word: str, words: str | None = None) -> str:
    """ "1 play", "3 plays"."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")


def day(iso: str) -> str:
    """A play's date as people write it: "2 January 2026" (a date it cannot read, as it is)."""
    try:
        year, month, date = (int(part) for part in iso.split("-"))
        return f"{date} {MONTHS[month - 1]} {year}" if 1 <= month <= 12 and 1 <= date <= 31 else iso
    except ValueError:
        return iso


def _title(text: str) -> str:
    return text if len(text) <= TITLE_CHARS else text[:TITLE_CHARS - 1].rstrip() + "…"


def _svg(height: int, label: str, parts: Sequence[str]) -> Markup:
    return Markup(f'<svg class="chart stats-chart" viewBox="0 0 {WIDTH} {height}" role="img" '
                  f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg" font-size="14" fill="{TEXT}">'
                  + "".join(parts) + "</svg>")


def _text(x: float, y: float, text: str, anchor: str = "start") -> str:
    end = "" if anchor == "start" else f' text-anchor="{anchor}"'
    return f'<text x="{x:g}" y="{y:g}" fill="{TEXT}"{end}>{escape(text)}</text>'


def _bar(x: float, y: float, width: float, height: int, colour: str, css: str) -> str:
    return f'<rect class="{css}" x="{x:g}" y="{y:g}" width="{round(width, 2):g}" height="{height}" fill="{colour}"/>'


def _wins(count: int, won: str) -> str:
    return counted(count, "win") if won == "wins" else f"{count} {won}"


def games_chart(games: Sequence[GameStats], won: str = "wins") -> Markup:
    """Two bars a game, the plays (blue) and the wins (green), each with its count after it in words ("4 plays",
    "3 wins"); `won` is the word for the wins ("won" for a group's plays won by its people). Wins are of the plays
    that count (not stopped early)."""
    row, bar, room = 70, 16, 84  # room: for "12 plays" after the longest bar
    most = max((g.plays for g in games), default=0) or 1
    scale = (WIDTH - room) / most
    parts = []
    for i, game in enumerate(games):
        y = TOP + i * row
        parts.append(_text(0, y + 14, _title(game.title)))
        for j, (value, text, colour, css) in enumerate(((game.plays, counted(game.plays, "play"), PLAYS, "bar-plays"),
                                                        (game.wins, _wins(game.wins, won), WINS, "bar-wins"))):
            top = y + 22 + j * (bar + 4)
            if value:
                parts.append(_bar(0, top, value * scale, bar, colour, css))
            parts.append(_text(round(value * scale, 2) + 6, top + 13, text))
    label = "Plays and wins per game: " + "; ".join(
        f"{g.title}, {counted(g.plays, 'play')}, {_wins(g.wins, won)}"
        for g in games) if games else "No plays yet"
    return _svg(TOP + len(games) * row, label, parts)


def rate_chart(rates: Sequence[Rate], what: str = "seat") -> Markup:
    """One bar a seat (`what` "seat") or opponent level ("level"): the win rate as a share of a 100 % track, the
    percentage after the bar and the number of plays under it."""
    row, bar, left, room = 48, 18, 72, 52  # left: for "Seat 12"; room: for "100%"
    span = WIDTH - left - room
    parts = []
    name = what.capitalize()
    for i, rate in enumerate(rates):
        y = TOP + i * row
        share = (rate.percent or 0) / 100
        parts.append(_text(0, y + 14, f"{name} {rate.value}"))
        parts.append(_bar(left, y, span, bar, TRACK, "track"))
        if rate.wins:
            parts.append(_bar(left, y, share * span, bar, PLAYS, "bar-rate"))
        parts.append(_text(left + span + 6, y + 14, f"{rate.percent}%"))
        parts.append(_text(left, y + bar + 16, f"{counted(rate.wins, 'win')} of {counted(rate.plays, 'play')}"))
    heading = "Win rate by seat" if what == "seat" else f"Win rate against automated opponents by {what}"
    label = f"{heading}: " + "; ".join(
        f"{name} {r.value}, {r.percent}% of {counted(r.plays, 'play')}" for r in rates) if rates else "No plays yet"
    return _svg(TOP + len(rates) * row, label, parts)
