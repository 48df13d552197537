"""Where a game's dice and shuffles come from: one seed per draw, derived from a key only the server knows.

The n-th draw in effect of a game is made with `random.Random(seed_for(game, n))`, so undoing a roll and rolling
again gives the same result (undo can never re-roll) and replaying the log draws the same outcomes. Each draw's
seed is an HMAC-SHA256 of its number under the game's draw key: the seeds of the draws made so far can be handed
out (an export carries them, so the importing server can check every outcome) without telling anyone the key,
hence the seed of any draw still to come. A game imported from elsewhere keeps the seeds it arrived with for the
draws it had made, and draws on with a new key of its own. A seed chosen when the game was created (a setting for
tests and the lab, off by default) replaces the key: anyone who knows it can foresee every draw, and the game's
pages say so.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from companion.storage.store import GameRow

KEY_BYTES = 32


def new_key() -> str:
    """A fresh draw key (hex), for a new or an imported game."""
    return secrets.token_hex(KEY_BYTES)


def seed_for(game: GameRow, n: int) -> str:
    """The seed of the game's draw number `n` (0 for the first draw)."""
    if n < len(game.known_draws):
        return game.known_draws[n]
    if game.seed is not None:
        return f"{game.seed}:{n}"  # a chosen seed: the scheme the companion used before draw keys, kept for replays
    return hmac.new(bytes.fromhex(game.draw_key), f"draw {n}".encode(), hashlib.sha256).hexdigest()


def made_so_far(game: GameRow, draws: int) -> list[str]:
    """The seeds of the game's first `draws` draws: what an export hands out, never the key."""
    return [seed_for(game, n) for n in range(draws)]
