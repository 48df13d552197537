"""Plays built by hand for the export tests: one of each kind the five bundled games make."""

from __future__ import annotations

from companion.plays.records import Play, Seat

TITLES = {"emigration": "Emigration", "unfair_chko": "Unfair: CHKO Expansion",
          "unsettled_survival": "Unsettled: Survival", "unsettled_immigration": "Unsettled: Immigration",
          "unyielding_universe": "Unyielding Universe"}
BGG_IDS = {"emigration": 1001, "unsettled_survival": 1002}   # made-up ids: the others have none
KNOWN = {slug: (title, BGG_IDS.get(slug)) for slug, title in TITLES.items()}


def kinds() -> list[Play]:
    """A tie, a co-op win and loss, a solo play against a level-3 bot, a stopped play, with a formula-like name."""
    return [
        Play(id="p1", slug="emigration", title="Emigration", played_on="2026-01-01",
             started_at="2026-01-01T20:00:00", location="Ann's kitchen", minutes=55, rounds=9, notes="Close one",
             seats=(Seat("Ann", player="pl-ann", score=45, place=1, winner=True, colour="red", new=True),
                    Seat("Bob", score=45, place=1, winner=True, colour="blue"),
                    Seat("Cy", score=20.5, place=3, colour="green"))),
        Play(id="p2", slug="unsettled_survival", title="Unsettled: Survival", played_on="2026-01-02",
             started_at="2026-01-02T19:30:00", cooperative=True, outcome="won", minutes=40,
             expansions=("Harsh winter", "Night shift"),
             seats=(Seat("Ann", player="pl-ann", winner=True), Seat("Bob", winner=True))),
        Play(id="p3", slug="unsettled_survival", title="Unsettled: Survival", played_on="2026-01-03",
             started_at="2026-01-03T19:30:00", cooperative=True, outcome="lost", minutes=35,
             seats=(Seat("Ann", player="pl-ann"), Seat("Bob"))),
        Play(id="p4", slug="unfair_chko", title="Unfair: CHKO Expansion", played_on="2026-01-04",
             started_at="2026-01-04T21:00:00", minutes=20, rounds=5, playtest=True,
             seats=(Seat("Ann", player="pl-ann", score=30, place=2),
                    Seat("Quinn", score=35, place=1, winner=True, bot=True, level=3))),
        Play(id="p5", slug="unyielding_universe", title="Unyielding Universe", played_on="2026-01-05",
             started_at="2026-01-05T18:00:00", stopped_early=True, location="=HYPERLINK(\"x\")", rounds=3,
             seats=(Seat("@Dee", score=-2, place=2), Seat("Eve", score=7, place=1, winner=True))),
    ]
