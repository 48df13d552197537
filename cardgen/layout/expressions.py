"""Box coordinates as numbers or small arithmetic over W, H and bleed ("W - 10", "H * 0.38"), in millimetres
from the trim's top left corner; a number may carry its unit ("0.25in", "75px", "1.2cm", "18pt")."""

from __future__ import annotations

import ast
import operator
import re
from collections.abc import Callable, Mapping

UNITS = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72, "px": 25.4 / 300}  # px: a dot at 300 dpi
_WITH_UNIT = re.compile(r"(?<![\w.])(\d+(?:\.\d*)?|\.\d+)\s*(mm|cm|in|pt|px)\b")

NAMES = ("W", "H", "bleed")
_OPERATORS: dict[type, Callable[..., float]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
    ast.USub: operator.neg, ast.UAdd: operator.pos,
}


class ExpressionError(ValueError):
    """A coordinate that is not a number or arithmetic over W, H and bleed."""


def compile_expression(value: object) -> Callable[[Mapping[str, float]], float]:
    """A function of {W, H, bleed} for a number or an expression; ExpressionError says what is wrong."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = float(value)
        return lambda names: number
    if not isinstance(value, str):
        raise ExpressionError(f"expected a number or an expression like \"W - 10\", found {value!r}")
    try:
        tree = ast.parse(in_millimetres(value), mode="eval").body
    except SyntaxError:
        raise ExpressionError(f"{value!r} is not arithmetic (use numbers, with a unit if not mm: 0.25in, 75px, "
                              "1.2cm, 18pt; W, H, bleed, + - * / and brackets)") from None
    _check(tree, value)
    return lambda names: _evaluate(tree, names)


def in_millimetres(source: str) -> str:
    """`source` with each number that carries a unit written as millimetres: "0.25in + 2" -> "(0.25 * 25.4) + 2"."""
    return _WITH_UNIT.sub(lambda m: f"({m.group(1)} * {UNITS[m.group(2)]!r})", source)


def _check(node: ast.AST, source: str) -> None:
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return
    if isinstance(node, ast.Name):
        if node.id not in NAMES:
            raise ExpressionError(f"{source!r} names {node.id!r}; only W, H and bleed are known")
        return
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        _check(node.left, source)
        _check(node.right, source)
        return
    if isinstance(node, ast.UnaryOp) and type(node.op) in _OPERATORS:
        _check(node.operand, source)
        return
    raise ExpressionError(f"{source!r} is not arithmetic (use numbers, with a unit if not mm: 0.25in, 75px, 1.2cm, "
                          "18pt; W, H, bleed, + - * / and brackets)")


def _evaluate(node: ast.AST, names: Mapping[str, float]) -> float:
    if isinstance(node, ast.Constant):
        assert isinstance(node.value, (int, float))  # _check lets only numbers through
        return float(node.value)
    if isinstance(node, ast.Name):
        return float(names[node.id])
    if isinstance(node, ast.BinOp):
        return _OPERATORS[type(node.op)](_evaluate(node.left, names), _evaluate(node.right, names))
    assert isinstance(node, ast.UnaryOp)
    return _OPERATORS[type(node.op)](_evaluate(node.operand, names))
