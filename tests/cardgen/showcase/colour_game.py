"""A small game whose cards are each one flat colour, so a showcase's pixels say which card lies where."""

from __future__ import annotations

from pathlib import Path

TOML = """\
[game]
title = "Swatches"
players = [2, 4]

[decks.heroes]
title = "Heroes"
layout = "swatch"

[decks.heroes.columns.colour]
type = "str"

[decks.villains]
title = "Villains"
layout = "swatch"
card_size = "tarot"

[decks.villains.columns.colour]
type = "str"
"""

LAYOUT = """\
[boxes.ground]
kind = "rect"
x = 0
y = 0
w = "W"
h = "H"
fill = "{{ card.colour }}"

[boxes.title]
kind = "text"
x = 4
y = 4
w = "W - 8"
h = 10
text = "{{ card.name }}"
colour = "#ffffff"
"""

# each hero's colour, far from the others' and from white, black and grey (the ground, shadows and reflections)
COLOURS = {"h-1": (200, 30, 30), "h-2": (30, 160, 40), "h-3": (30, 60, 200), "h-4": (230, 160, 0),
           "h-5": (150, 40, 170), "h-6": (0, 170, 170), "h-7": (240, 90, 150)}
HEROES = "id,name,colour,count\n" + "".join(f"{card},Hero {card[2:]},#{r:02x}{g:02x}{b:02x},1\n"
                                            for card, (r, g, b) in COLOURS.items())
VILLAINS = "id,name,colour,count\nv-1,Villain One,#202020,1\nv-2,Villain Two,#404040,1\n"


def colour_game(make_game) -> Path:
    """The game's folder, written by the `make_game` fixture; its cards are poker (heroes) and tarot (villains)."""
    folder = make_game(toml=TOML, name="swatches", heroes_csv=HEROES, villains_csv=VILLAINS)
    (folder / "layouts").mkdir(exist_ok=True)
    (folder / "layouts" / "swatch.toml").write_text(LAYOUT, encoding="utf-8")
    return folder


def near(pixel: tuple[int, ...], colour: tuple[int, int, int], tolerance: int = 12) -> bool:
    """Whether `pixel` (RGB or RGBA) is `colour`, give or take antialiasing."""
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], colour))


def _inside(polygon: list[tuple[float, float]], x: float, y: float) -> bool:
    """Whether (x, y) is inside the convex `polygon` (corners in order)."""
    signs = set()
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        signs.add((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) > 0)
    return len(signs) == 1


def visible_point(arrangement, k: int, clear: float = 4.0) -> tuple[int, int] | None:
    """A pixel of the `k`-th placement (drawing order) below its title that no card drawn after it covers, at
    least `clear` px from their edges; None when the card is all hidden."""
    later = [p.corners() for p in arrangement.placements[k + 1:]]
    placement = arrangement.placements[k]
    for v in (0.5, 0.7, 0.9, 0.35):
        for u in (0.5, 0.3, 0.15, 0.7, 0.85, 0.93, 0.07):
            x, y = placement.point(u, v)
            around = [(x + dx, y + dy) for dx in (-clear, 0, clear) for dy in (-clear, 0, clear)]
            if not any(_inside(polygon, px, py) for polygon in later for px, py in around):
                return round(x), round(y)
    return None
