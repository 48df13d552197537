"""`cardgen check` lays out every card's front and back as the build would, and names each layout problem
at the layout's file:line and the card's CSV file:line, writing nothing."""

from __future__ import annotations

import re

import pytest
from PIL import Image

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import load_game
from tests.cardgen.cli.test_check import snapshot
from tests.conftest import MINIMAL_TOML

HERO = """\
[style]
ink = "#202020"

[boxes.title]
kind = "text"
x = 3
y = 3
w = "W - 6"
h = 8
text = "{{ card.name }}"

[boxes.body]
kind = "text"
x = 3
y = 40
w = "W - 6"
h = 30
text = "{{ card.text }}"

[boxes.stats]
kind = "text"
x = 3
y = 30
w = "W - 6"
h = 6
text = "{{ card.power }} · {{ card.side }}"
"""

CSV = """\
id,name,power,side,count,text
h-1,Ada,3,light,2,**Bold** move
h-2,Grace,0,dark,1,
h-3,Linus,5,dark,1,*italic* and a star \\* kept
"""


@pytest.fixture
def hero_game(make_game):
    """The tiny game with its own layout `hero` (and a back of its own), which each test appends boxes to."""

    def make(boxes: str = "", back: str = "", csv: str = CSV, art: tuple[str, ...] = ()):
        toml = MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "hero"\nback = "hero-back"')
        folder = make_game(toml=toml, heroes_csv=csv)
        (folder / "layouts").mkdir(exist_ok=True)
        (folder / "layouts" / "hero.toml").write_text(HERO + boxes)
        (folder / "layouts" / "hero-back.toml").write_text('extends = "back"\n' + back)
        if art:
            (folder / "art").mkdir(exist_ok=True)
            for name in art:
                Image.new("RGB", (20, 30), "#3366aa").save(folder / "art" / name)
        return folder

    return make


def line_of(path, text: str) -> int:
    """The 1-based line of the first line of `path` that contains `text`."""
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_a_clean_game_passes_with_nothing_on_stderr(hero_game, cli):
    result = cli("check", hero_game())
    assert result.exit_code == 0, result.output
    assert "data OK" in result.output
    assert "warning" not in result.output and "error" not in result.output


def test_jinja_loop_variables_pass_check_and_build(hero_game, cli, tmp_path):
    folder = hero_game(boxes='\n[boxes.list]\nkind = "text"\nx = 3\ny = 20\nw = 50\nh = 6\n'
                              'text = "{% for w in card.name %}{{ w }}{% if not loop.last %}.{% endif %}{% endfor %}'
                              '{{ range(2) | list | length }}"\n')
    result = cli("check", folder)
    assert result.exit_code == 0, result.output
    built = cli("build", folder, "--out", tmp_path / "out", "--no-rulebook")
    assert built.exit_code == 0, built.output
    assert (tmp_path / "out" / "tiny" / "tiny-heroes-a4.pdf").is_file()


def test_template_error_on_one_card_names_the_layout_line_and_the_card_line(hero_game, cli, tmp_path):
    folder = hero_game(boxes='\n[boxes.ratio]\nkind = "text"\nx = 3\ny = 20\nw = 50\nh = 6\n'
                              'text = "{{ 10 // card.power }} per power"\n')
    before = snapshot(tmp_path)
    result = cli("check", folder)
    assert result.exit_code == 2
    layout, csv = folder / "layouts" / "hero.toml", folder / "heroes.csv"
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert len(errors) == 1, result.output
    assert errors[0].startswith(f"{layout}:{line_of(layout, '10 // card.power')}: error: box 'ratio': text: "
                                "template error: ZeroDivisionError")
    assert errors[0].endswith(f"[card 'h-2' \"Grace\" of deck 'heroes' at {csv}:3]")  # Grace, power 0, is on line 3
    assert "error: tiny: 1 problem in the layouts" in result.output
    assert "data OK" not in result.output
    assert snapshot(tmp_path) == before  # nothing written


