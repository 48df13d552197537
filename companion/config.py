"""The app's settings: defaults, then environment variables, then a test mapping."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any
from collections.abc import Callable, Mapping

from flask import Flask

ENVIRONMENT: dict[str, tuple[str, Callable[[str], Any]]] = {  # variable -> (setting, converter)
    "DATABASE_URL": ("DATABASE_URL", str),
    "SECRET_KEY": ("SECRET_KEY", str),
    "COMPANION_GAMES": ("GAME_FOLDERS", lambda v: [p for p in v.split(os.pathsep) if p]),
    "COMPANION_MAX_BODY_BYTES": ("MAX_CONTENT_LENGTH", int),
    "COMPANION_STREAM_POLL_SECONDS": ("STREAM_POLL_SECONDS", float),
    "COMPANION_STREAM_MAX_SECONDS": ("STREAM_MAX_SECONDS", float),
    "COMPANION_OUTPUT": ("OUTPUT_DIR", str),
    "PUBLIC_URL": ("PUBLIC_URL", lambda v: v.rstrip("/")),
}


def configure(app: Flask, test_config: Mapping[str, Any] | None) -> None:
    """Fills app.config; generates a SECRET_KEY into the instance folder when none is configured."""
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        DATABASE_URL=None,
        GAME_FOLDERS=[],
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,  # an exported game of several thousand events fits
        STREAM_POLL_SECONDS=0.25,
        STREAM_MAX_SECONDS=300.0,  # browsers reconnect by themselves; a worker is never held forever
        JSON_SORT_KEYS=False,
        OUTPUT_DIR=str(Path.cwd() / "output"),  # cardgen's builds: rulebook pages and card pictures
        PUBLIC_URL=None,  # the address phones use (behind a proxy): links and QR codes never trust the Host header
    )
    for variable, (setting, convert) in ENVIRONMENT.items():
        if os.environ.get(variable):
            app.config[setting] = convert(os.environ[variable])
    if test_config:
        app.config.update(test_config)
    if not app.config["DATABASE_URL"]:
        app.config["DATABASE_URL"] = f"sqlite:///{Path(app.instance_path) / 'companion.sqlite3'}"
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path) / "secret_key")


def _instance_secret(path: Path) -> str:
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()
