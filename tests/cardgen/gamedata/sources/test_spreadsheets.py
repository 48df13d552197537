"""A deck read from a sheet of an .xlsx or .ods file loads and prints the same cards as the same rows in a CSV;
its errors name the file, the sheet and the cell; without the spreadsheet extra the error says how to install it."""

from __future__ import annotations

import datetime
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

import openpyxl
import pytest
from pypdf import PdfReader

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import GameDataError, load_game
from cardgen.gamedata.sources.cell_text import cell_text
from cardgen.gamedata.sources.location import Location, column_letters
from cardgen.gamedata.sources.spreadsheet import INSTALL
from tests.conftest import MINIMAL_CSV, MINIMAL_TOML

ROWS = [["id", "name", "power", "side", "count", "text"],
        ["h-1", "Ada", 3, "light", 2, "**Bold** move"],
        ["h-2", "Grace", 5, "dark", 1, None]]


def write_xlsx(path: Path, sheets: dict[str, list[list]], merges: dict[str, list[str]] | None = None) -> Path:
    """An .xlsx file with one sheet per entry, the rows from A1 (None: an empty cell), written by openpyxl."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
        for cells in (merges or {}).get(name, []):
            sheet.merge_cells(cells)
    book.save(path)
    return path


def with_cached_values(path: Path, values: dict[str, str]) -> None:
    """Gives the formulas of the first sheet the results a spreadsheet program saves beside them (openpyxl
    writes formulas without one): `{"G2": "6"}`."""
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    name = "xl/worksheets/sheet1.xml"
    xml = parts[name].decode()
    for cell, value in values.items():
        xml, count = re.subn(rf'(<c r="{cell}"[^>]*><f>[^<]*</f>)<v\s*/?>(</v>)?', rf"\g<1><v>{value}</v>", xml)
        assert count == 1, cell
    parts[name] = xml.encode()
    with zipfile.ZipFile(path, "w") as archive:
        for part, data in parts.items():
            archive.writestr(part, data)


def write_ods(path: Path, sheets: dict[str, list[list]]) -> Path:
    """A minimal OpenDocument spreadsheet (what LibreOffice reads): a zip of mimetype, manifest and content.xml.

    A cell is None (empty), text, a number, a bool, a datetime.date, or ("merged", text, columns, rows)
    for a merged cell, whose covered cells are written as "covered"."""
    def cell(value) -> str:
        if value is None:
            return "<table:table-cell/>"
        if value == "covered":
            return "<table:covered-table-cell/>"
        if isinstance(value, tuple):
            _, text, across, down = value
            return (f'<table:table-cell table:number-columns-spanned="{across}" table:number-rows-spanned="{down}" '
                    f'office:value-type="string"><text:p>{escape(text)}</text:p></table:table-cell>')
        if isinstance(value, bool):
            return (f'<table:table-cell office:value-type="boolean" office:boolean-value="{str(value).lower()}">'
                    f"<text:p>{value}</text:p></table:table-cell>")
        if isinstance(value, (int, float)):
            return (f'<table:table-cell office:value-type="float" office:value="{value}"><text:p>{value}</text:p>'
                    "</table:table-cell>")
        if isinstance(value, datetime.date):
            return (f'<table:table-cell office:value-type="date" office:date-value="{value.isoformat()}">'
                    f"<text:p>{value.isoformat()}</text:p></table:table-cell>")
        return f'<table:table-cell office:value-type="string"><text:p>{escape(value)}</text:p></table:table-cell>'

    tables = "".join(
        f'<table:table table:name="{escape(name)}">'
        + "".join("<table:table-row>" + "".join(cell(value) for value in row) + "</table:table-row>" for row in rows)
        + "</table:table>" for name, rows in sheets.items())
    content = ('<?xml version="1.0" encoding="UTF-8"?><office:document-content '
               'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
               'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
               'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
               f"<office:body><office:spreadsheet>{tables}</office:spreadsheet></office:body>"
               "</office:document-content>")
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                '<manifest:file-entry manifest:full-path="/" '
                'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
                "</manifest:manifest>")
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("META-INF/manifest.xml", manifest)
        archive.writestr("content.xml", content)
    return path


def spreadsheet_toml(file: str, sheet: str | None = None, toml: str = MINIMAL_TOML) -> str:
    """The tiny game's game.toml with its deck read from `file` (and `sheet`)."""
    keys = f'file = "{file}"\n' + (f'sheet = "{sheet}"\n' if sheet else "")
    return toml.replace('[decks.heroes]\ntitle = "Heroes"\n', f'[decks.heroes]\ntitle = "Heroes"\n{keys}')


