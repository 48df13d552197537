"""Draws an automated opponent's flowchart as a diagram: rows of boxes by depth, labelled arrows."""

from __future__ import annotations

import math

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from cardgen.gamedata.flows import Flow
from cardgen.gamedata.flowtext import printed
from cardgen.layout import fonts
from cardgen.layout import icons as icon_ops
from cardgen.layout.markup import parse
from cardgen.layout.textfit import TextStyle, set_lines
from cardgen.render.pdf_draw import PageDrawer

FILL = {"question": "#e8eef6", "check": "#eef0f2", "count": "#e8eef6", "roll": "#f6ece4", "action": "#eaf2ea"}
EDGE = {"question": "#35577d", "check": "#5a6470", "count": "#35577d", "roll": "#a0522d", "action": "#2e6b4f"}
TEXT_SIZE, ROW_GAP, COLUMN_GAP, PAD = 7.5, 10.0, 4.0, 2.0  # pt, mm, mm, mm
TITLE_SPACE = 7.0  # mm above a group's boxes for its title
FRESH_PAGE = 0.8   # room of at least this share of the page height means the diagram is at the top of a page


def groups_of(flow: Flow) -> list[tuple[str, list[str]]]:
    """The flowchart's groups (node `group`, in the order they first appear) and their node ids."""
    groups: dict[str, list[str]] = {}
    for node_id, node in flow.nodes.items():
        groups.setdefault(node.group, []).append(node_id)
    return list(groups.items())


def rows_of(flow: Flow, members: list[str] | None = None) -> list[list[str]]:
    """Node ids by their depth from the first member (breadth first, within `members`), in a stable order."""
    members = list(flow.nodes) if members is None else members
    inside = set(members)
    roots = [flow.start] if flow.start in inside else []
    depth: dict[str, int] = {}
    for root in roots + members:  # a member entered only from another group starts a tree of its own
        if root in depth:
            continue
        depth[root], order = 0, [root]
        for node_id in order:
            for target in flow.nodes[node_id].branches.values():
                if target in inside and target not in depth:
                    depth[target] = depth[node_id] + 1
                    order.append(target)
    rows: list[list[str]] = [[] for _ in range(max(depth.values()) + 1)]
    for node_id in members:
        rows[depth[node_id]].append(node_id)
    return _untangled(flow, rows)


def _untangled(flow: Flow, rows: list[list[str]]) -> list[list[str]]:
    """Each row ordered by where the boxes that lead into it stand above (the barycentre rule), so arrows
    cross less; a box nothing above leads into keeps its place after the others."""
    place: dict[str, float] = {n: (i + 0.5) / len(rows[0]) for i, n in enumerate(rows[0])}
    for row in rows[1:]:
        def centre(node_id: str) -> float:
            above = [place[n] for n in place if node_id in flow.nodes[n].branches.values()]
            return sum(above) / len(above) if above else 2.0
        row.sort(key=centre)  # stable: ties keep the file's order
        place.update({n: (i + 0.5) / len(row) for i, n in enumerate(row)})
    return rows


def diagrams(flow: Flow, icons, constants=None) -> list[FlowchartDiagram]:
    """One diagram per group of the flowchart (one for all when it has no groups), each titled by its group."""
    return [FlowchartDiagram(flow, icons, members, title, constants) for title, members in groups_of(flow)]


