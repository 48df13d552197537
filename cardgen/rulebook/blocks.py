"""Rulebook Markdown parsed into blocks (headings, paragraphs, lists, tables, call-outs, galleries).

markdown-it-py does the parsing; inline text keeps its Markdown (**bold**, *italic*, :icon:),
which the card text engine sets, so rulebooks and cards share one markup and one icon set.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it import MarkdownIt

CALLOUT = re.compile(r"^\*\*(Example|Clarification|Note|Our choice|Tip|Important)\s*:?\s*\*\*\s*:?\s*", re.I)
MARKER = re.compile(r"^\[\[(gallery|flowchart|board):([a-z0-9_-]+)\]\]$")


@dataclass(frozen=True)
class Heading:
    level: int
    text: str


@dataclass(frozen=True)
class Para:
    text: str


@dataclass(frozen=True)
class Items:
    ordered: bool
    items: tuple[tuple, ...]  # each item: a tuple of blocks


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    align: tuple[str, ...]


@dataclass(frozen=True)
class Callout:
    kind: str
    blocks: tuple


@dataclass(frozen=True)
class Gallery:
    deck: str


@dataclass(frozen=True)
class Flowchart:
    flow: str


@dataclass(frozen=True)
class BoardPicture:
    board: str


Block = Heading | Para | Items | Table | Callout | Gallery | Flowchart | BoardPicture
PICTURES: dict[str, type[Gallery] | type[Flowchart] | type[BoardPicture]] = {
    "gallery": Gallery, "flowchart": Flowchart, "board": BoardPicture}
_MD = MarkdownIt("commonmark").enable("table")


CODE = re.compile(r"`([^`*\n]+)`")


def parse(markdown: str) -> list[Block]:
    tokens = _MD.parse(markdown)
    blocks, _ = _blocks(tokens, 0, None)
    return blocks


def _blocks(tokens: list, i: int, until: str | None) -> tuple[list[Block], int]:
    out: list[Block] = []
    while i < len(tokens):
        t = tokens[i]
        if until and t.type == until:
            return out, i + 1
        if t.type == "heading_open":
            out.append(Heading(int(t.tag[1]), tokens[i + 1].content))
            i += 3
        elif t.type == "paragraph_open":
            text = _soft(tokens[i + 1].content)
            marker = MARKER.match(text.strip())
            if marker:
                out.append(PICTURES[marker.group(1)](marker.group(2)))
            else:
                out.append(Para(text))
            i += 3
        elif t.type in ("bullet_list_open", "ordered_list_open"):
            close = t.type.replace("_open", "_close")
            items, i = _items(tokens, i + 1, close)
            out.append(Items(t.type.startswith("ordered"), items))
        elif t.type == "blockquote_open":
            inner, i = _blocks(tokens, i + 1, "blockquote_close")
            out.append(_callout(inner))
        elif t.type == "table_open":
            table, i = _table(tokens, i + 1)
            out.append(table)
        elif t.type in ("fence", "code_block"):
            out.append(Para(t.content.strip()))
            i += 1
        else:
            i += 1  # hr, html and the like carry nothing a printed rulebook needs
    return out, i


def _soft(text: str) -> str:
    """Markdown's soft line breaks are spaces; a line ending in a backslash or two spaces is a hard break.
    Inline code (`companion simulate`) prints in italics: the card fonts have no monospace face."""
    text = text.replace("\\\n", "\0").replace("  \n", "\0")
    return CODE.sub(r"*\1*", " ".join(text.split("\n")).replace("\0", "\n"))


def _items(tokens: list, i: int, close: str) -> tuple[tuple[tuple, ...], int]:
    items = []
    while tokens[i].type != close:
        if tokens[i].type == "list_item_open":
            inner, i = _blocks(tokens, i + 1, "list_item_close")
            items.append(tuple(inner))
        else:
            i += 1
    return tuple(items), i + 1


def _table(tokens: list, i: int) -> tuple[Table, int]:
    rows, row, align = [], [], []
    while tokens[i].type != "table_close":
        t = tokens[i]
        if t.type in ("th_open", "td_open"):
            row.append(_soft(tokens[i + 1].content))
            if t.type == "th_open":
                style = t.attrGet("style") or ""
                align.append("right" if "right" in style else "center" if "center" in style else "left")
        elif t.type == "tr_close":
            rows.append(tuple(row))
            row = []
        i += 1
    return Table(rows[0], tuple(rows[1:]), tuple(align)), i + 1


def _callout(inner: list[Block]) -> Block:
    if inner and isinstance(inner[0], Para):
        match = CALLOUT.match(inner[0].text)
        if match:
            kind = match.group(1).capitalize() if match.group(1).lower() != "our choice" else "Our choice"
            rest = inner[0].text[match.end():]
            return Callout(kind, tuple(([Para(rest)] if rest.strip() else []) + inner[1:]))
    return Callout("Note", tuple(inner))
