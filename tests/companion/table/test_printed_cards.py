"""The JSON API takes a card by its id or by its name as printed (where one card only bears it), as its document
says, in every game whose events name cards; a name printed on several cards is refused with a sentence."""

from __future__ import annotations

import pytest

from cardgen.gamedata import card_data_dir, load_game
from companion.rules.fields import EventSpec, Field
from companion.table.errors import Invalid
from companion.table.printed_cards import by_printed_name

CARD = Field("string", card=True)
SPEC = EventSpec("A card and a list of cards.", {"card": CARD, "cards": Field("array", items=CARD), "text": Field("string")})


def test_a_printed_name_becomes_the_cards_id_and_anything_else_is_left_to_the_rules():
    game = load_game(card_data_dir() / "unyielding_universe")
    year = game.decks[0].cards[0]
    payload = by_printed_name(SPEC, {"card": year.name.upper(), "cards": [year.id, year.name], "text": year.name}, game)
    assert payload == {"card": year.id, "cards": [year.id, year.id], "text": year.name}  # a note is never a card
    assert by_printed_name(SPEC, {"card": "No Such Card"}, game) == {"card": "No Such Card"}


def test_a_name_printed_on_several_cards_is_refused_naming_the_field(make_game):
    from tests.conftest import MINIMAL_TOML

    game = load_game(make_game(MINIMAL_TOML, heroes_csv="id,name,power,side,count\nh-1,Ada,3,light,1\nh-2,Ada,5,dark,1\n"))
    with pytest.raises(Invalid, match="'Ada' is printed on 2 cards") as refused:
        by_printed_name(SPEC, {"card": "Ada"}, game)
    assert refused.value.field == "payload.card"


@pytest.mark.parametrize(("slug", "players", "kind", "payload"), [
    ("unyielding_universe", ["Ann", "Bo"], "deal",
     {"player": 0, "cards": ["Lost at the Fair", "That Party", "Rumours", "Road Not Taken", "Burnout"]}),
    ("unsettled_immigration", ["Ann", "Bo"], "place_starting_milestone", {"player": 0, "card": "ESL Classes"}),
])
def test_the_api_takes_cards_by_their_printed_names(client, new_game, slug, players, kind, payload):
    game_id, headers, _ = new_game(slug, players)
    response = client.post(f"/api/games/{game_id}/events", headers=headers,
                           json={"based_on": 0, "type": kind, "payload": payload})
    assert response.status_code == 201, response.json
    stored = client.get(f"/api/games/{game_id}/events").json[0]["payload"]
    names = payload.get("cards") or [payload["card"]]
    ids = stored.get("cards") or [stored["card"]]
    assert len(ids) == len(names) and all("-" in cid and " " not in cid for cid in ids)  # stored as ids
