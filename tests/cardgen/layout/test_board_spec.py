"""A board layout's [tracks.*], [grids.*] and [slots.*] tables read into drawing operations: units, templates over
the game's constants, deck sizes, and one clear error (file, table, key) for each bad key or value."""

from __future__ import annotations

import itertools
import tomllib

import pytest

from cardgen.layout.board_grids import GridStyle, grid_ops, hex_cells
from cardgen.layout.board_slots import card_slot_ops
from cardgen.layout.board_spec import board_ops
from cardgen.layout.board_tracks import TrackStyle, line_centres, track_ops
from cardgen.layout.board_values import BoardError
from cardgen.layout.ops import Face, Rect, Text
from cardgen.layout.spec import LayoutError, LayoutErrors
from cardgen.render import png_draw
from tests.cardgen.layout.board_pdf import render, shapes, texts

WHERE = "layouts/board.toml"
SIZE = (420.0, 297.0)
GAME = {"game": {"constants": {"trust_max": 12, "collapse_at": 9}}}
DECKS = {"heroes": (57.2, 88.9)}


def ops_of(source: str, context=GAME, size=SIZE):
    return board_ops(tomllib.loads(source), where=WHERE, size=size, context=context, decks=DECKS)


def test_each_table_gives_what_its_function_draws_and_grids_come_first():
    ops = ops_of("""
        [tracks.line]
        from = [20, 250]
        to = ["W - 20", 250]
        spaces = "1..5"
        size = "1.2cm"
        mark_every = 5
        [grids.map]
        kind = "hex"
        x = 20
        y = 20
        cols = 4
        rows = 3
        height = "0.5in"
        orientation = "pointy"
        coords = "A1"
        [slots.draw]
        fits = "poker"
        x = 300
        y = 20
        label = "Draw"
    """)
    side = 0.5 * 25.4 / 3 ** 0.5
    grid = grid_ops(hex_cells(20.0, 20.0, 4, 3, side, "pointy"), GridStyle(coords="A1"), "hex", "pointy")
    slot = card_slot_ops(300.0, 20.0, (63.5, 88.9), 2.0, "Draw")
    track = track_ops([1, 2, 3, 4, 5], line_centres((20.0, 250.0), (400.0, 250.0), 5), TrackStyle(size=12.0,
                                                                                                    mark_every=5))
    assert ops == (*grid, *slot, *track)


def test_a_templated_track_follows_the_constant_its_length_comes_from(tmp_path):
    source = """
        [tracks.trust]
        around = [0, 0, "W", "H"]
        spaces = "0..{{ game.constants.trust_max }}"
        size = 20
        mark_every = 5
        labels = { 0 = "Start", "{{ game.constants.collapse_at }}" = "Collapse" }
    """
    for trust_max, collapse_at in ((12, 9), (30, 20)):
        context = {"game": {"constants": {"trust_max": trust_max, "collapse_at": collapse_at}}}
        pdf = render(ops_of(source, context), tmp_path / f"trust{trust_max}.pdf", SIZE)
        spaces = [shape for shape in shapes(pdf) if shape.box[2] == pytest.approx(20.0, abs=0.01)]
        assert len(spaces) == trust_max + 1
        shown = [t.text for t in texts(pdf)]
        numbers = [int(t) for t in shown if t.isdigit()]
        assert numbers == list(range(trust_max + 1))
        assert shown[shown.index(str(collapse_at)) + 1] == "Collapse" and shown[1] == "Start"
        assert sum(1 for shape in spaces if shape.fill == "#d9d9d9") == trust_max // 5 + 1


def test_a_slot_fits_a_named_size_a_width_by_height_or_a_deck_of_the_game_turned_if_asked():
    def outline(fits: str, extra: str = "") -> tuple[float, float]:
        (rect, *_) = ops_of(f'[slots.s]\nfits = {fits}\nx = 10\ny = 10\nmargin = "0.3cm"\n{extra}')
        assert isinstance(rect, Rect)
        return round(rect.w, 6), round(rect.h, 6)

    assert outline('"poker"') == (69.5, 94.9)
    assert outline('"deck:heroes"') == (63.2, 94.9)
    assert outline('"70x120"') == (76.0, 126.0)
    assert outline("[44, 67]") == (50.0, 73.0)
    assert outline('"tarot"', "landscape = true") == (126.7, 75.9)
    (circle, label) = ops_of('[slots.cube]\ndiameter = "2cm"\nx = 10\ny = 10\nlabel = "{{ game.constants.collapse_at }} up"')
    assert (circle.w, circle.h) == pytest.approx((24.0, 24.0))
    assert isinstance(label, Text) and label.text == "9 up"


