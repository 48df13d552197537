"""A group whole as one JSON file: its name, players and plays with every seat and feedback (what "Export
everything" downloads before a group is deleted)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any
from collections.abc import Sequence

from companion.plays.records import Group, Play, Player

FORMAT = "pnpkit-group"
VERSION = 1


def _play(play: Play) -> dict[str, Any]:
    data = dataclasses.asdict(play)
    data["options"] = dict(play.options)
    data["seats"] = [{**dataclasses.asdict(seat), "categories": [list(pair) for pair in seat.categories]}
                     for seat in play.seats]
    return data


def export(group: Group, players: Sequence[Player], plays: Sequence[Play]) -> str:
    """The group's data as JSON text: the same group gives the same bytes (keys sorted, plays oldest first)."""
    document = {
        "format": FORMAT, "version": VERSION,
        "group": {"id": group.id, "name": group.name, "created_at": group.created_at},
        "players": [{"id": p.id, "name": p.name, "created_at": p.created_at}
                    for p in sorted(players, key=lambda p: (p.name.casefold(), p.id))],
        "plays": [_play(p) for p in sorted(plays, key=lambda p: (p.played_on, p.started_at, p.id))],
    }
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
