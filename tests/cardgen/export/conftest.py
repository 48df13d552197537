"""Each bundled game's first deck sheet, built as RGB and converted to CMYK PDF/X once per test session."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.export import cmyk
from cardgen.gamedata import Game


@pytest.fixture(scope="session")
def _converted(tmp_path_factory) -> dict[str, tuple[Path, Path]]:
    return {}


@pytest.fixture
def bundled_sheet(bundled_game: Game, _converted, tmp_path_factory) -> tuple[Path, Path]:
    """(the RGB file, the same file converted by `cmyk.convert`) for the bundled game's first deck sheet."""
    slug = bundled_game.slug
    if slug not in _converted:
        out = tmp_path_factory.mktemp(f"sheet-{slug}")
        result = CliRunner().invoke(main, ["build", str(bundled_game.root), "--out", str(out)],
                                    catch_exceptions=False)
        assert result.exit_code == 0, result.output
        rgb = out / slug / f"{slug}-{bundled_game.decks[0].id}-a4.pdf"  # not a board's, a token sheet or the rulebook
        converted = out / f"cmyk-{rgb.name}"
        shutil.copyfile(rgb, converted)
        cmyk.convert(cmyk.find_engine(), converted)
        _converted[slug] = (rgb, converted)
    return _converted[slug]
