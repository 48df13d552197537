"""What a build is asked to do: its options, the error that refuses them, and the options as a manifest records them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cardgen.impose.sheet import MARGIN


class BuildError(ValueError):
    """A build that cannot go ahead; the message is a sentence naming the option, file or box."""


@dataclass(frozen=True)
class BuildOptions:
    """What to build and how; the defaults suit a home printer with A4 paper."""

    paper: str = "a4"
    card_size: str | None = None      # a size name or WxH in mm for every deck; None keeps each deck's
    bleed: float = 3.0
    sheet: str = "butted"
    duplex: str = "long"
    flip: str = "long"                # with duplex "none": the edge the backs sheet is turned over by hand
    margin: float = MARGIN            # mm of the paper's edge no mark or text goes into
    back_offset: tuple[float, float] = (0.0, 0.0)
    out: Path = Path("output")
    tokens: bool = False              # token sheets
    single: bool = False              # one card per page, with TrimBox and BleedBox, for print shops
    rulebook: bool = True             # the rulebook (PDF and HTML), when the game has one
    booklet: bool = False             # the rulebook as a saddle-stitch booklet too
    png: bool = False                 # every card front and deck back as PNG, incrementally
    preset: str | None = None         # a print shop's image preset (templates/print/presets.toml)
    copies_in_names: str | None = None  # PNG file names with their copies: a format of {stem} and {copies}
    dpi: float = 300.0                # for PNG and Tabletop Simulator images without a preset
    art_dpi: float = 300.0            # raster art in PDFs is scaled down to this resolution at its printed size; 0 keeps it
    tts: bool = False                 # Tabletop Simulator deck sheets and saved object
    tts_base_url: str | None = None   # http(s) URL the tts/ images are hosted under; None: file:/// URLs
    strict: bool = False              # every warning is an error: the build stops and writes nothing
    pack_decks: bool = False          # decks of one card size share sheets, one file per size
    cmyk: bool = False                # deck sheets and --single PDFs as CMYK PDF/X (Ghostscript); a preset may ask too
    board_paper: str | None = None    # the paper boards are tiled over; None: --paper
    board_shop: str | None = None     # a print shop's board size (templates/print/boards.toml): one file at that size


Progress = Callable[[int], None]  # called with how many more card faces were laid out


def described(options: BuildOptions) -> dict:
    """The options as manifest.json records them."""
    return {key: (list(value) if isinstance(value, tuple) else value)
            for key, value in vars(options).items()
            if key != "out" and not (key in ("pack_decks", "cmyk", "strict", "copies_in_names", "board_paper", "board_shop") and not value)}  # without them, manifests stay as they were
