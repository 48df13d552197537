"""Reads game.toml's [scoring] table: the companion's tracker for a game that has no rules module of its own.

A score sheet (categories, lowest_wins, rounds), per-player counters with bounds ([scoring.counters.<id>]),
shared tracks ([scoring.tracks.<id>]) and what ends the game ([scoring.end]): the companion builds a
tracker page from them, so a game made of data alone is playable at the table.
"""

from __future__ import annotations

from typing import Any

from cardgen.gamedata.manifest.table_checks import TableChecks
from cardgen.gamedata.manifest.values import SLUG, is_int, kind_of

SCORING_KEYS = {"categories", "lowest_wins", "rounds", "counters", "tracks", "end", "tie_break"}
METER_KEYS = {"label", "start", "min", "max", "ends_game_at", "description"}
END_KEYS = {"points", "when"}
WHEN = ("at_once", "end_of_round")


class ScoringTables(TableChecks):
    """Mixin of the game.toml reader: the score sheet and tracker (it provides problem and unknown_keys)."""

    def scoring(self, table: dict) -> dict:
        """[scoring]: categories, lowest_wins, rounds, counters, tracks, end and tie_break, each checked."""
        keys = ("scoring",)
        self.unknown_keys(table, SCORING_KEYS, keys)
        categories = table.get("categories", ["Points"])
        if not (isinstance(categories, list) and categories and all(isinstance(c, str) and c for c in categories)
                and len(set(categories)) == len(categories)):
            self.problem(keys + ("categories",), f"categories must be a list of distinct names, found {categories!r}")
            categories = ["Points"]
        rounds = table.get("rounds")
        if rounds is not None and not (is_int(rounds) and 1 <= rounds <= 100):
            self.problem(keys + ("rounds",), f"rounds must be a whole number from 1 to 100, found {rounds!r}")
            rounds = None
        lowest = table.get("lowest_wins", False)
        if not isinstance(lowest, bool):
            self.problem(keys + ("lowest_wins",), f"lowest_wins must be true or false, found {lowest!r}")
            lowest = False
        counters = self.meters(table.get("counters", {}), keys + ("counters",), "counter")
        tracks = self.meters(table.get("tracks", {}), keys + ("tracks",), "track")
        tie_break = table.get("tie_break")
        if tie_break is not None and tie_break not in counters:
            self.problem(keys + ("tie_break",), f"tie_break must name one of the counters "
                         f"({', '.join(counters) or 'there are none'}), found {tie_break!r}")
            tie_break = None
        return {"categories": categories, "lowest_wins": lowest, "rounds": rounds, "counters": counters,
                "tracks": tracks, "end": self.end(table.get("end", {}), keys + ("end",)), "tie_break": tie_break}

    def meters(self, table: Any, keys: tuple[str, ...], what: str) -> dict[str, dict[str, Any]]:
        """Counters (one per player) or tracks (one for the table): a label, a start and bounds."""
        if not isinstance(table, dict):
            self.problem(keys, f"[{'.'.join(keys)}] must hold tables, one per {what}, found {kind_of(table)}")
            return {}
        meters = {}
        for meter_id, spec in table.items():
            where = keys + (meter_id,)
            if not isinstance(spec, dict):
                self.problem(where, f"{what} {meter_id!r} must be a table like {{ label = \"Health\", start = 10, "
                             f"min = 0, max = 20 }}, found {kind_of(spec)}")
                continue
            if not SLUG.fullmatch(meter_id):
                self.problem(where, f"{what} id {meter_id!r} must be lower-case letters, digits and _")
            self.unknown_keys(spec, METER_KEYS, where)
            numbers: dict[str, Any] = {}
            for key, default in (("start", 0), ("min", 0), ("max", None), ("ends_game_at", None)):
                value = spec.get(key, default)
                if value is not None and not (is_int(value) and -100_000 <= value <= 100_000):
                    self.problem(where + (key,), f"{what} {meter_id!r}: {key} must be a whole number, found {value!r}")
                    value = default
                numbers[key] = value
            low, high = numbers["min"], numbers["max"]
            if high is not None and high < low:
                self.problem(where + ("max",), f"{what} {meter_id!r}: max ({high}) is below min ({low})")
                high = numbers["max"] = None
            for key in ("start", "ends_game_at"):
                value = numbers[key]
                if value is not None and (value < low or (high is not None and value > high)):
                    self.problem(where + (key,), f"{what} {meter_id!r}: {key} ({value}) must lie from {low} to "
                                 f"{high if high is not None else 'no maximum'}")
                    numbers[key] = low if key == "start" else None
            label = spec.get("label", meter_id.replace("_", " ").capitalize())
            if not isinstance(label, str) or not label.strip():
                self.problem(where + ("label",), f"{what} {meter_id!r}: label must be text, found {label!r}")
                label = meter_id
            description = spec.get("description", "")
            meters[meter_id] = {"label": label, "description": description if isinstance(description, str) else "",
                                **numbers}
        return meters

    def end(self, table: Any, keys: tuple[str, ...]) -> dict[str, Any]:
        """[scoring.end]: a total of points that ends the game, at once or at the end of that round."""
        if not isinstance(table, dict):
            self.problem(keys, f"[scoring.end] must be a table, found {kind_of(table)}")
            return {"points": None, "when": "end_of_round"}
        self.unknown_keys(table, END_KEYS, keys)
        points = table.get("points")
        if points is not None and not (is_int(points) and 1 <= points <= 1_000_000):
            self.problem(keys + ("points",), f"points must be a whole number from 1, found {points!r}")
            points = None
        when = table.get("when", "end_of_round")
        if when not in WHEN:
            self.problem(keys + ("when",), f"when must be one of {', '.join(WHEN)}, found {when!r}")
            when = "end_of_round"
        return {"points": points, "when": when}
