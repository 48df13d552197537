"""Markup that ate characters: the visible text compared with the source, for `cardgen check`'s warning."""

from __future__ import annotations

import pytest

from cardgen.layout.markup import eaten, parse


@pytest.mark.parametrize("source", [
    "plain words", "*italic* and **bold**", "***both***", "a star \\* kept", "**Bold** move: gain :coin:",
    "*two\nlines*", "",
])
def test_well_formed_markup_eats_nothing(source):
    assert eaten(source) is None


@pytest.mark.parametrize("source, shown, visible, mark", [
    ("Gain 3 * 4", "Gain 3 * 4", "Gain 3  4", "the '*' at character 8 has a space after it"),
    ("x*y", "x*y", "xy", "the '*' at character 2 is never closed, so all the text after it is in italics"),
    ("**bold **", "**bold **", "bold ", "the '**' at character 8 closes a span with a space before it"),
    ("****", "****", "", "the '**' at character 1 is closed at once, so both marks vanish"),
    ("Grid: * * *", "Grid: * * *", "Grid:   ", "the '*' at character 7 has a space after it"),
])
def test_marks_that_make_no_proper_span_are_reported_with_what_prints(source, shown, visible, mark):
    assert eaten(source) == (f"markup ate characters: {shown!r} prints as {visible!r}: {mark}; "
                             "write \\* for a star that should print")
    assert "".join(p.text for p in parse(source, set()) if p.kind != "break") == visible


def test_a_long_text_is_shown_around_the_lost_mark():
    source = "A long card text that goes on and on * and then more and more text up to the end"
    message = eaten(source)
    assert message.startswith("markup ate characters: '...ext that goes on and on * and then more and more...' "
                              "prints as '...ext that goes on and on  and then more and more...'")
