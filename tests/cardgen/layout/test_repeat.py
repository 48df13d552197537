"""Repeated boxes: one box drawn over a count, a range, a list or the card's own number, a step apart; each copy an
ordinary box for drawing and for `cardgen check`, and a bad repeat refused at the layout's file:line."""

from __future__ import annotations

import pytest
from PIL import Image

from cardgen.gamedata import load_game
from cardgen.layout.compose import Composer
from cardgen.layout.ops import Ellipse, Text
from cardgen.layout.repeat import MAX_REPEAT
from cardgen.layout.spec import LayoutError, load_layout
from tests.conftest import MINIMAL_TOML

NAMES = {"W": 63.5, "H": 88.9, "bleed": 3.0}
GAME = MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "hero"')
PIPS = """\
[boxes.pip]
kind = "ellipse"
fill = "#ff0000"
x = 4
y = 10
w = 4
h = 4
repeat = "{{ card.power }}"
step = { y = "6mm" }
"""
TAGS = """\
[boxes.tag]
x = 1
y = 10
w = 28
h = 5
text = "{{ repeat.index }} of {{ repeat.count }}: {{ repeat.value | upper }}"
repeat = ["fire", "water"]
step = { x = "1.25in" }
"""


def layout_of(tmp_path, text: str, name: str = "boxes"):
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return load_layout(name, {name: path})


@pytest.mark.parametrize(("repeat", "values"), [("3", [1, 2, 3]), ('"2..4"', [2, 3, 4]), ('["a", "b"]', ["a", "b"])])
def test_a_box_repeats_over_a_count_a_range_or_a_list_a_step_apart(tmp_path, repeat, values):
    layout = layout_of(tmp_path, f'[boxes.cell]\nx = 2\ny = "W / 2"\nw = 5\nh = 5\ntext = "{{{{ repeat.value }}}}"\n'
                                 f'repeat = {repeat}\nstep = {{ x = "12mm", y = 1.5 }}\n')
    assert [box.name for box in layout.boxes] == [f"cell[{i}]" for i in range(1, len(values) + 1)]
    assert [tuple(round(g(NAMES), 6) for g in box.geometry) for box in layout.boxes] == \
        [(2 + 12 * i, 31.75 + 1.5 * i, 5, 5) for i in range(len(values))]
    assert [box.templates["text"].render(card=None) for box in layout.boxes] == [str(v) for v in values]


def test_each_copy_prints_its_own_value_on_the_face(make_game):
    folder = make_game(toml=GAME)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "hero.toml").write_text(TAGS, encoding="utf-8")
    game = load_game(folder)
    deck = game.deck("heroes")
    face = Composer(game, bleed=3).front(deck, deck.cards[0], 1)
    texts = sorted((op.x, op.text) for op in face.ops if isinstance(op, Text))
    assert [text for _, text in texts] == ["1 of 2: FIRE", "2 of 2: WATER"]
    assert texts[1][0] - texts[0][0] == pytest.approx(31.75)  # step x = 1.25in, the text set left in each copy


def red_runs(png) -> int:
    """How many separate red discs the card's PNG shows down its most-red column of pixels."""
    with Image.open(png) as image:
        rgb = image.convert("RGB")
    width, height = rgb.size
    red = lambda x, y: (lambda p: p[0] > 200 and p[1] < 60 and p[2] < 60)(rgb.getpixel((x, y)))  # noqa: E731
    column = max(range(width // 4), key=lambda x: sum(red(x, y) for y in range(0, height, 4)))
    runs, inside = 0, False
    for y in range(height):
        now = red(column, y)
        runs += now and not inside
        inside = now
    return runs


def test_a_number_column_draws_that_many_pips(make_game, cli, tmp_path):
    folder = make_game(toml=GAME, heroes_csv="id,name,power,side,count,text\nh-1,Ada,3,light,1,\n"
                                             "h-2,Grace,5,dark,1,\nh-3,Zero,0,dark,1,\n")
    (folder / "layouts").mkdir()
    (folder / "layouts" / "hero.toml").write_text(PIPS, encoding="utf-8")
    result = cli("build", folder, "--out", tmp_path / "out", "--png")
    assert result.exit_code == 0, result.output
    cards = tmp_path / "out" / "tiny" / "png" / "heroes"
    with Image.open(cards / "h-1.png") as image:
        assert image.width > 700 and image.height > 1000  # a whole card at print resolution
    assert [red_runs(cards / f"{card}.png") for card in ("h-1", "h-2", "h-3")] == [3, 5, 0]


def test_copies_are_ordinary_boxes_for_the_safe_zone_check(make_game, cli):
    folder = make_game(toml=GAME)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "hero.toml").write_text(
        '[boxes.pip]\nkind = "ellipse"\nfill = "#ff0000"\nsafe = true\nx = 4\ny = 10\nw = 4\nh = 4\nrepeat = 7\nstep = { y = "14mm" }\n'
        '[boxes.word]\nx = 10\ny = 10\nw = 50\nh = 20\ntext = "{{ card.name }} {{ card.power }} {{ card.side }}'
        ' {{ card.text }}"\n', encoding="utf-8")
    result = cli("check", folder)
    assert "box 'pip[7]': badge is entirely off the card, 5.10 mm past the trim's bottom edge" in result.output
    assert "pip[6]" not in result.output  # 10 + 5 * 14 + 4 = 84 mm: 4.9 mm inside the trim, clear of the safe zone


def test_a_repeated_box_naming_a_missing_column_is_told_once(make_game, cli):
    folder = make_game(toml=GAME)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "hero.toml").write_text(
        '[boxes.tag]\nx = 1\ny = 1\nw = 9\nh = 9\ntext = "{{ card.nope }}"\nrepeat = 4\n', encoding="utf-8")
    result = cli("check", folder)
    assert result.exit_code == 2
    assert result.output.count("names column 'nope'") == 1
    assert "hero.toml:6: error: box 'tag': text names column 'nope'" in result.output


