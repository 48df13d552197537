"""The one Jinja2 environment of the generator: card layouts and rulebooks both render with it."""

from __future__ import annotations

import functools

import jinja2

from cardgen.gamedata import templates_dir


def _finalize(value: object) -> object:
    return "" if value is None else value


def _signed(value: object) -> str:
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

    env.filters["signed"] = _signed
    env.filters["plural"] = plural
    env.filters["words"] = words
    return env
