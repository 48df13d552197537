"""Unsettled survival's boards (issue #31): the four main boards, the Explorer Dashboards and the Scarab tile.

Measured from what the build writes (sheets, texts) and from each board's face drawn as the build draws it
(tests/cardgen/layout/board_pdf.py: the painted shapes and strings, in mm): track spaces numbered up to the
game's constants and evenly spaced, slots the size of the decks' cards plus their margin, every labelled space.
"""

from __future__ import annotations

import re
import shutil
import tomllib
from collections import defaultdict
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardgen.cli import main
from cardgen.gamedata.bundle import card_data_dir
from cardgen.gamedata.loader import load_game
from cardgen.layout.compose import Composer
from tests.cardgen.layout.board_pdf import Shape, Shown, render, shapes, texts

SLUG = "unsettled_survival"
CONSTANTS = tomllib.loads((card_data_dir() / SLUG / "game.toml").read_text("utf-8"))["constants"]
# board id -> sheets on A4 and on Letter: the Resource Board, the dashboards and the aid print whole on one sheet,
# the three big boards (whole on one A3 or Tabloid sheet) over 3 sheets to glue
SHEETS = {"resource": 1, "breakthrough_board": 3, "moment": 3, "trust_time": 3, "dashboard": 1, "scarab": 1,
          "player_aid": 1}
POKER_SLOT = (63.5 + 4, 88.9 + 4)  # a poker card plus the slot's 2 mm margin all round


def build(folder: Path | str, out: Path, *args: str) -> str:
    result = CliRunner().invoke(main, ["build", str(folder), "--no-rulebook", "--out", str(out), *args],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def words(pdf: Path) -> str:
    """Every page's text, whitespace squeezed to single spaces."""
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in PdfReader(pdf).pages))


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request, tmp_path_factory) -> tuple[str, Path, str]:
    out = tmp_path_factory.mktemp(f"boards-{request.param}")
    output = build(SLUG, out, "--paper", request.param)
    return request.param, out / SLUG, output


@pytest.fixture(scope="module")
def faces(tmp_path_factory) -> dict[str, tuple[list[Shown], list[Shape]]]:
    """Each board's face drawn alone on a page of its size: (strings, shapes)."""
    folder = tmp_path_factory.mktemp("faces")
    return draw_faces(card_data_dir() / SLUG, folder)


def draw_faces(game_folder: Path, out: Path) -> dict[str, tuple[list[Shown], list[Shape]]]:
    game = load_game(game_folder)
    composer = Composer(game, 0.0)
    drawn = {}
    for board in game.boards:
        pdf = render(composer.board(board).ops, out / f"{board.id}.pdf", (board.width, board.height))
        drawn[board.id] = (texts(pdf), shapes(pdf))
    return drawn


def track(drawn: tuple[list[Shown], list[Shape]], size: float, row_y: float) -> list[tuple[str, float]]:
    """The spaces of `size` mm whose centres lie on the row at `row_y` (within 1 mm), left to right: (the number
    shown inside, the centre's x)."""
    strings, painted = drawn
    spaces = sorted({(round(s.centre[0], 2), round(s.centre[1], 2)) for s in painted
                     if abs(s.box[2] - size) < 0.05 and abs(s.box[3] - size) < 0.05 and abs(s.centre[1] - row_y) < 1})
    found = []
    for cx, cy in spaces:
        inside = [t.text for t in strings if re.fullmatch(r"-?\d+", t.text)
                  and cx - size / 2 < t.x < cx + size / 2 and cy - size / 2 < t.y < cy + size / 2]
        assert len(inside) == 1, f"space at {cx}, {cy}: {inside}"
        found.append((inside[0], cx))
    return found


def evenly_spaced(row: list[tuple[str, float]]) -> bool:
    gaps = [b[1] - a[1] for a, b in pairwise(row)]
    return bool(gaps) and max(gaps) - min(gaps) < 0.02


