"""Storage of game sessions: append-only event logs in SQLite or PostgreSQL, through SQLAlchemy Core."""
