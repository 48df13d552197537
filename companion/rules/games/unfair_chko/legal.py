"""Unfair's legal moves: every move the rules accept now, in the table's words (companion.rules.legal).

Setup (packs, Game Changers, the start), the round tracker (the step's own moves, turns in the Play section,
the Cleanup sequence), what the table rolls or turns over (City cards when the table keeps the deck, the kaiju's
dice, two dice for a card: each asks how it came up, or draws for the table), each player's coins, loans and medals,
the final scoring after the last round, and ending the game. Corrections (set_*, score_sheet, notes) are offered
apart, under More actions. Quinn's turn and answers are added by the bot side (companion/bots/automa.py).
"""

from __future__ import annotations

from companion.rules.games.unfair_chko import city
from companion.rules.games.unfair_chko.state import State
from companion.rules.legal import Choice, Move

WIDE = 9999  # the most coins a move names (the schema's bound)


def legal(state: State) -> list[Move]:
    if state.solo and state.automa is not None and state.automa.bot.waiting:
        return []  # Quinn's question comes first (its answers are the bot side's moves)
    if state.phase == "setup":
        return _setup(state) + [Move("end_game", "Stop here without playing", group="end")]
    if state.phase == "play":
        return _round(state) + _table(state) + [m for seat in range(len(state.players)) for m in _purse(state, seat)] + [
            Move("end_game", "Stop the game here by agreement: score the parks as they stand", group="end")]
    if state.phase == "scoring":
        return [m for seat in range(len(state.players)) for m in _sheet(state, seat)] + [
            Move("end_game", "Every park is scored: end the game", group="end", primary=True)]
    return []


def _faces(state: State) -> tuple[tuple[int, str], ...]:
    return tuple((n, str(n)) for n in range(1, state.consts.die_sides + 1))


def _setup(state: State) -> list[Move]:
    c, names = state.consts, [p.name for p in state.players]
    n = len(names)
    packs = tuple((pack, pack) for pack in c.known_packs)
    moves = [Move("choose_packs", "The theme packs drawn from the bag, or chosen", choices=(
        Choice("packs", "Theme packs" + ("" if state.solo else f" (one per player: {n})"), "cards", packs, low=1,
               high=len(packs) if state.solo else n),), group="setup", submit="Use these packs")]
    moves.append(Move("use_recommended_packs", "Use the packs recommended for new players", group="setup"))
    moves.append(Move("draw_packs", "Draw packs for us from the bag", {"packs": list(c.known_packs)}, (
        Choice("favourites", "Favourite packs (an extra token in the bag each)", "cards", packs),),
        group="setup", submit="Draw for us"))
    moves.append(Move("choose_game_changers", "Choose the Game Changers", choices=(
        Choice("game_changers", "Game Changers", "cards", tuple((name, name) for name, _ in c.game_changers)),),
        group="setup", submit="Play with these"))
    if state.everyone_knows:
        moves.append(Move("confirm_everyone_knows", "Not everyone knows the game after all", {"confirmed": False},
                          group="setup"))
    else:
        moves.append(Move("confirm_everyone_knows", "Everyone at the table knows the game", {"confirmed": True},
                          group="setup"))
    if not (state.packs and (len(state.packs) == n or state.solo) and (n < c.max_players or state.everyone_knows)):
        return moves  # (moves whose choices may all be left out are offered only when the rules take them)
    moves.append(Move("start_game", "Start the game", choices=(
        Choice("starting_player", "Who has the Starting Player marker", "seat", tuple(enumerate(names)),
               draw="Draw for us"),
        Choice("starting_coins", f"Starting coins, if a card changes them ({c.starting_coins} otherwise)", "number",
               low=0, high=999, optional=True)), group="setup", primary=True, submit="Start the game"))
    return moves


