"""The fonts a PDF page uses, read from the file: its /Resources /Font, and those of the forms it draws."""

from __future__ import annotations

from collections.abc import Iterator

from pypdf.generic import ContentStream

FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")


def font_dicts(page) -> Iterator:
    """Every font dictionary of the page's resources and, recursively, of its form XObjects' resources."""
    seen: set[int] = set()

    def walk(resources) -> Iterator:
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            yield font.get_object()
        for xobject in (resources.get("/XObject") or {}).values():
            reference = getattr(xobject, "idnum", None)
            xobject = xobject.get_object()
            key = reference if reference is not None else id(xobject)
            if key in seen or xobject.get("/Subtype") != "/Form":
                continue
            seen.add(key)
            yield from walk(xobject.get("/Resources"))

    yield from walk(page.get("/Resources"))


def embedded(font) -> bool:
    """Whether the font's program is in the file (for a Type0 font: that of its descendant font)."""
    parts = [d.get_object() for d in font["/DescendantFonts"]] if font.get("/Subtype") == "/Type0" else [font]
    return all("/FontDescriptor" in part and any(key in part["/FontDescriptor"].get_object() for key in FONT_FILES)
               for part in parts)


def set_in(page) -> set[tuple[str, float]]:
    """(BaseFont, size) of every font the page's own content selects with Tf."""
    fonts = page["/Resources"]["/Font"]
    return {(str(fonts[operands[0]].get_object()["/BaseFont"]), float(operands[1]))
            for operands, operator in ContentStream(page.get_contents(), page.pdf).operations if operator == b"Tf"}
