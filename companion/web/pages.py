"""Pages for people: home, each game's live page and spectator view, its history, summary and a QR code."""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for

from companion.table.errors import BadRequest
from companion.table.printed_cards import printed_labels
from companion.table.ledger import META
from companion.table.progress import seat_names
from companion.table.sessions import Current, public
from companion.table.views import views_of
from companion.web.addresses import link_base, only_this_computer
from companion.web.chart import score_chart
from companion.web.plays_pages import phone_groups, plays_store
from companion.web.qrcode import MAX_TEXT, qr_svg
from companion.web.services import services

blueprint = Blueprint("pages", __name__)
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")


def context(current: Current, editable: bool) -> dict[str, Any]:
    """What every page of a game is rendered with: the game as the API shows it, its title, cards and partial."""
    entry = services().catalog.get(current.game.slug)
    game = current.as_json()
    turn = current.rules.turn(current.state) if current.rules.turn else None
    players = game["players"]
    return {"game": game, "state": game["state"], "scores": game["scores"], "players": players,
            "legal": game["legal"], "placed": [], "turn_name": players[turn] if isinstance(turn, int) and 0 <= turn < len(players) else "",
            "editable": editable, "title": services().catalog.title(current.game.slug), "subtitle": entry.game.subtitle,
            "partial": partial(current.rules.page),
            "cards": [(card.id, card.name, deck.id) for deck in entry.game.decks for card in deck.cards],
            "names": {card.id: card.name for deck in entry.game.decks for card in deck.cards},
            "card_label": printed_labels(entry.game).get, "game_data": entry.game,
            "events": entry.rules.events,
            "corrections": {name: current.rules.events[name] for name in current.rules.corrections
                            if name in current.rules.events}}


def partial(page: str) -> Any:
    """The game's own panel, chosen by whose rules it is played with (so a copied game or one installed as a package
    gets its rules' page); rules without a panel of their own get the plain one (the moves, the scores)."""
    names = [f"games/{page}.html"] if page and not page.startswith("_") and "/" not in page else []
    return current_app.jinja_env.select_template([*names, "games/_plain.html"])


@blueprint.get("/")
def home():
    with services().store.engine.connect() as conn:
        games = services().store.list_games(conn, limit=50)
    catalog = services().catalog
    titles = {slug: catalog.title(slug) for slug in catalog.entries}
    options = {slug: entry.rules.options for slug, entry in catalog.entries.items() if entry.rules.options}
    return render_template("pages/home.html", games=games, catalog=catalog.describe(), titles=titles,
                           options=options, groups=phone_groups())


@blueprint.get("/favicon.ico")
def favicon():
    """Browsers ask for /favicon.ico before reading a page's icon link."""
    return redirect(url_for("static", filename="favicon.svg"), code=301)


@blueprint.get("/join")
def join():
    """Opens a game from its id or any of its links (the edit secret after # never reaches the server)."""
    code = (request.args.get("code") or "").strip()
    text = code.split("#")[0].split("?")[0].rstrip("/")
    if "/games/" in text:
        text = text.rsplit("/games/", 1)[1].split("/")[0]
    if not GAME_ID.fullmatch(text):
        raise BadRequest("paste a game's code or link, such as https://…/games/AbC123")
    services().sessions.current(text)  # a clear 404 for an unknown game
    return redirect(url_for("pages.game", game_id=text))


@blueprint.get("/games/<game_id>")
def game(game_id: str):
    """The play page. Its links for other phones start with PUBLIC_URL or the served address, never with the
    request's Host; with neither, they stay relative and the page draws their QR codes from its own location."""
    current = services().sessions.current(game_id)
    base, kind = link_base(current_app.config)
    play, watch = (f"{base or ''}{url_for(name, game_id=game_id)}" for name in ("pages.game", "pages.watch"))
    data = services().catalog.get(current.game.slug).game
    labels = printed_labels(data)
    options = sorted({(cid, label) for cid, label in labels.items()}, key=lambda pair: pair[1].casefold())
    return render_template("pages/game.html", **context(current, True), card_options=options, play_link=play,
                           watch_link=watch, watch_qr=qr_svg(watch, QR_LABELS["watch"]) if base else None,
                           link_base=base, link_kind=kind, only_here=kind == "served" and only_this_computer(base))


