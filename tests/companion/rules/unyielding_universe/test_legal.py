"""Unyielding Universe's legal moves (legal.py): random playthroughs over them as the contract's property test, and
issue #26's cases: each failed before the legal list and the rules' fixes."""

from __future__ import annotations

import random

import pytest

from companion.rules import Event, RuleError
from companion.rules.contract import accepted
from companion.rules.games import unyielding_universe as uu
from companion.rules.games.unyielding_universe.state import evolve
from companion.rules.legal import for_seat, matching
from companion.simulate.random_play import play
from companion.table.catalog import Catalog

from .conftest import ANN_DEAL, BO_DEAL, GAME, act, dealt, new_game, pass_turn, place, ran_out, refused

ANN, BO = 0, 1
DECK = 108 + 8 + 7  # Year, Life Complete and Universe cards: the draw pile of every round
# The bound on a game's length, from the rulebook: a round ends at the latest when the draw pile runs out, so it has at
# most DECK - 5 x players turns that draw from the pile; a turn that takes the discard pile's top card does not shorten
# the pile (the rulebook allows it, and allows letting that card go again), and the random player takes it about as
# often as the pile, so a round is about 2 x DECK turns, plus the deal (at most 5 moves a player) and the choice of the
# starting player. With a winning score of 30 the first round's scoring nearly always decides (a lifeline's oldest
# counted card is its years lived); three rounds of 4 x DECK moves is a generous limit that a stuck game still breaks.
LIMIT = 3 * 4 * DECK


@pytest.fixture(scope="module")
def entry():
    return Catalog().get("unyielding_universe")


def rules():
    return uu.GAME.rules("unyielding_universe", GAME)


def legal(state, seat=None):
    return rules().legal(state, seat)


def events(moves):
    return {m.event for m in moves}


@pytest.mark.parametrize("players, options, seeds", [
    (2, {"winning_score": 30}, range(3)),
    (3, {"winning_score": 30, "duplicate_years": True}, range(2)),
    (4, {"winning_score": 30, "leave_out": ["lc-29", "lc-44"]}, range(2)),
])
def test_random_playthroughs_keep_the_contract(entry, players, options, seeds):
    """Random legal moves with random values, from the deal to the game's end (with the bots' seats played by their
    page controls: bot_turn and the table's answers): every offered move is accepted, some move is always offered
    before the end, none after it, and the moves the list does not offer are refused."""
    names = ("Ann", "Bo", "Cy", "Di")[:players]
    for seed in seeds:
        done = play(entry.rules, entry.game, names, options, seed=seed, limit=LIMIT)
        assert done.finished and done.state is not None


@pytest.mark.parametrize("players, bots, seeds", [(2, [0, 2], range(1)), (3, [0, 1, 0], range(1))])
def test_a_game_with_seated_bots_is_played_to_its_end_with_page_controls_only(entry, players, bots, seeds):
    """The table taps only offered moves: random ones for the players, the bot's turn when it is due, and the true
    answer to each of the bot's questions (the card the table drew for it, from a shuffled draw pile). Every offered
    move is accepted, some move is always offered, and the game reaches its end."""
    names = ("Ann", "Bo", "Cy", "Di")[:players]
    for seed in seeds:
        state, moves = _play_with_bots(entry, names, {"winning_score": 30, "bots": bots}, seed)
        assert entry.rules.score(state)["finished"] and "bot_turn" in moves and "bot_answer" in moves


def _play_with_bots(entry, names, options, seed):
    from companion.rules import SetupConfig
    from companion.rules.games.unyielding_universe.places import in_draw_pile
    from companion.simulate.random_play import applied, pick

    rng, draws = random.Random(seed), random.Random(f"draws:{seed}")
    state = entry.rules.setup(SetupConfig(names, options, entry.game))
    drawn, made = None, []
    for seq in range(1, LIMIT + 1):
        offered = entry.rules.legal(state)
        if entry.rules.score(state)["finished"]:
            assert not [m for m in offered if m.event not in (*entry.rules.corrections, "bot_level")]
            return state, made
        assert offered, f"no legal move after {made[-3:]}"
        asking = None
        if offered[0].event == "bot_answer":
            asking = next(b["asking"] for b in entry.rules.view(state)["bots"] if b["asking"])
        if asking is None:  # the players' moves at random, the game's natural end (no stopping early, no levels)
            move = pick([m for m in offered if m.event not in ("finish", "bot_level")], rng)
            payload = move.sample(rng)
        else:
            world = state.world
            if asking["node"] == "draw":
                pile = [c for c in (*world.catalog.years, *world.catalog.life_completes, *world.catalog.universes)
                        if c.id not in world.catalog.left_out for _ in range(in_draw_pile(world, c.id))]
                drawn = rng.choice(pile)
            answer = {"draw": {"yr": "year", "lc": "life_complete", "un": "universe"}[drawn.id[:2]],
                      "which_year": str(getattr(drawn, "year", "")), "which_age": str(getattr(drawn, "age", "")),
                      "which_universe": drawn.id.removeprefix("univ-"),
                      "ask_copy": "yes" if asking["text"] == f"Is it {_describe(drawn)}?" else "no"}[asking["node"]]
            payload = {"answer": answer}
            move = matching(offered, "bot_answer", payload)
            assert move is not None, f"the true answer {answer} to {asking['text']} is not offered"
        state = applied(entry.rules, state, move.event, payload, seq, draws)
        made.append(move.event)
    raise AssertionError(f"not over after {LIMIT} moves")


