"""A board layout's [tracks.*], [grids.*] and [slots.*] tables, read and checked, turned into drawing operations.

    [tracks.score]                       # along a line: from, to; an arc: centre, radius, start_angle, end_angle;
    around = [0, 0, "W", "H"]            # round a rectangle's edge: around, corner, clockwise
    spaces = "0..{{ game.constants.trust_max }}"
    size = 12                            # mm, or "1.2cm", "0.5in"
    shape = "square"                     # square, circle, rounded
    mark_every = 5
    labels = { 0 = "Start", "{{ game.constants.collapse_at }}" = "Collapse" }

    [grids.map]
    kind = "hex"                         # square (size) or hex (side or height; orientation, offset)
    x = 20; y = 20; cols = 8; rows = 6; side = 15; coords = "0101"

    [slots.draw]
    fits = "poker"                       # a card size name, "WxH" or [w, h] in mm, "deck:<id>"; or diameter (a token)
    x = 10; y = 10; margin = 2; label = "Draw pile"; dashed = true
    label_size = 16                      # points at most (14 unless you say): smaller where the label is long
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from cardgen.gamedata.cardsizes import card_size
from cardgen.layout import board_grids, board_slots, board_tracks
from cardgen.layout.board_values import BoardError, Reader
from cardgen.layout.ops import Ellipse, Op, Path, Rect
from cardgen.layout.spec import LayoutError, LayoutErrors

TABLES = ("grids", "slots", "tracks")  # drawn in this order: grids beneath, tracks on top
_PAINT = ("stroke", "fill", "stroke_width", "colour")
_TRACK_KEYS = ("spaces", "step", "size", "shape", "mark_every", "mark_fill", "mark_stroke_width", "labels",
               "from", "to", "centre", "radius", "start_angle", "end_angle", "around", "corner", "clockwise", *_PAINT)
_GRID_KEYS = ("kind", "x", "y", "cols", "rows", "size", "side", "height", "orientation", "offset", "coords",
              "coords_place", *_PAINT)
_SLOT_KEYS = ("x", "y", "fits", "diameter", "margin", "landscape", "label", "label_size", "dashed", "radius", *_PAINT)
_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*")


def board_ops(layout: Mapping[str, Any], *, where: str, size: tuple[float, float],
              context: Mapping[str, Any] | None = None,
              decks: Mapping[str, tuple[float, float]] | None = None) -> tuple[Op, ...]:
    """The operations of a board layout's grids, slots and tracks, for a board of `size` (w, h mm).

    `where` names the layout file in messages; `context` is what templates see ({"game": ...}); `decks` gives each
    deck's card size (w, h mm) for `fits = "deck:<id>"`. A table that cannot be used is a BoardError naming the
    file, table and key; several are raised together as one LayoutErrors.
    """
    names = {"W": size[0], "H": size[1], "bleed": 0.0}
    readers = {"tracks": _track, "grids": _grid, "slots": _slot}
    ops: list[Op] = []
    problems: list[LayoutError] = []
    for kind in TABLES:
        tables = layout.get(kind, {})
        if not isinstance(tables, Mapping):
            problems.append(BoardError(f"{where}: [{kind}] must hold tables: [{kind}.<name>]"))
            continue
        for name, raw in tables.items():
            try:
                reader = Reader(where, f"{kind}.{name}", raw, context or {}, names)
                drawn = readers[kind](reader, dict(decks or {}))
                _inside(reader, drawn, size)
            except (LayoutError, board_tracks.TrackError, board_grids.GridError, board_slots.SlotError) as error:
                problems.append(error if isinstance(error, LayoutError)
                                else BoardError(f"{where}: [{kind}.{name}]: {error}"))
                continue
            ops.extend(drawn)
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise LayoutErrors(problems)
    return tuple(ops)


def _paint(reader: Reader, default: Any) -> dict[str, Any]:
    """stroke, fill, stroke_width and colour (of text), each defaulting to `default`'s (a style)."""
    return {"stroke": reader.colour("stroke", default.stroke) or default.stroke,
            "fill": reader.colour("fill", default.fill or "none"),
            "stroke_width": reader.length("stroke_width", default.stroke_width),
            "colour": reader.colour("colour", default.colour) or default.colour}