def slots_of(drawn: tuple[list[Shown], list[Shape]], size: tuple[float, float], within: float = 0.02) -> list[Shape]:
    """The outlines of `size` (w, h mm); a dashed round outline's dashes may stop short of its extremes: `within`."""
    return [s for s in drawn[1] if abs(s.box[2] - size[0]) < within and abs(s.box[3] - size[1]) < within]


def label_inside(drawn: tuple[list[Shown], list[Shape]], label: str, slot: Shape) -> bool:
    x, y, w, h = slot.box
    return any(t.text == label and x < t.x < x + w and y < t.y < y + h for t in drawn[0])


# --- the build ------------------------------------------------------------------------------------------------


def test_every_board_builds_on_the_paper_with_the_sheets_expected(built):
    paper, folder, output = built
    assert ("boards: 7 (Resource Board, Breakthrough Board, Moment Board, Group Trust/Time Board, "
            f"Explorer Dashboard, Scarab tile, Player aid) on {paper} paper") in output
    for board, sheets in SHEETS.items():
        pdf = folder / f"{SLUG}-{board}-{paper}.pdf"
        assert len(PdfReader(pdf).pages) == sheets, board
    # the Breakthrough Board's file is not the Breakthrough deck's card sheets
    assert "Breakthrough Board" not in words(folder / f"{SLUG}-breakthrough-{paper}.pdf")


def test_a_dashboard_per_player(built):
    paper, folder, _ = built
    game = tomllib.loads((card_data_dir() / SLUG / "game.toml").read_text("utf-8"))
    assert game["boards"]["dashboard"]["count"] == CONSTANTS["players_max"] == game["game"]["players"][1]
    assert f"Explorer Dashboard (print {CONSTANTS['players_max']})" in words(folder / f"{SLUG}-dashboard-{paper}.pdf")
    assert game["boards"]["player_aid"]["count"] == CONSTANTS["players_max"]
    assert f"Player aid (print {CONSTANTS['players_max']})" in words(folder / f"{SLUG}-player_aid-{paper}.pdf")


def test_the_boards_say_what_the_rulebook_places_on_them(built):
    paper, folder, _ = built
    c = CONSTANTS
    expected = {
        "resource": ["RESOURCE BOARD", "DATABASE", f"{c['data_cubes']} Data cubes", "STOCKPILE",
                     f"{c['material_cubes']} Materials cubes", "BLACK MARKERS", f"{c['black_markers']} black marker",
                     "DYNAMO", f"all {c['power_discs']} Power discs on", "charged", "spent"],
        "breakthrough_board": ["BREAKTHROUGH BOARD", "ROBOTICS", "CHEMISTRY", "ENGINEERING", "Research Hut",
                               "Laboratory", "Workshop", "Robotics Breakthroughs", "Chemistry Breakthroughs",
                               "Engineering Breakthroughs", "LUNA's Primary Function", "Scientific Anomalies",
                               "Distress cards", f"{c['distress_per_player']} per player",
                               f"{c['comprehension_per_discipline']} white discs"],
        "moment": ["MOMENT BOARD", "Pink pile", "Pink Opportunity", "Blue pile", "Blue Opportunity",
                   "MOMENT MARKERS", f"the {c['investigated_tokens']} Investigated tokens",
                   f"{c['discovery_tokens']} on the easels", f"At most {c['max_active_opportunities']} active"],
        "trust_time": ["GROUP TRUST/TIME BOARD", f"TIMELINE: {c['timeline_length']} spaces", "Start",
                       "GROUP TRUST", "LOW", "HIGH (start)", "Survival Task, page 1 on top",
                       f"{c['timeline_triggers']} tokens wait here"],
        "dashboard": ["EXPLORER DASHBOARD", "ENDURANCE", "INSIGHT", "Start", "Out",
                      *(name.upper() for name in c["actions"])],
        "scarab": ["THE SCARAB", "LUNA and every explorer"],
        "player_aid": ["PLAYER AID", "YOUR TURN", f"{c['focus_cubes_on_actions']} Focus cubes on action spaces",
                f"roll the d{c['discovery_die_sides']}", "NODE EDGES", "STRUCTURES", f"Win: {c['victory']}",
                *(effect for symbol, effect in c["edge_effects"].items() if symbol != "none"),
                *(f"{name.replace('_', ' ').title()}: {ability}" for name, ability in c["structure_abilities"].items())],
    }
    for board, phrases in expected.items():
        text = words(folder / f"{SLUG}-{board}-{paper}.pdf")
        missing = [phrase for phrase in phrases if phrase not in text]
        assert not missing, f"{board}: {missing}"