def test_the_same_board_writes_the_same_bytes(tmp_path):
    source = """
        [grids.g]
        kind = "square"
        x = 10
        y = 10
        cols = 5
        rows = 5
        size = 20
        coords = "q,r"
        [tracks.t]
        centre = [250, 150]
        radius = 80
        start_angle = 0
        end_angle = 360
        spaces = "1..20"
        size = 15
        shape = "circle"
    """
    first = render(ops_of(source), tmp_path / "a.pdf", SIZE).read_bytes()
    assert first == render(ops_of(source), tmp_path / "b.pdf", SIZE).read_bytes()


BAD = [
    ('[tracks.score]\nfrom = [0, 0]\nto = [100, 0]\nspaces = "0..5"\nsize = 10\ncolor = "#000000"',
     "[tracks.score] color: unknown key; a track takes spaces,"),
    ('[tracks.score]\nfrom = [0, 0]\nto = [100, 0]\nsize = 10', "[tracks.score] spaces: missing"),
    ('[tracks.score]\nfrom = [0, 0]\nto = [100, 0]\nspaces = "0-5"\nsize = 10',
     "[tracks.score] spaces: must be \"first..last\" such as \"0..50\", found '0-5'"),
    ('[tracks.score]\nfrom = [0, 0]\nto = [100, 0]\nspaces = "0..{{ game.constants.nope }}"\nsize = 10',
     "[tracks.score] spaces: '0..{{ game.constants.nope }}': 'dict object' has no attribute 'nope'"),
    ('[tracks.score]\nfrom = [0, 0]\nto = [100, 0]\nspaces = "0..5"\nsize = "3 furlongs"',
     "[tracks.score] size: '3 furlongs' is not arithmetic"),
    ('[tracks.score]\nfrom = [0, 0]\nto = [100, 0]\nspaces = "0..5"\nsize = 10\nmark_every = "five"',
     "[tracks.score] mark_every: must be a whole number of 0 or more, found 'five'"),
    ('[tracks.score]\nfrom = [0, 0]\nto = [100, 0]\nspaces = "0..5"\nsize = 10\nshape = "star"',
     "[tracks.score] shape: must be one of square, circle, rounded, found 'star'"),
    ('[tracks.score]\nfrom = [0, 0]\nto = [100, 0]\nspaces = "0..5"\nsize = 10\nfill = "red"',
     "[tracks.score] fill: must be a colour like \"#a1b2c3\" or \"none\", found 'red'"),
    ('[tracks.score]\nfrom = [0, 0]\nto = [100, 0]\nspaces = "0..5"\nsize = 10\nlabels = { six = "Six" }',
     "[tracks.score] labels: 'six' must name a space by its number"),
    ('[tracks.score]\nfrom = [0, 0]\nto = [100, 0]\nspaces = "0..5"\nsize = 10\nlabels = { 9 = "Nine" }',
     "[tracks.score] labels: labels name spaces the track does not have: 9"),
    ('[tracks.score]\nfrom = [0]\nto = [100, 0]\nspaces = "0..5"\nsize = 10',
     "[tracks.score] from: must be [x, y] (mm or with units), found [0]"),
    ('[tracks.score]\nfrom = [0, 0]\nspaces = "0..5"\nsize = 10', "[tracks.score] to: missing: a track with 'from'"),
    ('[tracks.score]\nspaces = "0..5"\nsize = 10', "[tracks.score]: give the track's path"),
    ('[tracks.score]\nfrom = [0, 0]\nto = [10, 0]\naround = [0, 0, 10, 10]\nspaces = "0..5"\nsize = 10',
     "[tracks.score]: give the track's path: from and to (a line), centre, radius, start_angle and end_angle (an "
     "arc), or around (a rectangle: [x, y, width, height]); found from and around"),
    ('[tracks.score]\nfrom = [0, 0]\nto = [10, 0]\ncorner = "top-left"\nspaces = "0..5"\nsize = 10',
     "[tracks.score] corner: belongs to another kind of track than one with 'from'"),
    ('[tracks.score]\nfrom = [0, 0]\nto = [40, 0]\nspaces = "0..50"\nsize = 10',
     "[tracks.score] size: spaces 1 and 2 overlap: 51 spaces of 10 mm"),
    ('[tracks.score]\ncentre = [100, 100]\nradius = 50\nstart_angle = 0\nend_angle = 720\nspaces = "0..5"\nsize = 10',
     "[tracks.score] end_angle: an arc turns at most 360 degrees"),
    ('[tracks.score]\naround = [0, 0, "W", "H"]\ncorner = "top"\nspaces = "0..50"\nsize = 10',
     "[tracks.score] corner: must be one of top-left, top-right, bottom-right, bottom-left, found 'top'"),
    ('[tracks.score]\nfrom = [400, 10]\nto = [430, 10]\nspaces = "0..1"\nsize = 10',
     "[tracks.score]: reaches past the board's edge: it spans x 395.0 to 435.0 mm"),
    ('[grids.map]\nkind = "hexagon"\nx = 0\ny = 0\ncols = 2\nrows = 2\nside = 10',
     "[grids.map] kind: must be one of square, hex, found 'hexagon'"),
    ('[grids.map]\nkind = "hex"\nx = 0\ny = 0\ncols = 0\nrows = 2\nside = 10',
     "[grids.map] cols: must be a whole number of 1 or more, found 0"),
    ('[grids.map]\nkind = "hex"\nx = 0\ny = 0\ncols = 2\nrows = 2\nside = 10\nheight = 17',
     "[grids.map] height: a hex grid's hexes take one of side"),
    ('[grids.map]\nkind = "square"\nx = 0\ny = 0\ncols = 2\nrows = 2\nsize = 10\norientation = "flat"',
     "[grids.map] orientation: is a setting of hex grids"),
    ('[grids.map]\nkind = "hex"\nx = 0\ny = 0\ncols = 2\nrows = 2\nside = 10\ncoords = "B2"',
     "[grids.map] coords: must be one of none, A1, 0101, q,r, found 'B2'"),
    ('[grids.map]\nkind = "hex"\ny = 0\ncols = 2\nrows = 2\nside = 10', "[grids.map] x: missing: it is required"),
    ('[slots.draw]\nfits = "jumbo"\nx = 0\ny = 0',
     "[slots.draw] fits: must be a card size name (poker, bridge"),
    ('[slots.draw]\nfits = "deck:villains"\nx = 0\ny = 0',
     "[slots.draw] fits: no deck 'villains' in this game (decks: heroes)"),
    ('[slots.draw]\nfits = "poker"\ndiameter = 10\nx = 0\ny = 0', "[slots.draw] fits: give fits"),
    ('[slots.draw]\nfits = "poker"\nx = 0\ny = 0\nmargin = -2', "[slots.draw] margin: must be 0 or more mm"),
    ('[slots.draw]\nfits = "poker"\nx = 0\ny = 0\ndashed = "yes"', "[slots.draw] dashed: must be true or false"),
    ('[slots.draw]\nfits = "poker"\nx = 0\ny = 0\nlabel = 5', "[slots.draw] label: must be text in quotes"),
    ('[slots.draw]\nfits = "poker"\nx = 0\ny = 0\nlabel = "{{ game.title }"',
     "[slots.draw] label: template error"),
    ('[slots.cube]\ndiameter = 10\nx = 0\ny = 0\nlandscape = true', "[slots.cube] landscape: a token slot is round"),
    ('slots = 3', "[slots] must hold tables: [slots.<name>]"),
    ('[slots]\ndraw = 3', "[slots.draw] must be a table of settings, found 3"),
]


