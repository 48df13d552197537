"""Who may see and edit a group's history: whoever opened the group's link, whose secret this phone then keeps.

A group's link is `/groups/<id>?key=<secret>`. Opening it stores the secret in a cookie of this site only (HttpOnly,
SameSite=Lax, so no other site's page can send it), and the address bar drops it; every later page of the group
reads it there. The server keeps only the secret's hash, as it does for a game's edit secret. No account and no
password: sharing the link is sharing the group. The access log never writes a query string (companion.cli).
"""

from __future__ import annotations

import hmac
import re

from flask import Request, request
from werkzeug.wrappers import Response

from companion.plays.records import Group
from companion.plays.store import PlayStore
from companion.table.errors import Forbidden, Invalid, NotFound
from companion.table.sessions import hash_secret
from companion.web.services import services

GROUP_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
PREFIX = "group-"
YEAR = 365 * 24 * 3600


def cookie_name(group_id: str) -> str:
    return PREFIX + group_id


def matches(secret: str, secret_hash: str) -> bool:
    """Whether `secret` is the one whose hash is kept (compared in constant time, as the games' edit secrets are)."""
    return bool(secret) and hmac.compare_digest(hash_secret(secret), secret_hash)


def holds(request: Request, group_id: str, secret_hash: str) -> bool:
    """Whether this request carries the group's secret (from its link, kept in a cookie)."""
    return matches(request.cookies.get(cookie_name(group_id), ""), secret_hash)


def remember(response: Response, group_id: str, secret: str, secure: bool) -> None:
    """Keeps the group's secret on this phone for a year."""
    response.set_cookie(cookie_name(group_id), secret, max_age=YEAR, httponly=True, samesite="Lax", secure=secure,
                        path="/")


def forget(response: Response, group_id: str) -> None:
    response.delete_cookie(cookie_name(group_id), path="/")


def secret_of(request: Request, group_id: str) -> str:
    """The secret this phone keeps for the group ("" when none): what its link is made of again."""
    return request.cookies.get(cookie_name(group_id), "")


def phone_groups(request: Request) -> list[str]:
    """The ids of the groups whose links this phone opened (not yet checked against their hashes)."""
    return sorted(name[len(PREFIX):] for name in request.cookies
                  if name.startswith(PREFIX) and GROUP_ID.fullmatch(name[len(PREFIX):]))


def check(request: Request, found: tuple[Group, str] | None, group_id: str) -> Group:
    """The group, when this phone holds its link; NotFound for no such group, Forbidden without the link."""
    if found is None:
        raise NotFound(f"there is no group with the code {group_id[:40]!r}", field="group")
    group, secret_hash = found
    if not holds(request, group.id, secret_hash):
        raise Forbidden(f"the history of {group.name} is for the people with its link: open the link someone of the "
                        "group shares (it ends with ?key=...)", field="group")
    return group


def group_for_game(group_id: str | None, group_key: str | None) -> str | None:
    """The group a new game is started for (None for none), once its link is known to this request: its cookie,
    or `group_key` from a client without one. Refused naming the field otherwise."""
    if group_id is None:
        if group_key is not None:
            raise Invalid("a group's key needs the group's code beside it", field="group")
        return None
    if not GROUP_ID.fullmatch(group_id):
        raise Invalid(f"not a group's code: {group_id[:40]!r}", field="group")
    with services().store.engine.connect() as conn:
        found = PlayStore(services().store).group(conn, group_id)
    if found is None:
        raise Invalid(f"there is no group with the code {group_id!r}", field="group")
    group, secret_hash = found
    if group_key is not None:
        if not matches(group_key, secret_hash):
            raise Invalid(f"this is not the key of {group.name}'s link", field="group_key")
    elif not holds(request, group.id, secret_hash):
        raise Invalid(f"only the people with {group.name}'s link may start its games: open the link first",
                      field="group")
    return group.id
