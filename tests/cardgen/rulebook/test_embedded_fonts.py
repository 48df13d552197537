"""Every PDF a build writes embeds every font it uses: no Helvetica, Times or other base-14 name left
for the reader's computer to substitute."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from tests.cardgen.layout.font_pdfs import embedded, font_dicts

BASE_14 = ("Helvetica", "Times", "Courier", "Symbol", "ZapfDingbats")


@pytest.fixture(scope="module")
def every_pdf(tmp_path_factory):
    """The PDFs of an everything build (--all-formats) of a small bundled game."""
    from cardgen.gamedata import game_folder, load_game

    out = tmp_path_factory.mktemp("all-formats")
    build(load_game(game_folder("unsettled_immigration")),
          BuildOptions(out=out, tokens=True, single=True, booklet=True, png=True, tts=True))
    return sorted((out / "unsettled_immigration").rglob("*.pdf"))


def test_the_build_writes_every_kind_of_pdf(every_pdf):
    names = [path.name for path in every_pdf]
    for part in ("-op-a4.pdf", "-op-single.pdf", "-tokens-", "-rulebook-a4.pdf", "-rulebook-booklet-", "-duplex-test-"):
        assert any(part in name for name in names), (part, names)


def test_every_font_of_every_page_of_every_pdf_is_embedded(every_pdf):
    checked = 0
    for path in every_pdf:
        reader = PdfReader(path)
        for number, page in enumerate(reader.pages, start=1):
            for font in font_dicts(page):
                name = str(font.get("/BaseFont"))
                assert embedded(font), f"{path.name} page {number}: {name} is not embedded"
                assert not any(base in name for base in BASE_14), f"{path.name} page {number}: {name}"
                checked += 1
    assert checked > 100
