"""The lab's indexed catalog answers exactly as the rules' own Catalog does."""

from __future__ import annotations

from cardgen.gamedata import card_data_dir, load_game
from companion.rules import SetupConfig, rules_for
from companion.simulate.indexed_catalog import indexed


def test_every_look_up_matches_the_rules_catalog():
    game = load_game(card_data_dir() / "unyielding_universe")
    state = rules_for(game).setup(SetupConfig(("A", "B"), {"leave_out": ["lc-29"]}, game))
    plain, fast = state.catalog, indexed(state.catalog)
    ids = [c.id for group in (plain.years, plain.life_completes, plain.universes) for c in group] + ["nope"]
    for card_id in ids:
        assert fast.find(card_id) == plain.find(card_id) and fast.copies(card_id) == plain.copies(card_id)
    assert fast.deck_size() == plain.deck_size() == 122
