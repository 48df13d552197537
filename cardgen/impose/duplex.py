"""Where a card's back goes on the back page so it lands behind its front after the flip."""

from __future__ import annotations

from dataclasses import replace

from cardgen.impose.sheet import Slot
from cardgen.impose.papers import Paper

DUPLEX = ("long", "short", "none")


def back_slot(slot: Slot, paper: Paper, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> Slot:
    """The slot on the back page behind `slot`.

    A sheet flipped on its long edge turns around the axis parallel to that edge: on a portrait
    page x mirrors (the columns come out in reverse order), on a landscape page y mirrors. A
    short-edge flip is the other way round. The bleed sides mirror with the card. `offset` (mm,
    x right and y down as seen on the back page) compensates a printer that shifts the back side.
    """
    dx, dy = offset
    if duplex not in DUPLEX:
        raise ValueError(f"unknown duplex {duplex!r}: use long, short or none")
    portrait = paper.width <= paper.height
    if duplex != "none":
        duplex = "mirror_x" if (duplex == "long") == portrait else "mirror_y"
    if duplex == "mirror_x":
        return replace(slot, x=paper.width - slot.x - slot.width + dx, y=slot.y + dy,
                       bleed_left=slot.bleed_right, bleed_right=slot.bleed_left)
    if duplex == "mirror_y":
        return replace(slot, x=slot.x + dx, y=paper.height - slot.y - slot.height + dy,
                       bleed_top=slot.bleed_bottom, bleed_bottom=slot.bleed_top)
    return replace(slot, x=slot.x + dx, y=slot.y + dy)
