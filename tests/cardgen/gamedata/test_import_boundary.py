"""The shared loader stays stdlib-only: importing it pulls in no renderer and no web framework."""

from __future__ import annotations

import subprocess
import sys


def test_loader_imports_neither_reportlab_pil_nor_flask(make_game):
    code = (
        "import sys, cardgen.gamedata as g\n"
        f"g.load_game({str(make_game())!r})\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'PIL', 'flask', 'jinja2', 'click'))\n"
        "print(','.join(heavy))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
