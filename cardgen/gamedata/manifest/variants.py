"""A game's variants and `--set`: [variants.<name>] of game.toml and constants from the command line, checked.

```toml
[variants.bw]
title = "Black and white"            # optional: how `cardgen check` and the manifest name it
constants = { colour = false }       # over [constants] (keys of its tables too: { medals = { gold = 4 } })
icons = { coin = "icons/coin-bw.png" }  # over [icons], in the forms [icons] takes
art = "art-bw"                       # a folder of the game searched before art/ for each art file
```

`cardgen build GAME --variant bw` builds the game as the variant says into its own folder (OUT/<slug>-bw/);
`--set NAME=VALUE` replaces one constant (dotted for a key of a table: `medals.gold=4`), after the variant.
Every value is checked where it is written: against the [schema] entry of its name when there is one,
else against the kind of the constant it replaces; a name the game has no constant for is refused with the
closest one.
"""

from __future__ import annotations

import copy
import difflib
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cardgen.gamedata.errors import Collector
from cardgen.gamedata.records import Variant
from cardgen.gamedata.manifest.schema import Schema, toml_text
from cardgen.gamedata.manifest.values import NAME, kind_of
from cardgen.gamedata.tomlplaces import TomlPlaces

VARIANT_KEYS = {"title", "constants", "icons", "art"}


@dataclass(frozen=True)
class Settings:
    """What the command line asks of a game beyond its game.toml: a variant's name, and `--set NAME=VALUE` texts."""

    variant: str = ""
    values: tuple[str, ...] = ()


NO_SETTINGS = Settings()


class Applied:
    """Applies a variant and `--set` values to a parsed game.toml, recording each problem where it is written."""

    def __init__(self, path: Path, places: TomlPlaces, problems: Collector):
        self.path, self.places, self.problems = path, places, problems

    def variants(self, doc: dict) -> dict[str, dict]:
        """The [variants.<name>] tables, each checked for its keys (a bad one is left out)."""
        table = doc.get("variants", {})
        if not isinstance(table, dict):
            self.problems.add(self.path, f"variants must be tables [variants.<name>], found {kind_of(table)}",
                              self.places.line("variants"))
            return {}
        found = {}
        for name, variant in table.items():
            line = self.places.line("variants", name)
            if not NAME.fullmatch(name):
                self.problems.add(self.path, f"[variants.{name}]: a variant's name is lower-case letters, digits, - "
                                  "and _, starting with a letter (it names its output folder)", line)
            elif not isinstance(variant, dict):
                self.problems.add(self.path, f"variants.{name} must be a table [variants.{name}], found "
                                  f"{kind_of(variant)}", line)
            else:
                for key in variant:
                    if key not in VARIANT_KEYS:
                        self.problems.add(self.path, f"unknown key {key!r} in [variants.{name}]: expected one of "
                                          + ", ".join(sorted(VARIANT_KEYS)), self.places.line("variants", name, key))
                found[name] = variant
        return found

    def choose(self, doc: dict, settings: Settings) -> tuple[str, dict] | None:
        """The variant `settings` name, as (name, its table); None for the game as game.toml has it."""
        variants = self.variants(doc)
        if not settings.variant:
            return None
        if settings.variant not in variants:
            self.problems.add(self.path, f"--variant {settings.variant}: " + _no_variant(settings.variant, variants))
            return None
        return settings.variant, variants[settings.variant]

    def icons(self, doc: dict, chosen: tuple[str, dict] | None) -> dict:
        """[icons] as the variant draws them: its entries over game.toml's."""
        icons = dict(doc["icons"]) if isinstance(doc.get("icons"), dict) else {}
        if chosen is None:
            return icons
        name, variant = chosen
        replaced = variant.get("icons", {})
        if not isinstance(replaced, dict):
            self.problems.add(self.path, f"[variants.{name}] icons must be a table, found {kind_of(replaced)}",
                              self.places.line("variants", name, "icons"))
            return icons
        for icon, spec in replaced.items():
            if icon not in icons:
                close = difflib.get_close_matches(icon, list(icons), n=1)
                self.problems.add(self.path, f"[variants.{name}] icons: {icon!r} is not an icon of [icons], which a "
                                  "variant may only draw otherwise" + (f"; did you mean {close[0]!r}?" if close else ""),
                                  self.places.line("variants", name, "icons", icon))
            else:
                icons[icon] = spec
        return icons

    def constants(self, doc: dict, chosen: tuple[str, dict] | None, settings: Settings,
                  schemas: tuple[Schema, ...]) -> tuple[dict, Variant]:
        """[constants] as the variant and then `--set` make them, each value checked; and the Variant record."""
        constants = copy.deepcopy(doc["constants"]) if isinstance(doc.get("constants"), dict) else {}
        made = Variant()
        if chosen is not None:
            name, variant = chosen
            made = Variant(name, self._title(name, variant), self._art(name, variant.get("art", "")))
            own = variant.get("constants", {})
            if not isinstance(own, dict):
                self.problems.add(self.path, f"[variants.{name}] constants must be a table, found {kind_of(own)}",
                                  self.places.line("variants", name, "constants"))
                own = {}
            for dotted, value in _leaves(own, constants):
                self._replace(dotted, value, constants, schemas, f"[variants.{name}] constant {dotted!r}",
                              self.places.line("variants", name, "constants", *dotted.split(".")))
        for text in settings.values:
            self._set(text, constants, schemas)
        return constants, replace(made, set=settings.values)

    def _title(self, name: str, variant: dict) -> str:
        title = variant.get("title", name)
        if isinstance(title, str):
            return title
        self.problems.add(self.path, f"[variants.{name}] title must be text in quotes, found {kind_of(title)}",
                          self.places.line("variants", name, "title"))
        return name

    def _art(self, name: str, art: Any) -> str:
        line = self.places.line("variants", name, "art")
        if not isinstance(art, str):
            self.problems.add(self.path, f"[variants.{name}] art must be a folder's name in quotes, found "
                              f"{kind_of(art)}", line)
            return ""
        if not art:
            return ""
        folder = self.path.parent / art
        if Path(art).is_absolute() or ".." in Path(art).parts or not folder.resolve().is_relative_to(
                self.path.parent.resolve()):
            self.problems.add(self.path, f"[variants.{name}] art = {toml_text(art)}: the variant's art folder must "
                              "be a folder inside the game folder", line)
            return ""
        if not folder.is_dir():
            self.problems.add(self.path, f"[variants.{name}] art = {toml_text(art)}: no such folder in "
                              f"{self.path.parent}", line)
            return ""
        return art

    def _set(self, text: str, constants: dict, schemas: tuple[Schema, ...]) -> None:
        name, equals, raw = text.partition("=")
        name = name.strip()
        if not equals or not name:
            self.problems.add(self.path, f"--set {text}: write NAME=VALUE, such as --set starting_coins=5")
            return
        self._replace(name, _value(raw.strip()), constants, schemas, f"--set {text}", None)

    def _replace(self, dotted: str, value: Any, constants: dict, schemas: tuple[Schema, ...], where: str,
                 line: int | None) -> None:
        """Puts `value` at the constant `dotted` when it is what the rules (or the constant it replaces) take."""
        keys = dotted.split(".")
        entry = next((e for schema in schemas for e in schema.entries if e.name == dotted), None)
        table: Any = constants
        current = None
        for key in keys[:-1]:
            table = table.get(key) if isinstance(table, dict) else None
        if isinstance(table, dict):
            current = table.get(keys[-1])
        if entry is None and current is None:
            names = sorted(_names(constants) | {e.name for schema in schemas for e in schema.entries})
            close = difflib.get_close_matches(dotted, names, n=1)
            self.problems.add(self.path, f"{where}: the game has no constant {dotted!r} in [constants] or [schema]"
                              + (f"; did you mean {close[0]!r}?" if close else ""), line)
            return
        if entry is not None:
            found = entry.mismatch(value)
            if found is not None:
                schema = next(s for s in schemas if entry in s.entries)
                self.problems.add(self.path, f"{where}: {schema.who()} expect {entry.describe()} "
                                  f"({schema.where(entry)}), found {found}", line)
                return
        elif not _same_kind(current, value):
            self.problems.add(self.path, f"{where}: the constant it replaces is {kind_of(current)}, so this must be "
                              f"{_kind_word(current)} too, found {kind_of(value)}", line)
            return
        if not isinstance(table, dict):
            self.problems.add(self.path, f"{where}: {'.'.join(keys[:-1])!r} is not a table of [constants]", line)
            return
        table[keys[-1]] = value