def spreadsheet_game(make_game, file: str, sheets: dict[str, list[list]], sheet: str | None = None,
                     name: str = "sheets", toml: str = MINIMAL_TOML) -> Path:
    """The tiny game with its deck in `file` (.xlsx or .ods) holding `sheets`, and no heroes.csv."""
    folder = make_game(toml=spreadsheet_toml(file, sheet, toml), name=name)
    (folder / "heroes.csv").unlink()
    (write_xlsx if file.endswith(".xlsx") else write_ods)(folder / file, sheets)
    return folder


def problems_of(folder: Path) -> list[str]:
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    return [str(problem) for problem in caught.value.problems]


def card_values(folder: Path) -> list[tuple]:
    return [(c.id, c.name, c.deck, c.count, c.layout, dict(c.fields)) for c in load_game(folder).cards()]


@pytest.mark.parametrize("file", ["cards.xlsx", "cards.ods"])
def test_a_deck_from_a_sheet_loads_the_cards_the_same_rows_in_a_csv_give(make_game, file: str):
    csv_folder = make_game(name="csv")
    folder = spreadsheet_game(make_game, file, {"Heroes": ROWS})
    assert card_values(folder) == card_values(csv_folder)
    cards = load_game(folder).cards()
    assert [(c.file.name, c.sheet, c.line) for c in cards] == [(file, "Heroes", 2), (file, "Heroes", 3)]
    assert str(cards[1].location()).endswith(f"{file}, sheet Heroes, row 3")


def pdf_text(pdf: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(pdf).pages]


def test_a_deck_from_each_kind_of_spreadsheet_prints_what_its_csv_prints(make_game, tmp_path: Path):
    built = {}
    for file in ("heroes.csv", "cards.xlsx", "cards.ods"):
        name = file.replace(".", "_")
        folder = make_game(name=name) if file.endswith(".csv") else \
            spreadsheet_game(make_game, file, {"Heroes": ROWS}, name=name)
        game = load_game(folder)
        build(game, BuildOptions(out=tmp_path / "out", rulebook=False))
        built[file] = pdf_text(tmp_path / "out" / game.slug / f"{game.slug}-heroes-a4.pdf")
    assert "Ada" in built["heroes.csv"][0] and "Grace" in built["heroes.csv"][0]
    assert built["cards.xlsx"] == built["heroes.csv"]
    assert built["cards.ods"] == built["heroes.csv"]


def test_cells_become_the_text_a_csv_would_hold(make_game):
    toml = """\
[game]
title = "Values"
players = [2, 4]

[decks.items]
title = "Items"
file = "items.xlsx"

[decks.items.columns]
cost = { type = "int" }
weight = { type = "float" }
magic = { type = "bool" }
found = { type = "str" }
at = { type = "str" }
era = { type = "str", required = false }
note = { type = "str", required = false }
"""
    folder = make_game(toml=toml, name="values")
    (folder / "heroes.csv").unlink()
    rows = [["id", "name", "cost", "weight", "magic", "found", "at", "era", "note", None, None],
            ["i-1", "Sword", 3.0, 1.5, True, datetime.date(2024, 5, 1), datetime.datetime(2024, 5, 1, 13, 30),
             "Bronze", "=C2*2"],
            ["i-2", "Shield", 4, 0.1 + 0.2, False, datetime.datetime(2024, 6, 2), datetime.time(10, 15), None, None],
            [None] * 9,  # a blank row between cards is skipped, as in a CSV
            ["i-3", "Helm", 2, 2, "no", "2024", "noon", None, "  spaced  "],
            [None] * 11, [None] * 11]  # trailing empty rows and the empty columns J and K are no part of the deck
    path = write_xlsx(folder / "items.xlsx", {"Items": rows}, merges={"Items": ["H2:H3"]})  # one era, two rows
    with_cached_values(path, {"I2": "6"})  # a formula reads as the value the spreadsheet program saved
    cards = load_game(folder).cards()
    assert [(c.id, c.line) for c in cards] == [("i-1", 2), ("i-2", 3), ("i-3", 5)]
    assert [dict(c.fields) for c in cards] == [
        {"id": "i-1", "name": "Sword", "count": 1, "cost": 3, "weight": 1.5, "magic": True, "found": "2024-05-01",
         "at": "2024-05-01 13:30", "era": "Bronze", "note": "6"},
        {"id": "i-2", "name": "Shield", "count": 1, "cost": 4, "weight": 0.3, "magic": False, "found": "2024-06-02",
         "at": "10:15", "era": "Bronze", "note": None},
        {"id": "i-3", "name": "Helm", "count": 1, "cost": 2, "weight": 2.0, "magic": False, "found": "2024",
         "at": "noon", "era": None, "note": "spaced"},
    ]