@blueprint.get("/games/<game_id>/watch")
def watch(game_id: str):
    return render_template("pages/watch.html", **context(services().sessions.current(game_id), False))


@blueprint.get("/games/<game_id>/panel")
def panel(game_id: str):
    """The scoreboard and the game's trackers alone: what a live page swaps in after each change."""
    editable = request.args.get("mode") != "watch"
    current = services().sessions.current(game_id)
    key = ("panel", editable)
    if key not in current.made:  # drawn once per change for all the table's phones
        current.made[key] = render_template("pages/_panel.html", **context(current, editable))
    return current.made[key]


@blueprint.get("/games/<game_id>/history")
def history(game_id: str):
    """The log, newest first, HISTORY_PAGE changes a page: `?before=SEQ` shows the changes before #SEQ."""
    sessions = services().sessions
    current = sessions.current(game_id)
    head = current.ledger.head
    before = page_before(request.args.get("before"), head)
    after = max(0, before - 1 - HISTORY_PAGE)
    rows = sessions.events(game_id, after, before - 1 - after) if before > 1 else []
    on_page = {row.seq for row in rows}
    aimed = sorted({row.target for row in rows if row.type in META and row.target is not None} - on_page)
    targets = [found for seq in aimed for found in sessions.events(game_id, seq - 1, 1)]  # each once
    done = set(current.ledger.done)
    undone = views_of(current_app.extensions, sessions).undos(game_id, head)
    aside = dict(current.set_aside)
    log = [{**public(row, current.rules, current.game.players, sessions.target_of(game_id, row, rows + targets)),
            "in_effect": row.seq in done, "undone_by": undone.get(row.seq), "set_aside": aside.get(row.seq)}
           for row in reversed(rows)]
    newer = None if before > head else ("" if before + HISTORY_PAGE > head else before + HISTORY_PAGE)
    return render_template("pages/history.html", **context(current, True), log=log, total=head,
                           older=after + 1 if after > 0 else None, newer=newer)


HISTORY_PAGE = 200  # changes on one page of a game's history


def page_before(text: str | None, head: int) -> int:
    """The history page's `before`: the change whose older ones are shown (past the newest: the newest page)."""
    if text is None:
        return head + 1
    if not text.isascii() or not text.isdigit() or int(text) < 1:
        raise BadRequest(f"?before= must be a change's number (a whole number from 1), found {text[:40]!r}",
                         field="before")
    return min(int(text), head + 1)


@blueprint.get("/games/<game_id>/summary")
def summary(game_id: str):
    """The scores so far (or the final ones), charted round by round from the steps kept for the game."""
    sessions = services().sessions
    current = sessions.current(game_id)
    kept = views_of(current_app.extensions, sessions).steps(current, services().catalog.get(current.game.slug).game)
    scores = current.as_json()["scores"]
    names = list(current.game.players)
    winners = [names[w] for w in scores.get("winners") or [] if isinstance(w, int) and 0 <= w < len(names)]
    automa = scores.get("automa")
    if isinstance(automa, dict) and automa.get("wins"):
        winners.append(str(automa.get("name")))
    seats = seat_names(scores, names)
    with services().store.engine.connect() as conn:
        kept_play = plays_store().play_of_game(conn, game_id)
    return render_template("pages/summary.html", **context(current, False), steps=kept.rounds, unit=kept.unit,
                           every=kept.every, winners=winners, seats=seats, chart=kept.chart(seats, score_chart),
                           play=kept_play)


QR_LABELS = {"play": "QR code of the play link", "watch": "QR code of the watch link"}


@blueprint.post("/qr")
def qr():
    """A QR code (SVG) of a link the page sends: the play link, whose edit secret only the phone knows, and the
    watch link when the server knows no address of its own (`?link=watch`)."""
    which = request.args.get("link", "play")
    if which not in QR_LABELS:
        raise BadRequest(f"link must be play or watch, found {which[:40]!r}")
    text = request.get_data(as_text=True)
    if not text or len(text) > MAX_TEXT or not text.startswith(("http://", "https://")):
        raise BadRequest(f"send a link (http:// or https://) of at most {MAX_TEXT} characters")
    return Response(qr_svg(text, QR_LABELS[which]), mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})
