"""What the statistics partial (templates/pages/_stats.html) is rendered with, for a group or one of its players."""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from companion.plays.records import Play, Player
from companion.plays.stats import group_stats, player_stats
from companion.plays.stats_people import names_of, player_key
from companion.web import stats_chart


def statistics(plays: Sequence[Play], people: Sequence[Player], player: str | None) -> dict[str, Any]:
    """The partial's context: `stats` (the group's, or the known player `player`'s, by id), `stats_names` (each
    person's name, a known player's as the group calls them now) and `chart` (companion.web.stats_chart)."""
    names = names_of(plays) | {player_key(p.id): p.name for p in people}
    if player is None:
        stats: Any = group_stats(plays)
    else:
        known = next((p.name for p in people if p.id == player), "")
        stats = player_stats(plays, player_key(player), name=known)
    return {"stats": stats, "stats_names": names, "chart": stats_chart}
