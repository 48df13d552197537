"""Emigration's Border Control board and player aid: they build on A4 and Letter, pass check, hold every space
the rulebook puts on the table, and take their numbers from the game's [constants]."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.gamedata.bundle import card_data_dir
from cardgen.gamedata.loader import load_game
from tests.cardgen.layout.board_pdf import Shape, Shown, drawn_boards

SLUG = "emigration"
MARGIN = 2.0  # the slots' margin all round (the default)


def constants() -> dict:
    return tomllib.loads((card_data_dir() / SLUG / "game.toml").read_text("utf-8"))["constants"]


def words(pdf: Path) -> str:
    """The text of every page, whitespace collapsed to single spaces."""
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages)


@pytest.fixture(scope="module")
def drawn(tmp_path_factory) -> dict[str, tuple[list[Shape], list[Shown], tuple[float, float]]]:
    """Each board's face as the build lays it out, drawn into a PDF and read back: its paths, strings and size."""
    return drawn_boards(SLUG, tmp_path_factory.mktemp("faces"))


def card_slots(found: list[Shape], card: tuple[float, float]) -> list[Shape]:
    """The stroked outlines (slots) the size of a card of `card` (w, h mm) plus the margin, left to right,
    top to bottom."""
    w, h = card[0] + 2 * MARGIN, card[1] + 2 * MARGIN
    slots = [s for s in found if s.paint == "stroke" and abs(s.box[2] - w) < 0.05 and abs(s.box[3] - h) < 0.05]
    return sorted(slots, key=lambda s: (round(s.box[1]), s.box[0]))


def inside(shown: Shown, shape: Shape) -> bool:
    x, y, w, h = shape.box
    return x <= shown.x <= x + w and y <= shown.y <= y + h


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_board_and_the_aid_build_on_home_paper(cli, tmp_path, paper):
    result = cli("build", SLUG, "--out", tmp_path, "--no-rulebook", "--paper", paper)
    assert result.exit_code == 0, result.output
    assert "boards: 2 (Border Control board, Player aid)" in result.output
    board = tmp_path / SLUG / f"{SLUG}-border-{paper}.pdf"
    aid = tmp_path / SLUG / f"{SLUG}-aid-{paper}.pdf"
    assert len(PdfReader(board).pages) == 6  # 457.2 mm square: 3 x 2 sheets on A4 and on Letter
    assert len(PdfReader(aid).pages) == 1    # A5: whole on one sheet
    text = words(board)
    for sheet in ("A1", "A2", "A3", "B1", "B2", "B3"):
        assert f"sheet {sheet}" in text
    lanes = constants()["lanes"]
    for label in [f"LANE {n}" for n in range(1, lanes + 1)] + [f"Lane {n} card" for n in range(1, lanes + 1)] + [
            "BORDER CONTROL", "PASSPORTS & TICKETS", "Passports", "Tickets", "DISCARD PILE", "Discard pile",
            "OUT OF GAME", "Out of game", "BANK", "MONEY", "ASSURANCE", "DESTINATION", "Destinations",
            "NATIONALITY", "Nationalities", "CAREER", "Careers", "SETUP · THE CARD LAYOUT DECK", "PHASE 1",
            "PHASE 2"]:
        assert label in text, label
    assert f"LANE {lanes + 1}" not in text
    assert "Player aid (print 6)" in words(aid)


def test_check_lays_the_boards_out_without_a_problem(cli):
    result = cli("check", SLUG)
    assert result.exit_code == 0, result.output
    assert re.search(r"Border Control board\s+1\s+\(board, 457\.2 x 457\.2 mm", result.output)
    assert re.search(r"Player aid\s+6\s+\(aid, 148 x 210 mm", result.output)
    assert "warning" not in result.output.lower()


def test_a_lane_slot_per_lane_card_each_named_with_its_tokens(drawn):
    found, shown, _ = drawn["border"]
    game = load_game(card_data_dir() / SLUG)
    lane_deck = game.deck("lane")
    card = (lane_deck.size.width, lane_deck.size.height)
    lanes, tokens = constants()["lanes"], constants()["border_tokens_per_lane"]
    assert lane_deck.total == lanes
    labelled = {s.text: s for s in shown}
    slots = [s for s in card_slots(found, card) if any(inside(t, s) and t.text.startswith("Lane ") for t in shown)]
    assert len(slots) == lanes
    tops = {round(s.box[1], 2) for s in slots}
    assert len(tops) == 1  # in a row, in order
    # the headings LANE 1 .. LANE n, one line (read as one string) right above the slots, from the first slot
    heading = next(t for t in shown if t.text.startswith("LANE "))
    assert heading.text.split() == [word for n in range(1, lanes + 1) for word in ("LANE", str(n))]
    assert slots[0].box[1] - 12 < heading.y < slots[0].box[1] and slots[0].box[0] < heading.x < slots[1].box[0]
    for number, slot in enumerate(slots, 1):
        x, y, w, h = slot.box
        assert inside(labelled[f"Lane {number} card"], slot)
        # under the slot: the number of Border Control tokens laid on the card
        below = [t for t in shown if y + h < t.y < y + h + 20 and x - 2 < t.x < x + w]
        assert str(tokens) in [t.text for t in below]
        assert any("tokens on the card" in t.text for t in below)


