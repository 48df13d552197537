"""The end-game score sheet: players enter what their parks show, the rules compute each category.

Attractions score by icon size (each buried card adds an icon), blueprints and staff as entered,
coins at 1 point per 2, each unpaid loan loses its penalty, panoramas by the partial/complete
table, medals at 10 (silver) and 50 (gold). Every number comes from game.toml.
"""

from __future__ import annotations

from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unfair_chko import quinn
from companion.rules.games.unfair_chko.consts import Consts
from companion.rules.games.unfair_chko.state import replace, Player, State, player, with_player


def attraction_points(consts: Consts, icons: int, buried: int = 0) -> int:
    """Points of one attraction: its icon size, plus the icons its buried cards add, looked up in the table."""
    table = consts.table("attraction_points")
    size = icons + buried * consts.buried_icons
    if icons < 1:
        raise RuleError("An attraction has at least its own icon: enter an icon size of 1 or more.")
    if size not in table:
        raise RuleError(f"The attraction scoring table goes from {min(table)} to {max(table)} icons, and this "
                        f"attraction has {size}.")
    return table[size]


def panorama_points(consts: Consts, cards: int, complete: bool) -> int:
    """Points of one panorama by the number of cards assembled, partial or complete."""
    table = consts.table("panorama_complete" if complete else "panorama_partial")
    if cards not in table:
        partial = consts.table("panorama_partial")
        if complete and cards in partial:
            raise RuleError(f"There is no complete panorama of {cards} cards (the table says n/a): score it as a "
                            "partial panorama.")
        raise RuleError(f"A panorama scores with {min(partial)} to {max(partial)} cards assembled, not {cards}.")
    return table[cards]


def _paired(given: list | None, kept: tuple, length: int, default: Any, what: str, per: str) -> tuple:
    if given is None:
        return (tuple(kept) + (default,) * length)[:length]
    if len(given) != length:
        raise RuleError(f"Give one {what} per {per}: {length} {per}s and {len(given)} {what}s were entered.")
    return tuple(given)


def score_sheet(state: State, p: dict[str, Any]) -> State:
    """Replaces the parts of a player's sheet that this event gives, checking each against the tables."""
    if state.phase == "setup":
        raise RuleError("The score sheet opens once the game has started.")
    c, who = state.consts, player(state, p["player"])
    sheet = who.sheet
    icons = tuple(p["attraction_icons"]) if p.get("attraction_icons") is not None else sheet.icons
    buried = _paired(p.get("buried"), sheet.buried, len(icons), 0, "buried count", "attraction")
    sizes = tuple(p["panorama_sizes"]) if p.get("panorama_sizes") is not None else sheet.panoramas
    complete = _paired(p.get("panorama_complete"), sheet.complete, len(sizes), False, "completeness", "panorama")
    for i, b in zip(icons, buried):
        attraction_points(c, i, b)
    for n, done in zip(sizes, complete):
        panorama_points(c, n, done)
    sheet = replace(sheet, icons=icons, buried=buried, panoramas=sizes, complete=complete,
                    blueprints=tuple(p["blueprint_points"]) if p.get("blueprint_points") is not None
                    else sheet.blueprints,
                    staff=sheet.staff if p.get("staff_points") is None else p["staff_points"],
                    other=sheet.other if p.get("other_points") is None else p["other_points"])
    changes: dict[str, Any] = {"sheet": sheet}
    if p.get("coins") is not None:
        changes["coins"] = p["coins"]
    if p.get("unpaid_loans") is not None:
        changes["loans"] = p["unpaid_loans"]
    return replace(with_player(state, p["player"], **changes), told=f"{who.name}'s score sheet is updated.")


def categories(c: Consts, pl: Player) -> dict[str, int]:
    s = pl.sheet
    points = {
        "Attractions": sum(attraction_points(c, i, b) for i, b in zip(s.icons, s.buried)),
        "Blueprints": sum(s.blueprints),
        "Staff": s.staff,
        "Coins": pl.coins // c.coins_per_point,
        "Loans": -pl.loans * c.loan_penalty,
        "Panoramas": sum(panorama_points(c, n, done) for n, done in zip(s.panoramas, s.complete)),
        "Medals": pl.silver * c.silver_points + pl.gold * c.gold_points,
        "Other": s.other,
    }
    return {name: points.get(name, 0) for name in c.categories}