def _track(reader: Reader, decks: Mapping[str, tuple[float, float]]) -> tuple[Op, ...]:
    reader.check_keys(_TRACK_KEYS, required=("spaces", "size"))
    values = reader.spaces("spaces")
    paint = _paint(reader, board_tracks.TrackStyle())
    style = board_tracks.TrackStyle(
        shape=reader.choice("shape", board_tracks.SHAPES, "square"), size=reader.length("size", positive=True),
        stroke=paint["stroke"], fill=paint["fill"], stroke_width=paint["stroke_width"], colour=paint["colour"],
        mark_every=reader.integer("mark_every", 0), mark_fill=reader.colour("mark_fill", "#d9d9d9"),
        mark_stroke_width=reader.length("mark_stroke_width", 0.8))
    labels = reader.labels("labels")
    paths = [key for key in ("from", "centre", "around") if reader.has(key)]
    if len(paths) != 1:
        raise reader.error(None, "give the track's path: from and to (a line), centre, radius, start_angle and "
                                 "end_angle (an arc), or around (a rectangle: [x, y, width, height])"
                                 + (f"; found {' and '.join(paths)}" if paths else ""))
    closed = False
    if paths[0] == "from":
        _only(reader, "from", ("to",))
        centres = board_tracks.line_centres(reader.point("from"), reader.point("to"), len(values))
    elif paths[0] == "centre":
        _only(reader, "centre", ("radius", "start_angle", "end_angle"))
        start, end = reader.angle("start_angle"), reader.angle("end_angle")
        try:
            centres = board_tracks.arc_centres(reader.point("centre"), reader.length("radius", positive=True),
                                               start, end, len(values))
        except board_tracks.TrackError as error:
            raise reader.error("end_angle", str(error)) from None
        closed = math.isclose(abs(end - start), 360)
    else:
        _only(reader, "around", ())
        corner = reader.choice("corner", board_tracks.CORNERS, "top-left")
        try:
            centres = board_tracks.around_centres(reader.box("around"), len(values), style.size, corner,
                                                  reader.flag("clockwise", True))
        except board_tracks.TrackError as error:
            raise reader.error("around", str(error)) from None
        closed = True
    try:
        board_tracks.check_spacing(centres, style, closed)
    except board_tracks.TrackError as error:
        raise reader.error("size", str(error)) from None
    try:
        return board_tracks.track_ops(values, centres, style, labels)
    except board_tracks.TrackError as error:
        raise reader.error("labels" if labels and "label" in str(error) else "size", str(error)) from None


def _only(reader: Reader, path: str, needs: tuple[str, ...]) -> None:
    """BoardError when a key of another kind of path is set, or one this path needs is missing."""
    kinds = {"from": ("from", "to"), "centre": ("centre", "radius", "start_angle", "end_angle"),
             "around": ("around", "corner", "clockwise")}
    for key in (key for keys in kinds.values() for key in keys if key not in kinds[path]):
        if reader.has(key):
            raise reader.error(key, f"belongs to another kind of track than one with {path!r}")
    for key in needs:
        if not reader.has(key):
            raise reader.error(key, f"missing: a track with {path!r} needs {', '.join(needs)}")


def _grid(reader: Reader, decks: Mapping[str, tuple[float, float]]) -> tuple[Op, ...]:
    reader.check_keys(_GRID_KEYS, required=("kind", "x", "y", "cols", "rows"))
    kind = reader.choice("kind", board_grids.KINDS)
    x, y = reader.length("x"), reader.length("y")
    cols, rows = reader.integer("cols", minimum=1), reader.integer("rows", minimum=1)
    paint = _paint(reader, board_grids.GridStyle())
    style = board_grids.GridStyle(stroke=paint["stroke"], fill=paint["fill"], stroke_width=paint["stroke_width"],
                                  colour=paint["colour"], coords=reader.choice("coords", board_grids.COORDS, "none"),
                                  place=reader.choice("coords_place", board_grids.PLACES, "top"))
    if kind == "square":
        for key in ("side", "height", "orientation", "offset"):
            if reader.has(key):
                raise reader.error(key, "is a setting of hex grids; a square grid's cells have a size")
        cells = board_grids.square_cells(x, y, cols, rows, reader.length("size", positive=True))
        return board_grids.grid_ops(cells, style)
    given = [key for key in ("side", "height") if reader.has(key)]
    if reader.has("size") or len(given) != 1:
        raise reader.error(given[1] if len(given) > 1 else "size" if reader.has("size") else "side",
                           "a hex grid's hexes take one of side (each edge, mm) or height (flat side to flat side)")
    side = reader.length(given[0], positive=True) / (math.sqrt(3) if given[0] == "height" else 1.0)
    orientation = reader.choice("orientation", board_grids.ORIENTATIONS, "flat")
    offset = reader.choice("offset", board_grids.OFFSETS, "even")
    cells = board_grids.hex_cells(x, y, cols, rows, side, orientation, offset)
    return board_grids.grid_ops(cells, style, "hex", orientation, offset)


