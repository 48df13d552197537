"""Random playthroughs over the legal moves: the rules contract's property test at benchmark size.

For each bundled game (and each player count it allows), plays seeded games from setup to the end by choosing
random legal moves with random values in their choices (companion.simulate.random_play), checking every promise
of the contract as it goes. Prints games, moves per second (CPU time of this process), the mean and the longest
game in moves, and any game that broke the contract. No pass or fail in the exit code unless a game broke it.

    .venv/bin/python benchmarks/legal_playthroughs.py [--games 10000] [--seed 0] [--game SLUG] [--probe 0.05]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from companion.simulate.random_play import ContractBroken, play
from companion.table.catalog import Catalog

LIMIT = 5000  # moves; every bundled game ends far sooner (tests/companion/rules/<game>/test_legal.py derive theirs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per bundled game (default 10,000)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--probe", type=float, default=0.05, help="share of moves after which unoffered moves are tried")
    args = parser.parse_args()
    catalog = Catalog()
    broken = 0
    print(f"{'game':24} {'games':>7} {'moves/s':>9} {'mean':>7} {'longest':>8}  seats")
    for slug, entry in sorted(catalog.entries.items()):
        if args.game and slug not in args.game:
            continue
        low, high = entry.game.players
        counts = list(range(low, high + 1))
        moves = games = longest = 0
        start = time.process_time()
        for n in range(args.games):
            seats = counts[n % len(counts)]
            players = [f"Player {i + 1}" for i in range(seats)]
            try:
                done = play(entry.rules, entry.game, players, {}, seed=args.seed + n, limit=LIMIT, probe=args.probe)
            except ContractBroken as error:
                broken += 1
                print(f"  BROKEN: {error}", file=sys.stderr)
                continue
            games += 1
            moves += len(done.moves)
            longest = max(longest, len(done.moves))
        cpu = time.process_time() - start
        print(f"{slug:24} {games:>7} {moves / cpu if cpu else 0:>9.0f} {moves / max(games, 1):>7.1f} {longest:>8}  "
              f"{low}-{high}")
    return 1 if broken else 0


if __name__ == "__main__":
    raise SystemExit(main())
