"""Decks of Squib, nanDECK and protograf ported with the docs only: each reads its source's data file unedited,
checks and builds, and lays out in no more lines than its source (tests/fixtures/ports/*/README.md).

Lines are counted from the files, non-blank and not comments. The source's lines that only load its data,
import the tool or save the output are left out, as the port's data declarations are (game.toml's [game],
the deck's file, ids and columns); what remains is what says where things go and how they look.
"""

from __future__ import annotations

import ast
import csv
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

PORTS = Path(__file__).resolve().parents[1] / "fixtures" / "ports"
# port folder -> its data file (a copy of source/'s), the source files that lay out, whether --strict passes
DECKS = {
    "squib_intro": ("data.xlsx", ("05_excel.rb", "part3_layout.yml"), True),
    "nandeck_cost_cards": ("cost-data.csv", ("cost-card-deck.txt",), False),
    "protograf_circular": ("lotr.csv", ("cards_circular.py.txt",), True),  # .txt: no linter or import check reads it
}
# a source line that loads data, imports the tool or saves the output, by the file's suffix
NOT_LAYOUT = {
    ".rb": re.compile(r"^\s*(require\b|data\s*=\s*(xlsx|csv|yaml)\b|save(_png|_pdf|_sheet)?\b|hand\b|showcase\b)"),
    ".txt": re.compile(r"^\s*(LINK|LINKMULTI)\s*=", re.I),
    ".yml": re.compile(r"(?!)"),
}
PYTHON_NOT_LAYOUT = {"Create", "Data", "Save"}  # protograf: the output file and paper, the data, the saving
COMMENT = {".rb": "#", ".yml": "#", ".txt": ";", ".toml": "#"}
# keys of game.toml that declare data rather than say how cards look
DATA_KEYS = {"title", "file", "sheet", "ids_from", "rows_are_copies", "where", "shared_columns", "description"}


def code_lines(path: Path) -> list[str]:
    """The file's lines that are neither blank nor a comment."""
    mark = COMMENT[path.suffix]
    return [line for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.strip().startswith(mark)]


def source_lines(path: Path) -> int:
    """Lines of the source that lay out cards (a Python script is kept as `NAME.py.txt`)."""
    if not path.name.endswith(".py.txt"):
        return sum(1 for line in code_lines(path) if not NOT_LAYOUT[path.suffix].match(line))
    text = path.read_text(encoding="utf-8")
    skipped: set[int] = set()
    for node in ast.parse(text).body:
        call = node.value if isinstance(node, ast.Expr) else None
        if (isinstance(node, (ast.Import, ast.ImportFrom)) or isinstance(call, ast.Constant)  # the docstring
                or (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in PYTHON_NOT_LAYOUT)):
            skipped.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return sum(1 for number, line in enumerate(text.splitlines(), 1)
               if number not in skipped and line.strip() and not line.strip().startswith("#"))


def port_lines(folder: Path) -> int:
    """Lines of the port's layouts, and of its game.toml beyond the data declarations."""
    count = sum(len(code_lines(path)) for path in sorted((folder / "layouts").glob("*.toml")))
    table, data = "", True
    for line in code_lines(folder / "game.toml"):
        header = re.match(r"\s*\[([^\]]+)\]", line)
        if header:
            table = header.group(1).strip()
            data = table == "game" or bool(re.fullmatch(r"(decks\.[\w-]+(\.columns\.[\w-]+)?|columns\.[\w-]+)", table))
            count += not data
            continue
        key = re.match(r"\s*([\w-]+)\s*=", line)
        if key:
            name = key.group(1)
            if table == "game":
                data = name != "card_size"
            elif re.fullmatch(r"decks\.[\w-]+", table):
                data = name in DATA_KEYS
            else:
                data = bool(re.fullmatch(r"(decks\.[\w-]+\.columns\.[\w-]+|columns\.[\w-]+)", table))
        count += not data  # a line that continues a value is counted as its key is
    return count


