"""Faces laid out by worker processes are the very faces laid out in-process, in the same order."""

from __future__ import annotations

from cardgen.faces import FaceMaker
from cardgen.layout.compose import Composer


def test_worker_faces_equal_in_process_faces(load_bundled):
    game = load_bundled("unyielding_universe")
    with FaceMaker(game, Composer(game, 3.0), workers=0) as local, \
            FaceMaker(game, Composer(game, 3.0), workers=2, parallel_from=1) as pooled:
        assert local.pool is None and pooled.pool is not None
        for deck in game.decks:
            here = [(laid.card.id, laid.face) for laid in local.fronts(deck)]
            there = [(laid.card.id, laid.face) for laid in pooled.fronts(deck)]
            assert here == there and len(here) == deck.distinct
