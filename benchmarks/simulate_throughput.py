"""Simulation throughput: whole games between bots through the rules modules, on one core.

For each game with a table model, plays seeded games (one to four bots, every level taking seats in turn) and prints games per
second and full rounds per second (a full round: every seat took one turn), in CPU time of this process.
For Unyielding Universe it also prints the game's own scored rounds per second (one lasts until a life is
complete or the draw pile runs out, about a hundred turns). Target: at least 500 full rounds of
Unyielding Universe per second. No pass or fail: it prints figures.

    .venv/bin/python benchmarks/simulate_throughput.py [--games 20] [--seed 1]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from cardgen.gamedata import card_data_dir, load_game
from companion.simulate import lab
from companion.simulate.models import FLOWS, MODELS
from companion.simulate.record import SimulationError


def measure(slug: str, players: int, games: int, seed: int) -> dict[str, float] | None:
    """Figures for `games` games at `players` seats, every level of the bot taking seats in turn (None when the
    game's table model does not play that many seats)."""
    game = load_game(card_data_dir() / slug)
    flow = next(f for f in game.flows if f.id == FLOWS[slug])
    numbers = [level.number for level in flow.levels] or [1]
    levels = tuple(numbers) if players == 1 else tuple(numbers[i % len(numbers)] for i in range(players))
    start = time.process_time()
    try:
        results = lab.run(game, games, players, levels, seed)
    except SimulationError:
        return None
    cpu = time.process_time() - start
    return {"cpu": cpu, "games": games / cpu, "rounds": sum(r.rounds for r in results) / cpu,
            "turns": sum(r.turns for r in results) / cpu, "phases": sum(r.phases for r in results) / cpu,
            "turns_per_game": sum(r.turns for r in results) / games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per game and table size")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':<24}{'players':>8}{'games/s':>10}{'full rounds/s':>15}{'turns/s':>10}"
          f"{'scored rounds/s':>17}{'turns/game':>12}")
    for slug in sorted(MODELS):
        for players in (1, 2, 3, 4):
            m = measure(slug, players, args.games, args.seed)
            if m is None:
                continue
            print(f"{slug:<24}{players:>8}{m['games']:>10.2f}{m['rounds']:>15.0f}{m['turns']:>10.0f}"
                  f"{m['phases']:>17.1f}{m['turns_per_game']:>12.0f}", flush=True)


if __name__ == "__main__":
    main()