def _slot(reader: Reader, decks: Mapping[str, tuple[float, float]]) -> tuple[Op, ...]:
    reader.check_keys(_SLOT_KEYS, required=("x", "y"))
    if reader.has("fits") == reader.has("diameter"):
        raise reader.error("fits", "give fits (a card: \"poker\", \"63.5x88.9\", [w, h] or \"deck:<id>\") or "
                                   "diameter (a token), not " + ("both" if reader.has("fits") else "neither"))
    x, y, margin = reader.length("x"), reader.length("y"), reader.length("margin", 2.0)
    paint = _paint(reader, board_slots.SlotStyle())
    style = board_slots.SlotStyle(stroke=paint["stroke"], fill=paint["fill"], stroke_width=paint["stroke_width"],
                                  colour=paint["colour"], dashed=reader.flag("dashed"),
                                  radius=reader.length("radius", 3.0),
                                  label_size=reader.integer("label_size", int(board_slots.LABEL_SIZE), minimum=4))
    label = reader.text("label")
    if reader.has("diameter"):
        if reader.has("landscape"):
            raise reader.error("landscape", "a token slot is round: landscape is for card slots")
        return board_slots.token_slot_ops(x, y, reader.length("diameter", positive=True), margin, label, style)
    w, h = _fits(reader, decks)
    if reader.flag("landscape"):
        w, h = h, w
    return board_slots.card_slot_ops(x, y, (w, h), margin, label, style)


def _fits(reader: Reader, decks: Mapping[str, tuple[float, float]]) -> tuple[float, float]:
    """The card size a slot is for: a size name, "WxH" (mm), [w, h] or "deck:<id>" (that deck's size)."""
    value = reader.raw["fits"]
    if isinstance(value, str):
        value = reader.render("fits", value).strip()
        if value.startswith("deck:"):
            deck = value[5:].strip()
            if deck not in decks:
                known = ", ".join(sorted(decks)) or "none"
                raise reader.error("fits", f"no deck {deck!r} in this game (decks: {known})")
            return decks[deck]
        match = _SIZE.fullmatch(value)
        if match:
            value = [float(match[1]), float(match[2])]
    try:
        found = card_size(value)
    except ValueError as error:
        raise reader.error("fits", f"must be {error}, \"WxH\" or \"deck:<id>\"; found {reader.raw['fits']!r}") \
            from None
    return found.width, found.height


def _inside(reader: Reader, ops: tuple[Op, ...], size: tuple[float, float]) -> None:
    """BoardError when a shape of the table reaches past the board's edge."""
    boxes: list[tuple[float, float, float, float]] = []
    for op in ops:
        if isinstance(op, (Rect, Ellipse)):
            boxes.append((op.x, op.y, op.x + op.w, op.y + op.h))
        elif isinstance(op, Path):
            points = [(c[i], c[i + 1]) for c in op.commands for i in range(1, len(c), 2)]
            if points:
                boxes.append((min(p[0] for p in points), min(p[1] for p in points),
                              max(p[0] for p in points), max(p[1] for p in points)))
    if not boxes:
        return
    left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
    right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
    if left < -0.01 or top < -0.01 or right > size[0] + 0.01 or bottom > size[1] + 0.01:
        raise reader.error(None, f"reaches past the board's edge: it spans x {left:.1f} to {right:.1f} mm and "
                                 f"y {top:.1f} to {bottom:.1f} mm on a {size[0]:g} x {size[1]:g} mm board")

