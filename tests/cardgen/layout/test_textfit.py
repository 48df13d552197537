"""Text in a box: shrinking to fit, overflow, markup and icons sitting on the baseline."""

from __future__ import annotations

import pytest

from cardgen.layout import fonts
from cardgen.layout.markup import parse
from cardgen.layout.ops import Rect, Text
from cardgen.layout.textfit import TextStyle, fit

LONG = "The Universe shifts on a whim and every lifeline bends with it, year after year. " * 4


def square(name, x, y, size):
    return [Rect(x, y, size, size, fill="#000000")]


def test_short_text_keeps_its_size_and_starts_inside_the_box():
    result = fit(parse("Hello world", set()), (10, 20, 50, 20), TextStyle(9, 6, "#000000"), square)
    assert result.size == 9 and not result.overflow
    text = result.ops[0]
    assert isinstance(text, Text) and text.x == pytest.approx(10)
    assert 20 < text.y < 20 + 9 * fonts.PT * 1.2


def test_long_text_shrinks_but_not_below_min_size():
    result = fit(parse(LONG, set()), (0, 0, 50, 30), TextStyle(10, 6, "#000000"), square)
    assert 6 <= result.size < 10 and not result.overflow
    assert max(op.y for op in result.ops) <= 30
    for op in result.ops:
        assert op.x + fonts.width_mm(op.text.rstrip(), op.font, op.size) <= 50 + 1e-6


def test_text_that_cannot_fit_is_flagged_and_clipped_to_the_box():
    result = fit(parse(LONG * 3, set()), (0, 0, 40, 10), TextStyle(10, 6, "#000000"), square)
    assert result.overflow and result.size == 6
    assert all(op.y <= 10 for op in result.ops)


def test_icons_sit_on_the_baseline_and_scale_with_the_text():
    result = fit(parse("Pay 2 :coin: now", {"coin"}), (0, 0, 60, 10), TextStyle(10, 6, "#000000"), square)
    texts = [op for op in result.ops if isinstance(op, Text)]
    icons = [op for op in result.ops if isinstance(op, Rect)]
    assert len(icons) == 1 and len(texts) == 2
    icon = icons[0]
    assert icon.y + icon.h == pytest.approx(texts[0].y)  # bottom of the icon on the baseline
    assert icon.h == pytest.approx(10 * fonts.PT)
    assert texts[1].x >= icon.x + icon.w


def test_bold_and_italic_runs_use_their_faces():
    result = fit(parse("plain **bold** *italic* ***both***", set()), (0, 0, 80, 10), TextStyle(9, 6, "#000000"),
                 square)
    faces = {op.text.strip(): op.font for op in result.ops if isinstance(op, Text) and op.text.strip()}
    assert faces == {"plain": "regular", "bold": "bold", "italic": "italic", "both": "bolditalic"}


@pytest.mark.parametrize("align", ["left", "center", "right"])
def test_alignment(align):
    result = fit(parse("Hi", set()), (0, 0, 40, 10), TextStyle(9, 6, "#000000", align=align), square)
    width = fonts.width_mm("Hi", "regular", 9)
    expected = {"left": 0, "center": (40 - width) / 2, "right": 40 - width}[align]
    assert result.ops[0].x == pytest.approx(expected)


def test_unknown_icon_stays_literal_text():
    pieces = parse("meet at 10:30 :nope:", {"coin"})
    assert all(p.kind != "icon" for p in pieces)


@pytest.mark.parametrize("align", ["left", "center", "right"])
@pytest.mark.parametrize("box", [(0, 0, 50, 30), (3, 4, 20, 8), (0, 0, 200, 5)])
def test_plain_text_path_sets_exactly_like_the_general_path(align, box):
    from cardgen.layout.textfit import fit_plain

    style = TextStyle(10, 6, "#000000", align=align, valign="middle")
    general = fit(parse(LONG, set()), box, style, square)
    plain = fit_plain(LONG.strip(), "regular", box, style)
    assert plain == general


def test_a_word_wider_than_its_box_shrinks_too():
    from cardgen.layout.textfit import fit_plain

    result = fit_plain("110", "bold", (0, 0, 18, 20), TextStyle(40, 10, "#000000"))
    assert result.size < 40 and not result.overflow
    assert fonts.width_mm("110", "bold", result.size) <= 18 < fonts.width_mm("110", "bold", result.size + 0.25)
