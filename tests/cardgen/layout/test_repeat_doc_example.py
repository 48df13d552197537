"""The repeated boxes and box `extends` example of docs/designers/layouts.md is a layout that checks and draws
what its comments say."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.gamedata import load_game
from cardgen.layout.compose import Composer
from cardgen.layout.ops import Ellipse, Path as Outline, Text

DOC = Path(__file__).resolve().parents[3] / "docs" / "designers" / "layouts.md"
GAME = """\
[game]
title = "Doc"
players = 2

[icons]
heart = { label = "Heart", glyph = "heart", colour = "#aa0000" }
bolt = { label = "Bolt", glyph = "bolt", colour = "#00aa00" }
drop = { label = "Drop", glyph = "drop", colour = "#0000aa" }

[decks.heroes]
title = "Heroes"
layout = "hero"

[decks.heroes.columns.cost]
type = "int"
required = false
"""


def example() -> str:
    section = DOC.read_text(encoding="utf-8").split("### Repeated boxes, and boxes that extend boxes", 1)[1]
    return re.search(r"```toml\n(.*?)```", section, re.S).group(1)


@pytest.fixture
def faces(make_game, cli):
    folder = make_game(toml=GAME, heroes_csv="id,name,cost\nh-1,Ada,3\nh-2,Bo,\n")
    (folder / "layouts").mkdir()
    (folder / "layouts" / "hero.toml").write_text(example(), encoding="utf-8")
    result = cli("check", folder)
    assert result.exit_code == 0 and "warning" not in result.output, result.output
    game = load_game(folder)
    deck = game.deck("heroes")
    composer = Composer(game, bleed=3)
    return [composer.front(deck, card, index) for index, card in enumerate(deck.cards, start=1)]


def test_pips_follow_the_cost_six_millimetres_apart(faces):
    pips = [[op for op in face.ops if isinstance(op, Ellipse) and op.fill == "#c9a227"] for face in faces]
    assert [len(found) for found in pips] == [3, 0]  # cost 3, and an empty cell
    assert [round(op.y, 6) for op in pips[0]] == [14, 20, 26] and {op.x for op in pips[0]} == {4}


def left(op) -> float:
    """The leftmost x of a glyph's shape: a disc's, or a path's points'."""
    return op.x if isinstance(op, Ellipse) else min(command[1] for command in op.commands if len(command) > 1)


def test_one_icon_per_item_of_the_list_in_its_order(faces):
    inks = {"#aa0000": "heart", "#00aa00": "bolt", "#0000aa": "drop"}
    drawn = [(left(op), inks[op.fill]) for op in faces[0].ops if isinstance(op, (Ellipse, Outline)) and op.fill in inks]
    firsts: dict[str, float] = {}
    for x, name in sorted(drawn):
        firsts.setdefault(name, x)
    assert sorted(firsts, key=firsts.get) == ["heart", "bolt", "drop"]
    assert firsts["bolt"] - firsts["heart"] == pytest.approx(7.62, abs=1.5)  # 0.3in apart, give or take the shapes


def test_the_extended_box_and_the_labels(faces):
    texts = sorted((round(op.y, 3), round(op.x, 3), op.text) for op in faces[0].ops if isinstance(op, Text))
    labels = [text for _, _, text in texts if "/" in text]
    assert labels == ["1/4", "2/4", "3/4", "4/4"]
    costs = [(x, text) for _, x, text in texts if text == "3"]
    assert len(costs) == 2 and costs[1][0] - costs[0][0] == pytest.approx(63.5 - 13 - 3)  # the same centring, moved