def _describe(card):
    from companion.rules.games.unyielding_universe.cards import describe

    return describe(card)


def test_the_natural_end_is_reached_with_ordinary_moves(entry):
    """Without stopping early (no "end" move that is not the game's natural end), a game ends by its own scoring."""
    import companion.simulate.random_play as random_play

    kept = random_play.STOP_WEIGHT
    random_play.STOP_WEIGHT = 0.0
    try:
        done = play(entry.rules, entry.game, ("Ann", "Bo"), {"winning_score": 30}, seed=7, limit=LIMIT)
    finally:
        random_play.STOP_WEIGHT = kept
    assert done.finished and done.moves[-1][0] in ("end_round", "claim_life_well_lived", "draw_pile_ran_out")
    assert "finish" not in [m[0] for m in done.moves]


def test_ending_the_game_is_an_ordinary_move_not_a_correction():
    state = dealt()
    finish = [m for m in legal(state) if m.event == "finish"]
    assert len(finish) == 1 and finish[0].group == "end" and not finish[0].primary
    assert "finish" not in uu.GAME.corrections and "Stop the game here" in finish[0].label
    # the natural end: the round's end that reaches the winning score is the primary move of the "end" group
    state = dealt(winning_score=20)
    for _ in range(2):
        state = pass_turn(state)
    state = evolve(state, discard=state.discard + tuple(_pile(state)))
    (end,) = [m for m in legal(state) if m.event == "draw_pile_ran_out"]
    assert end.group == "end" and end.primary and "the game ends" in end.label
    assert act(state, "draw_pile_ran_out").finished


def test_a_discard_pile_card_the_cap_forbids_is_not_offered_and_one_it_allows_may_replace():
    state = dealt(["yr-005", "yr-010", "yr-024", "yr-019", "yr-034"], BO_DEAL)  # Ann: 4, 9, 21, 17, 30
    state = act(state, "play_life_complete", player=ANN, card="lc-29")  # capped at 29: the 30 is not balanced, stays
    state = act(state, "discard_drawn", player=BO, card="yr-050")  # Bo lets an old card go: on top of the discard
    old = [m for m in legal(state, ANN) if m.payload.get("source") == "discard"]
    assert old and {m.event for m in old} == {"discard_drawn"}  # neither at the end nor in place of a card
    refused(state, "place_at_end", "capped at 29", player=ANN, card="yr-050", source="discard")
    state = act(state, "discard_drawn", player=ANN, card="yr-050", source="discard")
    state = act(state, "discard_drawn", player=BO, card="yr-028")  # 25, younger than the cap
    top = [m for m in legal(state, ANN) if m.payload.get("source") == "discard"]
    replaced = {m.payload["replaced"] for m in top if m.event == "replace_card"}
    assert replaced == set(state.lifelines[ANN].years) and "place_at_end" in events(top)
    assert all(m.payload["card"] == "yr-028" and not m.choices for m in top)


def test_the_draw_piles_cards_offered_are_those_the_cap_and_the_lifeline_allow():
    state = dealt(["yr-005", "yr-010", "yr-024", "yr-019", "yr-034"], BO_DEAL)
    state = act(state, "play_life_complete", player=ANN, card="lc-29")
    state = pass_turn(state)
    moves = legal(state, ANN)
    for move in moves:
        if move.event in ("place_at_end", "replace_card") and move.payload.get("source") == "draw_pile":
            card = next(c for c in move.choices if c.field == "card")
            years = [state.catalog.year(v).year for v in card.values()]
            assert years and max(years) <= 29, move.label
            for value in card.values()[:10]:
                payload = move.fill({"card": value, "replaced": state.lifelines[ANN].years[0]})
                assert accepted(rules(), state, move.event, payload), (move.label, value)


