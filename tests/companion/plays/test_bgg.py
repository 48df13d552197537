"""BGG play logs: the XML API2 `plays` answer's shape, every documented attribute, and the same bytes each time."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from companion.plays import bgg
from tests.companion.plays.formats_fixtures import BGG_IDS, TITLES, kinds

# The answer's shape as recorded from https://boardgamegeek.com/xmlapi2/plays in the arnak crate's test data
# (https://docs.rs/crate/arnak/0.7.0/source/test_data/plays/user_plays.xml).
PLAY_ATTRIBUTES = ["id", "date", "quantity", "length", "incomplete", "nowinstats", "location"]
ITEM_ATTRIBUTES = ["name", "objecttype", "objectid"]
PLAYER_ATTRIBUTES = ["username", "userid", "name", "startposition", "color", "score", "new", "rating", "win"]


def root() -> ET.Element:
    return ET.fromstring(bgg.export(kinds(), BGG_IDS, TITLES))


def test_the_answer_has_the_documented_shape() -> None:
    plays = root()
    assert plays.tag == "plays" and plays.get("total") == "5"
    assert [p.tag for p in plays] == ["play"] * 5
    for play in plays:
        assert list(play.attrib) == PLAY_ATTRIBUTES
        assert [child.tag for child in play] == ["item", "comments", "players"]
        item = play.find("item")
        assert item is not None and list(item.attrib) == ITEM_ATTRIBUTES
        assert item.get("objecttype") == "thing" and play.get("quantity") == "1" and play.get("nowinstats") == "0"
        assert [s.get("value") for s in item.iter("subtype")] == ["boardgame"]
        for player in play.iter("player"):
            assert list(player.attrib) == PLAYER_ATTRIBUTES
            assert player.get("username") == "" and player.get("rating") == "0"


def test_each_play_keeps_its_date_length_game_and_seats() -> None:
    tie, won, lost, solo, stopped = root()
    assert (tie.get("date"), tie.get("length"), tie.get("location")) == ("2026-01-01", "55", "Ann's kitchen")
    assert tie.find("item").attrib == {"name": "Emigration", "objecttype": "thing", "objectid": "1001"}
    seats = [(p.get("name"), p.get("startposition"), p.get("color"), p.get("score"), p.get("new"), p.get("win"))
             for p in tie.iter("player")]
    assert seats == [("Ann", "1", "red", "45", "1", "1"), ("Bob", "2", "blue", "45", "0", "1"),
                     ("Cy", "3", "green", "20.5", "0", "0")]
    assert tie.findtext("comments") == "Close one"
    assert won.findtext("comments") == "Played with: Harsh winter, Night shift.\nThe crew won."
    assert [p.get("win") for p in won.iter("player")] == ["1", "1"]
    assert lost.findtext("comments") == "The crew lost." and [p.get("win") for p in lost.iter("player")] == ["0", "0"]
    assert solo.find("item").get("objectid") == "0"     # no BGG id known for the game
    assert [p.get("name") for p in solo.iter("player")] == ["Ann", "Quinn (bot, level 3)"]
    assert solo.findtext("comments") == "Playtest."
    assert stopped.get("incomplete") == "1" and tie.get("incomplete") == "0"
    assert stopped.get("length") == "0" and stopped.findtext("comments") == "Stopped early."


def test_export_is_the_same_bytes_whatever_the_order() -> None:
    plays = kinds()
    shuffled = plays[:]
    random.Random(7).shuffle(shuffled)
    text = bgg.export(plays, BGG_IDS, TITLES)
    assert text == bgg.export(shuffled, BGG_IDS, TITLES)
    assert text.startswith('<?xml version="1.0" encoding="utf-8"?>\n<plays ')
