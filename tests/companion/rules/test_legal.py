"""The legal-moves contract: the list is narrowed by the rules' own apply, a move knows its payloads, and a
random game over the list keeps every promise (companion.simulate.random_play) for the tracker of a data-only game."""

from __future__ import annotations

import random

import pytest

from cardgen.gamedata import load_game
from companion.rules import RuleError, rules_for
from companion.rules.legal import Choice, Move, matching, offered
from companion.simulate.random_play import ContractBroken, play
from tests.companion.rules.generic.test_tracker import TRACKER


def test_offered_keeps_only_the_values_the_rules_accept():
    def accepts(kind, payload):
        return kind == "buy" and payload.get("card") in ("a", "c") and 1 <= payload.get("n", 0) <= 3

    move = Move("buy", "Buy a card", choices=(Choice("card", "Card", "card", (("a", "A"), ("b", "B"), ("c", "C"))),
                                              Choice("n", "How many", "number", low=0, high=9)))
    [kept] = offered([move, Move("sell", "Sell")], accepts)
    assert kept.choices[0].options == (("a", "A"), ("c", "C"))
    assert (kept.choices[1].low, kept.choices[1].high) == (1, 3)


def test_a_move_whose_choice_has_no_accepted_value_is_not_offered():
    move = Move("buy", "Buy a card", choices=(Choice("card", "Card", "card", (("a", "A"),)),))
    assert offered([move], lambda kind, payload: False) == []


def test_numbers_accepted_with_gaps_become_a_pick_of_those_numbers():
    move = Move("bid", "Bid", choices=(Choice("n", "Bid", "number", low=0, high=7),))
    [kept] = offered([move], lambda kind, payload: payload["n"] % 2 == 0)
    assert kept.choices[0].kind == "pick" and [v for v, _ in kept.choices[0].options] == [0, 2, 4, 6]


def test_a_range_whose_ends_are_accepted_is_taken_whole_and_checked_at_its_ends_only():
    tried = []
    move = Move("pay", "Pay", choices=(Choice("n", "Coins", "number", low=1, high=300),))
    [kept] = offered([move], lambda kind, payload: tried.append(payload["n"]) or True)
    assert (kept.choices[0].low, kept.choices[0].high) == (1, 300) and sorted(tried) == [1, 300]


def test_a_move_knows_the_payloads_that_are_it():
    move = Move("play", "Play a card", {"player": 1}, (Choice("card", "Card", "card", (("a", "A"), ("b", "B"))),
                                                        Choice("face", "Die", "die", ((1, "1"), (2, "2")), draw="Roll for us")))
    assert move.accepts("play", {"player": 1, "card": "a", "face": 2})
    assert move.accepts("play", {"player": 1, "card": "b"})  # the app rolls
    assert not move.accepts("play", {"player": 0, "card": "a"})
    assert not move.accepts("play", {"player": 1, "card": "z"})
    assert not move.accepts("play", {"player": 1, "card": "a", "extra": 3})
    assert matching([move], "play", {"player": 1, "card": "a"}) is move
    rng = random.Random(4)
    assert all(move.accepts("play", move.sample(rng)) for _ in range(50))


def test_a_merged_choice_sets_several_fields_at_once():
    pay = Choice("", "Pay with", "pick", (({"cash": 2, "time": 0}, "2 Cash"), ({"cash": 0, "time": 2}, "2 Time")))
    move = Move("buy", "Buy", {"card": "x"}, (pay,))
    assert move.fill({"": {"cash": 2, "time": 0}}) == {"card": "x", "cash": 2, "time": 0}
    assert move.accepts("buy", {"card": "x", "cash": 0, "time": 2})
    assert not move.accepts("buy", {"card": "x", "cash": 1, "time": 1})


def test_unknown_kinds_and_groups_are_refused_when_declared():
    with pytest.raises(TypeError):
        Choice("x", "X", "slider")
    with pytest.raises(TypeError):
        Move("x", "X", group="later")


@pytest.fixture
def tracker(make_game):
    game = load_game(make_game(TRACKER, name="dragon_dash", heroes_csv="id,name\nh-1,Ada\n"))
    return rules_for(game), game


@pytest.mark.parametrize("players", [("Ann",), ("Ann", "Bo"), ("Ann", "Bo", "Cy", "Di")])
def test_random_games_of_a_trackers_legal_moves_keep_the_contract(tracker, players):
    rules, game = tracker
    lengths = []
    for seed in range(25):
        done = play(rules, game, players, {}, seed=seed, limit=400)  # 3 rounds: a few dozen moves at most
        assert done.finished
        lengths.append(len(done.moves))
    assert max(lengths) < 400


def test_the_tracker_offers_ending_the_game_and_nothing_after_it(tracker):
    rules, game = tracker
    from companion.rules import Event, SetupConfig
    state = rules.setup(SetupConfig(("Ann", "Bo"), {}, game))
    ends = [m for m in rules.legal(state) if m.group == "end"]
    assert [m.event for m in ends] == ["finish"]
    state = rules.apply(state, Event(1, "finish", {}))
    assert rules.legal(state) == []
    with pytest.raises(RuleError):
        rules.apply(state, Event(2, "next_round", {}))


def test_a_move_the_rules_refuse_though_offered_is_caught(tracker):
    rules, game = tracker
    from dataclasses import replace
    lying = replace(rules, candidates=lambda state: [Move("change_track", "Danger down by 5", {"track": "danger", "by": -5})],
                    apply=rules.apply)
    # the contract narrows candidates by apply: a candidate the rules refuse is never offered
    from companion.rules import SetupConfig
    assert lying.legal(rules.setup(SetupConfig(("Ann",), {}, game))) == []
    # and a game whose list is empty before its end breaks the contract, said with where
    with pytest.raises(ContractBroken, match="no legal move"):
        play(lying, game, ("Ann",), {}, seed=1, limit=50)


@pytest.mark.parametrize("doc", ["rules-contract.md", "own-rules-package.md"])
def test_the_docs_minimal_game_is_the_installed_sixth_games_rules(doc):
    """The minimal game of docs/extending/rules-contract.md and the plug-in of own-rules-package.md are tests/fixtures'
    Twenty-one, word for word, so the pages' code is the code the tests run."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    page = (root / "docs" / "extending" / doc).read_text(encoding="utf-8")
    code = re.search(r'^"""Twenty-one at the table.*?^apply = GAME\.apply\n', page, re.S | re.M)
    assert code is not None
    assert code.group(0) == (root / "tests" / "fixtures" / "sixth_game" / "twenty_one" / "rules.py").read_text()


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_of_an_installed_games_legal_moves_keep_the_contract(sixth_game, players):
    from companion.table.catalog import Catalog

    entry = Catalog().get("twenty_one")
    for seed in range(20):  # 21 in steps of at least 1: at most 21 moves (and a stop by agreement)
        done = play(entry.rules, entry.game, [f"P{i}" for i in range(players)], {}, seed=seed, limit=30)
        assert done.finished


def test_two_merged_choices_of_one_move_each_add_their_fields():
    pay = Choice("", "Pay with", "pick", (({"cash": 2}, "2 Cash"), ({"time": 2}, "2 Time")))
    aim = Choice("", "Aim at", "pick", (({"target": 1, "stack": 0}, "Bo's Job stack"),))
    move = Move("play", "Play", choices=(pay, aim))

    def accepts(kind, payload):
        return "target" in payload and ("cash" in payload or "time" in payload)

    [kept] = offered([move], accepts)
    assert [len(c.options) for c in kept.choices] == [2, 1]
    assert all(accepts("play", kept.sample(random.Random(n))) for n in range(20))
