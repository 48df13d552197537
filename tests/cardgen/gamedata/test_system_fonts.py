"""Fonts installed on the machine, named "system:Family" in [fonts]: found with fontconfig, their files recorded,
and a clear error when fontconfig or the family is missing. A stand-in fc-match answers as fontconfig does, so
the tests do not depend on the fonts of the machine they run on (but one, run where fontconfig is)."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import reportlab

from cardgen.gamedata import GameDataError, load_game
from cardgen.gamedata.font_files import font_record
from cardgen.gamedata.system_fonts import system_files
from tests.conftest import MINIMAL_TOML

VERA = Path(reportlab.__file__).parent / "fonts"

TOML = """\
[game]
title = "System"
players = 2

[fonts]
{entry}
""" + MINIMAL_TOML.split("\n\n", 1)[1]  # the tiny game's decks and tokens

FAKE_FC_MATCH = """\
#!{python}
# answers as fc-match PATTERN --format "%{{family}}\\n%{{file}}\\n%{{index}}\\n" does on a machine with Fake Serif
import sys
pattern = sys.argv[1]
fonts = {fonts!r}
family = pattern.split(":")[0]
if family in ("Fake Serif", "fake serif"):
    print("Fake Serif,Fake Serif Book", fonts["bold" if ":bold" in pattern else "regular"], "0", sep="\\n")
elif family == "Fake Collection":
    print("Fake Collection", fonts["regular"], "2", sep="\\n")
else:
    print("DejaVu Sans", fonts["other"], "0", sep="\\n")
"""


@pytest.fixture
def fontconfig(tmp_path, monkeypatch):
    """A stand-in fc-match on PATH (alone): Fake Serif is installed (a regular and a bold, Vera's), nothing else."""
    installed = tmp_path / "usr-share-fonts"
    installed.mkdir()
    files = {"regular": str(installed / "FakeSerif.ttf"), "bold": str(installed / "FakeSerif-Bold.ttf"),
             "other": str(installed / "Other.ttf")}
    for style, source in (("regular", "Vera.ttf"), ("bold", "VeraBd.ttf"), ("other", "VeraIt.ttf")):
        shutil.copy(VERA / source, files[style])
    folder = tmp_path / "bin"
    folder.mkdir()
    script = folder / "fc-match"
    script.write_text(FAKE_FC_MATCH.format(python=sys.executable, fonts=files), encoding="utf-8")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", str(folder))
    return files


def game_with(make_game, entry: str) -> Path:
    return make_game(toml=TOML.replace("{entry}", entry))


def problems_of(folder: Path) -> list[str]:
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    return [str(problem) for problem in caught.value.problems]


def test_a_system_family_is_found_with_fontconfig_and_its_files_recorded(make_game, fontconfig):
    game = load_game(game_with(make_game, 'serif = "system:Fake Serif"'))
    family = game.fonts["serif"]
    assert dict(family.files) == {"regular": fontconfig["regular"], "bold": fontconfig["bold"]}, \
        "italic matched the regular file again, so it falls back to the regular"
    assert font_record(game.fonts, game.root) == {
        f"serif/{style}": {"file": fontconfig[style],
                           "sha256": hashlib.sha256(Path(fontconfig[style]).read_bytes()).hexdigest()}
        for style in ("regular", "bold")}


def test_a_system_family_that_is_not_installed_is_an_error_naming_what_fontconfig_offered(make_game, fontconfig):
    folder = game_with(make_game, 'serif = "system:Garamond Premier"')
    assert problems_of(folder) == [
        f"{folder / 'game.toml'}:6: font 'serif': system font 'Garamond Premier' is not installed on this machine "
        "(fontconfig offers 'DejaVu Sans' instead); install it, or copy its .ttf or .otf file into the game folder "
        "and give its path"]


def test_without_fontconfig_a_system_font_is_an_error_saying_to_install_it_or_give_the_file(make_game, tmp_path,
                                                                                          monkeypatch):
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    folder = game_with(make_game, 'serif = "system:DejaVu Serif"')
    (problem,) = problems_of(folder)
    assert problem.startswith(f"{folder / 'game.toml'}:6: font 'serif': fontconfig is not installed on this machine "
                              "(no fc-match command)")
    assert "install fontconfig" in problem and "copy the font's .ttf or .otf file into the game folder" in problem


def test_a_face_of_a_font_collection_is_refused_saying_to_copy_a_single_font(make_game, fontconfig):
    folder = game_with(make_game, 'cjk = "system:Fake Collection"')
    (problem,) = problems_of(folder)
    assert "system font 'Fake Collection' regular is face 2 of the font collection" in problem


def test_a_family_the_files_of_the_game_give_is_recorded_relative_to_the_game_folder(make_game):
    folder = game_with(make_game, 'body = { regular = "fonts/Body.ttf", italic = "fonts/Body-Italic.ttf" }')
    (folder / "fonts").mkdir()
    shutil.copy(VERA / "Vera.ttf", folder / "fonts" / "Body.ttf")
    shutil.copy(VERA / "VeraIt.ttf", folder / "fonts" / "Body-Italic.ttf")
    game = load_game(folder)
    record = font_record(game.fonts, game.root)
    assert record == {"body/regular": {"file": "fonts/Body.ttf", "sha256": hashlib.sha256(
                          (VERA / "Vera.ttf").read_bytes()).hexdigest()},
                      "body/italic": {"file": "fonts/Body-Italic.ttf", "sha256": hashlib.sha256(
                          (VERA / "VeraIt.ttf").read_bytes()).hexdigest()}}


@pytest.mark.skipif(shutil.which("fc-match") is None, reason="fontconfig is not installed on this machine")
def test_the_real_fontconfig_finds_an_installed_family_by_name():
    name = "DejaVu Sans"
    installed = subprocess.run(["fc-list", name, "--format", "%{family}\n"], capture_output=True, text=True,
                               check=False).stdout
    if name not in installed:
        pytest.skip(f"{name} is not installed on this machine")
    files = system_files(name)
    assert Path(files["regular"]).is_file() and Path(files["regular"]).name.startswith("DejaVuSans")
    assert files.get("bold") != files["regular"]
