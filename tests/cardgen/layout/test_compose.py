"""Card faces from layouts: values from columns, `when`, colours from the style, placeholder art."""

from __future__ import annotations

import re

import pytest

from cardgen.gamedata import GameDataError, load_game
from cardgen.layout.compose import Composer
from cardgen.layout.ops import Ellipse, Path, Rect, Text
from cardgen.layout.spec import LayoutError
from tests.conftest import MINIMAL_TOML

HERO = """
[style]
light = "#f0e68c"
dark = "#2f2f4f"
[boxes.band]
kind = "rect"
x = 0
y = 0
w = "W"
h = 10
fill = "{{ card.side }}"
[boxes.power]
kind = "text"
x = 2
y = 2
w = 10
h = 6
text = "{{ card.power }}"
when = "card.power >= 4"
[boxes.coin]
kind = "icon"
icon = "coin"
x = 20
y = 2
w = 5
h = 5
[boxes.art]
kind = "art"
x = 5
y = 20
w = 50
h = 30
"""


@pytest.fixture
def game(make_game):
    toml = MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "hero"')
    toml += '\n[icons]\ncoin = { label = "Coins", glyph = "coin", colour = "#c9a227" }\n'
    folder = make_game(toml=toml)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "hero.toml").write_text(HERO)
    return load_game(folder)


def test_fills_come_from_columns_through_the_style(game):
    composer = Composer(game, bleed=3)
    deck = game.deck("heroes")
    ada, grace = (composer.front(deck, card, i) for i, card in enumerate(deck.cards, 1))
    assert ada.ops[0] == Rect(0, 0, 63.5, 10, fill="#f0e68c", stroke=None, stroke_width=0.3)
    assert grace.ops[0].fill == "#2f2f4f"


def test_when_decides_whether_a_box_is_drawn(game):
    composer = Composer(game, bleed=3)
    deck = game.deck("heroes")
    ada, grace = (composer.front(deck, card, i) for i, card in enumerate(deck.cards, 1))
    assert not any(isinstance(op, Text) and op.text == "3" for op in ada.ops)
    assert any(isinstance(op, Text) and op.text == "5" for op in grace.ops)


def test_icon_box_draws_the_glyph_in_its_colour(game):
    face = Composer(game, bleed=3).front(game.deck("heroes"), game.deck("heroes").cards[0], 1)
    coin = [op for op in face.ops if isinstance(op, Ellipse) and op.fill == "#c9a227"]
    assert coin and all(op.x >= 20 and op.x + op.w <= 25.0001 for op in coin)


def test_placeholder_art_is_deterministic_and_differs_per_card(game):
    deck = game.deck("heroes")
    first = Composer(game, bleed=3).front(deck, deck.cards[0], 1)
    again = Composer(game, bleed=3).front(deck, deck.cards[0], 1)
    other = Composer(game, bleed=3).front(deck, deck.cards[1], 2)
    art = lambda face: [op for op in face.ops if isinstance(op, Path)]  # noqa: E731
    assert art(first) == art(again) and art(first) != art(other)
    for op in art(first):
        for command in op.commands[:-1]:
            assert 5 - 1e-9 <= command[1] <= 55 + 1e-9 and 20 - 1e-9 <= command[2] <= 50 + 1e-9


def test_unknown_colour_names_the_box(game, tmp_path):
    (game.root / "layouts" / "hero.toml").write_text(HERO.replace('fill = "{{ card.side }}"', 'fill = "mauve"'))
    composer = Composer(load_game(game.root), bleed=3)
    with pytest.raises(LayoutError, match=r"hero\.toml:5: box 'band': fill 'mauve' is neither a colour"):
        composer.front(game.deck("heroes"), game.deck("heroes").cards[0], 1)


