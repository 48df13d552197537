"""The statistics charts (what they say to a screen reader, their bars to scale, labels readable on a phone, colours
with enough contrast, nothing drawn off the canvas, the same bytes for the same statistics), and the partial that
shows them (templates/pages/_stats.html) rendered in a tiny Flask app: its numbers, links to the record plays,
headings under the page's h1, well-formed markup and player words only."""

from __future__ import annotations

import re
from itertools import pairwise
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from flask import Blueprint, Flask, render_template_string

import companion
from companion.plays.stats import group_stats, player_stats
from companion.plays.stats_people import names_of
from companion.web import stats_chart
from companion.plays.stats_records import GameStats, Rate
from companion.web.chart import COLOURS
from companion.web.stats_chart import TRACK, games_chart, number, rate_chart
from tests.companion.audit import problems, visible_text
from tests.companion.plays.stats_fixtures import ANN, evenings, play, seat

SVG = "{http://www.w3.org/2000/svg}"
PHONE = 390


def _luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(colour: str, against: str = "#ffffff") -> float:
    a, b = sorted((_luminance(colour), _luminance(against)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(SVG + "text")]


def bars(root: ET.Element, css: str) -> list[float]:
    return [float(r.get("width", "0")) for r in root.iter(SVG + "rect") if r.get("class") == css]


def game(title: str, plays: int, wins: int) -> GameStats:
    return GameStats(title.lower(), title, plays, plays, wins, 0, None, None, 0, None, None, None, None)


def test_plays_and_wins_per_game_say_their_numbers():
    stats = player_stats(evenings(), ANN)
    root = parsed(games_chart(stats.games))
    assert root.get("role") == "img"
    assert root.get("aria-label") == ("Plays and wins per game: Emigration, 4 plays, 3 wins; "
                                      "Unfair: CHKO Expansion, 2 plays, 1 win; Unsettled, 2 plays, 1 win")
    assert texts(root) == ["Emigration", "4 plays", "3 wins", "Unfair: CHKO Expansion", "2 plays", "1 win",
                           "Unsettled", "2 plays", "1 win"]
    plays, wins = bars(root, "bar-plays"), bars(root, "bar-wins")
    assert plays[0] == 2 * plays[1] == 2 * plays[2]       # 4 plays against 2
    assert wins[0] == 3 * wins[1] and plays[0] == 4 * wins[1]   # to the same scale


def test_a_groups_wins_are_plays_won():
    root = parsed(games_chart(group_stats(evenings()).games, won="won"))
    assert texts(root)[1:3] == ["4 plays", "3 won"]
    assert "Emigration, 4 plays, 3 won" in root.get("aria-label", "")


def test_no_win_draws_no_bar_but_says_zero():
    root = parsed(games_chart([game("Emigration", 3, 0)]))
    assert bars(root, "bar-wins") == [] and "0 wins" in texts(root)


def test_win_rate_by_seat_with_the_plays_under_each_bar():
    root = parsed(rate_chart((Rate(1, 5, 3), Rate(2, 4, 1), Rate(3, 2, 0))))
    assert root.get("aria-label") == "Win rate by seat: Seat 1, 60% of 5 plays; Seat 2, 25% of 4 plays; Seat 3, 0% of 2 plays"
    assert texts(root) == ["Seat 1", "60%", "3 wins of 5 plays", "Seat 2", "25%", "1 win of 4 plays",
                           "Seat 3", "0%", "0 wins of 2 plays"]
    track = bars(root, "track")
    rates = bars(root, "bar-rate")
    assert track == [track[0]] * 3 and rates == [round(track[0] * 0.6, 2), round(track[0] * 0.25, 2)]
    level = parsed(rate_chart((Rate(2, 1, 0),), "level"))
    assert texts(level)[:2] == ["Level 2", "0%"]
    assert level.get("aria-label") == "Win rate against automated opponents by level: Level 2, 0% of 1 play"


def test_readable_on_a_phone():
    """Labels at least 14 px when the chart is drawn 390 px wide; nothing drawn past the canvas (a label is at most
    about 0.6 em a character wide)."""
    long = "A very long title of a designer's own prototype game, second edition"
    for svg in (games_chart([game(long, 120, 99), game("Emigration", 1, 1)]), rate_chart((Rate(12, 100, 100),))):
        root = parsed(svg)
        _, _, width, _ = (float(v) for v in root.get("viewBox", "").split())
        assert float(root.get("font-size", "0")) * PHONE / width >= 14
        for text in root.iter(SVG + "text"):
            assert float(text.get("x", "0")) + 0.6 * 14 * len(text.text or "") <= width, text.text
        for rect in root.iter(SVG + "rect"):
            assert float(rect.get("x", "0")) + float(rect.get("width", "0")) <= width


def test_colours():
    """Text at least 4.5:1 against white; bars in the seats' colours at least 3:1 (graphics), or the light track."""
    for svg in (games_chart(group_stats(evenings()).games), rate_chart(group_stats(evenings()).seats)):
        root = parsed(svg)
        for text in [root, *root.iter(SVG + "text")]:
            assert contrast(text.get("fill", "")) >= 4.5
        for rect in root.iter(SVG + "rect"):
            fill = rect.get("fill", "")
            assert fill == TRACK or (fill in COLOURS and contrast(fill) >= 3), fill


def test_same_statistics_same_bytes_and_titles_escaped():
    assert games_chart(group_stats(evenings()).games) == games_chart(group_stats(list(reversed(evenings()))).games)
    svg = games_chart([game("Cats & <Dogs>", 1, 0)])
    assert "Cats &amp; &lt;Dogs&gt;" in svg and texts(parsed(svg))[0] == "Cats & <Dogs>"


def test_numbers():
    assert [number(12), number(12.0), number(42.5), number(51.666), number(None)] == ["12", "12", "42.5", "51.7", ""]


VOID = {"br", "img", "input", "meta", "link", "hr", "rect", "line", "polyline", "path", "circle"}


@pytest.fixture(scope="module")
def app():
    app = Flask(__name__, template_folder=str(Path(companion.__file__).parent / "templates"))
    plays = Blueprint("plays", __name__)  # the lead's blueprint, stubbed: /plays/<play_id>, endpoint "play"
    plays.add_url_rule("/plays/<play_id>", "play", lambda play_id: play_id)
    app.register_blueprint(plays)
    return app


def render(app, stats, plays) -> str:
    with app.test_request_context():
        return render_template_string('<h1>Game night</h1>{% include "pages/_stats.html" %}', stats=stats,
                                      stats_names=names_of(plays), chart=stats_chart)


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.open: list[str] = []
        self.headings: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag, attrs):
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(tag)
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if not self.open or self.open.pop() != tag:
            self.errors.append(tag)


