"""The rules of each game: the rules module its registration names (see cardgen.gamedata.registry), else its tracker."""

from __future__ import annotations

import functools
import importlib
from dataclasses import replace
from typing import Any

from cardgen.gamedata.registry import Registration, RegistryError, registration, source_of
from companion.rules import generic
from companion.rules.contract import Event, RuleError, Rules, SetupConfig, from_module

__all__ = ["Event", "RuleError", "Rules", "SetupConfig", "played_with", "rules_for"]


@functools.cache
def _module(name: str) -> Any:
    return importlib.import_module(name)


def played_with(game: Any) -> Registration | None:
    """The registration whose rules, bots and lab model `game` is played with: the one its game.toml names
    (`rules = "slug"`), else the game's own, else None (a data-only game: the tracker game.toml describes)."""
    return registration(getattr(game, "rules", "") or game.slug)


def rules_for(game: Any) -> Rules:
    """The rules of `game` (a cardgen.gamedata.Game): its registered rules module if it has one, else its tracker.

    A module whose setup options depend on the game's data gives them with `options_for(game)`.
    """
    found = played_with(game)
    if found is None or not found.rules:
        return replace(generic.rules(game), page="generic")
    try:
        module = _module(found.rules)
    except ImportError as error:
        raise RegistryError(f"the rules of {found.slug} ({found.rules}, registered by {source_of(found.slug)}) "
                            f"cannot be imported: {error}") from None
    rules = replace(from_module(game.slug, module, game), page=found.slug)
    options_for = getattr(module, "options_for", None)
    return replace(rules, options=options_for(game)) if options_for else rules
