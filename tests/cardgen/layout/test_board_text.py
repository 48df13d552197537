"""Board texts: the largest size that fits a box, centred on a point, measured with the fonts' own widths."""

from __future__ import annotations

import pytest

from cardgen.layout import fonts
from cardgen.layout.board_text import centred, fit_size


@pytest.mark.parametrize(("texts", "width", "height"), [(["0", "50", "100"], 9.0, 6.0), (["Collapse"], 9.0, 20.0),
                                                         (["A1", "AA10"], 30.0, 2.0)])
def test_the_size_fitted_is_the_largest_at_which_the_widest_text_fits_its_box(texts, width, height):
    size = fit_size(texts, width, height, "bold", largest=40.0)
    tall = fonts.ascent_mm("bold", size) + fonts.descent_mm("bold", size)
    widest = max(fonts.width_mm(t, "bold", size) for t in texts)
    assert widest <= width + 1e-6 and tall <= height + 1e-6
    assert widest > width * 0.99 or tall > height * 0.99  # one of the two is what stops it growing


def test_the_size_is_capped_and_nothing_to_set_needs_no_size():
    assert fit_size(["1"], 100.0, 100.0, largest=14.0) == 14.0
    assert fit_size(["", ""], 10.0, 10.0) == 0.0


def test_a_centred_text_has_its_middle_on_the_point():
    text = centred("Draw pile", 50.0, 20.0, "regular", 10.0, "#000000")
    assert text.x + fonts.width_mm("Draw pile", "regular", 10.0) / 2 == pytest.approx(50.0)
    top, bottom = text.y - fonts.ascent_mm("regular", 10.0), text.y + fonts.descent_mm("regular", 10.0)
    assert (top + bottom) / 2 == pytest.approx(20.0)
