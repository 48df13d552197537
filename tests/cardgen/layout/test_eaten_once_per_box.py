"""Markup that ate characters on several cards is one warning for the box, listing each card and what it lost."""

from __future__ import annotations

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import load_game
from cardgen.layout.markup import eaten, eaten_on_cards
from tests.conftest import MINIMAL_TOML

CSV = """\
id,name,power,side,count,text
h-1,Ada,3,light,2,Roll 2 * 3 dice
h-2,Grace,5,dark,1,Take * one
h-3,Lin,1,dark,1,**Fine** text
h-4,Mo,1,dark,1,Roll 2 * 3 dice
"""


def hero_game(make_game):
    folder = make_game(toml=MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "hero"'),
                       heroes_csv=CSV)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "hero.toml").write_text(
        '[boxes.body]\nx = 3\ny = 20\nw = "W - 6"\nh = 40\ntext = "{{ card.text }}"\n', encoding="utf-8")
    return folder


def test_check_says_it_once_for_the_box_with_every_card(make_game, cli):
    folder = hero_game(make_game)
    result = cli("check", folder)
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if "markup ate characters" in line]
    assert len(warnings) == 1, result.output
    assert ("hero.toml:6: warning: box 'body': markup ate characters on 3 cards: card 'h-1': 'Roll 2 * 3 dice' "
            "prints as 'Roll 2  3 dice': the '*' at character 8 has a space after it; card 'h-2': 'Take * one' "
            "prints as 'Take  one': the '*' at character 6 has a space after it; card 'h-4': 'Roll 2 * 3 dice' prints "
            "as 'Roll 2  3 dice': the '*' at character 8 has a space after it; write \\* for a star that should print "
            "[3 cards of deck 'heroes', first card 'h-1'") in warnings[0]


def test_check_verbose_still_says_it_card_by_card(make_game, cli):
    result = cli("check", hero_game(make_game), "--verbose")
    assert sum("markup ate characters" in line for line in result.output.splitlines()) == 3


def test_a_build_warns_once_for_the_box(make_game, tmp_path):
    result = build(load_game(hero_game(make_game)), BuildOptions(out=tmp_path / "out", rulebook=False))
    warnings = [warning for warning in result.warnings if "markup ate characters" in warning]
    assert len(warnings) == 1 and "on 3 cards: card 'h-1'" in warnings[0] and "card 'h-4'" in warnings[0]


def test_many_cards_show_their_detail_for_the_first_few_and_the_rest_by_name():
    sentence = eaten("Gain 3 * 4")
    assert sentence is not None
    many = eaten_on_cards([(f"card 'c-{n}'", sentence) for n in range(1, 9)], shown=2)
    assert many == ("markup ate characters on 8 cards: card 'c-1': 'Gain 3 * 4' prints as 'Gain 3  4': the '*' at "
                    "character 8 has a space after it; card 'c-2': 'Gain 3 * 4' prints as 'Gain 3  4': the '*' at "
                    "character 8 has a space after it; and on card 'c-3', card 'c-4', card 'c-5', card 'c-6', "
                    "card 'c-7', card 'c-8'; write \\* for a star that should print")
