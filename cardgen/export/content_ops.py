"""Reads a PDF content stream as operators with their operands and byte offsets, fast enough for every card.

pypdf's ContentStream builds an object for every token (3 s for a 216-card file); this lexer keeps
numbers as floats, names and operators as bytes, and strings, arrays and dictionaries as None (what
the colour rewrite needs), and gives where each operation starts and ends, so edits are insertions
into the original bytes. Inline images (BI ... ID data EI) are one "BI" operation.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

TOKEN = re.compile(rb"""
    (?P<space>[\x00\t\n\x0c\r ]+|%[^\r\n]*)
  | (?P<name>/[^\x00\t\n\x0c\r ()<>\[\]{}/%]*)
  | (?P<number>[+-]?(?:\d+\.?\d*|\.\d+))(?![^\x00\t\n\x0c\r ()<>\[\]{}/%])
  | (?P<open><<|\[|\{)
  | (?P<close>>>|\]|\})
  | (?P<hex><[^>]*>)
  | (?P<string>\()
  | (?P<operator>[^\x00\t\n\x0c\r ()<>\[\]{}/%]+)
""", re.VERBOSE)
IMAGE_END = re.compile(rb"[\x00\t\n\x0c\r ]EI(?=[\x00\t\n\x0c\r ]|$)")

Operand = float | bytes | None


class ContentError(ValueError):
    """A content stream this lexer cannot read (an unclosed string, a stray character); says where."""


def operations(data: bytes) -> Iterator[tuple[list[Operand], bytes, int, int]]:
    """(operands, operator, start, end) for each operation: the offsets of its first operand (or the operator,
    when it has none) and just after the operator."""
    operands: list[Operand] = []
    start = -1
    depth = 0
    at = 0
    end = len(data)
    while at < end:
        match = TOKEN.match(data, at)
        if match is None:
            raise ContentError(f"unreadable content at byte {at}: {data[at:at + 20]!r}")
        kind = match.lastgroup
        if kind == "space":
            at = match.end()
            continue
        if start < 0:
            start = at
        if kind == "string":
            at = _string_end(data, at)
            if depth == 0:
                operands.append(None)
            continue
        at = match.end()
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth = max(0, depth - 1)
            if depth == 0:
                operands.append(None)
        elif depth:
            continue
        elif kind == "number":
            operands.append(float(match[0]))
        elif kind == "name":
            operands.append(match[0])
        elif kind == "hex":
            operands.append(None)
        else:
            operator = match[0]
            if operator == b"BI":
                image_end = IMAGE_END.search(data, data.find(b"ID", at) + 2)
                if image_end is None:
                    raise ContentError(f"inline image at byte {start} has no end (EI)")
                at = image_end.end()
            yield operands, operator, start, at
            operands, start = [], -1


def _string_end(data: bytes, at: int) -> int:
    """The offset just after the literal string that opens at `at` (nested parentheses and escapes allowed)."""
    level = 0
    index = at
    while index < len(data):
        char = data[index]
        if char == 0x5C:        # backslash: the next byte is escaped
            index += 2
            continue
        if char == 0x28:
            level += 1
        elif char == 0x29:
            level -= 1
            if level == 0:
                return index + 1
        index += 1
    raise ContentError(f"string at byte {at} is never closed")
