"""Plays as CSV: one row per seat, RFC 4180 quoting and line ends, and no cell a spreadsheet would run."""

from __future__ import annotations

import csv
import dataclasses
import io

from companion.plays import csv_export
from tests.companion.plays.formats_fixtures import kinds


def rows() -> list[dict[str, str]]:
    text = csv_export.export(kinds())
    return list(csv.DictReader(io.StringIO(text, newline="")))


def test_one_row_per_seat_under_a_header() -> None:
    text = csv_export.export(kinds())
    assert text.split("\r\n")[0] == ",".join(csv_export.HEADER)
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    got = rows()
    assert len(got) == 3 + 2 + 2 + 2 + 2
    assert [r["Player"] for r in got[:3]] == ["Ann", "Bob", "Cy"]


def test_each_kind_of_play_fills_its_columns() -> None:
    got = rows()
    ann = got[0]
    assert (ann["Play"], ann["Date"], ann["Game"], ann["Location"], ann["Minutes"], ann["Rounds"]) == (
        "p1", "2026-01-01", "Emigration", "Ann's kitchen", "55", "9")
    assert (ann["Linked player"], ann["Score"], ann["Place"], ann["Winner"], ann["New"]) == (
        "pl-ann", "45", "1", "yes", "yes")
    assert (got[1]["Winner"], got[1]["Place"], got[2]["Score"]) == ("yes", "1", "20.5")
    assert [(r["Co-op result"], r["Winner"], r["Place"]) for r in got[3:7]] == [
        ("won", "yes", ""), ("won", "yes", ""), ("lost", "no", ""), ("lost", "no", "")]
    assert (got[8]["Player"], got[8]["Bot level"], got[8]["Playtest"]) == ("Quinn", "3", "yes")
    assert got[7]["Bot level"] == "" and got[0]["Co-op result"] == ""
    assert [r["Stopped early"] for r in got[9:]] == ["yes", "yes"] and got[0]["Stopped early"] == "no"


def test_cells_a_spreadsheet_would_run_get_an_apostrophe() -> None:
    got = rows()
    assert got[9]["Player"] == "'@Dee" and got[9]["Location"] == "'=HYPERLINK(\"x\")"
    assert got[9]["Score"] == "-2"    # a number the companion wrote is left as it is
    assert csv_export.safe("+1") == "'+1" and csv_export.safe("-x") == "'-x" and csv_export.safe("a=b") == "a=b"


def test_quotes_commas_and_line_breaks_are_quoted_and_read_back() -> None:
    play = kinds()[0]
    odd = dataclasses.replace(play, notes='He said "again", then\nleft', location="Café, upstairs")
    text = csv_export.export([odd])
    assert '"He said ""again"", then\nleft"' in text and '"Café, upstairs"' in text
    back = list(csv.DictReader(io.StringIO(text, newline="")))
    assert back[0]["Notes"] == 'He said "again", then\nleft' and back[0]["Location"] == "Café, upstairs"
    assert csv_export.export([odd]) == text
