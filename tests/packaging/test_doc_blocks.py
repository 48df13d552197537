"""Every shell block a reader would paste, in README.md and docs/, runs as written and exits with status 0.

The convention, for whoever writes the docs:

- A block fenced as ```sh, ```bash or ```shell is run whole; in a ```console block, the lines starting with `$ `
  are the commands and the others are their output. A block of commands must say which it is: an untagged
  block that starts with a command fails here.
- The blocks of one page run in order, in one copy of the repository (the files git has, tracked or new, and a
  `.venv` linking to the suite's own virtualenv, so `.venv/bin/cardgen` works), each in the folder the previous
  one ended in. The pages under docs/ are read after the README's walkthrough: their copy holds the README's
  `my_game`, made by the walkthrough's first block, which is the game their examples name. The copy's own
  packages are imported (PYTHONPATH), so whatever a block writes (output/, instance/, a game's lab/ records)
  stays in the copy, never in this checkout.
- A block that only illustrates says why it is not run, in a comment on the line above its fence:
  `<!-- not run: it needs the address of a PostgreSQL database of your own -->`. Keep them rare.
- A command that serves until Ctrl-C (`companion serve`, `flask ... run`, `cardgen preview`) is started on a free
  port, asked for its home page (it must answer 200 with no game left out and no traceback in its log) and
  stopped. `--games N` of a simulation is capped at 4: the block's options, games and seats are what is checked,
  not the statistics of 500 games. `make` is never run (it would reinstall the virtualenv).

Run as a script (`python test_doc_blocks.py serve COMMAND...`), this file is that bounded check of a server.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from tests.live_server import stop_group

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
RUN = {"sh", "bash", "shell", "console"}
GAMES = 4                  # a simulation's --games, at most
BLOCK_SECONDS = 240        # one block, at most
SERVER_SECONDS = 90        # a server's start, at most

FENCE = re.compile(r"^(?P<indent>[ \t]*)```(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.S | re.M)
NOT_RUN = re.compile(r"<!--\s*not run:\s*(?P<reason>.*?)\s*-->", re.S)
SERVER = re.compile(r"^(?P<lead>\s*(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*)"
                    r"(?P<command>(?:\S*/)?(?:companion\s+serve|flask\s.*\brun|cardgen\s+preview)\b.*)$", re.M)
COMMAND = re.compile(r"^(\$ |\.venv/bin/|cardgen |companion |make |pip |python )")


@dataclass(frozen=True)
class Block:
    page: Path
    line: int
    lang: str
    text: str
    not_run: str | None     # the reason given, when it is not run

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    def script(self) -> str:
        """The commands, as bash runs them: a console block's `$ ` lines, servers bounded, simulations capped."""
        text = self.text
        if self.lang == "console":
            text = "\n".join(line[2:] for line in text.splitlines() if line.startswith("$ "))
        text = re.sub(r"--games[ =](\d+)", lambda m: f"--games {min(int(m.group(1)), GAMES)}", text)
        return SERVER.sub(lambda m: f"{m.group('lead')}serve_bounded {m.group('command')}", text)


def blocks(page: Path) -> list[Block]:
    """Every fenced block of `page` whose language is a shell's (or none), in order."""
    text = page.read_text()
    found = []
    for match in FENCE.finditer(text):
        if match.group("lang") not in RUN | {""}:
            continue
        before = text[:match.start()].rstrip().rsplit("\n", 1)[-1]
        reason = NOT_RUN.search(before)
        indent = len(match.group("indent"))
        body = "\n".join(line[indent:] for line in match.group("body").splitlines())
        found.append(Block(page, text[:match.start()].count("\n") + 1, match.group("lang"), body,
                           reason.group("reason") if reason else None))
    return found


def runnable(page: Path) -> list[Block]:
    return [b for b in blocks(page) if b.lang in RUN and b.not_run is None]


def readme_start() -> str:
    """The README walkthrough's first block: the `my_game` the designers' pages use as their example."""
    from tests.packaging.test_readme_walkthrough import walkthrough_blocks

    return walkthrough_blocks()[0]


def copy_of_repository(where: Path) -> Path:
    """The files git has (tracked, and new ones not ignored) copied into `where`, with `.venv` linking to the
    suite's virtualenv."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            target = where / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    (where / ".venv").symlink_to(Path(sys.prefix))
    return where


def environment(copy: Path) -> dict[str, str]:
    """A reader's shell: the suite's virtualenv first on PATH, the copy's packages imported, none of the suite's
    settings for the companion, and no web browser opened."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith("COMPANION_") and key not in ("DATABASE_URL", "SECRET_KEY", "PUBLIC_URL",
                                                              "PYTHONHOME", "VIRTUAL_ENV", "FLASK_APP")}
    return {**env, "PATH": f"{Path(sys.prefix) / 'bin'}{os.pathsep}{env.get('PATH', '')}", "PYTHONPATH": str(copy),
            "BROWSER": "true", "DOC_PYTHON": sys.executable, "DOC_HELPER": __file__}


PREAMBLE = """\
serve_bounded() { "$DOC_PYTHON" "$DOC_HELPER" serve "$@"; }
make() { echo "make is not run by tests/packaging/test_doc_blocks.py (it would reinstall .venv):" \
  "mark the block <!-- not run: reason -->" >&2; return 1; }
cd "$DOC_CWD"
"""