def first_name(path: Path) -> str:
    """The name in the first row of the data file, under a header `name` in any case."""
    if path.suffix == ".xlsx":
        openpyxl = pytest.importorskip("openpyxl")
        rows = list(openpyxl.load_workbook(path, read_only=True).worksheets[0].iter_rows(max_row=2, values_only=True))
        header, first = [str(cell) for cell in rows[0]], rows[1]
    else:
        with path.open(encoding="utf-8", newline="") as handle:
            reader = csv.reader(handle)
            header, first = next(reader), next(reader)
    return str(first[[cell.lower() for cell in header].index("name")])


def test_ports_are_the_three_tools() -> None:
    assert sorted(path.name for path in PORTS.iterdir() if path.is_dir()) == sorted(DECKS)


@pytest.mark.parametrize("port", sorted(DECKS))
def test_port_reads_the_sources_data_unedited(port: str) -> None:
    data = DECKS[port][0]
    assert (PORTS / port / data).read_bytes() == (PORTS / port / "source" / data).read_bytes()
    assert (PORTS / port / "README.md").is_file()


@pytest.mark.parametrize("port", sorted(DECKS))
def test_port_checks(port: str, cli) -> None:
    strict = DECKS[port][2]
    result = cli("check", PORTS / port, *(["--strict"] if strict else []))
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("port", sorted(DECKS))
def test_port_builds_with_the_first_card_on_the_first_page(port: str, cli, tmp_path: Path) -> None:
    result = cli("build", PORTS / port, "--out", tmp_path, "--no-rulebook")
    assert result.exit_code == 0, result.output
    pdfs = [path for path in (tmp_path / port).glob(f"{port}-*.pdf") if "duplex-test" not in path.name]
    assert len(pdfs) == 1, pdfs
    text = PdfReader(pdfs[0]).pages[0].extract_text()
    assert first_name(PORTS / port / DECKS[port][0]) in text


@pytest.mark.parametrize("port", sorted(DECKS))
def test_port_is_no_longer_than_its_source(port: str) -> None:
    source = sum(source_lines(PORTS / port / "source" / name) for name in DECKS[port][1])
    assert 0 < port_lines(PORTS / port) <= source


def test_coming_from_page_gives_the_counts_measured() -> None:
    page = (PORTS.parents[2] / "docs" / "designers" / "coming-from-other-tools.md").read_text(encoding="utf-8")
    rows = {match.group(1): (int(match.group(2)), int(match.group(3))) for match in re.finditer(
        r"^\|[^|\n]*ports/(\w+)/README\.md[^|\n]*\|[^|\n]*\| (\d+) \| (\d+) \|", page, re.M)}
    assert rows == {port: (sum(source_lines(PORTS / port / "source" / name) for name in files), port_lines(PORTS / port))
                    for port, (_, files, _) in DECKS.items()}


def test_line_counts_leave_out_data_imports_and_output(tmp_path: Path) -> None:
    script = tmp_path / "deck.py.txt"
    script.write_text('"""Doc\nstring."""\nfrom protograf import *\n\nCreate(filename="x.pdf",\n  paper="A4")\n'
                      'Data(filename="a.csv")\n# a comment\nCard("*", circle(x=1,\n  y=2))\nSave()\n')
    assert source_lines(script) == 2
    ruby = tmp_path / "deck.rb"
    ruby.write_text("require 'squib'\nSquib::Deck.new do\n  data = xlsx file: 'd.xlsx'\n  text str: data['name']\n"
                    "  # note\n  save_png prefix: 'x'\n  showcase file: 's.png'\nend\n")
    assert source_lines(ruby) == 3
    game = tmp_path / "game"
    (game / "layouts").mkdir(parents=True)
    (game / "layouts" / "face.toml").write_text("# note\n[boxes.a]\nkind = \"text\"\n\n")
    (game / "game.toml").write_text('[game]\ntitle = "T"\ncard_size = [60, 90]\n[icons]\nx = "X"\n'
                                    '[decks.d]\ntitle = "D"\nfile = "d.csv"\nlayout = "face"\n'
                                    '[decks.d.columns.c]\ntype = "int"\n')
    assert port_lines(game) == 2 + 1 + 2 + 1
