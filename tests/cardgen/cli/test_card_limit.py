"""A limit on the cards of a whole build: refused before any file is written, by build and by check (#29)."""

from __future__ import annotations

from cardgen.cli.card_limit import MAX_CARDS
from tests.conftest import BUNDLED


def many_rows(make_game, rows: int, count: int):
    """A game of `rows` distinct heroes of `count` copies each."""
    lines = "".join(f"h-{n},Hero {n},3,light,{count},\n" for n in range(1, rows + 1))
    return make_game(heroes_csv="id,name,power,side,count,text\n" + lines)


def test_a_build_over_the_default_limit_writes_nothing(make_game, cli, tmp_path):
    rows = MAX_CARDS // 1000 + 1  # count is capped at 1,000 per row; the rows together are not
    folder = many_rows(make_game, rows, 1000)
    result = cli("build", folder, "--all-formats", "--out", tmp_path / "out")
    assert result.exit_code == 2
    total = rows * 1000
    assert f"{total:,} cards in all, more than the limit of {MAX_CARDS:,}" in result.output
    assert f"--max-cards {total}" in result.output
    assert "'heroes' in heroes.csv" in result.output
    assert not (tmp_path / "out").exists()


def test_max_cards_lowers_and_raises_the_limit(make_game, cli, tmp_path):
    folder = many_rows(make_game, 3, 2)
    refused = cli("build", folder, "--out", tmp_path / "out", "--max-cards", "5")
    assert refused.exit_code == 2 and "6 cards in all, more than the limit of 5" in refused.output
    assert not (tmp_path / "out").exists()
    built = cli("build", folder, "--out", tmp_path / "out", "--max-cards", "6")
    assert built.exit_code == 0, built.output
    assert (tmp_path / "out" / "tiny" / "manifest.json").is_file()


def test_check_refuses_what_build_would(make_game, cli):
    folder = many_rows(make_game, MAX_CARDS // 1000 + 1, 1000)
    result = cli("check", folder)
    assert result.exit_code == 2
    assert f"more than the limit of {MAX_CARDS:,} cards a build makes" in result.output
    assert "cardgen build refuses it" in result.output
    assert cli("check", folder, "--max-cards", "11000").exit_code == 0


def test_all_games_are_refused_one_by_one(cli, tmp_path):
    result = cli("build", "--all", "--max-cards", "1", "--out", tmp_path / "out")
    assert result.exit_code == 2
    for slug in BUNDLED:
        assert f"error: {slug}: " in result.output and "more than the limit of 1 card a build" in result.output
    assert not [path for path in (tmp_path / "out").rglob("*") if path.is_file()]
