"""BG Stats files: the export's fields, the round trip, the public-shaped fixture, and located errors."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from companion.plays import bgstats
from companion.plays.formats_common import ImportFormatError
from companion.plays.records import Play
from tests.companion.plays.formats_fixtures import BGG_IDS, KNOWN, TITLES, kinds

FIXTURE = Path(__file__).parents[2] / "fixtures" / "plays" / "bgstats_export.json"

# The documented fields, read in DictumMortuum/servus-extapi (Go handler of BG Stats uploads), a BoardGameArena to
# BG Stats script and BGStats.Bot.Models.PlayerScore (C#); see companion/plays/bgstats.py and
# tests/fixtures/plays/README.md, and a public Markdown description of the whole export (metaData.isNpc, entryDate,
# board, expansionPlays, tags, groups, challenges, deletedObjects). "comments" is the one field not seen in those sources (see the module docstring).
DOCUMENTED = {
    "top": {"games", "players", "locations", "plays", "userInfo", "tags", "groups", "challenges", "deletedObjects"},
    "games": {"id", "uuid", "name", "modificationDate", "cooperative", "highestWins", "noPoints", "usesTeams",
              "bggId", "bggYear"},
    "players": {"id", "uuid", "name", "isAnonymous", "modificationDate", "bggUsername", "metaData", "tags"},
    "locations": {"id", "uuid", "name", "modificationDate"},
    "plays": {"uuid", "modificationDate", "playDate", "usesTeams", "ignored", "manualWinner", "rounds",
              "locationRefId", "gameRefId", "playerScores", "durationMin", "rating", "scoringSetting", "playImages",
              "entryDate", "board", "metaData", "expansionPlays", "comments"},
    "playerScores": {"score", "winner", "newPlayer", "startPlayer", "playerRefId", "rank", "seatOrder", "role",
                     "teamRole", "team"},
}


def exported() -> dict:
    return json.loads(bgstats.export(kinds(), TITLES, BGG_IDS))


def test_every_exported_field_is_a_documented_one() -> None:
    doc = exported()
    assert set(doc) <= DOCUMENTED["top"]
    for part in ("games", "players", "locations", "plays"):
        assert doc[part], part
        for item in doc[part]:
            assert set(item) <= DOCUMENTED[part], (part, set(item) - DOCUMENTED[part])
    for play in doc["plays"]:
        for score in play["playerScores"]:
            assert set(score) <= DOCUMENTED["playerScores"]
            assert isinstance(score["score"], str)   # BG Stats keeps a score as text


def test_export_is_deterministic_whatever_the_order_of_the_plays() -> None:
    plays = kinds()
    shuffled = plays[:]
    random.Random(4).shuffle(shuffled)
    assert bgstats.export(plays, TITLES, BGG_IDS) == bgstats.export(shuffled, TITLES, BGG_IDS)


def test_games_players_and_locations_are_listed_once_with_stable_refs() -> None:
    doc = exported()
    games = {g["name"]: g for g in doc["games"]}
    assert games["Emigration"]["bggId"] == 1001 and games["Unfair: CHKO Expansion"]["bggId"] == 0
    assert games["Unsettled: Survival"]["cooperative"] is True and games["Emigration"]["cooperative"] is False
    assert sorted(p["name"] for p in doc["players"]) == ["@Dee", "Ann", "Bob", "Cy", "Eve", "Quinn"]
    assert [loc["name"] for loc in doc["locations"]] == ["=HYPERLINK(\"x\")", "Ann's kitchen"]
    assert [g["id"] for g in doc["games"]] == [1, 2, 3, 4]


def test_each_kind_of_play_is_written_as_bg_stats_records_it() -> None:
    doc = exported()
    names = {p["id"]: p["name"] for p in doc["players"]}
    plays = doc["plays"]
    tie = [(names[s["playerRefId"]], s["score"], s["rank"], s["winner"]) for s in plays[0]["playerScores"]]
    assert tie == [("Ann", "45", 1, True), ("Bob", "45", 1, True), ("Cy", "20.5", 3, False)]
    assert plays[0]["playDate"] == "2026-01-01 20:00:00" and plays[0]["durationMin"] == 55
    assert plays[0]["rounds"] == 9 and plays[0]["playerScores"][0]["newPlayer"] is True
    assert [s["seatOrder"] for s in plays[0]["playerScores"]] == [1, 2, 3]
    assert all(s["winner"] for s in plays[1]["playerScores"])          # co-op won: the whole crew
    assert not any(s["winner"] for s in plays[2]["playerScores"])      # co-op lost: nobody
    assert {s["rank"] for s in plays[1]["playerScores"]} == {0}
    bot = plays[3]["playerScores"][1]
    assert names[bot["playerRefId"]] == "Quinn" and bot["role"] == "bot, level 3" and bot["winner"] is True
    assert plays[4]["comments"] == "Stopped early." and plays[3]["comments"] == "Playtest."
    assert plays[1]["comments"] == "Played with: Harsh winter, Night shift."


def test_a_bot_is_a_non_player_character_and_comes_back_as_a_bot() -> None:
    doc = exported()
    npc = {p["name"]: p["metaData"]["isNpc"] for p in doc["players"]}
    assert npc["Quinn"] == 1 and npc["Ann"] == 0
    text = json.dumps({"games": [{"id": 1, "name": "Unfair: CHKO Expansion"}],
                       "players": [{"id": 1, "name": "Automa", "metaData": {"isNpc": 1}}, {"id": 2, "name": "Liv"}],
                       "plays": [{"gameRefId": 1, "playDate": "2025-01-01 10:00:00", "playerScores": [
                           {"playerRefId": 2, "score": 3, "winner": True}, {"playerRefId": 1, "score": "1"}]}]})
    got = bgstats.parse(text, "x.json", KNOWN)
    liv, automa = got.plays[0].seats
    assert (automa.bot, automa.level, automa.player, automa.score) == (True, None, None, 1.0)
    assert (liv.bot, liv.score, liv.winner) == (False, 3.0, True) and [p.name for p in got.players] == ["Liv"]


def _without_ids(play: Play, names: dict[str, str]) -> Play:
    seats = tuple(dataclasses.replace(s, player=names.get(s.player or ""), colour="") for s in play.seats)
    return dataclasses.replace(play, id="", seats=seats, source="", game_id=None, group=None)


def test_export_then_parse_gives_the_same_plays() -> None:
    plays = kinds()
    back = bgstats.parse(bgstats.export(plays, TITLES, BGG_IDS), "round.json", KNOWN)
    assert back.skipped == ()
    assert sorted(p.name for p in back.players) == ["@Dee", "Ann", "Bob", "Cy", "Eve"]   # the bot is no player
    theirs = {p.id: p.name for p in back.players}
    ours = {"pl-ann": "Ann"}
    expected = [_without_ids(p, ours) for p in plays]
    # an unlinked seat comes back linked to the player BG Stats keeps for that name: drop that link to compare
    got = [_without_ids(p, theirs) for p in back.plays]
    got = [dataclasses.replace(p, seats=tuple(dataclasses.replace(s, player=s.player if s.name == "Ann" else None)
                                              for s in p.seats)) for p in got]
    assert got == expected
    assert all(p.source == "bgstats" for p in back.plays)


def test_the_fixture_export_imports_its_plays_of_our_games() -> None:
    got = bgstats.parse(FIXTURE.read_text(encoding="utf-8"), "bgstats_export.json", KNOWN, group="g1")
    assert got.skipped == ("2 plays of Azul: not a game of this companion",)
    assert [p.slug for p in got.plays] == ["emigration", "unsettled_survival"]
    emigration, survival = got.plays
    assert emigration.played_on == "2025-02-15" and emigration.started_at == "2025-02-15T19:45:00"
    assert emigration.minutes == 75 and emigration.rounds == 8 and emigration.location == "Club night"
    assert [(s.name, s.score, s.place, s.winner, s.new) for s in emigration.seats] == [
        ("Mara", 52.0, 1, True, False), ("Ines", 48.0, 2, False, True), ("Jonas", 31.0, 3, False, False)]
    assert survival.cooperative and survival.outcome == "lost" and survival.location == ""
    assert [s.place for s in survival.seats] == [None, None] and survival.minutes == 50
    assert sorted(p.name for p in got.players) == ["Ines", "Jonas", "Mara"]
    assert {p.group for p in got.players} == {"g1"}
    linked = {p.id for p in got.players}
    assert all(s.player in linked for p in got.plays for s in p.seats)


def test_a_name_two_games_share_is_skipped_not_guessed() -> None:
    known = {"a": ("Unsettled", None), "b": ("Unsettled", None)}
    text = json.dumps({"games": [{"id": 1, "name": "unsettled"}], "players": [],
                       "plays": [{"gameRefId": 1, "playDate": "2025-01-01 10:00:00", "playerScores": []}]})
    got = bgstats.parse(text, "x.json", known)
    assert got.plays == () and got.skipped == (
        "1 play of unsettled: more than one game of this companion has that name",)


def _broken(change) -> str:
    doc = json.loads(FIXTURE.read_text(encoding="utf-8"))
    change(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["plays"][2]["playerScores"][0].update(score="lots"),
     'plays[2].playerScores[0].score should be a number, found "lots"'),
    (lambda d: d["plays"][3].update(playDate="22/02/2025"),
     'plays[3].playDate should be a date and time like 2026-01-31 20:15:00, found "22/02/2025"'),
    (lambda d: d["plays"][2]["playerScores"][1].update(playerRefId=9),
     "plays[2].playerScores[1].playerRefId names no player of the file, found 9"),
    (lambda d: d["plays"][0].update(gameRefId="1"), 'plays[0].gameRefId should be a whole number, found "1"'),
    (lambda d: d["games"][1].update(bggId=True), "games[1].bggId should be a whole number, found true"),
    (lambda d: d.pop("plays"), "plays is missing: not a BG Stats export"),
    (lambda d: d["players"][0].pop("name"), "players[0].name is missing"),
    (lambda d: d["players"][1].update(metaData=[]), "players[1].metaData should be an object, found []"),
])
def test_a_bad_export_is_refused_with_the_place_and_the_value(change, message) -> None:
    with pytest.raises(ImportFormatError) as caught:
        bgstats.parse(_broken(change), "mine.json", KNOWN)
    assert str(caught.value) == "mine.json: " + message


def test_a_json_syntax_error_gives_its_line_and_column() -> None:
    text = '{\n  "games": [],\n  "plays": [,]\n}'
    with pytest.raises(ImportFormatError, match=r"^mine\.json, line 3, column 13: not valid JSON \(Expecting value\)$"):
        bgstats.parse(text, "mine.json", KNOWN)
    with pytest.raises(ImportFormatError, match="not a BG Stats export"):
        bgstats.parse("[1, 2]", "mine.json", KNOWN)
