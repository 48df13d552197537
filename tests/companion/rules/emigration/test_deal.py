"""The deal (deal.py): card counts by player count, hidden cards and tokens, packs, the first player."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from companion.rules import RuleError
from companion.rules.games import emigration as em
from companion.rules.games.emigration.state import HIDDEN

from .conftest import BO, C, DEAL, act, drawn, new_game, refused


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_deals_the_card_counts_of_the_table_for_each_player_count(n):
    state, stored = drawn(new_game(n), "deal", seed=n)
    key, d = str(n), state.data
    shown = Counter(d.card(c).kind for p in state.players for c in p.layout if c not in (None, HIDDEN))
    hidden = Counter(e if e in ("document", "connection", "payday") else "life" for e in state.hidden)
    assert shown["document"] + hidden["document"] == C["documents_by_players"][key]
    assert shown["connection"] + hidden["connection"] == C["connections_by_players"][key]
    assert shown["life"] + hidden["life"] == C["life_cards_by_players"][key]
    assert shown["payday"] + hidden["payday"] == C["paydays_by_players"][key]
    face_down = sum(p.layout.count(HIDDEN) for p in state.players)
    assert face_down + sum(shown.values()) == n * C["cards_dealt_each"]
    assert len(state.hidden) - face_down == C["cards_removed_unseen"]  # the cards removed unseen
    assert len(state.packs) == C["life_packs_by_players"][key]
    assert set(C["recommended_packs_2_players"]) <= set(state.packs)
    for player in state.players:
        assert len(player.layout) == C["cards_dealt_each"] and player.layout[5:9] == (HIDDEN,) * 4
        assert d.card(player.nationality).country != d.card(player.destination).country
        assert player.money == d.card(player.nationality).money and player.assurance == 0
    assert len({p.nationality for p in state.players}) == len({p.career for p in state.players}) == n
    assert len(state.passports) == len(state.tickets) == n
    assert state.lanes == (C["border_tokens_per_lane"],) * C["lanes"]
    assert state.phase == "preparation" and stored["deal"]["first_player"] == state.turn


def test_hidden_cards_and_border_tokens_stay_out_of_the_view_the_scores_and_the_log():
    state, stored = drawn(new_game(3), "deal", seed=11)
    for row in stored["deal"]["players"]:  # the log stores no face-down card at all
        assert row["layout"][5:9] == [None] * 4
    view = em.view(state)
    for player in view["players"]:
        for place in player["layout"][5:9]:
            assert place == {"slot": place["slot"], "row": 2, "face": "down"}
    assert view["lanes"] == [{"lane": lane, "tokens_left": 3, "drawn": []} for lane in range(1, 6)]
    assert "hidden" not in json.dumps(view) and "tokens" not in view
    assert "border_token" not in json.dumps(em.score(state))


def test_player_count_and_packs_follow_the_setup_table():
    with pytest.raises(RuleError, match="for 2 to 6 players, not 1"):
        new_game(1)
    refused(new_game(), "deal", "uses 2 different Life card packs, not 3", packs=["Augustine", "Seneca", "Hypatia"])
    refused(new_game(), "deal", "no Life card pack 'Plato'", packs=["Plato", "Seneca"])
    state, _ = drawn(new_game(), "deal", packs=["Seneca", "Hypatia"])
    assert state.packs == ("Seneca", "Hypatia")
    refused(state, "deal", "dealt already", deal=DEAL)


def test_a_destination_is_never_the_home_country():
    bad = {**DEAL, "players": [{**DEAL["players"][0], "destination": "dest-india"}, DEAL["players"][1]]}
    refused(new_game(), "deal", "cannot be their own country", deal=bad)


def test_highest_first_roll_starts_and_ties_roll_again():
    state = act(new_game(), "deal", deal={**DEAL, "first_rolls": [[4, 4], [2, 5]], "first_player": 1})
    assert state.turn == BO
    refused(new_game(), "deal", "do not name the recorded first player", deal={**DEAL, "first_rolls": [[1, 6]]})
