"""The import graph of companion/ and cardgen/, read from the source: no cycle, cardgen imports nothing of the
companion, and the companion's folders import downwards only (docs/extending/companion-layout.md)."""

from __future__ import annotations

import ast
from collections import deque
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("cardgen", "companion")

# The companion's folders from the top down: a module imports its own layer or the ones below, never one above.
LAYERS = (
    ("companion", "companion.__main__", "companion.cli"),
    ("companion.web",),
    ("companion.table", "companion.simulate", "companion.plays"),
    ("companion.bots",),
    ("companion.rules",),
    ("companion.storage", "companion.config", "companion.version"),
)
# Upward imports that issue #20 still has to remove, each with the reason; the test fails once one is gone too, so
# that the exception goes with it. None is left: Quinn's runner moved out of Unfair's rules to companion/bots.
KNOWN_UPWARD: dict[str, str] = {}


@dataclass(frozen=True)
class Edge:
    """One import: `source` (a module) imports `target` at `path`:`line`; `late` when it sits inside a function."""

    source: str
    target: str
    path: str  # relative to the folder the packages are in
    line: int
    late: bool

    def __str__(self) -> str:
        return f"{self.path}:{self.line} imports {self.target}{' (inside a function)' if self.late else ''}"


def modules(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    """Every module of the packages under `root` by its dotted name (a package by its __init__.py)."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(name: str, path: Path, known: dict[str, Path], root: Path) -> list[Edge]:
    """The imports of one module that name another module of `known`: `import a.b`, `from a import b` (the module
    a.b when there is one, else the package a), relative imports, at module level or inside functions. Imports under
    `if TYPE_CHECKING:` never run, so they are left out, and so are the parent packages Python runs on the way."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    edges: list[Edge] = []

    def resolve(dotted: str) -> str | None:
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    def add(target: str | None, node: ast.stmt, late: bool) -> None:
        if target and target != name:
            edges.append(Edge(name, target, path.relative_to(root).as_posix(), node.lineno, late))

    def visit(node: ast.AST, late: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child.test):
                for other in child.orelse:
                    visit(ast.Module(body=[other], type_ignores=[]), late)
                continue
            if isinstance(child, ast.Import):
                for alias in child.names:
                    add(resolve(alias.name), child, late)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[:len(package.split(".")) - (child.level - 1)]
                    source = ".".join(base + ([child.module] if child.module else []))
                else:
                    source = child.module or ""
                for alias in child.names:
                    submodule = f"{source}.{alias.name}"
                    add(submodule if submodule in known else resolve(source), child, late)
            visit(child, late or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)), False)
    return edges


def graph(root: Path, packages: tuple[str, ...]) -> dict[str, list[Edge]]:
    known = modules(root, packages)
    return {name: imports(name, path, known, root) for name, path in known.items()}


