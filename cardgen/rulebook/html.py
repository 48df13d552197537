"""The rulebook as one HTML page, for the companion to serve: the same source, icons as inline SVG."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping

from markdown_it import MarkdownIt

from cardgen.gamedata import Game, IconSpec
from cardgen.gamedata.flows.text import printed
from cardgen.layout.glyphs import GLYPHS, ICON_COLOUR, PAPER

_MD = MarkdownIt("commonmark", {"html": False}).enable("table")
ICON = re.compile(r":([a-z][a-z0-9_-]*):")
STYLE = """body{font:17px/1.5 system-ui,sans-serif;max-width:46rem;margin:0 auto;padding:1rem;color:#1f1f1f;background:#fbf8f1}
h1{color:#35577d;margin-top:2.5rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccc;
padding:.3rem;text-align:left;vertical-align:top}blockquote{background:#eef2f6;border-left:4px solid #35577d;margin:1rem 0;
padding:.4rem 1rem}svg.icon{width:1em;height:1em;vertical-align:-0.12em}
@media (prefers-color-scheme:dark){body{background:#15171c;color:#eee}blockquote{background:#223}h1{color:#8fb3dd}}"""


def svg(spec: IconSpec | None, name: str) -> str:
    """An icon as inline SVG (a lettered circle when it has no glyph), labelled for screen readers."""
    ink = (spec.colour if spec else None) or ICON_COLOUR
    label = html.escape(spec.label if spec else name)
    glyph = (spec.glyph if spec else None) or (name if name in GLYPHS else None)
    shapes = []
    if glyph is None:
        shapes = [f'<circle cx="50" cy="50" r="50" fill="{ink}"/><text x="50" y="68" font-size="56" '
                  f'text-anchor="middle" fill="#fff" font-weight="bold">{html.escape(label[:1].upper())}</text>']
    for shape in GLYPHS.get(glyph or "", []):
        fill = "#ffffff" if shape[-1] == PAPER else ink
        if shape[0] == "circle":
            shapes.append(f'<circle cx="{shape[1] * 100:g}" cy="{shape[2] * 100:g}" r="{shape[3] * 100:g}" fill="{fill}"/>')
        elif shape[0] == "rect":
            shapes.append(f'<rect x="{shape[1] * 100:g}" y="{shape[2] * 100:g}" width="{shape[3] * 100:g}" '
                          f'height="{shape[4] * 100:g}" fill="{fill}"/>')
        else:
            points = " ".join(f"{x * 100:g},{y * 100:g}" for x, y in shape[1])
            shapes.append(f'<polygon points="{points}" fill="{fill}"/>')
    return f'<svg class="icon" viewBox="0 0 100 100" role="img" aria-label="{label}">{"".join(shapes)}</svg>'


def render_html(game: Game, markdown: str) -> str:
    icons: Mapping[str, IconSpec] = game.icons
    body = _MD.render(markdown)
    body = re.sub(r"<p>\[\[(gallery|board):[a-z0-9_-]+\]\]</p>\n?", "", body)  # card and board pictures are for print
    body = re.sub(r"<p>\[\[flowchart:([a-z0-9_-]+)\]\]</p>", lambda m: _flow_html(game, m.group(1)), body)
    body = ICON.sub(lambda m: svg(icons.get(m.group(1)), m.group(1)) if m.group(1) in icons else m.group(0), body)
    return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(game.title)}: rules</title><style>{STYLE}</style></head>\n<body>\n{body}</body></html>\n")


def _flow_html(game: Game, flow_id: str) -> str:
    """A flowchart as a list of its steps under their group headings, each with where its answers lead."""
    flow = next(f for f in game.flows if f.id == flow_id)

    def say(text: str) -> str:
        return html.escape(printed(flow, text, game.constants))
    items, group = [], None
    for node in flow.nodes.values():
        if node.group != group and node.group:
            items.append(f'<li class="group"><strong>{html.escape(node.group)}</strong></li>')
        group = node.group
        leads = ", ".join(f"{html.escape(k)} &rarr; <a href=\"#{flow.id}-{v}\">{say(flow.nodes[v].text)[:60]}</a>"
                          for k, v in node.branches.items())
        items.append(f'<li id="{flow.id}-{node.id}"><strong>{html.escape(node.kind)}:</strong> {say(node.text)}'
                     + (f"<br>{leads}" if leads else "") + "</li>")
    return "<ol class=\"flowchart\">" + "".join(items) + "</ol>"
