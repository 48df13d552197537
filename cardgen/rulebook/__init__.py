"""Rulebooks rendered from Markdown + Jinja2 templates and the game's own data: PDF, booklet, HTML.

The PDF side (reportlab) is imported only when `write_rulebook` is used, so the HTML page
(`cardgen.rulebook.html`) can be rendered without it, as the companion does.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.gamedata import Game
from cardgen.impose.papers import Paper
from cardgen.rulebook.source import RulebookError, markdown, template_path

__all__ = ["RulebookError", "check_rulebook", "has_rulebook", "rulebook_names", "rulebook_warnings", "write_rulebook"]


def rulebook_names(slug: str, paper: Paper) -> tuple[str, str, str]:
    """The rulebook's file names in a build folder: (PDF, HTML page, booklet PDF).

    The PDFs carry the paper's name (`<slug>-rulebook-a4.pdf`, `<slug>-rulebook-booklet-letter.pdf`),
    so rulebooks for two papers can sit side by side; the HTML page has no paper and has one name.
    """
    return f"{slug}-rulebook-{paper.name}.pdf", f"{slug}-rulebook.html", f"{slug}-rulebook-booklet-{paper.name}.pdf"


def has_rulebook(game: Game) -> bool:
    return template_path(game) is not None


def rulebook_warnings(game: Game) -> list[str]:
    """What would print badly in the rulebook: each character its font has no glyph for, at its file:line."""
    from cardgen.rulebook.glyphs import missing_glyphs

    return missing_glyphs(game, markdown(game))


def check_rulebook(game: Game, paper: Paper) -> int:
    """Renders the rulebook as a build would, its PDF and HTML page, into memory: nothing is written.
    Its page count; RulebookError (naming the template's file:line) or ValueError as the build would raise."""
    import io

    from cardgen.rulebook.blocks import parse
    from cardgen.rulebook.html import render_html
    from cardgen.rulebook.pdf import RulebookDocument, story

    source = markdown(game)
    document = RulebookDocument(io.BytesIO(), paper, game)
    document.multiBuild(story(game, parse(source)))
    render_html(game, source)
    return document.page


def write_rulebook(game: Game, paper: Paper, pdf: Path, html: Path | None = None, booklet: Path | None = None) -> int:
    """Writes the rulebook PDF (and its HTML page and booklet when given paths); returns its page count."""
    from cardgen.rulebook.blocks import parse
    from cardgen.rulebook.booklet import write_booklet
    from cardgen.rulebook.html import render_html
    from cardgen.rulebook.pdf import RulebookDocument, story

    source = markdown(game)
    document = RulebookDocument(pdf, paper, game)
    document.multiBuild(story(game, parse(source)))
    if html is not None:
        html.write_text(render_html(game, source), encoding="utf-8")
    if booklet is not None:
        write_booklet(pdf, booklet)
    return document.page
