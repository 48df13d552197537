"""The companion over HTTP: the app factory, its blueprints (JSON API, pages, printed pages, live stream) and what
they draw; with config.py, the only part of the companion that imports Flask."""
