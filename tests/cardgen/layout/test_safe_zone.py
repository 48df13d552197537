"""`cardgen check` and `cardgen build` warn about information inside the safe zone and type under 6 pt,
measured on the ink; `--strict` makes every warning an error; the bundled games print cleanly."""

from __future__ import annotations

import re

import pytest

from cardgen.gamedata import load_game
from cardgen.layout.compose import Composer
from cardgen.render.png_draw import render
from tests.cardgen.cli.test_check_layouts import line_of
from tests.conftest import BUNDLED

GAME = """\
[game]
title = "Margins"
players = [2, 4]

[decks.heroes]
title = "Heroes"
layout = "edge"

[decks.heroes.columns.power]
type = "int"

[decks.wide]
title = "Wide"
layout = "edge"
safe_zone = 6

[decks.wide.columns.power]
type = "int"
"""

EDGE = """\
[boxes.background]
kind = "rect"
x = "-bleed"
y = "-bleed"
w = "W + 2 * bleed"
h = "H + 2 * bleed"
fill = "#ffffff"

[boxes.name]
kind = "text"
x = 1
y = 10
w = 40
h = 8
text = "{{ card.name }}"
size = 10
colour = "#000000"

[boxes.short]
kind = "text"
x = 8
y = 22
w = "W - 8"
h = 6
text = "{{ card.name }}"
size = 9

[boxes.power]
kind = "text"
x = 4.5
y = 30
w = 20
h = 6
text = "Power {{ card.power }}"
size = 8

[boxes.decor]
kind = "text"
x = 0.5
y = 40
w = 30
h = 8
text = "DECOR"
size = 8
safe = false

[boxes.fine]
kind = "text"
x = 10
y = 70
w = 40
h = 4
text = "small print"
size = 5
min_size = 5
"""


@pytest.fixture
def margins(make_game):
    """Two decks on one layout: a name 1 mm from the trim, a 5 pt line, a box 4.5 mm in (inside only the
    6 mm safe zone of deck `wide`), a short name in a box that runs to the trim, and a box that is decoration."""

    def make(layout: str = EDGE, toml: str = GAME):
        folder = make_game(toml=toml, name="margins", heroes_csv="id,name,power\nh-1,Ada,3\nh-2,Grace,5\n",
                           wide_csv="id,name,power\nw-1,Linus,4\n")
        (folder / "layouts").mkdir(exist_ok=True)
        (folder / "layouts" / "edge.toml").write_text(layout)
        return folder

    return make


def warnings_of(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": warning: " in line]


@pytest.mark.parametrize("slug", BUNDLED)
def test_every_bundled_game_passes_check_strict(cli, slug):
    result = cli("check", slug, "--strict")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output and "error" not in result.output


def test_check_warns_exactly_about_the_name_the_small_type_and_the_deck_with_a_wider_safe_zone(margins, cli):
    folder = margins()
    layout, heroes, wide = folder / "layouts" / "edge.toml", folder / "heroes.csv", folder / "wide.csv"
    result = cli("check", folder)
    assert result.exit_code == 0, result.output
    found = warnings_of(result.output)
    assert len(found) == 4, result.output
    name, power = (f"{layout}:{line_of(layout, f'[boxes.{box}]')}" for box in ("name", "power"))
    small = f"{layout}:{line_of(layout, 'size = 5')}"  # small type is reported at the size setting
    by_name = [line for line in found if "box 'name'" in line]
    # the name: 1 mm plus the glyph's side bearing from the left edge, on both heroes and on the wide deck's card
    assert re.fullmatch(
        rf"{re.escape(name)}: warning: box 'name': text is 1\.\d\d to 1\.\d\d mm from the trim's left edge, inside "
        rf"the 3 mm safe zone .* \[2 cards of deck 'heroes', first card 'h-1' \"Ada\" at {re.escape(str(heroes))}:2; "
        r"cardgen check --verbose lists every card\]", by_name[0]), by_name[0]
    assert re.fullmatch(rf"{re.escape(name)}: warning: box 'name': text is 1\.\d\d mm from the trim's left edge, "
                        rf"inside the 6 mm safe zone .* \[card 'w-1' \"Linus\" of deck 'wide' at "
                        rf"{re.escape(str(wide))}:2\]", by_name[1]), by_name[1]
    [fine] = [line for line in found if "box 'fine'" in line]
    assert fine.startswith(f"{small}: warning: box 'fine': type set at 5 pt, under the 6 pt that prints readably")
    assert fine.endswith("[3 cards of decks 'heroes' and 'wide', first card 'h-1' \"Ada\" at "
                         f"{heroes}:2; cardgen check --verbose lists every card]")
    [at_45] = [line for line in found if "box 'power'" in line]
    assert re.fullmatch(rf"{re.escape(power)}: warning: box 'power': text is 4\.\d\d mm from the trim's left edge, "
                        rf"inside the 6 mm safe zone .* \[card 'w-1' \"Linus\" of deck 'wide' at "
                        rf"{re.escape(str(wide))}:2\]", at_45), at_45
    assert "'decor'" not in result.output and "'short'" not in result.output and "'background'" not in result.output
    assert "data OK" in result.output