def cycles(edges: dict[str, list[Edge]], late: bool) -> list[list[Edge]]:
    """One shortest cycle per group of modules that import each other (a strongly connected component), as the
    imports that close it; `late` counts the imports inside functions too."""
    follow = {name: [e for e in out if late or not e.late] for name, out in edges.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for start in sorted(follow):  # Tarjan's algorithm, iterative: deep graphs never hit the recursion limit
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, position = work.pop()
            if position == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            out = follow.get(node, [])
            if position < len(out):
                work.append((node, position + 1))
                target = out[position].target
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(group)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    found = []
    for group in groups:
        first = min(group)
        came: dict[str, Edge] = {}
        queue = deque([first])
        while queue:  # breadth first inside the group, back to `first`
            node = queue.popleft()
            for edge in follow[node]:
                if edge.target in group and edge.target not in came:
                    came[edge.target] = edge
                    queue.append(edge.target)
            if first in came:
                break
        path, node = [], first
        while True:
            path.append(came[node])
            node = came[node].source
            if node == first:
                break
        found.append(path[::-1])
    return sorted(found, key=lambda cycle: cycle[0].source)


def described(found: list[list[Edge]]) -> str:
    return "\n".join(" -> ".join([cycle[0].source] + [e.target for e in cycle]) + "\n    " +
                     "\n    ".join(map(str, cycle)) for cycle in found)


def layer(name: str) -> int | None:
    for number, members in enumerate(LAYERS):
        if any(name == m or (name.startswith(m + ".") and m != "companion") for m in members):
            return number
    return None


def test_no_import_cycle_when_the_modules_load():
    """Module-level imports of cardgen and the companion: a cycle here fails or half-loads a module at import."""
    found = cycles(graph(ROOT, PACKAGES), late=False)
    assert not found, "modules that import each other at module level:\n" + described(found)


def test_no_import_cycle_in_the_companion_even_through_imports_inside_functions():
    """An import inside a function hides a cycle from the loader, not from the reader: the companion has none."""
    found = cycles(graph(ROOT, ("companion",)), late=True)
    assert not found, ("companion modules that import each other (move what both need into a module of its own):\n"
                       + described(found))


def test_cardgen_imports_nothing_of_the_companion():
    edges = graph(ROOT, PACKAGES)
    wrong = [str(e) for name, out in edges.items() if name.split(".")[0] == "cardgen"
             for e in out if e.target.split(".")[0] == "companion"]
    assert not wrong, "cardgen must print a game without the companion:\n" + "\n".join(wrong)


def test_the_companion_imports_downwards_only():
    edges = graph(ROOT, ("companion",))
    unplaced = sorted(name for name in edges if layer(name) is None)
    assert not unplaced, f"modules in no layer of LAYERS (give them a folder): {unplaced}"
    upward, excused = [], set()
    for name, out in edges.items():
        for edge in out:
            if layer(edge.target) < layer(name):
                if KNOWN_UPWARD.get(name) and edge.target.startswith(KNOWN_UPWARD[name]):
                    excused.add(name)
                else:
                    upward.append(f"{edge} (layer {layer(name)} imports layer {layer(edge.target)})")
    assert not upward, "imports that go up the layers of docs/extending/companion-layout.md:\n" + "\n".join(upward)
    assert excused == set(KNOWN_UPWARD), f"no longer imports upward, remove from KNOWN_UPWARD: " \
                                         f"{sorted(set(KNOWN_UPWARD) - excused)}"


def test_the_table_side_answers_no_http():
    """table/ says what a change is refused for; only web/ turns it into an HTTP answer."""
    wrong = []
    for path in sorted((ROOT / "companion" / "table").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            wrong += [f"{path.relative_to(ROOT)}:{node.lineno} imports {n}" for n in names
                      if n.split(".")[0] in ("flask", "werkzeug") or n.startswith("companion.web")]
    assert not wrong, "\n".join(wrong)


def _package(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_graph_sees_every_way_of_importing(tmp_path):
    """The finder on a made-up package: each form of import closes a cycle; TYPE_CHECKING and parents do not."""
    _package(tmp_path, {
        "pkg/__init__.py": "from pkg.a import thing\n",
        "pkg/a.py": "import pkg.b\nthing = 1\n",
        "pkg/b.py": "from pkg import c\n",
        "pkg/c.py": "from . import a\n",  # a -> b -> c -> a, at module level
        "pkg/d.py": "def late():\n    from pkg.e import x\n",
        "pkg/e.py": "from typing import TYPE_CHECKING\nfrom pkg import d\nif TYPE_CHECKING:\n    from pkg.f import y\n"
                    "else:\n    z = 0\n",
        "pkg/f.py": "from pkg.e import x\n",  # f -> e only: e's import of f never runs
        "pkg/sub/__init__.py": "",
        "pkg/sub/g.py": "from ..sub import h\n",
        "pkg/sub/h.py": "import pkg.sub.g as g\n",
    })
    edges = graph(tmp_path, ("pkg",))
    assert {(e.target, e.line, e.late) for e in edges["pkg.d"]} == {("pkg.e", 2, True)}
    assert {e.target for e in edges["pkg.e"]} == {"pkg.d"}  # `from pkg import d` is the module d, not pkg
    assert {e.target for e in edges["pkg"]} == {"pkg.a"}  # a package by its __init__.py

    loading = [[e.source for e in cycle] for cycle in cycles(edges, late=False)]
    assert loading == [["pkg.a", "pkg.b", "pkg.c"], ["pkg.sub.g", "pkg.sub.h"]]
    everything = [[e.source for e in cycle] for cycle in cycles(edges, late=True)]
    assert everything == [["pkg.a", "pkg.b", "pkg.c"], ["pkg.d", "pkg.e"], ["pkg.sub.g", "pkg.sub.h"]]
    message = described(cycles(edges, late=True))
    assert "pkg.d -> pkg.e -> pkg.d" in message
    assert "pkg/d.py:2 imports pkg.e (inside a function)" in message
    assert "pkg/e.py:2 imports pkg.d\n" in message


def test_the_layers_see_an_upward_import():
    assert layer("companion.table.sessions") == 2 and layer("companion.web.api") == 1
    assert layer("companion.rules.games.emigration") == 4 and layer("companion.version") == 5
    assert layer("companion") == 0 and layer("companion.elsewhere") is None
