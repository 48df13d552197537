"""Lays out one card face: a layout's boxes filled from a card record, as drawing operations."""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType, SimpleNamespace
from typing import Any
from collections.abc import Mapping


from cardgen.gamedata import Card, CardSize, Deck, Game, thaw
from cardgen.gamedata.records import Board
from cardgen.gamedata.columns import PLACEHOLDER_ART
from cardgen.layout import fonts
from cardgen.layout import icons as icon_ops
from cardgen.layout.art_error import ArtError
from cardgen.layout.game_art import GameArt
from cardgen.layout.board_face import board_face
from cardgen.layout.icon_words import IconWords
from cardgen.layout.markup import eaten, is_plain, parse
from cardgen.layout.ops import Ellipse, Face, Image, Op, Path, Rect
from cardgen.layout.per_card import SettingError, per_card
from cardgen.layout.placeholder import placeholder
from cardgen.layout.resize import Resize
from cardgen.layout import safe_zone
from cardgen.layout.safe_zone import Fact
from cardgen.layout.spec import PER_CARD, Box, Layout, LayoutError, load_layout
from cardgen.layout.box_values import BoxError, call_when, colour_value, render_value, solid_colour
from cardgen.layout.template_names import (CARD_NAMES, CONTEXT_NAMES, ReadFields, deck_columns, flow_context,
                                           names_used)
from cardgen.layout.textfit import TextStyle, fit, fit_plain

DEFAULT_INK = "#1f1f1f"
DEFAULT_ACCENT = "#35577d"
DEFAULT_FONT = "default"  # DejaVu Sans, unless game.toml's [fonts] declares a family of this name


@dataclass(frozen=True)
class Note:
    """Something laying out one face noticed about one box: `cardgen check` prints it at `box.place(key)`.

    An "error" stops `cardgen check`; a build stops on template errors (raised, never noted) and prints
    the rest as warnings.
    """

    level: str      # "error" or "warning"
    box: Box
    key: str        # the setting it is about ("text", "column", "when"...), "" for the whole box
    message: str
    fact: Fact | None = None  # a measurement (safe zone, small type) that `cardgen check` groups across cards

    def __str__(self) -> str:
        return f"box {self.box.name!r}: {self.message}"


def layout_names(deck: Deck) -> set[str]:
    """The names of the layouts the deck's faces are drawn with."""
    return {deck.back} | ({card.layout for card in deck.cards} if deck.cards else {deck.layout})


