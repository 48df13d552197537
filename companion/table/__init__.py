"""A game session at the table: the state folded from the log, undo and redo, export and import, the games that
can be played, and the refusals; no HTTP here (the web side answers with what these modules say)."""
