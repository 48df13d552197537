"""Plays: finished games remembered with their players and groups, their statistics, exports and playtests."""
