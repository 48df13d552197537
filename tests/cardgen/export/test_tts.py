"""Tabletop Simulator export: sheet grids and limits, the saved object, card counts and ids."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image, ImageChops, ImageStat

from cardgen.export.tts import MAX_SIDE, PER_SHEET, TtsOptions, cell_size, export_tts, grid
from cardgen.export.tts_save import SheetRef, deck_object
from cardgen.gamedata import load_game
from cardgen.build.staging import Staging


def export(game, out, **options):
    with Staging(out / game.slug) as staging:
        report = export_tts(game, TtsOptions(**options), staging)
        staging.commit()
    return report, json.loads((out / game.slug / report.json).read_text(encoding="utf-8"))


def local(url):
    assert url.startswith("file:///")
    return Path(unquote(urlparse(url).path))


@pytest.mark.parametrize("slots, expected", [(2, (2, 2)), (5, (3, 2)), (11, (6, 2)), (53, (9, 6)), (70, (10, 7))])
def test_grids_stay_within_ten_by_seven(slots, expected):
    cols, rows = grid(slots)
    assert (cols, rows) == expected and cols * rows >= slots


def test_cells_keep_sheets_within_4096_px(load_bundled):
    for deck in load_bundled("unfair_chko").decks:
        for cols, rows in ((10, 7), (2, 2), (3, 2)):
            width, height = cell_size(deck, cols, rows, 300)
            assert width * cols <= MAX_SIDE and height * rows <= MAX_SIDE
            assert width <= round(deck.size.width * 300 / 25.4)
            assert abs(width / height - deck.size.width / deck.size.height) < 0.01


def test_a_one_card_deck_is_a_card_and_copies_repeat_their_id():
    one = SheetRef(3, "file:///f.png", "file:///b.png", 2, 2, (("c-1", "Solo", 1),))
    assert deck_object("s", "Deck", (63.5, 88.9), [one], 0)["Name"] == "Card"
    two = SheetRef(3, "file:///f.png", "file:///b.png", 2, 2, (("c-1", "Solo", 2), ("c-2", "Duo", 1)))
    deck = deck_object("s", "Deck", (63.5, 88.9), [two], 0)
    assert deck["Name"] == "DeckCustom" and deck["DeckIDs"] == [300, 300, 301]
    assert [card["Nickname"] for card in deck["ContainedObjects"]] == ["Solo", "Solo", "Duo"]


def test_every_bundled_game_becomes_a_saved_object(bundled_game, tmp_path):
    report, saved = export(bundled_game, tmp_path, dpi=40)  # a low DPI keeps this quick
    objects = saved["ObjectStates"]
    decks = [deck for deck in bundled_game.decks if deck.total]
    assert len(objects) == len(decks)
    for deck, item in zip(decks, objects):
        cards = item["ContainedObjects"] if item["Name"] != "Card" else [item]
        assert len(cards) == deck.total
        assert [card["Nickname"] for card in cards] == [c.name for c in deck.cards for _ in range(c.count)]
        if item["Name"] != "Card":
            assert item["Name"] in ("DeckCustom", "Deck") and item["DeckIDs"] == [c["CardID"] for c in cards]
        sheets = item["CustomDeck"]
        for card in cards:
            sheet, index = divmod(card["CardID"], 100)
            entry = sheets[str(sheet)]
            assert index < min(PER_SHEET, entry["NumWidth"] * entry["NumHeight"] - 1)
            assert card["CustomDeck"] == {str(sheet): entry}
        for entry in sheets.values():
            assert entry["NumWidth"] <= 10 and entry["NumHeight"] <= 7
            assert entry["BackIsHidden"] is True and entry["UniqueBack"] is False
            face, back = local(entry["FaceURL"]), local(entry["BackURL"])
            assert face.is_file() and back.is_file()
            with Image.open(face) as image:
                assert image.width % entry["NumWidth"] == 0 and image.height % entry["NumHeight"] == 0
    assert report.drawn == len(report.files) == len(report.sheets)


def test_full_size_sheets_hold_the_back_in_their_last_slot(load_bundled, tmp_path):
    game = load_bundled("unfair_chko")
    report, saved = export(game, tmp_path)
    park = next(item for item in saved["ObjectStates"] if item["Nickname"] == "Park cards")
    assert len(park["CustomDeck"]) == 2  # 92 distinct cards: 69 on the first sheet, 23 on the second
    for entry in park["CustomDeck"].values():
        with Image.open(local(entry["FaceURL"])) as sheet, Image.open(local(entry["BackURL"])) as back:
            assert sheet.width <= MAX_SIDE and sheet.height <= MAX_SIDE
            cell_w, cell_h = sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"]
            assert back.size == (cell_w, cell_h)
            last = sheet.crop((sheet.width - cell_w, sheet.height - cell_h, sheet.width, sheet.height))
            assert max(ImageStat.Stat(ImageChops.difference(last.convert("RGB"), back.convert("RGB"))).mean) < 1
    again, _ = export(load_game(game.root), tmp_path)
    assert (again.drawn, again.reused) == (0, len(report.sheets))
