"""The suite's settings make a resource left open an error: a tiny pytest session under pyproject.toml's options
fails when its test opens a file without closing it, and passes when the same test closes it."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

LEAKS = """\
def test_reads_a_file(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("hello")
    assert open(path).read() == "hello"  # the file is never closed: CPython warns when it is freed
"""

CLOSES = """\
def test_reads_a_file(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("hello")
    with open(path) as file:
        assert file.read() == "hello"
"""


def run_session(tmp_path: Path, source: str) -> subprocess.CompletedProcess:
    """Runs pytest on one test file with the project's pyproject.toml as its configuration (the project's
    conftest files stay out: the file lives in a temporary folder)."""
    folder = tmp_path / "session"
    folder.mkdir()
    (folder / "test_tiny.py").write_text(textwrap.dedent(source))
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
         "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(folder), str(folder / "test_tiny.py")],
        capture_output=True, text=True, cwd=folder, timeout=120, check=False)


def test_a_file_left_open_fails_the_session(tmp_path):
    result = run_session(tmp_path, LEAKS)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "1 failed" in result.stdout, result.stdout
    assert "ResourceWarning" in result.stdout and "notes.txt" in result.stdout, result.stdout


def test_the_same_test_closing_its_file_passes(tmp_path):
    result = run_session(tmp_path, CLOSES)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout, result.stdout
