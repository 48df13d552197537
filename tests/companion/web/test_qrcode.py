"""The QR codes the game page shows: checked module by module against the QR code standard (ISO/IEC 18004):
the smallest version for the text, finder and timing patterns, and format information for level M."""

from __future__ import annotations

import re

import pytest

from companion.web.qrcode import matrix, qr_svg

FORMAT_MASK = 0b101010000010010
FORMAT_GENERATOR = 0b10100110111


def bch(data: int) -> int:
    """The 15 format bits for 5 data bits (error correction level and mask), before masking."""
    rem = data << 10
    for shift in range(4, -1, -1):
        if rem >> (shift + 10) & 1:
            rem ^= FORMAT_GENERATOR << shift
    return data << 10 | rem


def format_bits(m: list[list[bool]]) -> tuple[int, int]:
    """Both copies of the format information: around the top-left finder, and split between the others."""
    n = len(m)
    first = [(i, 8) for i in range(6)] + [(7, 8), (8, 8), (8, 7)] + [(8, 14 - i) for i in range(9, 15)]
    second = [(8, n - 1 - i) for i in range(8)] + [(n - 15 + i, 8) for i in range(8, 15)]
    read = lambda places: sum(m[row][col] << bit for bit, (row, col) in enumerate(places))  # noqa: E731
    return read(first), read(second)


def finder_at(m, top, left) -> bool:
    for r in range(7):
        for c in range(7):
            ring = max(abs(r - 3), abs(c - 3))
            if m[top + r][left + c] != (ring != 2):
                return False
    return True


@pytest.mark.parametrize(("text", "version"), [
    ("http://x/games/a", 2),                                   # 16 bytes: 1-M holds 14, 2-M 26
    ("http://127.0.0.1:5000/games/abc/watch", 3),              # 37 bytes: 2-M holds 26, 3-M 42
    ("http://192.168.1.20:5000/games/Zx8_k2PqLm0aB1cD#key=" + "k" * 32, 5),  # 84 bytes: 5-M holds 84
    ("http://192.168.1.20:5000/games/Zx8_k2PqLm0aB1cD#key=" + "k" * 33, 6),  # 85 bytes: 6-M holds 106
])
def test_the_code_has_the_smallest_version_its_patterns_and_level_m(text, version):
    m = matrix(text)
    n = len(m)
    assert n == 17 + 4 * version and all(len(row) == n for row in m)
    assert finder_at(m, 0, 0) and finder_at(m, 0, n - 7) and finder_at(m, n - 7, 0)
    assert not finder_at(m, n - 7, n - 7)
    assert [m[6][c] for c in range(8, n - 8)] == [c % 2 == 0 for c in range(8, n - 8)]  # timing patterns
    assert [m[r][6] for r in range(8, n - 8)] == [r % 2 == 0 for r in range(8, n - 8)]
    assert m[n - 8][8]  # the dark module
    first, second = format_bits(m)
    assert first == second
    data = (first ^ FORMAT_MASK) >> 10
    assert bch(data) == first ^ FORMAT_MASK  # a valid BCH code word
    assert data >> 3 == 0b00                 # error correction level M


def test_the_svg_is_labelled_and_draws_the_same_modules():
    svg = qr_svg("http://127.0.0.1:5000/games/abc/watch", "QR code of the watch link")
    assert svg.startswith("<svg") and "<title>QR code of the watch link</title>" in svg
    size = 29 + 2 * 4  # version 3 and a quiet zone of four modules each side
    assert re.search(rf'width="{size * 4}px" height="{size * 4}px"', svg)
    assert f'viewBox="0 0 {size * 4} {size * 4}"' in svg  # so the page can draw it larger than its own size
    with pytest.raises(ValueError, match="1 to 1000 characters"):
        qr_svg("", "empty")
