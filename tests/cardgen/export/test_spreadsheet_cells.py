"""Card data that a spreadsheet would run as a formula is written neutralised into every CSV, and check says so."""

from __future__ import annotations

import csv
import io
import json

import pytest

from cardgen.export.spreadsheet_cells import neutral
from cardgen.reprint.listing import as_csv
from cardgen.reprint.since import Change

FORMULA = "=cmd|' /C calc'!A0"
NAMES = {"h-1": FORMULA, "h-2": "+1+1", "h-3": "-2-2", "h-4": "@SUM(A1)", "h-7": "Plain = safe", "h-8": "'quoted"}
# (a name's leading tab or carriage return is trimmed when the CSV is read: `neutral` is tested on those alone)


def formula_game(make_game):
    rows = "".join(f'{card},"{name}",3,light,1,\n' for card, name in NAMES.items())
    return make_game(heroes_csv="id,name,power,side,count,text\n" + rows)


@pytest.mark.parametrize("value, written", [(FORMULA, "'" + FORMULA), ("+1", "'+1"), ("-1", "'-1"), ("@A1", "'@A1"),
                                            ("\tx", "'\tx"), ("\rx", "'\rx"), ("a=1", "a=1"), ("", ""), (-3, -3)])
def test_a_cell_a_spreadsheet_would_run_gets_an_apostrophe(value, written):
    assert neutral(value) == written


def test_order_csv_holds_names_neutralised_and_order_json_as_they_are(make_game, cli, tmp_path):
    folder = formula_game(make_game)
    result = cli("build", folder, "--png", "--dpi", "72", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    png = tmp_path / "out" / "tiny" / "png"
    rows = list(csv.DictReader(io.StringIO((png / "order.csv").read_text(encoding="utf-8"), newline="")))
    fronts = {row["card"]: row["name"] for row in rows if row["side"] == "front"}
    assert fronts == {card: ("'" + name if name[0] in "=+-@\t\r" else name) for card, name in NAMES.items()}
    for row in rows:  # no cell of the file starts a formula
        assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row.values()), row
    items = json.loads((png / "order.json").read_text(encoding="utf-8"))["items"]
    assert {item["card"]: item["name"] for item in items if item["side"] == "front"} == NAMES


def test_the_reprint_list_holds_cells_neutralised():
    change = Change("heroes", "=Heroes", "h-1", FORMULA, "print", 2, "changed", "tiny-reprint-heroes-a4.pdf", 1)
    rows = list(csv.reader(io.StringIO(as_csv([change]), newline="")))
    assert rows[1][:4] == ["heroes", "'=Heroes", "h-1", "'" + FORMULA]


def test_check_warns_at_the_cell_and_strict_makes_it_an_error(make_game, cli):
    folder = formula_game(make_game)
    result = cli("check", folder)
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if "spreadsheet would run" in line]
    assert len(lines) == 4  # =, +, -, @; not "Plain = safe" nor "'quoted"
    assert lines[0].startswith(f"{folder / 'heroes.csv'}:2:2: warning: card name")  # line 2, column 2 (name)
    assert f"as \"'{FORMULA}\"" in lines[0]
    strict = cli("check", folder, "--strict")
    assert strict.exit_code == 2
    assert "error: tiny: 4 problems in the card data" in strict.output
