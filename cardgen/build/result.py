"""What a build answers: the files it wrote, what it noticed, and the drawing state its sheet writers share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.build.options import BuildOptions, Progress
from cardgen.build.printed_faces import PrintedFaces
from cardgen.gamedata import Deck, Game
from cardgen.impose.sheet import Sheet
from cardgen.layout.audit import Finding
from cardgen.layout.compose import Composer


@dataclass
class BuildResult:
    """What a build wrote and what it noticed."""

    files: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    cards: int = 0
    pages: int = 0
    kept: int = 0          # files of the last build kept because what they are made from is unchanged
    unchanged: bool = False  # nothing changed since the last build into the folder: nothing was written


@dataclass
class Drawing:
    """What writing a game's card sheets needs: the build's choices, and where laying out the cards reports."""

    game: Game
    options: BuildOptions
    sheet_for: Callable[[Deck], Sheet]
    composer: Composer
    progress: Progress | None
    found: list[Finding]      # what laying out the cards noticed, grouped into the warnings once all are laid out
    printed: PrintedFaces     # what each card prints, for a later --changed-since
    manifest: dict            # manifest.json as the build writes it: each writer adds its decks

    def no_footer(self, name: str, pages: int) -> str:
        """The note for `pages` pages of `name` whose margin had no room for the footer."""
        return (f"{name}: {pages} page(s) have no footer: no stretch of the {self.options.margin:g} mm margin is "
                "free of cards and marks")
