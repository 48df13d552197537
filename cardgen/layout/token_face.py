"""Lays out one side of a token: its shape in its colour, and its face text fitted inside.

A front (and an open back) is a rim in the token's colour around a light field, so the game's
icons, which often share the token's colour, stay visible on it. A hidden token's back is its
concealed face: solid colour, text and icons in one contrasting tone, and the same colour for every
token it conceals, so the back never tells what is on the front.
"""

from __future__ import annotations

import math

from cardgen.gamedata import Game, Token
from cardgen.layout import fonts
from cardgen.layout.icons import draw_icon
from cardgen.layout.icon_words import IconWords
from cardgen.layout.markup import parse
from cardgen.layout.ops import Ellipse, Face, Op, Rect
from cardgen.layout.placeholder import mix
from cardgen.layout.textfit import TextStyle, fit

DEFAULT_COLOUR = "#c8c8c8"
NEUTRAL = "#4a4a4a"  # a concealed face shared by tokens of different colours
INK = "#1f1f1f"
WHITE = "#ffffff"
RIM = 0.07           # of the token's smaller side
FIELD_TINT = 0.8     # how far the field moves from the token's colour towards white
MIN_TEXT = 4.0       # pt: below this a token's text is unreadable anyway


def sides(game: Game, token: Token, bleed: float) -> tuple[Face, Face | None]:
    """The token's front and its back (None when it is one-sided)."""
    back = token_face(game, token, "back", bleed) if token.back is not None else None
    return token_face(game, token, "front", bleed), back


def token_face(game: Game, token: Token, side: str, bleed: float) -> Face:
    """One side of `token` as a Face: (0, 0) is the top-left of its trim box, `bleed` mm all round."""
    w, h = token.width, token.height
    colour = token.colour or DEFAULT_COLOUR
    text = token.front if side == "front" else (token.back or "")
    concealed = side == "back" and token.hidden
    round_ = token.shape == "round"
    shape = Ellipse if round_ else Rect
    if concealed:
        colour = concealed_colour(game, token)
        ink = icon_ink = contrast(colour)
        ops: list[Op] = [shape(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=colour)]
        field = (0.0, 0.0, w, h)
    else:
        ink, icon_ink = INK, None  # icons keep their own colours on the light field
        rim = RIM * min(w, h)
        field = (rim, rim, w - 2 * rim, h - 2 * rim)
        ops = [shape(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=colour),
               shape(*field, fill=mix(on_paper(colour), WHITE, FIELD_TINT))]
    box = _text_box(field, round_)
    style = TextStyle(size=max(MIN_TEXT, 0.8 * box[3] / 1.1 / fonts.PT), min_size=MIN_TEXT,  # one line, 80% tall
                      colour=ink, align="center", valign="middle", leading=1.1)
    warnings: tuple[str, ...] = ()
    if text.strip():
        pieces = parse(IconWords(game.icons)(text.strip()), frozenset(game.icons))
        fitted = fit(pieces, box, style,
                     lambda name, x, y, size: draw_icon(game.icons.get(name), name, x, y, size, icon_ink))
        ops += fitted.ops
        if fitted.overflow:
            warnings = (f"token {token.id!r} {side}: text does not fit even at {MIN_TEXT:g} pt",)
    return Face(w, h, bleed, tuple(ops), warnings)


def _text_box(field: tuple[float, float, float, float], round_: bool) -> tuple[float, float, float, float]:
    x, y, w, h = field
    if round_:
        # a 0.8 x 0.6 box has its corners on the circle (0.4² + 0.3² = 0.5²): wider than tall,
        # as short token texts are; a little inset keeps glyphs off the rim
        bw, bh = 0.8 * w * 0.94, 0.6 * h * 0.94
    else:
        bw, bh = w * 0.86, h * 0.86
    return (x + (w - bw) / 2, y + (h - bh) / 2, bw, bh)


def concealed_colour(game: Game, token: Token) -> str:
    """The token's colour when every hidden token with the same back shares it, else a neutral."""
    colours = {t.colour or DEFAULT_COLOUR for t in game.tokens if t.hidden and t.back == token.back}
    return colours.pop() if len(colours) == 1 else NEUTRAL


def contrast(colour: str) -> str:
    """White on dark colours, ink on light ones (relative luminance, as WCAG measures it)."""
    return WHITE if luminance(on_paper(colour)) < 0.179 else INK  # where both contrasts are equal


def on_paper(colour: str) -> str:
    """The colour as it looks printed on white paper: #rrggbbaa blended over white, #rrggbb as it is."""
    if len(colour) == 9:
        return mix(colour[:7], WHITE, 1 - int(colour[7:9], 16) / 255)
    return colour


def luminance(colour: str) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else math.pow((c + 0.055) / 1.055, 2.4)

    r, g, b = (linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
