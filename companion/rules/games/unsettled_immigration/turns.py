"""Setup and the turn cycle: starting hands, who goes first, each turn's draws and actions, the winner.

A turn starts with its draws (2 Resource and 1 Op card, plus one per Job or Marriage that works,
less what a Pandemic skips) and one action; `end_turn` passes it clockwise. The game ends the
moment a board shows the VP cap (game.toml's, or the one chosen as a setup option).
"""

from __future__ import annotations


from companion.rules.plural import plural
from companion.rules import turn_order
from companion.rules.contract import RuleError, SetupConfig
from companion.rules.fields import EventSpec, Field, FieldError
from companion.rules.games.unsettled_immigration import board
from companion.rules.games.unsettled_immigration.cards import read_cards, read_consts
from companion.rules.games.unsettled_immigration.payment import units
from companion.rules.games.unsettled_immigration.state import replace, Player, State, Turn, card, check_player, name, \
    take_ops, with_player, current_turn

OPTIONS = EventSpec("Setup options of Unsettled.", {
    "vp_to_win": Field("integer", required=False, minimum=1, maximum=200, label="Victory points to win",
                       description="the rulebook's cap for the number of players when left empty"),
})


def setup(config: SetupConfig) -> State:
    """A new game: every player holds the starting Op cards; the VP cap is the option or game.toml's."""
    low, high = config.game.players
    if not low <= len(config.players) <= high:
        raise RuleError(f"Unsettled is played by {low} to {high} players, not {len(config.players)}.")
    try:
        options = OPTIONS.check(dict(config.options or {}))
    except FieldError as error:
        raise RuleError(f"Setup option {error.field.removeprefix('payload.')}: {error.message}.") from None
    consts = read_consts(config.game.constants)
    cap = options["vp_to_win"] or dict(consts.vp_to_win_by_players).get(len(config.players), consts.vp_to_win)
    players = tuple(Player(n, consts.starting_op_cards, consts.starting_resources) for n in config.players)
    return State(cards=read_cards(config.game), consts=consts, vp_to_win=cap, players=players,
                 told=f"Deal {consts.starting_op_cards} Op cards to each player; first to {cap} VP wins.")


def mulligan(state: State, p: dict) -> State:
    i = p["player"]
    pl = check_player(state, i)
    if pl.starting:
        raise RuleError(f"{pl.name} already placed a starting Milestone: a new hand is drawn before that.")
    if pl.mulligans >= state.consts.mulligans:
        raise RuleError(f"{pl.name} already drew a new starting hand: a player may do so "
                        f"{plural(state.consts.mulligans, 'time')}.")
    n = state.consts.starting_op_cards
    state = with_player(state, i, ops=n, mulligans=pl.mulligans + 1)
    return replace(state, told=f"{pl.name} discards their whole hand and draws {n} new Op cards.")


def place_starting(state: State, p: dict) -> State:
    i, c = p["player"], card(state, p["card"])
    pl = check_player(state, i)
    if c.kind != "milestone":
        raise RuleError(f"{c.name} is not a Milestone: only a Milestone may start on the board.")
    if c.has_document and not state.consts.start_document_allowed:
        raise RuleError(f"{c.name} has a Document icon in its cost, and Milestones with a Document are "
                        "never free: it may not start on the board.")
    if len(pl.starting) >= state.consts.start_free_milestones:
        raise RuleError(f"{pl.name} already placed a starting Milestone: each player may place "
                        f"{state.consts.start_free_milestones} for free.")
    board.check_only_one(state, i, c)
    board.check_copies(state, c)
    state = take_ops(state, i)
    state = with_player(state, i, starting=pl.starting + (c.id,),
                        stacks=board.add_milestone(pl.stacks, c))
    return replace(state, told=f"{pl.name} places {c.name} on their board for free.")


def starting_cost(state: State, player: int) -> float:
    """The cheapest starting Milestone's worth in Time units; none counts as dearest (or cheapest)."""
    placed = state.players[player].starting
    if not placed:
        return float("inf") if state.consts.no_milestone_last else 0
    return min(units(card(state, c).cost, state.consts) for c in placed)


def first_player(state: State, chosen: int | None) -> int:
    """The player with the lowest-cost starting Milestone; `chosen` breaks a tie (and must be tied)."""
    costs = [starting_cost(state, i) for i in range(len(state.players))]
    tied = [i for i, c in enumerate(costs) if c == min(costs)]
    names = " and ".join(name(state, i) for i in tied)
    if chosen is None:
        if len(tied) > 1:
            raise RuleError(f"{names} tie for the lowest-cost starting Milestone: name the first player, the "
                            "one who has spent the least time in the country you are playing in.")
        return tied[0]
    check_player(state, chosen)
    if len(tied) == 1:
        raise RuleError(f"Nobody ties for the lowest-cost starting Milestone: {names} goes first by the rules, "
                        "so there is nobody to choose.")
    if chosen not in tied:
        raise RuleError(f"{name(state, chosen)} cannot go first: the player with the lowest-cost starting "
                        f"Milestone goes first, and that is {names}.")
    return chosen


