"""A deck's `where` condition: which rows of its CSV the deck takes (`card.type == 'Spell'`).

The condition is written as in a layout's `when` (a Jinja2 expression over `card`, with or without
`{{ }}`), but the loader stays stdlib-only (the companion imports it), so it is read with Python's own
parser and held to the part of Jinja's expression language that Python reads alike: the card's
columns (`card.cost`, `card['cost']`), numbers, quoted text, `true`/`false`/`none`, lists,
`+ - * / // %`, comparisons, `in`, `is none`, `and`/`or`/`not` and `x if c else y`.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from collections.abc import Iterable, Mapping

_NODES = (ast.Expression, ast.BoolOp, ast.And, ast.Or, ast.UnaryOp, ast.Not, ast.USub, ast.UAdd, ast.BinOp,
          ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Compare, ast.Eq, ast.NotEq, ast.Lt,
          ast.LtE, ast.Gt, ast.GtE, ast.In, ast.NotIn, ast.Is, ast.IsNot, ast.Name, ast.Load, ast.Constant,
          ast.IfExp, ast.Attribute, ast.Subscript, ast.List, ast.Tuple)
_CONSTANTS = {"true": True, "false": False, "none": None, "True": True, "False": False, "None": None}
_ALLOWED = "card.<column>, numbers, quoted text, true/false/none, comparisons, in, and/or/not"


class ConditionError(ValueError):
    """A condition that cannot be read, or that fails on one row; the message says what."""


@dataclass(frozen=True)
class RowFilter:
    """A checked `where` condition and the place it is written (game.toml and its line)."""

    source: str
    code: Any
    file: Path
    line: int | None

    def place(self) -> str:
        return f"{self.file}:{self.line}" if self.line else str(self.file)

    def keeps(self, values: Mapping[str, Any]) -> bool:
        """Whether the row with these typed column values belongs to the deck; ConditionError when it fails."""
        scope = {"card": _Row(values), **_CONSTANTS}
        try:
            return bool(eval(self.code, {"__builtins__": {}}, scope))  # noqa: S307 - checked node by node
        except (TypeError, ValueError, ArithmeticError, LookupError, AttributeError) as error:
            raise ConditionError(f"{type(error).__name__}: {error}") from None


class _Row(SimpleNamespace):
    """A row's values as `card.cost` and as `card['cost']`, as Jinja2 reads them."""

    def __init__(self, values: Mapping[str, Any]):
        super().__init__(**values)

    def __getitem__(self, column: str) -> Any:
        return getattr(self, column)


def compile_condition(source: Any, columns: Iterable[str], file: Path, line: int | None) -> RowFilter:
    """`source` checked against the allowed constructs and the deck's `columns`; ConditionError says why not."""
    if not isinstance(source, str) or not source.strip():
        raise ConditionError(f"where must be a condition in quotes, such as \"card.type == 'Spell'\", "
                             f"found {source!r}")
    text = source.strip()
    if text.startswith("{{") and text.endswith("}}"):
        text = text[2:-2].strip()
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as error:
        raise ConditionError(f"{source!r} is not a condition: {error.msg} at character {error.offset} "
                             f"(use {_ALLOWED})") from None
    known = set(columns)
    for node in ast.walk(tree):
        if not isinstance(node, _NODES):
            raise ConditionError(f"{source!r}: {type(node).__name__.lower()} is not allowed in a deck's where "
                                 f"condition (use {_ALLOWED})")
        if isinstance(node, ast.Name) and node.id != "card" and node.id not in _CONSTANTS:
            raise ConditionError(f"{source!r}: unknown name {node.id!r}; a where condition reads the card's "
                                 "columns as card.<column>")
        column = _column(node)
        if column is not None and column not in known:
            raise ConditionError(f"{source!r} names column {column!r}, which the deck does not have "
                                 f"(its columns: {', '.join(sorted(known))})")
        if isinstance(node, (ast.Attribute, ast.Subscript)) and column is None:
            raise ConditionError(f"{source!r}: only the card's columns can be read (card.cost or card['cost'])")
    return RowFilter(source.strip(), compile(tree, "<where>", "eval"), file, line)


def _column(node: ast.AST) -> str | None:
    """The column that `card.x` or `card['x']` reads, None for any other node."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "card":
        return node.attr
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "card" \
            and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
        return node.slice.value
    return None