def test_verbose_lists_every_card(margins, cli):
    result = cli("check", margins(), "--verbose")
    assert result.exit_code == 0, result.output
    found = warnings_of(result.output)
    assert len(found) == 2 + 3 + 1 + 1  # the name on 3 cards, small type on 3, the 4.5 mm box on 1
    assert sum("box 'fine'" in line for line in found) == 3
    assert "--verbose lists" not in result.output


def test_the_reported_distance_is_where_the_glyphs_print(margins, cli, tmp_path):
    """The distance check reports for the name is the ink a 1200 dpi rendering of the card shows."""
    folder = margins()
    result = cli("check", folder, "--verbose")
    reported = float(re.search(r"box 'name': text is (\d\.\d\d) mm .*card 'h-1'", result.output).group(1))
    game = load_game(folder)
    deck = game.deck("heroes")
    face = Composer(game, 0.0).front(deck, deck.cards[0], 1)
    image = render(face, 1200, bleed=0).convert("L")
    px = 1200 / 25.4
    band = image.crop((0, round(10 * px), image.width // 2, round(18 * px)))  # the name box's rows
    columns = [x for x in range(band.width) if min(band.getpixel((x, y)) for y in range(band.height)) < 128]
    assert abs(columns[0] / px - reported) < 0.05


def test_a_short_name_left_in_a_box_that_reaches_the_trim_is_judged_by_its_glyphs(margins, cli):
    right = EDGE.replace('x = 8\ny = 22\nw = "W - 8"\nh = 6\ntext = "{{ card.name }}"\nsize = 9',
                         'x = 8\ny = 22\nw = "W - 8"\nh = 6\ntext = "{{ card.name }}"\nsize = 9\nalign = "right"')
    assert "'short'" not in cli("check", margins()).output  # left: Ada ends far from the right edge
    result = cli("check", margins(right))
    assert re.search(r"box 'short': text is 0\.\d\d mm from the trim's right edge", result.output), result.output


def test_safe_false_is_decoration_and_badges_under_information_are_checked(margins, cli):
    badge = EDGE + ('\n[boxes.disc]\nkind = "ellipse"\nx = 1.5\ny = 50\nw = 8\nh = 8\nfill = "#aa0000"\n'
                    '\n[boxes.disc_value]\nkind = "text"\nx = 3.5\ny = 52\nw = 4\nh = 4\ntext = "7"\nsize = 8\n'
                    'align = "center"\n'
                    '\n[boxes.dots]\nkind = "ellipse"\nx = 0.5\ny = 60\nw = 3\nh = 3\nfill = "#aa0000"\n')
    result = cli("check", margins(badge))
    assert re.search(r"box 'disc': badge is 1\.50 mm from the trim's left edge", result.output), result.output
    # the 7 on it is 4.8 mm in: clear of the 3 mm safe zone (only deck 'wide', with 6 mm, reports it)
    assert not [line for line in result.output.splitlines() if "'disc_value'" in line and "3 mm safe zone" in line]
    assert "'dots'" not in result.output  # a shape that carries nothing is decoration
    quiet = cli("check", margins(badge.replace('fill = "#aa0000"\n\n[boxes.disc_value]',
                                               'fill = "#aa0000"\nsafe = false\n\n[boxes.disc_value]')))
    assert "'disc'" not in quiet.output


def test_strict_check_and_build_exit_2_and_write_nothing(margins, cli, tmp_path):
    folder = margins()
    result = cli("check", folder, "--strict")
    assert result.exit_code == 2
    assert len([line for line in result.output.splitlines() if ": error: box " in line]) == 4
    assert "error: margins: 4 problems in the layouts (--strict: warnings count as errors)" in result.output
    out = tmp_path / "out"
    built = cli("build", folder, "--out", out, "--no-rulebook", "--strict")
    assert built.exit_code == 2, built.output
    assert "--strict: 4 warnings count as errors, so nothing was written" in built.output
    assert not [p for p in out.rglob("*") if p.is_file()]
    built = cli("build", folder, "--out", out, "--no-rulebook")  # without it: written, with the type under 6 pt
    assert built.exit_code == 0, built.output  # (the safe zone is measured by check and --strict, not every build)
    warned = [line for line in built.output.splitlines() if line.startswith("warning: margins: ")]
    assert len(warned) == 1 and "6 pt" in warned[0], warned
    assert (out / "margins" / "margins-heroes-a4.pdf").is_file()


def test_text_that_does_not_fit_fails_a_strict_check(make_game, cli):
    folder = make_game(heroes_csv="id,name,power,side,text\nh-1,Ada,3,light," + "word " * 400 + "\n")
    assert cli("check", folder).exit_code == 0
    result = cli("check", folder, "--strict")
    assert result.exit_code == 2
    assert "error: box 'body': text does not fit even at 6 pt" in result.output


@pytest.mark.parametrize("value", ["25", "-1", '"4"', "true"])
def test_a_deck_safe_zone_out_of_range_is_an_error_at_its_line(margins, cli, value):
    folder = margins(toml=GAME.replace("safe_zone = 6", f"safe_zone = {value}"))
    result = cli("check", folder)
    assert result.exit_code == 2
    line = line_of(folder / "game.toml", "safe_zone")
    assert f"game.toml:{line}" in result.output
    assert "safe_zone must be a number of millimetres from 0 to 20" in result.output
    assert "Traceback" not in result.output
