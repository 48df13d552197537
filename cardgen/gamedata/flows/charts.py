"""Automated opponents' flowcharts (`<name>.flow.toml`): questions, checks, counts, rolls and actions, checked.

On each decision the rows are read top to bottom and the first that holds acts, so a flowchart is a
graph of questions for the table (yes/no or several answers), checks the app makes itself from what
it tracks (`level >= 2`), counts the table enters (how many icons), dice rolls (each face leads
somewhere) and actions (which end the turn or lead on, and may change the bot's tracked numbers).
Difficulty levels set the bot's starting numbers; its score sheet is a list of expressions.
cardgen draws it; the companion runs it (companion.bots).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any
from collections.abc import Mapping

from cardgen.gamedata.containment import contained
from cardgen.gamedata.errors import Collector
from cardgen.gamedata.flows.expressions import Expression, ExpressionError, compile_expression
from cardgen.gamedata.flows.graph import check_graph
from cardgen.gamedata.tomlplaces import TomlPlaces

KINDS = ("question", "check", "count", "roll", "action")
RANGE = re.compile(r"(\d+)(?:(\+)|-(\d+))?")
PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)\}")
HIGH = 10**9  # the top of an open range ("3+")


@dataclass(frozen=True)
class Node:
    id: str
    kind: str
    text: str
    why: str                    # the reason a player can ask for ("why did Quinn do that?")
    branches: Mapping[str, str]  # answer or number range -> node id ("next" for an action that leads on)
    sides: int = 0              # dice sides of a roll
    test: Expression | None = None    # check: a yes/no condition
    value: Expression | None = None   # check: a whole number, branching by ranges
    store: str = ""             # count/roll: the tracked number that receives the answer or face
    most: int = 0               # count: the largest answer the table may give
    effects: tuple[tuple[str, Expression], ...] = ()  # action: tracked numbers set, in order
    hook: str = ""              # action: a named effect the game's rules carry out (e.g. hit_kaiju)
    group: str = ""             # a heading the printed chart groups nodes under
    ranges: tuple[tuple[int, int, str], ...] = ()     # count/roll/value check: (low, high, node id)

    def __reduce__(self):  # pickled with the state that carries it (a mapping proxy cannot be)
        return _rebuild, (Node, {**{f.name: getattr(self, f.name) for f in fields(self)},
                                 "branches": dict(self.branches)}, "branches")

    def target(self, number: int) -> str:
        """The node a count, roll or number check leads to for `number`."""
        for low, high, node_id in self.ranges:
            if low <= number <= high:
                return node_id
        raise ValueError(f"{number} is outside the answers of {self.id!r}")


@dataclass(frozen=True)
class Level:
    """A difficulty level: its number, name, a sentence, and the tracked numbers it starts with."""

    number: int
    name: str
    text: str
    values: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Flow:
    id: str
    title: str
    description: str
    start: str
    nodes: Mapping[str, Node]
    file: Path
    tracked: tuple[tuple[str, int], ...] = ()          # [flow.vars]: name -> starting value
    facts: tuple[str, ...] = ()                          # names the app supplies from the game's state
    levels: tuple[Level, ...] = ()
    score: tuple[tuple[str, Expression], ...] = ()      # the bot's score sheet: label -> expression
    say: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # [flow.say]: printed words

    def __reduce__(self):
        return _rebuild, (Flow, {**{f.name: getattr(self, f.name) for f in fields(self)},
                                 "nodes": dict(self.nodes), "say": dict(self.say)}, "nodes")

    def names(self) -> frozenset[str]:
        return frozenset(dict(self.tracked)) | frozenset(self.facts) | {"level"}

    def level(self, number: int) -> Level:
        for level in self.levels:
            if level.number == number:
                return level
        raise KeyError(f"{self.title} has no level {number}; levels: {', '.join(str(lv.number) for lv in self.levels)}")


def _rebuild(cls: type, values: dict[str, Any], mapping: str) -> Any:
    extra = {"say": MappingProxyType(values["say"])} if "say" in values else {}
    return cls(**{**values, mapping: MappingProxyType(values[mapping]), **extra})


def load_flows(folder: Path, problems: Collector) -> tuple[Flow, ...]:
    """Every `*.flow.toml` of a game folder, checked; problems are recorded with file and line."""
    flows = []
    for path in sorted(folder.glob("*.flow.toml")):
        if not contained(folder, path):
            problems.add(path, f"a link to {path.resolve()}, outside the game folder; copy the file into the folder")
        elif flow := _flow(path, problems):
            flows.append(flow)
    return tuple(flows)


class _Reader:
    """Reads one flowchart file, recording every problem with its line."""

    def __init__(self, path: Path, text: str, problems: Collector):
        self.path, self.places, self.problems = path, TomlPlaces(text), problems

    def fail(self, message: str, *keys: str) -> None:
        self.problems.add(self.path, message, self.places.line(*keys) if keys else 1)

    def expression(self, source: Any, names: frozenset[str], *keys: str) -> Expression | None:
        try:
            return compile_expression(source, names)
        except ExpressionError as error:
            self.fail(f"{'.'.join(keys)}: {error}", *keys)
            return None


def _flow(path: Path, problems: Collector) -> Flow | None:
    text = path.read_text(encoding="utf-8")
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        problems.add(path, f"not valid TOML: {error}")
        return None
    read = _Reader(path, text, problems)
    head, raw_nodes = doc.get("flow", {}), doc.get("nodes", {})
    if not isinstance(head, dict) or not isinstance(raw_nodes, dict) or not raw_nodes:
        read.fail("a flowchart needs a [flow] table (title, start) and [nodes.<id>] tables")
        return None
    tracked = _tracked(read, head.get("vars", {}))
    facts = head.get("facts", [])
    if not isinstance(facts, list) or not all(isinstance(f, str) and f.isidentifier() for f in facts):
        read.fail(f"[flow] facts must be a list of names the app supplies, found {facts!r}", "flow")
        facts = []
    draft = Flow(path.name.removesuffix(".flow.toml"), str(head.get("title", path.stem)),
                 str(head.get("description", "")), str(head.get("start", "")), {}, path, tracked, tuple(facts))
    names = draft.names()
    nodes = {node_id: node for node_id, raw in raw_nodes.items()
             if (node := _node(read, names, frozenset(dict(tracked)), node_id, raw))}
    if draft.start not in raw_nodes:
        read.fail(f"[flow] start {draft.start!r} is not a node; nodes: {', '.join(raw_nodes)}", "flow")
    flow = Flow(draft.id, draft.title, draft.description, draft.start, MappingProxyType(nodes), path, tracked,
                draft.facts, _levels(read, head.get("levels", {}), dict(tracked)),
                _score(read, head.get("score", {}), names), _say(read, head.get("say", {}), names))
    check_graph(flow, lambda message, node_id: read.fail(message, "nodes", node_id))
    return flow


def _tracked(read: _Reader, raw: Any) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, dict):
        read.fail("[flow.vars] must be a table of names and whole numbers", "flow", "vars")
        return ()
    good = []
    for name, value in raw.items():
        if not name.isidentifier() or not isinstance(value, int) or isinstance(value, bool) or name == "level":
            read.fail(f"[flow.vars] {name} = {value!r}: expected a name (not 'level') and a whole number",
                      "flow", "vars")
        else:
            good.append((name, value))
    return tuple(good)


def _levels(read: _Reader, raw: Any, tracked: dict[str, int]) -> tuple[Level, ...]:
    if not isinstance(raw, dict):
        read.fail("[flow.levels] must hold tables [flow.levels.1], [flow.levels.2], ...", "flow", "levels")
        return ()
    levels = []
    for key, table in raw.items():
        where = ("flow", "levels", key)
        if not key.isdigit() or not isinstance(table, dict) or not isinstance(table.get("name"), str):
            read.fail(f"[flow.levels.{key}] needs a number as its key and a name", *where)
            continue
        values = table.get("vars", {})
        unknown = [name for name in values if name not in tracked] if isinstance(values, dict) else ["vars"]
        if unknown or not all(isinstance(v, int) and not isinstance(v, bool) for v in values.values()):
            read.fail(f"[flow.levels.{key}] vars: {', '.join(unknown) or 'values'} must be tracked numbers from "
                      f"[flow.vars] ({', '.join(tracked) or 'none'}) with whole-number values", *where)
            continue
        levels.append(Level(int(key), table["name"], str(table.get("text", "")), tuple(values.items())))
    return tuple(sorted(levels, key=lambda level: level.number))


def _score(read: _Reader, raw: Any, names: frozenset[str]) -> tuple[tuple[str, Expression], ...]:
    if not isinstance(raw, dict):
        read.fail("[flow.score] must map each score category to an expression", "flow", "score")
        return ()
    return tuple((label, e) for label, source in raw.items()
                 if (e := read.expression(source, names, "flow", "score", label)))


def _say(read: _Reader, raw: Any, names: frozenset[str]) -> Mapping[str, str]:
    if not isinstance(raw, dict) or not all(isinstance(v, str) and k in names for k, v in raw.items()):
        read.fail("[flow.say] maps tracked numbers or facts to the words a printed chart uses for them", "flow", "say")
        return MappingProxyType({})
    return MappingProxyType(dict(raw))


def _node(read: _Reader, names: frozenset[str], tracked: frozenset[str], node_id: str, raw: Any) -> Node | None:
    where = ("nodes", node_id)
    if not isinstance(raw, dict) or raw.get("kind") not in KINDS or not isinstance(raw.get("text"), str):
        read.fail(f"node {node_id!r} needs kind ({', '.join(KINDS)}) and text", *where)
        return None
    kind, text = raw["kind"], raw["text"]
    for name in PLACEHOLDER.findall(text):
        if name not in names:
            read.fail(f"node {node_id!r}: text names {{{name}}}, which is not tracked or a fact; "
                      f"names: {', '.join(sorted(names))}", *where)
    common = {"id": node_id, "kind": kind, "text": text, "why": str(raw.get("why", "")),
              "group": str(raw.get("group", ""))}
    store = raw.get("store", "")
    if store and (kind not in ("count", "roll") or store not in tracked):
        read.fail(f"node {node_id!r}: store = {store!r} must name a tracked number of [flow.vars], "
                  "on a count or roll", *where)
        return None
    if kind == "question":
        branches = raw.get("answers", {})
        if not isinstance(branches, dict) or len(branches) < 2:
            read.fail(f"question {node_id!r} needs answers = {{ yes = \"...\", no = \"...\" }} (two or more)", *where)
            return None
        return Node(branches=MappingProxyType(dict(branches)), **common)
    if kind == "action":
        effects = raw.get("do", {})
        if not isinstance(effects, dict) or any(name not in tracked for name in effects):
            read.fail(f"action {node_id!r}: do = {{ name = \"expression\" }} may only set tracked numbers", *where)
            return None
        compiled = tuple((name, e) for name, source in effects.items()
                         if (e := read.expression(source, names, "nodes", node_id, "do", name)))
        branches = {"next": raw["next"]} if raw.get("next") else {}
        return Node(branches=MappingProxyType(branches), effects=compiled, hook=str(raw.get("hook", "")), **common)
    return _branching(read, names, raw, common, store)


def _branching(read: _Reader, names: frozenset[str], raw: dict, common: dict, store: str) -> Node | None:
    """A check, count or roll: the branches and what they cover."""
    node_id, kind = common["id"], common["kind"]
    where = ("nodes", node_id)
    if kind == "check":
        if ("test" in raw) == ("value" in raw):
            read.fail(f"check {node_id!r} needs either test = \"condition\" (answers yes and no) or "
                      "value = \"number\" (answers by ranges such as \"0\", \"1-2\", \"3+\")", *where)
            return None
        branches = raw.get("answers", {})
        expression = read.expression(raw.get("test", raw.get("value")), names, *where)
        if expression is None:
            return None
        if "test" in raw:
            if not isinstance(branches, dict) or set(branches) != {"yes", "no"}:
                read.fail(f"check {node_id!r}: a test needs answers = {{ yes = \"...\", no = \"...\" }}, "
                          f"found {sorted(branches) if isinstance(branches, dict) else branches!r}", *where)
                return None
            return Node(branches=MappingProxyType(dict(branches)), test=expression, **common)
        ranges = _ranges(read, branches, 0, HIGH, f"check {node_id!r}: answers", where)
        return ranges and Node(branches=MappingProxyType(dict(branches)), value=expression, ranges=ranges, **common)
    if kind == "count":
        most = raw.get("most", 20)
        branches = raw.get("answers", {})
        if not (isinstance(most, int) and most > 0):
            read.fail(f"count {node_id!r}: most must be a whole number above 0", *where)
            return None
        ranges = _ranges(read, branches, 0, most, f"count {node_id!r}: answers", where)
        return ranges and Node(branches=MappingProxyType(dict(branches)), store=store, most=most, ranges=ranges,
                               **common)
    sides = raw.get("sides", 6)
    faces = raw.get("faces", {})
    if not (isinstance(sides, int) and sides > 1):
        read.fail(f"roll {node_id!r}: sides must be a whole number above 1", *where)
        return None
    ranges = _ranges(read, faces, 1, sides, f"roll {node_id!r}: faces", where)
    return ranges and Node(branches=MappingProxyType(dict(faces)), sides=sides, store=store, ranges=ranges, **common)


def _ranges(read: _Reader, branches: Any, low: int, high: int, what: str, where: tuple[str, ...]):
    """(low, high, target) per key ("2", "1-2", "3+"), which must cover low..high exactly once."""
    shown = f"{low} to {high}" if high < HIGH else f"every number from {low} up"
    problem = f"{what} must cover {shown} exactly once (like \"{low}\", \"{low + 1}-{low + 2}\", \"{low + 3}+\")"
    if not isinstance(branches, dict) or not branches:
        read.fail(f"{problem}, found {branches!r}", *where)
        return None
    ranges = []
    for key, target in branches.items():
        match = RANGE.fullmatch(str(key))
        if not match or not isinstance(target, str):
            read.fail(f"{problem}, found {key!r}", *where)
            return None
        first = int(match.group(1))
        last = high if match.group(2) else int(match.group(3) or first)
        ranges.append((first, last, target))
    ranges.sort()
    expected = low
    for first, last, _ in ranges:
        if first != expected or last < first:
            read.fail(f"{problem}, found {', '.join(sorted(branches))}", *where)
            return None
        expected = last + 1
    if expected != high + 1:
        read.fail(f"{problem}, found {', '.join(sorted(branches))}", *where)
        return None
    return tuple(ranges)
