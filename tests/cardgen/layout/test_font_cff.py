"""OpenType fonts with CFF outlines (.otf) set a game's text: converted once to TrueType outlines with fontTools,
kept in the cache under their content's hash, the same bytes every time; and DejaVu Sans gives the glyphs
they lack."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont as FontToolsFont
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import GameDataError, load_game
from cardgen.layout import cff_fonts, fonts
from tests.cardgen.layout.font_pdfs import embedded, font_dicts
from tests.fixtures.fonts.cff_font import ADVANCES, cff_font
from tests.fixtures.fonts.pdf_names import set_at
from tests.pdf_probe import probe

BLEED, DPI, SIZE = 3.0, 300, 12.0
PT = 25.4 / 72
W = 63.5  # poker width, mm
ROOT = Path(__file__).resolve().parents[3]

TOML = """\
[game]
title = "Otf"
players = 2

[fonts]
display = "fonts/Testa.otf"

[decks.words]
title = "Words"
layout = "face"

[decks.words.columns.text]
type = "text"
"""

FACE = """\
[boxes.line]
kind = "text"
x = 5
y = 20
w = "W - 10"
h = 12
text = "{{ card.text }}"
size = 12
min_size = 12
align = "center"
font = "display"
"""


@pytest.fixture
def otf_game(make_game):
    def make(toml: str = TOML, **font_options) -> Path:
        folder = make_game(toml=toml, name="otf", words_csv="id,name,text\nabba,Abba,ABBA\nmixed,Mixed,AЖ\n")
        (folder / "heroes.csv").unlink()
        (folder / "layouts").mkdir()
        (folder / "layouts" / "face.toml").write_text(FACE, encoding="utf-8")
        (folder / "fonts").mkdir()
        cff_font(folder / "fonts" / "Testa.otf", **font_options)
        return folder

    return make


def em(text: str) -> float:
    """The advance of `text` in the test font, in mm at the test's size."""
    return sum(ADVANCES[char] for char in text) / 1000 * SIZE * PT


def test_an_otf_with_cff_outlines_is_embedded_and_measured_in_the_pdf(otf_game, tmp_path):
    out = tmp_path / "out"
    result = build(load_game(otf_game()), BuildOptions(out=out, bleed=BLEED, single=True, png=True, dpi=DPI,
                                                       rulebook=False))
    assert not [w for w in result.warnings if "no glyph" in w], result.warnings
    reader = PdfReader(out / "otf" / "otf-words-single.pdf")
    assert set_at(reader.pages[0], SIZE) == {"/AAAAAA+Testa-Regular"}
    assert all(embedded(font) for font in font_dicts(reader.pages[0]))
    (left, _top, width, _height), = [t for t in probe(reader, 0).texts if t[1] < BLEED + 40]
    assert width == pytest.approx(em("ABBA"), abs=0.01), "the OTF's own advance widths"
    assert left + width / 2 == pytest.approx(BLEED + W / 2, abs=0.01)
    # the PNG draws the same outlines: A's ink starts 50 units in, the last A's bowl reaches 7/8 of 500 units
    image = Image.open(out / "otf" / "png" / "words" / "abba.png").convert("L")
    top = round((BLEED + 20) * DPI / 25.4)
    band = image.crop((0, top, image.width, top + round(12 * DPI / 25.4)))
    columns = [x for x in range(band.width) if any(v < 128 for v in band.crop((x, 0, x + 1, band.height)).tobytes())]
    ink_mm = (columns[-1] - columns[0] + 1) * 25.4 / DPI
    expected = (em("ABB") / (SIZE * PT) * 1000 + 0.875 * (ADVANCES["A"] - 100) - 50) / 1000 * SIZE * PT
    assert ink_mm == pytest.approx(expected, abs=2 * 25.4 / DPI)
    assert (columns[0] + columns[-1] + 1) / 2 * 25.4 / DPI == pytest.approx(BLEED + W / 2, abs=1.0)


