"""Events in words for people: "add points: player Ann, category Points, points 7" rather than JSON."""

from __future__ import annotations

from typing import Any, Sequence

PLAYER_FIELDS = ("player", "target", "owner", "receiver", "seller", "redirect_to", "first_player",
                 "starting_player", "processing_delay_by", "blitz_by")


def describe(event: dict[str, Any], players: Sequence[str]) -> str:
    """One line: what happened, with players named and hidden fields left out."""
    kind = event["type"]
    if kind in ("undo", "redo"):
        return f"{kind} #{event['target']}"
    parts = []
    for name, value in (event.get("payload") or {}).items():
        if value is None or value == [] or value == "":
            continue
        if name in PLAYER_FIELDS and isinstance(value, int) and 0 <= value < len(players):
            value = players[value]
        elif isinstance(value, (list, tuple)):
            value = ", ".join(str(v) for v in value)
        elif isinstance(value, dict):
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        parts.append(f"{name.replace('_', ' ')} {value}")
    return kind.replace("_", " ") + (": " + "; ".join(parts) if parts else "")
