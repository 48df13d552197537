"""Plays built by hand for the statistics tests: a few evenings of Ann, Bob, Cy and Quinn (the bot)."""

from __future__ import annotations

from companion.plays.records import Play, Seat

TITLES = {"emigration": "Emigration", "unfair_chko": "Unfair: CHKO Expansion", "unsettled_survival": "Unsettled",
          "unyielding_universe": "Unyielding Universe", "unsettled_immigration": "Unsettled"}
ANN = "player:p-ann"   # Ann is a known player (linked), spelled "Ann" and then "Annie"
BOB = "name:bob"       # Bob is not linked: "Bob", " bob " and "BOB" are one person
CY = "name:cy"
QUINN = "bot:quinn"    # "Quinn (level 2)" and "Quinn (level 3)" are one bot


def seat(name: str, score: float | None = None, place: int | None = None, winner: bool = False, *,
         player: str | None = None, level: int | None = None) -> Seat:
    return Seat(name=name, player=player, score=score, place=place, winner=winner, bot=level is not None, level=level)


def play(id: str, slug: str, played_on: str, *seats: Seat, minutes: int | None = None, rounds: int | None = None,
         outcome: str = "", stopped_early: bool = False) -> Play:
    return Play(id=id, slug=slug, title=TITLES[slug], played_on=played_on, seats=seats, minutes=minutes,
                rounds=rounds, cooperative=slug == "unsettled_survival", outcome=outcome,
                stopped_early=stopped_early, created_at=played_on + "T22:00:00")


def evenings() -> list[Play]:
    """Eight plays over eight evenings (the numbers the tests expect are counted from this list by hand)."""
    ann = "p-ann"
    return [
        play("p1", "emigration", "2026-01-01", seat("Ann", 50, 1, True, player=ann), seat("Bob", 40, 2),
             seat("Cy", 30, 3), minutes=40, rounds=8),
        # tied winners: Ann and Bob share first place
        play("p2", "emigration", "2026-01-02", seat("Ann", 45, 1, True, player=ann), seat(" bob ", 45, 1, True),
             seat("Cy", 20, 3), minutes=55, rounds=9),
        play("p3", "unfair_chko", "2026-01-03", seat("Ann", 30, 2, player=ann),
             seat("Quinn (level 2)", 35, 1, True, level=2), minutes=20, rounds=5),
        play("p4", "unfair_chko", "2026-01-04", seat("Ann", 40, 1, True, player=ann),
             seat("Quinn (level 3)", 30, 2, level=3), minutes=25, rounds=6),
        # a co-op loss, then a co-op win (every seat of the crew is a winner)
        play("p5", "unsettled_survival", "2026-01-05", seat("Ann", player=ann), seat("Bob"), outcome="lost",
             minutes=30, rounds=7),
        play("p6", "unsettled_survival", "2026-01-06", seat("Annie", winner=True, player=ann),
             seat("BOB", winner=True), outcome="won", minutes=35, rounds=10),
        # stopped early: a play, but not a win, not a streak, not a score, not a length
        play("p7", "emigration", "2026-01-07", seat("Ann", 90, 1, True, player=ann), seat("Bob", 10, 2),
             stopped_early=True, minutes=5, rounds=2),
        play("p8", "emigration", "2026-01-08", seat("Bob", 50, 2), seat("Annie", 60, 1, True, player=ann),
             minutes=45, rounds=8),
    ]