class FlowchartDiagram(Flowable):
    """A flowchart drawn full width; it keeps together on one page when it can."""

    def __init__(self, flow: Flow, icons, members: list[str] | None = None, title: str = "", constants=None):
        super().__init__()
        self.flow, self.icons, self.title, self.constants = flow, icons, title, constants or {}
        self.members = list(flow.nodes) if members is None else members
        self.scale = 1.0

    def _layout(self, width_mm: float):
        rows = rows_of(self.flow, self.members)
        per_row = max(len(r) for r in rows)
        box_w = min(55.0, (width_mm - COLUMN_GAP * (per_row - 1)) / per_row)
        style = TextStyle(TEXT_SIZE, TEXT_SIZE, "#1f1f1f", align="center", leading=1.2)
        boxes, y = {}, TITLE_SPACE if self.title else 0.0
        for row in rows:
            texts = {n: set_lines(parse(printed(self.flow, self.flow.nodes[n].text, self.constants), set(self.icons)), box_w - 2 * PAD, style,
                                  self._icon) for n in row}
            height = max(len(t) for t in texts.values()) * TEXT_SIZE * 1.2 * fonts.PT + 2 * PAD
            span = len(row) * box_w + (len(row) - 1) * COLUMN_GAP
            x = (width_mm - span) / 2
            for n in row:
                boxes[n] = (x, y, box_w, height, texts[n])
                x += box_w + COLUMN_GAP
            y += height + ROW_GAP
        return boxes, y - ROW_GAP

    def _icon(self, name, x, y, size):
        return icon_ops.draw_icon(self.icons.get(name), name, x, y, size)

    def wrap(self, available_width: float, available_height: float):
        self._boxes, height = self._layout(available_width / mm)
        self.width, self.height = available_width, height * mm * self.scale
        return self.width, self.height

    def split(self, available_width: float, available_height: float):
        """Too tall for the room left: go to the next page, or, on a page of its own, be drawn smaller."""
        page = self.canv._pagesize[1] if getattr(self, "canv", None) else available_height
        if available_height < FRESH_PAGE * page:
            return []
        self.wrap(available_width, available_height)
        self.scale = available_height / self.height
        return [self]

    def draw(self) -> None:
        """Boxes, arrows within the group, and a labelled stub for each branch into another group."""
        c, height = self.canv, self.height / mm / self.scale
        if self.scale < 1.0:  # taller than a page: drawn smaller rather than overflowing it
            c.scale(self.scale, self.scale)
        if self.title:
            c.setFillColor(HexColor(EDGE["question"]))
            c.setFont(fonts.PDF_NAMES["bold"], 9)
            c.drawString(0, (height - 4) * mm, self.title)
        for node_id, (x, y, w, h, _lines) in self._boxes.items():
            for label, target in self.flow.nodes[node_id].branches.items():
                text = "" if label == "next" else label
                if target in self._boxes:
                    self._arrow(c, height, (x, y, w, h), self._boxes[target][:4], text)
                else:
                    self._leave(c, height, (x, y, w, h), text, self.flow.nodes[target])
        for node_id, (x, y, w, h, lines) in self._boxes.items():
            kind = self.flow.nodes[node_id].kind
            c.setFillColor(HexColor(FILL[kind]))
            c.setStrokeColor(HexColor(EDGE[kind]))
            c.setLineWidth(0.8 if node_id == self.flow.start else 0.5)
            c.roundRect(x * mm, (height - y - h) * mm, w * mm, h * mm, (1 if kind == "action" else 3) * mm,
                        stroke=1, fill=1)
            step = TEXT_SIZE * 1.2 * fonts.PT
            drawer = PageDrawer(c, height)  # a fresh one: the box was painted behind its back
            for index, line in enumerate(lines):
                drawer.ops(line, x + PAD, y + PAD + index * step)

    def _leave(self, c, height: float, box, label: str, target) -> None:
        """A branch into another group: a short arrow out of the box's right side, with where it goes."""
        x, y, w, h = box
        start, end = (x + w, y + h / 2), (x + w + 3.5, y + h / 2)
        c.setStrokeColor(HexColor("#555555"))
        c.setLineWidth(0.5)
        c.line(start[0] * mm, (height - start[1]) * mm, end[0] * mm, (height - end[1]) * mm)
        for turn in (2.6, -2.6):
            c.line(end[0] * mm, (height - end[1]) * mm, (end[0] + 1.4 * math.cos(turn)) * mm,
                   (height - end[1] + 1.4 * math.sin(turn)) * mm)
        c.setFillColor(HexColor("#35577d"))
        c.setFont(fonts.PDF_NAMES["regular"], 6)
        where = target.group or target.text
        c.drawString((end[0] + 1) * mm, (height - end[1] - 0.8) * mm, f"{label + ': ' if label else ''}to {where}"[:48])

    def _arrow(self, c, height: float, a, b, label: str) -> None:
        ax, ay, aw, ah = a
        bx, by, bw, bh = b
        if by > ay:  # down to a later row: bottom to top
            start, end = (ax + aw / 2, ay + ah), (bx + bw / 2, by)
        elif by < ay:  # back up to an earlier row: from the top, into the target's bottom edge, beside the centre
            start, end = (ax + aw / 2, ay), (bx + bw * (0.8 if ax > bx else 0.2), by + bh)
        else:  # along the row: side to side
            start = (ax + aw, ay + ah / 2) if bx > ax else (ax, ay + ah / 2)
            end = (bx, by + bh / 2) if bx > ax else (bx + bw, by + bh / 2)
        c.setStrokeColor(HexColor("#555555"))
        c.setLineWidth(0.5)
        c.line(start[0] * mm, (height - start[1]) * mm, end[0] * mm, (height - end[1]) * mm)
        angle = math.atan2(-(end[1] - start[1]), end[0] - start[0])
        for turn in (2.6, -2.6):
            c.line(end[0] * mm, (height - end[1]) * mm, (end[0] + 1.8 * math.cos(angle + turn)) * mm,
                   (height - end[1] + 1.8 * math.sin(angle + turn)) * mm)
        if label:
            c.setFillColor(HexColor("#35577d"))
            c.setFont(fonts.PDF_NAMES["bold"], 7)
            mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
            c.drawString((mid[0] + 1) * mm, (height - mid[1]) * mm, label)
