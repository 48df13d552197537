"""Reads one table of a board layout ([tracks.score], [grids.map], [slots.draw]): each value checked, templates
over the game's data rendered, every error naming the file, the table and the key."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import jinja2

from cardgen.layout.expressions import ExpressionError, compile_expression
from cardgen.layout.spec import LayoutError
from cardgen.layout.templating import environment

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_RANGE = re.compile(r"\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*")
MAX_SPACES = 1000


class BoardError(LayoutError):
    """A board table's key or value that cannot be used; the message names the file, the table and the key."""


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class Reader:
    """One table of a board layout, read key by key; `context` is what templates see (game, constants...), `names`
    the board's W and H for expressions ("W - 20")."""

    def __init__(self, where: str, table: str, raw: object, context: Mapping[str, Any],
                 names: Mapping[str, float]):
        self.where, self.table, self.context, self.names = where, table, context, names
        if not isinstance(raw, Mapping):
            raise BoardError(f"{where}: [{table}] must be a table of settings, found {raw!r}")
        self.raw: Mapping[str, Any] = raw

    def error(self, key: str | None, message: str) -> BoardError:
        return BoardError(f"{self.where}: [{self.table}]{' ' + key if key else ''}: {message}")

    def has(self, key: str) -> bool:
        return key in self.raw

    def check_keys(self, allowed: Iterable[str], required: Iterable[str] = ()) -> None:
        """BoardError for the first key not in `allowed` (listing them) or the first of `required` missing."""
        allowed = tuple(allowed)
        for key in self.raw:
            if key not in allowed:
                raise self.error(key, f"unknown key; a {self.table.split('.')[0][:-1]} takes {', '.join(allowed)}")
        for key in required:
            if key not in self.raw:
                raise self.error(key, "missing: it is required")

    def render(self, key: str, value: str) -> str:
        """`value` with its Jinja2 template (if any) rendered over the context."""
        if "{{" not in value and "{%" not in value:
            return value
        try:
            return environment().from_string(value).render(**self.context)
        except jinja2.TemplateSyntaxError as error:
            raise self.error(key, f"template error: {error.message} in {value!r}") from None
        except jinja2.UndefinedError as error:
            raise self.error(key, f"{value!r}: {error.message}") from None

    def text(self, key: str, default: str = "") -> str:
        value = self.raw.get(key, default)
        if not isinstance(value, str):
            raise self.error(key, f"must be text in quotes, found {value!r}")
        return self.render(key, value)

    def length(self, key: str, default: float | None = None, positive: bool = False, value: object = None) -> float:
        """Millimetres: a number, a number with its unit ("3cm", "1in"), arithmetic over W and H, or a template
        giving one; `positive`: above 0 (else 0 or more)."""
        if value is None:
            if key not in self.raw:
                if default is None:
                    raise self.error(key, "missing: it is required")
                return default
            value = self.raw[key]
        source = self.render(key, value) if isinstance(value, str) else value
        try:
            number = compile_expression(source)(self.names)
        except ExpressionError as error:
            raise self.error(key, str(error).replace("W, H and bleed", "W and H").replace("W, H, bleed", "W, H")) from None
        except ZeroDivisionError:
            raise self.error(key, f"{value!r} divides by zero") from None
        if number < 0 or (positive and number == 0):
            raise self.error(key, f"must be {'above 0' if positive else '0 or more'} mm, found {value!r}")
        return number

    def point(self, key: str) -> tuple[float, float]:
        """[x, y] in mm from the board's top-left corner."""
        value = self.raw.get(key)
        if not isinstance(value, list) or len(value) != 2:
            raise self.error(key, f"must be [x, y] (mm or with units), found {value!r}")
        x, y = (self.length(key, value=v) for v in value)
        return x, y

    def box(self, key: str) -> tuple[float, float, float, float]:
        """[x, y, w, h] in mm."""
        value = self.raw.get(key)
        if not isinstance(value, list) or len(value) != 4:
            raise self.error(key, f"must be [x, y, width, height] (mm or with units), found {value!r}")
        x, y, w, h = (self.length(key, value=v, positive=n >= 2) for n, v in enumerate(value))
        return x, y, w, h

    def angle(self, key: str, default: float | None = None) -> float:
        """Degrees (a number, or a template giving one)."""
        value = self.raw.get(key, default)
        if value is None:
            raise self.error(key, "missing: it is required")
        if isinstance(value, str):
            value = self.render(key, value)
            try:
                value = float(value)
            except ValueError:
                raise self.error(key, f"must be a number of degrees, found {value!r}") from None
        if not _number(value):
            raise self.error(key, f"must be a number of degrees, found {value!r}")
        return float(value)

    def integer(self, key: str, default: int | None = None, minimum: int = 0) -> int:
        value = self.raw.get(key, default)
        if value is None:
            raise self.error(key, "missing: it is required")
        if isinstance(value, str):
            rendered = self.render(key, value).strip()
            value = int(rendered) if re.fullmatch(r"-?\d+", rendered) else value
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            raise self.error(key, f"must be a whole number of {minimum} or more, found {value!r}")
        return value

    def choice(self, key: str, choices: Sequence[str], default: str | None = None) -> str:
        value = self.raw.get(key, default)
        if value is None:
            raise self.error(key, f"missing: one of {', '.join(choices)}")
        if value not in choices:
            raise self.error(key, f"must be one of {', '.join(choices)}, found {value!r}")
        return str(value)

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.raw.get(key, default)
        if not isinstance(value, bool):
            raise self.error(key, f"must be true or false, found {value!r}")
        return value

    def colour(self, key: str, default: str | None) -> str | None:
        """A colour "#rrggbb", or "none" for no paint."""
        value = self.raw.get(key, default)
        if value is None or value == "none":
            return None
        if not isinstance(value, str) or not _COLOUR.fullmatch(value):
            raise self.error(key, f"must be a colour like \"#a1b2c3\" or \"none\", found {value!r}")
        return value.lower()

    def spaces(self, key: str, step_key: str = "step") -> list[int]:
        """The numbers of a track's spaces: "first..last" (either way round; a template may give either end),
        every `step`th, or a list of whole numbers."""
        value = self.raw.get(key)
        if isinstance(value, list):
            if not value or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise self.error(key, f"must be \"first..last\" or a list of whole numbers, found {value!r}")
            numbers = list(value)
        elif isinstance(value, str):
            rendered = self.render(key, value)
            match = _RANGE.fullmatch(rendered)
            if not match:
                raise self.error(key, f"must be \"first..last\" such as \"0..50\", found {rendered!r}")
            first, last = int(match[1]), int(match[2])
            step = self.integer(step_key, 1, minimum=1)
            numbers = list(range(first, last + 1, step) if last >= first else range(first, last - 1, -step))
        else:
            raise self.error(key, f"missing or not \"first..last\" such as \"0..50\": found {value!r}")
        if len(numbers) > MAX_SPACES:
            raise self.error(key, f"{len(numbers)} spaces: a track has at most {MAX_SPACES}")
        return numbers

    def labels(self, key: str) -> dict[int, str]:
        """{space number: text}; the numbers and the texts may be templates ("{{ game.constants.collapse_at }}")."""
        value = self.raw.get(key, {})
        if not isinstance(value, Mapping):
            raise self.error(key, f"must be a table of space number = \"text\", found {value!r}")
        labels: dict[int, str] = {}
        for name, text in value.items():
            number = self.render(key, str(name)).strip()
            if not re.fullmatch(r"-?\d+", number):
                raise self.error(key, f"{name!r} must name a space by its number, found {number!r}")
            if not isinstance(text, str):
                raise self.error(key, f"the label of space {number} must be text in quotes, found {text!r}")
            labels[int(number)] = self.render(key, text)
        return labels
