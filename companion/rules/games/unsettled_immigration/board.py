"""A player's board: Milestone stacks by type, Attacks covering them, VP and the abilities that work.

Milestones of one type share a stack. An Attack covers a whole stack: it collapses, scores no VP
and gives no ability. A Milestone bought while its type's stack is covered starts a new stack, and
the stacks join again (splay out) when the Attack goes. A Deport beside the board switches every
ability off and stops new Milestones, but the VP still count.
"""

from __future__ import annotations


from companion.rules.contract import RuleError
from companion.rules.games.unsettled_immigration.cards import OpCard
from companion.rules.games.unsettled_immigration.state import replace, Stack, State, card, name


def add_milestone(stacks: tuple[Stack, ...], milestone: OpCard) -> tuple[Stack, ...]:
    """The board with `milestone` on its type's uncovered stack, or in a new stack of its own."""
    assert milestone.milestone_type is not None  # every Milestone card of op.csv names its type
    for i, s in enumerate(stacks):
        if s.type == milestone.milestone_type and s.attack is None:
            return stacks[:i] + (replace(s, cards=s.cards + (milestone.id,)),) + stacks[i + 1:]
    return stacks + (Stack(milestone.milestone_type, (milestone.id,)),)


def splay(stacks: tuple[Stack, ...]) -> tuple[Stack, ...]:
    """Uncovered stacks of one type joined into the first of them (the older cards at the bottom)."""
    out: list[Stack] = []
    for s in stacks:
        for i, kept in enumerate(out):
            if s.attack is None and kept.attack is None and kept.type == s.type:
                out[i] = replace(kept, cards=kept.cards + s.cards)
                break
        else:
            out.append(s)
    return tuple(out)


def uncover(stacks: tuple[Stack, ...], index: int) -> tuple[tuple[Stack, ...], str]:
    """The board with the Attack on stack `index` discarded (stacks joined again), and that Attack's id."""
    attack = stacks[index].attack
    assert attack is not None
    stacks = stacks[:index] + (replace(stacks[index], attack=None),) + stacks[index + 1:]
    return splay(stacks), attack


def stack_vp(state: State, stack: Stack) -> int:
    return sum(card(state, c).vp for c in stack.cards)


def scores(state: State, stack: Stack) -> bool:
    return stack.attack is None or state.consts.covered_scores


def vp(state: State, player: int) -> int:
    """VP showing on a board: uncovered stacks only (covered ones score if covered_stack_scores)."""
    return sum(stack_vp(state, s) for s in state.players[player].stacks if scores(state, s))


def active(state: State, player: int, effect: str) -> int:
    """How many Milestones give `effect` to `player` now: uncovered, not Deported (and, if the rules say
    so, not bought this very turn)."""
    p = state.players[player]
    if p.deport is not None:
        return 0
    fresh = list(state.turn.bought) if state.turn and state.turn.player == player and \
        not state.consts.usable_when_bought else []
    n = 0
    for s in p.stacks:
        if s.attack is not None:
            continue
        for c in s.cards:
            if card(state, c).ability == effect:
                if c in fresh:
                    fresh.remove(c)
                else:
                    n += 1
    return n


def available(state: State, player: int, effect: str) -> int:
    """Uses of `effect` left to `player` this turn (each Milestone's ability: ability_uses_per_turn)."""
    total = active(state, player, effect) * state.consts.ability_uses
    if state.turn and state.turn.player == player:
        total -= state.turn.uses(effect)
    return max(0, total)


def holds(state: State, player: int, card_id: str) -> bool:
    """An "only 1 on your board" check: the player has this Milestone (covered copies count if the rules say)."""
    return any(card_id in s.cards and (s.attack is None or state.consts.only_one_when_covered)
               for s in state.players[player].stacks)


def check_only_one(state: State, player: int, milestone: OpCard) -> None:
    if milestone.only_one and holds(state, player, milestone.id):
        covered = any(milestone.id in s.cards and s.attack for s in state.players[player].stacks)
        raise RuleError(f"{name(state, player)} already has a {milestone.name} on their board"
                        + (" (covered by an Attack, but it still counts)" if covered else "")
                        + f": you may only have 1 {milestone.name} on your board.")


def visible_copies(state: State, card_id: str) -> int:
    """Copies face up on the table: on boards, beside them (Deport) and in the Op discard pile."""
    n = state.op_discard.count(card_id)
    for p in state.players:
        n += (p.deport == card_id) + sum(s.cards.count(card_id) + (s.attack == card_id) for s in p.stacks)
    return n


def check_copies(state: State, c: OpCard) -> None:
    """Refuses a card whose every copy is already face up (the Op discard pile counts until reshuffled)."""
    limit = state.consts.blitz_count if c.defense == "redirect" else c.count
    if visible_copies(state, c.id) >= limit:
        raise RuleError(f"There {'is only 1' if limit == 1 else f'are only {limit}'} {c.name} in the Op deck, "
                        "and every copy is already on the table or in the discard pile "
                        "(reshuffle the Op discard pile first if it went back into the deck).")


def target_stack(state: State, player: int, index: int | None, attack: OpCard) -> None:
    """Refuses a stack an Attack may not target: missing, of the wrong type, or already covered."""
    stacks = state.players[player].stacks
    who = name(state, player)
    if not stacks:
        raise RuleError(f"{who} has no Milestones on their board, so {attack.name} has nothing to target.")
    if index is None or not 0 <= index < len(stacks):
        raise RuleError(f"{attack.name} targets one of {who}'s stacks: choose which one.")
    s = stacks[index]
    if attack.target_type and s.type != attack.target_type:
        raise RuleError(f"{attack.name} may only target a {attack.target_type.replace('_', ' ').title()} "
                        f"stack, and that stack of {who}'s is {s.type.replace('_', ' ').title()}.")
    if attack.attack == "cover" and s.attack is not None:
        raise RuleError(f"{who}'s {s.type.replace('_', ' ').title()} stack is already covered by "
                        f"{card(state, s.attack).name}: an Attack covers an uncovered stack.")
