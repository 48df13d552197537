"""`companion simulate`: a report and a chart; mistakes are one sentence and exit code 2, never a traceback."""

from __future__ import annotations

import json
import os
import stat

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.simulate import figures


def run(*args):
    return CliRunner().invoke(main, ["simulate", *args])


def test_a_run_prints_the_report_and_writes_the_chart(tmp_path):
    result = run("unsettled_immigration", "--games", "4", "--players", "3", "--bots", "1,2,2", "--seed", "5",
                 "--seconds-per-turn", "90", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "Wins by seat" in result.output and "minutes (at 90 s a turn)" in result.output
    chart = tmp_path / "unsettled_immigration" / "simulation-3p-levels-1-2-2-seed-5.svg"
    assert chart.read_text().startswith("<svg") and not list(chart.parent.glob(".simulation-*"))
    again = run("unsettled_immigration", "--games", "4", "--players", "3", "--bots", "1", "--bots", "2,2",
                "--seed", "5", "--seconds-per-turn", "90", "--out", str(tmp_path))
    assert again.output.split("Chart:")[0] == result.output.split("Chart:")[0]


@pytest.mark.parametrize("args, message", [
    (("nowhere",), "There is no game called 'nowhere'; games: "),
    (("unsettled_immigration", "--bots", "7"), "The newcomer bot has no level 7; its levels are 1, 2."),
    (("unsettled_immigration", "--bots", "easy"), "--bots takes bot levels as whole numbers"),
    (("emigration",), "emigration has no table model for simulated games yet"),
    (("unsettled_immigration", "--option", "vp_to_win=0"), "vp_to_win"),
    (("unsettled_immigration", "--games", "0"), "--games must be at least 1, not 0."),
])
def test_mistakes_are_one_sentence_and_exit_code_2(tmp_path, args, message):
    result = run(*args, "--out", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.fixture(params=[0o022, 0o027], ids=["umask-022", "umask-027"])
def umask(request):
    previous = os.umask(request.param)
    yield request.param
    os.umask(previous)


def test_the_chart_and_the_record_have_the_mode_of_every_other_output(tmp_path, umask):
    """Like each file cardgen writes, 0644 under the usual umask (and what the umask allows under another), not
    the 0600 of a temporary file made by mkstemp."""
    result = run("unsettled_immigration", "--games", "2", "--players", "3", "--bots", "1", "--seed", "5",
                 "--out", str(tmp_path / "output"))
    assert result.exit_code == 0, result.output
    chart, = (tmp_path / "output" / "unsettled_immigration").glob("simulation-*.svg")
    record = figures.record(tmp_path / "game", "solo", "companion simulate ...", {"games": 2})
    expected = 0o666 & ~umask
    assert (stat.S_IMODE(chart.stat().st_mode), stat.S_IMODE(record.stat().st_mode)) == (expected, expected)
    assert json.loads(record.read_text())["figures"] == {"games": 2}
    assert [path.name for path in (tmp_path / "output").iterdir()] == ["unsettled_immigration"]  # no staging left
    assert [path.name for path in (tmp_path / "game").iterdir()] == ["lab"]
