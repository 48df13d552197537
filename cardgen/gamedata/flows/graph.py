"""The shape checks of a flowchart: every target exists, every node is reachable, every branch reaches an action."""

from __future__ import annotations

from collections.abc import Callable


def check_graph(flow, fail: Callable[[str, str], None]) -> None:
    """Calls `fail(message, node_id)` for each broken target, unreachable node, and loop or dead end."""
    for node in flow.nodes.values():
        for answer, target in node.branches.items():
            if target not in flow.nodes:
                fail(f"node {node.id!r}: {answer} leads to {target!r}, which is not a node", node.id)
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
            fail(f"node {node_id!r} cannot be reached from the start", node_id)
    ends = {n for n, node in flow.nodes.items() if node.kind == "action"}
    changed = True
    while changed:  # nodes from which every branch reaches an action, until nothing changes
        changed = False
        for node in flow.nodes.values():
            if node.id not in ends and node.branches and all(t in ends for t in node.branches.values()):
                ends.add(node.id)
                changed = True
    for node in flow.nodes.values():
        if node.id not in ends:
            fail(f"node {node.id!r}: not every branch reaches an action (a loop or a dead end)", node.id)
    _check_action_chains(flow, fail)


def _check_action_chains(flow, fail: Callable[[str, str], None]) -> None:
    """A turn must end: following `next` from action to action may not come back round without a question."""
    for node in flow.nodes.values():
        if node.kind != "action":
            continue
        seen, current = {node.id}, node
        while current.kind == "action" and "next" in current.branches and current.branches["next"] in flow.nodes:
            current = flow.nodes[current.branches["next"]]
            if current.id in seen and current.kind == "action":
                fail(f"action {node.id!r}: its next actions come back round to {current.id!r} and never end", node.id)
                break
            seen.add(current.id)
