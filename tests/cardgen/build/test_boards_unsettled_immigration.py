"""Unsettled's player aid (#31): built on A4 and Letter from game.toml's [boards.aid], every number it prints read
from the game's [constants] (the ones the companion's rules read), measured from the PDF the build writes."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.gamedata.bundle import card_data_dir

SLUG = "unsettled_immigration"
PT = 25.4 / 72


def manifest(folder: Path | None = None) -> dict:
    return tomllib.loads(((folder or card_data_dir() / SLUG) / "game.toml").read_text(encoding="utf-8"))


def build(cli, out: Path, *args) -> Path:
    result = cli("build", *args, "--no-rulebook", "--out", out)
    assert result.exit_code == 0, result.output
    assert "boards: 1 (Unsettled player aid)" in result.output
    return out / SLUG


def words(pdf: Path) -> str:
    """The page's text with its lines and runs joined by single spaces."""
    return " ".join(" ".join(page.extract_text() for page in PdfReader(pdf).pages).split())


def placed(pdf: Path) -> list[tuple[str, float, float]]:
    """Each string the first page shows (stripped, not empty) with where it starts: x, y in mm from the top left."""
    page = PdfReader(pdf).pages[0]
    height = float(page.mediabox.height)
    found: list[tuple[str, float, float]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((text.strip(), x * PT, (height - y) * PT))

    page.extract_text(visitor_text=visit)
    return found


def at(strings: list[tuple[str, float, float]], text: str) -> tuple[float, float]:
    hits = [(x, y) for s, x, y in strings if s == text]
    assert len(hits) == 1, f"{text!r} is shown {len(hits)} times: {[s for s, _, _ in strings]}"
    return hits[0]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    from click.testing import CliRunner

    from cardgen.cli import main

    out = tmp_path_factory.mktemp("aid")
    runner = CliRunner()
    made = {}
    for paper in ("a4", "letter"):
        result = runner.invoke(main, ["build", SLUG, "--paper", paper, "--no-rulebook", "--out", str(out / paper)],
                               catch_exceptions=False)
        assert result.exit_code == 0, result.output
        made[paper] = out / paper / SLUG / f"{SLUG}-aid-{paper}.pdf"
    return made


def test_the_aid_is_one_sheet_per_player_on_a4_and_letter(built):
    most_players = manifest()["game"]["players"][1]
    assert manifest()["boards"]["aid"] == manifest()["boards"]["aid"] | {"kind": "aid", "count": most_players}
    for pdf in built.values():
        assert len(PdfReader(pdf).pages) == 1  # 180 x 240 mm fits one sheet of either paper
        assert f"Unsettled player aid (print {most_players})" in words(pdf)


def test_check_passes_and_lists_the_aid(cli):
    result = cli("check", SLUG)
    assert result.exit_code == 0, result.output
    assert re.search(r"Unsettled player aid\s+5\s+\(aid, 180 x 240 mm", result.output), result.output


def test_the_aid_prints_the_constants_a_player_needs(built):
    constants = manifest()["constants"]
    for pdf in built.values():
        text = words(pdf)
        for players, vp in constants["vp_to_win_by_players"].items():  # the VP to win for each player count
            assert f"{players}: {vp} VP" in text
        assert f"Draw {constants['draw_resources_per_turn']} Resource and {constants['draw_ops_per_turn']} Op card" \
            in text
        assert f"Take {constants['actions_per_turn']} action, one of:" in text
        for action in ("play an Op card from your hand", "buy a Milestone", "pay to discard an Attack"):
            assert action in text
        values = constants["resource_values"]
        order = ("time", "cash", "influence", "document")
        assert "Time Cash Influence Document " + " ".join(str(values[r]) for r in order) in text
        assert (f"in a cost is {values['document'] // values['influence']} , "
                f"{values['document'] // values['cash']} or {values['document'] // values['time']}") in text
        assert f"you may lay {constants['start_free_milestones']} Milestone from your " \
               f"{constants['starting_op_cards']}-card hand free" in text
        assert f"Bureaucratic Blitz ({constants['bureaucratic_blitz_count']} in the deck)" in text
        for heading in ("Your turn", "Paying: resource values", "Milestones", "Attacks and Defenses"):
            assert heading in text
        assert "Overpaying gives no change" in text and "No hand limit" in text


def test_the_sections_sit_in_two_columns_in_reading_order(built):
    strings = placed(built["a4"])
    turn, milestones = at(strings, "Your turn"), at(strings, "Milestones")
    paying, attacks = at(strings, "Paying: resource values"), at(strings, "Attacks and Defenses")
    assert turn[0] == pytest.approx(paying[0], abs=0.1) and milestones[0] == pytest.approx(attacks[0], abs=0.1)
    assert milestones[0] - turn[0] > 80  # the right column starts past the left one's 82 mm
    assert turn[1] == pytest.approx(milestones[1], abs=0.1) and paying[1] == pytest.approx(attacks[1], abs=0.1)
    assert paying[1] - turn[1] > 100
    # the resources' names, then their values, then the words on paying, under the Paying heading
    names, values, words_y = (at(strings, text)[1] for text in ("Time Cash Influence Document", "1 2 4 8",
                                                                 "Pay any cost with"))
    assert paying[1] < names < values < words_y


def test_changing_a_constant_changes_the_aid(cli, tmp_path):
    game = tmp_path / SLUG
    shutil.copytree(card_data_dir() / SLUG, game)
    toml = (game / "game.toml").read_text(encoding="utf-8")
    toml = toml.replace('"2" = 22', '"2" = 27').replace("draw_resources_per_turn = 2", "draw_resources_per_turn = 3")
    toml = toml.replace("bureaucratic_blitz_count = 1 ", "bureaucratic_blitz_count = 2 ")
    (game / "game.toml").write_text(toml, encoding="utf-8")
    assert manifest(game)["constants"]["vp_to_win_by_players"]["2"] == 27
    text = words(build(cli, tmp_path / "out", game) / f"{SLUG}-aid-a4.pdf")
    assert "2: 27 VP" in text and "2: 22 VP" not in text
    assert "Draw 3 Resource" in text and "Bureaucratic Blitz (2 in the deck)" in text
