"""Rulebooks rendered from the game's data: components, constants, contents, outline, booklet, seeds."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from pypdf import PdfReader

from cardgen.gamedata import load_game
from cardgen.impose import paper
from cardgen.rulebook import RulebookError, write_rulebook
from cardgen.rulebook.booklet import saddle_order
from cardgen.rulebook.source import markdown
from tests.conftest import BUNDLED

# The section headings of each seed rulebook (../shared/seeds/), which our rulebooks must cover.
SEED_SECTIONS = {
    "unyielding_universe": ["Objective", "Setup", "On Your Turn", "Life Complete", "Universe Cards",
                            "End of Round", "Scoring", "End of Game", "Feeling Icons", "Universal Conundrums"],
    "unsettled_immigration": ["Gameplay", "Who Goes First", "Starting Your Turn", "Discarding", "VP To Win",
                              "Resource Cards", "Opportunity Cards", "Milestone", "Green Card", "Attack", "Deport",
                              "Defense", "Lawyer", "Bureaucratic Blitz", "Action"],
    "emigration": ["Overview", "Objective", "Components", "Setup", "Phase 1", "Required", "Optional",
                   "Exceptions", "Revealing Cards", "Phase 2", "Counting Money", "Winning the Game",
                   "Resolving Ties", "Passports", "Paydays", "Scalping", "Life Cards"],
    "unsettled_survival": ["Objective", "Components", "Setup", "Gameplay", "Focus", "Movement", "LUNA",
                           "Comprehension", "Breakthroughs", "Structures", "Opportunities", "Discoveries",
                           "Anomalies", "Resources", "Time", "Group Trust", "Distress", "Endurance",
                           "Victory", "Defeat", "Hollow Victory", "FAQ"],
    "unfair_chko": ["Rule Changes", "New Icons", "Directions in your park", "Tracking Your Abilities",
                    "Game Changers", "Comicbook", "Masterminds", "Hacker", "Kaiju", "Medals", "Ocean",
                    "Quick Rules Review", "Cards and Tokens", "Golden Rules", "Glossary", "Panorama", "Solo"],
}


class Rulebooks(dict):
    """Each bundled game's rulebook (with its booklet and HTML page), built the first time it is asked for."""

    def __init__(self, factory):
        super().__init__()
        self.factory = factory

    def __missing__(self, slug):
        from tests.conftest import _load_bundled

        folder = self.factory.mktemp(f"rulebook-{slug}")
        game = _load_bundled(slug)
        pages = write_rulebook(game, paper("a4"), folder / "rulebook.pdf", folder / "rulebook.html",
                               folder / "booklet.pdf")
        self[slug] = (folder, pages, markdown(game))
        return self[slug]


@pytest.fixture(scope="module")
def rulebooks(tmp_path_factory):
    return Rulebooks(tmp_path_factory)


def table_after(text: str, header: str) -> dict[str, int]:
    start = text.index(header)
    rows = {}
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        name, count = [cell.strip() for cell in line.strip("|").split("|")][:2]
        rows[name] = int(count)
    return rows


@pytest.mark.parametrize("slug", BUNDLED)
def test_component_table_equals_check_json(rulebooks, cli, slug, load_bundled):
    source = rulebooks[slug][2]
    table = table_after(source, "| Component | Count |")
    checked = json.loads(cli("check", slug, "--json").output)
    game = load_bundled(slug)
    expected = {deck.title: checked["decks"][deck.id]["cards"] for deck in game.decks}
    expected |= {token.title: checked["tokens"][token.id] for token in game.tokens}
    assert table == expected


@pytest.mark.parametrize("slug", BUNDLED)
def test_rulebook_covers_every_section_of_its_seed(rulebooks, slug):
    headings = " / ".join(re.findall(r"^#{1,4} (.+)$", rulebooks[slug][2], re.M)).lower()
    missing = [section for section in SEED_SECTIONS[slug] if section.lower() not in headings]
    assert missing == [], f"headings: {headings}"