def test_an_ods_merged_cell_gives_its_value_to_every_cell_it_covers(make_game):
    rows = [ROWS[0], ["h-1", "Ada", 3, ("merged", "light", 1, 2), 2, None], ["h-2", "Grace", 5, "covered", 1, None]]
    folder = spreadsheet_game(make_game, "cards.ods", {"Heroes": rows})
    assert [c["side"] for c in load_game(folder).cards()] == ["light", "light"]


@pytest.mark.parametrize("file", ["cards.xlsx", "cards.ods"])
def test_a_bad_cell_is_named_by_file_sheet_and_cell(make_game, cli, file: str):
    rows = [*ROWS, ["h-3", "Linus", 50, "grey", 1, None]]
    folder = spreadsheet_game(make_game, file, {"Notes": [["read me"]], "Heroes": rows})
    result = cli("check", folder)
    assert result.exit_code == 2
    lines = [line.strip() for line in result.output.splitlines()]
    assert f"{folder / file}, sheet Heroes, cell C4: column 'power': expected a whole number from 0 to 10, " \
           "found '50'" in lines, result.output
    assert f"{folder / file}, sheet Heroes, cell D4: column 'side': expected one of light, dark, found 'grey'" \
           in lines, result.output


def test_header_problems_and_a_cell_beyond_the_header_name_their_cells(make_game):
    rows = [["id", "name", "power", "side", "colour", None, "text"],
            ["h-1", "Ada", 3, "light", "red", None, None, None, "stray"]]
    folder = spreadsheet_game(make_game, "cards.xlsx", {"Heroes": rows})
    found = problems_of(folder)
    place = f"{folder / 'cards.xlsx'}, sheet Heroes"
    assert f"{place}, cell E1: unknown column 'colour': deck 'heroes' declares id, name, count, power, side, text " \
           "(declare it in game.toml or fix the header)" in found
    assert f"{place}, cell F1: a column in the header has no name" in found
    assert f"{place}, cell I2: this cell has a value, but its column has no name in row 1 (the last named column " \
           "is G); name the column in row 1 or clear the cell" in found


def test_formulas_a_script_wrote_without_results_are_said_once_with_the_way_out(make_game):
    rows = [["id", "name", "power", "side"]] + [[f"h-{n}", f"Hero {n}", f"={n}+1", "light"] for n in range(1, 8)]
    folder = spreadsheet_game(make_game, "cards.xlsx", {"Heroes": rows})  # openpyxl saves no formula results
    found = problems_of(folder)
    assert found == [f"{folder / 'cards.xlsx'}, sheet Heroes: 7 cells (C2, C3, C4, C5, C6, ...) hold a formula with "
                     "no saved result: the file was last written by a program that does not calculate (a script, "
                     "such as one using openpyxl); open it in Excel or LibreOffice Calc and save it, so each result "
                     "is saved beside its formula"], found
    with_cached_values(folder / "cards.xlsx", {f"C{n}": str(n) for n in range(2, 9)})  # saved by a spreadsheet
    assert [card["power"] for card in load_game(folder).cards()] == list(range(2, 9))


