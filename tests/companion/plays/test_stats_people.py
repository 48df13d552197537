"""Who is who across plays: linked players, names compared case-insensitively and trimmed, bots by name."""

from __future__ import annotations

import random

from companion.plays.stats_people import bot_name, names_of, people, person_of, player_key
from tests.companion.plays.stats_fixtures import ANN, BOB, CY, QUINN, evenings, play, seat


def test_each_person_once_with_their_most_recent_spelling():
    found = people(evenings())
    # Ann: linked in all eight plays, spelled "Annie" last (p8); Bob: "Bob", " bob ", "BOB" in p1 p2 p5 p6 p7 p8;
    # Cy: p1 p2; Quinn: level 2 in p3 and level 3 in p4, one bot
    assert [(p.key, p.name, p.bot, p.plays) for p in found] == [
        (ANN, "Annie", False, 8), (BOB, "Bob", False, 6), (CY, "Cy", False, 2), (QUINN, "Quinn", True, 2)]


def test_the_order_of_the_plays_does_not_matter():
    plays = evenings()
    random.Random(7).shuffle(plays)
    assert people(plays) == people(evenings())


def test_a_linked_seat_is_never_merged_with_an_unlinked_one_of_the_same_name():
    plays = [play("a", "emigration", "2026-02-01", seat("Ann", player="p-ann"), seat(" ANN "))]
    assert names_of(plays) == {"name:ann": "ANN", ANN: "Ann"}


def test_keys():
    assert person_of(seat("  Bob  Smith ")) == person_of(seat("bob smith"))
    assert person_of(seat("Quinn (Level 12)", level=12)) == QUINN
    assert person_of(seat("Quinn", level=1)) != person_of(seat("Quinn"))  # a bot is not a person named like it
    assert bot_name("Quinn (level 3)") == "Quinn" and bot_name("Automa") == "Automa"
    assert player_key("p-ann") == ANN
