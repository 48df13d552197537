"""Box settings that are templates over the card (position, size, font size, visibility), measured in the
printed PDF; a result that is not a number is an error at the layout's file:line and the card's CSV line."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import load_game
from tests.conftest import MINIMAL_TOML
from tests.pdf_probe import PT, probe

BLEED = 3.0  # the build's default
CSV = """\
id,name,power,side,count,text
h-1,Ada,3,light,1,
h-2,Grace Hopper the Great,0,dark,1,
"""

NAME = """\
[boxes.name]
kind = "text"
x = 3
w = "W - 6"
h = 12
text = "{{ card.name }}"
y = "{{ 10 if card.side == 'light' else 30 }}"
size = "{{ 12 if card.name|length < 14 else 7 }}"
"""

BADGE = """
[boxes.badge]
kind = "text"
x = 3
y = 70
w = 30
h = 8
text = "BADGE"
hidden = "{{ card.side == 'dark' }}"
"""


@pytest.fixture
def per_card_game(make_game):
    def make(boxes: str) -> object:
        toml = MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "hero"')
        folder = make_game(toml=toml, heroes_csv=CSV)
        (folder / "layouts").mkdir(exist_ok=True)
        (folder / "layouts" / "hero.toml").write_text(boxes, encoding="utf-8")
        return folder
    return make


def line_of(path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def printed(folder, tmp_path):
    """The text boxes inside each card's clip (its bleed box) on the first page, from the trim's top-left corner."""
    out = tmp_path / "out"
    build(load_game(folder), BuildOptions(out=out, duplex="none", rulebook=False))
    reader = PdfReader(out / "tiny" / "tiny-heroes-a4.pdf")
    page = probe(reader, 0)
    cards = []
    for cx, cy, cw, ch in sorted(page.clips, key=lambda c: (c[1], c[0])):
        inside = [t for t in page.texts if cx <= t[0] <= cx + cw and cy <= t[1] <= cy + ch]
        cards.append([(t[0] - cx - BLEED, t[1] - cy - BLEED, t[2], t[3]) for t in inside])
    return cards, reader.pages[0].extract_text()


def test_the_same_box_prints_at_each_cards_position_and_font_size(per_card_game, tmp_path):
    cards, _ = printed(per_card_game(NAME), tmp_path)
    assert [len(texts) for texts in cards] == [1, 1]
    (ada,), (grace,) = cards
    assert grace[1] - ada[1] == pytest.approx(20, abs=0.8)  # y 10 mm for light, 30 mm for dark
    # a text's height is its font's ascent to descent times the size: 12 pt against 7 pt
    assert ada[3] / grace[3] == pytest.approx(12 / 7, rel=0.02)
    assert ada[1] == pytest.approx(10, abs=0.8)
    assert ada[3] / PT == pytest.approx(12, rel=0.05)  # the font's ascent to descent is about its size


def test_fitting_shrinks_a_templated_size_further(per_card_game, tmp_path):
    # 25 x 5.5 mm: "Ada" fits at its 12 pt; the long name starts at 7 pt, needs two lines and shrinks below 7
    narrow = NAME.replace('w = "W - 6"', "w = 25").replace("h = 12", "h = 5.5") + "min_size = 4\n"
    cards, _ = printed(per_card_game(narrow), tmp_path)
    (ada,), grace = cards
    assert ada[3] / PT == pytest.approx(12, rel=0.05)
    assert len(grace) == 2 and all(line[3] / PT < 6.9 for line in grace)
    assert max(line[1] + line[3] for line in grace) - grace[0][1] <= 5.5 + 0.1


def test_a_templated_hidden_box_prints_on_one_card_only(per_card_game, tmp_path):
    cards, text = printed(per_card_game(NAME + BADGE), tmp_path)
    assert [len(texts) for texts in cards] == [2, 1]  # Ada (light) has the badge, Grace (dark) has not
    assert text.count("BADGE") == 1
    badge = max(cards[0], key=lambda t: t[1])
    assert badge[1] == pytest.approx(70, abs=1)


def test_templated_geometry_may_give_arithmetic_over_w_and_h(per_card_game, tmp_path):
    boxes = NAME.replace("{{ 10 if card.side == 'light' else 30 }}", "{{ 'H - 20' if card.side == 'dark' else 10 }}")
    cards, _ = printed(per_card_game(boxes), tmp_path)
    (ada,), (grace,) = cards
    assert grace[1] - ada[1] == pytest.approx(88.9 - 20 - 10, abs=0.8)


BAD = [
    ("size", 'size = "{{ \'big\' if card.side == \'dark\' else 9 }}"', "size: gave 'big', which is not a number of points"),
    ("size", 'size = "{{ 0 if card.side == \'dark\' else 9 }}"', "size: gave '0'; a font size must be above 0"),
    ("y", 'y = "{{ \'lower\' if card.side == \'dark\' else 9 }}"', "y: gave 'lower', which is not a number of millimetres"),
    ("h", 'h = "{{ -4 if card.side == \'dark\' else 9 }}"', "h: gave '-4'; h must be a finite number of 0 or more"),
    ("hidden", 'hidden = "{{ \'maybe\' if card.side == \'dark\' else false }}"', "hidden: gave 'maybe'; it must give true or false"),
]


def _bad_layout(setting: str) -> str:
    return ('[boxes.name]\nkind = "text"\nx = 3\ny = 10\nw = 40\nh = 12\ntext = "{{ card.name }}"\n'
            .replace(f"{setting.split(' = ')[0]} = ", "# was ") + setting + "\n")


@pytest.mark.parametrize("key, setting, message", BAD)
def test_a_bad_result_is_reported_by_check_at_the_layout_line_and_csv_line(per_card_game, cli, key, setting, message):
    folder = per_card_game(_bad_layout(setting))
    layout, csv = folder / "layouts" / "hero.toml", folder / "heroes.csv"
    result = cli("check", folder)
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert len(errors) == 1, result.output
    assert errors[0].startswith(f"{layout}:{line_of(layout, setting)}: error: box 'name': {message}")
    assert errors[0].endswith(f"[card 'h-2' \"Grace Hopper the Great\" of deck 'heroes' at {csv}:3]")  # line 3


@pytest.mark.parametrize("key, setting, message", BAD[:2])
def test_a_bad_result_stops_the_build_with_a_sentence(per_card_game, cli, tmp_path, key, setting, message):
    folder = per_card_game(_bad_layout(setting))
    layout = folder / "layouts" / "hero.toml"
    result = cli("build", folder, "--out", tmp_path / "out", "--no-rulebook")
    assert result.exit_code != 0
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)  # a sentence, not a crash
    assert f"{layout}:{line_of(layout, setting)}: box 'name': {message}" in result.output
    assert f"[card 'h-2' at {folder / 'heroes.csv'}:3]" in result.output


def test_a_templated_setting_names_only_known_columns(per_card_game, cli):
    folder = per_card_game(_bad_layout('size = "{{ 9 if card.Typo else 7 }}"'))
    result = cli("check", folder)
    assert result.exit_code == 2
    assert "box 'name': size names column 'Typo'" in result.output
