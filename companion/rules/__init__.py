"""The rules of each game: its own module in companion.rules.<slug>, or the generic score sheet."""

from __future__ import annotations

import functools
import importlib
from dataclasses import replace
from typing import Any

from companion.rules import generic
from companion.rules.contract import Event, RuleError, Rules, SetupConfig, from_module

__all__ = ["Event", "RuleError", "Rules", "SetupConfig", "rules_for"]


@functools.cache
def _module(slug: str) -> Any:
    try:
        return importlib.import_module(f"companion.rules.games.{slug}")
    except ModuleNotFoundError as error:
        if error.name != f"companion.rules.games.{slug}":
            raise
        return None


def rules_for(game: Any) -> Rules:
    """The rules of `game` (a cardgen.gamedata.Game): its rules module if it has one, else its score sheet.

    A module whose setup options depend on the game's data gives them with `options_for(game)`.
    """
    module = _module(game.slug)
    if module is None:
        return generic.rules(game)
    rules = from_module(game.slug, module, game)
    options_for = getattr(module, "options_for", None)
    return replace(rules, options=options_for(game)) if options_for else rules
