"""Runs the companion as a real server process on loopback, for tests that race, crash and stream."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


def stop_group(process: subprocess.Popen, seconds: float = 15) -> None:
    """Stops a server started in a process group of its own: SIGTERM, then SIGKILL after `seconds`."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    def __init__(self, database_url: str, instance: Path, workers: int = 2, games: list[Path] = (),
                 env: dict[str, str] | None = None, args: list[str] = ()):
        self.database_url, self.instance, self.workers = database_url, instance, workers
        self.games, self.extra_env, self.args = list(games), dict(env or {}), list(args)
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 30.0) -> None:
        env = {**os.environ, "DATABASE_URL": self.database_url, "SECRET_KEY": "test",
               "COMPANION_STREAM_POLL_SECONDS": "0.05", "COMPANION_STREAM_MAX_SECONDS": "5",
               "COMPANION_ALLOW_SEED": "1",  # tests replay games from a seed; servers refuse one by default
               "COMPANION_GAMES": os.pathsep.join(str(g) for g in self.games), **self.extra_env}
        self.instance.mkdir(parents=True, exist_ok=True)
        self.log = self.instance / f"server-{self.port}.log"
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "companion", "serve", "--port", str(self.port), "--workers",
                 str(self.workers), *self.args], env=env, start_new_session=True, stdout=log, stderr=log)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if self.request("GET", "/api/catalog")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("the companion server did not start")

    def request(self, method: str, path: str, body: Any = None, headers: dict | None = None,
                connection: http.client.HTTPConnection | None = None) -> tuple[int, Any]:
        conn = connection or http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        data = json.dumps(body) if body is not None else None
        try:
            conn.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
            response = conn.getresponse()
            payload = response.read()
        finally:
            if connection is None:  # also when the server refused or dropped the connection
                conn.close()
        return response.status, json.loads(payload) if payload else None

    def kill(self) -> None:
        """SIGKILL to the whole server (gunicorn's master and its workers): no clean shutdown at all."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