def checked(html: str) -> str:
    """The visible text, after checking the markup closes what it opens, its headings go down one level at a time,
    and it has no word a player should not read."""
    tags = _Tags()
    tags.feed(html)
    assert tags.errors == [] and tags.open == []
    levels = [int(h[1]) for h in tags.headings]
    assert levels[0] == 1 and all(b <= a + 1 for a, b in pairwise(levels)), levels
    text = visible_text(html)
    assert problems(text, {p.id for p in evenings()} | {ANN, "p-ann"}) == []
    for word in ("None", "null", "{", "}", "_", "nan"):
        assert word not in text, word
    return text


def test_a_players_statistics(app):
    html = render(app, player_stats(evenings(), ANN), evenings())
    text = checked(html)
    # headline: 8 plays, 5 wins (1 shared) of 7 counted = 71 %, best 60 at Emigration (p8)
    assert "Plays\n8" in text and "Wins\n5 (1 shared)" in text and "Win rate\n71%" in text
    assert "Best score\n60\nin Emigration" in text
    assert 'href="/plays/p8">60</a>' in html
    assert "Win rate by seat" in text and "Seat 1\n4\n3\n75%" in text  # the table under the chart
    assert "Win rate against automated opponents" in text and "Level 2\n1\n0\n0%" in text
    assert "Most wins in a row:\n2\n. Wins in a row now:\n2" in text
    assert "Bob\n6\n4 to 2\n2 to 0\n1" in text  # head-to-head with Bob
    assert 'Longest: <a href="/plays/p2">Emigration on 2 January 2026</a>, 55 minutes' in html
    assert 'Shortest: <a href="/plays/p3">Unfair: CHKO Expansion on 3 January 2026</a>, 20 minutes' in html
    assert html.count('role="img"') == 3  # per game, by seat, by level
    assert "stopped early counts as a play" in text


