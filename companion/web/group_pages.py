"""A group's pages: starting one, opening its link, its plays and players, a player's page, leaving and deleting."""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Any

from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for

from companion.plays import bgg, bgstats, csv_export, group_file
from companion.plays.formats_common import ImportFormatError
from companion.plays.importing import merge
from companion.plays.records import Group, Play, Player
from companion.table.errors import BadRequest, NotFound
from companion.table.sessions import hash_secret, now
from companion.web import group_keys
from companion.web.addresses import link_base
from companion.web.plays_pages import filters, game_options, plays_store, with_player
from companion.web.qrcode import qr_svg
from companion.web.services import services
from companion.web.stats_view import statistics

blueprint = Blueprint("groups", __name__)
GROUP_NAME = 80


def _name(field: str = "name") -> str:
    name = " ".join((request.form.get(field) or "").split())
    if not name:
        raise BadRequest("give the group a name", field=field)
    if len(name) > GROUP_NAME:
        raise BadRequest(f"a name may be at most {GROUP_NAME} characters, found {len(name)}", field=field)
    return name


def opened(group_id: str) -> Group:
    """The group, when this phone holds its link (companion.web.group_keys)."""
    with services().store.engine.connect() as conn:
        found = plays_store().group(conn, group_id) if group_keys.GROUP_ID.fullmatch(group_id) else None
    return group_keys.check(request, found, group_id)


def _secure() -> bool:
    return request.is_secure or str(current_app.config.get("PUBLIC_URL") or "").startswith("https://")


@blueprint.post("/groups")
def create():
    """A new group; its link (with the secret) is shown once on its page and kept on this phone."""
    group = Group(secrets.token_urlsafe(9), _name(), now())
    secret = secrets.token_urlsafe(18)
    with services().store.transaction() as conn:
        plays_store().create_group(conn, group, hash_secret(secret))
    response = redirect(url_for("groups.group", group_id=group.id), code=303)
    group_keys.remember(response, group.id, secret, _secure())
    return response


def share_link(group_id: str) -> str:
    """The group's link, made again from the secret this phone keeps (the server stores only its hash)."""
    base, _ = link_base(current_app.config)
    path = url_for("groups.group", group_id=group_id, key=group_keys.secret_of(request, group_id))
    return f"{base or request.host_url.rstrip('/')}{path}"


@blueprint.get("/groups/<group_id>")
def group(group_id: str):
    key = request.args.get("key")
    if key is not None:  # the group's link: keep its secret on this phone, and take it out of the address bar
        with services().store.engine.connect() as conn:
            found = plays_store().group(conn, group_id) if group_keys.GROUP_ID.fullmatch(group_id) else None
        if found is None:
            raise NotFound(f"there is no group with the code {group_id[:40]!r}", field="group")
        if not group_keys.matches(key, found[1]):
            raise BadRequest(f"this link of {found[0].name} is not whole: ask for it again", field="key")
        response = redirect(url_for("groups.group", group_id=group_id), code=303)
        group_keys.remember(response, group_id, key, _secure())
        return response
    found_group = opened(group_id)
    chosen = filters()
    with services().store.engine.connect() as conn:
        people = plays_store().players(conn, group_id)
        everything = plays_store().plays(conn, group=group_id)
    shown = chosen_plays(everything, people, chosen)
    link = share_link(group_id)
    return render_template("pages/group.html", group=found_group, people=people, plays=shown, all_plays=everything,
                           chosen=chosen, games=game_options(), link=link, link_qr=qr_svg(link, "QR code of the "
                           "group's link"), **_statistics(everything, people, None))


def chosen_plays(plays: list[Play], people: list[Player], chosen: dict[str, Any]) -> list[Play]:
    """The group's plays the list's filters choose: a game, a player (a known player, or a name), from and to."""
    shown = [p for p in plays if (not chosen["game"] or p.slug == chosen["game"])
             and (not chosen["since"] or p.played_on >= chosen["since"])
             and (not chosen["until"] or p.played_on <= chosen["until"])]
    if chosen["player"] in {p.id for p in people}:
        return [p for p in shown if any(s.player == chosen["player"] for s in p.seats)]
    return with_player(shown, chosen["player"])


def _statistics(plays: list[Any], people: list[Player], person: str | None) -> dict[str, Any]:
    """What the statistics partial is rendered with (companion.plays.stats), for the group or one player."""
    return statistics(plays, people, person)


@blueprint.post("/groups/<group_id>/name")
def rename(group_id: str):
    opened(group_id)
    with services().store.transaction() as conn:
        plays_store().rename_group(conn, group_id, _name())
    return redirect(url_for("groups.group", group_id=group_id), code=303)


@blueprint.post("/groups/<group_id>/players")
def add_player(group_id: str):
    opened(group_id)
    name = _name("player")
    with services().store.transaction() as conn:
        if any(p.name.casefold() == name.casefold() for p in plays_store().players(conn, group_id)):
            raise BadRequest(f"the group already has a player called {name}", field="player")
        plays_store().add_player(conn, Player(secrets.token_urlsafe(9), group_id, name, now()))
    return redirect(url_for("groups.group", group_id=group_id) + "#players-title", code=303)


def _player(group_id: str, player_id: str) -> tuple[Group, Player]:
    found_group = opened(group_id)
    with services().store.engine.connect() as conn:
        player = plays_store().player(conn, player_id) if group_keys.GROUP_ID.fullmatch(player_id) else None
    if player is None or player.group != group_id:
        raise NotFound(f"{found_group.name} has no player with the code {player_id[:40]!r}", field="player")
    return found_group, player


