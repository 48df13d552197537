"""What a request can be refused for, each with its HTTP status and a sentence naming the problem."""

from __future__ import annotations

from typing import Any, ClassVar


class Refused(Exception):
    """A request the companion will not carry out; `field` names the offending field when there is one."""

    status = 400
    headers: ClassVar[dict[str, str]] = {}

    def __init__(self, message: str, field: str | None = None, current: dict[str, Any] | None = None):
        super().__init__(message)
        self.message, self.field, self.current = message, field, current

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"error": self.message}
        if self.field:
            body["field"] = self.field
        if self.current is not None:
            body["current"] = self.current
        return body


class BadRequest(Refused):
    status = 400


class Unauthorized(Refused):
    """No credentials at all: the answer says how to give them (HTTP's 401 with WWW-Authenticate)."""

    status = 401
    headers: ClassVar[dict[str, str]] = {"WWW-Authenticate": 'Bearer realm="pnpkit companion"'}


class Forbidden(Refused):
    """Credentials that are not the game's."""

    status = 403


class NotFound(Refused):
    status = 404


class Stale(Refused):
    """The write was based on an old sequence number; `current` carries the game as it is now."""

    status = 409


class Invalid(Refused):
    """A field that does not fit, or an event the rules do not allow."""

    status = 422
