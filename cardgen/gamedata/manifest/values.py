"""Small checks on game.toml values shared by its readers: name patterns, numbers, how to describe a value."""

from __future__ import annotations

import re
from typing import Any, TypeGuard

SLUG = re.compile(r"[a-z][a-z0-9_]*")
NAME = re.compile(r"[a-z][a-z0-9_-]*")
COLOUR = re.compile(r"#[0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?")  # #rrggbb, or #rrggbbaa with alpha, as layouts take
COLOUR_LIKE = ('like "#a1b2c3", or "#a1b2c380" to let what is beneath show through '
               '(the last two digits: 00 clear to ff solid)')  # for messages about a COLOUR


def is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def kind_of(value: Any) -> str:
    """What a value is, for messages: "a table ({...})", "text ('x')"..."""
    return {dict: "a table", list: "a list", str: "text", bool: "true/false", int: "a number",
            float: "a number"}.get(type(value), type(value).__name__) + f" ({value!r})"[:60]
