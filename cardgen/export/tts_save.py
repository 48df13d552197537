"""Builds a Tabletop Simulator saved object (JSON) holding one deck object per deck of the game.

Format, as Tabletop Simulator writes it: `ObjectStates` lists objects; a deck is `DeckCustom` (one
sheet) or `Deck` (several) with `CustomDeck` {sheet id: {FaceURL, BackURL, NumWidth, NumHeight,
BackIsHidden, UniqueBack, Type}}, `DeckIDs` (every physical card's CardID, copies repeated) and
`ContainedObjects` (a `Card` per physical card: Nickname, CardID = sheet id x 100 + index on the
sheet, and its sheet's CustomDeck entry). A deck of one card is saved as that `Card`, since
Tabletop Simulator has no one-card decks. Nothing varies between runs (GUIDs are derived from
names), so the same input gives the same file.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

POKER = (63.5, 88.9)
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}


@dataclass(frozen=True)
class SheetRef:
    """One written sheet: its id in CustomDeck, its URLs and grid, and the cards on it in order."""

    number: int
    face_url: str
    back_url: str
    cols: int
    rows: int
    cards: tuple[tuple[str, str, int], ...]  # (card id, name, copies) at sheet index 0, 1, ...
    unique_back: bool = False  # back_url is a sheet with each card's own back in its slot


def custom_deck(sheet: SheetRef) -> dict:
    return {"FaceURL": sheet.face_url, "BackURL": sheet.back_url, "NumWidth": sheet.cols, "NumHeight": sheet.rows,
            "BackIsHidden": True, "UniqueBack": sheet.unique_back, "Type": 0}


def saved_object(title: str, decks: list[tuple[str, str, tuple[float, float], list[SheetRef]]]) -> dict:
    """The saved object for decks given as (deck id, title, card size in mm, its sheets)."""
    objects = []
    for position, (deck_id, deck_title, size, sheets) in enumerate(decks):
        item = deck_object(f"{title}/{deck_id}", deck_title, size, sheets, position)
        if item is not None:
            objects.append(item)
    return {"SaveName": title, "GameMode": "", "Date": "", "VersionNumber": "", "Gravity": 0.5, "PlayArea": 0.5,
            "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "TabStates": {}, "ObjectStates": objects}


def deck_object(seed: str, title: str, size: tuple[float, float], sheets: list[SheetRef], position: int) -> dict | None:
    """A deck's object; its single Card when it has one card; None when it has none."""
    sideways = size[0] > size[1]
    transform = _transform(size, position)
    cards = []
    for sheet in sheets:
        entry = {str(sheet.number): custom_deck(sheet)}
        for index, (card_id, name, copies) in enumerate(sheet.cards):
            for copy in range(copies):
                cards.append({"GUID": _guid(f"{seed}/{card_id}/{copy}"), "Name": "Card", "Transform": transform,
                              "Nickname": name, "Description": "", "GMNotes": card_id,
                              "CardID": sheet.number * 100 + index, "SidewaysCard": sideways, "Hands": True,
                              "HideWhenFaceDown": True, "ColorDiffuse": GREY, "CustomDeck": entry})
    if not cards:
        return None
    if len(cards) == 1:
        return cards[0]
    return {"GUID": _guid(seed), "Name": "DeckCustom" if len(sheets) == 1 else "Deck", "Transform": transform,
            "Nickname": title, "Description": "", "GMNotes": "", "ColorDiffuse": GREY,
            "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
            "SidewaysCard": sideways, "HideWhenFaceDown": True, "Hands": False,
            "DeckIDs": [card["CardID"] for card in cards],
            "CustomDeck": {str(sheet.number): custom_deck(sheet) for sheet in sheets},
            "ContainedObjects": cards}


def _transform(size: tuple[float, float], position: int) -> dict:
    """Face down, decks side by side, scaled from Tabletop Simulator's poker-sized card by area."""
    scale = round(((size[0] * size[1]) / (POKER[0] * POKER[1])) ** 0.5, 4)
    return {"posX": position * 4.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0, "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def _guid(seed: str) -> str:
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()[:6]
