"""Two clean builds of a game with every format write byte-identical folders (#29: caches held build times)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import BUNDLED


def clean_build(slug: str, out: Path, cache: Path) -> None:
    """`cardgen build SLUG --all-formats` as `make build` runs it, in a fresh process with an empty cache folder."""
    env = dict(os.environ, PNPKIT_CACHE=str(cache))
    done = subprocess.run([sys.executable, "-m", "cardgen", "build", slug, "--all-formats", "--out", str(out)],
                          check=False, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr


def contents(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("slug", BUNDLED)
def test_two_clean_builds_are_byte_identical(slug, tmp_path):
    out = tmp_path / "out"
    clean_build(slug, out, tmp_path / "cache-1")
    first = contents(out / slug)
    out.rename(tmp_path / "first")  # the same folder again: the saved object's file:/// URLs name it
    clean_build(slug, out, tmp_path / "cache-2")
    second = contents(out / slug)
    assert sorted(first) == sorted(second)
    assert any(name.endswith("-cache.json") for name in first)  # the image records are among the files compared
    different = [name for name in first if first[name] != second[name]]
    assert different == [], different
