"""The content-stream lexer the black-ink rewrite reads with: operators, operands and offsets, strings,
arrays and inline images skipped whole, and a clear error for what it cannot read."""

from __future__ import annotations

import pytest

from cardgen.export.content_ops import ContentError, operations


def test_operators_come_with_their_numbers_and_where_they_start_and_end():
    data = b"q 0.5 0 0 .5 10 -2 cm\n0 0 0 rg\n1 1 m 5 5 l S Q"
    found = list(operations(data))
    assert [op for _, op, _, _ in found] == [b"q", b"cm", b"rg", b"m", b"l", b"S", b"Q"]
    assert found[1][0] == [0.5, 0, 0, 0.5, 10, -2]
    for _operands, operator, start, end in found:
        assert data[start:end].endswith(operator)
    assert data[found[2][2]:found[2][3]] == b"0 0 0 rg"


def test_strings_and_arrays_are_one_operand_however_they_look_inside():
    data = b"BT /F1 7 Tf (a (nested) \\) rg S) Tj [(x) -20 (y] Tj)] TJ <414243> Tj ET"
    found = [(operands, op) for operands, op, _, _ in operations(data)]
    assert found == [([], b"BT"), ([b"/F1", 7.0], b"Tf"), ([None], b"Tj"), ([None], b"TJ"), ([None], b"Tj"),
                     ([], b"ET")]


def test_an_inline_image_is_one_operation_its_data_skipped():
    data = b"q BI /W 2 /H 1 /BPC 8 /CS /G ID \x00S Q rg\xff EI Q 0 g"
    found = [op for _, op, _, _ in operations(data)]
    assert found == [b"q", b"BI", b"Q", b"g"]


@pytest.mark.parametrize("data, where", [(b"0 g (never closed", "string at byte 4"),
                                         (b"q BI /W 1 ID \x00\x00", "inline image at byte 2")])
def test_what_cannot_be_read_is_refused_saying_where(data, where):
    with pytest.raises(ContentError, match=where):
        list(operations(data))