def test_an_empty_sheet_and_an_empty_header_row_are_named(make_game):
    folder = spreadsheet_game(make_game, "cards.xlsx", {"Heroes": []})
    assert problems_of(folder) == [f"{folder / 'cards.xlsx'}, sheet Heroes: the sheet is empty: expected a header "
                                   "row naming the columns (id, name, power, side) and one row per card"]
    folder = spreadsheet_game(make_game, "cards.xlsx", {"Heroes": [[None], ["h-1", "Ada", 3, "light"]]}, name="b")
    assert problems_of(folder) == [f"{folder / 'cards.xlsx'}, sheet Heroes, row 1: the header row is empty: "
                                   "expected the column names (id, name, power, side) in row 1"]


def test_duplicate_ids_across_a_csv_deck_and_a_spreadsheet_deck_are_found(make_game):
    toml = spreadsheet_toml("cards.xlsx") + """
[decks.villains]
title = "Villains"

[decks.villains.columns.power]
type = "int"
"""
    folder = make_game(toml=toml, name="mixed", villains_csv="id,name,power\nv-1,Vex,2\nh-2,Mirror,4\n")
    write_xlsx(folder / "cards.xlsx", {"Heroes": ROWS})
    assert problems_of(folder) == [f"{folder / 'villains.csv'}:3:1: column 'id': duplicate id 'h-2', already used "
                                   "at cards.xlsx, sheet Heroes, row 3; ids must be unique within the game"]


def test_two_decks_read_two_sheets_of_one_file_and_the_sheet_named_like_the_deck_is_the_default(make_game):
    toml = spreadsheet_toml("cards.xlsx") + """
[decks.villains]
title = "Villains"
file = "cards.xlsx"
sheet = "Bad guys"

[decks.villains.columns.power]
type = "int"
"""
    folder = make_game(toml=toml, name="two_sheets")
    villains = [["id", "name", "power"], ["v-1", "Vex", 2]]
    write_xlsx(folder / "cards.xlsx", {"Bad guys": villains, "Notes": [["not cards"]], "HEROES": ROWS})
    game = load_game(folder)
    assert [(c.id, c.sheet) for c in game.cards()] == [("h-1", "HEROES"), ("h-2", "HEROES"), ("v-1", "Bad guys")]
    assert [d.sheet for d in game.decks] == ["HEROES", "Bad guys"]


def test_without_a_sheet_named_like_the_deck_the_first_sheet_is_read(make_game):
    folder = spreadsheet_game(make_game, "cards.xlsx", {"Cards": ROWS, "Notes": [["not cards"]]})
    assert [(c.id, c.sheet) for c in load_game(folder).cards()] == [("h-1", "Cards"), ("h-2", "Cards")]


@pytest.mark.parametrize("file", ["cards.xlsx", "cards.ods"])
def test_a_named_sheet_that_is_not_there_lists_the_sheets_there(make_game, file: str):
    folder = spreadsheet_game(make_game, file, {"Heroes": ROWS, "Villains": [["id"]]}, sheet="Heros")
    line = spreadsheet_toml(file, "Heros").splitlines().index('sheet = "Heros"') + 1
    assert problems_of(folder) == [f"{folder / 'game.toml'}:{line}: deck 'heroes': {file} has no sheet 'Heros'; "
                                   "its sheets are 'Heroes', 'Villains'"]


def test_without_the_spreadsheet_extra_the_error_says_how_to_install_it(make_game, monkeypatch):
    folder = spreadsheet_game(make_game, "cards.xlsx", {"Heroes": ROWS})
    monkeypatch.setitem(sys.modules, "python_calamine", None)  # `import python_calamine` raises ImportError
    line = spreadsheet_toml("cards.xlsx").splitlines().index('file = "cards.xlsx"') + 1
    assert problems_of(folder) == [
        f"{folder / 'game.toml'}:{line}: deck 'heroes': cards.xlsx is a spreadsheet, and reading one needs pnpkit's "
        f"spreadsheet support, which is not installed; install it with: {INSTALL}"]
    assert INSTALL == "pip install 'pnpkit[spreadsheets]'"


