"""The setup assistant: players, theme packs (chosen, recommended or drawn from the randomiser bag),
Game Changers, the five-player rule, and the start of the game (City deck, starting player, coins)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from companion.rules.contract import RuleError, SetupConfig
from companion.rules.fields import FieldError
from companion.rules.games.unfair_chko import city
from companion.rules.games.unfair_chko.consts import Consts, load
from companion.rules.games.unfair_chko.events import OPTIONS
from companion.rules.games.unfair_chko.state import replace, Player, State


def setup(config: SetupConfig) -> State:
    """A game in its setup phase, with the options given at creation already applied."""
    consts = load(config.game)
    try:
        options = OPTIONS.check(dict(config.options or {}))
    except FieldError as error:
        raise RuleError(f"Option {error.field.removeprefix('payload.')}: {error.message}.") from None
    n = len(config.players)
    if not consts.min_players <= n <= consts.max_players:
        raise RuleError(f"Unfair plays with {consts.min_players} to {consts.max_players} players "
                        f"({consts.min_players} with the {consts.solo_changer} Game Changer), not {n}.")
    if options["new_players"] and options["everyone_knows_the_game"]:
        raise RuleError("The options say both that someone is new and that everyone knows the game: choose one.")
    solo = options["solo"] or n == 1  # one player plays solo against Quinn (the Solo Mode Game Changer)
    state = State(consts, tuple(Player(name) for name in config.players), new_players=options["new_players"],
                  everyone_knows=options["everyone_knows_the_game"], solo=solo,
                  supply_silver=consts.supply_silver, supply_gold=consts.supply_gold)
    if options["new_players"] and n == consts.max_players:
        raise RuleError(f"{consts.five_player_note} Play with fewer players while someone is new.")
    changers = list(options["game_changers"])
    if solo:
        changers.append(consts.solo_changer)
    if options["new_players"]:
        changers.append(consts.first_date)
    state = choose_game_changers(state, {"game_changers": changers})
    if options["packs"]:
        return choose_packs(state, {"packs": options["packs"]})
    if options["new_players"] and recommended(consts, n):
        return use_recommended_packs(state, {})
    return state


def in_setup(state: State, what: str) -> None:
    if state.phase != "setup":
        raise RuleError(f"{what} is part of setup, and the game has already started (undo its start to change it).")


def pack_name(consts: Consts, name: str) -> str:
    """The pack's name as the data spells it (any case and spacing); a name no pack has is refused, listing them."""
    clean = " ".join(name.split())
    if not clean:
        raise RuleError("A theme pack needs a name, e.g. Ocean or Pirate.")
    found = next((known for known in consts.known_packs if known.lower() == clean.lower()), None)
    if found is None:
        raise RuleError(f"Unfair has no theme pack called {clean[:40]}; the packs are "
                        + ", ".join(sorted(consts.known_packs)) + ".")
    return found


def pack_names(consts: Consts, names: list[str]) -> tuple[str, ...]:
    packs = tuple(pack_name(consts, name) for name in names)
    for pack, times in Counter(packs).items():
        if times > 1:
            raise RuleError(f"Each theme pack is played at most once, and {pack} is named {times} times.")
    return packs


def recommended(consts: Consts, players: int) -> tuple[str, ...]:
    return dict(consts.recommended).get(players, ())


def choose_packs(state: State, p: dict[str, Any]) -> State:
    in_setup(state, "Choosing theme packs")
    packs = pack_names(state.consts, p["packs"])
    if not packs:
        raise RuleError("Choose at least one theme pack (one per player), or draw them from the bag.")
    if len(packs) > len(state.players) and not state.solo:
        raise RuleError(f"Unfair uses one theme pack per player: choose at most {len(state.players)} packs, not "
                        f"{len(packs)}.")
    return replace(state, packs=packs, drawn_tokens=(),
                   told="Theme packs chosen: " + (", ".join(packs) or "none") + ".")


def use_recommended_packs(state: State, p: dict[str, Any]) -> State:
    in_setup(state, "Choosing theme packs")
    packs = recommended(state.consts, len(state.players))
    if not packs:
        counts = ", ".join(str(n) for n, _ in state.consts.recommended)
        raise RuleError(f"The rulebook recommends packs for new players only for {counts} players, "
                        f"not {len(state.players)}.")
    return replace(state, packs=packs, drawn_tokens=(), told="Recommended packs for new players (play First Date "
                   "too): " + ", ".join(packs) + ".")


def bag(consts: Consts, p: dict[str, Any]) -> list[str]:
    """The randomiser tokens in the bag: one per pack; with rarely wanted packs, one for those and two for the
    others; an extra one for each favourite."""
    packs = pack_names(consts, p["packs"])
    favourites, rarely = pack_names(consts, p["favourites"]), pack_names(consts, p["rarely"])
    for pack in favourites + rarely:
        if pack not in packs:
            raise RuleError(f"{pack} is not among the packs put in the bag ({', '.join(packs)}).")
    both = set(favourites) & set(rarely)
    if both:
        raise RuleError(f"{sorted(both)[0]} cannot be both a favourite and a rarely wanted pack.")
    usual = 2 if rarely else 1
    return [pack for pack in packs for _ in range((1 if pack in rarely else usual) + (pack in favourites))]


