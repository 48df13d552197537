"""The rules of each game: its own module in companion.rules.<slug>, or the generic score sheet."""

from __future__ import annotations

import functools
import importlib
from typing import Any

from companion.rules import generic
from companion.rules.contract import Event, RuleError, Rules, SetupConfig, from_module

__all__ = ["Event", "RuleError", "Rules", "SetupConfig", "rules_for"]


@functools.lru_cache(maxsize=None)
def _module_rules(slug: str) -> Rules | None:
    try:
        module = importlib.import_module(f"companion.rules.games.{slug}")
    except ModuleNotFoundError as error:
        if error.name != f"companion.rules.games.{slug}":
            raise
        return None
    return from_module(slug, module)


def rules_for(game: Any) -> Rules:
    """The rules of `game` (a cardgen.gamedata.Game): its rules module if it has one, else its score sheet."""
    return _module_rules(game.slug) or generic.rules(game)