def score(state: State) -> dict[str, Any]:
    """Totals, places (tied players share a place) and, once the game is over, the winners.

    In a solo game Quinn's own sheet takes part: the player wins only by reaching Quinn's total
    (a tie is shared), and `automa` holds Quinn's categories and place.
    """
    c = state.consts
    rows = [categories(c, pl) for pl in state.players]
    totals = [sum(row.values()) for row in rows]
    bot = quinn.sheet(state)
    rivals = totals + ([bot["total"]] if bot else [])
    places = [1 + sum(1 for t in rivals if t > total) for total in totals]
    finished = state.phase == "over"
    if bot:
        # Quinn's sheet has rows a player's has not (its stars): each appears on every sheet, so every column of the
        # breakdown adds up to its total (a player scores 0 there)
        extra = [name for name in bot["categories"] if name not in c.categories]
        rows = [{**row, **dict.fromkeys(extra, 0)} for row in rows]
        bot = {**bot, "place": 1 + sum(1 for t in totals if t > bot["total"]), "wins": finished and all(
            bot["total"] >= t for t in totals)}
    return {
        "automa": bot,
        "players": [{
            "name": pl.name, "total": total, "place": place, "categories": row,
            "details": {
                "attractions": [{"icons": i, "buried": b, "icon_size": i + b * c.buried_icons,
                                 "points": attraction_points(c, i, b)}
                                for i, b in zip(pl.sheet.icons, pl.sheet.buried)],
                "blueprints": list(pl.sheet.blueprints),
                "panoramas": [{"cards": n, "complete": done, "points": panorama_points(c, n, done)}
                              for n, done in zip(pl.sheet.panoramas, pl.sheet.complete)],
                "coins": pl.coins, "unpaid_loans": pl.loans, "silver_medals": pl.silver, "gold_medals": pl.gold,
            }} for pl, row, total, place in zip(state.players, rows, totals, places)],
        "winners": [i for i, place in enumerate(places) if place == 1] if finished else [],
        "finished": finished,
    }


def _scoring(state: State, what: str) -> None:
    """Parks are scored after the last round (or once the table stops early), before the game's end."""
    if state.phase == "setup":
        raise RuleError(f"The game has not started: {what} comes at the end of the game.")
    if state.phase == "play":
        raise RuleError(f"Parks are scored after the last round: {what} waits until then (or stop the game early "
                        "by agreement).")
    if state.phase == "over":
        raise RuleError(f"The game is over: {what} is no longer possible (correct a score sheet by hand, or undo the "
                        "game's end).")


def _sheet(state: State, index: int, told: str, **changes: Any) -> State:
    who = player(state, index)
    return replace(with_player(state, index, sheet=replace(who.sheet, **changes)), told=told)


def add_attraction(state: State, p: dict[str, Any]) -> State:
    _scoring(state, "scoring an attraction")
    who = player(state, p["player"])
    points = attraction_points(state.consts, p["icons"])
    return _sheet(state, p["player"], f"{who.name}'s attraction of {p['icons']} icons scores {points} points.",
                  icons=who.sheet.icons + (p["icons"],), buried=who.sheet.buried + (0,))


def add_blueprint(state: State, p: dict[str, Any]) -> State:
    _scoring(state, "scoring a blueprint")
    who = player(state, p["player"])
    return _sheet(state, p["player"], f"{who.name}'s blueprint scores {p['points']} points.",
                  blueprints=who.sheet.blueprints + (p["points"],))


def add_panorama(state: State, p: dict[str, Any]) -> State:
    _scoring(state, "scoring a panorama")
    who = player(state, p["player"])
    points = panorama_points(state.consts, p["cards"], p["complete"])
    kind = "complete" if p["complete"] else "partial"
    return _sheet(state, p["player"], f"{who.name}'s {kind} panorama of {p['cards']} cards scores {points} points.",
                  panoramas=who.sheet.panoramas + (p["cards"],), complete=who.sheet.complete + (p["complete"],))


def add_park_points(state: State, p: dict[str, Any]) -> State:
    _scoring(state, "adding points")
    who = player(state, p["player"])
    if p["points_for"] == "staff":
        return _sheet(state, p["player"], f"{who.name} adds {p['points']} staff points.",
                      staff=who.sheet.staff + p["points"])
    return _sheet(state, p["player"], f"{who.name} adds {p['points']} other points.", other=who.sheet.other + p["points"])
