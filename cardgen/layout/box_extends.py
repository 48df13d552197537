"""A box that extends another box: `[boxes.cost2] extends = "cost"` takes every setting of box `cost` (of the same
layout, or of a layout it extends) and overrides the ones it writes itself.

Not taken: the other box's `under` (where a box is drawn is its own) and a plain `hidden = true`, so a hidden box
can be a pattern that others extend; a `hidden` worked out per card is taken like any setting.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

NOT_TAKEN = ("under", "extends")


def resolve_extends(boxes: dict[str, dict[str, Any]]) -> list[str]:
    """Gives each box of `boxes` (name -> its settings, with `_places`: key -> (file, line)) that says `extends`
    the settings of the box it names, its own on top, in place; a message (file:line: box ...) for each `extends`
    that names no box or goes round in a circle, whose box is left out (the layout is refused anyway, and its
    missing settings would only add more messages)."""
    problems: list[str] = []
    done: dict[str, dict[str, Any]] = {}
    failed: set[str] = set()

    def settle(name: str, chain: list[str]) -> dict[str, Any]:
        if name in done:
            return done[name]
        box = dict(boxes[name])
        base = box.pop("extends", None)
        where = f"{_place(box['_places'], 'extends')}: box {name!r}: extends"
        chain = [*chain, name]
        if base is not None and not (isinstance(base, str) and base in boxes and base not in chain):
            failed.add(name)
        if base is None:
            pass
        elif not isinstance(base, str):
            problems.append(f"{where} must be the name of another box in quotes, found {base!r}")
        elif base in chain:
            circle = " -> ".join([*chain[chain.index(base):], base])
            problems.append(f"{where} {base!r} goes round in a circle: {circle}")
        elif base not in boxes:
            others = [other for other in boxes if other != name]
            close = difflib.get_close_matches(base, others, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            problems.append(f"{where} names box {base!r}, which neither this layout nor a layout it extends has"
                            f"{hint} (boxes: {', '.join(others) or 'none'})")
        else:
            parent = settle(base, chain)
            if base in failed:  # extends a box left out: so is this one
                failed.add(name)
            taken = {key: value for key, value in parent.items()
                     if key not in NOT_TAKEN and key != "_places" and not (key == "hidden" and value is True)}
            places = {key: place for key, place in parent["_places"].items() if key in taken}
            box = {**taken, **box, "_places": {**places, **box["_places"]}}
        done[name] = box
        return box

    for name in list(boxes):
        boxes[name] = settle(name, [])
    for name in failed:
        del boxes[name]
    return problems


def _place(places: dict[str, tuple[Path, int | None]], key: str) -> str:
    path, line = places.get(key, places[""])
    return f"{path}:{line}" if line else str(path)