class Composer:
    """Turns the cards of one game into faces, reading each layout once."""

    def __init__(self, game: Game, bleed: float, card_size: CardSize | None = None):
        self.game, self.bleed = game, bleed
        self.card_size = card_size  # `--card-size`: every deck printed at this size, its layouts scaled to it
        self._layouts: dict[str, Layout] = {}
        self.art = GameArt(game)  # the game's art files, each read once
        self._backs: dict[Face, Face] = {}  # each distinct back face once, so renderers can draw it once
        self._deck_backs: dict[str, Face] = {}  # the back of each deck whose back is the same for every card
        self._back_varies: dict[str, bool] = {}
        self._deck_contexts: dict[str, dict[str, Any]] = {}
        # each layout's boxes at a card size: the box, its rectangle on the design's card and on the printed card,
        # where it is written, whether any of its settings is worked out per card (per_card), and its text settings
        self._geometry: dict[tuple[str, float, float, float, float],
                             tuple[tuple[Box, tuple[float, ...], tuple[float, ...], str, bool, tuple], ...]] = {}
        self._game_context = {"title": game.title, "slug": game.slug, "variant": game.variant.name, "subtitle": game.subtitle,
                              "constants": thaw(game.constants), "flows": {flow.id: flow_context(flow, game)
                                                                           for flow in game.flows}}
        self.icon_names = frozenset(game.icons)
        self.icon_words = IconWords(game.icons)
        self._families: dict[str, str] = {}  # a game font's name -> its id with cardgen.layout.fonts
        self.notes: list[Note] | None = None  # when a list (`cardgen check`), box errors are noted, not raised
        self.read: set[str] | None = None     # when a set (`cardgen check`), the card columns templates read
        self.measure_ink = False  # True (check, build --strict): measure each face's ink against the safe zone
        self._box_names: dict[int, set[str]] = {}
        self._styles: dict[tuple, TextStyle] = {}
        self._shapes: dict[tuple, tuple[Box, tuple[Op, ...]]] = {}  # a shape box's ops at a place, in colours

    def layout(self, name: str) -> Layout:
        if name not in self._layouts:
            self._layouts[name] = load_layout(name, self.game.layouts)
        return self._layouts[name]

    def size_of(self, deck: Deck) -> CardSize:
        """The size the deck's cards are printed at: `card_size` when given, else the deck's own."""
        return self.card_size or deck.size

    def resize(self, deck: Deck) -> Resize | None:
        """How the deck's layouts are scaled to the printed size; None when it is the deck's own."""
        printed = self.size_of(deck)
        if (printed.width, printed.height) == (deck.size.width, deck.size.height):
            return None
        return Resize(deck.size, printed)

    def check(self, deck: Deck) -> None:
        """LayoutError when the deck's layouts name columns or variables that do not exist."""
        for note in self.problems(deck):
            raise LayoutError(f"{note.box.place(note.key)}: {note}")

    def problems(self, deck: Deck, layouts: set[str] | None = None) -> list[Note]:
        """Every column or variable the deck's layouts (or those of `layouts`) name that does not exist, in any
        branch of any template."""
        columns = {column.name for column in deck.columns}
        notes = []
        for layout_name in sorted(layout_names(deck) if layouts is None else layouts):
            for box in self.layout(layout_name).boxes:
                for key, source in box.sources.items():
                    for kind, name in sorted(names_used(source)):
                        if kind == "column" and name not in columns:
                            notes.append(Note("error", box, key, f"{key} names column {name!r}, which deck "
                                              f"{deck.id!r} does not have (its columns: {', '.join(sorted(columns))})"))
                        if kind == "name" and name not in CONTEXT_NAMES:
                            notes.append(Note("error", box, key, f"{key} uses {name!r}; templates know "
                                              f"{', '.join(sorted(CONTEXT_NAMES))} (and Jinja's loop, range...)"))
                font = box.values.get("font", DEFAULT_FONT)
                if font != DEFAULT_FONT and font not in self.game.fonts:
                    notes.append(Note("error", box, "font", f"font {font!r} is not declared in [fonts] of game.toml "
                                      f"(fonts declared: {', '.join(sorted(self.game.fonts)) or 'none'})"))
        return notes

    def front(self, deck: Deck, card: Card, index: int) -> Face:
        context = self._context(deck, card, index, "front")
        return self._on_card(card, lambda: self._face(self.layout(card.layout), deck, context, card.id))

    def back(self, deck: Deck, card: Card | None = None, index: int = 0) -> Face:
        """The back of `card` (the `index`-th card of the deck), or the deck's back when it is the same for all.

        A back layout may print the card's fields like a front. Backs that come out the same are
        one and the same Face object, so a PDF holds each distinct back once.
        """
        if not self.back_varies(deck):
            if deck.id in self._deck_backs:  # laid out once, not once per card
                return self._deck_backs[deck.id]
            card, index = None, 0
        elif card is None:
            raise LayoutError(f"{self.layout(deck.back).path}: this back prints the card's fields, so deck "
                              f"{deck.id!r} has no single back; ask for the back of a card")
        context = self._context(deck, card, index, "back")
        face = self._on_card(card, lambda: self._face(self.layout(deck.back), deck, context, f"{deck.id}-back"))
        face = self._backs.setdefault(face, face)
        if card is None:
            self._deck_backs[deck.id] = face
        return face

    def board(self, board: Board, side: str = "front") -> Face:
        """A side of a board, mat or aid, laid out at the board's own size (cardgen.layout.board_face)."""
        return board_face(self, board, side)

    def sheet(self, layout: Layout, deck: Deck, context: dict[str, Any], seed: str) -> Face:
        """`layout`'s boxes laid out on a sheet of `deck`'s size with `context` (a board's: its sheet is a deck of none)."""
        return self._face(layout, deck, context, seed)

    def context(self, deck: Deck, side: str) -> dict[str, Any]:
        """What templates see on a side of `deck` with no card (a board's side)."""
        return self._context(deck, None, 0, side)

    def back_varies(self, deck: Deck) -> bool:
        """Whether the deck's back layout prints anything of the card (`card`, `number`, `index`, `body`)."""
        if deck.back not in self._back_varies:
            used = {name for box in self.layout(deck.back).boxes for source in box.sources.values()
                    for kind, name in names_used(source) if kind == "name"}
            self._back_varies[deck.back] = bool(used & CARD_NAMES)
        return self._back_varies[deck.back]

    @staticmethod
    def _on_card(card: Card | None, lay_out: Any) -> Face:
        """Lays out a face; an art file that cannot be read is reported with the card's CSV line."""
        try:
            return lay_out()
        except ArtError as error:
            if card is None:
                raise
            raise ArtError(f"{card.file}:{card.line} (card {card.id!r}): art {error}") from None
        except SettingError as error:  # a templated x, y, size...: the card it came out wrong for
            if card is None:
                raise
            raise LayoutError(f"{error} [card {card.id!r} at {card.file}:{card.line}]") from None

    def _context(self, deck: Deck, card: Card | None, index: int, side: str) -> dict[str, Any]:
        return {
            "card": (SimpleNamespace(**card.fields) if self.read is None else ReadFields(card.fields, self.read))
            if card else SimpleNamespace(),
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
                                            "distinct": deck.distinct, "columns": deck_columns(deck)}
        return self._deck_contexts[deck.id]

    def _face(self, layout: Layout, deck: Deck, context: dict[str, Any], seed: str) -> Face:
        W, H = deck.size.width, deck.size.height  # the layout's names (W, H) are the design's card
        resize = self.resize(deck)
        printed = self.size_of(deck)
        shrink = resize.shrink if resize else 1.0
        key = (layout.name, W, H, printed.width, printed.height)
        names = {"W": W, "H": H, "bleed": self.bleed}
        if key not in self._geometry:  # every card of a deck shares its layout's box geometry
            self._geometry[key] = tuple((box, rect, resize.rect(box.kind, rect) if resize else rect,
                                         f"{box.place()}: box {box.name!r}", bool(PER_CARD & box.templates.keys()),
                                         _text_settings(box.values, shrink))
                                        for box in layout.boxes for rect in (_rect_of(box, names),))
        ops: list[Op] = []
        warnings: list[Note] = []
        boxes_drawn: list[tuple[Box, tuple[float, ...], list[Op]]] = []  # each box drawn, where, and its ops
        for box, designed, rect, where, varies, settings in self._geometry[key]:
            try:
                if box.when is not None and not call_when(box.when, context, where):
                    continue
                values = {k: render_value(t, context, where, k) for k, t in box.templates.items()}
                if varies:
                    placed = per_card(box, values, designed, names)  # templated x, y, w, h, size, min_size, hidden
                    if placed is None:
                        continue
                    rect, sizes = placed
                    if resize:
                        rect = resize.rect(box.kind, rect)
                    if sizes:
                        box = replace(box, values=MappingProxyType({**box.values, **sizes}))
                        settings = _text_settings(box.values, shrink)
                if self.read is not None and "body" in self._names(box):  # body prints every text column
                    self.read.update(c.name for c in deck.columns if c.type == "text")
                drawn = self._box_ops(box, layout, rect, values, context, seed, warnings, where, settings)
                boxes_drawn.append((box, rect, drawn))
                ops += drawn
            except LayoutError as error:
                if self.notes is None:
                    raise
                setting, detail = getattr(error, "key", ""), getattr(error, "detail", str(error))
                self.notes.append(Note("error", box, setting,
                                       detail if detail.startswith(setting) else f"{setting}: {detail}"))
        W, H = printed.width, printed.height  # the face is the printed card
        gone = safe_zone.off_card(boxes_drawn, W, H, self.bleed)  # every build: such a box does not print
        warnings += [Note("warning", box, "", fact.sentence(), fact) for box, fact in gone]
        if self.measure_ink:  # glyph by glyph: worth its time where someone reads the answer
            off = {id(box) for box, _ in gone}
            warnings += [Note("warning", box, "", fact.sentence(), fact)
                         for box, fact in safe_zone.outside(boxes_drawn, W, H, deck.safe_zone) if id(box) not in off]
        if self.notes is not None:
            self.notes += warnings
        return Face(W, H, self.bleed, tuple(ops), tuple(str(note) for note in warnings), tuple(warnings))

    def _names(self, box: Box) -> set[str]:
        """The free names the box's settings use (`card`, `body`, `deck`...), worked out once per box
        (a box's sources stay the same object for every card, while its sizes may be replaced per card)."""
        key = id(box.sources)
        if key not in self._box_names:
            self._box_names[key] = {name for source in box.sources.values() for kind, name in names_used(source)
                                    if kind == "name"}
        return self._box_names[key]

    def _box_ops(self, box: Box, layout: Layout, rect: tuple[float, ...], values: dict[str, str],
                 context: dict, seed: str, warnings: list[Note], where: str, settings: tuple) -> list[Op]:
        x, y, w, h = rect
        v = box.values
        colour = lambda key, default: colour_value(values.get(key), layout.style, default, where, key)  # noqa: E731
        if box.kind in ("rect", "ellipse", "line"):  # the same ops for every card with the same place and colours
            key = (id(box), rect, values.get("fill"), values.get("stroke"), values.get("colour"))
            known = self._shapes.get(key)
            if known is None or known[0] is not box:  # the box is kept with its ops, so its id stays its own
                known = self._shapes[key] = (box, tuple(self._shape_ops(box, layout, rect, colour)))
            return list(known[1])
        if box.kind == "icon":
            name = values.get("icon", "").strip()
            if not name:
                return []
            if name not in self.game.icons:
                detail = f"icon {name!r} is not declared in [icons] of {self.game.slug}"
                raise BoxError(f"{where}: {detail}", "icon", detail)
            return icon_ops.draw_icon(self.game.icons[name], name, x, y, min(w, h), colour("colour", None))
        if box.kind == "art":
            art = self._art(values, (x, y, w, h), layout, seed, where)
            file_name = values.get("column", "").strip()
            if file_name and file_name.lower() != PLACEHOLDER_ART and not v.get("placeholder") \
                    and not any(isinstance(op, Image) for op in art):
                warnings.append(Note("error", box, "column", f"art file {file_name!r} is not in "
                                     f"{self.game.root / 'art'}, so placeholder art is printed instead (add the file, "
                                     "fix the name, or say placeholder = true in the box)"))
            return art
        text = values.get("text", "")
        size, min_size, align, valign, leading, font_name, bold, italic = settings
        ink = solid_colour(values.get("colour"), layout.style, layout.style.get("ink", DEFAULT_INK), where, "colour")
        style = self._style(size, min_size, ink, align, valign, leading, self._family(font_name, box))
        text = self.icon_words(text.strip())
        if is_plain(text):
            fitted = fit_plain(text, fonts.style_of(bold, italic, style.family), (x, y, w, h), style)
        else:
            pieces = parse(text, self.icon_names, layout.style)
            lost = eaten(text)
            if lost:
                warnings.append(Note("warning", box, "text", lost))
            if bold or italic:
                pieces = tuple(replace(p, bold=p.bold or bold, italic=p.italic or italic) for p in pieces)
            fitted = fit(pieces, (x, y, w, h), style,
                         lambda name, ix, iy, size: icon_ops.draw_icon(self.game.icons.get(name), name, ix, iy, size))
        if fitted.overflow:
            warnings.append(Note("warning", box, "text", f"text does not fit even at {style.min_size:g} pt"))
        small = safe_zone.small_type(box, fitted.size, text)
        if small:
            warnings.append(Note("warning", box, "size", small.sentence(), small))
        missing = fonts.missing(text, fonts.style_of(False, False, style.family))
        if missing:
            font = f"font {v.get('font', DEFAULT_FONT)!r}" if style.family else "card font (DejaVu Sans)"
            warnings.append(Note("warning", box, "text", f"the {font} has no glyph for {' '.join(missing)} "
                                 "(it would print as an empty box; use an :icon: or another font instead)"))
        return list(fitted.ops)

    @staticmethod
    def _shape_ops(box: Box, layout: Layout, rect: tuple[float, ...], colour: Any) -> list[Op]:
        x, y, w, h = rect
        v = box.values
        if box.kind == "rect":
            return [Rect(x, y, w, h, colour("fill", None), colour("stroke", None), v.get("stroke_width", 0.3),
                         v.get("radius", 0.0))]
        if box.kind == "ellipse":
            return [Ellipse(x, y, w, h, colour("fill", None), colour("stroke", None), v.get("stroke_width", 0.3))]
        ink = layout.style.get("ink", DEFAULT_INK)  # like text: a line is drawn in the layout's ink
        return [Path((("M", x, y), ("L", x + w, y + h)), stroke=colour("colour", ink), stroke_width=v.get("width", 0.3))]

    def _style(self, *settings: Any) -> TextStyle:
        """The TextStyle of these settings, one object for each distinct set (the fitting memo compares them)."""
        style = self._styles.get(settings)
        if style is None:
            style = self._styles[settings] = TextStyle(*settings)
        return style

    def _family(self, name: str, box: Box) -> str:
        """The id of the font family `name` (game.toml's [fonts], or "default": DejaVu Sans) for cardgen.layout.fonts;
        a game's family is registered the first time a box uses it."""
        if name not in self._families:
            if name in self.game.fonts:
                spec = self.game.fonts[name]
                try:
                    self._families[name] = fonts.family(spec.files, spec.digest, f"{self.game.root / 'game.toml'}:"
                                                        f"{spec.line} (font {name!r})", fallbacks=spec.fallbacks)
                except fonts.FontError as error:  # named at the box's font setting too, where check reports it
                    raise BoxError(f"{box.place('font')}: box {box.name!r}: {error}", "font", str(error)) from None
            elif name == DEFAULT_FONT:
                self._families[name] = ""
            else:
                detail = f"font {name!r} is not declared in [fonts] of game.toml"
                raise BoxError(f"{box.place('font')}: box {box.name!r}: {detail}", "font", detail)
        return self._families[name]

    def _art(self, values: dict[str, str], rect: tuple[float, float, float, float], layout: Layout, seed: str,
             where: str) -> list[Op]:
        x, y, w, h = rect
        file_name = values.get("column", "").strip()
        accent = solid_colour(values.get("accent"), layout.style, layout.style.get("accent", DEFAULT_ACCENT), where, "accent")
        art = self.art.file(file_name) if file_name else None
        if art is None:
            return list(placeholder(seed, x, y, w, h, accent))
        scale = max(w / art.width, h / art.height)  # cover the box, cropping what does not fit
        dw, dh = art.width * scale, art.height * scale
        return [Image(art.path, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh, (x, y, w, h), art.vector)]


def _text_settings(v: Mapping[str, Any], shrink: float = 1.0) -> tuple:
    """A text box's size, min_size, align, valign, leading, font, bold and italic, defaults filled in; `shrink`
    (below 1 on a card smaller than the layout's) lets the text shrink that much further to fit."""
    size = v.get("size", 9.0)
    return (size, min(size, v.get("min_size", size * 0.7)) * shrink if shrink < 1 else v.get("min_size", size * 0.7),
            v.get("align", "left"),
            v.get("valign", "top"), v.get("leading", 1.2), v.get("font", DEFAULT_FONT), v.get("bold", False),
            v.get("italic", False))


def _rect_of(box: Box, names: Mapping[str, float]) -> tuple[float, ...]:
    try:
        return tuple(g(names) for g in box.geometry)
    except ZeroDivisionError:
        raise LayoutError(f"{box.place()}: box {box.name!r}: x, y, w or h divides by zero for cards of "
                          f"{names['W']:g} x {names['H']:g} mm with {names['bleed']:g} mm bleed") from None
