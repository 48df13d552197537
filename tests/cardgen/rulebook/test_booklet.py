"""The booklet places each rulebook page once, whole, as a form: left and right halves in saddle order, the
shared font written once (the booklet no larger than its source), the same bytes every time."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from cardgen.layout import fonts
from cardgen.rulebook.booklet import saddle_order, write_booklet


def rulebook(path: Path, pages: int) -> None:
    fonts.register()
    canvas = Canvas(str(path), pagesize=A4, invariant=1)
    for number in range(1, pages + 1):
        canvas.setFont(fonts.PDF_NAMES["regular"], 40)
        canvas.drawString(100, 400, f"Page {number}")
        canvas.showPage()
    canvas.save()


def test_pages_as_forms_in_saddle_order(tmp_path: Path):
    source, booklet = tmp_path / "rulebook.pdf", tmp_path / "booklet.pdf"
    rulebook(source, 5)
    assert write_booklet(source, booklet) == 8
    reader = PdfReader(booklet)
    assert len(reader.pages) == 4
    half = float(reader.pages[0].mediabox.width) / 2
    for side, (left, right) in zip(reader.pages, saddle_order(8)):
        forms = side["/Resources"]["/XObject"]
        placed = {}
        matrix = None
        for operands, operator in ContentStream(side.get_contents(), reader).operations:
            if operator == b"cm":
                matrix = [float(v) for v in operands]
            elif operator == b"Do":
                form = forms[operands[0]].get_object()
                assert form["/Subtype"] == "/Form"
                shown = [op[0][0] for op in ContentStream(form, reader).operations if op[1] == b"Tj"]
                placed[str(shown[0])] = matrix[4] + 100 * matrix[0] < half  # the text's x on the sheet
        wanted = {f"Page {n}": n == left for n in (left, right) if n <= 5}  # True: on the left half
        assert placed == wanted


def test_same_bytes_and_no_larger_than_its_source(tmp_path: Path):
    source = tmp_path / "rulebook.pdf"
    rulebook(source, 12)
    write_booklet(source, tmp_path / "one.pdf")
    write_booklet(source, tmp_path / "two.pdf")
    assert (tmp_path / "one.pdf").read_bytes() == (tmp_path / "two.pdf").read_bytes()
    assert (tmp_path / "one.pdf").stat().st_size <= source.stat().st_size * 1.2  # the font once, not per page
