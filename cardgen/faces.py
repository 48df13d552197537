"""Lays out a game's card faces in order, in worker processes while the caller renders.

Layout is pure Python and independent per card, so on a machine with several cores the faces of
large games are laid out by a pool of forked workers in chunks, while the main process renders the
chunks already done. Small games, and systems without `fork`, lay out in-process. The faces and
their order are the same either way, so output stays byte-identical.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Iterator

from cardgen.gamedata import Card, Deck, Game
from cardgen.layout.compose import Composer
from cardgen.layout.ops import Face

CHUNK = 64          # cards per task: large enough to amortise the pickling, small enough to stream
PARALLEL_FROM = 256  # fewer distinct cards than this are laid out in-process


@dataclass(frozen=True)
class LaidOut:
    """One distinct card's front face, with its card and the warnings its layout raised."""

    card: Card
    face: Face
    warnings: tuple[str, ...]


_worker: Composer | None = None


def _start_worker(composer: Composer) -> None:
    global _worker
    _worker = composer


def _lay_out_chunk(deck_id: str, start: int, stop: int) -> list[Face]:
    assert _worker is not None
    deck = _worker.game.deck(deck_id)
    return [_worker.front(deck, deck.cards[i], i + 1) for i in range(start, stop)]


class FaceMaker:
    """Hands out each deck's laid-out fronts in order; use as a context manager."""

    def __init__(self, game: Game, composer: Composer, workers: int | None = None,
                 parallel_from: int = PARALLEL_FROM):
        self.game, self.composer = game, composer
        distinct = sum(deck.distinct for deck in game.decks)
        # the main process renders while the workers lay out, so one core is left for it
        count = workers if workers is not None else (os.cpu_count() or 1) - 1
        usable = count >= 1 and distinct >= parallel_from and "fork" in multiprocessing.get_all_start_methods()
        self.pool = ProcessPoolExecutor(count, multiprocessing.get_context("fork"), _start_worker,
                                        (composer,)) if usable else None
        self.futures: dict[str, list[tuple[int, Future]]] = {}
        if self.pool:  # queue every deck now, so later decks are laid out while earlier ones render
            for deck in game.decks:
                self.futures[deck.id] = [(start, self.pool.submit(_lay_out_chunk, deck.id, start,
                                                                  min(start + CHUNK, deck.distinct)))
                                         for start in range(0, deck.distinct, CHUNK)]

    def fronts(self, deck: Deck) -> Iterator[LaidOut]:
        """The deck's distinct cards laid out, in file order; LayoutError as raised by the layout."""
        if self.pool is None:
            for index, card in enumerate(deck.cards, start=1):
                face = self.composer.front(deck, card, index)
                yield LaidOut(card, face, face.warnings)
            return
        for start, future in self.futures[deck.id]:
            for offset, face in enumerate(future.result()):
                yield LaidOut(deck.cards[start + offset], face, face.warnings)

    def __enter__(self) -> "FaceMaker":
        return self

    def __exit__(self, *exc) -> None:
        if self.pool:
            self.pool.shutdown(wait=True, cancel_futures=True)
