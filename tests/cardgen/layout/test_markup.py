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


def _spans(source: str, colours: dict[str, str] | None = None) -> list[tuple[str, str | None]]:
    return [(p.text, p.colour) for p in parse(source, {"coin"}, colours) if p.kind in ("text", "icon")]


@pytest.mark.parametrize("source, expected", [
    ("a [#C62828]red[/] b", [("a", None), ("red", "#c62828"), ("b", None)]),
    ("[#80000080]see-through[/]", [("see-through", "#80000080")]),
    ("[warn]**hot** :coin:[/]", [("hot", "#ff8800"), ("coin", "#ff8800")]),
    ("[#111111]out [#222222]in[/] out[/] plain", [("out", "#111111"), ("in", "#222222"), ("out", "#111111"),
                                                  ("plain", None)]),
    ("[2] [see below] [nope]x[/] [/]", [("[2]", None), ("[see", None), ("below]", None), ("[nope]x[/]", None),
                                        ("[/]", None)]),
    ("[#c62828]never closed", [("never", "#c62828"), ("closed", "#c62828")]),
])
def test_colour_spans_colour_their_pieces_and_other_brackets_print(source, expected):
    assert _spans(source, {"warn": "#ff8800"}) == expected