def prepare_draw(state: State, p: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Draws tokens until there is one different pack per player; a token of a pack already drawn is set aside."""
    try:
        tokens = bag(state.consts, p)
    except RuleError:
        return p  # apply refuses it with the sentence
    rng.shuffle(tokens)
    wanted = p.get("count") or len(state.players)
    drawn: list[str] = []
    for token in tokens:
        if len(set(drawn)) == wanted:
            break
        drawn.append(token)
    return {**p, "drawn": drawn}


def draw_packs(state: State, p: dict[str, Any]) -> State:
    in_setup(state, "Drawing theme packs")
    tokens, wanted = bag(state.consts, p), p.get("count") or len(state.players)
    if len(set(tokens)) < wanted:
        raise RuleError(f"The bag holds {len(set(tokens))} different packs, and {wanted} must be drawn "
                        "(one per player): put more packs in the bag.")
    drawn = p.get("drawn")
    if not isinstance(drawn, list) or Counter(drawn) - Counter(tokens):
        raise RuleError("The randomiser draw is missing from this event or names tokens that are not in the bag.")
    packs = tuple(dict.fromkeys(drawn))
    if len(packs) != wanted:
        raise RuleError(f"The randomiser draw gives {len(packs)} packs, not {wanted}.")
    return replace(state, packs=packs, drawn_tokens=tuple(drawn),
                   told=f"Drawn from a bag of {len(tokens)} tokens: " + ", ".join(drawn) + ". Play "
                   + ", ".join(packs) + ".")


def choose_game_changers(state: State, p: dict[str, Any]) -> State:
    in_setup(state, "Choosing Game Changers")
    known = {name.lower(): name for name, _ in state.consts.game_changers}
    named: list[str] = []
    for name in p["game_changers"]:
        if " ".join(name.split()).lower() not in known:
            raise RuleError(f"{name!r} is not a Game Changer the app knows; Game Changers: "
                            + ", ".join(known.values()) + ".")
        named.append(known[" ".join(name.split()).lower()])
    if len(state.players) == 1 and state.solo:
        named.insert(0, state.consts.solo_changer)  # a solo game keeps the Solo Mode Game Changer
    chosen = tuple(dict.fromkeys(named))
    solo = state.consts.solo_changer in chosen
    if solo and len(state.players) != 1:
        raise RuleError(f"The {state.consts.solo_changer} Game Changer is for one player against the automated "
                        f"opponent, and this game has {len(state.players)} players.")
    if len(state.players) == 1 and not solo:
        raise RuleError(f"A game with one player uses the {state.consts.solo_changer} Game Changer.")
    return replace(state, game_changers=chosen, solo=solo,
                   told="Game Changers: " + (", ".join(chosen) or "none") + ".")


def confirm_everyone_knows(state: State, p: dict[str, Any]) -> State:
    in_setup(state, "Confirming that everyone knows the game")
    if p["confirmed"] == state.everyone_knows:
        raise RuleError("The table has already said that everyone knows the game." if p["confirmed"] else
                        "Nobody has said that everyone knows the game, so there is nothing to take back.")
    return replace(state, everyone_knows=p["confirmed"], new_players=state.new_players and not p["confirmed"],
                   told="Everyone knows the game." if p["confirmed"] else "Not everyone knows the game yet.")


def prepare_start(state: State, p: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    out = dict(p)
    if p.get("starting_player") is None and state.players:
        out["starting_player"] = rng.randrange(len(state.players))
    if city.kaiju_pack(state.consts) in state.packs:
        out["city_deck"] = city.build_deck(state.consts, state.packs, rng)
    return out


def start_game(state: State, p: dict[str, Any]) -> State:
    in_setup(state, "Starting the game")
    c, n = state.consts, len(state.players)
    if (len(state.packs) != n and not state.solo) or not state.packs:
        raise RuleError(f"Unfair uses one theme pack per player: choose or draw {n} packs before starting "
                        f"({len(state.packs)} chosen).")
    if n == c.max_players and not state.everyone_knows:
        raise RuleError(f"{c.five_player_note} Confirm that everyone knows the game to play with {n}.")
    first = p.get("starting_player")
    if not isinstance(first, int) or not 0 <= first < n:
        raise RuleError("The starting player must be one of the players.")
    deck = None
    if city.kaiju_pack(c) in state.packs:
        deck = city.check_deck(c, state.packs, p.get("city_deck"))
    coins = c.starting_coins if p.get("starting_coins") is None else p["starting_coins"]
    rounds = c.first_date_rounds if state.uses(c.first_date) else c.rounds
    told = [f"The game starts: {rounds} rounds; {state.players[first].name} has the Starting Player marker; "
            f"everyone takes {coins} coins."]
    if deck is not None:
        told.append(f"The app has built the City deck with the Kaiju pack ({len(deck)} cards).")
    told += [f"{name}: {text}" for name, text in c.game_changers if name in state.game_changers and text]
    return replace(state, phase="play", players=tuple(replace(pl, coins=coins) for pl in state.players),
                   starting_player=first, rounds=rounds, round=1, stage=0, city_deck=deck, told=" ".join(told))
