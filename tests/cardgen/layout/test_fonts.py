"""Fonts: DejaVu Sans prints Greek, Cyrillic and symbols with Vera's Latin metrics, and a game's own
TrueType files set the text they are named for, measured alike in the PDF and the PNG."""

from __future__ import annotations

import re
import shutil
import struct
from pathlib import Path

import pytest
import reportlab
from PIL import Image, ImageDraw, ImageFont
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from cardgen.build.options import BuildError, BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import GameDataError, bundled_slugs, game_folder, load_game
from cardgen.layout import fonts
from cardgen.layout.compose import Composer
from cardgen.layout.ops import Text
from tests.cardgen.layout.font_pdfs import embedded, font_dicts, set_in
from tests.fixtures.fonts.pdf_names import set_at
from tests.pdf_probe import probe

VERA = Path(reportlab.__file__).parent / "fonts"
VERA_FILES = {"regular": "Vera.ttf", "bold": "VeraBd.ttf", "italic": "VeraIt.ttf", "bolditalic": "VeraBI.ttf"}
BLEED, DPI, SIZE = 3.0, 300, 12.0
PT = 25.4 / 72
W = 63.5  # poker width, mm

TOML = """\
[game]
title = "Scripts"
players = 2

[fonts]
wide = "fonts/Wide.ttf"

[decks.words]
title = "Words"
layout = "face"

[decks.words.columns.text]
type = "text"

[decks.wide]
title = "Wide"
layout = "own"

[decks.wide.columns.text]
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
"""

WORDS = """\
id,name,text
greek,Greek,Καλημέρα κόσμε
cyrillic,Cyrillic,"Привет, мир"
star,Star,★ ★ ★
han,Han,中 中 中
"""


def vera(style: str) -> str:
    """Vera's face for `style`, registered with reportlab under a name of this test's own."""
    name = f"test-vera-{style}"
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(VERA / VERA_FILES[style])))
    return name


@pytest.fixture
def scripts(make_game):
    """A game with a deck in the default font (Greek, Cyrillic, stars, and Chinese it has no glyph for)
    and a deck set in the game's own font: Vera Bold (wider than DejaVu Sans) as its regular."""

    def make(toml: str = TOML, own: str = FACE.replace('align = "center"', 'align = "center"\nfont = "wide"'),
             name: str = "scripts", wide: str = "VeraBd.ttf") -> Path:
        folder = make_game(toml=toml, name=name, words_csv=WORDS, wide_csv="id,name,text\nw-1,Wide,WWWW\n")
        (folder / "heroes.csv").unlink()
        (folder / "layouts").mkdir()
        (folder / "layouts" / "face.toml").write_text(FACE, encoding="utf-8")
        (folder / "layouts" / "own.toml").write_text(own, encoding="utf-8")
        (folder / "fonts").mkdir()
        shutil.copy(VERA / wide, folder / "fonts" / "Wide.ttf")
        return folder

    return make


@pytest.fixture
def built(scripts, tmp_path):
    folder = scripts()
    out = tmp_path / "out"
    result = build(load_game(folder), BuildOptions(out=out, bleed=BLEED, single=True, png=True, dpi=DPI,
                                                   rulebook=False))
    return out / "scripts", result


# ---- DejaVu Sans keeps Vera's metrics -------------------------------------------------------------------

LATIN = [chr(c) for c in [*range(0x20, 0x7F), *range(0xA0, 0x100)]]
# DejaVu Sans Bold Oblique draws the vulgar fractions narrower than Vera Bold Oblique: the only
# printable ASCII or Latin-1 characters whose advance differs, in any style
DIFFERENT = {"bolditalic": {"¼", "½", "¾"}}


def _moved(char: str, style: str) -> bool:
    """Whether `char` is wider or narrower in DejaVu Sans than in Vera (in 1/1000 of a point at 1 pt)."""
    return abs(fonts.width_mm(char, style, 1000.0) / PT - pdfmetrics.stringWidth(char, vera(style), 1000.0)) > 1e-6


