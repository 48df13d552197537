"""The build: a game's data laid out, imposed and rendered into print-ready files; `run.build` reads top to bottom.

Its steps, in the order a build takes them: options (what is asked), checks (options, sheets, layouts),
faces (cards laid out in print order), run (sheets written, extras, manifest, commit), cmyk; beside
them staging (atomic output), reuse (files kept from the last build) and printed_faces (fingerprints).
"""
