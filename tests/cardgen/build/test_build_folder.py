"""A build's folder holds one build's output: the manifest lists exactly the files it owns (with their
sha256), an earlier build's other files are removed, files of the designer's are kept, rulebooks carry
their paper, and SIGTERM during the final move is held until the folder is whole."""

from __future__ import annotations

import hashlib
import json
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

RULES = "# Rules\n\nPlay {{ decks[0].total }} cards.\n"


@pytest.fixture
def game(make_game) -> Path:
    folder = make_game()
    (folder / "rulebook.md.j2").write_text(RULES, encoding="utf-8")
    return folder


def files_in(folder: Path) -> set[str]:
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()}


def manifest_files(folder: Path) -> dict[str, str]:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["files"]


def assert_manifest_is_the_folder(folder: Path, foreign: set[str] = frozenset()) -> None:
    """The manifest lists every file of the folder but itself and the foreign ones, each with its sha256."""
    listed = manifest_files(folder)
    assert set(listed) == files_in(folder) - {"manifest.json"} - set(foreign)
    for name, digest in listed.items():
        assert hashlib.sha256((folder / name).read_bytes()).hexdigest() == digest, name


def test_a_narrower_build_removes_the_earlier_builds_files_and_keeps_the_designers(cli, game, tmp_path):
    out = tmp_path / "out"
    wide = cli("build", game, "--out", out, "--all-formats")
    assert wide.exit_code == 0, wide.output
    folder = out / "tiny"
    first = files_in(folder)
    assert {"tiny-rulebook-a4.pdf", "tiny-rulebook-booklet-a4.pdf", "tiny-tokens-a4.pdf", "png/heroes/h-1.png",
            "tiny-tts.json"} <= first
    assert_manifest_is_the_folder(folder)
    (folder / "notes.txt").write_text("print on the good paper\n")
    (folder / "png" / "my-mockup.png").write_bytes(b"mine")   # a file of the designer's in a folder of ours
    narrow = cli("build", game, "--out", out, "--paper", "letter")
    assert narrow.exit_code == 0, narrow.output
    assert "removed" in narrow.output and "previous build" in narrow.output
    now = files_in(folder)
    assert now == {"manifest.json", "notes.txt", "png/my-mockup.png", "tiny-heroes-letter.pdf",
                   "tiny-duplex-test-letter.pdf", "tiny-rulebook-letter.pdf", "tiny-rulebook.html"}
    assert not (folder / "png" / "heroes").exists() and not (folder / "tts").exists()  # emptied folders go too
    assert_manifest_is_the_folder(folder, foreign={"notes.txt", "png/my-mockup.png"})


def test_a_file_changed_since_the_build_or_outside_the_folder_is_never_removed(cli, game, tmp_path):
    out = tmp_path / "out"
    assert cli("build", game, "--out", out, "--tokens").exit_code == 0
    folder = out / "tiny"
    (folder / "tiny-tokens-a4.pdf").write_bytes(b"edited by hand")
    outside = tmp_path / "precious.txt"
    outside.write_text("keep")
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["files"]["../precious.txt"] = hashlib.sha256(b"keep").hexdigest()  # a manifest edited to reach out
    (folder / "manifest.json").write_text(json.dumps(manifest))
    result = cli("build", game, "--out", out)
    assert result.exit_code == 0, result.output
    assert (folder / "tiny-tokens-a4.pdf").read_bytes() == b"edited by hand"
    assert outside.read_text() == "keep"
    assert_manifest_is_the_folder(folder, foreign={"tiny-tokens-a4.pdf"})


