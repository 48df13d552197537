"""Action cards (actions.py): Boosts and Events, Natural Disaster, Amnesty, Shutdown, answers to Events."""

from __future__ import annotations

from companion.rules.games.unsettled_immigration import board

from .conftest import do, next_turn, refused, stacks, started


def test_boosts_and_events_give_actions():
    s = do(started(), "play_action", card="op-all-nighter")
    assert s.turn.actions == 2
    s = do(s, "play_action", card="op-pandemic")  # an Event gives its action back
    assert s.turn.actions == 2
    s = do(s, "play_action", card="op-networking")
    assert s.turn.actions == 1 and s.players[0].ops == 6 - 3 + 2


def test_natural_disaster_discards_a_stack_with_its_attack_but_never_the_deport():
    s = started(boards={1: ["op-job", "op-job"], 2: ["op-marriage", "op-visa"]})
    s = do(s, "set_actions", actions=3)
    s = do(s, "play_attack", card="op-layoff", target=1, stack=0)
    s = do(s, "play_attack", card="op-deport", target=1)
    # Each player hit chooses their stack once the card is played (stacks named with the card are refused).
    refused(s, "play_action", "chooses the stack they discard after it is played", card="op-natural-disaster",
            stacks=[-1, 0, 1])
    s = do(s, "play_action", card="op-natural-disaster")
    assert s.disaster == (1, 2) and "Bo, Cy: each discards 1 Milestone stack" in s.told
    refused(s, "end_turn", "Natural Disaster first: Bo, Cy must choose")
    refused(s, "discard_stack", "Ann has no stack to discard", player=0, stack=0)
    refused(s, "discard_stack", "Choose one of Cy's stacks", player=2, stack=5)
    s = do(s, "discard_stack", player=1, stack=0)
    refused(s, "discard_stack", "Bo has no stack to discard", player=1, stack=0)
    s = do(s, "discard_stack", player=2, stack=1)
    assert stacks(s, 1) == [] and s.players[1].deport == "op-deport" and s.disaster == ()
    assert stacks(s, 2) == [("marriage", ("op-marriage",), None)]
    assert "op-layoff" in s.op_discard and s.turn.actions == 1


def test_amnesty_clears_every_attack_deport_included_and_stacks_join():
    s = started(boards={1: ["op-job"]})
    s = do(s, "play_attack", card="op-layoff", target=1, stack=0)
    s = do(s, "end_turn")
    s = do(s, "set_actions", actions=3)
    s = do(s, "set_hand", player=1, resources=5)
    s = do(s, "buy_milestone", card="op-job", time=5)
    s = do(s, "place_milestone", player=1, card="op-visa")
    s = next_turn(s, to=0)
    s = do(s, "play_attack", card="op-deport", target=1)
    s = next_turn(s, to=1)
    s = do(s, "play_action", card="op-amnesty")
    assert stacks(s, 1) == [("job", ("op-job", "op-job"), None), ("visa", ("op-visa",), None)]
    assert s.players[1].deport is None


def test_lawyer_and_blitz_against_events():
    # A Lawyer keeps its player out; the Blitz keeps its player out and turns the Event on its player.
    s = started(hands=(4, 6, 8))
    s = do(s, "play_action", card="op-recession", lawyers=[1], blitz_by=2)
    assert [p.resources for p in s.players] == [2, 6, 8]
    refused(s, "play_action", "answers someone else's card", card="op-pandemic", lawyers=[0])
    t = started(boards={2: ["op-job"]})
    t = do(t, "play_action", card="op-natural-disaster", blitz_by=1)
    assert t.disaster == (0, 2)
    t = do(do(t, "discard_stack", player=0, stack=0), "discard_stack", player=2, stack=0)
    assert stacks(t, 0) == [] and stacks(t, 2) == []


def test_government_shutdown_stops_everyone_including_its_player_until_its_next_turn_ends():
    s = started(hands=(20, 20, 20))
    s = do(s, "play_action", card="op-government-shutdown")
    assert s.turn.actions == 1
    refused(s, "buy_milestone", "Government Shutdown: nobody, Ann included", card="op-job", time=5)
    s = do(s, "end_turn")
    refused(s, "buy_milestone", "Government Shutdown", card="op-job", time=5)
    s = next_turn(s, to=0)
    refused(s, "buy_milestone", "Government Shutdown", card="op-job", time=5)
    s = do(s, "end_turn")
    s = do(s, "buy_milestone", card="op-job", time=5)
    assert stacks(s, 1) == [("job", ("op-job",), None)]


def test_government_shutdown_spares_a_player_with_a_lawyer():
    s = started(hands=(20, 20, 20))
    s = do(s, "play_action", card="op-government-shutdown", lawyers=[1])
    s = do(s, "end_turn")
    s = do(s, "buy_milestone", card="op-job", time=5)
    assert board.vp(s, 1) == 1
