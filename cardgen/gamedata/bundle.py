"""Where the games are: the bundled games and templates (in a checkout or a wheel) and the registered games."""

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
    """The slugs of the registered games, sorted: the bundled five and those installed packages bring.

    RegistryError (a LookupError) when an installed package's registration is broken or takes a slug twice.
    """
    from cardgen.gamedata.registry import registered_slugs

    return registered_slugs()


def game_folder(name: str) -> Path:
    """The data folder of a registered game's slug, or a path to a designer's game folder."""
    from cardgen.gamedata.registry import registration

    found = registration(name)
    if found is not None:
        return found.data
    path = Path(name).expanduser()
    if path.is_dir():
        return path
    raise LookupError(f"no bundled game or folder named {name!r}; games bundled or installed: "
                      + ", ".join(bundled_slugs()))