def test_a_game_of_csv_files_loads_without_the_spreadsheet_reader(make_game):
    code = (f"import sys, cardgen.gamedata as g\ng.load_game({str(make_game())!r})\n"
            "print('python_calamine' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_a_missing_file_one_that_is_no_spreadsheet_and_a_path_outside_are_refused(make_game, tmp_path: Path):
    folder = spreadsheet_game(make_game, "cards.ods", {"Heroes": ROWS})
    (folder / "cards.ods").unlink()
    assert problems_of(folder) == [f"{folder / 'cards.ods'}: file not found: game.toml declares this deck, so its "
                                   "spreadsheet must exist"]
    folder = spreadsheet_game(make_game, "cards.xlsx", {"Heroes": ROWS}, name="other")
    (folder / "cards.xlsx").write_bytes(b"id,name\nh-1,Ada\n")
    [problem] = problems_of(folder)
    assert problem.startswith(f"{folder / 'cards.xlsx'}: not readable as an .xlsx spreadsheet (")
    assert problem.endswith("); open it in your spreadsheet program and save it again as .xlsx")
    outside = write_xlsx(tmp_path / "elsewhere.xlsx", {"Heroes": ROWS})
    (folder / "cards.xlsx").unlink()
    (folder / "cards.xlsx").symlink_to(outside)
    [problem] = problems_of(folder)
    assert "file 'cards.xlsx' is outside the game folder (a link that leads out of it); copy the file into " \
           "the folder" in problem, problem


def test_sheet_on_a_csv_deck_and_an_old_excel_file_are_game_toml_problems(make_game):
    folder = make_game(toml=MINIMAL_TOML.replace('title = "Heroes"\n', 'title = "Heroes"\nsheet = "Heroes"\n'),
                       name="csv_sheet")
    [problem] = problems_of(folder)
    assert problem == (f"{folder / 'game.toml'}:7: sheet 'Heroes' picks a sheet of a spreadsheet, but file "
                       "'heroes.csv' is not one (.xlsx or .ods)")
    folder = make_game(toml=spreadsheet_toml("cards.xls"), name="xls")
    (folder / "cards.xls").write_bytes(b"\xd0\xcf\x11\xe0 an old Excel file")
    [problem] = problems_of(folder)
    assert problem == (f"{folder / 'game.toml'}:7: file 'cards.xls': pnpkit reads .xlsx and .ods spreadsheets; "
                       "save it as .xlsx (Excel Workbook) or .ods, or as a CSV file")


def test_a_changed_cell_rebuilds_its_deck(make_game, tmp_path: Path):
    folder = spreadsheet_game(make_game, "cards.xlsx", {"Heroes": ROWS})
    options = BuildOptions(out=tmp_path / "out", rulebook=False)
    pdf = tmp_path / "out" / "sheets" / "sheets-heroes-a4.pdf"
    build(load_game(folder), options)
    assert build(load_game(folder), options).unchanged
    before = pdf.read_bytes()
    write_xlsx(folder / "cards.xlsx", {"Heroes": [ROWS[0], ROWS[1], ["h-2", "Grace Hopper", 5, "dark", 1, None]]})
    result = build(load_game(folder), options)
    assert not result.unchanged and pdf.read_bytes() != before
    assert "Grace Hopper" in pdf_text(pdf)[0]


def test_places_and_cell_text():
    assert [column_letters(n) for n in (1, 2, 26, 27, 52, 703)] == ["A", "B", "Z", "AA", "AZ", "AAA"]
    assert str(Location(Path("d/heroes.csv"), 7, 2)) == "d/heroes.csv:7:2"
    assert str(Location(Path("d/cards.xlsx"), 7, 2, "Heroes")) == "d/cards.xlsx, sheet Heroes, cell B7"
    assert Location(Path("d/cards.xlsx"), 7, sheet="Heroes").brief() == "cards.xlsx, sheet Heroes, row 7"
    assert Location(Path("d/heroes.csv"), 7).row() == "line 7"
    values = (None, "", 3.0, -2.0, 1e20, 2.5e-7, True, 7, datetime.timedelta(hours=26, minutes=30))
    assert [cell_text(v) for v in values] == ["", "", "3", "-2", "1e+20", "2.5e-07", "true", "7", "26:30"]
    assert MINIMAL_CSV.splitlines()[0] == ",".join(ROWS[0])  # the rows these tests print are the tiny game's CSV
