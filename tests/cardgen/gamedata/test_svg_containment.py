"""An SVG in the game folder cannot reach outside it: a picture it names by an absolute path, a `../` escape,
a link out, an http(s) URL or a file: URL is refused at the SVG's file and line, by `check` and by the build,
which then writes nothing; a picture inside the game folder is followed."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from cardgen.gamedata.containment import referenced
from tests.cardgen.conftest import ART_LAYOUT, ART_TOML

SECRET_COLOUR = (1, 2, 3)
LINE = 5  # the line of the <image> element's href in svg_naming() (its tag ends on the next)


def svg_naming(href: str) -> str:
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
     width="40" height="40" viewBox="0 0 40 40">
  <rect x="0" y="0" width="10" height="10" fill="#1e64c8"/>
  <image xlink:href="{href}"
         x="0" y="0" width="40" height="40"/>
</svg>
"""


def png_bytes(colour: tuple[int, int, int]) -> bytes:
    stream = io.BytesIO()
    Image.new("RGB", (8, 8), colour).save(stream, "PNG")
    return stream.getvalue()


def run(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardgen", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, check=False)


@pytest.fixture
def svg_game(tmp_path: Path):
    """A game whose one card shows art/pic.svg naming `href`; beside the game, elsewhere/secret.png."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "secret.png").write_bytes(png_bytes(SECRET_COLOUR))

    def make(href: str) -> Path:
        folder = tmp_path / "game"
        (folder / "layouts").mkdir(parents=True)
        (folder / "art").mkdir()
        (folder / "game.toml").write_text(ART_TOML, encoding="utf-8")
        (folder / "layouts" / "face.toml").write_text(ART_LAYOUT, encoding="utf-8")
        (folder / "art.csv").write_text("id,name,picture\nc-1,One,pic.svg\n", encoding="utf-8")
        (folder / "art" / "linked.png").symlink_to(elsewhere / "secret.png")
        (folder / "art" / "pic.svg").write_text(svg_naming(href.replace("ELSEWHERE", str(elsewhere))),
                                                encoding="utf-8")
        return folder

    return make


ESCAPES = {
    "absolute path": ("ELSEWHERE/secret.png", "an absolute path, outside the game folder"),
    "../ escape": ("../../elsewhere/secret.png", "a path that leads outside the game folder"),
    "link out": ("linked.png", "a path that leads outside the game folder"),
    "http URL": ("http://example.com/secret.png", "a URL"),
    "https URL": ("https://example.com/secret.png", "a URL"),
    "file URL": ("file://ELSEWHERE/secret.png", "a URL"),
}


@pytest.mark.parametrize("name", list(ESCAPES))
def test_check_refuses_an_svg_picture_outside_the_game_folder_at_its_line(svg_game, tmp_path: Path, name: str):
    href, why = ESCAPES[name]
    folder = svg_game(href)
    result = run("check", folder, cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert f"art/pic.svg:{LINE}: <image> names " in result.stderr
    assert why in result.stderr


@pytest.mark.parametrize("name", list(ESCAPES))
def test_build_stops_at_an_svg_picture_outside_the_game_folder_writing_nothing(svg_game, tmp_path: Path, name: str):
    href, why = ESCAPES[name]
    folder = svg_game(href)
    out = tmp_path / "out"
    result = run("build", folder, "--out", out, "--png", "--tts", cwd=tmp_path)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert f"art/pic.svg:{LINE}: <image> names " in result.stderr and why in result.stderr
    written = [path for path in out.rglob("*") if path.is_file()] if out.exists() else []
    assert written == []


def test_check_passes_an_svg_picture_inside_the_game_folder(svg_game, tmp_path: Path):
    folder = svg_game("../pictures/inside.png")
    (folder / "pictures").mkdir()
    (folder / "pictures" / "inside.png").write_bytes(png_bytes((200, 30, 30)))
    result = run("check", folder, cwd=tmp_path)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("href, why", [
    ("missing.png", "which is not found at"),
    ("data:image/png;base64,iVBORw0K!!!", "whose base64 is damaged"),
    ("data:image/png;base64,AAAAAAAA", "is not a PNG, JPEG, GIF or WebP picture Pillow can read"),
    ("data:image/png;base64", "a data: URI without a comma"),
])
def test_check_says_which_picture_of_an_svg_cannot_be_drawn_at_its_line(svg_game, tmp_path: Path, href: str,
                                                                         why: str):
    result = run("check", svg_game(href), cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"art/pic.svg:{LINE}: <image>" in result.stderr and why in result.stderr, result.stderr


@pytest.mark.parametrize("written, wanted", [
    ("pictures/a.png", "art/pictures/a.png"),
    ("../pictures/a%20b.png#frag", "pictures/a b.png"),
    ("./../art/../pictures/a.png", "pictures/a.png"),
])
def test_referenced_follows_relative_paths_inside_the_game(tmp_path: Path, written: str, wanted: str):
    (tmp_path / "game" / "art").mkdir(parents=True)
    (tmp_path / "game" / "game.toml").write_text("", encoding="utf-8")
    target, why = referenced(tmp_path / "game" / "art" / "pic.svg", written)
    assert (target, why) == ((tmp_path / "game" / wanted).resolve(), "")


@pytest.mark.parametrize("written", ["/etc/passwd", "\\\\server\\share\\x.png", "C:\\pics\\x.png", "c:/x.png",
                                     "file:///etc/passwd", "HTTPS://example.com/x.png", "ftp://example.com/x.png",
                                     "../../x.png", "a/../../../x.png", "%2e%2e/%2e%2e/x.png"])
def test_referenced_refuses_what_leaves_the_game(tmp_path: Path, written: str):
    (tmp_path / "game" / "art").mkdir(parents=True)
    (tmp_path / "game" / "game.toml").write_text("", encoding="utf-8")
    target, why = referenced(tmp_path / "game" / "art" / "pic.svg", written)
    assert target is None and why


def test_an_svg_outside_any_game_reaches_only_its_own_folder(tmp_path: Path):
    shared = tmp_path / "shared"  # an --assets folder: no game.toml above it
    (shared / "sub").mkdir(parents=True)
    assert referenced(shared / "icon.svg", "sub/a.png") == ((shared / "sub" / "a.png").resolve(), "")
    assert referenced(shared / "sub" / "icon.svg", "../a.png")[0] is None
