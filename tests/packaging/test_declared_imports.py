"""Every third-party package the code imports is declared in pyproject.toml, in the extra that installs it."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIRST_PARTY = {"cardgen", "companion", "tests"}

# Which declarations each folder may rely on. "core" is [project] dependencies (`pip install pnpkit`); the
# others are [project.optional-dependencies]. An import inside a function ("lazy") runs only when that feature
# is used, so it may come from an optional extra whose absence the feature explains (cardgen's spreadsheets,
# the companion's PostgreSQL driver); imports at module level must be installed whenever the package is.
ALLOWED = {
    "cardgen": {"module": {"core"}, "lazy": {"core", "spreadsheets"}},
    "companion": {"module": {"core", "companion"}, "lazy": {"core", "companion", "postgres", "spreadsheets"}},
    "tests": {"module": {"*"}, "lazy": {"*"}},
    "benchmarks": {"module": {"*"}, "lazy": {"*"}},
}


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def declared() -> dict[str, set[str]]:
    """Distribution names (normalised) per group: "core" and each extra, self-references (pnpkit[x]) expanded."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    groups = {"core": project["dependencies"], **project.get("optional-dependencies", {})}
    own = _normalise(project["name"])

    def expand(group: str, seen: frozenset[str] = frozenset()) -> set[str]:
        names: set[str] = set()
        for requirement in groups.get(group, []):
            match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[([^\]]*)\])?", requirement)
            assert match, f"pyproject.toml: cannot read the requirement {requirement!r} of {group}"
            name, extras = _normalise(match[1]), match[2]
            if name == own:
                for extra in (extras or "").split(","):
                    if extra.strip() and extra.strip() not in seen:
                        names |= expand(extra.strip(), seen | {group})
            else:
                names.add(name)
        return names

    return {group: expand(group) for group in groups}


@dataclass(frozen=True)
class Import:
    path: Path
    line: int
    name: str  # top-level module name
    lazy: bool  # inside a function


def imports(path: Path) -> list[Import]:
    """The absolute imports of one module, each marked lazy when it sits inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[Import] = []

    def visit(node: ast.AST, lazy: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                found.extend(Import(path, child.lineno, alias.name.split(".")[0], lazy) for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
                found.append(Import(path, child.lineno, child.module.split(".")[0], lazy))
            visit(child, lazy or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(tree, False)
    return found


def third_party(found: Import) -> bool:
    if found.name in sys.stdlib_module_names or found.name in FIRST_PARTY or found.name == "__future__":
        return False
    folder = found.path.parent  # a sibling script or package (benchmarks/ importing its neighbour)
    return not ((folder / f"{found.name}.py").exists() or (folder / found.name / "__init__.py").exists())


def test_every_import_is_declared_in_the_right_extra():
    groups = declared()
    everything = set().union(*groups.values())
    distributions = importlib.metadata.packages_distributions()
    problems = []
    checked = 0
    for folder, rules in ALLOWED.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            for found in filter(third_party, imports(path)):
                checked += 1
                where = f"{path.relative_to(ROOT)}:{found.line}"
                owners = {_normalise(name) for name in distributions.get(found.name, [])}
                if not owners:
                    problems.append(f"{where}: imports {found.name}, which no installed distribution provides")
                    continue
                allowed = rules["lazy" if found.lazy else "module"]
                names = everything if "*" in allowed else set().union(*(groups.get(g, set()) for g in allowed))
                if owners & names:
                    continue
                declaring = sorted(group for group, members in groups.items() if owners & members)
                problems.append(
                    f"{where}: imports {found.name} ({', '.join(sorted(owners))}), declared "
                    + (f"only in {', '.join(declaring)}" if declaring else "nowhere in pyproject.toml")
                    + f"; {folder}{' (inside a function)' if found.lazy else ''} may use {', '.join(sorted(allowed))}"
                )
    assert checked > 100  # the walk found the code (cardgen, companion, tests and benchmarks import plenty)
    assert not problems, "\n".join(problems)


def test_the_core_install_is_cardgen_alone():
    """`pip install pnpkit` brings no web server, database driver or test tool: those are extras."""
    core = declared()["core"]
    for extra in ("flask", "werkzeug", "sqlalchemy", "psycopg", "gunicorn", "gevent", "segno", "pytest"):
        assert extra not in core, f"{extra} is a core dependency; it belongs to an extra"
    assert {"reportlab", "pillow", "jinja2", "click", "pypdf"} <= core


def test_cardgen_imports_nothing_of_the_companion_and_the_companion_no_renderer():
    problems = []
    for path in sorted((ROOT / "cardgen").rglob("*.py")):
        problems += [f"{path.relative_to(ROOT)}:{i.line}: imports {i.name}" for i in imports(path)
                     if i.name in {"companion", "flask", "werkzeug", "sqlalchemy", "psycopg"}]
    for path in sorted((ROOT / "companion").rglob("*.py")):
        problems += [f"{path.relative_to(ROOT)}:{i.line}: imports {i.name}" for i in imports(path)
                     if i.name in {"reportlab", "PIL"}]
    assert not problems, "\n".join(problems)


# Runs a console script's entry point with some packages made unimportable, as on an install without their extra.
BLOCKED_RUN = """
import runpy, sys
for name in sys.argv[1].split(","):
    sys.modules[name] = None
