"""Reads a TOML file of pnpkit's own (print presets, shop sizes) into a table, or an error naming the file and why."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


def read_toml_file(path: Path, error: type[Exception], what: str) -> dict[str, Any]:
    """The file's table; `error` saying the file cannot be read (`what` it holds) or is not valid TOML."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as problem:
        raise error(f"{path}: cannot read the {what} ({problem.strerror or problem})") from None
    except tomllib.TOMLDecodeError as problem:
        raise error(f"{path}: not valid TOML: {problem}") from None
