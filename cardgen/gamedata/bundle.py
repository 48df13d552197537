"""Where the bundled games and templates are, in a checkout and in an installed wheel alike."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def data_root() -> Path:
    """The folder holding `card_data/` and `templates/`.

    An installed wheel carries them inside the package (`cardgen/_bundled/`); a checkout or an
    editable install finds them at the top of the repository.
    """
    for root in (_PACKAGE / "_bundled", _PACKAGE.parent):
        if (root / "card_data").is_dir() and (root / "templates").is_dir():
            return root
    raise FileNotFoundError(f"pnpkit's card_data/ and templates/ are missing beside {_PACKAGE}; reinstall pnpkit")


def card_data_dir() -> Path:
    return data_root() / "card_data"


def templates_dir() -> Path:
    return data_root() / "templates"


def bundled_slugs() -> list[str]:
    """The slugs of the bundled games, sorted."""
    return sorted(p.parent.name for p in card_data_dir().glob("*/game.toml"))


def game_folder(name: str) -> Path:
    """The folder of a bundled game's slug, or of a path to a designer's game folder."""
    if name in bundled_slugs():
        return card_data_dir() / name
    path = Path(name).expanduser()
    if path.is_dir():
        return path
    raise LookupError(f"no bundled game or folder named {name!r}; bundled games: " + ", ".join(bundled_slugs()))