@pytest.mark.parametrize(("old", "new", "box"), [
    ('text = "{{ card.power }}"', 'text = "{{ card.power }}"\ncolour = "none"', "power"),
    ('h = 30', 'h = 30\naccent = "none"', "art"),
])
def test_text_and_placeholder_art_refuse_the_colour_none(game, old, new, box):
    """A text's ink and placeholder art's accent must be colours: "none" names the box (it crashed the PNGs)."""
    layout = HERO.replace(old, new)
    (game.root / "layouts" / "hero.toml").write_text(layout)
    line = layout.splitlines().index(f"[boxes.{box}]") + 1
    composer = Composer(load_game(game.root), bleed=3)
    strong = next(card for card in game.deck("heroes").cards if int(card.fields["power"]) >= 4)
    with pytest.raises(LayoutError) as raised:
        composer.front(game.deck("heroes"), strong, 1)
    key = "colour" if box == "power" else "accent"
    assert str(raised.value) == (f"{game.root / 'layouts' / 'hero.toml'}:{line}: box {box!r}: {key} 'none' leaves "
                                 "nothing to draw with: name a colour like #a1b2c3 or a style name")


LINES = """
[style]
ink = "#aa3300"
rule = "#0055aa"
[boxes.paper]
kind = "rect"
x = 0
y = 0
w = "W"
h = "H"
fill = "#ffffff"
[boxes.divider]
kind = "line"
x = 5
y = 40
w = "W - 10"
h = 0
width = 0.8
[boxes.own]
kind = "line"
x = 5
y = 60
w = "W - 10"
h = 0
colour = "rule"
"""


def test_line_boxes_take_the_layouts_ink_unless_they_name_a_colour(make_game, tmp_path):
    from pypdf import PdfReader

    from cardgen.build.options import BuildOptions
    from cardgen.build.run import build
    from tests.pdf_probe import probe

    folder = make_game(toml=MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "lines"'),
                       heroes_csv="id,name,power,side\nh-1,Ada,3,light\nh-2,Grace,5,dark\n")  # one copy each:
    (folder / "layouts").mkdir()                                                  # drawn inline, not as forms
    (folder / "layouts" / "lines.toml").write_text(LINES)
    build(load_game(folder), BuildOptions(out=tmp_path / "out", duplex="none", rulebook=False))
    page = probe(PdfReader(tmp_path / "out" / "tiny" / "tiny-heroes-a4.pdf"), 0)
    long = [(colour, round(width, 3)) for colour, width, segments in page.strokes
            for x1, y1, x2, y2 in segments if abs(y1 - y2) < 1e-6 and abs(abs(x2 - x1) - 53.5) < 1e-3]
    assert long.count(("#aa3300", 0.8)) == 2   # the divider of both cards, in the ink, 0.8 mm wide
    assert long.count(("#0055aa", 0.3)) == 2   # a line that names its colour keeps it (default width 0.3 mm)
    assert len(long) == 4


@pytest.mark.parametrize(("x", "y", "w", "h", "expected"), [
    ("0.25in", "75px", "1.2cm", "18pt", (6.35, 6.35, 12.0, 6.35)),      # Squib's px at 300 dpi, a shop's inches
    ("W - 0.5in", "75px - bleed", "2 cm", "{{ 36 }}pt", (50.8, 3.35, 20.0, 12.7)),  # mixed with W, H, bleed
])
def test_positions_take_the_units_designers_think_in(make_game, x, y, w, h, expected):
    toml = MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "units"')
    folder = make_game(toml=toml)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "units.toml").write_text(f'[boxes.band]\nkind = "rect"\nx = "{x}"\ny = "{y}"\n'
                                                   f'w = "{w}"\nh = "{h}"\nfill = "#000000"\n')
    game = load_game(folder)
    deck = game.deck("heroes")
    band = Composer(game, bleed=3).front(deck, deck.cards[0], 1).ops[0]
    assert (band.x, band.y, band.w, band.h) == pytest.approx(expected)


