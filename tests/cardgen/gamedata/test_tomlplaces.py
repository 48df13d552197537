"""TomlPlaces finds the line a key is written on, dotted keys at the top or inside a table included."""

from __future__ import annotations

from cardgen.gamedata.tomlplaces import TomlPlaces

LAYOUT = """\
description = "A card"
boxes.title = { x = 5, y = 5, w = 50, h = 10, text = "{{ card.name }}" }
boxes.cost = { x = 60, y = 5, w = 8, h = 8 }
[style]
ink = "#000000"
[boxes.art]
x = 5
"""


def test_a_dotted_key_is_found_on_its_own_line():
    places = TomlPlaces(LAYOUT)
    assert places.line("boxes", "title") == 2
    assert places.line("boxes", "cost") == 3  # not the first `boxes.` line
    assert places.line("boxes", "cost", "w") == 3
    assert places.line("style", "ink") == 5
    assert places.line("boxes", "art", "x") == 7
    assert places.line("boxes", "missing") == 2  # the nearest: the first line of the boxes
