"""Small arithmetic and comparison expressions of flowcharts (`level >= 2`, `coins + 3`), checked and compiled.

A flowchart's conditions and counters are data, so they are parsed with Python's own parser and then
held to a short list of allowed constructs: whole numbers and quoted text, the names the flowchart
declares, `+ - * // %`, comparisons, `and`/`or`/`not`, `x if c else y` and `min`/`max`/`abs`. No
attribute, subscript, call of anything else, or loop can appear, so evaluating one is safe and fast.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Iterable, Mapping

FUNCTIONS: Mapping[str, Callable[..., Any]] = {"min": min, "max": max, "abs": abs}
_NODES = (ast.Expression, ast.BoolOp, ast.And, ast.Or, ast.UnaryOp, ast.Not, ast.USub, ast.UAdd, ast.BinOp,
          ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod, ast.Compare, ast.Eq, ast.NotEq, ast.Lt, ast.LtE,
          ast.Gt, ast.GtE, ast.Name, ast.Load, ast.Constant, ast.IfExp, ast.Call)
_GLOBALS = {"__builtins__": {}, **FUNCTIONS}


class ExpressionError(ValueError):
    """An expression that does not parse or uses something flowcharts do not allow; the message says what."""


@dataclass(frozen=True)
class Expression:
    """A checked expression: its source text, the names it reads, and its compiled code."""

    source: str
    names: frozenset[str]
    code: Any

    def __reduce__(self):  # compiled again when unpickled: code objects do not pickle
        return compile_expression, (self.source, self.names)

    def __call__(self, values: Mapping[str, Any]) -> Any:
        try:
            scope = values if isinstance(values, dict) else dict(values)  # read only: no node may assign
            return eval(self.code, _GLOBALS, scope)  # noqa: S307 - the tree was checked node by node
        except ZeroDivisionError:
            return 0
        except (NameError, TypeError) as error:
            raise ExpressionError(f"{self.source!r}: {error}") from None


def compile_expression(source: str, known: Iterable[str]) -> Expression:
    """`source` checked against the allowed constructs and the `known` names; ExpressionError says why not."""
    if not isinstance(source, str) or not source.strip():
        raise ExpressionError(f"expected an expression such as \"level >= 2\", found {source!r}")
    try:
        tree = ast.parse(source.strip(), mode="eval")
    except SyntaxError as error:
        raise ExpressionError(f"{source!r} is not an expression: {error.msg} at column {error.offset}") from None
    known = set(known)
    names = set()
    for node in ast.walk(tree):
        if not isinstance(node, _NODES):
            raise ExpressionError(f"{source!r}: {type(node).__name__.lower()} is not allowed in a flowchart "
                                  "expression (numbers, names, + - * // %, comparisons, and/or/not, min/max/abs)")
        if isinstance(node, ast.Constant) and not isinstance(node.value, (int, str)):
            raise ExpressionError(f"{source!r}: only whole numbers and quoted text are allowed, found {node.value!r}")
        if isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS or node.keywords:
                raise ExpressionError(f"{source!r}: the only functions are {', '.join(FUNCTIONS)}")
        elif isinstance(node, ast.Name) and node.id not in FUNCTIONS:
            if node.id not in known:
                raise ExpressionError(f"{source!r}: unknown name {node.id!r}; names: {', '.join(sorted(known))}")
            names.add(node.id)
    return Expression(source.strip(), frozenset(names), compile(tree, "<flowchart>", "eval"))