@pytest.mark.parametrize("style", fonts.STYLES)
def test_dejavu_sans_has_veras_advance_widths_ascent_and_descent_for_latin_1(style):
    different = {ch for ch in LATIN if _moved(ch, style)}
    assert different == DIFFERENT.get(style, set())
    face = pdfmetrics.getFont(vera(style)).face
    assert fonts.ascent_mm(style, 1.0) == pytest.approx(face.ascent / 1000 * PT, abs=1e-12)
    assert fonts.descent_mm(style, 1.0) == pytest.approx(-face.descent / 1000 * PT, abs=1e-12)
    assert all(fonts.covers(ch, style) for ch in LATIN), "every Latin-1 character has a glyph"


def test_every_character_the_bundled_games_print_keeps_its_vera_width():
    """The bundled layouts do not move: each character their card faces set, in the face it is set in,
    is as wide in DejaVu Sans as it was in Vera (line breaks, shrinking and alignment depend on nothing else)."""
    used: dict[str, set[str]] = {style: set() for style in fonts.STYLES}
    for slug in bundled_slugs():
        game = load_game(game_folder(slug))
        composer = Composer(game, BLEED)
        for deck in game.decks:
            faces = [composer.front(deck, card, i) for i, card in enumerate(deck.cards, start=1)]
            faces += [composer.back(deck, card, i) for i, card in enumerate(deck.cards, start=1)]
            for face in faces:
                for op in face.ops:
                    if isinstance(op, Text):
                        used[op.font] |= set(op.text)
    assert sum(len(chars) for chars in used.values()) > 150
    for style, chars in used.items():
        moved = {ch for ch in chars if _moved(ch, style)}
        assert not moved, f"{style}: {sorted(moved)}"


# ---- Greek, Cyrillic and symbols ------------------------------------------------------------------------

def test_greek_cyrillic_and_a_star_print_without_a_warning_and_are_in_the_pdfs_text(built):
    out, result = built
    glyph_warnings = [w for w in result.warnings if "no glyph" in w]
    assert len(glyph_warnings) == 1, glyph_warnings
    assert "words.csv:5" in glyph_warnings[0] and "no glyph for 中" in glyph_warnings[0], "only the Chinese card warns"
    text = PdfReader(out / "scripts-words-single.pdf").pages
    pages = [page.extract_text() for page in text]
    assert "Καλημέρα κόσμε" in pages[0]
    assert "Привет, мир" in pages[2]
    assert "★ ★ ★" in pages[4]


def ink_width(font_file: Path, text: str) -> int:
    """How many pixels wide the ink of `text` is, drawn alone by Pillow from `font_file` at the test's size."""
    font = ImageFont.truetype(str(font_file), SIZE * DPI / 72, layout_engine=ImageFont.Layout.BASIC)
    image = Image.new("L", (1000, 200), 0)
    ImageDraw.Draw(image).text((50, 150), text, font=font, fill=255, anchor="ls")
    left, _, right, _ = image.point(lambda v: 255 if v >= 128 else 0).getbbox()
    return right - left


class Ink:
    """The dark pixels of a PNG card's text line (its box, 12 mm tall, across the whole card)."""

    def __init__(self, path: Path):
        image = Image.open(path).convert("L")
        top = round((BLEED + 20) * DPI / 25.4)
        band = image.crop((0, top, image.width, top + round(12 * DPI / 25.4)))
        self.width = band.width
        self.pixels = [value < 128 for value in band.tobytes()]

    def total(self) -> int:
        return sum(self.pixels)

    def columns(self) -> list[int]:
        """The x of every column with ink in it, left to right."""
        return [x for x in range(self.width) if any(self.pixels[x::self.width])]

    def runs(self) -> list[list[int]]:
        """The inked columns in runs with no blank column inside: one per separate glyph or word."""
        runs: list[list[int]] = []
        for x in self.columns():
            if runs and x == runs[-1][-1] + 1:
                runs[-1].append(x)
            else:
                runs.append([x])
        return runs


