"""The games installed packages register through the `pnpkit.games` entry point group, the bundled five among them.

A package registers a game by naming a `Registration` in its pyproject.toml:

    [project.entry-points."pnpkit.games"]
    my_game = "my_game_package:REGISTRATION"

The entry point's name is the game's slug. cardgen reads the data folder; the companion imports the rules, the
bots and the lab's table model by their dotted names, so cardgen never imports the companion.
"""

from __future__ import annotations

import functools
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

GROUP = "pnpkit.games"


class RegistryError(LookupError):
    """An installed game that cannot be played: its entry point is broken, its slug is taken twice, or what it names
    (rules, bots) cannot be loaded.

    A LookupError, as a slug nothing registers is: commands that look a game up report either in one sentence.
    """


@dataclass(frozen=True)
class Registration:
    """A game an installed package brings: its slug, its data folder and what the companion plays it with.

    The dotted names are imported by the companion alone, when it first needs them; "" means none.
    """

    slug: str                # the game's slug, as its game.toml says
    data: Path               # the game folder: game.toml, its decks' files, its layouts
    rules: str = ""          # a module on companion.rules.contract ("pkg.rules"); "" plays the game.toml tracker
    bots: str = ""           # "module:function" making the companion.bots.kinds.BotKind of its seated bots
    lab: str = ""            # the lab's table model: a module with play_game(match) ("pkg.table")
    lab_flow: str = ""       # the id of the bot flowchart the lab's table model plays ("bot" for flows/bot.flow.toml)

    def __post_init__(self) -> None:
        if not isinstance(self.data, Path):
            object.__setattr__(self, "data", Path(self.data))


@dataclass(frozen=True)
class Registered:
    """A registration and where it came from: the distribution (package) and its entry point."""

    registration: Registration
    distribution: str        # "pnpkit 0.1.0"
    entry_point: str         # "emigration = cardgen.gamedata.bundled_games:EMIGRATION"

    @property
    def source(self) -> str:
        """Where it came from, in words."""
        return _source(self.distribution, self.entry_point)


def registrations() -> dict[str, Registration]:
    """Every registered game by slug, sorted; a broken registration is left out (see `problems`)."""
    return {slug: found.registration for slug, found in registered().items()}


def registered() -> dict[str, Registered]:
    """Every registered game by slug with the place it was registered from; a broken one is left out."""
    return dict(_registered(tuple(sys.path))[0])


def problems() -> dict[str, str]:
    """The registrations left out, by slug: each a sentence naming the package, its entry point and what is wrong.

    One broken package never takes the other games down: its game is left out and said here, for the commands
    that list or serve the games to report (`cardgen games`, `companion serve`), and a command naming its slug
    is refused with the sentence.
    """
    return dict(_registered(tuple(sys.path))[1])


def registration(slug: str) -> Registration | None:
    """The registration of `slug`, or None when no installed package registers it; RegistryError with the sentence
    saying why when its registration was left out as broken, so that a command naming it says so."""
    found = registrations().get(slug)
    if found is None and problem(slug):
        raise RegistryError(problem(slug))
    return found


def problem(slug: str) -> str:
    """Why the registration of `slug` was left out ("" when it was not)."""
    return problems().get(slug, "")


def registered_slugs() -> list[str]:
    """The slugs of the registered games, sorted."""
    return list(registrations())


def source_of(slug: str) -> str:
    """Where `slug` is registered, in words ("" when it is not)."""
    found = registered().get(slug)
    return found.source if found else ""


@functools.lru_cache(maxsize=8)
def _registered(path: tuple[str, ...]) -> tuple[dict[str, Registered], dict[str, str]]:
    """The registrations the packages on `path` (sys.path, which keys the cache) bring, and those left out.

    An entry point that cannot be loaded, that names something other than a Registration or whose slug is not its
    name is left out. A slug two packages register is given to neither: which one is meant cannot be told (the
    order packages are found in says nothing), and a table recorded with one game's rules must never be replayed
    with the other's.
    """
    found: dict[str, Registered] = {}
    broken: dict[str, str] = {}
    claims: dict[str, list[str]] = {}  # slug -> the sources of every entry point of that name
    points = metadata.entry_points(group=GROUP)
    for point in sorted(points, key=lambda p: (p.name, p.dist.name if p.dist else "", p.value)):  # path order aside
        dist = f"{point.dist.name} {point.dist.version}" if point.dist is not None else "(unnamed)"
        entry = f"{point.name} = {point.value}"
        source = _source(dist, entry)
        claims.setdefault(point.name, []).append(source)
        if len(claims[point.name]) > 1:
            first, *others = claims[point.name]
            broken[point.name] = (f"the game slug {point.name!r} is registered twice: by {first} and by "
                                  f"{' and by '.join(others)}; neither is offered until one of them is uninstalled")
            found.pop(point.name, None)
            continue
        try:
            value = point.load()
        except Exception as error:  # noqa: BLE001 (any error of a package's own import: named, never a traceback)
            broken[point.name] = f"{source} cannot be loaded: {type(error).__name__}: {error}"
            continue
        if not isinstance(value, Registration):
            broken[point.name] = (f"{source} must name a cardgen.gamedata.registry.Registration, found "
                                  f"{type(value).__name__}")
        elif value.slug != point.name:
            broken[point.name] = (f"{source} registers slug {value.slug!r} under the name {point.name!r}: "
                                  "the entry point's name must be the game's slug")
        else:
            found[point.name] = Registered(value, dist, entry)
    return dict(sorted(found.items())), dict(sorted(broken.items()))


def _source(distribution: str, entry_point: str) -> str:
    return f"distribution {distribution} (entry point {entry_point})"


def clear_cache() -> None:
    """Forget what was read, for a package installed while this process runs."""
    _registered.cache_clear()
