"""An installed wheel carries the bundled games and templates and finds them without a checkout."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_wheel_contains_and_finds_bundled_data(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(tmp_path / "dist"), str(ROOT)],
        check=True, capture_output=True,
    )
    wheel = next((tmp_path / "dist").glob("pnpkit-*.whl"))
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        members = archive.namelist()
        archive.extractall(site)
    for slug in ("emigration", "unyielding_universe"):
        assert f"cardgen/_bundled/card_data/{slug}/game.toml" in members
    assert "cardgen/_bundled/templates/cards/common/standard.toml" in members

    code = ("from cardgen.gamedata import card_data_dir, bundled_slugs; "
            "print(card_data_dir()); print(len(bundled_slugs()))")
    code = f"import sys; sys.path.insert(0, {str(site)!r}); " + code
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                            check=True)
    folder, count = result.stdout.split()
    assert Path(folder) == site / "cardgen" / "_bundled" / "card_data"
    assert int(count) >= 2