def test_a_card_with_no_count_is_an_error_at_repeat_naming_the_card(make_game, cli):
    folder = make_game(toml=GAME)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "hero.toml").write_text(PIPS.replace("card.power", "card.side"), encoding="utf-8")
    result = cli("check", folder)
    assert result.exit_code == 2
    assert ("hero.toml:8: error: box 'pip': repeat: template error: '{{ card.side }}' gave no count for card 'h-1': "
            "it must be a whole number of 0 or more") in result.output
    assert "found 'light'" in result.output and "card 'h-1' \"Ada\"" in result.output
    assert result.output.count("gave no count") == 2  # once per card, not once per copy


@pytest.mark.parametrize(("setting", "message"), [
    ("repeat = -2", "boxes.toml:7: box 'cell': repeat: a count of copies cannot be negative, found -2"),
    ("repeat = true", "boxes.toml:7: box 'cell': repeat: it must be a whole number of 0 or more"),
    ('repeat = "lots"', "boxes.toml:7: box 'cell': repeat: it must be a whole number of 0 or more, a range like"),
    ('repeat = "5..1"', "boxes.toml:7: box 'cell': repeat: the range '5..1' ends before it starts"),
    (f"repeat = {MAX_REPEAT + 1}", f"box 'cell': repeat: that is {MAX_REPEAT + 1} copies; a box repeats at most "
                                   f"{MAX_REPEAT} times"),
    ('repeat = "{{ card.cost }} pips"', "boxes.toml:7: box 'cell': repeat: a repeat over the card's data is one "
                                        "expression"),
    ("repeat = 2\nstep = { z = 1 }", "boxes.toml:8: box 'cell': step: step takes x and y, not 'z'"),
    ('repeat = 2\nstep = { y = "12 furlongs" }', "boxes.toml:8: box 'cell': step: step y: '12 furlongs' is not"),
    ("step = { y = 3 }", "boxes.toml:7: box 'cell': step: step moves each copy of a repeated box, and this box has "
                         "no repeat"),
])
def test_a_bad_repeat_is_refused_naming_file_box_and_key(tmp_path, setting, message):
    with pytest.raises(LayoutError) as caught:
        layout_of(tmp_path, f"[boxes.cell]\nx = 2\ny = 3\nw = 5\nh = 5\ntext = \"x\"\n{setting}\n")
    assert message in str(caught.value)


def test_a_card_past_the_cap_is_refused(make_game, cli):
    folder = make_game(toml=GAME.replace("max = 10", "max = 1000"), heroes_csv=f"id,name,power,side,count,text\n"
                                                                               f"h-1,Ada,{MAX_REPEAT + 5},light,1,\n")
    (folder / "layouts").mkdir()
    (folder / "layouts" / "hero.toml").write_text(PIPS, encoding="utf-8")
    result = cli("check", folder)
    assert result.exit_code == 2
    assert f"box 'pip': repeat: template error: '{{{{ card.power }}}}' gave no count for card 'h-1': that is " \
           f"{MAX_REPEAT + 5} copies; a box repeats at most {MAX_REPEAT} times" in result.output


def test_a_repeated_layout_builds_the_same_bytes_twice(make_game, cli, tmp_path):
    folder = make_game(toml=GAME)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "hero.toml").write_text(PIPS + TAGS, encoding="utf-8")
    for out in ("one", "two"):
        assert cli("build", folder, "--out", tmp_path / out, "--png").exit_code == 0
    files = sorted(path.relative_to(tmp_path / "one") for path in (tmp_path / "one").rglob("*") if path.is_file())
    assert any(path.suffix == ".pdf" for path in files) and any(path.suffix == ".png" for path in files)
    assert [path for path in files if (tmp_path / "one" / path).read_bytes() != (tmp_path / "two" / path).read_bytes()] \
        == []


def test_a_position_worked_out_per_card_moves_by_the_steps_too(make_game):
    folder = make_game(toml=GAME)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "hero.toml").write_text(
        PIPS.replace("x = 4", "x = \"{{ 4 if card.side == 'light' else 30 }}\"").replace('step = { y = "6mm" }',
                                                                                          'step = { x = "0.25in" }'),
        encoding="utf-8")
    game = load_game(folder)
    deck = game.deck("heroes")
    composer = Composer(game, bleed=3)
    discs = [[round(op.x, 6) for op in composer.front(deck, card, 1).ops if isinstance(op, Ellipse)]
             for card in deck.cards]
    assert discs == [[4, 10.35, 16.7], [30, 36.35, 42.7, 49.05, 55.4]]  # Ada: light, power 3; Grace: dark, 5


def test_a_changed_step_redraws_the_cards_png(make_game, cli, tmp_path):
    folder = make_game(toml=GAME)
    (folder / "layouts").mkdir()
    layout = folder / "layouts" / "hero.toml"
    layout.write_text(PIPS, encoding="utf-8")
    png = tmp_path / "out" / "tiny" / "png" / "heroes" / "h-1.png"
    assert cli("build", folder, "--out", tmp_path / "out", "--png").exit_code == 0
    before = png.read_bytes()
    layout.write_text(PIPS.replace('"6mm"', '"9mm"'), encoding="utf-8")
    assert cli("build", folder, "--out", tmp_path / "out", "--png").exit_code == 0
    assert png.read_bytes() != before and red_runs(png) == 3  # the fingerprint saw the step; the pips are 9 mm apart
