"""Emigration's legal moves: random playthroughs over them (the rules contract's property test) for every player
count, with the table dealing its own cards or the app dealing them, and issue #26's cases for this game, each on
the rules' list and on the page that is drawn from it."""

from __future__ import annotations

import functools
import html
import json
import random
import re
import statistics

import pytest

from companion.rules.games import emigration as em
from companion.rules.games.emigration.deal import steps
from companion.rules import SetupConfig
from companion.rules.games.emigration.state import HIDDEN
from companion.simulate.random_play import applied, pick, play
from companion.table.catalog import Catalog
from tests.conftest import ApiTable

from .conftest import ANN, BO, DEAL, act, drawn, new_game, refused, table

SEEDS = range(4)
CONTROL = re.compile(r'data-event="(\w+)" data-payload="([^"]*)"')


def bound(n: int) -> int:
    """The most moves a game of `n` players can take, from the rulebook (a random game takes far fewer).

    Setup: the packs, each card the table deals (n Passports, n Tickets, 3 cards a player, 10 face-up cards of each
    Card Layout) and the roll for who starts: 15n + 2. Phase 1: a turn's Required Action takes one of the 14n
    layout cards, one of the 2n Passports and Tickets, goes to college (a player has 2 Pay Raise slots; a tuition
    too high forfeits, which we count once per layout card) or buys a spare (scalping moves a spare between stashes;
    we count one per layout card): at most 14n + 2n + 14n + 14n = 44n acting turns; between two of them each other
    player may forfeit (everyone's layout owner can always act on their own cards), so at most n turns per acting
    turn, each with one graduation try before it; sales are at most one per card bought (14n); the table turns each
    of the 4n face-down cards face up once. Phase 2: two moves a player. The end is the last crossing."""
    acting = 44 * n
    return 15 * n + 2 + 2 * n * acting + 14 * n + 4 * n + 2 * n


@functools.cache
def entry():
    return Catalog().get("emigration")


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_games_over_the_legal_moves_end_and_every_offered_move_is_accepted(n):
    rules, game = entry().rules, entry().game
    lengths, offered, dealt_by_table = [], set(), 0
    for seed in SEEDS:
        done = play(rules, game, [f"Player {i + 1}" for i in range(n)], {}, seed=seed, limit=bound(n))
        assert done.finished and done.state.phase == "over"
        lengths.append(len(done.moves))
        offered |= done.offered
        dealt_by_table += any(kind == "deal_card" for kind, _, _ in done.moves)
    assert {"choose_packs", "deal_card", "deal", "buy", "discard", "activate", "take_by_skipping", "withdraw",
            "cross_border", "stop"} <= offered
    assert dealt_by_table  # some games were dealt card by card by the table, others by the app
    assert max(lengths) < bound(n) and statistics.mean(lengths) > 14 * n


@pytest.mark.parametrize("n", [2, 4, 6])
def test_a_table_that_deals_every_card_itself_plays_on_to_the_end(n):
    """The random player deals every card at the table (random printed names among those offered, sometimes
    "Deal for us" for one card), rolls for who starts, then plays random legal moves to the end."""
    rules, game = entry().rules, entry().game
    rng, draws = random.Random(n), random.Random(f"draws:{n}")
    state = rules.setup(SetupConfig(tuple(f"Player {i + 1}" for i in range(n)), {}, game))
    for seq in range(1, bound(n)):
        moves = rules.legal(state)
        if rules.score(state)["finished"]:
            assert moves == []
            break
        table_deal = [m for m in moves if m.event in ("choose_packs", "deal_card")
                      or (m.event == "deal" and m.choices and m.choices[0].field == "first_player")]
        move = table_deal[0] if table_deal else pick([m for m in moves if m.event != "stop"], rng)
        state = applied(rules, state, move.event, move.sample(rng), seq, draws)
        if move.event == "deal":
            assert len(state.first_rolls) <= 10 and state.phase == "preparation"
            assert sum(p.layout.count(HIDDEN) for p in state.players) + n * 10 == n * 14
    else:
        raise AssertionError("the game did not end")


