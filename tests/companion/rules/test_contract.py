"""The rules contract (companion/rules/contract.py): every game, bundled or made of data alone, shares one set of
limits for the shared events and passes the same opening checks, live or imported."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from cardgen.gamedata import card_data_dir, load_game
from companion.rules import Event, RuleError, SetupConfig, rules_for, shared_events, turn_order
from companion.rules.contract import Game, Phases
from companion.rules.fields import EventSpec

BUNDLED = ("emigration", "unfair_chko", "unsettled_immigration", "unsettled_survival", "unyielding_universe")
SHEET = """\
[game]
title = "Dragon Dash"
players = [2, 4]

[scoring]
categories = ["Gold", "Fame"]

[decks.heroes]
title = "Heroes"
"""


@pytest.fixture(params=BUNDLED + ("dragon_dash",))
def table(request, make_game):
    """(rules, a new two-player state) for each bundled game and for a score sheet made of game.toml alone."""
    if request.param == "dragon_dash":
        game = load_game(make_game(SHEET, name="dragon_dash", heroes_csv="id,name\nh-1,Ada\n"))
    else:
        game = load_game(card_data_dir() / request.param)
    rules = rules_for(game)
    return rules, rules.setup(SetupConfig(("Ann", "Bo"), {}, game))


def test_shared_events_have_the_same_fields_and_limits_in_every_game(table):
    rules, _ = table
    assert "note" in rules.events
    for name in set(rules.events) & set(shared_events.NAMES) - {"add_points", "set_points"}:
        shared = shared_events.shared(name)[name]
        assert rules.events[name].fields == shared.fields, name
    assert rules.events["note"].json_schema()["properties"]["text"]["maxLength"] == 500
    for spec in rules.events.values():  # every player field names a seat from 0 to 99
        for field in spec.fields.values():
            if field.seat:
                assert (field.minimum, field.maximum) == (0, 99)


def test_a_note_of_500_characters_is_kept_and_one_of_501_refused_naming_the_field(table):
    rules, state = table
    rules.apply(state, Event(1, "note", {"text": "n" * 500}))
    with pytest.raises(RuleError, match=r"^note: payload.text: expected at most 500 characters, found 501\.$"):
        rules.apply(state, Event(1, "note", {"text": "n" * 501}))


def test_an_unknown_event_and_a_payload_that_is_no_object_are_refused_in_every_game(table):
    rules, state = table
    with pytest.raises(RuleError, match=r"^Unknown event 'teleport': .* has no event by that name"):
        rules.apply(state, Event(1, "teleport", {}))
    with pytest.raises(RuleError, match=r"^note: payload: expected an object"):
        rules.apply(state, Event(1, "note", ["text"]))


def _filled(spec: EventSpec) -> dict:
    """A payload that fits `spec`: the first choice, the smallest number, short text, an empty list."""
    def value(field):
        if field.choices:
            return field.choices[0]
        return {"integer": field.minimum or 0, "string": "x", "boolean": False, "array": []}[field.type]
    return {name: value(field) for name, field in spec.fields.items() if field.required}


def test_every_player_a_payload_names_must_sit_at_the_table(table):
    rules, state = table
    seat = r"^There is no player 2\b.*This game has 2 players; choose one of them\.$"
    refusals = []
    for kind, spec in rules.events.items():
        if "player" in spec.fields and spec.fields["player"].seat and not spec.random:
            with pytest.raises(RuleError) as refused:
                rules.apply(state, Event(1, kind, _filled(spec) | {"player": 2}))
            refusals.append(str(refused.value))
    assert any(re.match(seat, sentence) for sentence in refusals), refusals


@dataclass(frozen=True)
class Rolls:
    players: tuple[str, ...] = ("Ann",)
    rolls: tuple[tuple[int, ...], ...] = ()


def _counter_game(**extra) -> Game:
    step = EventSpec("Add one.", {"player": shared_events.PLAYER})
    return Game(name="Counter", events={"step": step, "start": EventSpec("Start."), **shared_events.shared("note")},
                moves={"step": lambda s, p: {**s, "count": s["count"] + 1},
                       "start": lambda s, p: {**s, "phase": "play"}, "note": lambda s, p: s},
                setup=lambda config: {"players": config.players, "count": 0, "phase": "setup"},
                score=lambda s: {}, view=lambda s: s, seats=lambda s: len(s["players"]), **extra)


def test_the_game_over_sentence_is_the_games_and_only_events_allowed_after_it_pass():
    game = _counter_game(over=lambda s: "The game is over: three steps." if s["count"] >= 3 else None)
    state = {"players": ("Ann", "Bo"), "count": 3, "phase": "play"}
    with pytest.raises(RuleError, match=r"^The game is over: three steps\.$"):
        game.apply(state, Event(1, "step", {"player": 0}))
    assert game.apply(state, Event(1, "note", {"text": "well played"})) == state


def test_phases_refuse_an_event_outside_its_phase_with_the_phases_sentence():
    phases = Phases(of=lambda s: s["phase"], only={"play": ("step",), "setup": ("start",)},
                    refusal={"play": "The game has not started.", "setup": "{event} belongs to setup."})
    game = _counter_game(phases=phases)
    state = game.setup(SetupConfig(("Ann", "Bo"), {}, None))
    with pytest.raises(RuleError, match=r"^The game has not started\.$"):
        game.apply(state, Event(1, "step", {"player": 0}))
    state = game.apply(state, Event(1, "start", {}))
    assert game.apply(state, Event(2, "step", {"player": 1}))["count"] == 1
    with pytest.raises(RuleError, match=r"^Start belongs to setup\.$"):
        game.apply(state, Event(3, "start", {}))


def test_a_game_declares_one_move_per_event_and_opts_only_into_shared_events_that_exist():
    with pytest.raises(TypeError, match="step"):
        Game(name="Broken", events={"step": EventSpec("Add one.")}, moves={}, setup=dict, score=dict, view=dict)
    with pytest.raises(TypeError, match=r"not a shared event .*: dance"):
        shared_events.shared("note", "dance")


def test_drawn_keys_pass_beside_the_fields_and_other_unknown_keys_are_refused():
    game = Game(name="Dice", events={"roll": shared_events.ROLL}, moves={"roll": shared_events.roll}, setup=dict,
                score=dict, view=dict)
    after = game.apply(Rolls(), Event(1, "roll", {"dice": 2, "sides": 6, "results": [3, 5]}))
    assert after.rolls == ((3, 5),)
    with pytest.raises(RuleError, match=r"^roll: payload.faces: is not a field of this event"):
        game.apply(Rolls(), Event(1, "roll", {"dice": 2, "sides": 6, "faces": [3, 5]}))
    with pytest.raises(RuleError, match="recorded with the faces the dice showed"):
        game.apply(Rolls(), Event(1, "roll", {"dice": 2, "sides": 6}))


def test_turn_order_goes_clockwise_skipping_seats_and_words_a_move_out_of_turn():
    assert [turn_order.following(s, 3) for s in range(3)] == [1, 2, 0]
    assert turn_order.after(1, 4) == [2, 3, 0] and turn_order.after(1, 4, including=True) == [2, 3, 0, 1]
    assert turn_order.next_seat(0, 4, skip=lambda s: s in (1, 2)) == 3
    assert turn_order.next_seat(0, 2, skip=lambda s: True) is None
    names = ("Ann", "Bo").__getitem__
    turn_order.check_turn(1, 1, names)
    with pytest.raises(RuleError, match=r"^It is Ann's turn, not Bo's: play goes clockwise\.$"):
        turn_order.check_turn(0, 1, names, "play goes clockwise")
