"""cardgen: turns a game's card data into print-ready decks, sheets and rulebooks."""

__version__ = "0.1.0"