def dealt_by_the_table(n=2):
    """A game the table dealt itself, card by card, as DEAL says (the first two players), Ann starting."""
    state = act(new_game(n), "choose_packs", packs=DEAL["packs"])
    for what, p, place in steps(state):
        if what in ("passport", "ticket"):
            card = DEAL[what + "s"][place]
        elif what == "layout":
            card = DEAL["players"][p]["layout"][place]
        else:
            card = DEAL["players"][p][what]
        state = act(state, "deal_card", what=what, place=place, card=card, **({} if p is None else {"player": p}))
    return state


def test_the_table_deals_its_own_cards_by_their_printed_names_or_the_app_deals_for_it():
    state = new_game()
    start = {m.event: m for m in em.GAME.rules("emigration").legal(state)}
    assert set(start) == {"choose_packs", "deal", "stop"} and start["choose_packs"].primary
    packs = start["choose_packs"].choices[0]
    assert packs.options[0] == (["Augustine", "Socrates"], "Augustine and Socrates (recommended)")
    state = act(state, "choose_packs", packs=["Augustine", "Socrates"])
    moves = em.GAME.rules("emigration").legal(state)
    record = next(m for m in moves if m.event == "deal_card")
    assert record.label == "Passport 1 of 2 in the middle of the table: which card was dealt?"
    assert record.choices[0].kind == "card" and record.choices[0].draw == "Deal for us"
    assert record.choices[0].options == (("pass-passport", "Passport"),)
    assert any(m.event == "deal" and m.label.startswith("Deal the rest for us") for m in moves)

    state = dealt_by_the_table()
    (last,) = [m for m in em.GAME.rules("emigration").legal(state) if m.event != "stop"]
    assert last.event == "deal" and last.choices[0].field == "first_player" and last.choices[0].draw == "Roll for us"
    state, stored = drawn(state, "deal", first_player=BO)
    assert state.phase == "preparation" and state.turn == BO and stored["deal"]["first_rolls"] == []
    assert state.players == table().players and state.passports == table().passports


def test_a_card_the_table_could_not_have_dealt_is_refused_in_words():
    state = act(new_game(), "choose_packs", packs=["Augustine", "Socrates"])
    refused(state, "deal_card", "Passport 1 of 2 in the middle of the table: it is not a Passport card",
            what="passport", place=0, card="tick-ferry")
    refused(state, "deal_card", "The next card to record is Passport 1 of 2", what="ticket", place=0,
            card="tick-ferry")
    half = act(new_game(), "choose_packs", packs=["Augustine", "Socrates"])
    refused(half, "deal", "Roll for who starts once every card is dealt", first_player=ANN)
    for _ in range(4):
        half, _ = drawn(half, "deal_card", **_next(half))
    nationality = _next(half)
    ann_home = half.data.card(DEAL["players"][0]["nationality"])
    half = act(half, "deal_card", **nationality, card=ann_home.id)
    refused(half, "deal_card", "a Destination is never the player's own country", **_next(half),
            card="dest-india")


def _next(state):
    what, p, place = em.deal.next_step(state)
    return {"what": what, "place": place, **({} if p is None else {"player": p})}


def test_a_recorded_card_is_never_dealt_over_by_the_app():
    state = act(new_game(3), "choose_packs", packs=["Augustine", "Socrates", "Seneca"])
    while em.deal.next_step(state)[0] != "layout":
        state, _ = drawn(state, "deal_card", **_next(state))
    state = act(state, "deal_card", **_next(state), card="life-sen-rent-hike")
    recorded = state.dealt
    state, _ = drawn(state, "deal", seed=5)
    assert state.players[0].layout[0] == "life-sen-rent-hike"
    for what, p, _, card in recorded:
        if what in ("nationality", "destination", "career"):
            assert getattr(state.players[p], what) == card


def test_buy_is_offered_only_on_a_passport_or_ticket_the_player_can_afford():
    state = table()  # Ann has 3 money: the Budget Flight costs 3, the Passport and the Ferry Crossing 5
    moves = em.GAME.rules("emigration").legal(state)
    bought = {m.payload["card"] for m in moves if m.event == "buy_travel"}
    assert bought == {"tick-budget-flight"}
    assert {m.payload["card"] for m in moves if m.event == "take_by_skipping"} == set(DEAL["passports"]) | set(
        DEAL["tickets"])
    refused(state, "buy_travel", "Ann has 3 money, but the Passport costs 5", player=ANN, card="pass-passport")