def test_no_deal_is_offered_once_the_cards_are_dealt():
    state = act(new_game(), "deal", player=ANN, cards=ANN_DEAL)
    assert [m.payload["player"] for m in legal(state) if m.event == "deal"] == [BO]
    assert not accepted(rules(), state, "deal", {"player": ANN, "cards": []})
    assert not accepted(rules(), state, "deal", {"player": ANN})
    refused(state, "deal", "Ann already has the 5 Year cards", player=ANN, cards=[])
    state = act(state, "deal", player=BO, cards=BO_DEAL)
    assert "deal" not in events(legal(state))


def test_no_turn_move_is_offered_to_a_player_whose_turn_is_over():
    """A turn is one action: once Ann has played, nothing of hers is offered until her next turn."""
    state = place(dealt(), "yr-050")
    state = act(state, "place_at_end", player=ANN, card="yr-060")
    assert state.turn == BO
    mine = [m for m in for_seat(legal(state), ANN) if m.seat == ANN]
    assert mine == []
    refused(state, "replace_card", "It is Bo's turn", player=ANN, card="yr-070", replaced="yr-005")


def test_the_deal_asks_for_the_cards_as_printed_or_deals_for_the_table():
    state = new_game()
    (ann, bo) = [m for m in legal(state) if m.event == "deal"]
    (cards,) = ann.choices
    assert cards.kind == "cards" and cards.draw == "Deal for us" and cards.high == 5 and cards.low == 1
    labels = dict(cards.options)
    assert labels["yr-001"] == "First Night Home (0, green)" and not any("yr-" in text for text in labels.values())
    assert ann.seat is None and bo.payload == {"player": BO}  # the table deals, bots' seats too
    entered = uu.prepare(state, "deal", {"player": ANN, "cards": ANN_DEAL}, random.Random(1))
    assert entered == {"player": ANN, "cards": ANN_DEAL}  # as the table entered it
    assert uu.prepare(state, "deal", {"player": ANN, "cards": []}, random.Random(1))["cards"] == []  # refused below
    refused(state, "deal", "Say which cards Ann was dealt", player=ANN, cards=[])
    drawn = uu.prepare(state, "deal", {"player": ANN, "cards": None}, random.Random(1))
    assert drawn["by_app"] and len(drawn["cards"]) == 5
    after = uu.apply(state, Event(1, "deal", drawn))
    assert after.lifelines[ANN].years == tuple(drawn["cards"]) and after.lifelines[ANN].dealt == 5
    assert uu.describe({"type": "deal", "payload": drawn}, ["Ann", "Bo"], GAME).startswith("The app dealt Ann *")


def test_the_rules_defend_the_draw_pile_count():
    state = dealt()
    refused(state, "draw_pile_ran_out", "still holds")
    emptied = evolve(state, discard=tuple(_pile(state)))
    refused(emptied, "discard_drawn", "draw pile has run out", player=ANN, card=emptied.discard[-1], source="discard")
    assert events(legal(emptied)) == {"draw_pile_ran_out", "finish", "choose_first_player"}  # before the 1st turn
    emptied = evolve(emptied, turn_number=1)
    assert events(legal(emptied)) == {"draw_pile_ran_out", "finish"}
    assert ran_out(state).round == 2


def test_a_card_unknown_or_out_of_place_is_named_as_printed_never_by_id():
    state = dealt()
    for kind, payload in (("place_at_end", {"player": ANN, "card": "zz-999"}),
                          ("place_at_end", {"player": ANN, "card": "yr-005"}),  # in Ann's own lifeline
                          ("replace_card", {"player": ANN, "card": "yr-070", "replaced": "yr-002"}),  # Bo's card
                          ("replace_card", {"player": ANN, "card": "yr-070", "replaced": "zz-1"}),
                          ("deal", {"player": ANN, "cards": ["lc-29"]}),
                          ("play_universe", {"player": ANN, "card": "yr-070"}),
                          ("discard_drawn", {"player": ANN, "card": "yr-070", "source": "discard"})):
        with pytest.raises(RuleError) as refusal:
            uu.apply(state, Event(1, kind, payload))
        words = str(refusal.value)
        assert not any(token in words for token in ("yr-", "lc-", "univ-", "zz-", "`", "_")), words
    with pytest.raises(RuleError, match="is not in the draw pile: it is in Ann's lifeline"):
        uu.apply(state, Event(1, "place_at_end", {"player": ANN, "card": "yr-005"}))
    refused(state, "place_at_end", "A Life Well Lived is set aside at setup", player=ANN, card="lwl-1")
    refused(state, "replace_card", "Life Begins is set aside", player=ANN, card="lb-1", replaced="yr-005")
    refused(new_game(), "deal", "is dealt 5 Year cards at setup and has 0", player=ANN,
            cards=[f"yr-{n:03d}" for n in range(40, 52)])


