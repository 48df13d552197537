"""Lays out one card face: a layout's boxes filled from a card record, as drawing operations."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any, Mapping

import jinja2
from jinja2 import nodes

from cardgen.gamedata import Card, Deck, Game, thaw
from cardgen.gamedata.flowtext import card_text, printed
from cardgen.layout import fonts
from cardgen.layout import icons as icon_ops
from cardgen.layout.markup import is_plain, parse
from cardgen.layout.ops import Ellipse, Face, Image, Op, Path, Rect
from cardgen.layout.placeholder import placeholder
from cardgen.layout.spec import Box, Layout, LayoutError, load_layout
from cardgen.layout.textfit import TextStyle, fit, fit_plain
from cardgen.templating import environment

CONTEXT_NAMES = {"card", "deck", "game", "number", "index", "side", "body"}
HEX = re.compile(r"#[0-9a-fA-F]{6}")
DEFAULT_INK = "#1f1f1f"
DEFAULT_ACCENT = "#35577d"


class Composer:
    """Turns the cards of one game into faces, reading each layout once."""

    def __init__(self, game: Game, bleed: float):
        self.game, self.bleed = game, bleed
        self._layouts: dict[str, Layout] = {}
        self._image_sizes: dict[str, tuple[str, tuple[int, int]] | None] = {}
        self._deck_contexts: dict[str, dict[str, Any]] = {}
        self._geometry: dict[tuple[str, float, float], tuple[tuple[Box, tuple[float, ...], str], ...]] = {}
        self._game_context = {"title": game.title, "slug": game.slug, "subtitle": game.subtitle,
                              "constants": thaw(game.constants), "flows": {flow.id: _flow_context(flow, game)
                                                                           for flow in game.flows}}
        self.icon_names = frozenset(game.icons)

    def layout(self, name: str) -> Layout:
        if name not in self._layouts:
            self._layouts[name] = load_layout(name, self.game.layouts)
        return self._layouts[name]

    def check(self, deck: Deck) -> None:
        """LayoutError when the deck's layouts name columns or variables that do not exist."""
        columns = {column.name for column in deck.columns}
        names = {deck.back} | ({card.layout for card in deck.cards} if deck.cards else {deck.layout})
        for layout_name in sorted(names):
            layout = self.layout(layout_name)
            for box in layout.boxes:
                for key, source in box.sources.items():
                    for kind, name in _names_used(source):
                        if kind == "column" and name not in columns:
                            raise LayoutError(
                                f"{layout.path}: box {box.name!r} {key} names column {name!r}, which deck "
                                f"{deck.id!r} does not have (its columns: {', '.join(sorted(columns))})")
                        if kind == "name" and name not in CONTEXT_NAMES:
                            raise LayoutError(f"{layout.path}: box {box.name!r} {key} uses {name!r}; templates "
                                              f"know {', '.join(sorted(CONTEXT_NAMES))}")

    def front(self, deck: Deck, card: Card, index: int) -> Face:
        context = self._context(deck, card, index, "front")
        return self._face(self.layout(card.layout), deck, context, card.id)

    def back(self, deck: Deck) -> Face:
        context = self._context(deck, None, 0, "back")
        return self._face(self.layout(deck.back), deck, context, f"{deck.id}-back")

    def _context(self, deck: Deck, card: Card | None, index: int, side: str) -> dict[str, Any]:
        return {
            "card": SimpleNamespace(**card.fields) if card else SimpleNamespace(),
            "deck": self._deck_context(deck),
            "game": self._game_context,
            "number": f"{index}/{deck.distinct}" if card else "",
            "body": "\n".join(str(card.get(c.name)) for c in deck.columns if c.type == "text" and card
                               and card.get(c.name)),
            "index": index,
            "side": side,
        }

    def _deck_context(self, deck: Deck) -> dict[str, Any]:
        if deck.id not in self._deck_contexts:
            self._deck_contexts[deck.id] = {"id": deck.id, "title": deck.title, "total": deck.total,
                                            "distinct": deck.distinct}
        return self._deck_contexts[deck.id]

    def _face(self, layout: Layout, deck: Deck, context: dict[str, Any], seed: str) -> Face:
        W, H = deck.size.width, deck.size.height
        key = (layout.name, W, H)
        if key not in self._geometry:  # every card of a deck shares its layout's box geometry
            names = {"W": W, "H": H, "bleed": self.bleed}
            self._geometry[key] = tuple((box, tuple(g(names) for g in box.geometry),
                                         f"{layout.path.name}: box {box.name!r}") for box in layout.boxes)
        ops: list[Op] = []
        warnings: list[str] = []
        for box, (x, y, w, h), where in self._geometry[key]:
            if box.when is not None and not _call(box.when, context, where):
                continue
            values = {k: _render(t, context, where, k) for k, t in box.templates.items()}
            ops += self._box_ops(box, layout, (x, y, w, h), values, context, seed, warnings, where)
        return Face(W, H, self.bleed, tuple(ops), tuple(warnings))

    def _box_ops(self, box: Box, layout: Layout, rect: tuple[float, float, float, float], values: dict[str, str],
                 context: dict, seed: str, warnings: list[str], where: str) -> list[Op]:
        x, y, w, h = rect
        v = box.values
        colour = lambda key, default: _colour(values.get(key), layout.style, default, where, key)  # noqa: E731
        if box.kind == "rect":
            return [Rect(x, y, w, h, colour("fill", None), colour("stroke", None), v.get("stroke_width", 0.3),
                         v.get("radius", 0.0))]
        if box.kind == "ellipse":
            return [Ellipse(x, y, w, h, colour("fill", None), colour("stroke", None), v.get("stroke_width", 0.3))]
        if box.kind == "line":
            return [Path((("M", x, y), ("L", x + w, y + h)), stroke=colour("colour", DEFAULT_INK),
                         stroke_width=v.get("width", 0.3))]
        if box.kind == "icon":
            name = values.get("icon", "").strip()
            if not name:
                return []
            if name not in self.game.icons:
                raise LayoutError(f"{where}: icon {name!r} is not declared in [icons] of {self.game.slug}")
            return icon_ops.draw_icon(self.game.icons[name], name, x, y, min(w, h), colour("colour", None))
        if box.kind == "art":
            return self._art(values, (x, y, w, h), layout, seed, where)
        text = values.get("text", "")
        style = TextStyle(size=v.get("size", 9.0), min_size=v.get("min_size", v.get("size", 9.0) * 0.7),
                          colour=colour("colour", layout.style.get("ink", DEFAULT_INK)),
                          align=v.get("align", "left"), valign=v.get("valign", "top"), leading=v.get("leading", 1.2))
        text = text.strip()
        bold, italic = v.get("bold", False), v.get("italic", False)
        if is_plain(text):
            fitted = fit_plain(text, fonts.style_of(bold, italic), (x, y, w, h), style)
        else:
            pieces = parse(text, self.icon_names)
            if bold or italic:
                pieces = tuple(type(p)(p.kind, p.text, p.bold or bold, p.italic or italic) for p in pieces)
            fitted = fit(pieces, (x, y, w, h), style,
                         lambda name, ix, iy, size: icon_ops.draw_icon(self.game.icons.get(name), name, ix, iy, size))
        if fitted.overflow:
            warnings.append(f"box {box.name!r}: text does not fit even at {style.min_size:g} pt")
        missing = fonts.missing(text)
        if missing:
            warnings.append(f"box {box.name!r}: the card font has no glyph for {' '.join(missing)} "
                            "(it would print as an empty box; use an :icon: instead)")
        return list(fitted.ops)

    def _art(self, values: dict[str, str], rect: tuple[float, float, float, float], layout: Layout, seed: str,
             where: str) -> list[Op]:
        x, y, w, h = rect
        file_name = values.get("column", "").strip()
        accent = _colour(values.get("accent"), layout.style, layout.style.get("accent", DEFAULT_ACCENT), where, "accent")
        size = self._image_size(file_name) if file_name else None
        if size is None:
            return list(placeholder(seed, x, y, w, h, accent))
        iw, ih = size[1]
        path = size[0]
        scale = max(w / iw, h / ih)  # cover the box, cropping what does not fit
        dw, dh = iw * scale, ih * scale
        return [Image(path, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh, (x, y, w, h))]

    def _image_size(self, file_name: str) -> tuple[str, tuple[int, int]] | None:
        """(canonical path, pixel size) of a file in art/, or None when there is no such file."""
        key = file_name
        if key not in self._image_sizes:
            path = self.game.root / "art" / file_name
            from PIL import Image as PILImage  # only the size is read here; the renderers draw the pixels

            if path.is_file():
                with PILImage.open(path) as image:
                    self._image_sizes[key] = (str(path.resolve()), image.size)
            else:
                self._image_sizes[key] = None
        return self._image_sizes[key]


