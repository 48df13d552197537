"""Plays to and from BG Stats: its export/import JSON file (games, players, locations, plays with playerScores).

The field names follow code that reads and writes BG Stats files, read for this module:
- DictumMortuum/servus-extapi (a Go handler of BG Stats uploads; the file imports that module's packages): players
  (id, uuid, name, isAnonymous, modificationDate, bggUsername), locations (id, uuid, name), games (id, uuid, name,
  cooperative, highestWins, noPoints, usesTeams, bggId), plays (uuid, playDate "YYYY-MM-DD HH:MM:SS", usesTeams,
  ignored, manualWinner, rounds, locationRefId, gameRefId, playerScores) and playerScores (score as text, winner,
  newPlayer, startPlayer, playerRefId, rank, seatOrder).
- a BoardGameArena-to-BG Stats script (a public Python file found with `find_string "playerRefId"`; its repository
  was not shown): durationMin, rating, scoringSetting, playImages, and the top-level userInfo.
- a C# model of a BG Stats bot (namespace BGStats.Bot.Models, class PlayerScore): role, teamRole, team.
- a public Markdown description of the whole BG Stats export (found with `find_string '"scoringSetting"'`; its
  repository was not shown): top-level tags, groups, challenges, deletedObjects, userInfo; players' metaData.isNpc
  (a non-player character, i.e. an automated opponent); plays' entryDate, board, metaData, expansionPlays.
The play's "comments" field is the one name here NOT seen in those sources (BG Stats shows a comment per play; the
name is our best reading): a reader that does not know it ignores it, as the Go handler above ignores unknown fields.
BG Stats has no flag for a stopped game or a playtest, a stopped game and a playtest are kept as lines of the play's
comments. An automated opponent is a player with metaData.isNpc 1, its level in the seat's role ("bot, level 2").
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion.plays.formats_common import PLAYTEST, STOPPED, ImportFormatError, comment_lines, number_text
from companion.plays.records import Play, Player, Seat

NAMESPACE = uuid.UUID("5a0c3c1e-32b5-4f0e-9d1e-2b6a7c3d9e10")  # the companion's own: stable uuids for the same play
BOT_ROLE = re.compile(r"^bot(?:, level (\d+))?$")
EXPANSIONS = re.compile(r"^Played with: (.*)\.$")


@dataclass(frozen=True)
class Imported:
    """What a BG Stats file gave: the plays of games of this companion, the players they name, and what was left."""

    plays: tuple[Play, ...]
    players: tuple[Player, ...]
    skipped: tuple[str, ...]


def _uid(*parts: str) -> str:
    return str(uuid.uuid5(NAMESPACE, "/".join(parts))).upper()


def _player_key(seat: Seat) -> tuple[str, str]:
    if seat.player:
        return ("player", seat.player)
    return ("bot" if seat.bot else "name", seat.name.strip().casefold())


def export(plays: Sequence[Play], titles: Mapping[str, str], bgg_ids: Mapping[str, int] | None = None) -> str:
    """The plays as a BG Stats import file (JSON text; the same plays give the same bytes)."""
    bgg_ids = bgg_ids or {}
    ordered = sorted(plays, key=lambda p: (p.started_at or p.played_on, p.id))
    slugs = sorted({p.slug for p in ordered})
    game_ref = {slug: n for n, slug in enumerate(slugs, 1)}
    coop = {p.slug for p in ordered if p.cooperative}
    games = [{"id": game_ref[slug], "uuid": _uid("game", slug),
              "name": titles.get(slug) or next(p.title for p in ordered if p.slug == slug),
              "bggId": int(bgg_ids.get(slug, 0)), "cooperative": slug in coop, "highestWins": True,
              "noPoints": False, "usesTeams": False} for slug in slugs]
    names: dict[tuple[str, str], str] = {}
    for p in ordered:
        for seat in p.seats:
            names.setdefault(_player_key(seat), seat.name.strip())
    player_ref = {key: n for n, key in enumerate(sorted(names), 1)}
    players = [{"id": player_ref[key], "uuid": _uid(*key), "name": names[key], "isAnonymous": False,
                "metaData": {"isNpc": 1 if key[0] == "bot" else 0}} for key in sorted(names)]
    places = sorted({p.location.strip() for p in ordered if p.location.strip()})
    location_ref = {name: n for n, name in enumerate(places, 1)}
    locations = [{"id": location_ref[name], "uuid": _uid("location", name), "name": name} for name in places]
    out = [_play(p, game_ref, player_ref, location_ref) for p in ordered]
    document = {"games": games, "players": players, "locations": locations, "plays": out}
    return json.dumps(document, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def _play(p: Play, game_ref: Mapping[str, int], player_ref: Mapping[tuple[str, str], int],
          location_ref: Mapping[str, int]) -> dict[str, Any]:
    when = (p.started_at[:19].replace("T", " ") if len(p.started_at) >= 19 else p.played_on + " 00:00:00")
    scores = []
    for n, seat in enumerate(p.seats, 1):
        role = "" if not seat.bot else ("bot" if seat.level is None else f"bot, level {seat.level}")
        scores.append({"playerRefId": player_ref[_player_key(seat)], "score": number_text(seat.score),
                       "winner": seat.winner, "newPlayer": seat.new, "startPlayer": n == 1, "seatOrder": n,
                       "rank": seat.place or 0, "role": role})
    return {"uuid": _uid("play", p.id), "playDate": when, "durationMin": p.minutes or 0, "rounds": p.rounds or 0,
            "gameRefId": game_ref[p.slug], "locationRefId": location_ref.get(p.location.strip(), 0),
            "ignored": False, "manualWinner": False, "usesTeams": False, "rating": 0,
            "comments": "\n".join(comment_lines(p)), "playerScores": scores}


class _Reader:
    """Reads values out of the parsed JSON, naming the file and the JSON path of anything wrong."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, path: str, what: str, value: Any) -> ImportFormatError:
        shown = json.dumps(value, ensure_ascii=False)
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        return ImportFormatError(f"{self.source}: {path} {what}, found {shown}")

    def field(self, obj: Mapping[str, Any], path: str, key: str, kind: type | tuple[type, ...],
              default: Any = ...) -> Any:
        if key not in obj or obj[key] is None:
            if default is ...:
                raise ImportFormatError(f"{self.source}: {path}.{key} is missing")
            return default
        value = obj[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
            raise self.fail(f"{path}.{key}", f"should be {_kind_words(kind)}", value)
        return value

    def items(self, obj: Mapping[str, Any], key: str, required: bool = True) -> list[dict[str, Any]]:
        value = obj.get(key)
        if value is None and not required:
            return []
        if not isinstance(value, list):
            raise self.fail(key, "should be a list", value) if key in obj else ImportFormatError(
                f"{self.source}: {key} is missing: not a BG Stats export")
        for n, item in enumerate(value):
            if not isinstance(item, dict):
                raise self.fail(f"{key}[{n}]", "should be an object", item)
        return value


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _kind_words(kind: type | tuple[type, ...]) -> str:
    words = {str: "text", int: "a whole number", float: "a number", bool: "true or false", list: "a list",
             dict: "an object"}
    return " or ".join(dict.fromkeys(words.get(k, k.__name__) for k in _kinds(kind)))


def parse(text: str, source_name: str, known: Mapping[str, tuple[str, int | None]], group: str = "") -> Imported:
    """Reads a BG Stats export: the plays of the games of `known` (slug -> (title, BGG id)), all or nothing."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ImportFormatError(f"{source_name}, line {err.lineno}, column {err.colno}: not valid JSON "
                                f"({err.msg})") from None
    if not isinstance(data, dict):
        raise ImportFormatError(f"{source_name}: not a BG Stats export (it should hold games, players and plays)")
    read = _Reader(source_name)
    games = {}
    for n, game in enumerate(read.items(data, "games")):
        path = f"games[{n}]"
        games[read.field(game, path, "id", int)] = (read.field(game, path, "name", str),
                                                   read.field(game, path, "bggId", int, 0),
                                                   read.field(game, path, "cooperative", bool, False))
    people = {}
    for n, person in enumerate(read.items(data, "players")):
        path = f"players[{n}]"
        meta = read.field(person, path, "metaData", dict, {})
        npc = read.field(meta, path + ".metaData", "isNpc", (int, bool), 0)
        people[read.field(person, path, "id", int)] = (read.field(person, path, "name", str),
                                                       read.field(person, path, "uuid", str, ""), bool(npc))
    places = {read.field(place, f"locations[{n}]", "id", int): read.field(place, f"locations[{n}]", "name", str)
              for n, place in enumerate(read.items(data, "locations", required=False))}
    by_bgg = {bgg: slug for slug, (_title, bgg) in known.items() if bgg}
    by_name: dict[str, list[str]] = {}
    for slug, (title, _bgg) in sorted(known.items()):
        by_name.setdefault(title.strip().casefold(), []).append(slug)
    plays: list[Play] = []
    linked: dict[int, Player] = {}
    left: dict[str, int] = {}
    for n, raw in enumerate(read.items(data, "plays")):
        path = f"plays[{n}]"
        ref = read.field(raw, path, "gameRefId", int)
        if ref not in games:
            raise read.fail(f"{path}.gameRefId", "names no game of the file", ref)
        name, bgg, cooperative = games[ref]
        by_id = by_bgg.get(bgg) if bgg else None
        matches = [by_id] if by_id else by_name.get(name.strip().casefold(), [])
        if len(matches) != 1:
            why = "not a game of this companion" if not matches else "more than one game of this companion has that name"
            left[f"{name}: {why}"] = left.get(f"{name}: {why}", 0) + 1
            continue
        plays.append(_read_play(read, raw, path, matches[0], name, cooperative, people, places, linked, group))
    skipped = tuple(f"{count} play{'s' if count != 1 else ''} of {what}" for what, count in sorted(left.items()))
    players = tuple(sorted(linked.values(), key=lambda p: (p.name.casefold(), p.id)))
    return Imported(plays=tuple(plays), players=players, skipped=skipped)


def _read_play(read: _Reader, raw: Mapping[str, Any], path: str, slug: str, title: str, cooperative: bool,
               people: Mapping[int, tuple[str, str, bool]], places: Mapping[int, str], linked: dict[int, Player],
               group: str) -> Play:
    when_text = read.field(raw, path, "playDate", str)
    try:
        when = datetime.strptime(when_text[:19], "%Y-%m-%d %H:%M:%S")
    except ValueError:
        raise read.fail(f"{path}.playDate", "should be a date and time like 2026-01-31 20:15:00", when_text) from None
    location_ref = read.field(raw, path, "locationRefId", int, 0)
    if location_ref and location_ref not in places:
        raise read.fail(f"{path}.locationRefId", "names no location of the file", location_ref)
    seats = []
    scores = read.field(raw, path, "playerScores", list, [])
    for k, score in enumerate(scores):
        where = f"{path}.playerScores[{k}]"
        if not isinstance(score, dict):
            raise read.fail(where, "should be an object", score)
        seats.append(_read_seat(read, score, where, cooperative, people, linked, group))
    lines = read.field(raw, path, "comments", str, "").split("\n")
    expansions: tuple[str, ...] = ()
    notes = []
    for line in lines:
        found = EXPANSIONS.match(line)
        if found:
            expansions = tuple(found.group(1).split(", "))
        elif line not in (STOPPED, PLAYTEST):
            notes.append(line)
    seat_order = sorted(range(len(seats)), key=lambda i: (scores[i].get("seatOrder") or 0, i))
    won = any(seat.winner for seat in seats)
    return Play(id=f"bgstats-{read.field(raw, path, 'uuid', str, str(read.field(raw, path, 'id', int, 0)))}",
                slug=slug, title=title, played_on=when.date().isoformat(), started_at=when.isoformat(),
                seats=tuple(seats[i] for i in seat_order), location=places.get(location_ref, ""),
                expansions=expansions, cooperative=cooperative,
                outcome=("won" if won else "lost") if cooperative else "", stopped_early=STOPPED in lines,
                rounds=read.field(raw, path, "rounds", int, 0) or None,
                minutes=read.field(raw, path, "durationMin", int, 0) or None, game_id=None, group=group or None,
                playtest=PLAYTEST in lines, source="bgstats", notes="\n".join(notes).strip())


def _read_seat(read: _Reader, score: Mapping[str, Any], where: str, cooperative: bool,
               people: Mapping[int, tuple[str, str, bool]], linked: dict[int, Player], group: str) -> Seat:
    ref = read.field(score, where, "playerRefId", int)
    if ref not in people:
        raise read.fail(f"{where}.playerRefId", "names no player of the file", ref)
    name, person_uuid, npc = people[ref]
    value = read.field(score, where, "score", (str, int, float), "")
    points: float | None
    if isinstance(value, str):
        try:
            points = float(value) if value.strip() else None
        except ValueError:
            raise read.fail(f"{where}.score", "should be a number", value) from None
    else:
        points = float(value)
    role = read.field(score, where, "role", str, "")
    bot = BOT_ROLE.match(role.strip()) or (BOT_ROLE.match("bot") if npc else None)
    player = None
    if not bot:
        player = linked.setdefault(ref, Player(id=f"bgstats-{person_uuid or ref}", group=group, name=name)).id
    rank = read.field(score, where, "rank", int, 0)
    return Seat(name=name, player=player, score=points, place=None if cooperative or rank <= 0 else rank,
                winner=read.field(score, where, "winner", bool, False), bot=bot is not None,
                level=int(bot.group(1)) if bot and bot.group(1) else None,
                new=read.field(score, where, "newPlayer", bool, False))
