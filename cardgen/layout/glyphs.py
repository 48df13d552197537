"""Vector glyphs for inline icons and badges, drawn in a unit square (0..1, y down).

A glyph is a list of shapes; each shape is filled with the icon's colour ("ink") or with white
("paper") for the details cut into it. Games pick a glyph per icon in game.toml's [icons].
"""

from __future__ import annotations

import math

Shape = tuple  # ("circle", cx, cy, r, tone) | ("poly", points, tone) | ("rect", x, y, w, h, tone)
INK, PAPER = "ink", "paper"
ICON_COLOUR = "#3a3a3a"  # the ink of an icon whose game.toml entry gives no colour


def _circle(cx: float, cy: float, r: float, tone: str = INK) -> Shape:
    return ("circle", cx, cy, r, tone)


def _poly(points: list[tuple[float, float]], tone: str = INK) -> Shape:
    return ("poly", tuple(points), tone)


def _rect(x: float, y: float, w: float, h: float, tone: str = INK) -> Shape:
    return ("rect", x, y, w, h, tone)


def _star(cx: float, cy: float, outer: float, inner: float, points: int = 5, tone: str = INK) -> Shape:
    return _poly([(cx + (outer if i % 2 == 0 else inner) * math.sin(i * math.pi / points),
                   cy - (outer if i % 2 == 0 else inner) * math.cos(i * math.pi / points))
                  for i in range(2 * points)], tone)


def _regular(cx: float, cy: float, r: float, sides: int, turn: float = 0.0, tone: str = INK) -> Shape:
    return _poly([(cx + r * math.sin(turn + i * 2 * math.pi / sides), cy - r * math.cos(turn + i * 2 * math.pi / sides))
                  for i in range(sides)], tone)


def _heart(tone: str = INK) -> list[Shape]:
    return [_circle(0.3, 0.36, 0.22, tone), _circle(0.7, 0.36, 0.22, tone),
            _poly([(0.1, 0.44), (0.5, 0.92), (0.9, 0.44), (0.5, 0.3)], tone)]


def _arc_band(r_out: float, r_in: float, cx: float = 0.5, cy: float = 0.86) -> Shape:
    steps = 10
    outer = [(cx + r_out * math.cos(math.radians(a)), cy - r_out * math.sin(math.radians(a)))
             for a in [45 + 90 * i / steps for i in range(steps + 1)]]
    inner = [(cx + r_in * math.cos(math.radians(a)), cy - r_in * math.sin(math.radians(a)))
             for a in [135 - 90 * i / steps for i in range(steps + 1)]]
    return _poly(outer + inner)


