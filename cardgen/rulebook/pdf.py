"""Renders rulebook blocks to a PDF with reportlab platypus: cover, contents, bookmarks, page numbers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import BinaryIO

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (BaseDocTemplate, CondPageBreak, Frame, ListFlowable, ListItem, PageBreak,
                                PageTemplate, Spacer, Table, TableStyle)
from reportlab.platypus.flowables import PageBreakIfNotEmpty
from reportlab.platypus.tableofcontents import TableOfContents, defaultTableStyle

from cardgen import __version__
from cardgen.gamedata import Game
from cardgen.impose.papers import Paper
from cardgen.layout import fonts
from cardgen.layout.compose import Composer
from cardgen.rulebook.blocks import (Block, BoardPicture, Callout, Flowchart, Gallery, Heading, Items, Para,
                                     Table as TableBlock)
from cardgen.rulebook.flowchart import diagrams
from cardgen.rulebook.flowables import BoardFigure, CardGrid, RichText

ICON = re.compile(r":[a-z][a-z0-9_-]*:")
HEADING_SIZES = {1: 20, 2: 14, 3: 11.5}
CALLOUT_COLOURS = {"Example": "#eaf2ea", "Clarification": "#e8eef6", "Note": "#f3f0e6", "Our choice": "#f6ece4",
                   "Tip": "#eaf2ea", "Important": "#f8e6e6"}
INK, ACCENT = "#1f1f1f", "#35577d"
# a table sets its cells' font before drawing them, Helvetica unless told: the cells are our own flowables,
# but the font would still be named (and left unembedded) on the page
CELL_FONT = ("FONTNAME", (0, 0), (-1, -1), fonts.PDF_NAMES["regular"])


def plain(text: str) -> str:
    """Heading text without markup, for the contents and the bookmarks."""
    return " ".join(ICON.sub("", text.replace("**", "").replace("*", "")).split())


class Heading_(RichText):
    """A heading: in the contents (levels 1-2) and the PDF outline (levels 1-3)."""

    def __init__(self, text: str, level: int, key: str, icons):
        super().__init__(text, icons, size=HEADING_SIZES.get(level, 11), bold=True,
                         colour=ACCENT if level == 1 else INK, space_before=10 if level > 1 else 0,
                         space_after=6 if level > 1 else 10)
        self.level, self.key = level, key


class RulebookDocument(BaseDocTemplate):
    def __init__(self, path: Path | BinaryIO, paper: Paper, game: Game):
        """`path` is the PDF's file, or a binary stream to write it into (`cardgen check`: nothing written)."""
        fonts.register()
        super().__init__(str(path) if isinstance(path, Path) else path, pagesize=(paper.width * mm, paper.height * mm), leftMargin=18 * mm,
                         rightMargin=18 * mm, topMargin=16 * mm, bottomMargin=18 * mm, title=f"{game.title}: rules",
                         author=game.designer or "pnpkit", subject=f"Rulebook of {game.title}",
                         creator=f"pnpkit cardgen {__version__}", invariant=1,
                         initialFontName=fonts.PDF_NAMES["regular"])  # else every page names Helvetica, unembedded
        self.game = game
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body")
        self.addPageTemplates([PageTemplate("cover", [frame]), PageTemplate("body", [frame], onPage=self._footer)])
        self._outline_level = -1

    def beforeDocument(self) -> None:
        self._outline_level = -1  # multiBuild lays the document out more than once

    def _footer(self, canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont(fonts.PDF_NAMES["regular"], 8)
        canvas.setFillColor(colors.HexColor("#666666"))
        canvas.drawCentredString(doc.pagesize[0] / 2, 9 * mm, f"{self.game.title} · {doc.page}")
        canvas.restoreState()

    def afterFlowable(self, flowable) -> None:
        if isinstance(flowable, Heading_):
            text = plain(flowable.text)
            level = min(flowable.level - 1, self._outline_level + 1)  # an outline may not skip a level
            self._outline_level = level
            self.canv.bookmarkPage(flowable.key)
            self.canv.addOutlineEntry(text, flowable.key, level=level, closed=level > 0)
            if flowable.level <= 2 and flowable.key != "contents":
                self.notify("TOCEntry", (flowable.level - 1, text, self.page, flowable.key))


def story(game: Game, blocks: list[Block]) -> list:
    icons = game.icons
    composer = Composer(game, bleed=0.0)
    out: list = [*_cover(game, composer), PageBreak("body")]
    contents = TableOfContents(dotsMinLevel=0, tableStyle=TableStyle([CELL_FONT, *defaultTableStyle.getCommands()]))
    contents.levelStyles = [
        ParagraphStyle("toc1", fontName=fonts.PDF_NAMES["bold"], fontSize=11, leading=16, leftIndent=0),
        ParagraphStyle("toc2", fontName=fonts.PDF_NAMES["regular"], fontSize=9.5, leading=13, leftIndent=12)]
    out += [Heading_("Contents", 2, "contents", icons), contents]
    keys = iter(range(10**6))
    first = True
    for block in blocks:
        if isinstance(block, Heading) and block.level == 1:
            out.append(PageBreakIfNotEmpty())  # a page that ended full must not leave a blank one
            first = False
        out += _flowables(block, game, composer, keys, first)
    return out


def _flowables(block: Block, game: Game, composer: Composer, keys, first: bool) -> list:
    icons = game.icons
    if isinstance(block, Heading):
        heading = Heading_(block.text, block.level, f"h{next(keys)}", icons)
        return [CondPageBreak(40 * mm), heading] if block.level > 1 else [heading]
    if isinstance(block, Para):
        return [RichText(block.text, icons)]
    if isinstance(block, Items):
        items = [ListItem([f for b in item for f in _flowables(b, game, composer, keys, first)]) for item in block.items]
        return [ListFlowable(items, bulletType="1" if block.ordered else "bullet", start=None if block.ordered else "•",
                             bulletFontName=fonts.PDF_NAMES["regular"], bulletFontSize=9, leftIndent=14)]
    if isinstance(block, Callout):
        inner = [RichText(f"**{block.kind}**", icons, size=9.5, colour=ACCENT, space_after=2)]
        inner += [f for b in block.blocks for f in _flowables(b, game, composer, keys, first)]
        box = Table([[inner]], style=TableStyle([CELL_FONT,
            ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(CALLOUT_COLOURS.get(block.kind, "#f3f0e6"))),
            ("LINEBEFORE", (0, 0), (0, -1), 2.5, colors.HexColor(ACCENT)),
            ("LEFTPADDING", (0, 0), (-1, -1), 8), ("RIGHTPADDING", (0, 0), (-1, -1), 8),
            ("TOPPADDING", (0, 0), (-1, -1), 6), ("BOTTOMPADDING", (0, 0), (-1, -1), 4)]))
        return [Spacer(1, 3), box, Spacer(1, 6)]
    if isinstance(block, TableBlock):
        return [_table(block, icons), Spacer(1, 6)]
    if isinstance(block, Gallery):
        deck = game.deck(block.deck)
        faces = [composer.front(deck, card, i) for i, card in enumerate(deck.cards, start=1)]
        return [Spacer(1, 4), CardGrid(faces), Spacer(1, 6)] if faces else []
    if isinstance(block, BoardPicture):
        board = next(b for b in game.boards if b.id == block.board)
        return [Spacer(1, 4), BoardFigure(composer.board(board)), Spacer(1, 6)]
    if isinstance(block, Flowchart):
        flow = next(f for f in game.flows if f.id == block.flow)
        return [Spacer(1, 4)] + [part for d in diagrams(flow, icons, game.constants) for part in (d, Spacer(1, 8))]
    return []


