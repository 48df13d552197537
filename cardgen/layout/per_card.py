"""Box settings that are templates over the card: position, size, font size and visibility.

`y = "{{ 40 if card.type == 'Boss' else 46 }}"`, `size = "{{ 9 if card.name|length < 14 else 7 }}"`,
`hidden = "{{ card.cost is none }}"`. Each is rendered per card with the layout's other templates; a
coordinate's result is read like a fixed coordinate (a number, or arithmetic over W, H and bleed), a
font size must be a number above 0, and `hidden` must come out true or false.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping

from cardgen.layout.expressions import ExpressionError, compile_expression
from cardgen.layout.spec import GEOMETRY, PER_CARD, Box, LayoutError

SIZES = ("size", "min_size")
MAX_SIZE = 300.0  # points: larger than any card could hold, so a bigger one is a mistake
TRUE, FALSE = {"true", "1", "yes"}, {"false", "0", "no", ""}


class SettingError(LayoutError):
    """A per-card setting whose result cannot be used; `key` names the setting, `detail` says why."""

    def __init__(self, key: str, detail: str):
        super().__init__(f"{key}: {detail}")
        self.key, self.detail = key, detail

    def at(self, box: Box) -> SettingError:
        """The same error, its message starting at the setting's layout file:line and naming the box."""
        placed = SettingError(self.key, self.detail)
        placed.args = (f"{box.place(self.key)}: box {box.name!r}: {self.key}: {self.detail}",)
        return placed


def per_card(box: Box, values: dict[str, str], rect: tuple[float, ...], names: Mapping[str, float]
             ) -> tuple[tuple[float, ...], dict[str, float]] | None:
    """The box's rectangle and font sizes for this card, taking the per-card settings out of `values`.

    None when the card's `hidden` says true; SettingError, at the setting's file:line, when a result is
    not a number or out of range.
    """
    if not PER_CARD & values.keys():
        return tuple(rect), {}
    try:
        return _settings(values, rect, names)
    except SettingError as error:
        raise error.at(box) from None


def _settings(values: dict[str, str], rect: tuple[float, ...], names: Mapping[str, float]
              ) -> tuple[tuple[float, ...], dict[str, float]] | None:
    hidden = values.pop("hidden", None)
    if hidden is not None:
        word = hidden.strip().lower()
        if word not in TRUE | FALSE:
            raise SettingError("hidden", f"gave {hidden.strip()!r}; it must give true or false")
        if word in TRUE:
            return None
    placed = list(rect)
    for index, key in enumerate(GEOMETRY):
        if key in values:
            placed[index] = _coordinate(key, values.pop(key), names)
    sizes = {key: _size(key, values.pop(key)) for key in SIZES if key in values}
    return tuple(placed), sizes


def _coordinate(key: str, text: str, names: Mapping[str, float]) -> float:
    try:
        value = _compiled(text.strip())(names)
    except ExpressionError:
        raise SettingError(key, f"gave {text.strip()!r}, which is not a number of millimetres (nor arithmetic "
                                "over W, H and bleed)") from None
    except ZeroDivisionError:
        raise SettingError(key, f"gave {text.strip()!r}, which divides by zero") from None
    if not math.isfinite(value) or (key in ("w", "h") and value < 0):
        raise SettingError(key, f"gave {text.strip()!r}; {key} must be a finite number"
                                + (" of 0 or more" if key in ("w", "h") else ""))
    return value


def _size(key: str, text: str) -> float:
    try:
        value = float(text.strip())
    except ValueError:
        raise SettingError(key, f"gave {text.strip()!r}, which is not a number of points") from None
    if not 0 < value <= MAX_SIZE:
        raise SettingError(key, f"gave {text.strip()!r}; a font size must be above 0 and at most {MAX_SIZE:g} pt")
    return value


@functools.lru_cache(maxsize=1024)
def _compiled(text: str) -> Callable[[Mapping[str, float]], float]:
    """Each distinct result compiled once: most cards of a deck give one of a few values."""
    return compile_expression(float(text) if _is_number(text) else text)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
