"""A build's first steps, before anything is drawn: the options checked, every deck imposed, the layouts checked."""

from __future__ import annotations

from collections.abc import Callable

from cardgen.build.boards import check_board_options
from cardgen.build.options import BuildError, BuildOptions
from cardgen.gamedata import CardSize, Deck, Game
from cardgen.gamedata.cardsizes import card_size
from cardgen.impose import SheetOptions, impose, paper
from cardgen.impose.duplex import DUPLEX
from cardgen.impose.sheet import ImpositionError, Sheet
from cardgen.layout.compose import Composer
from cardgen.layout.icons import check_glyphs
from cardgen.layout.resize import Resize
from cardgen.layout.spec import LayoutError


def sheets_for(game: Game, options: BuildOptions) -> Callable[[Deck], Sheet]:
    """The options checked (BuildError names a wrong one) and every deck imposed: the sheet of each deck."""
    try:
        page = paper(options.paper)
    except ValueError as error:
        raise BuildError(f"--paper: {error}") from None
    override = printed_size(options)
    if options.duplex not in DUPLEX:
        raise BuildError(f"--duplex must be one of {', '.join(DUPLEX)}, not {options.duplex!r}")
    if options.flip not in ("long", "short"):
        raise BuildError(f"--flip must be long or short, not {options.flip!r}")
    if options.bleed < 0 or options.bleed > 10:
        raise BuildError(f"--bleed must be from 0 to 10 mm, not {options.bleed:g}")
    if options.art_dpi != 0 and not 50 <= options.art_dpi <= 2400:
        raise BuildError(f"--art-dpi must be from 50 to 2400 (or 0 to keep art as it is), not {options.art_dpi:g}")
    if not 0 <= options.margin <= 30:
        raise BuildError(f"--margin must be from 0 to 30 mm, not {options.margin:g}")
    check_board_options(options)
    sheets: dict[tuple[float, float], Sheet] = {}

    def sheet_for(deck: Deck) -> Sheet:
        size = override or deck.size
        key = (size.width, size.height)
        if key not in sheets:
            try:
                sheets[key] = impose(SheetOptions(page, size.width, size.height, options.bleed, options.sheet,
                                                  margin=options.margin))
            except ImpositionError as error:
                raise BuildError(f"deck {deck.id!r}: {error}") from None
        return sheets[key]

    for deck in game.decks:  # impose every deck now, so a card too big for the paper stops the build early
        refusal = Resize(deck.size, override).refusal(deck.id, str(game.root / "game.toml")) if override else None
        if refusal:
            raise BuildError(refusal)
        sheet_for(deck)
    return sheet_for


def printed_size(options: BuildOptions) -> CardSize | None:
    """The size --card-size asks every deck to be printed at (None: each deck's own); BuildError when it is not one."""
    if not options.card_size:
        return None
    try:
        return card_size(_size_value(options.card_size))
    except ValueError as error:
        raise BuildError(f"--card-size must be {error}, not {options.card_size!r}") from None


def composer_for(game: Game, options: BuildOptions) -> Composer:
    """The composer of a build: the game's layouts at the build's bleed, at --card-size when one is asked for.
    BuildError when --card-size comes with card images, which are drawn at each deck's own size."""
    if options.card_size and (options.png or options.preset or options.tts):
        raise BuildError("--card-size changes the printed sheets only; card images (--png, --preset, --tts) are "
                         "drawn at each deck's own size: set card_size in the deck's [decks.<id>] of game.toml to "
                         "draw them at another size, or build the images without --card-size")
    return Composer(game, options.bleed, printed_size(options))


def _size_value(text: str) -> object:
    parts = text.lower().replace("mm", "").split("x")
    if len(parts) == 2:
        try:
            return [float(parts[0]), float(parts[1])]
        except ValueError:
            pass
    return text


def check_layouts(game: Game, composer: Composer) -> None:
    """Every deck's layouts and the game's icons checked before anything is drawn; BuildError naming the first problem."""
    problems = check_glyphs(game.icons)
    if problems:
        raise BuildError(f"{game.root / 'game.toml'}: " + "; ".join(problems))
    try:
        for deck in game.decks:
            composer.check(deck)
    except LayoutError as error:
        raise BuildError(str(error)) from None
