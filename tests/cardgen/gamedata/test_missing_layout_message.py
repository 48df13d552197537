"""A layout the game cannot find: the closest name it has, and a bundled game's layout of that name offered as
files to copy, with `cardgen new --from` only for a game that may be a copy of that bundled game."""

from __future__ import annotations

from cardgen.gamedata import templates_dir
from cardgen.gamedata.layouts import bundled_owner
from tests.conftest import MINIMAL_TOML

CHKO = templates_dir() / "cards" / "unfair_chko"


def test_another_games_layout_is_offered_as_the_files_to_copy_not_as_a_whole_game():
    said = bundled_owner("event", "tiny", templates_dir(), {"hero", "standard", "common/back"}, "Tiny")
    assert said == (f"; the bundled game Unfair: CHKO Expansion has a layout named 'event', which only that game finds: "
                    f"to use it here, copy event.toml, packed.toml and base.toml from {CHKO} into the game's layouts/ "
                    "folder ('event' extends 'packed' extends 'base') and declare the columns, icons and fonts it uses")
    assert all((CHKO / name).is_file() for name in ("event.toml", "packed.toml", "base.toml"))
    assert "cardgen new" not in said


def test_a_copy_of_the_bundled_game_is_still_told_of_cardgen_new():
    said = bundled_owner("event", "tiny", templates_dir(), set(), "Unfair: CHKO Expansion")
    assert "which only that game finds: `cardgen new DIR --from unfair_chko` copies a game with its layouts; to use " \
           "only this layout, copy event.toml, packed.toml and base.toml" in said


def test_the_closest_layout_of_the_game_comes_first():
    assert bundled_owner("heroe", "tiny", templates_dir(), {"hero", "hero-back", "common/standard"}, "Tiny") == \
        "; did you mean 'hero'?"
    said = bundled_owner("evnt", "tiny", templates_dir(), {"event", "standard"}, "Tiny")
    assert said == "; did you mean 'event'?"
    assert bundled_owner("nowhere-back", "tiny", templates_dir(), {"back", "standard"}, "Tiny") == ""


def test_check_tells_how_to_copy_just_that_layout(make_game, cli):
    folder = make_game(toml=MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nback = "event-back"'))
    result = cli("check", folder)
    assert result.exit_code == 2
    assert "unknown back 'event-back'" in result.output
    assert (f"copy event-back.toml and back_base.toml from {CHKO} into the game's layouts/ folder ('event-back' "
            "extends 'back_base')") in " ".join(result.output.split())
