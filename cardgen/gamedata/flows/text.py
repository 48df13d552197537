"""A flowchart's sentences as printed on paper, where `{name}` cannot be filled in by the app.

A number every level starts the same prints as that number; one the levels set differently prints
as each level's value ("3 / 2 / 4"); a game constant prints its value from game.toml; anything else
(a number that changes in play, such as the rolled space) prints as the words `[flow.say]` gives,
or the name itself in words.
"""

from __future__ import annotations

import re
from typing import Any
from collections.abc import Mapping

from cardgen.gamedata.flows.charts import PLACEHOLDER, Flow


def printed(flow: Flow, text: str, constants: Mapping[str, Any]) -> str:
    """`text` with every `{name}` replaced by what a printed chart can say."""
    return PLACEHOLDER.sub(lambda match: _word(flow, match.group(1), constants), text)


def _word(flow: Flow, name: str, constants: Mapping[str, Any]) -> str:
    if name in flow.say:
        return flow.say[name]
    tracked = dict(flow.tracked)
    if name in tracked:
        values = [dict(level.values).get(name, tracked[name]) for level in flow.levels] or [tracked[name]]
        return str(values[0]) if len(set(values)) == 1 else " / ".join(map(str, values))
    found = _constant(constants, name)
    return str(found) if found is not None else name.replace("_", " ")


def _constant(constants: Mapping[str, Any], name: str) -> Any:
    """A game constant by its key, looked up in [constants] and its sub-tables."""
    if name in constants and isinstance(constants[name], (int, float, str)):
        return constants[name]
    for value in constants.values():
        if isinstance(value, Mapping) and (found := _constant(value, name)) is not None:
            return found
    return None


def card_text(flow: Flow, parts: list[str] | tuple[str, ...], constants: Mapping[str, Any]) -> str:
    """A printed flowchart card's text in card markup: the numbered rows of the named groups, and, for the
    parts "levels" and "score", the difficulty levels and the bot's score sheet."""
    number = {node_id: index for index, node_id in enumerate(flow.nodes, start=1)}
    blocks = []
    for part in parts:
        if part == "levels":
            blocks.append("\n".join(f"**Level {lv.number}: {lv.name}.** {lv.text}" for lv in flow.levels))
        elif part == "score":
            blocks.append("**Score** " + " · ".join(f"{label}: {formula}"
                                                    for label, formula in score_lines(flow, constants)))
        else:
            rows = [_row(flow, node, number, constants) for node in flow.nodes.values() if node.group == part]
            if not rows:
                raise KeyError(f"{flow.file.name} has no group {part!r}; groups: "
                               + ", ".join(dict.fromkeys(n.group for n in flow.nodes.values() if n.group)))
            blocks.append(f"**{part}**\n" + "\n".join(rows))
    return "\n\n".join(blocks)


def score_lines(flow: Flow, constants: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The bot's score sheet as printed: each category and its formula in words."""
    return [(label, _formula(flow, e.source, constants)) for label, e in flow.score]


def _row(flow: Flow, node, number: Mapping[str, int], constants: Mapping[str, Any]) -> str:
    def to(target: str) -> str:
        other = flow.nodes[target]
        return f"{number[target]}" if other.group == node.group else f"{number[target]} ({other.group or 'next'})"
    text = printed(flow, node.text, constants)
    if node.kind == "action":
        lead = f" » {to(node.branches['next'])}" if "next" in node.branches else " **End.**"
        return f"**{number[node.id]}** {text}{lead}"
    if node.kind == "check":
        text += " *(the app knows)*"
    branches = " · ".join(f"*{answer}* » {to(target)}" for answer, target in node.branches.items())
    return f"**{number[node.id]}** {text} {branches}"


def _formula(flow: Flow, source: str, constants: Mapping[str, Any]) -> str:
    """A score expression as printed: settings and game constants as numbers, counters in words, × and ÷."""
    tracked, counted = dict(flow.tracked), _counted(flow)

    def name(match: re.Match) -> str:
        word = match.group(0)
        if word in tracked and word not in flow.say and (word in counted or tracked[word] == 0):
            return word.replace("_", " ")  # a counter: Quinn's own number at the end of the game
        return _word(flow, word, constants)
    return re.sub(r"[A-Za-z_]\w*", name, source).replace("//", "÷").replace("*", "×")


def _counted(flow: Flow) -> set[str]:
    """Tracked numbers that play changes (set by an action, a count or a roll)."""
    changed = {node.store for node in flow.nodes.values() if node.store}
    return changed | {name for node in flow.nodes.values() for name, _ in node.effects}