def test_sell_is_offered_on_documents_and_connections_only_never_on_passports_or_tickets():
    state = act(table(), "take_by_skipping", player=ANN, card="tick-budget-flight")
    state = act(state, "discard", player=BO, owner=BO, slot=12)  # Ann skips her turn to take the Budget Flight
    state, _ = drawn(state, "activate", player=BO, owner=BO, slot=9)  # a Payday: everyone takes a salary
    state = act(state, "turn_up", owner=BO, slot=5, card="doc-passport-photos")  # it uncovered a face-down card
    state = act(state, "buy", player=ANN, owner=ANN, slot=12)  # the Recruiter, a Connection
    state = act(state, "take_by_skipping", player=BO, card="pass-passport")
    assert state.turn == ANN and set(state.players[ANN].stash) == {"tick-budget-flight", "con-recruiter"}
    sold = {m.payload["card"] for m in em.GAME.rules("emigration").legal(state) if m.event == "sell"}
    assert sold == {"con-recruiter"}
    refused(state, "sell", "Only Documents and Connections can be sold, not the Budget Flight", player=ANN,
            card="tick-budget-flight")


def test_no_move_is_offered_after_it_was_made_or_the_turn_ended():
    state = table()
    rules = em.GAME.rules("emigration")
    assert {m.seat for m in rules.legal(state)} == {ANN, None}
    after = act(state, "discard", player=ANN, owner=ANN, slot=12)
    assert {m.seat for m in rules.legal(after)} == {BO, None}  # Ann's turn ended with her Required Action
    refused(after, "sell", "turn", player=ANN, card="doc-bank-statement")
    student = _in_college(state)
    assert any(m.event == "graduate" for m in rules.legal(student))
    tried = act(student, "graduate", player=ANN, rolls=[6])
    assert not any(m.event == "graduate" for m in rules.legal(tried))  # one try a turn
    refused(tried, "graduate", "tried to graduate this turn already", player=ANN)


def _in_college(state):
    players = list(state.players)
    players[ANN] = em.state.replace(players[ANN], in_college=True)
    return em.state.replace(state, players=tuple(players))


def test_a_card_is_activated_with_only_what_it_asks_for_and_refusals_are_sentences():
    state = table()  # Bo's front right card is the Exchange Rate Shock, which rolls; a Payday names nobody
    rules = em.GAME.rules("emigration")
    shock = next(m for m in rules.legal(act(state, "discard", player=ANN, owner=ANN, slot=12))
                 if m.event == "activate" and m.payload["slot"] == 13 and m.payload["owner"] == BO)
    assert [c.field for c in shock.choices] == ["fell"] and shock.choices[0].draw == "Roll for us"
    for payload, words in (({"target": BO}, "The Payday names no player"),
                           ({"fell": 3}, "The Payday rolls no die"),
                           ({"target": BO, "target_slot": 0}, "The Payday discards no other card")):
        with pytest.raises(em.RuleError) as refusal:
            act(state, "activate", player=ANN, owner=ANN, slot=13, **payload)
        assert words in str(refusal.value) and "target" not in str(refusal.value) and "`" not in str(refusal.value)


def test_the_winners_and_the_places_agree_at_the_end():
    state = _at_the_border()
    nobody = _crossed(state, entered=(False, False))
    scores = em.score(nobody)
    assert scores["winners"] == [] and [row["place"] for row in scores["players"]] == [None, None]
    assert scores["result"] == "Nobody entered their destination: nobody won this game."
    one = _crossed(state, entered=(False, True))
    scores = em.score(one)
    assert scores["winners"] == [BO] and [row["place"] for row in scores["players"]] == [None, 1]
    assert scores["result"] == "Bo entered their destination and wins."
    both = _crossed(state, entered=(True, True))
    scores = em.score(both)
    assert scores["winners"] == [ANN, BO] and [row["place"] for row in scores["players"]] == [1, 1]
    assert "Ultimate Winner" in scores["result"]