def test_greek_cyrillic_and_stars_are_ink_in_the_png_and_not_the_empty_box_of_a_missing_glyph(built):
    out, _ = built
    ink = {card: Ink(out / "png" / "words" / f"{card}.png") for card in ("greek", "cyrillic", "star", "han")}
    for card in ("greek", "cyrillic", "star"):
        assert ink[card].total() > 500, card
    assert sum(a != b for a, b in zip(ink["star"].pixels, ink["han"].pixels)) > 500, \
        "three stars do not look like three missing-glyph boxes"
    star = ink_width(fonts.FILES["regular"], "★")
    runs = ink["star"].runs()
    assert len(runs) == 3 and all(abs(len(run) - star) <= 2 for run in runs), \
        "three separate stars, each as wide as DejaVu Sans draws one"


# ---- a game's own font ------------------------------------------------------------------------------------

def test_the_game_font_is_embedded_and_its_widths_centre_the_text_in_the_pdf(built):
    out, _ = built
    reader = PdfReader(out / "scripts-wide-single.pdf")
    assert any(re.fullmatch(r"/AAAAAA\+BitstreamVeraSans-Bold-[0-9a-f]{8}", name) for name, _ in set_in(reader.pages[0])), \
        "the card's text is in the game's font, under a name of its own (DejaVu Sans's glyphs added)"
    assert all(embedded(font) for font in font_dicts(reader.pages[0]))
    (left, _top, width, _height), = [t for t in probe(reader, 0).texts if t[1] < BLEED + 40]
    expected = pdfmetrics.stringWidth("WWWW", vera("bold"), SIZE) * PT
    assert width == pytest.approx(expected, abs=0.01)
    assert left + width / 2 == pytest.approx(BLEED + W / 2, abs=0.01), "centred with the game font's widths"
    assert expected - fonts.width_mm("WWWW", "regular", SIZE) > 1.0, "DejaVu Sans would have set it narrower"


def test_the_png_draws_the_game_font_from_the_same_file(built):
    out, _ = built
    columns = Ink(out / "png" / "wide" / "w-1.png").columns()
    own, default = ink_width(VERA / "VeraBd.ttf", "WWWW"), ink_width(fonts.FILES["regular"], "WWWW")
    assert abs((columns[-1] - columns[0] + 1) - own) <= 2
    assert own - default > 12, "DejaVu Sans would have drawn it narrower"
    centre = (columns[0] + columns[-1] + 1) / 2
    assert centre == pytest.approx((BLEED + W / 2) * DPI / 25.4, abs=2)


def test_a_font_named_default_sets_every_box_that_names_none(scripts, tmp_path):
    folder = scripts(toml=TOML.replace("wide = ", "default = "), own=FACE)
    build(load_game(folder), BuildOptions(out=tmp_path / "out", single=True, rulebook=False))
    reader = PdfReader(tmp_path / "out" / "scripts" / "scripts-words-single.pdf")
    assert set_at(reader.pages[0], SIZE) == {"/AAAAAA+BitstreamVeraSans-Bold"}


def test_a_layout_names_the_font_of_all_its_text_boxes(scripts):
    folder = scripts(own="font = \"wide\"\n" + FACE)
    game = load_game(folder)
    face = Composer(game, BLEED).front(game.deck("wide"), game.deck("wide").cards[0], 1)
    (op,) = [op for op in face.ops if isinstance(op, Text)]
    assert fonts.pdf_name(op.font) != fonts.PDF_NAMES["regular"]
    assert TTFont("test-drawn", str(fonts.file_of(op.font))).face.name.startswith(b"BitstreamVeraSans-Bold-")


