"""Pages of plays: the list of plays (filtered by game, player and date), a play's page, and editing a play.

A play of a group is seen and edited by the people with the group's link (companion.web.group_keys); a play of
no group is listed for everyone, as the home page lists games, and edited with its game's edit secret, which the
play page's script hands in from this phone (static/plays.js). Editing a play never touches the game's log.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from companion.plays.records import LENGTHS, Feedback, Play
from companion.plays.store import PlayStore
from companion.table.errors import BadRequest, Forbidden, NotFound
from companion.table.sessions import now
from companion.web import group_keys
from companion.web.services import services

blueprint = Blueprint("plays", __name__)
PLAY_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
LOCATION_LENGTH, NOTES_LENGTH, NAME_LENGTH, NOTE_LENGTH = 120, 2000, 40, 500


def plays_store() -> PlayStore:
    return PlayStore(services().store)


def day(text: str | None, field: str, words: str) -> str | None:
    """A date from a form or the query string (YYYY-MM-DD), None when empty; BadRequest naming the field (`words`
    say it to people) if not."""
    text = (text or "").strip()
    if not text:
        return None
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise BadRequest(f"{words} must be a date such as 2026-11-26, found {text[:40]!r}", field=field) from None


def filters() -> dict[str, Any]:
    """The list's filters from the query string: game, player (a name, or a known player's id), from and to."""
    game = (request.args.get("game") or "").strip()
    if game and game not in services().catalog.entries:
        raise BadRequest(f"there is no game {game[:64]!r} here; choose one from the list", field="game")
    return {"game": game or None, "player": (request.args.get("player") or "").strip()[:NAME_LENGTH] or None,
            "since": day(request.args.get("from"), "from", "the first day (From)"),
            "until": day(request.args.get("to"), "to", "the last day (To)")}


def with_player(plays: list[Play], player: str | None) -> list[Play]:
    """The plays with a seat of that name (compared without case and outer spaces) or linked to that player."""
    if not player:
        return plays
    wanted = player.casefold()
    return [p for p in plays if any(s.player == player or s.name.strip().casefold() == wanted for s in p.seats)]


def game_options() -> list[tuple[str, str]]:
    catalog = services().catalog
    return sorted(((slug, catalog.title(slug)) for slug in catalog.entries), key=lambda pair: pair[1].casefold())


def phone_groups() -> list[Any]:
    """The groups whose links this phone opened, checked against their secrets."""
    found = []
    with services().store.engine.connect() as conn:
        for group_id in group_keys.phone_groups(request):
            got = plays_store().group(conn, group_id)
            if got is not None and group_keys.holds(request, got[0].id, got[1]):
                found.append(got[0])
    return sorted(found, key=lambda g: g.name.casefold())


@blueprint.get("/plays")
def plays():
    """The plays of no group, newest first, and the groups of this phone."""
    chosen = filters()
    with services().store.engine.connect() as conn:
        found = plays_store().plays(conn, slug=chosen["game"], group=False, since=chosen["since"],
                                    until=chosen["until"], limit=None if chosen["player"] else 200)
    return render_template("pages/plays.html", plays=with_player(found, chosen["player"])[:200], chosen=chosen,
                           games=game_options(), groups=phone_groups(), group=None)


def readable(play_id: str) -> tuple[Play, Any]:
    """The play and its group (None) when this phone may see it."""
    if not PLAY_ID.fullmatch(play_id):
        raise NotFound(f"there is no play with the code {play_id[:40]!r}", field="play")
    with services().store.engine.connect() as conn:
        play = plays_store().play(conn, play_id)
        found = plays_store().group(conn, play.group) if play is not None and play.group else None
    if play is None:
        raise NotFound(f"there is no play with the code {play_id!r}", field="play")
    group = group_keys.check(request, found, play.group) if play.group else None
    return play, group


def writable(play_id: str) -> tuple[Play, Any]:
    """The play, when this request may change it: the group's link for a group's play, else its game's secret."""
    play, group = readable(play_id)
    if group is None:
        secret = request.form.get("secret") or ""
        if play.game_id is None or not secret:
            raise Forbidden("only the people at the table may change this play: open it on a phone that has the "
                            "game's play link", field="secret")
        with services().store.engine.connect() as conn:
            game = services().store.game(conn, play.game_id)
        if game is None or not group_keys.matches(secret, game.edit_hash):
            raise Forbidden("this phone does not hold the game's play link, so the play was not changed",
                            field="secret")
    return play, group


@blueprint.get("/plays/<play_id>")
def play(play_id: str):
    found, group = readable(play_id)
    with services().store.engine.connect() as conn:
        known = plays_store().players(conn, group.id) if group else []
    suggested = {i: next((p.id for p in known if p.name.strip().casefold() == seat.name.strip().casefold()), "")
                 for i, seat in enumerate(found.seats) if not seat.bot}
    names = {p.id: p.name for p in known}
    return render_template("pages/play.html", play=found, group=group, known=known, names=names,
                           suggested=suggested, groups=phone_groups(), lengths=LENGTHS,
                           saved=request.args.get("saved"))


