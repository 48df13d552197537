"""cardgen's modules import each other one way: no two modules (or longer rings) import each other, even lazily."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "cardgen"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, known: set[str]) -> set[str]:
    """The cardgen modules `path` imports, at its top or inside a function; not those only a type checker reads."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    checking = {id(node) for guard in ast.walk(tree) if isinstance(guard, ast.If)
                and "TYPE_CHECKING" in ast.unparse(guard.test) for node in ast.walk(guard)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in checking:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:  # `from cardgen.build import run` names a module; `import X` of a name, its module
                candidate = f"{node.module}.{alias.name}"
                found.add(candidate if candidate in known else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name in known}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every ring of imports, each once, found by a depth-first walk."""
    found, state, stack = [], {}, []

    def walk(node: str) -> None:
        state[node] = "open"
        stack.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == "open":
                found.append(stack[stack.index(target):] + [target])
            elif target not in state:
                walk(target)
        stack.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            walk(node)
    return found


def test_no_ring_of_imports_in_cardgen():
    paths = sorted(PACKAGE.rglob("*.py"))
    known = {module_name(path) for path in paths}
    graph = {module_name(path): imported(path, known) - {module_name(path)} for path in paths}
    # a package's __init__ importing its own modules is how packages are made, not a ring
    for name in graph:
        graph[name] = {t for t in graph[name] if not (name.startswith(t + ".") and t in known)}
    assert cycles(graph) == []


def test_the_walk_finds_a_ring():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c", "a"]]
