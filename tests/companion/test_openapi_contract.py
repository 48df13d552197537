"""The OpenAPI document is the contract: schemathesis generates requests from it (examples at the edges of
each schema, fuzzing, and stateful sequences that follow the links from a new game) against a live server
on each database, and every check must hold: no server error, every answer as documented (status, body,
headers, the stream's events, Allow on a 405), and what the schema allows is accepted unless the rules say
no (tests/companion/schemathesis.toml). Bounded: a few examples per operation."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CONFIG = Path(__file__).with_name("schemathesis.toml")
EXAMPLES = 15


def test_every_operation_answers_as_its_openapi_document_says(database_url, tmp_path, sheet_game):
    from tests.live_server import LiveServer

    st = shutil.which("st", path=str(Path(sys.executable).parent))
    if st is None:
        pytest.fail("schemathesis is missing: `make test` installs the test dependencies")
    server = LiveServer(database_url, tmp_path / "instance", workers=1, games=[sheet_game],
                        env={"COMPANION_STREAM_MAX_SECONDS": "1"})  # generated stream requests end quickly
    server.start()
    try:
        run = subprocess.run(
            [st, "--config-file", str(CONFIG), "run", f"http://127.0.0.1:{server.port}/api/openapi.json",
             "--checks", "all", "--max-examples", str(EXAMPLES), "--generation-deterministic",
             "--request-timeout", "10", "--no-color"],
            capture_output=True, text=True, timeout=600, cwd=tmp_path, check=False)
    finally:
        server.stop()
    report = run.stdout
    assert run.returncode == 0, report[report.find("= FAILURES ="):][:8000] or report[-4000:] + run.stderr[-2000:]
    assert " passed" in report and "0 generated" not in report
