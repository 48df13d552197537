"""Cards aimed at one opponent: Attacks (cover, discard a whole stack, Deport) and attack Actions (NSA,
Notario Fraud, Visa Backlog), with the target's answer: a Lawyer (the card is discarded with no
effect) or the single Bureaucratic Blitz (the card hits another player, where it must do something).
"""

from __future__ import annotations


from companion.rules.plural import plural
from companion.rules.contract import RuleError
from companion.rules.games.unsettled_immigration import board
from companion.rules.games.unsettled_immigration.cards import KINDS, OpCard
from companion.rules.games.unsettled_immigration.moves import defense_card
from companion.rules.games.unsettled_immigration.state import replace, State, card, check_player, discard_ops, name, \
    take_ops, with_player, current_turn
from companion.rules.games.unsettled_immigration.turns import act


def check_target(state: State, target: int, p: dict, c: OpCard, stack: int | None, redirected: bool,
                 answered: bool = False) -> None:
    """Refuses a target `c` may not be played on; a redirected card must also do something there. NSA's discarded
    card is checked against the hand it leaves (none when the target answers: a Lawyer stops it, a Blitz sends it
    on)."""
    t = state.players[target]
    if c.attack == "deport":
        if t.deport:
            raise RuleError(f"{t.name} is already Deported.")
        if board.active(state, target, "deport_immune"):
            raise RuleError(f"{t.name} has Naturalized: Deport cannot be played on a citizen.")
    elif c.attack in ("cover", "discard_stack"):
        board.target_stack(state, target, stack, c)
    elif redirected and c.action == "nsa" and t.ops + t.resources == 0:
        raise RuleError(f"{t.name} holds no cards, so NSA would have no effect on them.")
    elif redirected and c.action == "discard_resources" and t.resources == 0:
        raise RuleError(f"{t.name} holds no Resource cards, so {c.name} would have no effect on them.")
    elif redirected and c.action == "skip_milestones" and t.skip_buying:
        raise RuleError(f"{t.name} already skips buying Milestones on their next turn.")
    if c.action == "nsa" and not answered:
        nsa_discard(state, target, p["discard"])


NSA_OP = "op"  # NSA's discard: an Op card (the app keeps hands as counts, so it is not named)


def nsa_discard(state: State, target: int, what: str | None) -> tuple[str, bool] | None:
    """NSA's discarded card: a Resource name or "op" (an Op card), from a hand that holds one (None: empty hand)."""
    t = state.players[target]
    if what is None and t.ops + t.resources == 0:
        return None
    if what is None:
        raise RuleError(f"NSA discards any 1 card from {t.name}'s hand: say which kind (an Op card, or a "
                        f"{', '.join(k.title() for k in KINDS)} Resource card).")
    resource = what in KINDS
    if not resource and what != NSA_OP:
        raise RuleError(f"NSA discards an Op card or a Resource card from {t.name}'s hand: say which kind (the app "
                        "counts the cards in a hand, it does not name them).")
    if (resource and t.resources < 1) or (not resource and t.ops < 1):
        raise RuleError(f"{t.name} holds no {'Resource' if resource else 'Op'} card for NSA to discard.")
    return what, resource


