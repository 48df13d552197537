"""The named card sizes a game may ask for, in millimetres (width x height)."""

from __future__ import annotations

from cardgen.gamedata.records import CardSize

CARD_SIZES: dict[str, CardSize] = {
    size.name: size
    for size in (
        CardSize("poker", 63.5, 88.9),
        CardSize("bridge", 57.2, 88.9),
        CardSize("tarot", 69.9, 120.7),
        CardSize("mini", 44.5, 63.5),
        CardSize("mini-euro", 44.0, 67.0),
        CardSize("skat", 58.9, 90.7),
        CardSize("business", 88.9, 50.8),
        CardSize("square", 63.5, 63.5),
    )
}


def card_size(value: object) -> CardSize:
    """A size from a name or a [width, height] pair in mm; ValueError says what was expected."""
    if isinstance(value, str):
        try:
            return CARD_SIZES[value]
        except KeyError:
            raise ValueError("a card size name (" + ", ".join(CARD_SIZES) + ") or [width, height] in mm") from None
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v <= 1000 for v in value)
    ):
        width, height = (float(v) for v in value)
        return CardSize(f"{width:g}x{height:g}", width, height)
    raise ValueError("a card size name (" + ", ".join(CARD_SIZES) + ") or [width, height] in mm, each above 0")