def test_unknown_field_is_an_error_at_the_layout_line_and_the_deck_header(hero_game, cli):
    folder = hero_game(boxes='\n[boxes.kind]\nkind = "text"\nx = 3\ny = 20\nw = 50\nh = 6\n'
                              'text = "{% if card.side == \'dark\' %}{{ card.Type }}{% endif %}"\n')
    result = cli("check", folder)
    assert result.exit_code == 2
    layout = folder / "layouts" / "hero.toml"
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert errors == [f"{layout}:{line_of(layout, 'card.Type')}: error: box 'kind': text names column 'Type', "
                      "which deck 'heroes' does not have (its columns: count, id, name, power, side, text) "
                      f"[deck 'heroes', header of {folder / 'heroes.csv'}:1]"]


def test_errors_in_a_back_are_found_too(hero_game, cli):
    folder = hero_game(back='[boxes.deck]\nkind = "text"\nx = 3\ny = 3\nw = 20\nh = 6\n'
                            'text = "{{ deck.title | nosuch_upper }}"\n')
    result = cli("check", folder)
    assert result.exit_code == 2
    assert f"{folder / 'layouts' / 'hero-back.toml'}:" in result.output
    assert "No filter named 'nosuch_upper'" in result.output


def test_a_back_failing_at_render_names_the_back(hero_game, cli):
    folder = hero_game(back='[boxes.deck]\nkind = "text"\nx = 3\ny = 3\nw = 20\nh = 6\n'
                            'text = "{{ deck.total // 0 }}"\n')
    result = cli("check", folder)
    assert result.exit_code == 2
    back = folder / "layouts" / "hero-back.toml"
    assert re.search(rf"^{re.escape(str(back))}:{line_of(back, 'deck.total')}: error: box 'deck': text: template "
                     r"error: ZeroDivisionError.*\[the back of deck 'heroes'\]$", result.output, re.M), result.output


ART = '\n[boxes.picture]\nkind = "art"\nx = 5\ny = 12\nw = 50\nh = 25\ncolumn = "{{ card.id }}.png"\n'


def test_missing_art_is_an_error_naming_the_file_the_box_and_the_card(hero_game, cli):
    folder = hero_game(boxes=ART, art=("h-1.png", "h-3.png"))  # h-2.png is missing
    result = cli("check", folder)
    assert result.exit_code == 2
    layout = folder / "layouts" / "hero.toml"
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert len(errors) == 1, result.output
    assert errors[0].startswith(f"{layout}:{line_of(layout, 'column = ')}: error: box 'picture': art file 'h-2.png' "
                                f"is not in {folder / 'art'}")
    assert errors[0].endswith(f"[card 'h-2' \"Grace\" of deck 'heroes' at {folder / 'heroes.csv'}:3]")


def test_a_misspelt_art_file_in_the_layout_is_reported_once_with_the_count_of_cards(hero_game, cli):
    folder = hero_game(boxes=ART.replace("{{ card.id }}.png", "spel.png"), art=("spell.png",))
    result = cli("check", folder)
    assert result.exit_code == 2
    assert "error: box 'picture': art file 'spel.png' is not in" in result.output
    assert (f"[3 cards of deck 'heroes', first card 'h-1' \"Ada\" at {folder / 'heroes.csv'}:2; "
            "cardgen check --verbose lists every card]") in result.output


def test_the_build_prints_placeholder_art_for_it_with_a_warning(hero_game, tmp_path):
    folder = hero_game(boxes=ART.replace("{{ card.id }}.png", "spel.png"))
    result = build(load_game(folder), BuildOptions(out=tmp_path / "out", rulebook=False))
    warnings = [w for w in result.warnings if "box 'picture': art file 'spel.png' is not in" in w]
    assert len(warnings) == 1, result.warnings  # one warning for the three cards, naming the first
    assert f"[3 cards of deck 'heroes', first card 'h-1' \"Ada\" at {folder / 'heroes.csv'}:2;" in warnings[0]


