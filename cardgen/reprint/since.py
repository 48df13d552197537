"""What changed since an earlier build: its manifest.json found and checked, and each card compared by what it prints."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Iterable, Mapping

from cardgen.build.staging import MANIFEST

OLDER = ("this manifest was written by an older cardgen, which did not record what each card prints; "
         "build once, print, then use --changed-since")


class SinceError(ValueError):
    """An earlier build that cannot be compared with; the message names the option and the file."""


@dataclass(frozen=True)
class Earlier:
    """The earlier build: per deck id its title and each card's printed entry (card id -> {name, copies, front, back})."""

    path: Path
    sha256: str
    decks: dict[str, tuple[str, dict[str, dict]]]
    bleed: float | None
    boards: dict[str, dict] = field(default_factory=dict)  # board id -> {title, count, front, back} as printed


@dataclass(frozen=True)
class Change:
    """One line of the reprint list: copies of a card to print (changed, new, more of them) or to take out."""

    deck: str
    deck_title: str
    card: str
    name: str
    action: str      # "print" or "remove"
    copies: int
    why: str
    file: str = ""   # print: the reprint PDF it is in
    sheet: int = 0   # print: the sheet of that PDF its first copy is on, from 1


def find_manifest(path: Path, slug: str) -> Path:
    """The manifest `--changed-since PATH` means: PATH itself, PATH/manifest.json or PATH/<slug>/manifest.json."""
    where = f"--changed-since {path}"
    if path.is_dir():
        for candidate in (path / MANIFEST, path / slug / MANIFEST):
            if candidate.is_file():
                return candidate
        raise SinceError(f"{where}: this folder holds no {MANIFEST} (nor {slug}/{MANIFEST}); give the manifest.json "
                         f"of the build you printed, or the folder it is in")
    if not path.is_file():
        raise SinceError(f"{where}: no such file or folder")
    return path


def read_earlier(path: Path, slug: str) -> Earlier:
    """The earlier build of game `slug` that `--changed-since PATH` names; SinceError saying what is wrong with it."""
    manifest = find_manifest(path, slug)
    where = f"--changed-since {manifest}"
    try:
        raw = manifest.read_bytes()
        data = json.loads(raw.decode("utf-8"))
    except OSError as error:
        raise SinceError(f"{where}: cannot be read ({error.strerror})") from None
    except UnicodeDecodeError:
        raise SinceError(f"{where}: not a manifest.json of cardgen build (not UTF-8 text)") from None
    except json.JSONDecodeError as error:
        raise SinceError(f"{where}:{error.lineno}: not a manifest.json of cardgen build ({error.msg})") from None
    if not isinstance(data, dict) or not isinstance(data.get("decks"), dict) or "game" not in data:
        raise SinceError(f"{where}: not a manifest.json of cardgen build (it has no game and decks)")
    if data["game"] != slug:
        raise SinceError(f"{where}: is the manifest of game {data['game']!r}, not of {slug!r}")
    decks: dict[str, tuple[str, dict[str, dict]]] = {}
    for deck_id, entry in data["decks"].items():
        printed = entry.get("printed") if isinstance(entry, dict) else None
        if printed is None:
            raise SinceError(f"{where}: {OLDER}")
        if not isinstance(printed, dict) or not all(_entry_ok(card) for card in printed.values()):
            raise SinceError(f"{where}: deck {deck_id!r}: its record of printed cards is damaged; build once, "
                             "print, then use --changed-since")
        decks[deck_id] = (str(entry.get("title", deck_id)), printed)
    if not decks:
        raise SinceError(f"{where}: {OLDER}")
    options = data.get("options")
    bleed = options.get("bleed") if isinstance(options, dict) else None
    boards = data.get("boards", {})
    boards = {key: entry for key, entry in boards.items() if isinstance(entry, dict)} if isinstance(boards, dict) else {}
    return Earlier(manifest, hashlib.sha256(raw).hexdigest(), decks,
                   float(bleed) if isinstance(bleed, (int, float)) else None, boards)


def _entry_ok(card: object) -> bool:
    return (isinstance(card, dict) and isinstance(card.get("front"), str) and isinstance(card.get("back"), str)
            and isinstance(card.get("copies"), int) and isinstance(card.get("name"), str))


def to_print(before: Mapping | None, now: Mapping) -> tuple[int, str] | None:
    """(copies to print, why) for a card whose entry was `before` in the earlier build and is `now`; None: none."""
    if before is None:
        return now["copies"], "new card"
    changed = [side for side in ("front", "back") if before[side] != now[side]]
    if changed:
        return now["copies"], f"{' and '.join(changed)} changed"
    more = now["copies"] - before["copies"]
    if more > 0:
        return more, f"{more} more {_copies(more)} ({before['copies']} -> {now['copies']})"
    return None


def to_remove(earlier: Earlier, now: Mapping[str, Mapping[str, Mapping]]) -> Iterable[Change]:
    """The copies of the earlier build to take out: cards no longer in the game, and fewer copies of a card."""
    for deck_id, (title, printed) in earlier.decks.items():
        current = now.get(deck_id)
        for card_id, before in printed.items():
            after = current.get(card_id) if current is not None else None
            if after is None:
                why = "no longer in the game" if current is not None else "its deck is no longer in the game"
                yield Change(deck_id, title, card_id, before["name"], "remove", before["copies"], why)
            elif after["copies"] < before["copies"] and after["front"] == before["front"] \
                    and after["back"] == before["back"]:
                fewer = before["copies"] - after["copies"]
                yield Change(deck_id, title, card_id, after["name"], "remove", fewer,
                             f"{fewer} fewer {_copies(fewer)} ({before['copies']} -> {after['copies']})")


def _copies(n: int) -> str:
    return "copy" if n == 1 else "copies"
