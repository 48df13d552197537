"""Bad build input stops with a sentence and writes nothing; a failed build keeps the old files."""

from __future__ import annotations

import subprocess
import sys

import pytest
from pypdf import PdfReader

from cardgen.build.options import BuildError, BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import load_game
from tests.conftest import MINIMAL_TOML


def files(folder):
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()} if folder.exists() else {}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"paper": "a7x"}, "--paper: unknown paper 'a7x'"),
        ({"bleed": -1.0}, "--bleed must be from 0 to 10 mm, not -1"),
        ({"card_size": "huge"}, "--card-size must be a card size name"),
        ({"paper": "100x100", "card_size": "tarot"}, "does not fit on 100x100mm paper"),
        ({"duplex": "sideways"}, "--duplex must be one of long, short, none"),
    ],
)
def test_bad_options_stop_the_build_and_write_nothing(make_game, tmp_path, options, message):
    game = load_game(make_game())
    out = tmp_path / "out"
    with pytest.raises(BuildError, match=message):
        build(game, BuildOptions(out=out, **options))
    assert files(out) == {}


def test_layout_naming_a_missing_column_stops_the_build(make_game, tmp_path):
    folder = make_game(toml=MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "hero"'))
    (folder / "layouts").mkdir()
    (folder / "layouts" / "hero.toml").write_text(
        'extends = "standard"\n[boxes.power]\nkind = "text"\nx = 3\ny = 3\nw = 10\nh = 5\n'
        'text = "{{ card.strength }}"\n')
    out = tmp_path / "out"
    with pytest.raises(BuildError, match=r"hero.toml:8: box 'power': text names column 'strength', which deck "
                                         r"'heroes' does not have"):
        build(load_game(folder), BuildOptions(out=out))
    assert files(out) == {}


def test_cli_reports_bad_input_in_a_sentence_with_status_2(make_game, tmp_path):
    result = subprocess.run([sys.executable, "-m", "cardgen", "build", str(make_game()), "--paper", "a9x",
                             "--out", str(tmp_path / "out")], capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert "error: tiny: --paper: unknown paper 'a9x'" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out" / "tiny").exists()


def test_failed_build_leaves_previous_files_untouched(make_game, tmp_path):
    folder = make_game()
    out = tmp_path / "out"
    build(load_game(folder), BuildOptions(out=out))
    before = files(out)
    assert before
    (folder / "layouts").mkdir()
    (folder / "layouts" / "standard.toml").write_text(
        '[boxes.oops]\nkind = "rect"\nx = 0\ny = 0\nw = 5\nh = 5\nfill = "no-such-colour"\n')
    with pytest.raises(BuildError, match="fill 'no-such-colour' is neither a colour"):
        build(load_game(folder), BuildOptions(out=out))
    assert files(out) == before
    assert [p.name for p in out.iterdir()] == ["tiny"], "no staging folder is left behind"


def test_an_image_used_by_100_cards_is_stored_once(make_game, tmp_path):
    from PIL import Image

    toml = MINIMAL_TOML + '\n[decks.heroes.columns.art]\ntype = "art"\nrequired = false\n'
    rows = "".join(f"h-{i},Hero {i},3,light,portrait.png\n" for i in range(100))
    folder = make_game(toml=toml, heroes_csv="id,name,power,side,art\n" + rows)
    (folder / "art").mkdir()
    Image.new("RGB", (300, 400), (200, 40, 40)).save(folder / "art" / "portrait.png")
    (folder / "layouts").mkdir()
    (folder / "layouts" / "standard.toml").write_text(
        'extends = "common/standard"\n[boxes.art]\nkind = "art"\ncolumn = "{{ card.art }}"\nx = 5\ny = 14\n'
        'w = "W - 10"\nh = 30\n')
    build(load_game(folder), BuildOptions(out=tmp_path / "out"))
    reader = PdfReader(tmp_path / "out" / "tiny" / "tiny-heroes-a4.pdf")
    images = set()
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject", {})
        for ref in xobjects.values():
            if ref.get_object().get("/Subtype") == "/Image":
                images.add(ref.idnum)
    assert len(reader.pages) == 24  # 100 cards, 9 per page: 12 fronts and 12 backs
    assert len(images) == 1