def start_game(state: State, p: dict) -> State:
    first = first_player(state, p["first_player"])
    state = replace(state, phase="play", first_player=first)
    return begin_turn(state, first, 1, f"{name(state, first)} goes first.")


def begin_turn(state: State, player: int, number: int, before: str = "") -> State:
    """The player's turn starts: draws (Pandemic skips the Resource draw, Jobs and Marriages add) and actions."""
    pl = state.players[player]
    state = replace(state, turn=Turn(player, number, state.consts.actions_per_turn, 0, 0,
                                     no_buying=pl.skip_buying))
    jobs = board.available(state, player, "extra_resource")
    marriages = board.available(state, player, "extra_op")
    res = (0 if pl.skip_draw else state.consts.draw_resources) + jobs
    ops = state.consts.draw_ops + marriages
    turn = current_turn(state).use("extra_resource", jobs).use("extra_op", marriages)
    state = with_player(state, player, resources=pl.resources + res, ops=pl.ops + ops,
                        skip_draw=False, skip_buying=False)
    state = replace(state, turn=replace(turn, drew_resources=res, drew_ops=ops))
    told = f"{before} {pl.name}'s turn: draw {plural(res, 'Resource card')} and {plural(ops, 'Op card')}".strip()
    told += " (Pandemic: no Resource draw)" if pl.skip_draw else ""
    told += " (Visa Backlog: no Milestones this turn)" if pl.skip_buying else ""
    return replace(state, told=f"{told}, then take {plural(state.consts.actions_per_turn, 'action')}.")


def end_turn(state: State, p: dict) -> State:
    t = current_turn(state)
    pl = state.players[t.player]
    limit = state.consts.hand_limit
    if limit and pl.ops + pl.resources > limit:
        raise RuleError(f"{pl.name} holds {pl.ops + pl.resources} cards: discard down to {limit} before "
                        "ending the turn.")
    shutdowns = tuple(replace(s, turns_left=s.turns_left - (s.player == t.player)) for s in state.shutdowns)
    state = replace(state, shutdowns=tuple(s for s in shutdowns if s.turns_left > 0))
    return begin_turn(state, turn_order.following(t.player, len(state.players)), t.number + 1)


def act(state: State, what: str) -> State:
    """Spends one of the turn's actions on `what`."""
    if current_turn(state).actions < 1:
        raise RuleError(f"{name(state, current_turn(state).player)} has no action left this turn for {what}: "
                        "each turn gives one action (plus any a card grants); end the turn.")
    return replace(state, turn=replace(current_turn(state), actions=current_turn(state).actions - 1))


def may_buy(state: State, player: int) -> None:
    """Refuses a Milestone while Deported, in a Government Shutdown or under a Visa Backlog."""
    who = name(state, player)
    if state.players[player].deport:
        raise RuleError(f"{who} is Deported: a Deported player cannot play new Milestones until the Deport "
                        "is paid off or cleared by an Amnesty.")
    for s in state.shutdowns:
        if player not in s.exempt:
            raise RuleError(f"Government Shutdown: nobody, {name(state, s.player)} included, may buy Milestones "
                            f"until the end of {name(state, s.player)}'s next turn.")
    if current_turn(state).no_buying and current_turn(state).player == player:
        raise RuleError(f"Visa Backlog: {who} cannot buy Milestones this turn.")


def check_winner(state: State) -> State:
    """The game ends the moment a board shows the VP cap; everyone at the cap then wins."""
    if state.phase != "play":
        return state
    winners = tuple(i for i in range(len(state.players)) if board.vp(state, i) >= state.vp_to_win)
    if not winners:
        return state
    who = " and ".join(name(state, i) for i in winners)
    won = "won!" if len(winners) == 1 else "won together!"
    return replace(state, phase="over", winners=winners, told=f"{state.told} {who} reached {state.vp_to_win} VP and {won}")


def end_game(state: State, p: dict) -> State:
    """The table stops the game by agreement: the VP on the boards as they stand decide (ties share the win)."""
    vps = [board.vp(state, i) for i in range(len(state.players))]
    winners = tuple(i for i, v in enumerate(vps) if v == max(vps))
    who = " and ".join(name(state, i) for i in winners)
    return replace(state, phase="over", winners=winners, ended_by="agreement",
                   told=f"The table stops the game here: {who} {'leads' if len(winners) == 1 else 'lead'} with "
                        f"{max(vps)} VP and {'wins' if len(winners) == 1 else 'share the win'}.")
