"""Words that become icons: a game's `[icons]` entry may list words or phrases that card text shows as the icon."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from cardgen.gamedata.records import IconSpec


class IconWords:
    """Rewrites card text so each whole word or phrase an icon lists reads `:name:` (then drawn as the icon)."""

    def __init__(self, icons: Mapping[str, IconSpec]):
        self.by_word = {word: name for name, spec in icons.items() for word in spec.words}
        words = sorted(self.by_word, key=len, reverse=True)  # "Gold coin" before "Gold"
        # whole words only, and never inside :name:, [colour] or a word: "Hearts" is not "Heart" + s
        self.pattern = re.compile(r"(?<![\w:\[#])(" + "|".join(map(re.escape, words)) + r")(?![\w:\]])") \
            if words else None

    @functools.lru_cache(maxsize=4096)  # noqa: B019 - one per composer, which lives as long as its game
    def __call__(self, text: str) -> str:
        if self.pattern is None or not text:
            return text
        return self.pattern.sub(lambda match: f":{self.by_word[match.group(1)]}:", text)
