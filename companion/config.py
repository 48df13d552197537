"""The app's settings: defaults, then environment variables, then a test mapping."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
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
    "COMPANION_PLAYTEST_LAB_GAMES": ("PLAYTEST_LAB_GAMES", int),
    "PUBLIC_URL": ("PUBLIC_URL", str),
    "COMPANION_SERVED_URL": ("SERVED_URL", str),
    "COMPANION_ALLOW_SEED": ("ALLOW_CHOSEN_SEED", lambda v: v.strip().lower() in ("1", "true", "yes", "on")),
}
ADDRESSES = {"PUBLIC_URL": "PUBLIC_URL", "SERVED_URL": "COMPANION_SERVED_URL"}  # setting -> its variable


class SettingError(ValueError):
    """A setting the companion cannot work with, named with the variable that gives it."""


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
        ALLOW_CHOSEN_SEED=False,  # dice from a seed chosen at creation: for tests and the lab, never a game night
        SERVED_URL=None,  # the address `companion serve` listens on (its LAN address for --host 0.0.0.0)
        PLAYTEST_LAB_GAMES=200,  # bot games the playtest page has the lab play for each player count and options
    )
    for variable, (setting, convert) in ENVIRONMENT.items():
        if os.environ.get(variable):
            app.config[setting] = convert(os.environ[variable])
    if test_config:
        app.config.update(test_config)
    for setting, variable in ADDRESSES.items():
        app.config[setting] = base_address(app.config[setting], variable)
    if not app.config["DATABASE_URL"]:
        app.config["DATABASE_URL"] = f"sqlite:///{Path(app.instance_path) / 'companion.sqlite3'}"
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path) / "secret_key")


def base_address(value: str | None, variable: str) -> str | None:
    """An address links are written with (http[s]://host[:port][/path], no trailing slash), or None when unset."""
    if not value:
        return None
    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise SettingError(f"{variable} must be an address such as https://games.example.org or "
                           f"http://192.168.1.20:5000, found {value[:80]!r}")
    return value.strip().rstrip("/")


def check_addresses(environ: Mapping[str, str]) -> None:
    """Raises SettingError naming the variable when PUBLIC_URL or COMPANION_SERVED_URL is not an address: what
    `companion serve` says before any worker starts."""
    for variable in ADDRESSES.values():
        base_address(environ.get(variable), variable)


def _instance_secret(path: Path) -> str:
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()
