"""QR codes as inline SVG (segno: a small pure-Python encoder without dependencies of its own)."""

from __future__ import annotations

import io

import segno
from markupsafe import Markup

MAX_TEXT = 1000


def qr_svg(text: str, label: str) -> Markup:
    """An SVG QR code of `text` (error correction M, quiet zone of 4 modules) labelled for screen readers; its
    viewBox lets a page draw it at any size."""
    if not text or len(text) > MAX_TEXT:
        raise ValueError(f"a QR code needs 1 to {MAX_TEXT} characters of text, found {len(text)}")
    code = segno.make(text, error="m", micro=False, boost_error=False)
    out = io.BytesIO()
    code.save(out, kind="svg", scale=4, border=4, xmldecl=False, svgns=True, title=label, svgclass="qr",
              lineclass=None, dark="#000", light="#fff", unit="px")  # a unit adds the viewBox: the code scales
    return Markup(out.getvalue().decode("utf-8"))


def matrix(text: str) -> list[list[bool]]:
    """The code's modules (True = dark), without the quiet zone: what a test can check structurally."""
    code = segno.make(text, error="m", micro=False, boost_error=False)
    return [[bool(cell) for cell in row] for row in code.matrix]