def test_a_unit_pnpkit_does_not_know_is_named(make_game):
    toml = MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "units"')
    folder = make_game(toml=toml)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "units.toml").write_text('[boxes.band]\nkind = "rect"\nx = "2 furlongs"\ny = 0\nw = 5\n'
                                                   'h = 5\nfill = "#000000"\n')
    game = load_game(folder)
    deck = game.deck("heroes")
    with pytest.raises(LayoutError, match=re.escape("with a unit if not mm: 0.25in, 75px, 1.2cm, 18pt")):
        Composer(game, bleed=3).front(deck, deck.cards[0], 1)


@pytest.mark.parametrize(("radius", "width", "expected"), [("38px", "0.01in", (3.2173, 0.254)), (2, 0.3, (2, 0.3))])
def test_a_radius_and_a_stroke_take_units_too(make_game, radius, width, expected):
    toml = MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "units"')
    folder = make_game(toml=toml)
    (folder / "layouts").mkdir()
    def value(v: str | float) -> str:
        return f'"{v}"' if isinstance(v, str) else str(v)

    (folder / "layouts" / "units.toml").write_text(f'[boxes.band]\nkind = "rect"\nx = 2\ny = 2\nw = 40\nh = 20\n'
                                                   f'radius = {value(radius)}\nstroke = "#000000"\n'
                                                   f'stroke_width = {value(width)}\n')
    game = load_game(folder)
    deck = game.deck("heroes")
    band = Composer(game, bleed=3).front(deck, deck.cards[0], 1).ops[0]
    assert (band.radius, band.stroke_width) == pytest.approx(expected, abs=1e-4)


def test_a_radius_cannot_use_the_cards_size(make_game):
    toml = MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "units"')
    folder = make_game(toml=toml)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "units.toml").write_text('[boxes.band]\nkind = "rect"\nx = 2\ny = 2\nw = 40\nh = 20\n'
                                                   'radius = "W / 10"\nfill = "#000000"\n')
    game = load_game(folder)
    deck = game.deck("heroes")
    with pytest.raises(LayoutError, match=re.escape("radius must be a length such as 0.5")):
        Composer(game, bleed=3).front(deck, deck.cards[0], 1)


WORDS_TOML = MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "words"') + \
    '\n[icons]\ncoin = { label = "Coins", glyph = "coin", colour = "#c9a227", words = ["Coin", "Gold coin"] }\n'
WORDS_LAYOUT = '[boxes.rules]\nkind = "text"\nx = 3\ny = 3\nw = 57\nh = 30\ntext = "{{ card.text }}"\n'


def text_ops(make_game, text: str, toml: str = WORDS_TOML, name: str = "tiny"):
    folder = make_game(toml=toml, name=name, heroes_csv=f"id,name,power,side,text\nh-1,Ada,3,light,{text}\n")
    (folder / "layouts").mkdir()
    (folder / "layouts" / "words.toml").write_text(WORDS_LAYOUT)
    game = load_game(folder)
    deck = game.deck("heroes")
    return Composer(game, bleed=3).front(deck, deck.cards[0], 1).ops


def test_words_an_icon_lists_print_as_the_icon(make_game):
    """Squib's `embed` of a bare word: "Gold coin" and "Coin" show the coin, "Coins" (another word) stays text."""
    by_words = text_ops(make_game, "Pay 2 Gold coin or a Coin. Coins stay")
    by_markup = text_ops(make_game, "Pay 2 :coin: or a :coin:. Coins stay", name="markup")
    assert by_words == by_markup
    assert by_words != text_ops(make_game, "Pay 2 Gold coin or a Coin. Coins stay",
                                toml=WORDS_TOML.replace(', words = ["Coin", "Gold coin"]', ""), name="plain")


def test_a_word_two_icons_list_is_named(make_game):
    toml = WORDS_TOML + 'gem = { label = "Gems", glyph = "gem", words = ["Coin"] }\n'
    with pytest.raises(GameDataError, match="the word 'Coin' already stands for icon 'coin'"):
        load_game(make_game(toml=toml))
