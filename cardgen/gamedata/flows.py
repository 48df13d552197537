"""Automated opponents' flowcharts (`<name>.flow.toml`): questions, dice rolls and actions, checked.

On each decision the rows are read top to bottom and the first that holds acts, so a flowchart is
a graph of questions (yes/no or several answers), rolls (each face leads somewhere) and actions
(which end the turn or lead on). cardgen draws it; the companion runs it.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from cardgen.gamedata.errors import Collector
from cardgen.gamedata.tomlplaces import TomlPlaces

KINDS = ("question", "roll", "action")
FACES = re.compile(r"(\d+)(?:-(\d+))?")


@dataclass(frozen=True)
class Node:
    id: str
    kind: str
    text: str
    why: str                    # the reason a player can ask for ("why did Quinn do that?")
    branches: Mapping[str, str]  # answer or face range -> node id ("next" for an action that leads on)
    sides: int = 0              # dice sides of a roll


@dataclass(frozen=True)
class Flow:
    id: str
    title: str
    description: str
    start: str
    nodes: Mapping[str, Node]
    file: Path


def load_flows(folder: Path, problems: Collector) -> tuple[Flow, ...]:
    """Every `*.flow.toml` of a game folder, checked; problems are recorded with file and line."""
    return tuple(flow for path in sorted(folder.glob("*.flow.toml")) if (flow := _flow(path, problems)))


def _flow(path: Path, problems: Collector) -> Flow | None:
    text = path.read_text(encoding="utf-8")
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        problems.add(path, f"not valid TOML: {error}")
        return None
    places = TomlPlaces(text)
    head, raw_nodes = doc.get("flow", {}), doc.get("nodes", {})
    if not isinstance(head, dict) or not isinstance(raw_nodes, dict) or not raw_nodes:
        problems.add(path, "a flowchart needs a [flow] table (title, start) and [nodes.<id>] tables", 1)
        return None
    nodes = {}
    for node_id, raw in raw_nodes.items():
        node = _node(path, places, node_id, raw, problems)
        if node:
            nodes[node_id] = node
    start = head.get("start", "")
    if start not in raw_nodes:
        problems.add(path, f"[flow] start {start!r} is not a node; nodes: {', '.join(raw_nodes)}", places.line("flow"))
    flow = Flow(path.name.removesuffix(".flow.toml"), str(head.get("title", path.stem)), str(head.get("description", "")),
                start, MappingProxyType(nodes), path)
    _check_graph(flow, places, problems)
    return flow


def _node(path: Path, places: TomlPlaces, node_id: str, raw: Any, problems: Collector) -> Node | None:
    line = places.line("nodes", node_id)
    if not isinstance(raw, dict) or raw.get("kind") not in KINDS or not isinstance(raw.get("text"), str):
        problems.add(path, f"node {node_id!r} needs kind ({', '.join(KINDS)}) and text", line)
        return None
    kind = raw["kind"]
    if kind == "question":
        branches = raw.get("answers", {})
        if not isinstance(branches, dict) or len(branches) < 2:
            problems.add(path, f"question {node_id!r} needs answers = {{ yes = \"...\", no = \"...\" }} (two or more)",
                         line)
            return None
    elif kind == "roll":
        branches = raw.get("faces", {})
        sides = raw.get("sides", 6)
        covered = _faces(branches) if isinstance(branches, dict) else None
        if covered != list(range(1, sides + 1)):
            problems.add(path, f"roll {node_id!r}: faces must cover 1 to {sides} exactly once (like \"1-2\" = ...), "
                         f"found {sorted(branches) if isinstance(branches, dict) else branches!r}", line)
            return None
        return Node(node_id, kind, raw["text"], str(raw.get("why", "")), MappingProxyType(dict(branches)), sides)
    else:
        branches = {"next": raw["next"]} if raw.get("next") else {}
    return Node(node_id, kind, raw["text"], str(raw.get("why", "")), MappingProxyType(dict(branches)))


def _faces(branches: dict) -> list[int] | None:
    faces = []
    for key in branches:
        match = FACES.fullmatch(str(key))
        if not match:
            return None
        low, high = int(match.group(1)), int(match.group(2) or match.group(1))
        faces += range(low, high + 1)
    return sorted(faces) if len(faces) == len(set(faces)) else None


def _check_graph(flow: Flow, places: TomlPlaces, problems: Collector) -> None:
    for node in flow.nodes.values():
        for answer, target in node.branches.items():
            if target not in flow.nodes:
                problems.add(flow.file, f"node {node.id!r}: {answer} leads to {target!r}, which is not a node",
                             places.line("nodes", node.id))
    if flow.start not in flow.nodes:
        return
    seen, todo = set(), [flow.start]
    while todo:
        current = todo.pop()
        if current in seen or current not in flow.nodes:
            continue
        seen.add(current)
        todo += flow.nodes[current].branches.values()
    for node_id in flow.nodes:
        if node_id not in seen:
            problems.add(flow.file, f"node {node_id!r} cannot be reached from the start", places.line("nodes", node_id))
    ends = {n for n, node in flow.nodes.items() if node.kind == "action"}
    changed = True
    while changed:  # nodes from which some path reaches an action, until nothing changes
        changed = False
        for node in flow.nodes.values():
            if node.id not in ends and node.branches and all(t in ends for t in node.branches.values()):
                ends.add(node.id)
                changed = True
    for node in flow.nodes.values():
        if node.id not in ends:
            problems.add(flow.file, f"node {node.id!r}: not every branch reaches an action (a loop or a dead end)",
                         places.line("nodes", node.id))