def hit(state: State, target: int, stack: int | None, c: OpCard, p: dict) -> tuple[State, str]:
    """`c`'s effect on `target`, and what the table does."""
    t = state.players[target]
    if c.attack == "cover":
        assert stack is not None  # check_target refused it without a stack (board.target_stack)
        s = t.stacks[stack]
        stacks = t.stacks[:stack] + (replace(s, attack=c.id),) + t.stacks[stack + 1:]
        return with_player(state, target, stacks=stacks), (
            f"{c.name} covers {t.name}'s {s.type.replace('_', ' ').title()} stack: collapse it; no VP, no ability.")
    if c.attack == "discard_stack":
        assert stack is not None  # check_target refused it without a stack (board.target_stack)
        s = t.stacks[stack]
        state = with_player(state, target, stacks=t.stacks[:stack] + t.stacks[stack + 1:])
        return discard_ops(state, *s.cards, s.attack), f"{t.name} discards their whole " \
            f"{s.type.replace('_', ' ').title()} stack ({plural(len(s.cards), 'Milestone')})."
    if c.attack == "deport":
        return with_player(state, target, deport=c.id), f"{t.name} is Deported: place {c.name} beside their board."
    if c.action == "nsa":
        found = nsa_discard(state, target, p["discard"])
        if found is None:
            return state, f"NSA: {t.name}'s hand is empty."
        what, resource = found
        if resource:
            return with_player(state, target, resources=t.resources - 1), f"NSA: {t.name} discards a {what.title()}."
        return take_ops(state, target), f"NSA: {t.name} discards an Op card of their hand (NSA's player chooses it)."
    if c.action == "discard_resources":
        n = min(c.amount, t.resources)
        return with_player(state, target, resources=t.resources - n), \
            f"{t.name} discards {plural(n, 'random Resource card')}."
    if c.action == "skip_milestones":
        return with_player(state, target, skip_buying=True), f"{t.name} cannot buy Milestones on their next turn."
    raise AssertionError(c)


def aimed(state: State, c: OpCard, p: dict) -> tuple[State, str, bool]:
    """Plays `c` at p["target"]; the target may answer with p["defense"] (and redirect_to / redirect_stack).
    Returns the state, what the table does, and whether the card took effect."""
    i, target = current_turn(state).player, p["target"]
    if target is None:
        raise RuleError(f"{c.name} is played on an opponent: name the target player.")
    check_player(state, target)
    if target == i:
        raise RuleError(f"{c.name} targets an opponent, not its own player.")
    if c.attack not in ("cover", "discard_stack") and (p["stack"] is not None or p["redirect_stack"] is not None):
        raise RuleError(f"{c.name} is played on a player, not on one of their Milestone stacks.")
    check_target(state, target, p, c, p["stack"], redirected=False, answered=p["defense"] is not None)
    defense = defense_card(state, p["defense"])
    if (defense is None or defense.defense != "redirect") and (p["redirect_to"] is not None
                                                                or p["redirect_stack"] is not None):
        raise RuleError("Only a Bureaucratic Blitz sends a card to another player.")
    played = f"{name(state, i)} plays {c.name} on {name(state, target)}."
    if defense is None:
        if p["redirect_to"] is not None:
            raise RuleError("Only a Bureaucratic Blitz redirects a card to another player.")
        state, told = hit(state, target, p["stack"], c, p)
        return state, f"{played} {told}", True
    state = discard_ops(take_ops(state, target), defense.id)
    if defense.defense == "block":
        if p.get("discard") is not None:
            raise RuleError(f"{name(state, target)}'s Lawyer stops NSA: no card is discarded from their hand.")
        return state, f"{played} {name(state, target)}'s Lawyer: {c.name} is discarded with no effect.", False
    new = p["redirect_to"]
    if new is None or new == target:
        raise RuleError("A Bureaucratic Blitz sends the card to a different player: say who it hits instead.")
    check_player(state, new)
    try:
        check_target(state, new, p, c, p["redirect_stack"], redirected=True)
    except RuleError as error:
        raise RuleError(f"A redirected card must have an effect on its new target: {error}") from None
    state, told = hit(state, new, p["redirect_stack"], c, p)
    return state, f"{played} {name(state, target)}'s Bureaucratic Blitz sends it to {name(state, new)}. {told}", True


def play_attack(state: State, p: dict) -> State:
    c = card(state, p["card"])
    if c.kind != "attack":
        raise RuleError(f"{c.name} is not an Attack card.")
    board.check_copies(state, c)
    state = take_ops(act(state, f"playing {c.name}"), current_turn(state).player)
    state, told, landed = aimed(state, c, p)
    if c.attack == "discard_stack" or not landed:
        state = discard_ops(state, c.id)
    return replace(state, told=told)
