"""The fields of the JSON API's requests: the API checks each create and write with them, and the OpenAPI document
publishes them, so the two can never disagree."""

from __future__ import annotations

from companion.rules.fields import Field
from companion.table.names import AUTHOR, PLAYERS

CREATE = {"slug": Field("string", max_length=64, min_length=1), "players": PLAYERS,
          "options": None, "seed": Field("integer", required=False, minimum=0, maximum=2**48 - 1),
          "group": Field("string", required=False, max_length=40, min_length=1,
                         description="The group whose play the game becomes: its code, from a group link this browser "
                                     "opened (or give group_key)."),
          "group_key": Field("string", required=False, max_length=100, min_length=1,
                             description="The secret of the group's link (after ?key=), for clients without its cookie."),
          "playtest": Field("boolean", required=False, default=False,
                            description="A playtest: its play keeps what the designer's lab compares, and asks for "
                                        "feedback.")}
WRITE = {"based_on": Field("integer", minimum=0, maximum=10**9), "author": AUTHOR,
         "type": Field("string", max_length=64), "payload": None,
         "target": Field("integer", required=False, minimum=1, maximum=10**9)}
