"""The Time marker, the Group Trust marker and the Focus cubes: advancing, wrapping, Timeline Triggers, trust
flips, Focus turned.

Time advances one space at a time. Past the last space the marker goes back to the first and every
explorer loses Endurance. A Trigger resolves when an advance ends (lands) on its space; with
constants.trigger_resolves_on_pass it also resolves on the spaces an advance passes over. Its effect
is the one of the open Survival Task page, and each resolution is recorded in `trigger_log`. A Focus cube
at the bottom that must turn down advances Time instead, and a Trigger may cost Focus: Focus and Time set
each other off, so they are turned in this one module.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival import effects
from companion.rules.games.unsettled_survival.state import Game, Pending, explorer, focus_index, note, with_explorer, replace


def advance(game: Game, steps: int, reason: str) -> Game:
    book = game.book
    for step in range(steps):
        if game.outcome != "playing":
            break
        if game.time >= book["timeline_length"]:
            game = note(replace(game, time=book["time_start_space"]),
                        f"Time passes the last space ({reason}): the marker goes back to space "
                        f"{book['time_start_space']} and every explorer loses "
                        f"{book['timeline_wrap_endurance_loss']} Endurance.")
            game = effects.lose_endurance_all(game, book["timeline_wrap_endurance_loss"], "the Timeline wrapped")
        else:
            game = replace(game, time=game.time + 1)
        lands = step == steps - 1 or book["trigger_resolves_on_pass"]
        if lands and game.time in game.triggers and game.outcome == "playing":
            game = resolve_trigger(game)
    return game


def move_back(game: Game, steps: int) -> Game:
    """Moves the marker back (never before the first space); no Trigger resolves."""
    return replace(game, time=max(game.book["time_start_space"], game.time - steps))


def resolve_trigger(game: Game) -> Game:
    page = game.book.pages()[game.page - 1]
    effect, amount = page.get("trigger_effect"), game.book["trigger_amount"]
    active = game.turn.player
    if effect == "lose_focus_off_scarab":
        away = [p for p, e in enumerate(game.explorers) if e.node != "scarab"]
        who = [game.explorers[p].name for p in away]
        what = (f"{who[0]} loses {amount} Focus of their choice" if len(who) == 1 else
                f"{', '.join(who[:-1])} and {who[-1]} each lose {amount} Focus of their choice" if who else
                "every explorer is on the Scarab: nothing happens")
    elif effect == "active_gains_distress":
        what = f"{game.explorers[active].name} gains {amount} Distress"
    elif effect == "trust_down":
        what = "Group Trust decreases"
    elif effect == "all_lose_endurance":
        what = f"every explorer loses {amount} Endurance"
    else:
        raise RuleError(f"The Trigger effect {effect!r} of page {game.page} is not known to these rules.")
    text = f"Timeline Trigger on space {game.time} ({page.name}, page {game.page}): {what}."
    game = note(replace(game, trigger_log=game.trigger_log + ((game.time, effect, text),)), text)
    reason = f"Timeline Trigger on space {game.time}"
    for _ in range(amount):
        if effect == "lose_focus_off_scarab":
            for player in away:
                game = ask_focus(game, player, "lose_focus", reason)
        elif effect == "active_gains_distress":
            game = effects.gain_distress(game, active, reason)
        elif effect == "trust_down":
            game = change_trust(game, "down", reason)
        else:
            game = effects.lose_endurance_all(game, 1, reason)
    return game


def change_trust(game: Game, direction: str, reason: str, focus: Sequence[tuple[int, str]] | None = None) -> Game:
    """Raises or lowers Group Trust. Moving to the other side flips every Trait; already there, the
    crew distributes the focus steps instead: `focus` lists the (explorer, cube) pairs, or a choice is
    asked for when it is None."""
    high, low = game.book["trust_states"]
    target = high if direction == "up" else low
    count = game.book["trust_same_side_focus"]
    if game.trust != target:
        if focus:
            raise RuleError(f"Group Trust moves to {target}, so no Focus is distributed: choose no cubes.")
        side = "white" if target == high else "black"
        return note(replace(game, trust=target),
                    f"Group Trust becomes {target} ({reason}): every Trait turns {side} side up.")
    step = 1 if direction == "up" else -1
    if focus is None:
        pending = Pending("trust_focus", -1, amount=step, count=count,
                          reason=f"Group Trust is already {target} ({reason}): distribute {step * count:+d} Focus")
        return replace(game, pending=game.pending + (pending,))
    return distribute(game, focus, step, count, f"Group Trust already {target}")


def distribute(game: Game, focus: Sequence[tuple[int, str]], step: int, count: int, reason: str) -> Game:
    if len(focus) != count:
        raise RuleError(f"{reason}: the crew distributes {step * count:+d} Focus, so name exactly {count} "
                        f"cubes (the same cube twice is allowed), not {len(focus)}.")
    for player, _cube in focus:
        explorer(game, player)
    game = note(game, f"{reason}: " + ", ".join(f"{game.explorers[p].name}'s {c} {step:+d}" for p, c in focus) + ".")
    for player, cube in focus:
        game = turn_focus(game, player, cube, step, reason)
    return game


def turn_focus(game: Game, player: int, cube: str, steps: int, reason: str) -> Game:
    """Turns a Focus cube up (steps > 0) or down; each step down a cube at the bottom cannot pay
    advances Time instead."""
    index = focus_index(game, cube)
    values = list(explorer(game, player).focus)
    low, high = game.book["focus_min"], game.book["focus_max"]
    missing = max(0, low - (values[index] + steps)) if steps < 0 else 0
    values[index] = min(high, max(low, values[index] + steps))
    game = with_explorer(game, player, focus=tuple(values))
    if missing:
        game = note(game, f"{game.explorers[player].name}'s {cube} cube is at {low}: Time advances instead.")
        game = advance(game, missing * game.book["focus_zero_decrease_time"], f"{cube} at {low}")
    return game


def ask_focus(game: Game, player: int, kind: str, reason: str) -> Game:
    """Asks the player which cube gains or loses 1 (a choice); when every cube is at the bottom a
    loss costs Time whichever cube is picked, so nothing is asked."""
    values = explorer(game, player).focus
    if kind == "lose_focus" and all(v <= game.book["focus_min"] for v in values):
        return turn_focus(game, player, game.book["focus_types"][0], -1, reason)
    if kind == "gain_focus" and all(v >= game.book["focus_max"] for v in values):
        return game
    return replace(game, pending=game.pending + (Pending(kind, player, reason=reason),))


def parse_focus(items: Sequence[str]) -> list[tuple[int, str]]:
    """'1:wonder' items (explorer number, cube) as pairs."""
    pairs = []
    for item in items:
        player, _, cube = item.partition(":")
        if not player.strip().isdigit() or not cube:
            raise RuleError("Choose each Focus cube by its explorer and its colour (Awareness, Wonder or Energy).")
        pairs.append((int(player), cube.strip()))
    return pairs
