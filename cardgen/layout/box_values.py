"""A box's settings for one card: its templates rendered, its `when` called, its colours resolved.

What fails is a BoxError naming the box's place, the setting and what went wrong, for `cardgen check`
to print at the layout's line.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import jinja2

from cardgen.gamedata.manifest.values import COLOUR
from cardgen.layout.spec import Constant, Field, LayoutError

# What a template may raise on one card's values ({{ card.cost + 1 }} on an empty cell, a bad index...)
RENDER_ERRORS = (jinja2.TemplateError, TypeError, ValueError, ArithmeticError, LookupError, AttributeError)


class BoxError(LayoutError):
    """A box setting that fails for one card; `key` names the setting and `detail` says what went wrong."""

    def __init__(self, message: str, key: str, detail: str):
        super().__init__(message)
        self.key, self.detail = key, detail


def call_when(expression: Any, context: dict, where: str) -> Any:
    """The box's `when` for this card."""
    try:
        return expression(**context)
    except RENDER_ERRORS as error:
        raise BoxError(f"{where}: when: {_failure(error)}", "when", _failure(error)) from None


def render_value(template: jinja2.Template | Field | Constant, context: dict, where: str, key: str) -> str:
    """One setting of the box for this card, as text."""
    try:
        if type(template) is Field:  # `{{ card.<column> }}`: read straight from the card
            value = getattr(context["card"], template.column)
            return "" if value is None else str(value)
        return template.render(**context)
    except RENDER_ERRORS as error:
        raise BoxError(f"{where}: {key}: {_failure(error)}", key, _failure(error)) from None


def _failure(error: Exception) -> str:
    """What went wrong in a template, as a sentence (Jinja's own messages already are)."""
    if isinstance(error, jinja2.TemplateError):
        return f"template error: {error}"
    return f"template error: {type(error).__name__}: {error}"


def solid_colour(value: str | None, style: Mapping[str, str], default: str, where: str, key: str) -> str:
    """A colour that cannot be "none": the ink of a text box, the accent of placeholder art."""
    found = colour_value(value, style, default, where, key)
    if found is None:
        detail = f"{key} {(value or '').strip()!r} leaves nothing to draw with: name a colour like #a1b2c3 or a style name"
        raise BoxError(f"{where}: {detail}", key, detail)
    return found


def colour_value(value: str | None, style: Mapping[str, str], default: str | None, where: str, key: str) -> str | None:
    """A colour setting: #rrggbb(aa) as it is, a [style] name looked up, None for "none" or empty; `default` when unset."""
    if value is None:
        return default
    value = value.strip()
    if value in ("", "none"):
        return None
    if COLOUR.fullmatch(value):
        return value.lower()
    if value in style:
        return style[value]
    detail = (f"{key} {value!r} is neither a colour like #a1b2c3 nor a style name "
              f"({', '.join(sorted(style)) or 'no [style] defined'})")
    raise BoxError(f"{where}: {detail}", key, detail)
