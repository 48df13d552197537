"""A box that extends another box: every setting taken, some overridden; a wrong name or a circle refused."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cardgen.gamedata import load_game
from cardgen.layout.compose import Composer
from cardgen.layout.ops import Text
from cardgen.layout.spec import LayoutError, load_layout
from tests.conftest import MINIMAL_TOML

NAMES = {"W": 63.5, "H": 88.9, "bleed": 3.0}
BASE = """\
[boxes.cost]
x = 3
y = 4
w = 10
h = 8
text = "{{ card.power }}"
size = 11
bold = true
align = "center"
"""


def layouts(tmp_path, **texts):
    files = {}
    for name, text in texts.items():
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
        files[name] = tmp_path / f"{name}.toml"
    return files


def test_a_box_takes_every_setting_of_the_box_it_extends_and_overrides_some(tmp_path):
    files = layouts(tmp_path, card=BASE + '[boxes.cost2]\nextends = "cost"\ny = "H - 12"\nsize = 8\n')
    cost, cost2 = load_layout("card", files).boxes
    assert [round(g(NAMES), 3) for g in cost2.geometry] == [3, 76.9, 10, 8]
    assert dict(cost2.values) == {**cost.values, "size": 8}
    assert cost2.templates["text"].render(card=SimpleNamespace(power=7)) == "7"
    assert cost2.place("bold") == f"{files['card']}:8"  # an inherited setting is where it is written
    assert cost2.place("size") == f"{files['card']}:13"


def test_a_box_extends_a_box_of_the_layout_it_extends(tmp_path):
    files = layouts(tmp_path, base=BASE, child='extends = "base"\n[boxes.corner]\nextends = "cost"\nx = "W - 13"\n')
    _cost, corner = load_layout("child", files).boxes
    assert corner.name == "corner" and corner.values["align"] == "center"
    assert [round(g(NAMES), 3) for g in corner.geometry] == [50.5, 4, 10, 8]


def test_a_hidden_box_is_a_pattern_the_boxes_extending_it_draw(make_game):
    folder = make_game(toml=MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "hero"'))
    (folder / "layouts").mkdir()
    (folder / "layouts" / "hero.toml").write_text(
        BASE.replace("bold = true", "bold = true\nhidden = true") + '[boxes.left]\nextends = "cost"\n'
        '[boxes.right]\nextends = "cost"\nx = 50\ntext = "{{ card.side }}"\n', encoding="utf-8")
    game = load_game(folder)
    deck = game.deck("heroes")
    face = Composer(game, bleed=3).front(deck, deck.cards[0], 1)
    assert sorted(op.text for op in face.ops if isinstance(op, Text)) == ["3", "light"]


@pytest.mark.parametrize(("text", "message"), [
    (BASE + '[boxes.cost2]\nextends = "cots"\n',
     "card.toml:11: box 'cost2': extends names box 'cots', which neither this layout nor a layout it extends has; "
     "did you mean 'cost'? (boxes: cost)"),
    (BASE + '[boxes.a]\nextends = "b"\n[boxes.b]\nextends = "c"\n[boxes.c]\nextends = "a"\n',
     "card.toml:15: box 'c': extends 'a' goes round in a circle: a -> b -> c -> a"),
    (BASE + '[boxes.me]\nextends = "me"\n', "card.toml:11: box 'me': extends 'me' goes round in a circle: me -> me"),
    (BASE + '[boxes.n]\nextends = 3\n', "card.toml:11: box 'n': extends must be the name of another box in quotes"),
])
def test_a_wrong_extends_is_refused_at_its_line(tmp_path, text, message):
    with pytest.raises(LayoutError) as caught:
        load_layout("card", layouts(tmp_path, card=text))
    assert message in str(caught.value)
    assert "needs x, y, w, h" not in str(caught.value)  # the box left out, not reported again for what it lacks