def test_styles_a_family_does_not_give_are_set_in_its_regular(scripts):
    game = load_game(scripts())
    composer = Composer(game, BLEED)
    face = composer.front(game.deck("wide"), game.deck("wide").cards[0], 1)
    (op,) = [op for op in face.ops if isinstance(op, Text)]
    family = op.font.split("/")[0]
    assert {fonts.file_of(fonts.style_of(b, i, family)) for b in (False, True) for i in (False, True)} == \
        {fonts.file_of(op.font)}


def test_two_games_in_one_process_keep_their_own_fonts_under_the_same_name(scripts, tmp_path):
    games = [load_game(scripts(name=f"game{n}", wide=wide)) for n, wide in ((1, "VeraBd.ttf"), (2, "VeraIt.ttf"))]
    widths, keys = [], []
    for game in games:
        face = Composer(game, BLEED).front(game.deck("wide"), game.deck("wide").cards[0], 1)
        (op,) = [op for op in face.ops if isinstance(op, Text)]
        keys.append(op.font)
        widths.append(fonts.width_mm("WWWW", op.font, SIZE))
    assert keys[0] != keys[1]
    assert widths == [pytest.approx(pdfmetrics.stringWidth("WWWW", vera(style), SIZE) * PT, abs=1e-9)
                      for style in ("bold", "italic")]
    for game, expected in zip(games, ("Bold", "Oblique")):
        build(game, BuildOptions(out=tmp_path / "out", single=True, rulebook=False))
        reader = PdfReader(tmp_path / "out" / game.slug / f"{game.slug}-wide-single.pdf")
        assert set_at(reader.pages[0], SIZE) == {f"/AAAAAA+BitstreamVeraSans-{expected}"}


# ---- errors ---------------------------------------------------------------------------------------------

def patched(path: Path, table: str, offset: int, data: bytes) -> bytes:
    """The font file's bytes with `data` written `offset` bytes into its table `table`."""
    font = bytearray(path.read_bytes())
    for index in range(struct.unpack(">H", font[4:6])[0]):
        tag, _, start, _ = struct.unpack(">4sLLL", font[12 + 16 * index:28 + 16 * index])
        if tag.decode() == table:
            font[start + offset:start + offset + len(data)] = data
            return bytes(font)
    raise AssertionError(f"{path} has no {table} table")


def _problems(folder: Path) -> list[str]:
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    return [str(problem) for problem in caught.value.problems]


@pytest.mark.parametrize(("entry", "reason"), [
    ('"fonts/Missing.ttf"', "font 'wide' regular: file 'fonts/Missing.ttf' is not in the game folder"),
    ('"../outside.ttf"', "font 'wide' regular: file '../outside.ttf' is outside the game folder"),
    ('"/usr/share/fonts/x.ttf"', "file '/usr/share/fonts/x.ttf' is outside the game folder"),
    ('"fonts/link.ttf"', "file 'fonts/link.ttf' is outside the game folder"),
    ('"words.csv"', "file 'words.csv' is not a font file"),
    ('"fonts/Cut.ttf"', "file 'fonts/Cut.ttf' is a font file that is cut short"),
    ('"fonts/Cff.otf"', "file 'fonts/Cff.otf' is a font file without the CFF, cmap, head, hhea, hmtx, maxp, name, "
                        "post tables an OpenType (CFF) font needs"),
    ('"fonts/Many.ttc"', "is a font collection"),
    ('"fonts/Locked.ttf"', "is a font whose licence flags (OS/2 fsType) forbid embedding it in a PDF"),
    ('{ regular = "fonts/Wide.ttf", bold = "fonts/Nope.ttf" }', "font 'wide' bold: file 'fonts/Nope.ttf' is not in"),
    ('{ bold = "fonts/Wide.ttf" }', "font 'wide' needs regular = "),
    ('{ regular = "fonts/Wide.ttf", heavy = "fonts/Wide.ttf" }', "font 'wide': unknown style 'heavy'"),
    ("3", "font 'wide' must be a path in quotes, \"system:Family Name\", \"Sans\" or \"Sans Bold\", or a table"),
], ids=["missing", "escaping", "absolute", "symlink-out", "not-a-font", "truncated", "cff-empty", "collection", "locked",
        "missing-bold", "no-regular", "unknown-style", "not-a-path"])
