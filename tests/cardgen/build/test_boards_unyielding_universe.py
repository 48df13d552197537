"""Unyielding Universe's table mat and scoring aid (#31): built on A4 and Letter from game.toml's [boards.*], every
number they print read from the game's [constants] (the ones the companion's rules read), its slots the size of the
game's cards; measured from the PDFs the build writes."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from cardgen.gamedata.bundle import card_data_dir
from cardgen.gamedata.cardsizes import card_size
from tests.pdf_probe import multiply

SLUG = "unyielding_universe"
PT = 25.4 / 72
BOARDS = {"table": "Unyielding Universe table mat", "aid": "Unyielding Universe scoring aid"}


def manifest(folder: Path | None = None) -> dict:
    return tomllib.loads(((folder or card_data_dir() / SLUG) / "game.toml").read_text(encoding="utf-8"))


def words(pdf: Path) -> str:
    """The pages' text with their lines and runs joined by single spaces."""
    return " ".join(" ".join(page.extract_text() for page in PdfReader(pdf).pages).split())


def board_paths(pdf: Path, board_h: float) -> list[tuple[str, float, float, float, float]]:
    """Every path the board's face (the form XObject the sheet draws) paints: (S stroke / f fill / B both, x, y, w,
    h) in mm from the board's top-left corner, measured from the points of its operators."""
    reader = PdfReader(pdf)
    resources: Any = reader.pages[0]["/Resources"]
    form = next(o.get_object() for o in resources["/XObject"].values() if o.get_object()["/Subtype"] == "/Form")
    matrix, stack, points, found = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [], [], []
    for operands, operator in ContentStream(form, reader).operations:
        op = operator.decode()
        if op == "q":
            stack.append(matrix)
        elif op == "Q":
            matrix = stack.pop()
        elif op == "cm":
            matrix = multiply(tuple(float(v) for v in operands), matrix)
        elif op in ("m", "l", "c", "v", "y", "re"):
            values = [float(v) for v in operands]
            pairs = [(values[0], values[1]), (values[0] + values[2], values[1] + values[3])] if op == "re" \
                else list(zip(values[::2], values[1::2]))
            points += [(matrix[0] * x + matrix[2] * y + matrix[4], matrix[1] * x + matrix[3] * y + matrix[5])
                       for x, y in pairs]
        elif op in ("S", "s", "f", "f*", "F", "B", "B*", "b", "b*", "n"):
            if points and op != "n":
                xs, ys = [p[0] * PT for p in points], [board_h - p[1] * PT for p in points]
                found.append((op[0].upper(), min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
            points = []
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, dict[str, Path]]:
    from click.testing import CliRunner

    from cardgen.cli import main

    out = tmp_path_factory.mktemp("boards")
    made = {}
    for paper in ("a4", "letter"):
        result = CliRunner().invoke(main, ["build", SLUG, "--paper", paper, "--no-rulebook", "--out",
                                           str(out / paper)], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        assert f"boards: 2 ({BOARDS['table']}, {BOARDS['aid']}) on {paper} paper" in result.output
        made[paper] = {board: out / paper / SLUG / f"{SLUG}-{board}-{paper}.pdf" for board in BOARDS}
    return made


def test_each_board_is_one_sheet_on_a4_and_letter(built):
    boards = manifest()["boards"]
    most_players = manifest()["game"]["players"][1]
    assert boards["aid"]["kind"] == "aid" and boards["aid"]["count"] == most_players  # an aid per player
    assert boards["table"]["kind"] == "mat" and boards["table"].get("count", 1) == 1   # one for the table
    for pdfs in built.values():
        for board, pdf in pdfs.items():
            assert len(PdfReader(pdf).pages) == 1
            count = boards[board].get("count", 1)
            assert BOARDS[board] + (f" (print {count})" if count > 1 else ".") in words(pdf)


def test_check_passes_and_lists_the_boards(cli):
    result = cli("check", SLUG)
    assert result.exit_code == 0, result.output
    assert re.search(r"table mat\s+1\s+\(mat, 170 x 240 mm", result.output), result.output
    assert re.search(r"scoring aid\s+4\s+\(aid, 180 x 240 mm", result.output), result.output


def test_the_table_mat_has_a_slot_the_size_of_each_pile(built):
    constants = manifest()["constants"]
    poker = card_size(manifest()["game"]["card_size"])
    slot = (poker.width + 4, poker.height + 4)  # the decks' card size plus the 2 mm margin all round
    for pdfs in built.values():
        text = words(pdfs["table"])
        for name in ("Draw", "Discard", "Universe", "Life Well Lived"):
            assert f"{name} " in text
        shuffled = ", ".join(deck.replace("_", " ").title() for deck in constants["setup_shuffled_decks"])
        assert shuffled in text  # what the draw pile holds, from the setup's constant
        for label in ("Face up", "The active Universe card", "Until a player claims it"):
            assert label in text
        assert f"Draw {constants['cards_drawn_per_turn']} card a turn" in text
        assert (f"{constants['balanced_year_cards_to_end_round']} balanced Years spanning "
                f"{constants['life_well_lived_min_span']}+ years, no Life Complete: "
                f"+{constants['life_well_lived_points']} points") in text
        outlines = [(round(x, 1), round(y, 1)) for paint, x, y, w, h in board_paths(pdfs["table"], 240)
                    if paint in "SB" and w == pytest.approx(slot[0], abs=0.05) and h == pytest.approx(slot[1], abs=0.05)]
        # draw and Universe (solid), discard and Life Well Lived (dashed): two rows of two, side by side, not touching
        assert sorted(outlines) == [(12.0, 22.0), (12.0, 131.0), (90.5, 22.0), (90.5, 131.0)]
        (left, right), (top, bottom) = sorted({x for x, _ in outlines}), sorted({y for _, y in outlines})
        assert right - left > slot[0] and bottom - top > slot[1]


def test_the_aid_prints_the_scoring_from_the_constants(built):
    constants = manifest()["constants"]
    colours = constants["points_per_colour"]
    for pdfs in built.values():
        text = words(pdfs["aid"])
        assert f"Play rounds until someone has {constants['winning_score']} points" in text
        assert constants["tie_rule_text"] in text
        assert f"Draw {constants['cards_drawn_per_turn']} card from the draw pile" in text
        assert f"A player has {constants['balanced_year_cards_to_end_round']} balanced Year cards" in text
        assert f"spanning {constants['life_well_lived_min_span']}+ years" in text
        assert f"older than {constants['vengeful_age_threshold']} counts as {constants['vengeful_age_threshold']}" \
            in text
        assert "Each counts as your turn: draw no other card." in text and "Only a younger Life Complete replaces it." in text
        assert f"Each year lived {constants['points_per_year_lived']}" in text
        # the colours from least to most points, their points in the same order
        order = sorted(colours, key=colours.get)
        names = " ".join(f"{meaning} ({colour})" for meaning, colour in zip(("Negative", "Neutral", "Positive"), order))
        assert f"{names} {' '.join(str(colours[c]) for c in order)}" in text
        assert f"A Life Well Lived {constants['life_well_lived_points']}" in text
        example = (84 * constants["points_per_year_lived"] + 6 * colours["blue"] + 2 * colours["purple"]
                   + 2 * colours["green"] + constants["life_well_lived_points"] - 6)
        assert example == 109 and f"−6: {example} points" in text  # the rulebook's example adds up to 109
        for heading in ("Your turn", "The round ends when", "Drawn: played at once", "Scoring (balanced cards only)"):
            assert heading in text


def test_changing_the_constants_changes_the_boards(cli, tmp_path):
    game = tmp_path / SLUG
    shutil.copytree(card_data_dir() / SLUG, game)
    toml = (game / "game.toml").read_text(encoding="utf-8")
    for old, new in (("winning_score = 250", "winning_score = 300"), ("life_well_lived_points = 15 ",
                     "life_well_lived_points = 20 "), ("green = 3,", "green = 4,"),
                     ("life_well_lived_min_span = 84 ", "life_well_lived_min_span = 90 ")):
        assert old in toml
        toml = toml.replace(old, new)
    (game / "game.toml").write_text(toml, encoding="utf-8")
    result = cli("build", game, "--no-rulebook", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    aid, table = (words(tmp_path / "out" / SLUG / f"{SLUG}-{board}-a4.pdf") for board in ("aid", "table"))
    assert "someone has 300 points" in aid and "250" not in aid
    assert "A Life Well Lived 20" in aid and "Positive (green) 1 2 4" in aid and "spanning 90+ years" in aid
    assert "−6: 116 points" in aid  # 84 + 6 + 4 + 8 + 20 - 6
    assert "spanning 90+ years, no Life Complete: +20 points" in table