def _table(block: TableBlock, icons) -> Table:
    def cell(text: str, header: bool, align: str) -> RichText:
        return RichText(text, icons, size=8.5, bold=header, align=align, space_after=0, leading=1.25)

    columns = len(block.header)
    align = list(block.align) + ["left"] * (columns - len(block.align))
    rows = [[cell(t, True, align[i]) for i, t in enumerate(block.header)]]
    rows += [[cell(row[i] if i < len(row) else "", False, align[i]) for i in range(columns)] for row in block.rows]
    lengths = [max(len(plain(r[i])) if i < len(r) else 0 for r in (block.header, *block.rows)) + 4
               for i in range(columns)]
    # no column narrower than its longest word (set in the header's bold where it is the header's)
    least = [max([fonts.width_mm(w, "bold", 8.5) for w in plain(block.header[i]).split()] +
                 [fonts.width_mm(w, "regular", 8.5) for r in block.rows if i < len(r) for w in plain(r[i]).split()]
                 + [8.0]) * mm + 8 for i in range(columns)]
    width = 174 * mm
    widths = [max(least[i], width * n / sum(lengths)) for i, n in enumerate(lengths)]
    if sum(widths) > width:  # shrink the wide columns, never below their longest word
        spare = sum(w - m for w, m in zip(widths, least)) or 1
        excess = sum(widths) - width
        widths = [w - (w - m) / spare * excess if sum(least) <= width else w for w, m in zip(widths, least)]
    table = Table(rows, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([CELL_FONT,
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dde5ee")),
        ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.HexColor("#b8c2cc")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
    return table


def _cover(game: Game, composer: Composer) -> list:
    low, high = game.players
    facts = [f"{low}–{high} players" if low != high else f"{low} player" + ("s" if low > 1 else "")]
    if game.minutes[0]:
        facts.append(f"{game.minutes[0]}–{game.minutes[1]} minutes" if game.minutes[0] != game.minutes[1]
                     else f"{game.minutes[0]} minutes")
    if game.ages:
        facts.append(f"ages {game.ages}")
    out: list = [Spacer(1, 30 * mm), RichText(game.title, game.icons, size=30, bold=True, colour=ACCENT, align="center")]
    if game.subtitle:
        out.append(RichText(game.subtitle, game.icons, size=13, align="center", space_after=8))
    out.append(RichText(" · ".join(facts), game.icons, size=11, align="center", space_after=4))
    if game.designer:
        out.append(RichText(f"*Game by {game.designer}*", game.icons, size=10, align="center", space_after=14))
    samples = [composer.front(deck, deck.cards[0], 1) for deck in game.decks if deck.cards]
    samples = [f for f in samples if (f.width, f.height) == (samples[0].width, samples[0].height)][:4] if samples else []
    if samples:
        out += [Spacer(1, 10 * mm), CardGrid(samples, width_mm=38, gap_mm=5)]
    out.append(Spacer(1, 10 * mm))
    out.append(RichText("Rules", game.icons, size=16, bold=True, align="center"))
    return out
