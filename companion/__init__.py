"""companion: the table app that keeps score and plays the games cardgen prints."""

from __future__ import annotations

from pathlib import Path


def _require_extra() -> None:
    """`pip install pnpkit` is cardgen alone: without the companion extra, say how to add it (one line from the
    `companion` command, an ImportError saying the same to code importing the package)."""
    import sys
    from importlib import import_module

    for package in ("flask", "werkzeug", "sqlalchemy", "segno"):
        try:
            import_module(package)
        except ModuleNotFoundError as missing:
            advice = "the table companion needs the packages of its extra: pip install 'pnpkit[companion]'"
            if sys.argv and (sys.argv[0] == "-m" or Path(sys.argv[0]).name in ("companion", "companion.exe")):
                raise SystemExit(f"companion: {advice}") from None
            raise ModuleNotFoundError(f"{advice} ({package} is missing)", name=package) from missing


_require_extra()

from companion.version import __version__  # noqa: E402 (after the extra's check)
from companion.web.app import create_app  # noqa: E402
from companion.web.services import Services, services  # noqa: E402

__all__ = ["Services", "__version__", "create_app", "services"]
