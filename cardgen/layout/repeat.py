"""A layout box drawn several times: `repeat` over a count, a range, a list or a card's value, `step` apart.

`repeat = 5` or `repeat = "1..5"` (values 1 to 5), `repeat = ["fire", "water"]`, or `repeat = "{{ card.cost }}"`
(a number column gives that many copies, a list column one copy per item, an empty cell none). `step = { x = 0,
y = "12mm" }` moves each copy from the one before (units as positions take them). Each copy is an ordinary box,
named `<box>[1]`, `<box>[2]`...; its templates see `repeat.index` (from 1), `repeat.index0`, `repeat.value`,
`repeat.count`, `repeat.first` and `repeat.last`. A repeat over the card's data is laid out as MAX_REPEAT copies,
those past the card's count never drawn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from types import MappingProxyType, SimpleNamespace
from typing import Any, cast
from collections.abc import Callable, Mapping

import jinja2

from cardgen.layout.expressions import ExpressionError, compile_expression
from cardgen.layout.template_names import names_used
from cardgen.layout.templating import environment

MAX_REPEAT = 100  # copies of one box: more than any card shows, so a bigger count is a mistake in the data
STEP_KEYS = ("x", "y")
_RANGE = re.compile(r"(-?\d+)\s*\.\.\s*(-?\d+)")
_EXPRESSION = re.compile(r"\s*\{\{(.*)\}\}\s*", re.S)
SHAPES = 'a whole number of 0 or more, a range like "1..5" or a list like ["fire", "water"]'


class RepeatError(ValueError):
    """A `repeat` or `step` that cannot be used; `key` names the setting and `detail` says why."""

    def __init__(self, key: str, detail: str):
        super().__init__(f"{key}: {detail}")
        self.key, self.detail = key, detail


class CardRepeatError(jinja2.TemplateRuntimeError):
    """A card whose value for `repeat = "{{ ... }}"` is no count, range or list (reported as the box's `repeat`)."""


def values_of(value: Any) -> tuple[Any, ...]:
    """The values a repeat goes over: 1..n for a count n, a..b for "a..b", the items of a list; ValueError says
    what is wrong (a negative count, more than MAX_REPEAT copies, something else)."""
    if value is None:
        return ()
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            raise ValueError(f"a count of copies cannot be negative, found {value}")
        return _capped(tuple(range(1, value + 1)))
    if isinstance(value, str):
        text = value.strip()
        if text.isdigit():
            return values_of(int(text))
        match = _RANGE.fullmatch(text)
        if match:
            low, high = int(match.group(1)), int(match.group(2))
            if high < low:
                raise ValueError(f"the range {text!r} ends before it starts; write it low..high")
            return _capped(tuple(range(low, high + 1)))
        if not text:
            return ()
    if isinstance(value, (list, tuple)):
        return _capped(tuple(value))
    raise ValueError(f"it must be {SHAPES}, found {value!r}")


def _capped(values: tuple[Any, ...]) -> tuple[Any, ...]:
    if len(values) > MAX_REPEAT:
        raise ValueError(f"that is {len(values)} copies; a box repeats at most {MAX_REPEAT} times")
    return values


class OverCard:
    """`repeat = "{{ expression }}"`: the values each card gives, worked out once per face for all the copies."""

    def __init__(self, source: str, expression: Callable[..., Any]):
        self.source = source
        self._expression = expression
        self._last: tuple[Any, tuple[Any, ...] | str] = (None, ())  # the card object last asked about, its answer

    def values(self, context: Mapping[str, Any]) -> tuple[Any, ...]:
        """The card's values; CardRepeatError when the card gives something a repeat cannot go over."""
        card = context.get("card")
        last_card, answer = self._last
        if card is None or last_card is not card:
            try:
                answer = values_of(self._expression(**context))
            except (ValueError, TypeError, LookupError, AttributeError, ArithmeticError, jinja2.TemplateError) as error:
                named = getattr(card, "id", None)
                answer = f"{self.source!r} gave no count for {f'card {named!r}' if named else 'this card'}: {error}"
            self._last = (card, answer)
        if isinstance(answer, str):
            raise CardRepeatError(answer)
        return answer


@dataclass(frozen=True)
class Plan:
    """What a box's `repeat` and `step` ask for: fixed values, or values each card gives (`over`)."""

    values: tuple[Any, ...]
    over: OverCard | None
    step: tuple[Any, Any]  # x and y per step as written (a number of mm or an expression), 0 when not given

    @property
    def copies(self) -> int:
        return MAX_REPEAT if self.over else len(self.values)


def plan(settings: Mapping[str, Any]) -> Plan:
    """The plan of a box's `repeat` and `step` settings; RepeatError naming the setting that is wrong."""
    if "repeat" not in settings:
        raise RepeatError("step", "step moves each copy of a repeated box, and this box has no repeat")
    step = settings.get("step", {})
    if not isinstance(step, dict):
        raise RepeatError("step", f"step must be a table like {{ x = 0, y = \"12mm\" }}, found {step!r}")
    unknown = sorted(set(step) - set(STEP_KEYS))
    if unknown:
        raise RepeatError("step", f"step takes x and y, not {unknown[0]!r}")
    for key, value in step.items():
        try:
            compile_expression(value)
        except ExpressionError as error:
            raise RepeatError("step", f"step {key}: {error}") from None
    repeat = settings["repeat"]
    expression = _EXPRESSION.fullmatch(repeat) if isinstance(repeat, str) else None
    over = None
    values: tuple[Any, ...] = ()
    if expression:
        try:
            over = OverCard(repeat.strip(), environment().compile_expression(expression.group(1)))
        except jinja2.TemplateSyntaxError as error:
            raise RepeatError("repeat", f"template error: {error.message}") from None
    elif isinstance(repeat, str) and ("{{" in repeat or "{%" in repeat):
        raise RepeatError("repeat", "a repeat over the card's data is one expression: \"{{ card.cost }}\"")
    else:
        try:
            values = values_of(repeat)
        except ValueError as error:
            raise RepeatError("repeat", str(error)) from None
    return Plan(values, over, (step.get("x", 0), step.get("y", 0)))


def copies(box: Any, plan: Plan) -> list[Any]:
    """The copies of `box` (a cardgen.layout.spec.Box) the plan asks for, each moved by its steps."""
    steps = [compile_expression(value) for value in plan.step]
    uses = [key for key, source in box.sources.items() if ("name", "repeat") in names_used(source)]
    sources = {key: (_declared(source) if key in uses else source) for key, source in box.sources.items()}
    if plan.over:
        sources["repeat"] = plan.over.source  # its column is checked and read like any template's
    shared = MappingProxyType(sources)  # one object for every copy: the composer reads a box's names once per sources
    made = []
    for index0 in range(plan.copies):
        copy = Copy(index0, plan.values, plan.over)
        templates = {key: (Repeated(template, copy) if key in uses else template)
                     for key, template in box.templates.items()}
        for axis, key in enumerate(STEP_KEYS):
            if key in templates and index0:  # a position worked out per card: the steps added to what it gives
                templates[key] = Moved(templates[key], index0, plan.step[axis])
        when = box.when
        if plan.over:
            when = CopyWhen(copy, when if "when" not in uses or when is None else RepeatedWhen(when, copy))
            if index0 == 0:  # first, so that a card with no count is told at `repeat`, not at a template using it
                templates = {"repeat": CheckRepeat(plan.over), **templates}
        elif when is not None and "when" in uses:
            when = RepeatedWhen(when, copy)
        geometry = tuple(_moved(g, index0, steps[STEP_KEYS.index(key)]) if key in STEP_KEYS and index0 else g
                         for key, g in zip(("x", "y", "w", "h"), box.geometry))
        made.append(replace(box, name=f"{box.name}[{index0 + 1}]", repeats=box.name, geometry=geometry, when=when,
                            templates=cast(Any, MappingProxyType(templates)), sources=shared))
    return made


def _declared(source: str) -> str:
    """A copy's template source as `cardgen check` reads its names: `repeat` is known in a repeated box."""
    return "{% set repeat = none %}" + source


def _moved(base: Callable[[Mapping[str, float]], float], index0: int,
           step: Callable[[Mapping[str, float]], float]) -> Callable[[Mapping[str, float]], float]:
    return lambda names: base(names) + index0 * step(names)


@dataclass(frozen=True)
class Copy:
    """One copy of a repeated box: its place among the copies and what `repeat` shows its templates."""

    index0: int
    values: tuple[Any, ...]
    over: OverCard | None

    def shown(self, context: Mapping[str, Any]) -> SimpleNamespace:
        values = self.over.values(context) if self.over else self.values
        value = values[self.index0] if self.index0 < len(values) else None
        return SimpleNamespace(index=self.index0 + 1, index0=self.index0, value=value, count=len(values),
                               first=self.index0 == 0, last=self.index0 == len(values) - 1)


class Repeated:
    """A template of a copy: rendered with `repeat` beside the card's names."""

    def __init__(self, template: Any, copy: Copy):
        self.template, self.copy = template, copy

    def render(self, **context: Any) -> str:
        return str(self.template.render(**context, repeat=self.copy.shown(context)))


class Moved:
    """A per-card x or y of a copy: what the card gives, plus the copy's steps (read as arithmetic later)."""

    def __init__(self, template: Any, index0: int, step: Any):
        self.template, self.index0, self.step = template, index0, step

    def render(self, **context: Any) -> str:
        return f"({self.template.render(**context)}) + {self.index0} * ({self.step})"


class RepeatedWhen:
    """A copy's own `when`, seeing `repeat`."""

    def __init__(self, when: Callable[..., Any], copy: Copy):
        self.when, self.copy = when, copy

    def __call__(self, **context: Any) -> Any:
        return self.when(**context, repeat=self.copy.shown(context))


class CopyWhen:
    """Whether a copy of a repeat over the card's data is drawn: only those the card's count reaches (and its
    `when`). When the card gives no count, the first copy goes on so that its `repeat` says why."""

    def __init__(self, copy: Copy, when: Callable[..., Any] | None):
        self.copy, self.when = copy, when

    def __call__(self, **context: Any) -> Any:
        assert self.copy.over is not None
        try:
            reached = self.copy.index0 < len(self.copy.over.values(context))
        except CardRepeatError:
            return self.copy.index0 == 0
        return reached and (self.when is None or self.when(**context))


class CheckRepeat:
    """The first copy's `repeat` setting: renders nothing, and fails (at the setting's line) for a card whose value
    a repeat cannot go over."""

    def __init__(self, over: OverCard):
        self.over = over

    def render(self, **context: Any) -> str:
        self.over.values(context)
        return ""
