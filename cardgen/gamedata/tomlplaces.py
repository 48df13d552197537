"""Finds the line of a key in a TOML text, so schema problems can name `game.toml:LINE`."""

from __future__ import annotations

import re

_HEADER = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$")


def _split_key(dotted: str) -> tuple[str, ...]:
    return tuple(part.strip().strip("\"'") for part in dotted.split("."))


class TomlPlaces:
    """Line numbers of `[table]` headers and `key =` lines; a best effort, never an error."""

    def __init__(self, text: str):
        self.lines = text.splitlines()
        self.headers: dict[tuple[str, ...], int] = {}
        for index, line in enumerate(self.lines):
            match = _HEADER.match(line)
            if match:
                self.headers.setdefault(_split_key(match.group(1)), index)

    def line(self, *keys: str) -> int | None:
        """The 1-based line where the dotted key path is defined, or the nearest enclosing table."""
        start, found = 0, 0
        for size in range(len(keys), 0, -1):
            if keys[:size] in self.headers:
                start, found = self.headers[keys[:size]], size
                break
        if found == len(keys):
            return start + 1
        end = next((i for i in sorted(self.headers.values()) if i > start), len(self.lines))
        first = start + 1 if found else 0
        rest = keys[found:]
        for size in range(len(rest), 0, -1):  # `boxes.cost = {...}`: the longest dotted key written on a line
            dotted = r"\s*\.\s*".join(rf"[\"']?{re.escape(key)}[\"']?" for key in rest[:size])
            pattern = re.compile(rf"^\s*{dotted}\s*[.=]")
            for index in range(first, end):
                if pattern.match(self.lines[index]):
                    return index + 1
        return start + 1 if found else None
