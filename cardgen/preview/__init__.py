"""`cardgen preview`: a game's cards in a web browser as they will print, kept up to date as its files are saved.

cards (lay out and fingerprint every card) -> images (draw a face the page asks for, once) -> app (watch, reload,
publish) -> server (the page, the images and the event stream, on the standard library's HTTP server).
"""
