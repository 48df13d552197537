"""The bundled games' data: every component count matches its rulebook, and the data is whole."""

from __future__ import annotations

from collections import Counter

import pytest

from cardgen.gamedata import Game


def total(game: Game, deck: str, **where) -> int:
    """Copies in `deck` whose columns equal every `where` value."""
    return sum(c.count for c in game.deck(deck).cards if all(c.get(k) == v for k, v in where.items()))


def names(game: Game, deck: str) -> set[str]:
    return {card.name for card in game.deck(deck).cards}


def tokens(game: Game) -> dict[str, int]:
    return {token.id: token.count for token in game.tokens}


def test_every_bundled_game_has_decks_cards_and_constants(bundled_game):
    assert bundled_game.decks and all(deck.total > 0 for deck in bundled_game.decks)
    assert bundled_game.constants, "rule constants belong in game.toml"
    assert bundled_game.title and bundled_game.players[0] >= 1


def test_every_card_text_uses_declared_icons(bundled_game):
    from cardgen.gamedata.loader import ICON

    declared = set(bundled_game.icons)
    for card in bundled_game.cards():
        for column, value in card.fields.items():
            if isinstance(value, str):
                for icon in ICON.findall(value):
                    assert icon in declared, f"{card.file.name}:{card.line} {column}: icon :{icon}: not in [icons]"


def test_unyielding_universe_components(load_bundled):
    game = load_bundled("unyielding_universe")
    assert {d.id: d.total for d in game.decks} == {
        "year": 108, "universe": 7, "life_begins": 4, "life_well_lived": 1, "life_complete": 8}
    years = game.deck("year").cards
    assert {c["colour"] for c in years} == {"green", "purple", "blue"}
    assert len({c["feeling"] for c in years}) == 10
    assert len({c["character"] for c in years}) == 6
    assert {"Vengeful Universe", "Annoying Universe"} <= names(game, "universe")
    ages = [c["age"] for c in game.deck("life_complete").cards]
    assert 44 in ages and any(a > 50 for a in ages) and any(a < 50 for a in ages)


PACK_CONTENTS = {"showcase": 2, "blueprint": 5, "event": 13, "park": 27}


@pytest.mark.parametrize("pack", ["comicbook", "hacker", "kaiju", "ocean"])
def test_unfair_chko_theme_pack_contents(load_bundled, pack):
    game = load_bundled("unfair_chko")
    for deck, count in PACK_CONTENTS.items():
        assert total(game, deck, pack=pack) == count, (pack, deck)
    for kind in ("theme_overview", "gate", "loan", "summary"):
        assert total(game, "pack_card", pack=pack, kind=kind) == 1, (pack, kind)
    assert total(game, "city", pack=pack, city_type="funfair") == 3
    assert total(game, "city", pack=pack, city_type="unfair") == (0 if pack == "kaiju" else 3)
    assert total(game, "city", pack=pack, city_type="kaiju") == (6 if pack == "kaiju" else 0)
    assert total(game, "mastermind", pack=pack) == (6 if pack == "comicbook" else 0)


def test_unfair_chko_kaiju_game_changers_and_tokens(load_bundled):
    game = load_bundled("unfair_chko")
    kaiju = {c.name: c for c in game.deck("city").cards if c["city_type"] == "kaiju"}
    assert set(kaiju) == {"Obsidirax", "Brutazar", "Rarrgon", "Gamigora", "Negantis", "Teravore"}
    assert all(1 <= c["health"] <= 6 for c in kaiju.values())
    assert names(game, "game_changer") == {"Tournament", "Leisure Suits", "Solo Mode", "Hard Pass"}
    assert game.deck("hard_pass").total == 5
    counts = tokens(game)
    assert counts["silver_medal"] == 19 and counts["gold_medal"] == 5
    assert sum(n for t, n in counts.items() if "kaiju" in t and "health" in t) == 4
    assert sum(n for t, n in counts.items() if "randomiser" in t) >= 4
    # PANORAMA SCORING (seeds/unfair_chko.txt): cards assembled -> points for a partial and a complete
    # panorama: 2: 5/10, 3: 10/20, 4: 25/40, 5: 35/60, 6: 45/n/a (no complete panorama of 6 cards).
    panorama = game.constants["panorama"]
    assert dict(panorama["partial"]) == {"2": 5, "3": 10, "4": 25, "5": 35, "6": 45}
    assert dict(panorama["complete"]) == {"2": 10, "3": 20, "4": 40, "5": 60}


