"""Writes a game's token sheets as a vector PDF: every token in its count, cut lines, duplex backs.

Double-sided tokens are packed first; every page holding one is followed by its page of backs,
mirrored for the duplex flip like the card sheets. One-sided tokens fill the room left on those
pages (their back stays blank) and then pages of their own, which have no back page.
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.gamedata import Game, Token
from cardgen.impose.duplex import back_slot
from cardgen.impose.sheet import Sheet, SheetOptions, Slot
from cardgen.impose.packing import MARGIN, Piece, pack
from cardgen.impose.papers import Paper
from cardgen.layout.ops import Face
from cardgen.layout.token_face import DEFAULT_COLOUR, contrast, sides
from cardgen.render.pdf_art import ART_DPI
from cardgen.render.pdf_draw import PageDrawer, colour
from cardgen.render.pdf_sheets import PRINT_NOTE, draw_footer, new_canvas

TOKEN_BLEED = 1.5  # mm: the default when no --bleed is given (the build passes its own)
CUT_WIDTH = 0.15   # mm


def token_file_name(slug: str, paper: Paper) -> str:
    return f"{slug}-tokens-{paper.name}.pdf"


def write_token_sheets(game: Game, paper: Paper, path: Path, bleed: float = TOKEN_BLEED, duplex: str = "long",
                       back_offset: tuple[float, float] = (0.0, 0.0), warnings: list[str] | None = None,
                       margin: float = MARGIN, art_dpi: float = ART_DPI) -> int:
    """Writes every token of `game` to `path` and returns the page count; a game without tokens
    writes no file and returns 0. Layout warnings (text that does not fit) are added to `warnings`.
    ImpositionError when a token is larger than the paper's printable area. Tokens keep at least
    packing's quarter inch from the paper's edge, more when `margin` asks for it."""
    margin = max(MARGIN, margin)
    if not game.tokens:
        return 0
    tokens: dict[Hashable, Token] = {token.id: token for token in game.tokens}  # keyed as packing's pieces are
    faces: dict[Hashable, tuple[Face, Face | None]] = {token.id: sides(game, token, bleed) for token in game.tokens}
    if warnings is not None:
        warnings += [w for front, back in faces.values() for face in (front, back) if face for w in face.warnings]
    pieces = [Piece(t.id, t.width, t.height, t.count) for t in game.tokens]
    packed = pack([[p for p in pieces if faces[p.key][1]], [p for p in pieces if not faces[p.key][1]]],
                  paper, bleed, margin)
    two_sided = [any(faces[key][1] for key, _ in page) for page in packed]
    total = len(packed) + sum(two_sided)
    # new_canvas reads its paper from a sheet
    sheet = Sheet(SheetOptions(paper, paper.width, paper.height, bleed, margin=margin), 1, 1, (), ())
    canvas = new_canvas(path, sheet, f"{game.title}: tokens", f"{game.title} token sheets")
    drawer = _TokenDrawer(canvas, paper, margin, art_dpi)
    number = 0
    for page, backs in zip(packed, two_sided):
        number += 1
        for key, slot in page:
            drawer.place(f"tk_{key}_front", faces[key][0], slot)
        drawer.cut_lines([(tokens[key], slot) for key, slot in page])
        flip = "cut out and glue on" if duplex == "none" else f"{duplex}-edge flip"
        note = f"fronts; their backs are page {number + 1} ({flip})" if backs else "one-sided"
        drawer.finish(f"{game.title} · tokens · page {number}/{total} · {note} · {PRINT_NOTE}", page)
        if not backs:
            continue
        number += 1
        behind = [(key, back_slot(slot, paper, duplex, back_offset)) for key, slot in page if faces[key][1]]
        for key, slot in behind:
            back = faces[key][1]
            assert back is not None  # behind holds the tokens that have a back
            drawer.place(f"tk_{key}_back", back, slot)
        if duplex == "none":  # backs printed on their own sheet are cut out and glued on
            drawer.cut_lines([(tokens[key], slot) for key, slot in behind])
        drawer.finish(f"{game.title} · tokens · page {number}/{total} · backs of page {number - 1} · {PRINT_NOTE}",
                      behind)
    canvas.save()
    return total


class _TokenDrawer:
    """Places token faces as named form XObjects (one per kind and side, drawn by reference)."""

    def __init__(self, canvas: Canvas, paper: Paper, margin: float, art_dpi: float = ART_DPI):
        self.canvas, self.paper, self.margin = canvas, paper, margin
        self.pages = PageDrawer(canvas, paper.height, art_dpi)
        self.defined: set[str] = set()

    def place(self, name: str, face: Face, slot: Slot) -> None:
        c, b = self.canvas, face.bleed
        if name not in self.defined:
            c.beginForm(name, -b * mm, -b * mm, (face.width + b) * mm, (face.height + b) * mm)
            PageDrawer(c, face.height, self.pages.art_dpi).ops(face.ops, 0.0, 0.0)
            c.endForm()
            self.defined.add(name)
        x, y, w, h = slot.bleed_box()
        c.saveState()
        path = c.beginPath()
        path.rect(x * mm, self.pages.y(y + h), w * mm, h * mm)
        c.clipPath(path, stroke=0, fill=0)
        c.translate(slot.x * mm, self.pages.y(slot.y + slot.height))
        c.doForm(name)
        c.restoreState()

    def cut_lines(self, placed: list[tuple[Token, Slot]]) -> None:
        """A thin outline on each trim: a circle (ellipse) for round tokens, a rectangle otherwise,
        in whichever of black or white stands out on the token's colour."""
        c = self.canvas
        c.setLineWidth(CUT_WIDTH * mm)
        ink = None
        for token, s in placed:
            if ink != contrast(token.colour or DEFAULT_COLOUR):
                ink = contrast(token.colour or DEFAULT_COLOUR)
                c.setStrokeColor(colour(ink))
            if token.shape == "round":
                c.ellipse(s.x * mm, self.pages.y(s.y + s.height), (s.x + s.width) * mm, self.pages.y(s.y),
                          stroke=1, fill=0)
            else:
                c.rect(s.x * mm, self.pages.y(s.y + s.height), s.width * mm, s.height * mm, stroke=1, fill=0)

    def finish(self, text: str, placed: list[tuple[Hashable, Slot]]) -> None:
        """The footer inside the printable margin, clear of the tokens, then the next page."""
        draw_footer(self.canvas, self.paper, self.margin, [slot.bleed_box() for _, slot in placed], text)
        self.canvas.showPage()
