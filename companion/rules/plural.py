"""Counts in a player's words: "1 card", "3 cards", never "card(s)"."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """`count` and the word, singular for exactly one: plural(1, "card") -> "1 card"; plural(2, "Attack") -> "2 Attacks"."""
    return f"{count} {word if count == 1 else many or word + 's'}"