def _round(state: State) -> list[Move]:
    """The moves of the step the round is in, the turn's moves in the Play section, and two dice for a card."""
    c, moves = state.consts, []
    if state.section == "City" and state.city_round != state.round:
        if state.city_deck is not None:
            moves.append(Move("reveal_city", "Reveal this round's City card", primary=True))
        else:
            cards = tuple((card, c.label(card)) for card in sorted(city.left(state), key=c.label))
            moves.append(Move("reveal_city", "The City card the table turned over", choices=(
                Choice("card", "City card", "card", cards, draw="Draw for us"),), group="chance", primary=True,
                submit="Reveal it"))
    if state.section == "City" and state.city_round == state.round and state.market and \
            state.rolled_round != state.round:
        spaces = tuple((k.space, f"{c.city_card(k.card).name} (Market space {k.space})") for k in state.market)
        order = ", ".join(c.city_card(k.card).name for k in state.market)
        moves.append(Move("kaiju_roll", "The kaiju roll to attack", choices=(
            Choice("fell", f"How their dice fell ({c.kaiju_dice} for each kaiju, in Market order: {order})",
                   "dice", _faces(state), count=c.kaiju_dice * len(state.market), draw="Roll for us"),
            Choice("one_die", "Kaiju that roll one die only (a card says so)", "cards", spaces),
            Choice("cannot_attack", "Kaiju that cannot attack this round (a card says so)", "cards", spaces)),
            group="chance", primary=True, submit="Record how they fell"))
    if state.section == "Play" and state.turn is not None and not state.play_over:
        seat, who = state.turn, state.players[state.turn].name
        moves.append(Move("end_turn", f"{who} played an event", {"player": seat, "action": "event"}, seat=seat))
        moves.append(Move("end_turn", f"{who} passes", {"player": seat, "action": "pass"}, seat=seat))
        if state.uses(c.hard_pass):
            moves.append(Move("end_turn", f"{who} hard passes (no more events this round)",
                              {"player": seat, "action": "hard_pass"}, seat=seat))
        moves += _hits(state, seat)
    if state.step == "Cleanup" and state.cleanup < len(c.cleanup_steps):
        number = state.cleanup + 1
        text = c.cleanup_steps[number - 1]
        moves.append(Move("cleanup", f"Cleanup step {number}: {text}", choices=(
            Choice("step", "Which step (to check the order)", "pick", ((number, f"Step {number}"),), optional=True),),
            primary=True, submit=f"Step {number} is done"))
    moves.append(Move("advance", _next(state), primary=not any(m.primary for m in moves)))
    moves.append(Move("roll_dice", "Two dice for a card (Hit and Miss, or any card that says roll)", choices=(
        Choice("fell", "How the two dice fell", "dice", _faces(state), count=c.dice_per_roll, draw="Roll for us"),),
        group="chance", submit="Record how they fell"))
    return moves


def _next(state: State) -> str:
    """The words of going on: where the round goes next."""
    c = state.consts
    if state.step == "Cleanup":
        if state.round >= state.rounds:
            return f"Round {state.round} was the last: score the parks"
        return f"Round {state.round} is over: begin round {state.round + 1}"
    step, section = c.stages[state.stage + 1]
    return f"Go on to the {section} section" if step == state.step else f"Go on to the {step} step"


def _hits(state: State, seat: int) -> list[Move]:
    """Hitting each kaiju in the Market on the player's turn: with one of the cards that hit for 1, or Mecha-Rarrgon."""
    c, who = state.consts, state.players[seat]
    coins = Choice("coins_paid", "Coins the card costs (e.g. Military Air Strike)", "number", low=0,
                   high=min(who.coins, 99), optional=True)
    cards = tuple((name, name) for name in c.hitters)
    moves: list[Move] = []
    if who.hard_passed:
        return moves
    for k in state.market:
        if state.supply_silver < c.medals_per_health + (c.final_hit_bonus if k.health <= 1 else 0):
            continue  # the City cannot pay this hit's medals
        name = c.city_card(k.card).name
        fixed = {"player": seat, "space": k.space}
        moves.append(Move("hit_kaiju", f"{who.name} hits {name} (health {k.health})", fixed, (
            Choice("source", "With which card", "card", cards, optional=True), coins), seat=seat, submit="Hit it"))
        moves.append(Move("hit_kaiju", f"{who.name} hits {name} with {c.mecha}", {**fixed, "source": c.mecha}, (
            Choice("damage", "Damage (one for each upgrade demolished)", "number", low=1, high=c.die_sides), coins),
            seat=seat, submit="Hit it"))
    return moves


