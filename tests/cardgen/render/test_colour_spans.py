"""Colour spans in card text ([#c62828]...[/] and [name]...[/] for a [style] colour), measured in what
a build prints: the PDF's fill colour in force for each word shown, and the PNG's pixels, across a
span that wraps over lines of text that shrank to fit."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import load_game

BLEED = 3.0
PNG_DPI = 300
BOX = (6.0, 10.0, 30.0, 40.0)  # x, y, w, h mm of the text box

TOML = """\
[game]
title = "Spans"
players = 2

[decks.spells]
title = "Spells"
layout = "face"

[decks.spells.columns.rules]
type = "text"
"""

LAYOUT = """\
[style]
ink = "#000000"
warn = "#1e64c8"

[boxes.rules]
kind = "text"
x = 6
y = 10
w = 30
h = 40
size = 40
min_size = 6
text = "{{ card.rules }}"
"""

RULES = "Pay [#c62828]one two three four five six seven[/] then [warn]**discard**[/] black"


@pytest.fixture
def out(make_game, tmp_path) -> Path:
    folder = make_game(toml=TOML, name="spans", spells_csv=f"id,name,rules\ns-1,Spell,{RULES}\n")
    (folder / "layouts").mkdir()
    (folder / "layouts" / "face.toml").write_text(LAYOUT, encoding="utf-8")
    (folder / "heroes.csv").unlink()
    build(load_game(folder), BuildOptions(out=tmp_path / "out", bleed=BLEED, single=True, png=True, dpi=PNG_DPI,
                                          rulebook=False))
    return tmp_path / "out" / "spans"


def shown_in_colours(pdf: Path) -> list[tuple[str, str, float]]:
    """(colour #rrggbb, text, baseline y in pt) of each string shown on the first page, in order."""
    reader = PdfReader(pdf)
    page = reader.pages[0]
    streams = [page] + [x.get_object() for x in page["/Resources"].get("/XObject", {}).values()]
    found, fill, y = [], None, 0.0
    for stream in streams:
        for operands, operator in ContentStream(stream.get_contents() if stream is page else stream, reader).operations:
            if operator == b"rg":
                fill = "#" + "".join(f"{round(float(v) * 255):02x}" for v in operands)
            elif operator == b"Tm":
                y = float(operands[5])
            elif operator == b"Tj":
                found.append((fill, operands[0].decode("latin-1") if isinstance(operands[0], bytes) else str(operands[0]), y))
    return found


def test_the_pdf_sets_each_span_in_its_colour_across_wrapped_lines(out):
    shown = shown_in_colours(out / "spans-spells-single.pdf")
    red = [(text, y) for colour, text, y in shown if colour == "#c62828"]
    assert " ".join(t.strip() for t, _ in red).split() == "one two three four five six seven".split(), shown
    assert len({y for _, y in red}) >= 2, "the span wraps over more than one line and keeps its colour"
    assert [t.strip() for c, t, _ in shown if c == "#1e64c8"] == ["discard"], "[warn] is the style's colour"
    black = " ".join(t for c, t, _ in shown if c == "#000000").split()
    assert black == ["Pay", "then", "black"], "text outside the spans keeps the box's ink"


def test_the_png_paints_the_spans_colours(out):
    image = Image.open(out / "png" / "spells" / "s-1.png").convert("RGB")
    x0, y0, w, h = ((v + BLEED) * PNG_DPI / 25.4 for v in BOX)
    rows: dict[str, set[int]] = {"red": set(), "blue": set(), "black": set()}
    for y in range(int(y0), int(y0 + h)):
        for x in range(int(x0), int(x0 + w)):
            r, g, b = image.getpixel((x, y))
            if r > 170 and g < 70 and b < 70:
                rows["red"].add(y)
            elif b > 170 and r < 60 and g < 130:
                rows["blue"].add(y)
            elif r < 30 and g < 30 and b < 30:
                rows["black"].add(y)
    assert all(rows.values()), {k: len(v) for k, v in rows.items()}
    line = 40 * 1.2 / 72 * PNG_DPI  # the most a line can be tall: at the box's starting size
    assert max(rows["red"]) - min(rows["red"]) > line / 4, "red ink on more than one line"