def _value(raw: str) -> Any:
    """A `--set` value as TOML reads it (5, 2.5, true, "text", [1, 2]); a bare word is text."""
    try:
        return tomllib.loads(f"value = {raw}")["value"]
    except tomllib.TOMLDecodeError:
        return raw


def _leaves(table: dict, base: dict, prefix: str = "") -> list[tuple[str, Any]]:
    """A variant's constants as (dotted name, value): into a table only where [constants] has a table there."""
    found = []
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            found += _leaves(value, base[key], name + ".")
        else:
            found.append((name, value))
    return found


def _names(table: dict, prefix: str = "") -> set[str]:
    names = set()
    for key, value in table.items():
        names.add(prefix + key)
        if isinstance(value, dict):
            names |= _names(value, f"{prefix}{key}.")
    return names


def _same_kind(current: Any, value: Any) -> bool:
    numbers = (int, float)
    if isinstance(current, bool) or isinstance(value, bool):
        return isinstance(current, bool) and isinstance(value, bool)
    if isinstance(current, numbers) and isinstance(value, numbers):
        return isinstance(current, float) or isinstance(value, int)
    return type(current) is type(value)


def _kind_word(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    return {float: "a number", str: "text", list: "a list", dict: "a table"}.get(type(value), type(value).__name__)


def _no_variant(name: str, variants: dict) -> str:
    if not variants:
        return "game.toml has no [variants.<name>] tables"
    close = difflib.get_close_matches(name, list(variants), n=1)
    return (f"game.toml has no [variants.{name}]; its variants are {', '.join(sorted(variants))}"
            + (f" (did you mean {close[0]!r}?)" if close else ""))
