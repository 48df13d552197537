"""Whether a file a game names stays inside the game folder once its symlinks are resolved."""

from __future__ import annotations

from pathlib import Path


def contained(folder: Path | str, path: Path | str) -> bool:
    """True when `path` (relative to `folder`, or absolute) resolves to a place inside `folder`."""
    root = Path(folder).resolve()
    try:
        return (root / path).resolve().is_relative_to(root)
    except (OSError, RuntimeError):  # a symlink loop
        return False