def test_a_bad_font_is_an_error_at_its_game_toml_line(scripts, entry, reason):
    folder = scripts(toml=TOML.replace('wide = "fonts/Wide.ttf"', f"wide = {entry}"))
    (folder.parent / "outside.ttf").write_bytes((VERA / "Vera.ttf").read_bytes())
    (folder / "fonts" / "link.ttf").symlink_to(folder.parent / "outside.ttf")
    (folder / "fonts" / "Cut.ttf").write_bytes((VERA / "Vera.ttf").read_bytes()[:5000])
    (folder / "fonts" / "Cff.otf").write_bytes(b"OTTO\x00\x0a\x00\x80\x00\x03\x00\x20" + bytes(200))
    (folder / "fonts" / "Many.ttc").write_bytes(b"ttcf\x00\x01\x00\x00" + bytes(100))
    (folder / "fonts" / "Locked.ttf").write_bytes(patched(VERA / "Vera.ttf", "OS/2", 8, b"\x00\x02"))
    problems = _problems(folder)
    assert len(problems) == 1 and problems[0].startswith(f"{folder / 'game.toml'}:6: "), problems
    assert reason in problems[0], problems


def test_a_font_name_no_family_has_is_an_error_at_the_layout_line(scripts, tmp_path, cli):
    folder = scripts(own=FACE.replace('align = "center"', 'align = "center"\nfont = "serif"'))
    result = cli("check", folder)
    assert result.exit_code == 2
    assert f"{folder / 'layouts' / 'own.toml'}:11: error: box 'line': font 'serif' is not declared in [fonts] of " \
           "game.toml (fonts declared: wide)" in result.output
    with pytest.raises(BuildError, match=r"own.toml:11: box 'line': font 'serif' is not declared"):
        build(load_game(folder), BuildOptions(out=tmp_path / "out", rulebook=False))
    assert not (tmp_path / "out" / "scripts").exists()


def test_replacing_a_font_file_redraws_the_png_images(scripts, tmp_path):
    folder = scripts()
    options = BuildOptions(out=tmp_path / "out", png=True, dpi=100, rulebook=False)

    def drawn() -> str:
        result = build(load_game(folder), options)
        if result.unchanged:
            return "nothing changed"
        return next(note for note in result.notes if note.startswith("card images:"))

    assert drawn().startswith("card images: 7 drawn, 0 unchanged")  # 5 fronts and 2 deck backs
    assert drawn() == "nothing changed"
    shutil.copy(VERA / "VeraIt.ttf", folder / "fonts" / "Wide.ttf")
    assert drawn().startswith("card images: 7 drawn, 0 unchanged"), "every image of a game whose font changed"


def test_a_font_reportlab_cannot_read_stops_the_build_at_its_game_toml_line(scripts, tmp_path, cli):
    folder = scripts()
    (folder / "fonts" / "Wide.ttf").write_bytes(patched(VERA / "VeraBd.ttf", "post", 0, b"\x00\x09"))
    message = f"{folder / 'game.toml'}:6 (font 'wide'): regular font 'Wide.ttf' cannot be used: Unknown post table"
    with pytest.raises(BuildError) as caught:
        build(load_game(folder), BuildOptions(out=tmp_path / "out", rulebook=False))
    assert str(caught.value).startswith(f"{folder / 'layouts' / 'own.toml'}:11: box 'line': {message}")
    assert not (tmp_path / "out" / "scripts").exists()
    result = cli("check", folder)
    assert result.exit_code == 2
    assert f"{folder / 'layouts' / 'own.toml'}:11: error: box 'line': font: {message}" in result.output, result.output