@pytest.mark.parametrize("how", ["placeholder = true in the box", "placeholder in the cell"])
def test_placeholder_art_said_aloud_is_fine(hero_game, cli, how):
    if how == "placeholder in the cell":
        folder = hero_game(boxes=ART.replace("{{ card.id }}.png", "placeholder"))
    else:
        folder = hero_game(boxes=ART + "placeholder = true\n", art=("h-1.png",))
    result = cli("check", folder)
    assert result.exit_code == 0, result.output
    assert "art file" not in result.output


def test_markup_that_ate_a_star_is_a_warning_with_both_places(hero_game, cli):
    csv = CSV.replace("h-2,Grace,0,dark,1,", "h-2,Grace,0,dark,1,Roll 2 * 3 dice")
    folder = hero_game(csv=csv)
    result = cli("check", folder)
    assert result.exit_code == 0, result.output
    layout = folder / "layouts" / "hero.toml"
    warnings = [line for line in result.output.splitlines() if ": warning: " in line]
    assert warnings == [f"{layout}:{line_of(layout, 'card.text')}: warning: box 'body': markup ate characters: "
                        "'Roll 2 * 3 dice' prints as 'Roll 2  3 dice': the '*' at character 8 has a space after "
                        f"it; write \\* for a star that should print [card 'h-2' \"Grace\" of deck 'heroes' at "
                        f"{folder / 'heroes.csv'}:3]"]
    assert "data OK" in result.output


def test_the_escaped_star_is_not_reported(hero_game, cli):
    csv = CSV.replace("h-2,Grace,0,dark,1,", "h-2,Grace,0,dark,1,Roll 2 \\* 3 dice")
    result = cli("check", hero_game(csv=csv))
    assert result.exit_code == 0 and "warning" not in result.output, result.output


def test_a_bad_setting_in_a_layout_names_its_line(hero_game, cli):
    folder = hero_game(boxes='\n[boxes.flag]\nkind = "rect"\nx = 1\ny = 1\nw = 2\nh = 2\nfill = "mauve"\n')
    result = cli("check", folder)
    layout = folder / "layouts" / "hero.toml"
    assert result.exit_code == 2
    assert (f"{layout}:{line_of(layout, 'mauve')}: error: box 'flag': fill 'mauve' is neither a colour like "
            "#a1b2c3 nor a style name (ink)") in result.output


@pytest.mark.parametrize("box, key, message", [
    ('when = "card.power > \'x\'"', "when", "box 'odd': when: template error: TypeError: '>' not supported"),
    ('text = "{% if %}"', "text", "box 'odd': text: template error on its line 1: Expected an expression"),
    ('x = "W / (H - H)"', "x", "box 'odd': x, y, w or h divides by zero for cards of 63.5 x 88.9 mm"),
    ('bold = "yes"', "bold", "box 'odd': bold must be true or false, found 'yes'"),
])
def test_bad_settings_are_errors_at_their_line_never_a_traceback(hero_game, cli, tmp_path, box, key, message):
    body = {"x": 1, "y": 1, "w": 20, "h": 5, "text": '"x"'}
    own = box.split(" = ")[0]
    settings = "".join(f"{k} = {v}\n" for k, v in body.items() if k != own)
    folder = hero_game(boxes=f"\n[boxes.odd]\n{settings}{box}\n")
    layout = folder / "layouts" / "hero.toml"
    result = cli("check", folder)
    assert result.exit_code == 2 and "Traceback" not in result.output
    line = line_of(layout, "[boxes.odd]") if key == "x" else line_of(layout, box)
    assert f"{layout}:{line}: error: {message}" in result.output, result.output
    built = cli("build", folder, "--out", tmp_path / "out", "--no-rulebook")
    assert built.exit_code == 2 and f"{layout}:" in built.output
    assert not [p for p in (tmp_path / "out").rglob("*") if p.is_file()]  # the build wrote nothing