def test_a_groups_statistics(app):
    html = render(app, group_stats(evenings()), evenings())
    text = checked(html)
    assert "Plays\n8" in text and "Games\n3" in text and "Most wins\nAnnie, 5" in text
    assert "Best score\n60\nby Annie in Emigration" in text
    assert "Emigration\n4\n3\n1\n100%\nAnnie 3, Bob 1" in text  # per game: plays, won, shared, rate, most wins
    assert "Annie\n8\n5\n1\n71%" in text and "Cy\n2\n0\n0\n0%" in text  # players
    assert "Annie and Bob\n6\n4 to 2\n2 to 0\n1" in text and "Bob and Cy\n2\n1 to 0\n2 to 0\n0" in text
    assert "Emigration\nAnnie\n3\n3" in text  # the longest run in one game
    # Emigration's lengths: p2 55 minutes and 9 rounds, p1 40 minutes and 8 rounds (p8 had 8 too, later; p7 stopped)
    assert ('<strong>Emigration</strong>: longest <a href="/plays/p2">55 minutes</a>, shortest '
            '<a href="/plays/p1">40 minutes</a>; most rounds <a href="/plays/p2">9</a>, fewest '
            '<a href="/plays/p1">8</a>') in html


def test_a_group_with_one_stopped_play_and_no_chart_to_draw(app):
    plays = [play("x1", "emigration", "2026-04-01", seat("Ann", 3, 1, True), seat("Bob", 2, 2), stopped_early=True)]
    html = render(app, group_stats(plays), plays)
    text = checked(html)
    assert "Plays\n1" in text and "Nobody has won a game yet." in text and "Most wins\nAnn" not in text
    assert "Emigration\n1\n0\n0\nnone yet\nnobody yet" in text
    assert "Win rate by seat" not in text and "Longest" not in text


def test_a_player_with_no_plays_yet(app):
    text = checked(render(app, player_stats([], "player:p-zoe", name="Zoe"), []))
    assert "Plays\n0" in text and "Win rate\nnone yet" in text and "Most wins in a row:\n0" in text


def test_players_tied_for_most_wins_are_all_named(app):
    plays = [play("t1", "emigration", "2026-05-01", seat("Ann", 5, 1, True), seat("Bob", 2, 2), seat("Cy", 1, 3)),
             play("t2", "emigration", "2026-05-02", seat("Ann", 1, 3), seat("Bob", 5, 1, True), seat("Cy", 2, 2)),
             play("t3", "emigration", "2026-05-03", seat("Ann", 1, 2), seat("Bob", 2, 2), seat("Cy", 5, 1, True))]
    assert "Most wins\nAnn, Bob and Cy, 1" in checked(render(app, group_stats(plays), plays))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_statistics_on_a_phone(phone, scheme):
    """A group's and a player's statistics in the page's frame on a 390 px phone, tables open: the labels of every
    chart read at 14 px or more, nothing scrolls sideways, text contrast 4.5:1, and axe-core finds nothing."""
    from axe_playwright_python.sync_playwright import Axe

    from tests.companion.test_browser_games import AUDIT, AXE_RULES

    folder = Path(companion.__file__).parent
    app = Flask(__name__, template_folder=str(folder / "templates"), static_folder=str(folder / "static"))
    for name, endpoint, rule in (("plays", "play", "/plays/<play_id>"), ("pages", "home", "/")):
        stub = Blueprint(name, __name__)
        stub.add_url_rule(rule, endpoint, lambda **_: "")
        app.register_blueprint(stub)
    css = (folder / "static" / "companion.css").read_text(encoding="utf-8")
    for stats in (group_stats(evenings()), player_stats(evenings(), ANN)):
        with app.test_request_context():
            html = render_template_string(
                '{% extends "pages/base.html" %}{% block main %}<h1>Game night</h1>{% include "pages/_stats.html" %}'
                '{% endblock %}', stats=stats, stats_names=names_of(evenings()), chart=stats_chart)
        page = phone(viewport={"width": 390, "height": 800}, color_scheme=scheme)
        page.set_content(html.replace('<link rel="stylesheet" href="/static/companion.css">', f"<style>{css}</style>"))
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        smallest = page.evaluate("Math.min(...[...document.querySelectorAll('svg.stats-chart')].map((svg) => "
                                 "svg.getBoundingClientRect().width / svg.viewBox.baseVal.width * "
                                 "parseFloat(getComputedStyle(svg.querySelector('text')).fontSize)))")
        assert smallest >= 14
        assert page.evaluate(AUDIT) == []
        report = Axe().run(page, options={"runOnly": {"type": "tag", "values": AXE_RULES}})
        assert [(v["id"], v["nodes"][0]["html"][:80]) for v in report.response["violations"]] == []
