"""Card faces from layouts: values from columns, `when`, colours from the style, placeholder art."""

from __future__ import annotations

import pytest

from cardgen.gamedata import load_game
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
    assert coin and all(20 <= op.x and op.x + op.w <= 25.0001 for op in coin)


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
    with pytest.raises(LayoutError, match="hero.toml: box 'band': fill 'mauve' is neither a colour"):
        composer.front(game.deck("heroes"), game.deck("heroes").cards[0], 1)