script = sys.argv[2]
sys.argv = [script, *sys.argv[3:]]
runpy.run_path(script, run_name="__main__")
"""
COMPANION_EXTRA = "flask,werkzeug,sqlalchemy,psycopg,gunicorn,gevent,segno"


def _script(name: str) -> str:
    script = Path(sys.executable).parent / name
    if not script.exists():
        pytest.fail(f"{script} is missing: install pnpkit (make install) so its console scripts exist")
    return str(script)


def test_cardgen_builds_without_the_companion_extra(tmp_path):
    game = tmp_path / "my_game"
    game.mkdir()
    (game / "game.toml").write_text('[game]\ntitle = "My Game"\nplayers = [2, 4]\n\n'
                                    '[decks.heroes]\ntitle = "Heroes"\n', encoding="utf-8")
    (game / "heroes.csv").write_text("id,name,count\nh-1,Ada,2\nh-2,Grace,1\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-c", BLOCKED_RUN, COMPANION_EXTRA, _script("cardgen"), "build", str(game),
         "--out", str(tmp_path / "out")],
        capture_output=True, text=True, cwd=tmp_path, check=False,
    )
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / "out" / "my_game" / "my_game-heroes-a4.pdf"
    assert pdf.read_bytes().startswith(b"%PDF-")


def test_companion_without_its_extra_says_how_to_install_it(tmp_path):
    result = subprocess.run(
        [sys.executable, "-c", BLOCKED_RUN, COMPANION_EXTRA, _script("companion"), "serve", "--help"],
        capture_output=True, text=True, cwd=tmp_path, check=False,
    )
    assert result.returncode != 0
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "companion: the table companion needs the packages of its extra: pip install 'pnpkit[companion]'"]


def _pins() -> dict[str, str]:
    """constraints.txt's `name==version` lines (pip-compile's comments are indented or start with #)."""
    pins = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if "==" in line and not line.startswith((" ", "#")):
            name, _, version = line.partition("==")
            pins[_normalise(name.strip())] = version.strip()
    return pins


def _release(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", version.split("+")[0])[:3])


def test_constraints_pin_every_declared_package_at_a_version_it_accepts():
    """A dependency added to pyproject.toml without `make lock` would install unpinned: constraints.txt lags."""
    pins = _pins()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = project["dependencies"] + [r for group in project["optional-dependencies"].values() for r in group]
    problems = []
    for requirement in requirements:
        match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(?:>=\s*([0-9][^,;\s]*))?", requirement)
        name, lower = _normalise(match[1]), match[2]
        if name == _normalise(project["name"]):
            continue
        if name not in pins:
            problems.append(f"{requirement!r} is not pinned in constraints.txt: run `make lock`")
        elif lower and _release(pins[name]) < _release(lower):
            problems.append(f"{requirement!r}: constraints.txt pins {name}=={pins[name]}, older: run `make lock`")
    assert len(pins) > 50 and not problems, "\n".join(problems)


def test_the_environment_runs_the_pinned_versions():
    """The suite measures the bytes reportlab and Pillow write: it runs on the versions of constraints.txt."""
    drifted = []
    for name, pinned in _pins().items():
        try:
            installed = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            drifted.append(f"{name}: not installed (constraints.txt pins {pinned})")
            continue
        if installed != pinned:
            drifted.append(f"{name}: {installed} installed, constraints.txt pins {pinned}")
    assert not drifted, "run `make install` (or `make lock` after changing pyproject.toml):\n" + "\n".join(drifted)
