"""The fields of the JSON API's requests: the API checks each create and write with them, and the OpenAPI document
publishes them, so the two can never disagree."""

from __future__ import annotations

from companion.rules.fields import Field
from companion.table.names import AUTHOR, PLAYERS

CREATE = {"slug": Field("string", max_length=64, min_length=1), "players": PLAYERS,
          "options": None, "seed": Field("integer", required=False, minimum=0, maximum=2**48 - 1)}
WRITE = {"based_on": Field("integer", minimum=0, maximum=10**9), "author": AUTHOR,
         "type": Field("string", max_length=64), "payload": None,
         "target": Field("integer", required=False, minimum=1, maximum=10**9)}
