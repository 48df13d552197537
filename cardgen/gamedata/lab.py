"""Reads a game's recorded simulation figures (`lab/<name>.json`): what the rulebook quotes from the lab.

`companion simulate ... --record NAME` writes each file (the command and the figures it printed);
`companion simulate GAME --verify` plays the recorded commands again and fails when a figure drifts. The
rulebook reads the figures from here (`lab.<name>`), so no number from the lab is typed by hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import MappingProxyType
from typing import Any
from collections.abc import Mapping

from cardgen.gamedata.containment import contained
from cardgen.gamedata.errors import Collector
from cardgen.gamedata.records import freeze
from cardgen.gamedata.manifest.values import SLUG

REQUIRED = ("command", "figures")


def load_lab(folder: Path, problems: Collector) -> Mapping[str, Any]:
    """Each `lab/*.json` of the game folder by its name; a file that cannot be read is a problem at its line."""
    records = {}
    for path in sorted((folder / "lab").glob("*.json")):
        name = path.stem
        if not contained(folder, path):
            problems.add(path, f"a link to {path.resolve()}, outside the game folder; copy the file into lab/")
            continue
        if not SLUG.fullmatch(name):
            problems.add(path, f"a lab record's name must be lower-case letters, digits and _ (it is how the "
                         f"rulebook names it: lab.{name}), found {name!r}")
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            problems.add(path, f"not valid JSON: {error.msg}", error.lineno, error.colno)
            continue
        except UnicodeDecodeError:
            problems.add(path, "not UTF-8 text")
            continue
        if not isinstance(data, dict) or any(key not in data for key in REQUIRED):
            problems.add(path, "a lab record is an object with \"command\" and \"figures\", as "
                         "`companion simulate ... --record NAME` writes it")
            continue
        records[name] = freeze(data)
    return MappingProxyType(records)
