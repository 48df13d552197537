"""Reading a board table's values: lengths with units or over W and H, space ranges either way round, templates."""

from __future__ import annotations

import pytest

from cardgen.layout.board_values import BoardError, Reader

CONTEXT = {"game": {"constants": {"trust_max": 7, "start": 2, "width": "3cm"}}}


def reader(**raw) -> Reader:
    return Reader("board.toml", "tracks.t", raw, CONTEXT, {"W": 400.0, "H": 300.0, "bleed": 0.0})


@pytest.mark.parametrize(("value", "mm"), [(12, 12.0), (2.5, 2.5), ("3cm", 30.0), ("1in", 25.4), ("18pt", 6.35),
                                           ("W - 10", 390.0), ("H / 2 + 1cm", 160.0),
                                           ("{{ game.constants.width }}", 30.0)])
def test_a_length_is_millimetres_from_a_number_a_unit_an_expression_or_a_template(value, mm):
    assert reader(size=value).length("size") == pytest.approx(mm)


def test_spaces_run_either_way_by_a_step_or_are_listed():
    assert reader(spaces="0..10", step=5).spaces("spaces") == [0, 5, 10]
    assert reader(spaces="10..0", step=2).spaces("spaces") == [10, 8, 6, 4, 2, 0]
    assert reader(spaces="-3..-1").spaces("spaces") == [-3, -2, -1]
    assert reader(spaces="{{ game.constants.start }}..{{ game.constants.trust_max }}").spaces("spaces") == \
        [2, 3, 4, 5, 6, 7]
    assert reader(spaces=[1, 3, 9]).spaces("spaces") == [1, 3, 9]
    with pytest.raises(BoardError, match=r"board.toml: \[tracks.t\] step: must be a whole number of 1 or more"):
        reader(spaces="0..10", step=0).spaces("spaces")
    with pytest.raises(BoardError, match="at most 1000"):
        reader(spaces="0..5000").spaces("spaces")
    with pytest.raises(BoardError, match="a list of whole numbers"):
        reader(spaces=[1, "two"]).spaces("spaces")


def test_labels_colours_and_numbers_are_checked_and_rendered():
    labels = reader(labels={"{{ game.constants.trust_max }}": "Top: {{ game.constants.trust_max }}", "0": "Go"})
    assert labels.labels("labels") == {7: "Top: 7", 0: "Go"}
    assert reader(fill="#ABCDEF").colour("fill", None) == "#abcdef"
    assert reader(fill="none").colour("fill", "#ffffff") is None
    assert reader().colour("fill", "#ffffff") == "#ffffff"
    assert reader(cols="{{ game.constants.trust_max }}").integer("cols", minimum=1) == 7
    assert reader(start_angle="{{ game.constants.start }}").angle("start_angle") == 2.0
    with pytest.raises(BoardError, match=r"\[tracks.t\] start_angle: must be a number of degrees, found 'left'"):
        reader(start_angle="left").angle("start_angle")
    with pytest.raises(BoardError, match=r"\[tracks.t\] around: must be \[x, y, width, height\]"):
        reader(around=[0, 0, 10]).box("around")
    with pytest.raises(BoardError, match=r"\[tracks.t\] around: must be above 0 mm, found 0"):
        reader(around=[0, 0, 10, 0]).box("around")
    with pytest.raises(BoardError, match=r"\[tracks.t\] size: '1 / 0' divides by zero"):
        reader(size="1 / 0").length("size")
