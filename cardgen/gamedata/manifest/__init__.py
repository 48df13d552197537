"""game.toml read and checked: the game and its decks (game_toml), columns, tokens, scoring, the constants' schema."""