def test_passports_tickets_and_the_decks_have_slots_of_their_cards_size(drawn):
    found, shown, _ = drawn["border"]
    game = load_game(card_data_dir() / SLUG)
    expected = {"Passports": "passport", "Tickets": "ticket", "Destinations": "destination",
                "Nationalities": "nationality", "Careers": "career", "Discard pile": "document",
                "Out of game": "document"}
    for label, deck_id in expected.items():
        deck = game.deck(deck_id)
        slots = [s for s in card_slots(found, (deck.size.width, deck.size.height))
                 if any(t.text == label and inside(t, s) for t in shown)]
        assert len(slots) == 1, label
    # the bank: a slot per Money and Assurance token, each its token's size plus the margin, marked with its value
    tokens = {token.id: token for token in game.tokens}
    for kind, value in (("money", 1), ("money", 3), ("assurance", 1), ("assurance", 3)):
        token = tokens[f"{kind}_{value}"]
        fitting = [s for s in found if s.paint == "stroke" and abs(s.box[2] - token.width - 2 * MARGIN) < 0.05
                   and abs(s.box[3] - token.height - 2 * MARGIN) < 0.05
                   and any(t.text == str(value) and inside(t, s) for t in shown)]
        assert fitting, f"{kind} {value}"


def test_the_setup_table_is_the_constants(drawn):
    _, shown, _ = drawn["border"]
    c = constants()
    players = sorted(c["total_cards_by_players"], key=int)
    header = next(t for t in shown if t.text == "Players")
    rows = {}
    for count in players:  # a row per player count, below the header, in the Players column
        cell = next(t for t in shown if t.text == count and abs(t.x - header.x) < 8 and t.y > header.y)
        rows[count] = sorted((t for t in shown if abs(t.y - cell.y) < 0.5 and t.x > cell.x + 5), key=lambda t: t.x)
    for count, cells in rows.items():
        assert [t.text for t in cells] == [
            str(c["documents_by_players"][count]), str(c["connections_by_players"][count]),
            f"{c['life_cards_by_players'][count]} ({c['life_packs_by_players'][count]})",
            str(c["paydays_by_players"][count]), str(c["total_cards_by_players"][count])], count
    steps = " ".join(t.text for t in shown if t.y > max(t2.y for t2 in (rows[players[-1]])))
    assert f"remove {c['cards_removed_unseen']} unseen" in steps
    assert f"Deal {c['cards_dealt_each']} to each player" in steps
    assert "rows of " + ", ".join(map(str, c["layout_rows"])) + " cards" in steps


def test_the_aid_gives_each_action_its_amount_from_the_constants(drawn):
    _, shown, size = drawn["aid"]
    assert size == (148, 210)
    c = constants()
    text = " ".join(t.text for t in shown)
    rolls = c["graduation_rolls"]
    for needed in ("PHASE 1 · PREPARATION", "PHASE 2 · CROSSING THE BORDER", "GRADUATE FROM COLLEGE", "SELL",
                   "BUY", "DISCARD", "ACTIVATE", "GO TO COLLEGE", "PAYDAY", "WITHDRAW", "CROSS", "WIN",
                   f"on {', '.join(map(str, rolls[:-1]))} or {rolls[-1]} you graduate"):
        assert needed in text, needed
    amounts = [t for t in shown if re.fullmatch(r"\+?\d+", t.text)]
    # each amount is the bold number after its sentence, read in order of the page
    in_order = [t.text.lstrip("+") for t in sorted(amounts, key=lambda t: (round(t.y, 1), t.x))]
    assert in_order == [str(v) for v in (
        c["graduation_assurance"], c["pay_raise_values"][0], c["pay_raise_values"][1], c["sell_money"],
        c["discard_money"], c["college_min_money_over_nationality"], c["owner_fee"], c["stalemate_money"],
        c["passport_and_ticket_assurance"], c["scalping_fee"])]


def test_changing_a_constant_changes_the_board_and_the_aid(cli, tmp_path):
    game = tmp_path / SLUG
    shutil.copytree(card_data_dir() / SLUG, game)
    manifest = game / "game.toml"
    text = manifest.read_text("utf-8")
    for name, old, new in (("border_tokens_per_lane", 3, 4), ("cards_removed_unseen", 2, 3),
                           ("discard_money", 2, 5)):
        line = re.compile(rf"^{name} = {old}\b", re.M)
        assert line.search(text), name
        text = line.sub(f"{name} = {new}", text)
    manifest.write_text(text, "utf-8")
    assert cli("check", game).exit_code == 0
    result = cli("build", game, "--out", tmp_path / "out", "--no-rulebook")
    assert result.exit_code == 0, result.output
    board = words(tmp_path / "out" / SLUG / f"{SLUG}-border-a4.pdf")
    assert "4 tokens on the card" in board and "3 tokens on the card" not in board
    assert "The 3 cards removed unseen" in board and "remove 3 unseen" in board
    aid = words(tmp_path / "out" / SLUG / f"{SLUG}-aid-a4.pdf")
    assert "Document or Connection: take 5" in aid