def _flow_context(flow: Any, game: Game) -> dict[str, Any]:
    """What a card layout may print of a flowchart: `game.flows.<id>.card(["Park step", "levels", "score"])`."""
    return {"title": flow.title, "description": printed(flow, flow.description, game.constants),
            "card": lambda parts: card_text(flow, parts, game.constants)}


def _call(expression: Any, context: dict, where: str) -> Any:
    try:
        return expression(**context)
    except jinja2.TemplateError as error:
        raise LayoutError(f"{where}: when: {error}") from None


def _render(template: jinja2.Template, context: dict, where: str, key: str) -> str:
    try:
        return template.render(**context)
    except jinja2.TemplateError as error:
        raise LayoutError(f"{where}: {key}: {error}") from None


def _colour(value: str | None, style: Mapping[str, str], default: str | None, where: str, key: str) -> str | None:
    if value is None:
        return default
    value = value.strip()
    if value in ("", "none"):
        return None
    if HEX.fullmatch(value):
        return value.lower()
    if value in style:
        return style[value]
    raise LayoutError(f"{where}: {key} {value!r} is neither a colour like #a1b2c3 nor a style name "
                      f"({', '.join(sorted(style)) or 'no [style] defined'})")


def _names_used(source: str) -> set[tuple[str, str]]:
    """("column", c) for each card.c / card['c'], ("name", n) for each free variable of a template."""
    tree = environment().parse(source)
    used: set[tuple[str, str]] = set()
    for node in tree.find_all(nodes.Getattr):
        if isinstance(node.node, nodes.Name) and node.node.name == "card":
            used.add(("column", node.attr))
    for node in tree.find_all(nodes.Getitem):
        if isinstance(node.node, nodes.Name) and node.node.name == "card" and isinstance(node.arg, nodes.Const):
            used.add(("column", str(node.arg.value)))
    assigned = {n.name for n in tree.find_all(nodes.Name) if n.ctx in ("store", "param")}
    for node in tree.find_all(nodes.Name):
        if node.ctx == "load" and node.name not in assigned:
            used.add(("name", node.name))
    return used
