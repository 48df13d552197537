"""Box coordinates as numbers or small arithmetic over W, H and bleed ("W - 10", "H * 0.38")."""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping

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
        tree = ast.parse(value, mode="eval").body
    except SyntaxError:
        raise ExpressionError(f"{value!r} is not arithmetic (use numbers, W, H, bleed, + - * / and brackets)") from None
    _check(tree, value)
    return lambda names: _evaluate(tree, names)


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
    raise ExpressionError(f"{source!r} is not arithmetic (use numbers, W, H, bleed, + - * / and brackets)")


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