@blueprint.get("/groups/<group_id>/players/<player_id>")
def player(group_id: str, player_id: str):
    found_group, person = _player(group_id, player_id)
    with services().store.engine.connect() as conn:
        people = plays_store().players(conn, group_id)
        everything = plays_store().plays(conn, group=group_id)
    mine = [p for p in everything if any(s.player == player_id for s in p.seats)]
    return render_template("pages/player.html", group=found_group, person=person, plays=mine, chosen=None,
                           **_statistics(everything, people, player_id))


@blueprint.post("/groups/<group_id>/players/<player_id>")
def rename_player(group_id: str, player_id: str):
    _player(group_id, player_id)
    name = _name("player")
    with services().store.transaction() as conn:
        if any(p.name.casefold() == name.casefold() and p.id != player_id
               for p in plays_store().players(conn, group_id)):
            raise BadRequest(f"the group already has a player called {name}", field="player")
        plays_store().rename_player(conn, player_id, name)
    return redirect(url_for("groups.player", group_id=group_id, player_id=player_id), code=303)


def _download(text: str, mimetype: str, filename: str) -> Response:
    return Response(text.encode("utf-8"), mimetype=mimetype,
                    headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"})


def _slug(name: str) -> str:
    """A file name's part from a group's name: letters, digits and dashes."""
    return "-".join("".join(c if c.isalnum() else " " for c in name.casefold()).split())[:40] or "group"


EXPORTS = {  # kind -> (media type, the file name's end)
    "bgstats": ("application/json", "bgstats.json"), "bgg": ("application/xml", "bgg-plays.xml"),
    "csv": ("text/csv", "plays.csv")}


def catalog_names() -> tuple[dict[str, str], dict[str, int]]:
    """Each game's title at the table and its BoardGameGeek number (game.toml's bgg_id), by slug."""
    catalog = services().catalog
    return ({slug: catalog.title(slug) for slug in catalog.entries},
            {slug: e.game.bgg_id for slug, e in catalog.entries.items() if e.game.bgg_id})


@blueprint.get("/groups/<group_id>/export/<kind>")
def export(group_id: str, kind: str):
    """The group's plays (as the list's filters choose them) for BG Stats, BoardGameGeek or a spreadsheet."""
    if kind not in EXPORTS:
        raise NotFound(f"there is no export called {kind[:40]!r}; exports: {', '.join(EXPORTS)}, everything",
                       field="kind")
    found_group = opened(group_id)
    chosen = filters()
    with services().store.engine.connect() as conn:
        people = plays_store().players(conn, group_id)
        shown = chosen_plays(plays_store().plays(conn, group=group_id), people, chosen)
    titles, bgg_ids = catalog_names()
    titles = {**{p.slug: p.title for p in shown}, **titles}
    if kind == "bgstats":
        text = bgstats.export(shown, titles, bgg_ids)
    elif kind == "bgg":
        text = bgg.export(shown, bgg_ids, titles)
    else:
        text = csv_export.export(shown)
    mimetype, ending = EXPORTS[kind]
    return _download(text, mimetype, f"{_slug(found_group.name)}-{ending}")


@blueprint.post("/groups/<group_id>/import")
def import_bgstats(group_id: str):
    """A BG Stats export's plays of this companion's games, with their players, into the group: all or nothing.
    A player whose name the group already has is linked to them (the page says who); a play already imported is
    left as it is."""
    found_group = opened(group_id)
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        raise BadRequest("choose the BG Stats export file to import", field="file")
    try:
        text = upload.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadRequest(f"{upload.filename} is not a text file: choose the .json file BG Stats exported",
                         field="file") from None
    titles, bgg_ids = catalog_names()
    try:
        found = bgstats.parse(text, upload.filename, {slug: (titles[slug], bgg_ids.get(slug)) for slug in titles},
                              group=group_id)
    except ImportFormatError as error:
        raise BadRequest(f"this file is not a BG Stats export the companion can read: {error}", field="file") from None
    # the plays are called by this companion's names of their games, as its own plays are
    found = replace(found, plays=tuple(replace(play, title=titles[play.slug]) for play in found.plays))
    with services().store.transaction() as conn:
        result = merge(plays_store(), conn, group_id, found)
    return render_template("pages/imported.html", group=found_group, result=result, skipped=found.skipped,
                           source=upload.filename)


@blueprint.get("/groups/<group_id>/export/everything")
def export_everything(group_id: str):
    """The group whole, as one JSON file (companion.plays.group_file)."""
    found_group = opened(group_id)
    with services().store.engine.connect() as conn:
        people = plays_store().players(conn, group_id)
        everything = plays_store().plays(conn, group=group_id)
    return _download(group_file.export(found_group, people, everything), "application/json",
                     f"{_slug(found_group.name)}-everything.json")


@blueprint.post("/groups/<group_id>/leave")
def leave(group_id: str):
    """Forgets the group's link on this phone (the group stays for everyone else)."""
    response = redirect(url_for("plays.plays"), code=303)
    group_keys.forget(response, group_id)
    return response


@blueprint.post("/groups/<group_id>/delete")
def delete(group_id: str):
    """Deletes the group whole: its players and plays. The group's name must be typed to confirm."""
    found_group = opened(group_id)
    if " ".join((request.form.get("confirm") or "").split()).casefold() != found_group.name.casefold():
        raise BadRequest(f"type the group's name, {found_group.name}, to delete it and all its plays",
                         field="confirm")
    with services().store.transaction() as conn:
        plays_store().delete_group(conn, group_id)
    response = redirect(url_for("plays.plays"), code=303)
    group_keys.forget(response, group_id)
    return response
