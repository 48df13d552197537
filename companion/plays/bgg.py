"""Plays as BoardGameGeek play logs, in the shape of the XML API2 `plays` answer.

The shape is read from answers of BGG's XML API2 `plays` request as recorded in public code: the test data of the
arnak crate (https://docs.rs/crate/arnak/0.7.0/source/test_data/plays/user_plays.xml) and a reader of
https://boardgamegeek.com/xmlapi2/plays (gist.github.com/jbodah/731a4079dcac3c0b5cd08e5b9a68f9a2):
<plays username userid total page><play id date quantity length incomplete nowinstats location><item name objecttype
objectid><subtypes><subtype value/></subtypes></item><comments/><players><player username userid name startposition
color score new rating win/></players></play></plays>. These are the fields BGG's "log play" form keeps (the form's
own page was not found in the sources searched). A bot seat is written by name, its level in words ("Quinn (bot,
level 2)"): BGG has no mark for an automated opponent. A co-op result is a line of the comments.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

from companion.plays.formats_common import bot_name, comment_lines, number_text
from companion.plays.records import Play


def _flag(value: bool) -> str:
    return "1" if value else "0"


def export(plays: Sequence[Play], bgg_ids: Mapping[str, int], titles: Mapping[str, str]) -> str:
    """The plays as BGG play logs (XML text; the same plays give the same bytes), oldest first."""
    ordered = sorted(plays, key=lambda p: (p.started_at or p.played_on, p.id))
    root = ET.Element("plays", {"username": "", "userid": "0", "total": str(len(ordered)), "page": "1"})
    for n, p in enumerate(ordered, 1):
        node = ET.SubElement(root, "play", {
            "id": str(n), "date": p.played_on, "quantity": "1", "length": str(p.minutes or 0),
            "incomplete": _flag(p.stopped_early), "nowinstats": "0", "location": p.location.strip()})
        item = ET.SubElement(node, "item", {"name": titles.get(p.slug) or p.title, "objecttype": "thing",
                                            "objectid": str(int(bgg_ids.get(p.slug, 0)))})
        ET.SubElement(ET.SubElement(item, "subtypes"), "subtype", {"value": "boardgame"})
        lines = comment_lines(p)
        if p.cooperative and p.outcome:
            lines.append("The crew " + ("won." if p.outcome == "won" else "lost."))
        ET.SubElement(node, "comments").text = "\n".join(lines)
        seats = ET.SubElement(node, "players")
        for position, seat in enumerate(p.seats, 1):
            ET.SubElement(seats, "player", {
                "username": "", "userid": "0", "name": bot_name(seat).strip(), "startposition": str(position),
                "color": seat.colour, "score": number_text(seat.score), "new": _flag(seat.new), "rating": "0",
                "win": _flag(seat.winner)})
    ET.indent(root, space=" ")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