def run(script: str, cwd: Path, env: dict[str, str], state: Path) -> subprocess.CompletedProcess:
    """`script` in bash -e, starting in `cwd`; the folder it ends in is written to `state`."""
    full = f"{PREAMBLE}{script}\npwd > \"$DOC_STATE\"\n"
    return subprocess.run(["bash", "-e", "-c", full], cwd=cwd, env={**env, "DOC_CWD": str(cwd), "DOC_STATE": str(state)},
                          capture_output=True, text=True, timeout=BLOCK_SECONDS, check=False)


def run_blocks(page_blocks: list[Block], copy: Path, env: dict[str, str]) -> None:
    """Each block in turn, in the folder the previous one ended in; fails naming the first that does not exit 0."""
    cwd, state = copy, copy.parent / "doc-block-cwd"
    for block in page_blocks:
        done = run(block.script(), cwd, env, state)
        assert done.returncode == 0, (
            f"{block.where}: the block exited with status {done.returncode}\n--- block\n{block.text}\n"
            f"--- stdout\n{done.stdout[-4000:]}\n--- stderr\n{done.stderr[-4000:]}")
        cwd = Path(state.read_text().strip())


# ---- the tests -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("page", [p for p in PAGES if runnable(p)], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_block_of_the_page_runs_as_written(page, tmp_path):
    copy = copy_of_repository(tmp_path / "repo")
    env = environment(copy)
    prelude = [] if page.name == "README.md" and page.parent == ROOT else \
        [Block(ROOT / "README.md", 0, "sh", readme_start(), None)]
    run_blocks(prelude + runnable(page), copy, env)


def test_a_block_of_commands_says_it_is_one_and_a_block_not_run_says_why():
    untagged = [b.where for p in PAGES for b in blocks(p) if b.lang == "" and COMMAND.match(b.text.lstrip())]
    assert untagged == [], "blocks of commands with no language: fence them as ```sh (or ```console)"
    for page in PAGES:
        for block in blocks(page):
            if block.not_run is not None:
                assert len(block.not_run.split()) >= 4, f"{block.where}: say why the block is not run"
    not_run = [b.where for p in PAGES for b in blocks(p) if b.not_run is not None]
    assert len(not_run) <= 6, f"blocks not run: {not_run}; keep them rare"


def test_a_server_command_is_bounded_and_a_simulation_capped():
    block = Block(ROOT / "README.md", 1, "sh", "COMPANION_GAMES=a:b .venv/bin/companion serve --host 0.0.0.0  # x\n"
                  ".venv/bin/flask --app companion run --debug\ncardgen preview my_game\n"
                  ".venv/bin/companion simulate x --games 500 --players 2\ncardgen check my_game\n", None)
    assert block.script().splitlines() == [
        "COMPANION_GAMES=a:b serve_bounded .venv/bin/companion serve --host 0.0.0.0  # x",
        "serve_bounded .venv/bin/flask --app companion run --debug", "serve_bounded cardgen preview my_game",
        ".venv/bin/companion simulate x --games 4 --players 2", "cardgen check my_game"]
    console = Block(ROOT / "README.md", 1, "console", "$ cardgen games\nslug  title\n$ companion serve\n", None)
    assert console.script().splitlines() == ["cardgen games", "serve_bounded companion serve"]




# ---- the bounded check of a server, run as a script -------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def with_port(command: list[str], port: int) -> list[str]:
    """The command serving on `port`: its own --port replaced, or one added."""
    out, skip = [], False
    for index, arg in enumerate(command):
        if skip:
            skip = False
            continue
        if arg == "--port" and index + 1 < len(command):
            skip = True
            continue
        if arg.startswith("--port="):
            continue
        out.append(arg)
    return [*out, "--port", str(port)]


def serve(command: list[str]) -> int:
    """Starts `command` on a free port, asks for its home page, stops it: 0 when the page answered 200 and the log
    holds no traceback and no game left out."""
    port = free_port()
    with tempfile.TemporaryFile() as log:
        server = subprocess.Popen(with_port(command, port), stdout=log, stderr=subprocess.STDOUT,
                                  start_new_session=True)
        status, deadline = None, time.monotonic() + SERVER_SECONDS
        try:
            while status is None and time.monotonic() < deadline and server.poll() is None:
                try:
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                    try:
                        conn.request("GET", "/")
                        status = conn.getresponse().status
                    finally:
                        conn.close()
                except OSError:
                    time.sleep(0.2)
        finally:
            stop_group(server, 15)
        log.seek(0)
        said = log.read().decode(errors="replace")
    sys.stderr.write(said)
    problems = [p for p in ("Traceback", " is left out: ") if p in said]
    if status != 200 or problems:
        why = (f"answered {status}" if status else f"did not answer: it exited with status {server.returncode}"
               if server.returncode not in (None, -signal.SIGTERM) else f"did not answer within {SERVER_SECONDS} s")
        sys.stderr.write(f"{' '.join(command)}: GET / on port {port} {why}; in its log: {problems}\n")
        return 1
    print(f"{' '.join(command)}: GET http://127.0.0.1:{port}/ answered 200; stopped")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] != ["serve"] or len(sys.argv) < 3:
        sys.exit("usage: test_doc_blocks.py serve COMMAND [ARGS...]")
    sys.exit(serve(sys.argv[2:]))
