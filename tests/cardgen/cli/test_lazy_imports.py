"""cardgen imports what the command and its flags ask for: --help and a plain build leave the other exporters unloaded."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
# modules a plain PDF build has no use for: the image and Tabletop Simulator exporters, CMYK (and pypdf), the
# rulebook's PDF side and reportlab's flowables, SVG drawing (no SVG art here), the process pool, the preview, fontTools
NOT_FOR_A_PLAIN_BUILD = ("cardgen.export.pngs", "cardgen.export.tts", "cardgen.export.cmyk", "cardgen.export.pool",
                         "pypdf", "reportlab.platypus", "reportlab.graphics", "cardgen.render.pdf_svg",
                         "cardgen.rulebook.pdf", "cardgen.preview", "multiprocessing", "flask", "fontTools")
NOT_FOR_HELP = NOT_FOR_A_PLAIN_BUILD + ("cardgen.build.run", "cardgen.render.pdf_sheets", "cardgen.reprint.run")

PROBE = """
import json, sys
from cardgen.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def loaded(*args: str) -> set[str]:
    """The modules imported by the time `cardgen ARGS` has run, in a fresh process."""
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def unwanted(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_help_loads_no_renderer_and_no_exporter():
    assert unwanted(loaded("--help"), NOT_FOR_HELP) == []


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_command_help_loads_no_exporter(command):
    assert unwanted(loaded(command, "--help"), NOT_FOR_A_PLAIN_BUILD) == []


def test_a_plain_build_loads_only_the_pdf_side(tmp_path):
    modules = loaded("build", "emigration", "--out", str(tmp_path), "--no-rulebook")
    assert (tmp_path / "emigration" / "manifest.json").is_file()  # it did build
    assert "cardgen.render.pdf_sheets" in modules
    assert unwanted(modules, NOT_FOR_A_PLAIN_BUILD) == []


def test_the_flags_load_what_they_ask_for(tmp_path):
    modules = loaded("build", "emigration", "--out", str(tmp_path), "--no-rulebook", "--png")
    assert "cardgen.export.pngs" in modules and "cardgen.export.tts" not in modules