@pytest.mark.parametrize("slug", BUNDLED)
def test_contents_entries_point_to_their_headings_and_the_pdf_has_an_outline(rulebooks, slug):
    folder, pages, _ = rulebooks[slug]
    reader = PdfReader(folder / "rulebook.pdf")
    assert len(reader.pages) == pages
    def flat(items):
        for item in items:
            yield from flat(item) if isinstance(item, list) else [item]

    outline = list(flat(reader.outline))
    assert len(outline) >= 4
    # the contents page extracts as "<dot leader> <page>" followed by the entry's title
    contents = {title.strip(): int(number) for number, title in
                re.findall(r"^[ .]*\.[ .]*(\d+)\s*\n(.+)$", reader.pages[1].extract_text(), re.M)}
    checked = 0
    titles = [item.title for item in outline]
    for item in outline:
        title = item.title
        page = reader.get_destination_page_number(item) + 1
        if title not in contents or titles.count(title) > 1:
            continue
        assert contents[title] == page, title
        assert title.split()[0].lower() in reader.pages[page - 1].extract_text().lower()
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("slug", BUNDLED)
def test_booklet_pages_are_in_saddle_stitch_order(rulebooks, slug, load_bundled):
    folder, pages, _ = rulebooks[slug]
    footer = re.compile(re.escape(load_bundled(slug).title) + r" · (\d+)\b")
    booklet = PdfReader(folder / "booklet.pdf")
    padded = -(-pages // 4) * 4
    assert len(booklet.pages) * 2 == padded and padded % 4 == 0
    for side, (left, right) in zip(booklet.pages, saddle_order(padded)):
        numbers = [int(n) for n in footer.findall(side.extract_text())]
        assert numbers == [n for n in (left, right) if 1 < n <= pages], (left, right, numbers)


def test_saddle_order_of_eight_pages():
    assert saddle_order(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]


def test_html_rulebook_has_the_same_headings_and_icons_as_svg(rulebooks):
    folder, _, source = rulebooks["unyielding_universe"]
    html = (folder / "rulebook.html").read_text()
    for heading in re.findall(r"^# (.+)$", source, re.M)[:3]:
        assert heading.replace("*", "") in html
    assert "<svg class=\"icon\"" in html and "[[gallery:" not in html


def test_changing_a_constant_changes_the_rulebook(tmp_path, load_bundled):
    copy = tmp_path / "unyielding_universe"
    shutil.copytree(load_bundled("unyielding_universe").root, copy)
    toml = (copy / "game.toml").read_text()
    assert "winning_score = 250" in toml
    (copy / "game.toml").write_text(toml.replace("winning_score = 250", "winning_score = 321"))
    before = markdown(load_bundled("unyielding_universe"))
    after = markdown(load_game(copy))
    assert "321" in after and "321" not in before and "250" in before


def test_template_errors_name_file_and_line(tmp_path, make_game):
    folder = make_game()
    (folder / "rulebook.md.j2").write_text("# Rules\n\nFine.\n\nWe play to {{ constants.missing.deeper }}.\n")
    with pytest.raises(RulebookError, match=r"rulebook.md.j2:5: UndefinedError"):
        markdown(load_game(folder))
    (folder / "rulebook.md.j2").write_text("# Rules\n{% if %}\n")
    with pytest.raises(RulebookError, match=r"rulebook.md.j2:2: "):
        markdown(load_game(folder))


def test_a_designers_game_gets_a_rulebook_from_its_folder(tmp_path, make_game):
    folder = make_game()
    (folder / "rulebook.md.j2").write_text("# How to play\n\nEach hero has power. {{ components }}\n")
    pages = write_rulebook(load_game(folder), paper("letter"), tmp_path / "r.pdf")
    reader = PdfReader(tmp_path / "r.pdf")
    assert pages == len(reader.pages) and round(float(reader.pages[0].mediabox.height)) == 792
    assert "Ada" in " ".join(page.extract_text() for page in reader.pages)  # the card appendix


def test_flowcharts_of_a_game_folder_are_drawn(tmp_path, make_game):
    from tests.cardgen.gamedata.flows.test_charts import FLOW

    folder = make_game()
    (folder / "bot.flow.toml").write_text(FLOW)
    (folder / "rulebook.md.j2").write_text("# Solo\n\nThe bot plays by its chart:\n\n{{ flowchart('bot') }}\n")
    game = load_game(folder)
    source = markdown(game)
    assert source.count("[[flowchart:bot]]") == 2  # in the chapter and in the appendix
    write_rulebook(game, paper("a4"), tmp_path / "r.pdf", tmp_path / "r.html")
    text = " ".join(page.extract_text() for page in PdfReader(tmp_path / "r.pdf").pages)
    for step in ("Is there a card costing 3 or less", "Roll a die.", "Take the cheapest card", "3-6"):
        assert step in text
    assert 'id="bot-market"' in (tmp_path / "r.html").read_text()