EMIGRATION_DECKS = {"destination": 9, "nationality": 9, "career": 9, "connection": 21, "document": 21,
                    "life": 28, "payday": 28, "passport": 6, "ticket": 6, "lane": 5}


def test_emigration_components(load_bundled):
    game = load_bundled("emigration")
    assert {d.id: d.total for d in game.decks} == EMIGRATION_DECKS
    packs = Counter()
    for card in game.deck("life").cards:
        packs[card["pack"]] += card.count
    assert len(packs) == 7 and set(packs.values()) == {4}
    assert {"Augustine", "Socrates"} <= set(packs)
    by_value = Counter()
    for token in game.tokens:
        by_value[(token.id.split("_")[0], token.value)] += token.count
    assert sum(n for (kind, _), n in by_value.items() if kind == "border") == 15
    assert by_value[("money", 1)] == 31 and by_value[("money", 3)] == 10
    assert by_value[("assurance", 1)] == 10 and by_value[("assurance", 3)] == 15
    assert all(t.hidden for t in game.tokens if t.id.startswith("border"))
    assert sorted(c["lane"] for c in game.deck("lane").cards) == [1, 2, 3, 4, 5]
    nationalities = {c["country"] for c in game.deck("nationality").cards}
    destinations = {c["country"] for c in game.deck("destination").cards}
    assert len(nationalities) == 9 and nationalities == destinations


def test_unsettled_immigration_components(load_bundled):
    game = load_bundled("unsettled_immigration")
    resources = {c["resource"]: c["value"] for c in game.deck("resource").cards}
    assert resources == {"time": 1, "cash": 2, "influence": 4, "document": 8}
    ops = game.deck("op")
    assert {c["kind"] for c in ops.cards} == {"milestone", "attack", "defense", "action"}
    op_names = names(game, "op")
    for name in ("Marriage", "Family", "Visa", "Green Card", "Job", "Naturalize", "Application Denied",
                 "Family Separation", "Deport", "Lawyer", "Bureaucratic Blitz", "Amnesty", "NSA",
                 "Processing Delay", "Government Shutdown", "Natural Disaster", "Recession", "Pandemic"):
        assert name in op_names, name
    assert sum(c.count for c in ops.cards if c.name == "Bureaucratic Blitz") == 1
    naturalize = next(c for c in ops.cards if c.name == "Naturalize")
    assert (naturalize["cost_document"], naturalize["cost_influence"], naturalize["cost_cash"]) == (3, 3, 3)
    only_one = {c.name for c in ops.cards if c.get("only_one")}
    assert {"Marriage", "Family", "Visa", "Green Card"} <= only_one
    assert isinstance(game.constants["vp_to_win"], int) and game.constants["vp_to_win"] > 0


def test_unsettled_survival_components(load_bundled):
    game = load_bundled("unsettled_survival")
    task = sorted(c["page"] for c in game.deck("survival_task").cards)
    assert task == [1, 2, 3, 4]
    assert game.deck("distress").total == 12
    counts = tokens(game)
    for token, count in {"comprehension": 12, "discovery": 12, "investigated": 12, "timeline_trigger": 6,
                         "data": 24, "materials": 24, "power": 6}.items():
        assert sum(n for t, n in counts.items() if t.startswith(token)) == count, token
    assert {c["discipline"] for c in game.deck("breakthrough").cards} == {"robotics", "chemistry", "engineering"}
    assert game.deck("environment").size.name == "square"