FIELD_WORDS = {"location": "where it was played", "notes": "the notes", "expansions": "the expansions",
               "note": "the note"}


def _text(name: str, most: int) -> str:
    value = (request.form.get(name) or "").strip()
    if len(value) > most:
        words = FIELD_WORDS.get(name) or f"seat {int(name.rsplit('-', 1)[1]) + 1}'s {name.split('-')[0]}"
        raise BadRequest(f"{words} may be at most {most} characters, found {len(value)}", field=name)
    return value


def _score(index: int, old: float | None) -> float | None:
    raw = (request.form.get(f"score-{index}") or "").strip()
    if not raw:
        return None if old is None else old
    try:
        value = float(raw)
    except ValueError:
        raise BadRequest(f"the score of seat {index + 1} must be a number, found {raw[:40]!r}",
                         field=f"score-{index}") from None
    if abs(value) > 10**9:
        raise BadRequest(f"the score of seat {index + 1} is out of range ({raw[:40]})", field=f"score-{index}")
    return int(value) if value.is_integer() else value


def _back(play_id: str, what: str) -> Response:
    return redirect(url_for("plays.play", play_id=play_id, saved=what), code=303)


@blueprint.post("/plays/<play_id>")
def edit(play_id: str):
    """Saves what people corrected: the date, place, notes, expansions, the seats' names, scores and winners."""
    old, _ = writable(play_id)
    seats = []
    for i, seat in enumerate(old.seats):
        name = _text(f"name-{i}", NAME_LENGTH) or seat.name
        seats.append(replace(seat, name=name, score=_score(i, seat.score),
                             winner=request.form.get(f"winner-{i}") == "on",
                             colour=_text(f"colour-{i}", 30), new=request.form.get(f"new-{i}") == "on"))
    expansions = tuple(e.strip() for e in _text("expansions", 400).split(",") if e.strip())
    changed = replace(old, played_on=day(request.form.get("date"), "date", "the date") or old.played_on,
                      location=_text("location", LOCATION_LENGTH), notes=_text("notes", NOTES_LENGTH),
                      expansions=expansions, seats=tuple(seats), playtest=request.form.get("playtest") == "on",
                      stopped_early=request.form.get("stopped") == "on" and not old.cooperative,
                      updated_at=now())
    with services().store.transaction() as conn:
        plays_store().save_play(conn, changed)
    return _back(play_id, "play")


@blueprint.post("/plays/<play_id>/group")
def move_to_group(play_id: str):
    """Puts a play of no group into one of this phone's groups (the game's secret and the group's link both)."""
    old, group = writable(play_id)
    if group is not None:
        raise BadRequest(f"this play is already {group.name}'s", field="group")
    wanted = (request.form.get("group") or "").strip()
    with services().store.engine.connect() as conn:
        found = plays_store().group(conn, wanted) if group_keys.GROUP_ID.fullmatch(wanted) else None
    target = group_keys.check(request, found, wanted)
    with services().store.transaction() as conn:
        plays_store().save_play(conn, replace(old, group=target.id, updated_at=now()))
    return _back(play_id, "group")


@blueprint.post("/plays/<play_id>/links")
def link(play_id: str):
    """Links each seat to the known player chosen for it (or to a new player of the seat's name), or unlinks it."""
    old, group = writable(play_id)
    if group is None:
        raise BadRequest("players are known within a group: put the play into a group first", field="group")
    from companion.plays.players import link_seats  # one job: deciding each seat's player

    with services().store.transaction() as conn:
        store = plays_store()
        chosen = {i: (request.form.get(f"player-{i}") or "").strip() for i in range(len(old.seats))}
        seats = link_seats(store, conn, old, group.id, chosen)
        store.save_play(conn, replace(old, seats=seats, updated_at=now()))
    return _back(play_id, "players")


@blueprint.post("/plays/<play_id>/feedback")
def feedback(play_id: str):
    """One player's answers to the playtest's short form."""
    old, _ = writable(play_id)
    answers = Feedback(fun=_rating("fun"), length=_length(), clarity=_rating("clarity"),
                       note=_text("note", NOTE_LENGTH), created_at=now())
    if answers.fun is None and answers.clarity is None and answers.length is None and not answers.note:
        raise BadRequest("the form is empty: answer at least one question", field="fun")
    with services().store.transaction() as conn:
        plays_store().save_play(conn, replace(old, feedback=old.feedback + (answers,)))
    return _back(play_id, "feedback")


def _rating(name: str) -> int | None:
    raw = (request.form.get(name) or "").strip()
    if not raw:
        return None
    if raw not in {"1", "2", "3", "4", "5"}:
        raise BadRequest(f"{name} must be from 1 to 5, found {raw[:20]!r}", field=name)
    return int(raw)


def _length() -> str | None:
    raw = (request.form.get("length") or "").strip()
    if raw and raw not in LENGTHS:
        raise BadRequest(f"length must be one of: {', '.join(LENGTHS)}; found {raw[:40]!r}", field="length")
    return raw or None
