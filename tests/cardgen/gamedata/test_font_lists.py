"""Fallback lists in [fonts], as Squib and CSS take them: the first font found on this machine is used, the later
ones kept for the glyphs it lacks; built-in "Sans Bold" and the like; a list naming no usable font is an error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import reportlab

from cardgen.gamedata import GameDataError, load_game
from cardgen.gamedata.font_files import BUILT_IN_FOLDER, chained
from tests.cardgen.gamedata.test_system_fonts import TOML, fontconfig  # noqa: F401 - the fixture, used by name

VERA = Path(reportlab.__file__).parent / "fonts"
DEJAVU = {style: str(BUILT_IN_FOLDER / name) for style, name in (
    ("regular", "DejaVuSans.ttf"), ("bold", "DejaVuSans-Bold.ttf"), ("italic", "DejaVuSans-Oblique.ttf"),
    ("bolditalic", "DejaVuSans-BoldOblique.ttf"))}


def game_with(make_game, entry: str) -> Path:
    folder = make_game(toml=TOML.replace("{entry}", entry))
    (folder / "fonts").mkdir()
    shutil.copy(VERA / "VeraBd.ttf", folder / "fonts" / "Display.ttf")
    return folder


def problems_of(folder: Path) -> list[str]:
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    return [str(problem) for problem in caught.value.problems]


def test_the_first_font_of_a_list_found_here_is_used_and_the_later_ones_kept(make_game, fontconfig):  # noqa: F811
    folder = game_with(make_game, 'title = ["system:Bodoni Display", "system:Fake Serif", "fonts/Display.ttf", '
                                  '"Sans Bold"]')
    family = load_game(folder).fonts["title"]
    assert dict(family.files) == {"regular": fontconfig["regular"], "bold": fontconfig["bold"]}
    assert [dict(files) for files in family.fallbacks] == [
        {"regular": str(folder.resolve() / "fonts" / "Display.ttf")},
        {"regular": DEJAVU["bold"], "bold": DEJAVU["bold"], "italic": DEJAVU["bolditalic"],
         "bolditalic": DEJAVU["bolditalic"]}]
    assert family.skipped == ("'system:Bodoni Display': system font 'Bodoni Display' is not installed on this "
                              "machine (fontconfig offers 'DejaVu Sans' instead); install it, or copy its .ttf or "
                              ".otf file into the game folder and give its path",)


def test_a_font_that_comes_installed_changes_the_familys_digest(make_game, fontconfig):  # noqa: F811
    folder = game_with(make_game, 'title = ["system:Fake Serif", "Sans Bold"]')
    with_serif = load_game(folder).fonts["title"].digest
    (folder / "game.toml").write_text(TOML.replace("{entry}", 'title = ["system:Not Here", "Sans Bold"]'))
    without = load_game(folder).fonts["title"]
    assert without.files["regular"] == DEJAVU["bold"]
    assert without.digest != with_serif, "a build redraws the cards when the font found changes"


@pytest.mark.parametrize(("entry", "faces"), [
    ('"Sans"', ("regular", "bold", "italic", "bolditalic")),
    ('"Sans Bold"', ("bold", "bold", "bolditalic", "bolditalic")),
    ('"sans italic"', ("italic", "bolditalic", "italic", "bolditalic")),
    ('"DejaVu Sans Bold Oblique"', ("bolditalic",) * 4),
])
def test_the_built_in_faces_are_named_as_squib_names_them(make_game, entry, faces):
    family = load_game(game_with(make_game, f"title = {entry}")).fonts["title"]
    assert dict(family.files) == {style: DEJAVU[face] for style, face in zip(DEJAVU, faces)}


def test_a_list_naming_no_font_found_here_is_an_error_naming_the_file_and_key(make_game, fontconfig):  # noqa: F811
    folder = game_with(make_game, 'title = ["system:Bodoni Display", "system:Futura"]')
    assert problems_of(folder) == [
        f"{folder / 'game.toml'}:6: font 'title': none of the fonts of its list is available on this machine: "
        "'system:Bodoni Display': system font 'Bodoni Display' is not installed on this machine (fontconfig offers "
        "'DejaVu Sans' instead); install it, or copy its .ttf or .otf file into the game folder and give its path; "
        "'system:Futura': system font 'Futura' is not installed on this machine (fontconfig offers 'DejaVu Sans' "
        "instead); install it, or copy its .ttf or .otf file into the game folder and give its path"]


@pytest.mark.parametrize(("entry", "reason"), [
    ('[]', "font 'title' is an empty list: name one font or more"),
    ('["fonts/Gone.otf", "Sans Bold"]', "font 'title' (first of its list) regular: file 'fonts/Gone.otf' is not in "
                                        "the game folder"),
    ('["Sans Bold", "Serif Bold"]', "font 'title' (second of its list): 'Serif Bold' is neither a font file (a path "
                                    "ending in .ttf or .otf) nor a built-in font (\"Sans\", \"Sans Bold\", \"Sans "
                                    "Italic\", \"Sans Bold Italic\"); a font installed on this machine is written "
                                    "\"system:Serif Bold\""),
    ('["Sans", 3]', "font 'title' (second of its list) must be a path in quotes"),
], ids=["empty", "missing-file", "did-you-mean-system", "not-a-font"])
def test_a_wrong_font_of_a_list_is_an_error_even_when_another_would_do(make_game, entry, reason):
    folder = game_with(make_game, f"title = {entry}")
    (problem,) = problems_of(folder)
    assert problem.startswith(f"{folder / 'game.toml'}:6: {reason}"), problem


def test_fonts_named_in_turn_chain_into_one_family_whose_later_fonts_give_the_missing_glyphs(make_game, fontconfig):  # noqa: F811
    folder = game_with(make_game, 'display = "fonts/Display.ttf"\nbody = ["system:Nope", "system:Fake Serif", "Sans"]')
    fonts = load_game(folder).fonts
    family = chained([fonts["display"], fonts["body"]])
    assert family.name == "display+body" and dict(family.files) == {"regular": str(folder.resolve() / "fonts" /
                                                                                  "Display.ttf")}
    assert [dict(files) for files in family.fallbacks] == [
        {"regular": fontconfig["regular"], "bold": fontconfig["bold"]}, DEJAVU]
    assert family.digest not in (fonts["display"].digest, fonts["body"].digest)
    assert family.skipped == fonts["body"].skipped and len(family.skipped) == 1
