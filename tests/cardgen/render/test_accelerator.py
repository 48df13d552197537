"""reportlab's C accelerator is in use, and the PDFs it writes are byte for byte those of pure Python."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BUILD = "import sys; from cardgen.cli import main; sys.argv = ['cardgen'] + sys.argv[1:]; main()"
WITHOUT = "import sys; sys.modules['_rl_accel'] = None; " + BUILD  # the import fails: reportlab's Python code


def test_the_accelerator_is_installed_and_used():
    from reportlab.lib import rl_accel

    assert "fp_str" in rl_accel._c_funcs, "rl_accel (reportlab's C accelerator) is not installed"
    assert rl_accel.fp_str.__module__ == "_rl_accel"


@pytest.mark.parametrize("game", ["unsettled_immigration"])
def test_same_bytes_with_and_without_the_accelerator(tmp_path: Path, game: str):
    files = {}
    for name, program in (("c", BUILD), ("python", WITHOUT)):
        out = tmp_path / name
        run = subprocess.run([sys.executable, "-c", program, "build", game, "--out", str(out), "--tokens", "--single"],
                             capture_output=True, text=True, check=False)
        assert run.returncode == 0, run.stderr
        files[name] = {p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*.pdf"))}
    assert len(files["c"]) >= 3
    assert files["c"].keys() == files["python"].keys()
    different = [str(name) for name in files["c"] if files["c"][name] != files["python"][name]]
    assert not different