GLYPHS: dict[str, list[Shape]] = {
    "coin": [_circle(0.5, 0.5, 0.46), _circle(0.5, 0.5, 0.33, PAPER), _circle(0.5, 0.5, 0.24)],
    "star": [_star(0.5, 0.54, 0.48, 0.2)],
    "heart": _heart(),
    "shield": [_poly([(0.12, 0.12), (0.5, 0.04), (0.88, 0.12), (0.84, 0.56), (0.5, 0.96), (0.16, 0.56)]),
               _poly([(0.5, 0.18), (0.74, 0.24), (0.71, 0.54), (0.5, 0.8)], PAPER)],
    "bolt": [_poly([(0.58, 0.02), (0.16, 0.56), (0.46, 0.56), (0.38, 0.98), (0.84, 0.4), (0.54, 0.4)])],
    "wifi": [_arc_band(0.78, 0.64), _arc_band(0.52, 0.38), _circle(0.5, 0.8, 0.11)],
    "hourglass": [_rect(0.16, 0.04, 0.68, 0.1), _rect(0.16, 0.86, 0.68, 0.1),
                  _poly([(0.24, 0.14), (0.76, 0.14), (0.54, 0.5), (0.76, 0.86), (0.24, 0.86), (0.46, 0.5)]),
                  _poly([(0.34, 0.8), (0.66, 0.8), (0.5, 0.6)], PAPER)],
    "document": [_poly([(0.16, 0.04), (0.62, 0.04), (0.84, 0.26), (0.84, 0.96), (0.16, 0.96)]),
                 _rect(0.28, 0.42, 0.44, 0.07, PAPER), _rect(0.28, 0.58, 0.44, 0.07, PAPER),
                 _rect(0.28, 0.74, 0.3, 0.07, PAPER)],
    "die": [_rect(0.06, 0.06, 0.88, 0.88), _circle(0.28, 0.28, 0.09, PAPER), _circle(0.5, 0.5, 0.09, PAPER),
            _circle(0.72, 0.72, 0.09, PAPER)],
    "medal": [_poly([(0.3, 0.0), (0.46, 0.0), (0.6, 0.42), (0.44, 0.42)]),
              _poly([(0.54, 0.0), (0.7, 0.0), (0.56, 0.42), (0.4, 0.42)]),
              _circle(0.5, 0.66, 0.32), _star(0.5, 0.67, 0.2, 0.09, tone=PAPER)],
    "warning": [_poly([(0.5, 0.04), (0.98, 0.94), (0.02, 0.94)]), _rect(0.45, 0.34, 0.1, 0.34, PAPER),
                _circle(0.5, 0.8, 0.06, PAPER)],
    "person": [_circle(0.5, 0.26, 0.2), _poly([(0.14, 0.96), (0.2, 0.6), (0.36, 0.5), (0.64, 0.5), (0.8, 0.6),
                                                (0.86, 0.96)])],
    "plus": [_rect(0.4, 0.08, 0.2, 0.84), _rect(0.08, 0.4, 0.84, 0.2)],
    "minus": [_rect(0.08, 0.4, 0.84, 0.2)],
    "cross": [_poly([(0.18, 0.06), (0.5, 0.38), (0.82, 0.06), (0.94, 0.18), (0.62, 0.5), (0.94, 0.82), (0.82, 0.94),
                     (0.5, 0.62), (0.18, 0.94), (0.06, 0.82), (0.38, 0.5), (0.06, 0.18)])],
    "check": [_poly([(0.04, 0.54), (0.18, 0.4), (0.38, 0.6), (0.82, 0.14), (0.96, 0.28), (0.38, 0.88)])],
    "arrow_up": [_poly([(0.5, 0.04), (0.94, 0.5), (0.66, 0.5), (0.66, 0.96), (0.34, 0.96), (0.34, 0.5), (0.06, 0.5)])],
    "arrow_down": [_poly([(0.5, 0.96), (0.94, 0.5), (0.66, 0.5), (0.66, 0.04), (0.34, 0.04), (0.34, 0.5), (0.06, 0.5)])],
    "arrow_right": [_poly([(0.96, 0.5), (0.5, 0.06), (0.5, 0.34), (0.04, 0.34), (0.04, 0.66), (0.5, 0.66),
                           (0.5, 0.94)])],
    "gear": [_star(0.5, 0.5, 0.48, 0.36, points=8), _circle(0.5, 0.5, 0.3), _circle(0.5, 0.5, 0.14, PAPER)],
    "circle": [_circle(0.5, 0.5, 0.44)],
    "ring": [_circle(0.5, 0.5, 0.46), _circle(0.5, 0.5, 0.3, PAPER)],
    "square": [_rect(0.1, 0.1, 0.8, 0.8)],
    "diamond": [_poly([(0.5, 0.02), (0.92, 0.5), (0.5, 0.98), (0.08, 0.5)])],
    "hexagon": [_regular(0.5, 0.5, 0.48, 6, math.pi / 6)],
    "triangle": [_poly([(0.5, 0.06), (0.96, 0.9), (0.04, 0.9)])],
    "drop": [_poly([(0.5, 0.02), (0.78, 0.46), (0.22, 0.46)]), _circle(0.5, 0.64, 0.3)],
    "flask": [_rect(0.38, 0.04, 0.24, 0.34), _poly([(0.38, 0.34), (0.62, 0.34), (0.92, 0.92), (0.08, 0.92)]),
              _poly([(0.3, 0.66), (0.7, 0.66), (0.8, 0.84), (0.2, 0.84)], PAPER)],
    "chip": [_rect(0.2, 0.2, 0.6, 0.6), _rect(0.34, 0.34, 0.32, 0.32, PAPER)]
    + [_rect(0.3 + 0.16 * i, edge, 0.08, 0.16) for i in range(3) for edge in (0.04, 0.8)]
    + [_rect(edge, 0.3 + 0.16 * i, 0.16, 0.08) for i in range(3) for edge in (0.04, 0.8)],
    "wrench": [_circle(0.72, 0.28, 0.24), _circle(0.8, 0.2, 0.1, PAPER),
               _poly([(0.56, 0.3), (0.7, 0.44), (0.2, 0.94), (0.06, 0.8)])],
    "eye": [_poly([(0.02, 0.5), (0.2, 0.3), (0.5, 0.2), (0.8, 0.3), (0.98, 0.5), (0.8, 0.7), (0.5, 0.8), (0.2, 0.7)]),
            _circle(0.5, 0.5, 0.2, PAPER), _circle(0.5, 0.5, 0.1)],
    "book": [_poly([(0.04, 0.16), (0.48, 0.22), (0.48, 0.94), (0.04, 0.86)]),
             _poly([(0.52, 0.22), (0.96, 0.16), (0.96, 0.86), (0.52, 0.94)])],
    "ticket": [_poly([(0.04, 0.24), (0.96, 0.24), (0.96, 0.4), (0.88, 0.5), (0.96, 0.6), (0.96, 0.76), (0.04, 0.76),
                      (0.04, 0.6), (0.12, 0.5), (0.04, 0.4)]), _rect(0.62, 0.3, 0.04, 0.4, PAPER)],
    "globe": [_circle(0.5, 0.5, 0.46), _rect(0.06, 0.47, 0.88, 0.06, PAPER), _rect(0.47, 0.06, 0.06, 0.88, PAPER),
              _poly([(0.5, 0.08), (0.68, 0.5), (0.5, 0.92), (0.56, 0.5)], PAPER),
              _poly([(0.5, 0.08), (0.32, 0.5), (0.5, 0.92), (0.44, 0.5)], PAPER)],
    "house": [_poly([(0.5, 0.04), (0.96, 0.46), (0.84, 0.46), (0.84, 0.94), (0.16, 0.94), (0.16, 0.46), (0.04, 0.46)]),
              _rect(0.42, 0.62, 0.16, 0.32, PAPER)],
    "cube": [_poly([(0.5, 0.04), (0.92, 0.26), (0.5, 0.48), (0.08, 0.26)]),
             _poly([(0.08, 0.32), (0.46, 0.54), (0.46, 0.96), (0.08, 0.74)]),
             _poly([(0.92, 0.32), (0.54, 0.54), (0.54, 0.96), (0.92, 0.74)])],
    "sun": [_star(0.5, 0.5, 0.5, 0.34, points=10), _circle(0.5, 0.5, 0.28)],
    "moon": [_circle(0.5, 0.5, 0.44), _circle(0.68, 0.38, 0.34, PAPER)],
    "wave": [_poly([(0.02, 0.5), (0.18, 0.34), (0.34, 0.5), (0.5, 0.34), (0.66, 0.5), (0.82, 0.34), (0.98, 0.5),
                    (0.98, 0.9), (0.02, 0.9)])],
    "monster": [_poly([(0.1, 0.96), (0.16, 0.3), (0.3, 0.04), (0.4, 0.22), (0.5, 0.04), (0.6, 0.22), (0.7, 0.04),
                       (0.84, 0.3), (0.9, 0.96)]),
                _circle(0.36, 0.42, 0.08, PAPER), _circle(0.64, 0.42, 0.08, PAPER),
                _poly([(0.3, 0.7), (0.7, 0.7), (0.64, 0.8), (0.36, 0.8)], PAPER)],
    "card": [_rect(0.18, 0.04, 0.64, 0.92), _rect(0.26, 0.12, 0.48, 0.76, PAPER), _rect(0.32, 0.18, 0.36, 0.64)],
    "cards": [_rect(0.08, 0.16, 0.5, 0.72), _rect(0.14, 0.22, 0.38, 0.6, PAPER),
              _rect(0.4, 0.06, 0.5, 0.72), _rect(0.46, 0.12, 0.38, 0.6, PAPER)],
    "hand": [_rect(0.22, 0.44, 0.58, 0.5), _rect(0.22, 0.14, 0.12, 0.4), _rect(0.37, 0.06, 0.12, 0.44),
             _rect(0.52, 0.1, 0.12, 0.4), _rect(0.67, 0.2, 0.12, 0.34),
             _poly([(0.22, 0.6), (0.04, 0.42), (0.12, 0.36), (0.3, 0.5)])],
    "lock": [_circle(0.5, 0.34, 0.26), _circle(0.5, 0.34, 0.15, PAPER), _rect(0.14, 0.42, 0.72, 0.54),
             _circle(0.5, 0.64, 0.08, PAPER), _rect(0.46, 0.66, 0.08, 0.16, PAPER)],
    "skull": [_circle(0.5, 0.42, 0.38), _rect(0.3, 0.6, 0.4, 0.34), _circle(0.36, 0.44, 0.1, PAPER),
              _circle(0.64, 0.44, 0.1, PAPER), _rect(0.42, 0.8, 0.04, 0.14, PAPER), _rect(0.54, 0.8, 0.04, 0.14, PAPER)],
    "plane": [_poly([(0.5, 0.02), (0.58, 0.12), (0.58, 0.38), (0.96, 0.6), (0.96, 0.7), (0.58, 0.56), (0.58, 0.8),
                     (0.7, 0.9), (0.7, 0.96), (0.5, 0.9), (0.3, 0.96), (0.3, 0.9), (0.42, 0.8), (0.42, 0.56),
                     (0.04, 0.7), (0.04, 0.6), (0.42, 0.38), (0.42, 0.12)])],
    "flag": [_rect(0.14, 0.04, 0.08, 0.92), _poly([(0.22, 0.08), (0.9, 0.26), (0.22, 0.5)])],
    "clock": [_circle(0.5, 0.5, 0.46), _circle(0.5, 0.5, 0.36, PAPER), _rect(0.46, 0.2, 0.08, 0.34),
              _rect(0.46, 0.46, 0.28, 0.08)],
    "spiral": [_circle(0.5, 0.5, 0.46), _circle(0.5, 0.5, 0.36, PAPER), _circle(0.5, 0.5, 0.26),
               _circle(0.5, 0.5, 0.16, PAPER), _circle(0.5, 0.5, 0.07)],
    "tree": [_poly([(0.5, 0.02), (0.9, 0.7), (0.1, 0.7)]), _rect(0.43, 0.66, 0.14, 0.3)],
    "tent": [_poly([(0.5, 0.08), (0.96, 0.92), (0.04, 0.92)]), _poly([(0.5, 0.46), (0.66, 0.92), (0.34, 0.92)], PAPER)],
}


def glyph_names() -> list[str]:
    return sorted(GLYPHS)