def _at_the_border():
    state = table()
    return em.state.replace(state, phase="border", players=tuple(
        em.state.replace(p, layout=(None,) * len(p.layout), assurance=5 + i, money=2) for i, p in
        enumerate(state.players)))


def _crossed(state, entered):
    players = tuple(em.state.replace(p, withdrawn=True, entered=e, lane=1, token=3)
                    for p, e in zip(state.players, entered))
    return em.state.replace(state, players=players, phase="over")


def test_the_table_may_stop_the_game_early_and_only_who_entered_wins():
    state = act(_at_the_border(), "withdraw", player=ANN)
    stop = next(m for m in em.GAME.rules("emigration").legal(state) if m.event == "stop")
    assert stop.group == "end" and not stop.primary
    ended = act(state, "stop")
    assert em.score(ended)["finished"] and em.score(ended)["winners"] == []
    assert em.score(ended)["result"].startswith("The table ended the game early.")
    assert em.GAME.rules("emigration").legal(ended) == []
    refused(ended, "cross_border", "ended it early", player=ANN, lane=1)


# The page: every control is one of the legal moves (issue #26's cases, as they were seen at the table).

pytestmark_pages = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


def _record(client, game_id, headers):
    """The table deals DEAL itself through the API, Ann starting."""
    api = ApiTable(client, game_id, headers)
    api.do("choose_packs", packs=DEAL["packs"])
    while True:
        game = client.get(f"/api/games/{game_id}").json
        step = next((m for m in game["legal"] if m["event"] == "deal_card"), None)
        if step is None:
            break
        what, p, place = step["payload"]["what"], step["payload"].get("player"), step["payload"]["place"]
        card = (DEAL[what + "s"][place] if p is None else DEAL["players"][p]["layout"][place] if what == "layout"
                else DEAL["players"][p][what])
        api.do("deal_card", **step["payload"], card=card)
    api.do("deal", first_player=ANN)
    return api


def _controls(client, game_id):
    panel = client.get(f"/games/{game_id}/panel").get_data(as_text=True)
    return [(event, json.loads(html.unescape(payload))) for event, payload in CONTROL.findall(panel)]


@pytestmark_pages
def test_the_page_shows_no_buy_on_a_passport_or_ticket_the_player_cannot_afford(client, new_game):
    game_id, headers, _ = new_game("emigration", ("Ann", "Bo"))
    _record(client, game_id, headers)
    controls = _controls(client, game_id)
    assert ("buy_travel", {"player": ANN, "card": "tick-budget-flight"}) in controls
    assert not [c for e, c in controls if e == "buy_travel" and c["card"] != "tick-budget-flight"]



@pytestmark_pages
def test_the_page_shows_no_sell_on_a_ticket(client, new_game):
    game_id, headers, _ = new_game("emigration", ("Ann", "Bo"))
    api = _record(client, game_id, headers)
    api.do("buy_travel", player=ANN, card="tick-budget-flight")
    api.do("discard", player=BO, owner=BO, slot=12)
    assert client.get(f"/api/games/{game_id}").json["state"]["turn"] == ANN
    assert not [c for e, c in _controls(client, game_id) if e == "sell"]  # a Ticket is never sold
    game = client.get(f"/api/games/{game_id}").json
    panel = client.get(f"/games/{game_id}/panel").get_data(as_text=True)
    assert sorted(m["key"] for m in game["legal"]) == sorted(html.unescape(k) for k in re.findall(r'data-key="([^"]*)"',
                                                                                                  panel))


@pytestmark_pages
def test_the_page_asks_what_the_table_dealt_with_deal_for_us_beside_it(client, new_game):
    game_id, headers, _ = new_game("emigration", ("Ann", "Bo"))
    page = client.get(f"/games/{game_id}/panel").get_data(as_text=True)
    assert 'data-event="choose_packs"' in page and "Deal for us" in page
    ApiTable(client, game_id, headers).do("choose_packs", packs=["Augustine", "Socrates"])
    page = client.get(f"/games/{game_id}/panel").get_data(as_text=True)
    assert 'data-event="deal_card"' in page and "Passport 1 of 2 in the middle of the table" in page
    assert "Deal for us" in page and "name as printed" in page
