"""The one Jinja2 environment of the generator: card layouts and rulebooks both render with it."""

from __future__ import annotations

import functools
from typing import Any
from collections.abc import Callable

import jinja2

from cardgen.gamedata import templates_dir


def _finalize(value: object) -> object:
    return "" if value is None else value


# Filters that turn their value into text: Jinja's would print an empty cell (None) as "None"
TEXT_FILTERS = ("capitalize", "center", "escape", "e", "forceescape", "indent", "lower", "replace", "string",
                "striptags", "title", "trim", "truncate", "upper", "urlencode", "wordwrap")


def _empty_stays_empty(text_filter: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(text_filter)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        # environment-aware filters take the environment first, then the value
        value = args[1] if getattr(text_filter, "jinja_pass_arg", None) else args[0]
        return "" if value is None else text_filter(*args, **kwargs)
    return wrapped


def _default(value: object, default_value: object = "", boolean: bool = False) -> object:
    """Jinja's `default`, also for an empty cell: `{{ card.note | default("-") }}` prints - when empty."""
    return default_value if value is None else jinja2.filters.do_default(value, default_value, boolean)


def _signed(value: Any) -> str:
    """+3 / -2 / 0: a modifier as players write it."""
    if value is None or value == "":
        return ""
    number = float(value) if not isinstance(value, int) else value
    text = f"{number:g}" if isinstance(number, float) else str(number)
    return f"+{text}" if number > 0 else text


@functools.cache
def environment() -> jinja2.Environment:
    """The shared environment: strict about unknown names, None renders as nothing."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        undefined=jinja2.StrictUndefined,
        finalize=_finalize,
        autoescape=False,
        keep_trailing_newline=True,
    )
    from cardgen.rulebook.context import plural, words  # plain functions; no rendering is imported

    for name in TEXT_FILTERS:
        env.filters[name] = _empty_stays_empty(env.filters[name])
    env.filters["default"] = env.filters["d"] = _default
    env.filters["signed"] = _signed
    env.filters["plural"] = plural
    env.filters["words"] = words
    return env
