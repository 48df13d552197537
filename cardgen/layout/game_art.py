"""A game's art files as its layouts name them: found (the variant's folder, art/, --assets), contained, read once."""

from __future__ import annotations

from cardgen.gamedata import Game
from cardgen.gamedata.containment import art_path, contained
from cardgen.layout.art_error import ArtError
from cardgen.layout.art_files import ArtFile, read_art


class GameArt:
    """The art files of one game, each looked up and read the first time a layout names it."""

    def __init__(self, game: Game):
        self.game = game
        self._files: dict[str, ArtFile | None] = {}

    def file(self, file_name: str) -> ArtFile | None:
        """The readable file of that name, None when there is no such file; ArtError when it cannot be read or
        lies outside the game folder."""
        if file_name not in self._files:
            game = self.game
            path = art_path(game.root, file_name, game.assets, game.variant.art)  # the variant's, art/, --assets
            if path.exists() and not contained(game.root, path, game.assets):  # `..`, absolute, a link out
                raise ArtError(f"file {file_name!r} is outside the game folder {game.root.resolve()}; "
                               "copy it into art/ (or pass the folder it is in with --assets)")
            self._files[file_name] = read_art(str(path.resolve())) if path.is_file() else None
        return self._files[file_name]
