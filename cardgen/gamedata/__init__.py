"""The card data of a game, loaded and validated: stdlib only, shared by cardgen and companion.

Importing this package never imports reportlab, Pillow or Flask.
"""

from cardgen.gamedata.bundle import bundled_slugs, card_data_dir, game_folder, templates_dir
from cardgen.gamedata.errors import GameDataError, Problem
from cardgen.gamedata.loader import load_game
from cardgen.gamedata.records import Card, CardSize, Deck, Game, IconSpec, Token, thaw

__all__ = [
    "Card", "CardSize", "Deck", "Game", "GameDataError", "IconSpec", "Problem", "Token",
    "bundled_slugs", "card_data_dir", "game_folder", "load_game", "templates_dir", "thaw",
]
