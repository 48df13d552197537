"""Characters a rulebook prints that its font has no glyph for, each named with the source line it comes from."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from cardgen.gamedata import Game
from cardgen.gamedata.containment import contained
from cardgen.gamedata.flows.text import printed
from cardgen.layout import fonts
from cardgen.rulebook.source import template_path



def printed_text(game: Game, source: str) -> str:
    """What the rulebook prints: its Markdown and its flowcharts' titles, groups and boxes."""
    parts = [source]
    for flow in game.flows:
        parts += [flow.title, flow.description]
        parts += [node.group for node in flow.nodes.values()]
        parts += [printed(flow, node.text, game.constants) for node in flow.nodes.values()]
    return "\n".join(parts)


def missing_glyphs(game: Game, source: str) -> list[str]:
    """A warning for each character of the rulebook (its Markdown `source`) that would print as an empty box:
    where it comes from (file:line), the character and its Unicode name."""
    text = printed_text(game, source)
    lost = sorted(fonts.missing(text, "regular"))
    return [f"{_origin(game, ch)}: the rulebook font (DejaVu Sans) has no glyph for {ch} ({_name(ch)}): it would "
            "print as an empty box; use an :icon: instead, or leave the character out"
            for ch in lost]


def _name(ch: str) -> str:
    return f"U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed character')}"


def _origin(game: Game, ch: str) -> str:
    """The first line holding the character: in the rulebook's template, else in the game folder's text files
    (a card's CSV row, a flowchart, game.toml); the template alone when no text file has it."""
    template = template_path(game)
    files = [template] if template is not None else []
    files += sorted(p for p in game.root.rglob("*") if p.suffix in (".toml", ".csv", ".md", ".txt", ".j2")
                    and p.is_file() and p != template and contained(game.root, p))
    for path in files:
        found = _line_of(path, ch)
        if found:
            return f"{path}:{found}"
    return f"{template or game.root}: from the game's data"


def _line_of(path: Path, ch: str) -> int:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return 0
    return next((number for number, line in enumerate(lines, start=1) if ch in line), 0)