def test_a_seated_bot_makes_only_moves_of_the_legal_list(entry):
    from companion.bots.unyielding_universe import UniverseHost

    state = dealt()
    host = UniverseHost(rules(), BO)
    with pytest.raises(RuleError, match="It is Ann's turn"):
        host.chosen(state, "place_at_end", {"player": BO, "card": "yr-070", "source": "draw_pile"})
    state = pass_turn(state)
    move = host.chosen(state, "place_at_end", {"player": BO, "card": "yr-070", "source": "draw_pile"})
    assert move.seat == BO and move.event == "place_at_end"
    # with the bot in Bo's seat, the page offers its turn and never Bo's own controls
    seated = entry.rules.setup(_config(entry, {"bots": [0, 2]}))
    for kind, payload in (("deal", {"player": ANN, "cards": ANN_DEAL}), ("deal", {"player": BO, "cards": BO_DEAL})):
        assert matching(entry.rules.legal(seated), kind, payload) is not None
        seated = entry.rules.apply(seated, Event(1, kind, payload))
    seated = entry.rules.apply(seated, Event(2, "place_at_end", {"player": ANN, "card": "yr-070",
                                                                  "source": "draw_pile"}))
    offered = entry.rules.legal(seated)
    assert offered[0].event == "bot_turn" and all(m.seat != BO for m in offered)


def test_history_lines_name_who_did_what_to_which_card():
    players = ["Ann", "Bo"]
    said = uu.describe({"type": "replace_card", "payload": {"player": 0, "card": "yr-028", "source": "discard",
                                                            "replaced": "yr-019"}}, players, GAME)
    assert said.startswith("Ann took *") and "from the discard pile" in said and "in place of *" in said
    assert "yr-" not in said
    said = uu.describe({"type": "deal", "payload": {"player": 1, "cards": ["yr-002"], "by_app": True}}, players,
                       GAME)
    assert said.startswith("The app dealt Bo") and "*" in said
    assert uu.describe({"type": "finish", "payload": {}}, players, GAME).startswith("The table stopped the game")


def _pile(state):
    from companion.rules.games.unyielding_universe.places import in_draw_pile

    return [c.id for c in (*state.catalog.years, *state.catalog.life_completes, *state.catalog.universes)
            for _ in range(in_draw_pile(state, c.id)) if c.id not in state.catalog.left_out]


def _config(entry, options):
    from companion.rules import SetupConfig

    return SetupConfig(("Ann", "Bo"), options, entry.game)


def test_the_summary_shows_each_rounds_scores_in_that_round():
    """Issue #26: the round-by-round table was one round late (round 1 showed 0/0, round 2 round 1's scores): the
    event that ends and scores a round moves the view on to the next round, yet its scores are its own round's."""
    from types import SimpleNamespace

    from companion.table.progress import by_moment, score_steps

    game_rules = rules()
    state = game_rules.setup(_plain_config({"winning_score": 1000}))
    log = []

    def do(kind, **payload):
        nonlocal state
        state = game_rules.apply(state, Event(len(log) + 1, kind, payload))
        log.append(SimpleNamespace(seq=len(log) + 1, type=kind, payload=payload))

    for round_number in (1, 2):
        deals = (ANN_DEAL, BO_DEAL) if round_number == 1 else (BO_DEAL, ANN_DEAL)
        for player, cards in enumerate(deals):
            do("deal", player=player, cards=list(cards))
        pile = _pile(state)
        state = evolve(state, discard=tuple(pile))  # the table's pile ran out (the log below replays without it)
        do("draw_pile_ran_out")
        state = evolve(state, discard=())
    ended = [sum(points) for r in state.rounds for points in r.points]  # round 1: Ann, Bo; round 2: Ann, Bo
    current = SimpleNamespace(rules=_RanOut(game_rules), game=SimpleNamespace(players=("Ann", "Bo"),
                                                                                options={"winning_score": 1000}),
                              state=state, ledger=SimpleNamespace(done=[row.seq for row in log]))
    unit, steps = score_steps(current, GAME, log)
    rounds = by_moment(unit, steps)
    assert unit == "round" and [s.label for s in rounds] == ["start", "round 1", "round 2"]
    assert rounds[0].totals == (0, 0)
    assert rounds[1].totals == (ended[0], ended[1]) and ended[0] > 0
    assert rounds[2].totals == (ended[0] + ended[2], ended[1] + ended[3])


class _RanOut:
    """The game's rules, with the draw pile emptied before each "draw_pile_ran_out" (what the table's turns did)."""

    def __init__(self, inner):
        self.inner = inner

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def apply(self, state, event):
        if event.type == "draw_pile_ran_out":
            state = evolve(state, discard=tuple(_pile(state)))
        after = self.inner.apply(state, event)
        return evolve(after, discard=()) if event.type == "draw_pile_ran_out" else after


def _plain_config(options):
    from companion.rules import SetupConfig

    return SetupConfig(("Ann", "Bo"), options, GAME)
