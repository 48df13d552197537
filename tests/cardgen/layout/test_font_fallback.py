"""Glyph fallback: a character the first font of a list lacks is drawn from the next font that has it, then from
DejaVu Sans, measured and drawn as one font; and a game's list sets its text in the first font found here."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import reportlab
from fontTools.ttLib import TTFont as FontToolsFont
from PIL import Image, ImageDraw, ImageFont
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import load_game
from cardgen.layout import fonts
from cardgen.layout.cff_fonts import truetype
from cardgen.layout.font_fallback import merged
from tests.fixtures.fonts.pdf_names import set_at
from tests.cardgen.layout.test_font_cff import FACE, TOML
from tests.fixtures.fonts.cff_font import ADVANCES, cff_font

VERA = Path(reportlab.__file__).parent / "fonts"
PT = 25.4 / 72
SECOND = {"A": 300, "Z": 1300}  # the second font: a narrow A (never used: the first has one) and a Z


def ink(file: Path, text: str) -> int:
    """How many pixels wide Pillow draws `text` from `file` at 100 px."""
    image = Image.new("L", (1200, 200), 0)
    ImageDraw.Draw(image).text((50, 150), text, font=ImageFont.truetype(str(file), 100), fill=255, anchor="ls")
    box = image.getbbox()
    return 0 if box is None else box[2] - box[0]


def test_a_glyph_the_first_font_lacks_comes_from_the_next_that_has_it_then_from_dejavu_sans(tmp_path):
    first, second = cff_font(tmp_path / "First.otf"), cff_font(tmp_path / "Second.otf", "Second", advances=SECOND)
    family = fonts.family({"regular": first}, "test-fallback", "test", fallbacks=[{"regular": second}])
    key = fonts.style_of(False, False, family)
    assert fonts.width_mm("A", key, 1000) / PT == pytest.approx(ADVANCES["A"]), "A from the first font"
    assert fonts.width_mm("Z", key, 1000) / PT == pytest.approx(SECOND["Z"]), "Z from the second"
    dejavu = pdfmetrics.stringWidth("Ж", fonts.PDF_NAMES["regular"], 1000)
    assert fonts.width_mm("Ж", key, 1000) / PT == pytest.approx(dejavu, abs=0.5), "Ж from DejaVu Sans"
    assert fonts.missing("AZЖ中", key) == "中", "DejaVu Sans has no Han either"
    drawn = fonts.file_of(key)
    assert re.fullmatch(r"Testa-Regular-[0-9a-f]{8}", FontToolsFont(drawn)["name"].getDebugName(6)), \
        "the PDF names the first font, tagged as a merge of its own"
    assert ink(drawn, "Z") > 0 and ink(drawn, "Ж") == pytest.approx(ink(fonts.FILES["regular"], "Ж"), abs=2)


def test_the_merged_font_is_the_same_bytes_from_the_same_fonts(tmp_path, monkeypatch):
    first, second = cff_font(tmp_path / "First.otf"), VERA / "VeraBd.ttf"
    made = []
    for run in ("a", "b"):
        monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / run))
        made.append(merged(truetype(first), [second]))
    assert made[0] != made[1] and made[0].read_bytes() == made[1].read_bytes()
    glyphs = FontToolsFont(made[0]).getBestCmap()
    assert glyphs[ord("A")] == "ch0041" and glyphs[ord("x")].startswith("fb1."), "x added from Vera Bold"


def test_a_games_list_sets_its_text_in_the_first_font_found_here(make_game, tmp_path, monkeypatch):
    (tmp_path / "no-fontconfig").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "no-fontconfig"))  # the system font cannot be found: skipped
    entry = 'display = ["system:Montserrat Black", "fonts/Wide.ttf", "Sans Bold"]'
    folder = make_game(toml=TOML.replace('display = "fonts/Testa.otf"', entry), name="otf",
                       words_csv="id,name,text\nabba,Abba,ABBA\n")
    (folder / "heroes.csv").unlink()
    (folder / "layouts").mkdir()
    (folder / "layouts" / "face.toml").write_text(FACE, encoding="utf-8")
    (folder / "fonts").mkdir()
    shutil.copy(VERA / "VeraBd.ttf", folder / "fonts" / "Wide.ttf")
    build(load_game(folder), BuildOptions(out=tmp_path / "out", single=True, rulebook=False))
    reader = PdfReader(tmp_path / "out" / "otf" / "otf-words-single.pdf")
    assert set_at(reader.pages[0], 12) == {"/AAAAAA+BitstreamVeraSans-Bold"}
    (folder / "game.toml").write_text(TOML.replace('display = "fonts/Testa.otf"',
                                                   'display = ["system:Montserrat Black", "Sans Bold"]'))
    build(load_game(folder), BuildOptions(out=tmp_path / "out", single=True, rulebook=False))
    reader = PdfReader(tmp_path / "out" / "otf" / "otf-words-single.pdf")
    assert set_at(reader.pages[0], 12) == {"/AAAAAA+DejaVuSans-Bold"}


def test_a_glyph_the_games_first_font_lacks_is_set_in_the_next_font_of_its_list(make_game, tmp_path):
    from cardgen.layout.compose import Composer
    from cardgen.layout.ops import Text

    folder = make_game(toml=TOML.replace('display = "fonts/Testa.otf"',
                                         'display = ["fonts/Testa.otf", "fonts/Second.otf"]'),
                       name="pair", words_csv="id,name,text\naz,Az,AZ\n")
    (folder / "heroes.csv").unlink()
    (folder / "layouts").mkdir()
    (folder / "layouts" / "face.toml").write_text(FACE, encoding="utf-8")
    (folder / "fonts").mkdir()
    cff_font(folder / "fonts" / "Testa.otf")  # has A (600 units), no Z
    cff_font(folder / "fonts" / "Second.otf", "Second", advances=SECOND)  # has Z (1300 units)
    game = load_game(folder)
    deck = game.decks[0]
    [text] = [op for op in Composer(game, 0.0).front(deck, deck.cards[0], 1).ops if isinstance(op, Text)]
    assert fonts.width_mm(text.text, text.font, text.size) == pytest.approx((ADVANCES["A"] + 1300) / 1000 * 12 * PT)


def test_the_manifest_records_the_font_files_a_build_used(make_game, tmp_path):
    import hashlib
    import json

    folder = make_game(toml=TOML, name="otf", words_csv="id,name,text\nabba,Abba,ABBA\n")
    (folder / "heroes.csv").unlink()
    (folder / "layouts").mkdir()
    (folder / "layouts" / "face.toml").write_text(FACE, encoding="utf-8")
    (folder / "fonts").mkdir()
    cff_font(folder / "fonts" / "Testa.otf")
    build(load_game(folder), BuildOptions(out=tmp_path / "out", rulebook=False))
    manifest = json.loads((tmp_path / "out" / "otf" / "manifest.json").read_text())
    sha = hashlib.sha256((folder / "fonts" / "Testa.otf").read_bytes()).hexdigest()
    assert manifest["fonts"]["display/regular"] == {"file": "fonts/Testa.otf", "sha256": sha}
