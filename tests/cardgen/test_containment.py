"""Containment: every file a game names stays inside the game folder, images are verified before a build,
`count` has a ceiling, and SIGTERM leaves no staging folder behind."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PIL import Image

from tests.conftest import MINIMAL_TOML

SECRET = "TOP-SECRET-FIRST-LINE"

STR_ART_TOML = """\
[game]
title = "Pics"
players = 2

[decks.pics]
title = "Pics"
layout = "face"

[decks.pics.columns.pic]
type = "str"
"""

STR_ART_LAYOUT = """\
[boxes.picture]
kind = "art"
column = "{{ card.pic }}"
x = 5
y = 5
w = 20
h = 20
"""


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardgen", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, check=False)


def png_bytes(size=(8, 8)) -> bytes:
    stream = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(stream, "PNG")
    return stream.getvalue()


@pytest.fixture
def outside(tmp_path) -> Path:
    """A folder beside the game's with a secret text file and a picture in it."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "secret.csv").write_text(f"{SECRET}\nmore\n", encoding="utf-8")
    (folder / "outside.png").write_bytes(png_bytes())
    return folder


@pytest.mark.parametrize("written", ["ABSOLUTE", "../elsewhere/secret.csv", "../../../../../../..{}"])
def test_deck_file_outside_the_game_folder_is_an_error_and_never_read(make_game, outside, tmp_path, written):
    written = written.replace("ABSOLUTE", str(outside / "secret.csv")).format(outside / "secret.csv")
    toml = MINIMAL_TOML.replace('title = "Heroes"', f'title = "Heroes"\nfile = "{written}"')
    folder = make_game(toml=toml)
    result = run("check", folder, cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    line = toml.splitlines().index(f'file = "{written}"') + 1
    assert f"game.toml:{line}:" in result.stderr
    assert SECRET not in result.stderr + result.stdout


def test_deck_file_symlinked_outside_is_an_error(make_game, outside, tmp_path):
    toml = MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nfile = "linked.csv"')
    folder = make_game(toml=toml)
    (folder / "linked.csv").symlink_to(outside / "secret.csv")
    result = run("check", folder, cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    line = toml.splitlines().index('file = "linked.csv"') + 1
    assert f"game.toml:{line}:" in result.stderr and "outside the game folder" in result.stderr
    assert SECRET not in result.stderr + result.stdout


def str_art_game(make_game, rows: str, layout: str = STR_ART_LAYOUT) -> Path:
    folder = make_game(toml=STR_ART_TOML, name="pics", pics_csv="id,name,pic\n" + rows)
    (folder / "heroes.csv").unlink()
    (folder / "layouts").mkdir()
    (folder / "layouts" / "face.toml").write_text(layout, encoding="utf-8")
    (folder / "art").mkdir()
    (folder / "art" / "inside.png").write_bytes(png_bytes())
    return folder


def test_str_column_art_outside_the_folder_is_an_error_in_check_and_build(make_game, outside, tmp_path):
    folder = str_art_game(make_game, "p-1,Fine,inside.png\np-2,Escape,../../elsewhere/outside.png\n")
    for args in (("check", folder), ("build", folder, "--out", tmp_path / "out")):
        result = run(*args, cwd=tmp_path)
        assert result.returncode == 2, (args, result.stderr)
        assert "Traceback" not in result.stderr
        assert "pics.csv:3" in result.stderr and "outside the game folder" in result.stderr, result.stderr
    assert not (tmp_path / "out" / "pics").exists()


def test_absolute_art_path_in_a_layout_is_an_error(make_game, outside, tmp_path):
    layout = STR_ART_LAYOUT.replace('"{{ card.pic }}"', f'"{outside / "outside.png"}"')
    folder = str_art_game(make_game, "p-1,Fine,inside.png\n", layout)
    result = run("check", folder, cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "pics.csv:2" in result.stderr and "outside.png" in result.stderr
    assert "outside the game folder" in result.stderr


def test_symlink_in_art_pointing_outside_is_an_error(art_game, outside, tmp_path):
    folder = art_game(rows="c-1,Linked,linked.png\n")
    (folder / "art" / "linked.png").symlink_to(outside / "outside.png")
    result = run("check", folder, cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "art.csv:2" in result.stderr and "linked.png" in result.stderr
    assert "outside the game folder" in result.stderr


def test_symlink_inside_the_folder_is_fine(art_game, tmp_path):
    folder = art_game(rows="c-1,Linked,linked.png\n")
    (folder / "art" / "linked.png").symlink_to(folder / "art" / "corner.png")
    result = run("check", folder, cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def truncated_png() -> bytes:
    stream = io.BytesIO()
    Image.effect_noise((200, 200), 64).convert("RGB").save(stream, "PNG")
    data = stream.getvalue()
    return data[: len(data) // 2]


def huge_png() -> bytes:
    """A 20000 x 20000 px PNG (400 megapixels) that is small on disk."""
    stream = io.BytesIO()
    Image.new("1", (20000, 20000), 0).save(stream, "PNG")
    return stream.getvalue()


@pytest.mark.parametrize("name, content, said", [
    ("x.png", b"just some text, not a picture\n", "not an image"),
    ("cut.png", "TRUNCATED", "cannot be read"),
    ("huge.png", "HUGE", "400 megapixels"),
])
def test_bad_images_are_clear_errors_in_check_and_build(art_game, tmp_path, name, content, said):
    data = {"TRUNCATED": truncated_png, "HUGE": huge_png}[content]() if isinstance(content, str) else content
    folder = art_game(rows=f"c-png,PNG card,corner.png\nc-bad,Bad card,{name}\n")
    (folder / "art" / name).write_bytes(data)
    for args in (("check", folder), ("build", folder, "--out", tmp_path / "out")):
        result = run(*args, cwd=tmp_path)
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        assert "Traceback" not in result.stderr and "data OK" not in result.stdout
        assert "art.csv:3" in result.stderr and name in result.stderr and said in result.stderr, result.stderr
    assert "megapixels" in result.stderr or content != "HUGE"


def test_count_has_a_ceiling(make_game, tmp_path):
    folder = make_game(heroes_csv="id,name,power,side,count,text\nh-1,Ada,3,light,100000000,\n")
    result = run("check", folder, cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "heroes.csv:2:5: column 'count'" in result.stderr and "1000" in result.stderr, result.stderr
    ok = make_game(name="ok", heroes_csv="id,name,power,side,count,text\nh-1,Ada,3,light,1000,\n")
    assert run("check", ok, cwd=tmp_path).returncode == 0


def test_sigterm_during_a_build_leaves_no_staging_folder(tmp_path):
    out = tmp_path / "out"
    process = subprocess.Popen([sys.executable, "-m", "cardgen", "build", "unsettled_survival", "--out", str(out),
                                "--all-formats"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=tmp_path)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not any(out.glob(".*")):  # wait until the staging folder exists
        time.sleep(0.05)
    assert any(out.glob(".*")), "the build never started staging"
    time.sleep(0.3)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 128 + signal.SIGTERM, stderr
    assert "Traceback" not in stderr
    assert "stopped" in stderr
    assert not [p.name for p in out.rglob(".*")]
    assert not (out / "unsettled_survival").exists() or not any((out / "unsettled_survival").iterdir())


def test_art_column_symlink_outside_is_an_error_at_the_csv_line(art_game, outside, tmp_path):
    from cardgen.gamedata import GameDataError, load_game

    folder = art_game(rows="c-1,Fine,corner.png\nc-2,Linked,linked.png\n")
    (folder / "art" / "linked.png").symlink_to(outside / "outside.png")
    with pytest.raises(GameDataError) as raised:
        load_game(folder)
    assert [(p.file.name, p.line) for p in raised.value.problems] == [("art.csv", 3)]
    assert "outside the game folder" in raised.value.problems[0].message


@pytest.mark.parametrize("place", ["layouts/standard.toml", "lab/run.json", "rules.flow.toml"])
def test_game_files_linked_outside_the_folder_are_errors_and_never_read(make_game, outside, tmp_path, place):
    folder = make_game()
    link = folder / place
    link.parent.mkdir(exist_ok=True)
    link.symlink_to(outside / "secret.csv")
    result = run("check", folder, cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"{link}: a link to" in result.stderr or f"{link}: layout" in result.stderr, result.stderr
    assert "outside the game folder" in result.stderr
    assert SECRET not in result.stderr + result.stdout


def test_rulebook_linked_outside_the_folder_is_an_error(make_game, outside, tmp_path):
    folder = make_game()
    (folder / "rulebook.md.j2").symlink_to(outside / "secret.csv")
    result = run("build", folder, "--out", tmp_path / "out", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "rulebook.md.j2: a link to" in result.stderr and "outside the game folder" in result.stderr
    assert SECRET not in result.stderr + result.stdout


def test_token_count_has_a_ceiling(make_game, tmp_path):
    folder = make_game(toml=MINIMAL_TOML.replace("count = 12", "count = 100000000"))
    result = run("check", folder, cwd=tmp_path)
    line = MINIMAL_TOML.replace("count = 12", "count = 100000000").splitlines().index("count = 100000000") + 1
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"game.toml:{line}: token 'coin': count must be at most 1000" in result.stderr, result.stderr


def test_sigterm_during_a_rulebook_leaves_no_staging_folder(cli, monkeypatch, tmp_path):
    import cardgen.cli.rulebook  # noqa: F401 (the package exports a command of the same name)

    command = sys.modules["cardgen.cli.rulebook"]

    def write_then_terminated(game, paper, pdf, html=None, booklet=None):
        pdf.write_bytes(b"%PDF half written")
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the handler raises before this ends
        raise AssertionError("SIGTERM did not stop the rulebook")

    def reached_the_test(signum, frame):  # without the command's own handler SIGTERM would end pytest
        raise AssertionError("SIGTERM reached the test: the command installed no handler")

    monkeypatch.setattr(command, "write_rulebook", write_then_terminated)
    out = tmp_path / "out"
    previous = signal.signal(signal.SIGTERM, reached_the_test)
    try:
        result = cli("rulebook", "unsettled_survival", "--out", out)
        assert signal.getsignal(signal.SIGTERM) is reached_the_test  # the handler lasts only as long as the command
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert result.exit_code == 128 + signal.SIGTERM, result.output
    assert "stopped by SIGTERM" in result.output
    assert not list(out.rglob("*"))