@pytest.mark.parametrize(("source", "message"), BAD, ids=[message[:50] for _, message in BAD])
def test_each_bad_key_or_value_is_one_clear_error_naming_the_file_table_and_key(source, message):
    with pytest.raises(BoardError) as caught:
        ops_of(source)
    assert not isinstance(caught.value, LayoutErrors)
    assert str(caught.value).startswith(f"{WHERE}: ")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_several_bad_tables_are_reported_together():
    with pytest.raises(LayoutErrors) as caught:
        ops_of('[tracks.a]\nspaces = "0..5"\n[grids.b]\nkind = "round"\n[slots.c]\nx = 0\ny = 0\nfits = 3')
    assert [str(e).split(":")[1].strip() for e in caught.value.errors] == ["[grids.b] x", "[slots.c] fits",
                                                                           "[tracks.a] size"]
    assert all(isinstance(e, LayoutError) for e in caught.value.errors)


def test_the_png_renderer_draws_the_same_board_marks_dashes_and_all():
    ops = ops_of("""
        [tracks.t]
        from = [20, 20]
        to = [60, 20]
        spaces = "4..5"
        size = 20
        mark_every = 5
        mark_fill = "#808080"
        [slots.s]
        fits = "poker"
        x = 100
        y = 100
        dashed = true
    """)
    image = png_draw.render(Face(*SIZE, 0.0, ops), 100).convert("L")
    px = 100 / 25.4

    def at(x: float, y: float) -> int:
        return image.getpixel((round(x * px), round(y * px)))

    assert at(13.0, 13.0) > 250 and 120 < at(53.0, 13.0) < 136  # the 5 is marked, the 4 is not
    # the slot's top edge (y = 100, from x = 100 + 3 mm corner radius) alternates dashes and gaps along its length
    edge = [at(100 + 3 + 0.25 * i, 100.0) < 128 for i in range(int(61.5 / 0.25))]
    runs = [len(list(group)) for _, group in itertools.groupby(edge)]
    assert edge[0] and len(runs) > 20
    assert 2.4 / 0.25 <= max(runs) <= 3.6 / 0.25  # 3 mm dashes, 2 mm gaps, within a pixel or two