def test_cardgen_check_passes_and_lists_the_boards():
    result = CliRunner().invoke(main, ["check", SLUG], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "Explorer Dashboard             4  (mat, 254 x 170 mm, one side)" in result.output
    assert "Player aid                     4  (aid, 148 x 210 mm, one side)" in result.output
    for title in ("Resource Board", "Breakthrough Board", "Moment Board", "Group Trust/Time Board", "Scarab tile"):
        assert re.search(rf"^  {re.escape(title)} +1 +\(board, ", result.output, re.M), title


# --- the faces: tracks and slots --------------------------------------------------------------------------------


def test_the_timeline_runs_to_its_constant_and_the_triggers_wait_beside_it(faces):
    timeline = track(faces["trust_time"], 26, 50)
    assert [n for n, _ in timeline] == [str(v) for v in range(1, CONSTANTS["timeline_length"] + 1)]
    assert evenly_spaced(timeline)
    start = dict(timeline)[str(CONSTANTS["time_start_space"])]
    assert any(t.text == "Start" and abs(t.x + 3 - start) < 6 for t in faces["trust_time"][0])  # under space 1
    triggers = track(faces["trust_time"], 22, 221.5)
    assert [n for n, _ in triggers] == [str(v) for v in range(1, CONSTANTS["timeline_triggers"] + 1)]
    assert evenly_spaced(triggers)
    task = slots_of(faces["trust_time"], POKER_SLOT)
    assert len(task) == 1 and label_inside(faces["trust_time"], "Survival Task, page 1 on top", task[0])
    trust = [s for s in slots_of(faces["trust_time"], (24, 24), 0.5) if 100 < s.box[1] < s.box[1] + 24 < 156]
    assert len(trust) == 2  # a space for the 20 mm Group Trust marker (plus 2 mm all round) on Low and on High


def test_the_dashboard_tracks_and_action_spaces(faces):
    endurance = track(faces["dashboard"], 13, 87)
    # both tracks share the row: the Endurance Track is the left part, from the top (Start) down to 0
    length, pursuit = CONSTANTS["endurance_track_length"], CONSTANTS["insight_track_length"]
    assert [n for n, _ in endurance] == [str(v) for v in range(length, -1, -1)] + [
        str(v) for v in range(1, pursuit + 1)]
    assert evenly_spaced(endurance[:length + 1]) and evenly_spaced(endurance[length + 1:])
    cubes = slots_of(faces["dashboard"], (16, 16))  # a 12 mm Focus cube plus 2 mm all round, on every action
    assert len(cubes) == len(CONSTANTS["actions"])
    shown = " ".join(t.text for t in faces["dashboard"][0])
    for action, rule in CONSTANTS["actions"].items():
        focus, direction = rule.split(":")
        assert action.upper() in shown
        assert f"{'any Focus' if focus == 'any' else focus.capitalize()} {'↑' if direction == 'up' else '↓'}" \
            in shown, action


def test_the_dynamo_holds_every_power_disc_charged_or_spent(faces):
    for row_y in (106, 141):
        row = track(faces["resource"], 19, row_y)
        assert [n for n, _ in row] == [str(v) for v in range(1, CONSTANTS["power_discs"] + 1)]
        assert evenly_spaced(row)


def test_breakthrough_board_slots_fit_the_decks(faces):
    drawn = faces["breakthrough_board"]
    cards = slots_of(drawn, POKER_SLOT)
    labels = ["Robotics Breakthroughs", "Chemistry Breakthroughs", "Engineering Breakthroughs",
              "LUNA's Primary Function", "Scientific Anomalies", "Distress cards"]
    assert len(cards) == len(labels)
    assert all(any(label_inside(drawn, label, slot) for slot in cards) for label in labels)
    tiles = slots_of(drawn, (34, 34))  # the 30 mm Structure tiles
    assert len(tiles) == 3
    assert all(any(label_inside(drawn, name, tile) for tile in tiles) for name in ("Research Hut", "Laboratory",
                                                                                   "Workshop"))
    rows = defaultdict(list)
    for number, x in track(drawn, 18, 91):
        rows[x // 77].append(number)  # one row of Comprehension spaces per discipline column
    assert list(rows.values()) == [[str(v) for v in range(1, CONSTANTS["comprehension_per_discipline"] + 1)]] * 3


def test_moment_board_piles_markers_and_easels(faces):
    drawn = faces["moment"]
    cards = slots_of(drawn, POKER_SLOT)
    assert len(cards) == 2 * CONSTANTS["opportunity_piles"]
    for label in ("Pink pile", "Pink Opportunity", "Blue Opportunity", "Blue pile"):
        assert any(label_inside(drawn, label, slot) for slot in cards), label
    markers = [s for s in slots_of(drawn, (22, 22)) if s.box[1] < 100]  # 18 mm markers plus 2 mm all round
    assert all(label_inside(drawn, label, slot) for label, slot in zip(("Pink", "Blue"), markers))
    assert len([s for s in slots_of(drawn, (20, 20)) if label_inside(drawn, "Stack", s)]) == 1  # Investigated
    assert len(markers) == sum(CONSTANTS["moment_markers"].values())
    easels = track(drawn, 20, 165)
    assert [n for n, _ in easels] == [str(v) for v in range(1, CONSTANTS["discovery_tokens"] + 1)]
    assert evenly_spaced(easels)


def test_the_scarab_tile_is_an_environment_card_in_size():
    game = load_game(card_data_dir() / SLUG)
    scarab = next(board for board in game.boards if board.id == "scarab")
    environment = next(deck for deck in game.decks if deck.id == "environment")
    assert (scarab.width, scarab.height) == (environment.size.width, environment.size.height)


# --- the constants drive the boards ----------------------------------------------------------------------------


def test_changing_the_constants_changes_the_boards(tmp_path):
    folder = tmp_path / SLUG
    shutil.copytree(card_data_dir() / SLUG, folder)
    manifest = folder / "game.toml"
    text = manifest.read_text("utf-8")
    for name, old, new in (("timeline_length", 12, 14), ("endurance_track_length", 6, 5), ("endurance_start", 6, 5),
                           ("power_discs", 6, 5), ("discovery_tokens", 12, 10)):
        text, done = re.subn(rf"^{name} = {old}\b", f"{name} = {new}", text, flags=re.M)
        assert done == 1, name
    manifest.write_text(text, "utf-8")
    build(folder, tmp_path / "out")
    printed = words(tmp_path / "out" / SLUG / f"{SLUG}-trust_time-a4.pdf")
    assert "TIMELINE: 14 spaces" in printed and "Past space 14" in printed
    drawn = draw_faces(folder, tmp_path)
    assert [n for n, _ in track(drawn["trust_time"], 26, 50)] == [str(v) for v in range(1, 15)]
    assert [n for n, _ in track(drawn["dashboard"], 13, 87)][:6] == ["5", "4", "3", "2", "1", "0"]
    assert [n for n, _ in track(drawn["resource"], 19, 106)] == ["1", "2", "3", "4", "5"]
    assert [n for n, _ in track(drawn["moment"], 20, 165)] == [str(v) for v in range(1, 11)]
    assert "all 5 Power discs on" in words(tmp_path / "out" / SLUG / f"{SLUG}-resource-a4.pdf")


@pytest.mark.parametrize("paper", ["a3", "tabloid"])
def test_the_big_boards_print_whole_on_a3_and_tabloid(tmp_path, paper):
    build(SLUG, tmp_path, "--board-paper", paper)
    for board in ("breakthrough_board", "moment", "trust_time", "resource", "dashboard"):
        assert len(PdfReader(tmp_path / SLUG / f"{SLUG}-{board}-{paper}.pdf").pages) == 1, board
