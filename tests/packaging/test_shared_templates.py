"""The companion's shared templates and static files name no bundled game: a game's own page lives in
templates/games/<slug>.html, so a sixth game gets the same pages as the five."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.gamedata import bundled_slugs, game_folder, load_game

COMPANION = Path(__file__).resolve().parents[2] / "companion"


def shared_files() -> list[Path]:
    """Every template and static file but the games' own pages."""
    games = COMPANION / "templates" / "games"
    own = {games / f"{slug}.html" for slug in bundled_slugs()}
    return sorted(p for folder in ("templates", "static") for p in (COMPANION / folder).rglob("*")
                  if p.is_file() and p not in own)


@pytest.mark.parametrize("slug", bundled_slugs())
def test_no_shared_template_names_a_bundled_game(slug):
    game = load_game(game_folder(slug))
    owners = (re.match(r"([A-Z]\w+)'s ", flow.title) for flow in game.flows)  # "Quinn's turn": Quinn
    words = {slug, game.title, game.title.split(":")[0], *(flow.title for flow in game.flows),
             *(owner.group(1) for owner in owners if owner and owner.group(1) != "The")}
    found = [f"{path.relative_to(COMPANION)}: {word!r}" for path in shared_files()
             for word in words if re.search(rf"\b{re.escape(word)}\b", path.read_text(errors="replace"), re.I)]
    assert not found, "shared templates that name a bundled game:\n" + "\n".join(found)


def test_each_bundled_game_has_its_own_page_template():
    games = COMPANION / "templates" / "games"
    assert all((games / f"{slug}.html").is_file() for slug in bundled_slugs())