def test_kept_pngs_are_listed_and_a_rebuild_changes_nothing(cli, game, tmp_path):
    out = tmp_path / "out"
    assert cli("build", game, "--out", out, "--png").exit_code == 0
    folder = out / "tiny"
    before = {name: (folder / name).read_bytes() for name in files_in(folder)}
    again = cli("build", game, "--out", out, "--png")
    assert again.exit_code == 0 and "nothing changed" in again.output and "removed" not in again.output, again.output
    assert {name: (folder / name).read_bytes() for name in files_in(folder)} == before
    more = cli("build", game, "--out", out, "--png", "--tokens")  # a new build, whose PNGs are all kept
    assert more.exit_code == 0 and "0 drawn" in more.output and "removed" not in more.output, more.output
    assert {"png/heroes/h-1.png", "png/heroes/h-2.png", "png/heroes-back.png"} <= set(manifest_files(folder))
    assert all((folder / name).read_bytes() == data for name, data in before.items() if name.startswith("png/h"))
    assert_manifest_is_the_folder(folder)


def test_rulebooks_for_two_papers_sit_side_by_side_and_join_the_manifest(cli, game, tmp_path):
    out = tmp_path / "out"
    assert cli("build", game, "--out", out, "--booklet").exit_code == 0
    folder = out / "tiny"
    a4 = (folder / "tiny-rulebook-a4.pdf").read_bytes()
    result = cli("rulebook", game, "--out", out, "--paper", "letter", "--booklet")
    assert result.exit_code == 0, result.output
    assert (folder / "tiny-rulebook-a4.pdf").read_bytes() == a4
    from pypdf import PdfReader

    letter = PdfReader(folder / "tiny-rulebook-letter.pdf").pages[0].mediabox
    assert (round(float(letter.width) / 72 * 25.4, 1), round(float(letter.height) / 72 * 25.4, 1)) == (215.9, 279.4)
    assert (folder / "tiny-rulebook-booklet-letter.pdf").is_file()
    assert_manifest_is_the_folder(folder)
    assert cli("build", game, "--out", out).exit_code == 0   # the next build owns the letter rulebook too
    assert not (folder / "tiny-rulebook-letter.pdf").exists() and not (folder / "tiny-rulebook-booklet-a4.pdf").exists()
    assert_manifest_is_the_folder(folder)


SIGTERM_IN_COMMIT = textwrap.dedent("""\
    import os, signal, sys
    from pathlib import Path

    target = Path(sys.argv[1]).resolve()
    real = os.replace
    moved = []

    def replace(source, destination):  # the real move, and SIGTERM to itself after the second file
        real(source, destination)
        if Path(destination).resolve().is_relative_to(target):
            moved.append(destination)
            if len(moved) == 2:
                os.kill(os.getpid(), signal.SIGTERM)

    os.replace = replace
    from cardgen.cli import main
    main(sys.argv[2:])
    """)


def test_sigterm_during_the_final_move_is_held_until_the_folder_is_whole(game, tmp_path):
    out = tmp_path / "out"
    command = [sys.executable, "-c", SIGTERM_IN_COMMIT, str(out / "tiny"), "build", str(game), "--out", str(out)]
    first = subprocess.run(command + ["--all-formats"], capture_output=True, text=True, cwd=tmp_path, check=False)
    assert first.returncode == 128 + signal.SIGTERM, first.stderr
    assert "stopped by SIGTERM after its files were written" in first.stderr and "Traceback" not in first.stderr
    folder = out / "tiny"
    assert_manifest_is_the_folder(folder)
    assert "tiny-tts.json" in manifest_files(folder)
    second = subprocess.run(command + ["--paper", "letter"], capture_output=True, text=True, cwd=tmp_path, check=False)
    assert second.returncode == 128 + signal.SIGTERM, second.stderr
    assert files_in(folder) == {"manifest.json", "tiny-heroes-letter.pdf", "tiny-duplex-test-letter.pdf",
                                "tiny-rulebook-letter.pdf", "tiny-rulebook.html"}  # all new, none of the old
    assert_manifest_is_the_folder(folder)
    assert not [path.name for path in out.iterdir() if path.name.startswith(".")]  # no staging folder left
