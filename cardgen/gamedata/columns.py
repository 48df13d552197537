"""Column declarations of a deck and the conversion of one CSV cell to a typed value."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

TYPES = ("str", "text", "int", "float", "bool", "enum", "list", "art")
OPTIONS = {"type", "required", "default", "values", "min", "max", "unique", "pattern", "description", "printed"}
TRUE_WORDS = {"yes", "true", "1", "y"}
FALSE_WORDS = {"no", "false", "0", "n"}
ID_PATTERN = r"[A-Za-z0-9][A-Za-z0-9_-]*"
PLACEHOLDER_ART = "placeholder"


class CellError(ValueError):
    """A cell whose text does not fit its column: says what was expected."""

    def __init__(self, expected: str):
        super().__init__(expected)
        self.expected = expected


@dataclass(frozen=True)
class Column:
    """What a deck's CSV column may hold, as declared in game.toml."""

    name: str
    type: str = "str"
    required: bool = True
    default: Any = None
    values: tuple[str, ...] | None = None
    min: float | None = None
    max: float | None = None
    unique: bool = False
    pattern: str | None = None
    description: str = ""
    printed: bool = True  # false: data no card prints (for the rules app, or shown by other columns' boxes)

    def parse(self, text: str) -> Any:
        """The typed value of a non-empty cell; raises CellError naming what was expected."""
        text = text.strip()
        return _PARSERS[self.type](self, text)

    def expectation(self) -> str:
        """A phrase for the column's type, used in messages."""
        if self.type == "enum" or (self.type == "str" and self.values):
            return "one of " + ", ".join(self.values or ())
        return {
            "str": "a line of text",
            "text": "card text",
            "int": "a whole number",
            "float": "a number",
            "bool": "yes or no",
            "list": "values separated by ';'",
            "art": "an image file in art/ or 'placeholder'",
        }[self.type]


def _range_phrase(column: Column, noun: str) -> str:
    low, high = column.min, column.max
    if low is not None and high is not None:
        return f"{noun} from {_num(low)} to {_num(high)}"
    if low is not None:
        return f"{noun} of at least {_num(low)}"
    if high is not None:
        return f"{noun} of at most {_num(high)}"
    return noun


def _bounded(column: Column, value: float, noun: str) -> float:
    if (column.min is not None and value < column.min) or (column.max is not None and value > column.max):
        raise CellError(_range_phrase(column, noun))
    return value


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _parse_str(column: Column, text: str) -> str:
    if "\n" in text:
        raise CellError("a single line of text")
    if column.values and text not in column.values:
        raise CellError(column.expectation())
    if column.pattern and not re.fullmatch(column.pattern, text):
        raise CellError(f"text matching the pattern {column.pattern}")
    return text


def _parse_int(column: Column, text: str) -> int:
    if not re.fullmatch(r"[+-]?\d+", text):
        raise CellError(_range_phrase(column, "a whole number"))
    return int(_bounded(column, int(text), "a whole number"))


def _parse_float(column: Column, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise CellError(_range_phrase(column, "a number")) from None
    if value != value or value in (float("inf"), float("-inf")):
        raise CellError("a finite number")
    return _bounded(column, value, "a number")


def _parse_bool(column: Column, text: str) -> bool:
    word = text.lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise CellError("yes or no (also true/false, 1/0)")


def _parse_enum(column: Column, text: str) -> str:
    if text not in (column.values or ()):
        raise CellError(column.expectation())
    return text


def _parse_list(column: Column, text: str) -> tuple[str, ...]:
    items = tuple(item.strip() for item in text.split(";") if item.strip())
    if column.values:
        wrong = [item for item in items if item not in column.values]
        if wrong:
            raise CellError("items from " + ", ".join(column.values))
    return items


def _parse_text(column: Column, text: str) -> str:
    return text


def _parse_art(column: Column, text: str) -> str:
    if text.lower() == PLACEHOLDER_ART:
        return ""
    parts = text.split("/")
    if "\\" in text or text.startswith(("/", ".")) or any(part in ("", ".", "..") for part in parts):
        raise CellError("a file name inside art/, or a path inside it with / between folders (no .., no \\)")
    return text


_PARSERS = {
    "str": _parse_str,
    "text": _parse_text,
    "int": _parse_int,
    "float": _parse_float,
    "bool": _parse_bool,
    "enum": _parse_enum,
    "list": _parse_list,
    "art": _parse_art,
}

MAX_COPIES = 1000  # copies of one card: enough for any printed game, and a build cannot grow without bound

IMPLICIT_COLUMNS = (
    Column("id", "str", required=True, unique=True, pattern=ID_PATTERN,
           description="The card's id: unique within the game."),
    Column("name", "str", required=True, description="The card's title."),
    Column("count", "int", required=False, default=1, min=1, max=MAX_COPIES,
           description="How many copies of the card the deck has."),
)
