"""Draws board operations into a PDF with PageDrawer and reads back what the file paints: shapes and texts in mm."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.layout import fonts
from cardgen.layout.ops import Face, Op
from cardgen.render.pdf_draw import PageDrawer
from tests.pdf_probe import multiply

PT = 25.4 / 72
PAINTS = {"S": "stroke", "s": "stroke", "f": "fill", "f*": "fill", "F": "fill", "B": "both", "B*": "both",
          "b": "both", "b*": "both"}


@dataclass
class Shape:
    """A path the page paints: how (stroke, fill or both), its points (curves' control points too) in mm, y down."""

    paint: str
    points: list[tuple[float, float]] = field(default_factory=list)
    subpaths: list[list[tuple[float, float]]] = field(default_factory=list)  # the points of each m ... run
    width: float = 0.0  # line width, mm
    fill: str = "#000000"
    curved: bool = False

    @property
    def box(self) -> tuple[float, float, float, float]:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

    @property
    def centre(self) -> tuple[float, float]:
        x, y, w, h = self.box
        return x + w / 2, y + h / 2


def render(ops: tuple[Op, ...], path: Path, size: tuple[float, float]) -> Path:
    """`ops` drawn as one face of `size` (w, h mm) on a page of that size, as the renderers draw a card."""
    w, h = size
    fonts.register()
    canvas = Canvas(str(path), pagesize=(w * mm, h * mm), invariant=1, initialFontName=fonts.PDF_NAMES["regular"])
    PageDrawer(canvas, h).face(Face(w, h, 0.0, ops), 0.0, 0.0, (0.0, 0.0, w, h))
    canvas.showPage()
    canvas.save()
    return path


def _colour(operands) -> str:
    values = [float(v) for v in operands]
    if len(values) == 1:
        values *= 3
    return "#" + "".join(f"{round(v * 255):02x}" for v in values)


def shapes(pdf: Path) -> list[Shape]:
    """Every path painted on the first page (clipping paths left out), in the order drawn."""
    reader = PdfReader(pdf)
    page = reader.pages[0]
    height = float(page.mediabox.height)
    matrix, width, fill = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), 1.0, "#000000"
    stack: list = []
    found: list[Shape] = []
    current = Shape("")

    def point(x: float, y: float) -> tuple[float, float]:
        px = matrix[0] * x + matrix[2] * y + matrix[4]
        py = matrix[1] * x + matrix[3] * y + matrix[5]
        return px * PT, (height - py) * PT

    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        op = operator.decode() if isinstance(operator, bytes) else operator
        if op == "q":
            stack.append((matrix, width, fill))
        elif op == "Q":
            matrix, width, fill = stack.pop()
        elif op == "cm":
            matrix = multiply(tuple(float(v) for v in operands), matrix)
        elif op == "w":
            width = float(operands[0])
        elif op in ("rg", "g"):
            fill = _colour(operands)
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            corners = [point(x, y), point(x + w, y), point(x + w, y + h), point(x, y + h)]
            current.points += corners
            current.subpaths.append(corners)
        elif op == "m":
            start = point(float(operands[0]), float(operands[1]))
            current.points.append(start)
            current.subpaths.append([start])
        elif op == "l":
            end = point(float(operands[0]), float(operands[1]))
            current.points.append(end)
            current.subpaths[-1].append(end)
        elif op == "c":
            values = [float(v) for v in operands]
            controls = [point(values[i], values[i + 1]) for i in (0, 2, 4)]
            current.points += controls
            current.subpaths[-1].append(controls[-1])
            current.curved = True
        elif op in PAINTS:
            current.paint, current.width, current.fill = PAINTS[op], width * PT, fill
            found.append(current)
            current = Shape("")
        elif op == "n":
            current = Shape("")
    return found


@dataclass(frozen=True)
class Shown:
    """A string shown on the page and where its baseline starts, mm from the top-left."""

    text: str
    x: float
    y: float


def texts(pdf: Path) -> list[Shown]:
    """Every non-blank string the first page shows, in the order drawn."""
    page = PdfReader(pdf).pages[0]
    height = float(page.mediabox.height)
    shown: list[Shown] = []

    def visit(text, cm, tm, font, size) -> None:
        if text.strip():
            full = multiply(tm, cm)
            shown.append(Shown(text.strip(), full[4] * PT, (height - full[5]) * PT))

    page.extract_text(visitor_text=visit)
    return shown


def drawn_boards(slug: str, folder: Path) -> dict[str, tuple[list[Shape], list[Shown], tuple[float, float]]]:
    """Each board of the bundled game `slug` as the build lays it out, drawn into a PDF in `folder` and read back:
    its paths, strings and size, by board id."""
    from cardgen.gamedata.bundle import card_data_dir
    from cardgen.gamedata.loader import load_game
    from cardgen.layout.compose import Composer

    game = load_game(card_data_dir() / slug)
    composer = Composer(game, bleed=3.0)
    out = {}
    for board in game.boards:
        pdf = render(composer.board(board).ops, folder / f"{board.id}.pdf", (board.width, board.height))
        out[board.id] = (shapes(pdf), texts(pdf), (board.width, board.height))
    return out