def test_a_character_the_otf_lacks_is_drawn_from_dejavu_sans_with_its_width(otf_game, tmp_path):
    out = tmp_path / "out"
    result = build(load_game(otf_game()), BuildOptions(out=out, bleed=BLEED, single=True, rulebook=False))
    assert not [w for w in result.warnings if "no glyph" in w], result.warnings
    reader = PdfReader(out / "otf" / "otf-words-single.pdf")
    assert "AЖ" in reader.pages[2].extract_text()
    assert set_at(reader.pages[2], SIZE) == {"/AAAAAA+Testa-Regular"}, \
        "one font: the OTF with DejaVu Sans's Ж added"
    (_left, _top, width, _height), = [t for t in probe(reader, 2).texts if t[1] < BLEED + 40]
    dejavu = pdfmetrics.stringWidth("Ж", fonts.PDF_NAMES["regular"], SIZE) * PT
    assert width == pytest.approx(em("A") + dejavu, abs=0.02)


def test_the_conversion_is_kept_under_the_fonts_hash_and_gives_the_same_bytes_every_time(tmp_path, monkeypatch):
    source = cff_font(tmp_path / "Testa.otf")
    made = []
    for run in ("first", "second"):
        monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / run))
        made.append(cff_fonts.truetype(source))
    assert made[0].parent == tmp_path / "first" / "fonts" and made[1].parent == tmp_path / "second" / "fonts"
    assert made[0].read_bytes() == made[1].read_bytes()
    converted = FontToolsFont(made[0])
    assert converted.sfntVersion == "\x00\x01\x00\x00" and "glyf" in converted and "CFF " not in converted
    assert converted["hmtx"]["ch0042"][0] == ADVANCES["B"]
    again_at = made[1].stat().st_mtime_ns
    assert cff_fonts.truetype(source) == made[1] and made[1].stat().st_mtime_ns == again_at, "read from the cache"
    cff_font(source, advances={"A": 650})
    assert cff_fonts.truetype(source) != made[1], "a changed font is converted anew"
    ttf = tmp_path / "plain.ttf"
    ttf.write_bytes(fonts.FILES["regular"].read_bytes())
    assert cff_fonts.truetype(ttf) == ttf, "a TrueType file is used as it is"


def test_two_machines_building_the_same_otf_game_write_byte_identical_pdfs(otf_game, tmp_path):
    folder = otf_game()
    digests = []
    for run in ("a", "b"):
        env = dict(os.environ, PNPKIT_CACHE=str(tmp_path / f"cache-{run}"), PYTHONPATH=str(ROOT))
        subprocess.run([sys.executable, "-m", "cardgen", "build", str(folder), "--out", str(tmp_path / run)],
                       env=env, check=True, capture_output=True)
        digests.append({path.name: hashlib.sha256(path.read_bytes()).hexdigest()
                        for path in sorted((tmp_path / run / "otf").glob("*.pdf"))})
    assert digests[0] and digests[0] == digests[1]


@pytest.mark.parametrize(("options", "reason"), [
    ({"fs_type": 2}, "is a font whose licence flags (OS/2 fsType) forbid embedding it in a PDF"),
])
def test_an_otf_that_may_not_be_embedded_is_an_error_at_its_line(otf_game, options, reason):
    folder = otf_game(**options)
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    (problem,) = [str(p) for p in caught.value.problems]
    assert problem.startswith(f"{folder / 'game.toml'}:6: font 'display' regular: file 'fonts/Testa.otf' {reason}")


def test_a_variable_cff2_font_is_refused_naming_its_static_files(otf_game):
    folder = otf_game()
    data = bytearray((folder / "fonts" / "Testa.otf").read_bytes())
    index = data.index(b"CFF ", 12)
    data[index:index + 4] = b"CFF2"  # in the table directory: the outlines of a variable font
    (folder / "fonts" / "Testa.otf").write_bytes(bytes(data))
    with pytest.raises(GameDataError, match=r"game.toml:6: font 'display' regular: file 'fonts/Testa.otf' is a "
                                            r"variable OpenType font \(CFF2 outlines\)"):
        load_game(folder)
