"""The application factory: config, the database migrated, the services, the blueprints, the headers every answer
carries, and errors as HTTP answers (JSON for the API, a page for people)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from collections.abc import Mapping

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from companion.config import configure
from companion.plays.keeper import Keeper
from companion.storage.engine import make_engine
from companion.storage.migrations import migrate
from companion.plays.store import PlayStore
from companion.storage.store import Store
from companion.table.catalog import Catalog
from companion.table.changes import Changes
from companion.table.errors import Refused
from companion.table.sessions import Sessions
from companion.web import api, group_pages, pages, playtest_pages, plays_pages, printed_pages, stream
from companion.web.services import Services
from companion.web.templating import install


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """The application: config from the environment (or `test_config`), the database migrated."""
    app = Flask("companion", instance_relative_config=True)  # the package's folder: templates/, static/, instance/
    configure(app, test_config)
    engine = make_engine(app.config["DATABASE_URL"])
    migrate(engine)
    store = Store(engine)
    catalog = Catalog(tuple(Path(p) for p in app.config["GAME_FOLDERS"]))
    changes = Changes(engine, app.config["STREAM_POLL_SECONDS"])
    keeper = Keeper(PlayStore(store), catalog)
    app.extensions["companion"] = Services(store, catalog, Sessions(store, catalog, changes, keeper), changes)

    app.register_blueprint(api.blueprint)
    app.register_blueprint(stream.blueprint)
    app.register_blueprint(pages.blueprint)
    app.register_blueprint(printed_pages.blueprint)
    app.register_blueprint(plays_pages.blueprint)
    app.register_blueprint(group_pages.blueprint)
    app.register_blueprint(playtest_pages.blueprint)
    install(app)
    _errors(app)
    app.after_request(_headers)
    return app


CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")  # inline styles: the rulebook's tables align their columns with style attributes


def _headers(response):
    """Every answer: no inline script may run, nothing is sniffed, no page may be framed (the play page writes on a
    tap), and no address (the play link's secret is in its fragment) leaks through a referrer. Pages and the API's
    answers are live, so no cache keeps them (static files keep their own caching); an answer that a request header
    can change names that header in Vary (pages read none: their links never come from Host)."""
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    api = request.path.startswith("/api/")
    if request.endpoint != "static" and "Cache-Control" not in response.headers:
        if api and response.mimetype == "application/json":
            response.headers["Cache-Control"] = "no-store"  # a new game's answer carries its edit secret
        elif response.mimetype == "text/html":
            response.headers["Cache-Control"] = "no-cache"  # kept only if checked again: a game changes any moment
    reads = {"api": ("Authorization",), "stream": ("Last-Event-ID",)}  # blueprint -> request headers it reads
    for header in reads.get(request.blueprint or ("api" if api else ""), ()):
        response.vary.add(header)
    return response


def _errors(app: Flask) -> None:
    def page(message: str, status: int):
        """A page's error for people: the sentence, the status, a way home."""
        return render_template("pages/error.html", message=message, status=status), status

    @app.errorhandler(Refused)
    def refused(error: Refused):
        sentence = error.message[:1].upper() + error.message[1:] + "."
        if request.path.startswith("/api/") or (request.method != "GET" and request.mimetype not in FORMS):
            return jsonify(error.body()), error.status, error.headers
        if request.method != "GET":  # a page's form: the sentence, and the way back to the page that sent it
            return render_template("pages/error.html", message=sentence, status=error.status,
                                   back=form_page(request.path)), error.status
        return page(sentence, error.status)

    @app.errorhandler(HTTPException)
    def http(error: HTTPException):
        if error.code == 413:  # werkzeug's sentence names no limit
            most = app.config["MAX_CONTENT_LENGTH"]
            error.description = (f"the request body is larger than this server takes ({most:,} bytes; "
                                 "COMPANION_MAX_BODY_BYTES sets it), so it was not read")
        if request.path.startswith("/api/"):
            response = jsonify({"error": error.description or error.name})
            response.status_code = error.code or 500
            for name, value in error.get_headers():
                if name.lower() == "allow":  # a 405 says which methods the route takes
                    response.headers[name] = value
            return response
        if error.code == 404:
            return page("There is no page at this address.", 404)
        return error

    @app.errorhandler(RecursionError)
    def too_deep(error: RecursionError):
        """JSON nested deeper than the parser goes: refused, never a server error."""
        return jsonify({"error": "the request body nests too deeply to be read"}), 400

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        app.logger.exception("unexpected error on %s %s", request.method, request.path)
        if request.path.startswith("/api/") or request.method != "GET":
            return jsonify({"error": "the server failed to handle this request; it was logged"}), 500
        return page("The server failed to show this page; the error was logged.", 500)


FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")  # what a page's form posts


def form_page(path: str) -> str:
    """The page a form posting to `path` is on: a play's or a group's page (their actions are below them)."""
    parts = path.strip("/").split("/")
    if len(parts) >= 2 and parts[0] in ("plays", "groups"):
        return "/" + "/".join(parts[:4] if parts[0] == "groups" and len(parts) >= 4 and parts[2] == "players"
                              else parts[:2])
    return "/plays"
