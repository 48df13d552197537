"""Facts memoised per world and tracked numbers: a flowchart reads a host's facts many times in one step."""

from __future__ import annotations

from typing import Any
from collections.abc import Mapping

from companion.bots.flowrun import Bot


class MemoFacts:
    """A host base: `facts` computes `_facts(world, bot)` once for each world and set of tracked numbers."""

    _memo: tuple[Any, tuple, Mapping[str, Any]] | None = None

    def facts(self, world: Any, bot: Bot) -> Mapping[str, Any]:
        memo = self._memo
        if memo is None or memo[0] is not world or memo[1] != bot.values:
            self._memo = memo = (world, bot.values, self._facts(world, bot))
        return memo[2]

    def _facts(self, world: Any, bot: Bot) -> Mapping[str, Any]:
        raise NotImplementedError
