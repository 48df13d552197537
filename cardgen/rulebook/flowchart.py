"""Draws an automated opponent's flowchart as a diagram: rows of boxes by depth, labelled arrows."""

from __future__ import annotations

import math

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from cardgen.gamedata.flows.charts import Flow
from cardgen.gamedata.flows.text import printed
from cardgen.layout import fonts
from cardgen.layout import icons as icon_ops
from cardgen.layout.markup import parse
from cardgen.layout.textfit import TextStyle, set_lines
from cardgen.rulebook.labels import Label, Rect, place, text_rect
from cardgen.render.pdf_draw import PageDrawer

FILL = {"question": "#e8eef6", "check": "#eef0f2", "count": "#e8eef6", "roll": "#f6ece4", "action": "#eaf2ea"}
EDGE = {"question": "#35577d", "check": "#5a6470", "count": "#35577d", "roll": "#a0522d", "action": "#2e6b4f"}
TEXT_SIZE, ROW_GAP, COLUMN_GAP, PAD = 7.5, 10.0, 4.0, 2.0  # pt, mm, mm, mm
TITLE_SPACE = 7.0  # mm above a group's boxes for its title
FRESH_PAGE = 0.8   # room of at least this share of the page height means the diagram is at the top of a page
LABEL_SIZE, STUB_SIZE = 7.0, 6.0  # pt: an arrow's answer; where a branch into another group goes
STUB_ARROW, STUB_TEXT = 3.5, 24.0  # mm: the stub's arrow; the widest line of its text
MIN_BOX = 12.0  # mm: boxes are never narrower (a row of many boxes with stubs could otherwise leave none)
ALONG = (0.5, 0.65, 0.35, 0.8, 0.2)  # where along an arrow its answer is tried first


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
        """Boxes row by row, each followed by room for its stubs into other groups; then the arrows' labels,
        each where it touches no other text. (boxes, stubs, labels, height in mm)"""
        rows = rows_of(self.flow, self.members)
        stubs = {n: self._stub_lines(n) for row in rows for n in row}
        after = {n: max(COLUMN_GAP, self._stub_width(stubs[n]) + 1.0) if stubs[n] else COLUMN_GAP
                 for row in rows for n in row}
        box_w = max(MIN_BOX, min([55.0] + [(width_mm - sum(after[n] for n in row[:-1])
                                            - self._stub_room(row, after, stubs)) / len(row) for row in rows]))
        style = TextStyle(TEXT_SIZE, TEXT_SIZE, "#1f1f1f", align="center", leading=1.2)
        boxes, y = {}, TITLE_SPACE if self.title else 0.0
        for row in rows:
            texts = {n: set_lines(parse(printed(self.flow, self.flow.nodes[n].text, self.constants), set(self.icons)), box_w - 2 * PAD, style,
                                  self._icon) for n in row}
            height = max(max(len(t) for t in texts.values()) * TEXT_SIZE * 1.2 * fonts.PT + 2 * PAD,
                         max(self._stub_height(stubs[n]) for n in row) + 2 * PAD)
            span = len(row) * box_w + sum(after[n] for n in row[:-1]) + self._stub_room(row, after, stubs)
            x = (width_mm - span) / 2
            for n in row:
                boxes[n] = (x, y, box_w, height, texts[n])
                x += box_w + after[n]
            y += height + ROW_GAP
        height = y - ROW_GAP
        taken = [Rect(x, y, x + w, y + h) for x, y, w, h, _ in boxes.values()]
        if self.title:
            taken.append(text_rect(self.title, "bold", 9, 0.0, 4.0))
        placed_stubs, stub_arrows = [], []
        for node_id, branches in stubs.items():
            x, y, w, h, _ = boxes[node_id]
            line_height = STUB_SIZE * 1.2 * fonts.PT
            top = y + h / 2 - self._stub_height(branches) / 2
            for lines in branches:
                stub_arrows.append(((x + w, top + line_height / 2), (x + w + STUB_ARROW, top + line_height / 2)))
                for line in lines:
                    label = Label(x + w + STUB_ARROW + 1.0, top + line_height / 2 + 0.35 * STUB_SIZE * fonts.PT,
                                  line, "regular", STUB_SIZE)
                    placed_stubs.append(label)
                    taken.append(label.rect)
                    top += line_height
        bounds = Rect(0.0, 0.0, width_mm, height)
        labels = []
        for node_id, (x, y, w, h, _) in boxes.items():
            for answer, target in self.flow.nodes[node_id].branches.items():
                if answer == "next" or target not in boxes:
                    continue
                start, end = _ends((x, y, w, h), boxes[target][:4])
                spots = [(start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
                         for t in ALONG + tuple(i / 40 for i in range(2, 39))]
                spots += [(px + r * math.cos(math.radians(a)), py + r * math.sin(math.radians(a)))  # then near its ends
                          for r in (2.0, 4.0, 6.0, 9.0, 12.0, 16.0, 20.0, 25.0) for px, py in (start, end)
                          for a in range(0, 360, 30)]
                label = place(answer, "bold", LABEL_SIZE, spots, taken, bounds) or Label(  # else beside its middle
                    (start[0] + end[0]) / 2 + 1, (start[1] + end[1]) / 2, answer, "bold", LABEL_SIZE)
                labels.append(label)
                taken.append(label.rect)
        return boxes, (placed_stubs, stub_arrows), labels, height

    def _stub_lines(self, node_id: str) -> list[list[str]]:
        """The lines printed beside a box for each of its branches into another group ("no: to Setup")."""
        branches: list[list[str]] = []
        for answer, target in self.flow.nodes[node_id].branches.items():
            if target in self.members:
                continue
            node = self.flow.nodes[target]
            text = f"{answer + ': ' if answer != 'next' else ''}to {node.group or node.text}"
            branches.append(_wrapped(text, "regular", STUB_SIZE, STUB_TEXT))
        return branches

    @staticmethod
    def _stub_width(branches: list[list[str]]) -> float:
        return STUB_ARROW + 1.0 + max((fonts.width_mm(line, "regular", STUB_SIZE) for lines in branches
                                       for line in lines), default=0.0)

    @staticmethod
    def _stub_height(branches: list[list[str]]) -> float:
        return sum(len(lines) for lines in branches) * STUB_SIZE * 1.2 * fonts.PT

    @staticmethod
    def _stub_room(row: list[str], after: dict[str, float], stubs: dict[str, list[list[str]]]) -> float:
        """The room the last box of a row needs on its right for its stubs."""
        return after[row[-1]] if stubs[row[-1]] else 0.0

    def _icon(self, name, x, y, size):
        return icon_ops.draw_icon(self.icons.get(name), name, x, y, size)

    def wrap(self, available_width: float, available_height: float):
        self._boxes, (self._stubs, self._stub_arrows), self._labels, height = self._layout(available_width / mm)
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
        """Boxes, arrows within the group with their labels, and a labelled stub for each branch into another
        group."""
        c, height = self.canv, self.height / mm / self.scale
        if self.scale < 1.0:  # taller than a page: drawn smaller rather than overflowing it
            c.scale(self.scale, self.scale)
        if self.title:
            c.setFillColor(HexColor(EDGE["question"]))
            c.setFont(fonts.PDF_NAMES["bold"], 9)
            c.drawString(0, (height - 4) * mm, self.title)
        c.setStrokeColor(HexColor("#555555"))
        c.setLineWidth(0.5)
        for node_id, (x, y, w, h, _lines) in self._boxes.items():
            for target in self.flow.nodes[node_id].branches.values():
                if target in self._boxes:
                    _arrow(c, height, *_ends((x, y, w, h), self._boxes[target][:4]), head=1.8)
        for start, end in self._stub_arrows:
            _arrow(c, height, start, end, head=1.4)
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
        c.setFillColor(HexColor(EDGE["question"]))
        for label in self._stubs + self._labels:
            c.setFont(fonts.PDF_NAMES[label.font], label.size)
            c.drawString(label.x * mm, (height - label.baseline) * mm, label.text)


def _ends(a, b) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where the arrow from box a to box b starts and ends (mm, y down)."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    if by > ay:  # down to a later row: bottom to top
        return (ax + aw / 2, ay + ah), (bx + bw / 2, by)
    if by < ay:  # back up to an earlier row: from the top, into the target's bottom edge, beside the centre
        return (ax + aw / 2, ay), (bx + bw * (0.8 if ax > bx else 0.2), by + bh)
    if bx > ax:  # along the row: side to side
        return (ax + aw, ay + ah / 2), (bx, by + bh / 2)
    return (ax, ay + ah / 2), (bx + bw, by + bh / 2)


def _arrow(c, height: float, start: tuple[float, float], end: tuple[float, float], head: float) -> None:
    """A line from start to end with an open head at the end (mm, y down from the diagram's top)."""
    c.line(start[0] * mm, (height - start[1]) * mm, end[0] * mm, (height - end[1]) * mm)
    angle = math.atan2(-(end[1] - start[1]), end[0] - start[0])
    for turn in (2.6, -2.6):
        c.line(end[0] * mm, (height - end[1]) * mm, (end[0] + head * math.cos(angle + turn)) * mm,
               (height - end[1] + head * math.sin(angle + turn)) * mm)


def _wrapped(text: str, font: str, size: float, width: float) -> list[str]:
    """Text broken between words into lines at most `width` mm wide (a longer word stands alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and fonts.width_mm(f"{lines[-1]} {word}", font, size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines
