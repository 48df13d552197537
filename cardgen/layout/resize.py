"""A layout designed for one card size printed at another (`--card-size`): each box scaled to the new card."""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.gamedata import CardSize

CLOSE = 0.02  # within 2% in width and height the card is the same one: its layout is scaled, without a warning


@dataclass(frozen=True)
class Resize:
    """How the boxes of a layout drawn for `design` cards land on `printed` cards.

    Inside the trim a coordinate is scaled by the card's change in width (x) or height (y), so boxes keep
    their place in proportion; beyond the trim (the bleed) it keeps its distance from the trim, so a
    background drawn to the bleed's edge still reaches it. A box that is a circle or square icon in the
    design stays one (scaled by the smaller factor, centred in its scaled box). Font sizes stay as designed;
    the smallest size text may shrink to is scaled down with the card, and the text is fitted again.
    """

    design: CardSize
    printed: CardSize

    @property
    def sx(self) -> float:
        return self.printed.width / self.design.width

    @property
    def sy(self) -> float:
        return self.printed.height / self.design.height

    @property
    def shrink(self) -> float:
        """The factor a text box's minimum font size is scaled by: the smaller of the two, at most 1."""
        return min(self.sx, self.sy, 1.0)

    @property
    def close(self) -> bool:
        """Whether the printed size is within CLOSE of the design's in both directions (63 x 88 for poker)."""
        return abs(self.sx - 1) <= CLOSE and abs(self.sy - 1) <= CLOSE

    def rect(self, kind: str, rect: tuple[float, ...]) -> tuple[float, ...]:
        """A box's rectangle (x, y, w, h mm, on the design's card) on the printed card."""
        x, y, w, h = rect
        left, right = self._x(x), self._x(x + w)
        top, bottom = self._y(y), self._y(y + h)
        placed = (left, top, right - left, bottom - top)
        if kind in ("icon", "ellipse") and w > 0 and abs(w - h) <= 1e-6 * max(w, 1.0):  # a circle stays round
            side = min(abs(placed[2]), abs(placed[3]))
            return (left + (placed[2] - side) / 2, top + (placed[3] - side) / 2, side, side)
        return placed

    def _x(self, x: float) -> float:
        return _scaled(x, self.design.width, self.printed.width)

    def _y(self, y: float) -> float:
        return _scaled(y, self.design.height, self.printed.height)

    def refusal(self, deck_id: str, game_toml: str) -> str | None:
        """Why the deck cannot be printed at this size (a portrait layout on a landscape card or the other way
        round: scaling would squash every box), None when it can."""
        d, p = self.design, self.printed
        if (d.width - d.height) * (p.width - p.height) >= 0:
            return None
        turn = "portrait" if d.width < d.height else "landscape"
        return (f"deck {deck_id!r}: its layouts are {turn} ({d.name}, {d.width:g} x {d.height:g} mm) and --card-size "
                f"asks for {p.width:g} x {p.height:g} mm ({p.name}), turned the other way: scaling them would squash "
                f"every box and its text, so it is not done. Give the deck its own landscape or portrait layouts and "
                f"card_size in [decks.{deck_id}] of {game_toml}, or choose a --card-size of the same orientation")

    def warning(self, deck_id: str, game_toml: str) -> str | None:
        """What a build says of a deck printed at another shape than its layouts' (None when the size is close)."""
        if self.close:
            return None
        d, p = self.design, self.printed
        setting = f'"{p.name}"' if p.name[:1].isalpha() else f"[{p.width:g}, {p.height:g}]"
        return (f"deck {deck_id!r}: its layouts are designed for {d.name} cards ({d.width:g} x {d.height:g} mm) and "
                f"--card-size prints them at {p.width:g} x {p.height:g} mm ({p.name}), another shape: each box was "
                f"scaled to the new width ({self.sx:.0%}) and height ({self.sy:.0%}) and its text fitted again. For a "
                f"layout made for that size, set card_size = {setting} in [decks.{deck_id}] of {game_toml} and "
                "check the deck's layouts (cardgen check, cardgen preview)")


def _scaled(value: float, design: float, printed: float) -> float:
    if value < 0:
        return value
    if value > design:
        return printed + (value - design)
    return value * printed / design
