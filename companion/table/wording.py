"""Events as sentences a player reads: the game's own wording first, then the shared events', then a fallback.

A game's rules may word their events (`describe`, see companion/rules/contract.py). A printed card title
is marked `*Title*` in such a sentence: the pages show it in italics, the API's `text` drops the stars.
The fallback never shows a field name, an id or snake_case: it says what kind of change it was, with the
players it names.
"""

from __future__ import annotations

import re
from typing import Any
from collections.abc import Callable, Mapping, Sequence

from markupsafe import Markup, escape

PLAYER_FIELDS = ("player", "target", "owner", "receiver", "seller", "redirect_to", "first_player",
                 "starting_player", "processing_delay_by", "blitz_by")
TITLE = re.compile(r"\*([^*\n]+)\*")
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")

Describe = Callable[[Mapping[str, Any], Sequence[str]], "str | None"]


def humanise(name: str) -> str:
    """`discard_drawn` -> "discard drawn": the last resort for a name that has no words of its own."""
    return name.replace("_", " ").strip()


def player_name(value: Any, players: Sequence[str]) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(players):
        return players[value]
    return "a player"


def _shared(event: Mapping[str, Any], players: Sequence[str]) -> str | None:
    """The events every game shares: notes, renames, points corrections, the end of the game."""
    kind, p = event["type"], event.get("payload") or {}
    who = player_name(p.get("player"), players) if "player" in p else None
    if kind == "note":
        return f"Note: “{p.get('text', '')}”"
    if kind == "rename_player" and who:
        return f"{who} is now called {p.get('name', '')}."
    if kind in ("add_points", "set_points") and who and isinstance(p.get("points"), int):
        where = f" ({p['category']})" if isinstance(p.get("category"), str) and p["category"] else ""
        if kind == "set_points":
            return f"{who}'s points{where} are set to {p['points']}."
        n = p["points"]
        return f"{who} {'scores' if n >= 0 else 'loses'} {abs(n)} point{'s' if abs(n) != 1 else ''}{where}."
    if kind in ("end_game", "finish"):
        return "The game is over."
    if kind == "next_round":
        return "The next round begins."
    if kind == "roll" and isinstance(p.get("results"), list):
        faces = ", ".join(str(r) for r in p["results"])
        return f"{'Rolled' if not p.get('entered') else 'The dice fell'}: {faces}."
    return None


def _fallback(event: Mapping[str, Any], players: Sequence[str], spec_text: str | None) -> str:
    """A game's event with no wording of its own: its description (a sentence of the rules), with the players."""
    p = event.get("payload") or {}
    named = [player_name(p[f], players) for f in PLAYER_FIELDS if f in p and isinstance(p[f], int)]
    head = spec_text.rstrip(".") if spec_text else humanise(event["type"]).capitalize()
    head = head.split(":")[0] if ":" in head[:40] else head  # "Correction: add points ..." keeps its first words
    return f"{head}{' (' + ', '.join(dict.fromkeys(named)) + ')' if named else ''}."


def describe(event: Mapping[str, Any], players: Sequence[str], own: Describe | None = None,
             spec_text: str | None = None, target: Mapping[str, Any] | None = None) -> str:
    """One sentence for the event, card titles marked `*...*`; an undo or redo says what it undid or redid."""
    kind = event["type"]
    if kind in ("undo", "redo"):
        what = describe(target, players, own, None) if target is not None else f"change {event.get('target')}"
        return f"{'Undid' if kind == 'undo' else 'Redid'}: {what}"
    sentence = None
    if own is not None:
        try:
            sentence = own(event, players)
        except (KeyError, IndexError, TypeError, ValueError):  # an imported payload the wording did not expect
            sentence = None
    return sentence or _shared(event, players) or _fallback(event, players, spec_text)


def plain(sentence: str) -> str:
    """The sentence without its title marks, as the API gives it."""
    return TITLE.sub(r"\1", sentence)


def rich_sentence(sentence: str) -> Markup:
    """The sentence for a page: escaped, with printed card titles in italics."""
    out, last = [], 0
    for match in TITLE.finditer(sentence):
        out.append(escape(sentence[last:match.start()]))
        out.append(Markup("<em>%s</em>") % match.group(1))
        last = match.end()
    out.append(escape(sentence[last:]))
    return Markup("").join(out)
