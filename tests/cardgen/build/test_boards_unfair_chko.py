"""Unfair CHKO's step tracker, panorama scoring aid and player aid: they build on A4 and Letter, pass check, print
every step, space and number a player needs, and take those numbers from the game's [constants]."""

from __future__ import annotations

import itertools
import re
import shutil
import tomllib
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.gamedata.bundle import card_data_dir
from cardgen.gamedata.loader import load_game
from cardgen.layout.compose import Composer
from tests.cardgen.layout.board_pdf import Shape, Shown, drawn_boards, render, shapes, texts

SLUG = "unfair_chko"
BOARDS = {"steps": "Step tracker", "panorama": "Panorama scoring", "aid": "Player aid"}


def constants() -> dict:
    return tomllib.loads((card_data_dir() / SLUG / "game.toml").read_text("utf-8"))["constants"]


def words(pdf: Path) -> str:
    """The text of every page, whitespace collapsed to single spaces."""
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages)


def tokens(pdf: Path) -> list[str]:
    return words(pdf).split()


def panorama_rows(c: dict) -> list[tuple[int, int | None, int | None]]:
    """(cards, partial points, complete points) for each number of cards either table scores."""
    partial, complete = c["panorama"]["partial"], c["panorama"]["complete"]
    return [(n, partial.get(str(n)), complete.get(str(n))) for n in sorted({int(k) for k in [*partial, *complete]})]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("build")
    from click.testing import CliRunner

    from cardgen.cli import main
    for paper in ("a4", "letter"):
        result = CliRunner().invoke(main, ["build", SLUG, "--out", str(out / paper), "--no-rulebook", "--paper",
                                           paper], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        assert f"boards: 3 ({', '.join(BOARDS.values())}) on {paper} paper" in result.output
    return {f"{board}-{paper}": out / paper / SLUG / f"{SLUG}-{board}-{paper}.pdf"
            for board in BOARDS for paper in ("a4", "letter")}


@pytest.fixture(scope="module")
def drawn(tmp_path_factory) -> dict[str, tuple[list[Shape], list[Shown], tuple[float, float]]]:
    """Each board's face as the build lays it out, drawn into a PDF and read back: its paths, strings and size."""
    return drawn_boards(SLUG, tmp_path_factory.mktemp("faces"))


def test_check_passes_and_lists_the_boards(cli):
    result = cli("check", SLUG)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Step tracker 1 (board, 250 x 165 mm, one side)" in out
    assert "Panorama scoring 1 (aid, 210 x 148 mm, one side)" in out
    assert f"Player aid {constants()['max_players']} (aid, 148 x 210 mm, one side)" in out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_board_is_one_sheet_of_home_paper(built, paper):
    for board, title in BOARDS.items():
        pdf = built[f"{board}-{paper}"]
        assert len(PdfReader(pdf).pages) == 1, board  # each fits the printable area: printed whole, once
        assert title in words(pdf)
    assert f"Player aid (print {constants()['max_players']})" in words(built[f"aid-{paper}"])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_step_tracker_has_every_step_and_every_round(built, paper):
    c = constants()
    pdf = built[f"steps-{paper}"]
    text, found = words(pdf), tokens(pdf)
    steps = c["round_steps"]
    for n, step in enumerate(steps, 1):
        assert f"STEP {n}" in text and step["step"].upper() in text
        for k, section in enumerate(step["sections"], 1):
            assert f"{k}. {section}" in text
    assert f"STEP {len(steps) + 1}" not in text
    assert f"along the {len(steps)} steps of each round" in text
    for action in c["park_actions"]:
        assert action in text
    assert f"{len(c['cleanup_steps'])} tasks in order; hand limit {c['hand_limit']}" in text
    # the round track: 1..rounds, each a space; nothing beyond
    assert all(str(n) in found for n in range(1, c["rounds"] + 1))
    assert str(c["rounds"] + 1) not in found
    assert f"{c['rounds']} rounds (First Date: {c['first_date_rounds']})" in text
    for label in ("Kaiju arrive", "First Date: last round", "Last round"):
        assert label in text


def test_each_step_space_lies_in_its_step_panel_and_round_labels_under_their_space(drawn):
    c = constants()
    found, shown, (w, h) = drawn["steps"]
    circles = sorted((s for s in found if s.curved and s.paint in ("stroke", "both") and 20 < s.box[2] < 30),
                     key=lambda s: s.box[0])
    steps = c["round_steps"]
    assert len(circles) == len(steps)
    panels = sorted((s for s in found if s.paint in ("stroke", "both") and 50 < s.box[2] < 70 and s.box[3] > 80),
                    key=lambda s: s.box[0])
    assert len(panels) == len(steps)
    names = [t for t in shown if t.text == " ".join(step["step"].upper() for step in steps)]
    assert len(names) == 1  # the step names, one per panel, left to right on one line
    for n, (circle, panel) in enumerate(zip(circles, panels, strict=True), 1):
        px, py, pw, ph = panel.box
        cx, cy = circle.centre
        assert px < cx < px + pw and py < cy < py + ph  # the marker's space in its step's panel
        assert [t for t in shown if t.text == str(n) and abs(t.x - cx) < 5 and abs(t.y - cy) < 5]
        assert py < names[0].y < circle.box[1]  # the names above the spaces, inside the panels
    assert panels[0].box[0] < names[0].x < panels[0].box[0] + panels[0].box[2]
    # the round spaces: rounded squares along one line, numbered 1..rounds; labels under theirs
    squares = sorted((s for s in found if s.paint in ("stroke", "both") and 14 < s.box[2] < 18
                      and 14 < s.box[3] < 18), key=lambda s: s.box[0])
    assert len(squares) == c["rounds"]
    for n, square in enumerate(squares, 1):
        x, y, sw, sh = square.box
        assert any(t.text == str(n) and x < t.x < x + sw and y < t.y < y + sh for t in shown)
    bottom = squares[0].box[1] + squares[0].box[3]
    for word, at in (("Kaiju arrive", c["kaiju_arrival_round"]), ("First Date: last", c["first_date_rounds"]),
                     ("Last round", c["rounds"])):
        x, y, sw, sh = squares[at - 1].box
        label = [t for t in shown if word in t.text and bottom < t.y < bottom + 10]
        assert label, word
        if label[0].text.startswith(word):  # a string of its own (labels on one baseline may be read as one)
            assert x - 12 < label[0].x < x + sw, word
    assert all(0 < t.x < w and 0 < t.y < h for t in shown)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_panorama_aid_is_the_constants_table(built, drawn, paper):
    c = constants()
    text = words(built[f"panorama-{paper}"])
    assert "Cards assembled Partial panorama Complete panorama" in text
    _, shown, _ = drawn["panorama"]
    for cards, partial, complete in panorama_rows(c):
        row = [t for t in shown if t.text == f"{cards} cards"]
        assert len(row) == 1, cards
        on_row = [t.text for t in shown if abs(t.y - row[0].y) < 1 and t.x > row[0].x]
        assert " ".join(on_row).replace("points", "").split() == [str(partial) if partial is not None else "n/a",
                                                                 str(complete) if complete is not None else "n/a"]
    assert "n/a" in text  # the rulebook's 6-card complete panorama


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_player_aid_has_the_round_and_the_medals(built, paper):
    c = constants()
    m = c["medals"]
    text = words(built[f"aid-{paper}"])
    for n, step in enumerate(c["round_steps"], 1):
        assert f"{n}. {step['step']}" in text
    assert " › ".join(c["round_steps"][0]["sections"]) in text
    assert ", ".join(c["park_actions"]) in text
    for n, task in enumerate(c["cleanup_steps"], 1):
        assert f"{n}) {task}" in text, task
    assert f"MEDALS · kaiju arrive in round {c['kaiju_arrival_round']}" in text
    assert f"gain {c['medals_per_health_point']} silver" in text and "never more than its current health" in text
    assert "No bonus for the final hit" in text
    assert f"Silver medal: {m['silver_points']}" in text and f"sell it for {m['silver_sell_coins']}" in text
    assert f"Gold medal: {m['gold_points']}" in text and f"Exchange {m['silver_per_gold']} silver for 1 gold" in text
    assert f"{m['supply_silver']} silver and {m['supply_gold']} gold medals" in text


def test_changing_the_constants_changes_the_boards(cli, tmp_path):
    game = tmp_path / SLUG
    shutil.copytree(card_data_dir() / SLUG, game)
    manifest = game / "game.toml"
    text = manifest.read_text("utf-8")
    for name, old, new in (("rounds", 8, 10), ("kaiju_arrival_round", 5, 6), ("silver_points", 10, 12),
                           ('"5"', 35, 37)):
        line = re.compile(rf"^{name} = {old}\b", re.M)
        assert line.search(text), name
        text = line.sub(f"{name} = {new}", text, count=1)
    events = '{ step = "Events", sections = ["Draw", "City", "Play"] }'
    assert events in text
    text = text.replace(events, '{ step = "Events", sections = ["Draw", "City", "Play", "Toast"] }')
    manifest.write_text(text, "utf-8")
    result = cli("check", game)
    assert result.exit_code == 0, result.output
    result = cli("build", game, "--out", tmp_path / "out", "--no-rulebook")
    assert result.exit_code == 0, result.output
    steps = tmp_path / "out" / SLUG / f"{SLUG}-steps-a4.pdf"
    board, found = words(steps), tokens(steps)
    assert "4. Toast" in board and "STEP 4" in board and "STEP 5" not in board
    assert all(str(n) in found for n in range(1, 11)) and "11" not in found
    assert "10 rounds (First Date: 6)" in board
    aid = words(tmp_path / "out" / SLUG / f"{SLUG}-aid-a4.pdf")
    assert "Draw › City › Play › Toast" in aid and "kaiju arrive in round 6" in aid and "Silver medal: 12" in aid
    panorama = words(tmp_path / "out" / SLUG / f"{SLUG}-panorama-a4.pdf")
    assert "37 points" in panorama and "35 points" not in panorama


def test_a_fifth_step_gets_its_own_panel_and_space(tmp_path):
    """The tracker is laid out from round_steps: one more step, one more panel and marker space, all on the board.
    (Laid out directly: the bundled rulebook names each of the four steps, so `cardgen check` would refuse it.)"""
    game_dir = tmp_path / SLUG
    shutil.copytree(card_data_dir() / SLUG, game_dir)
    manifest = game_dir / "game.toml"
    cleanup = '  { step = "Cleanup", sections = [] },'
    text = manifest.read_text("utf-8")
    assert cleanup in text
    manifest.write_text(text.replace(cleanup, cleanup + '\n  { step = "Siesta", sections = [] },'), "utf-8")
    game = load_game(game_dir)
    board = next(b for b in game.boards if b.id == "steps")
    pdf = render(Composer(game, bleed=3.0).board(board).ops, tmp_path / "steps.pdf", (board.width, board.height))
    found, shown = shapes(pdf), texts(pdf)
    circles = [s for s in found if s.curved and s.paint in ("stroke", "both") and 20 < s.box[2] < 30]
    panels = sorted((s for s in found if s.paint in ("stroke", "both") and 40 < s.box[2] < 70 and s.box[3] > 80),
                    key=lambda s: s.box[0])
    assert len(circles) == len(panels) == 5
    assert all(a.box[0] + a.box[2] < b.box[0] for a, b in itertools.pairwise(panels))  # side by side, not overlapping
    assert panels[-1].box[0] + panels[-1].box[2] < board.width - 5
    assert any("SIESTA" in t.text for t in shown) and any("STEP 5" in t.text for t in shown)
