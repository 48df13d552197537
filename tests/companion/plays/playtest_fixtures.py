"""Playtest plays built for the tests: a lab run's games turned into Play records, and crafted ones."""

from __future__ import annotations

from cardgen.gamedata import game_folder, load_game
from companion.plays.records import Feedback, Play, Seat
from companion.simulate import lab
from companion.simulate.record import GameResult


def game(slug: str = "unsettled_immigration"):
    return load_game(game_folder(slug))


def play_of(result: GameResult, index: int, slug: str = "unsettled_immigration", **extra) -> Play:
    """A GameResult of the lab as a finished playtest play."""
    seats = tuple(Seat(name=f"Player {s + 1}", score=float(score), winner=s in result.winners)
                  for s, score in enumerate(result.scores))
    fields = {"id": f"p{index:03d}", "slug": slug, "title": "Unsettled", "played_on": f"2026-01-{index % 28 + 1:02d}",
              "seats": seats, "rounds": result.rounds, "end": "; ".join(result.ends), "playtest": True}
    fields.update(extra)
    return Play(**fields)  # type: ignore[arg-type]


def lab_plays(n: int = 10, players: int = 3, seed: int = 77) -> list[Play]:
    """`n` games the lab plays with another seed, as playtest plays."""
    return [play_of(r, i) for i, r in enumerate(lab.run(game(), n, players, (1,), seed))]


def seat_one_wins(n: int = 30) -> list[Play]:
    """Plays where seat 1 wins every game, in 12 rounds ended by the VP cap."""
    return [Play(id=f"w{i:03d}", slug="unsettled_immigration", title="Unsettled", played_on="2026-02-01",
                 seats=(Seat("Ana", score=12, winner=True), Seat("Bo", score=5), Seat("Cy", score=4)),
                 rounds=12, end="vp_cap", playtest=True,
                 feedback=(Feedback(fun=4, clarity=3, length="too long", note="Loved the trains"),) if i == 0 else ())
            for i in range(n)]