def _table(state: State) -> list[Move]:
    """Coins, the loan and the City's medals for any player (the player is one of the move's choices)."""
    c = state.consts
    seats = tuple(enumerate(p.name for p in state.players))
    moves = [Move("gain_coins", "A player gains coins", choices=(
                 Choice("player", "Who", "seat", seats), Choice("coins", "Coins", "number", low=1, high=WIDE)),
                 submit="Gain them"),
             Move("take_loan", f"A player takes their loan ({c.loan_coins} coins)", choices=(
                 Choice("player", "Who", "seat", seats),), submit="Take the loan"),
             Move("repay_loan", f"A player repays their loan ({c.loan_repay} coins)", choices=(
                 Choice("player", "Who", "seat", seats),), submit="Repay it")]
    if state.supply_silver:
        moves.append(Move("award_medals", "The City awards silver medals", choices=(
            Choice("player", "To whom", "seat", seats),
            Choice("silver", "Silver medals (1 if left empty)", "number", low=1, high=min(state.supply_silver, 100),
                   optional=True)), submit="Award them"))
    return moves


def _purse(state: State, seat: int) -> list[Move]:
    """What a player pays or sells from what they hold (a move whose choices may all be left out is offered only
    when the rules take it as it is)."""
    c, who = state.consts, state.players[seat]
    name, mine, rate = who.name, {"player": seat}, c.silver_per_gold
    moves = []
    if who.coins:
        moves.append(Move("pay_coins", f"{name} pays coins", mine, (
            Choice("coins", "Coins", "number", low=1, high=min(who.coins, WIDE)),), seat=seat, submit="Pay them"))
    if who.silver:
        moves.append(Move("sell_medals", f"{name} sells silver medals", mine, (
            Choice("count", "Silver medals (1 if left empty)", "number", low=1, high=min(who.silver, 100),
                   optional=True),
            Choice("coins_each", "Coins for each (if a card changes the price)", "pick", c.sell_prices,
                   optional=True),
            Choice("medal", "Which medals", "pick", (("silver", "Silver"),), optional=True)),
            seat=seat, submit="Sell them"))
    if who.silver >= rate and state.supply_gold:
        moves.append(Move("exchange_medals", f"{name} exchanges {rate} silver medals for a gold one",
                          {**mine, "to": "gold"}, (
                              Choice("count", "Gold medals wanted (1 if left empty)", "number", low=1,
                                     high=min(who.silver // rate, state.supply_gold, 100), optional=True),),
                          seat=seat, submit="Exchange"))
    if who.gold and state.supply_silver >= rate:
        moves.append(Move("exchange_medals", f"{name} exchanges a gold medal for {rate} silver ones",
                          {**mine, "to": "silver"}, (
                              Choice("count", "Gold medals given (1 if left empty)", "number", low=1,
                                     high=min(who.gold, state.supply_silver // rate, 100), optional=True),),
                          seat=seat, submit="Exchange"))
    return moves


def _sheet(state: State, seat: int) -> list[Move]:
    """A player's park scored entry by entry after the last round; the loan may still be repaid."""
    c, who = state.consts, state.players[seat]
    name, mine = who.name, {"player": seat}
    attractions = tuple((size, f"{size} icon{'' if size == 1 else 's'}: {points} points")
                        for size, points in c.attraction_points)
    return [
        Move("add_attraction", f"An attraction in {name}'s park", mine, (
            Choice("icons", "Icon size (one more icon for each card buried under it)", "pick", attractions),),
            seat=seat, submit="Score it"),
        Move("add_panorama", f"A complete panorama in {name}'s park", {**mine, "complete": True}, (
            Choice("cards", "Cards assembled", "pick", tuple((n, f"{n} cards: {p} points")
                                                          for n, p in c.panorama_complete)),), seat=seat,
            submit="Score it"),
        Move("add_panorama", f"A partial panorama in {name}'s park", {**mine, "complete": False}, (
            Choice("cards", "Cards assembled", "pick", tuple((n, f"{n} cards: {p} points")
                                                          for n, p in c.panorama_partial)),), seat=seat,
            submit="Score it"),
        Move("add_blueprint", f"A revealed blueprint in {name}'s park", mine, (
            Choice("points", "Points (negative for a failed one)", "number", low=-999, high=999),), seat=seat,
            submit="Score it"),
        Move("add_park_points", f"{name}'s staff points", {**mine, "points_for": "staff"}, (
            Choice("points", "Points", "number", low=-999, high=999),), seat=seat, submit="Add them"),
        Move("add_park_points", f"Other points for {name} (cards that score)", {**mine, "points_for": "other"}, (
            Choice("points", "Points", "number", low=-999, high=999),), seat=seat, submit="Add them"),
        Move("repay_loan", f"{name} repays the loan ({c.loan_repay} coins)", mine, seat=seat),
    ]
