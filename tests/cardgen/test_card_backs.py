"""Backs that print the card's own fields: each back behind its own front, identical backs drawn once,
in the sheets, the one-card-per-page file, the PNG export and the Tabletop Simulator export."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import load_game
from cardgen.impose import SheetOptions, impose, paper
from tests.pdf_probe import probe

ROWS = "s-1,Alpha,Fire,1\ns-2,Bravo,Water,2\ns-3,Charlie,Earth,1\ns-4,Delta,Fire,1\ns-5,Echo,Water,1\n"
# each physical card in print order (copies repeat) with the type its back must print
PRINTED = [("Alpha", "Fire"), ("Bravo", "Water"), ("Bravo", "Water"), ("Charlie", "Earth"), ("Delta", "Fire"),
           ("Echo", "Water")]
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')
PT = 25.4 / 72


def words(pdf: Path, page: int, tmp_path: Path) -> list[tuple[float, float, str]]:
    """(x, y, word) of each word on a page, at its centre in mm from the top-left, as poppler reads it."""
    if shutil.which("pdftotext") is None:
        pytest.fail("pdftotext is missing: `make test` installs poppler-utils")
    target = tmp_path / f"words-{page}.html"
    subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), str(target)], check=True)
    return [((float(a) + float(c)) / 2 * PT, (float(b) + float(d)) / 2 * PT, text)
            for a, b, c, d, text in WORD.findall(target.read_text(encoding="utf-8"))]


def in_slot(found, x: float, y: float, w: float, h: float) -> list[str]:
    return [text for wx, wy, text in found if x <= wx <= x + w and y <= wy <= y + h]


@pytest.fixture
def game(backs_game):
    return load_game(backs_game(ROWS))


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_prints_its_own_cards_type_behind_its_front(game, tmp_path, duplex):
    build(game, BuildOptions(out=tmp_path, duplex=duplex, rulebook=False))
    pdf = tmp_path / "backs" / "backs-spells-a4.pdf"
    sheet = impose(SheetOptions(paper("a4"), 63.5, 88.9, 3.0, "butted"))
    fronts, backs = words(pdf, 1, tmp_path), words(pdf, 2, tmp_path)
    for slot, (name, kind) in zip(sheet.slots, PRINTED):
        assert name in in_slot(fronts, slot.x, slot.y, slot.width, slot.height)
        # the flip, written out: long edge mirrors the columns of a portrait page, short edge the rows
        x = 210.0 - slot.x - slot.width if duplex == "long" else slot.x
        y = 297.0 - slot.y - slot.height if duplex == "short" else slot.y
        assert in_slot(backs, x, y, slot.width, slot.height) == [kind, "Card"], (name, slot.index)


def test_identical_backs_are_drawn_once(game, tmp_path):
    build(game, BuildOptions(out=tmp_path, rulebook=False))
    reader = PdfReader(tmp_path / "backs" / "backs-spells-a4.pdf")
    placed = [name for name, _, _ in probe(reader, 1).placements]
    assert len(placed) == 6 and len(set(placed)) == 3, "six backs placed, three forms: Fire, Water, Earth"
    forms = {str(name) for name in reader.pages[1]["/Resources"]["/XObject"]}
    assert set(placed) <= forms and len(forms) == 3


def test_a_back_that_ignores_the_card_stays_one_form(backs_game, tmp_path):
    folder = backs_game(ROWS)
    layout = folder / "layouts" / "typed-back.toml"
    layout.write_text(layout.read_text(encoding="utf-8").replace("{{ card.type }} Card", "{{ deck.title }}"))
    build(load_game(folder), BuildOptions(out=tmp_path, rulebook=False))
    placed = [name for name, _, _ in probe(PdfReader(tmp_path / "backs" / "backs-spells-a4.pdf"), 1).placements]
    assert len(placed) == 6 and len(set(placed)) == 1


def test_one_card_per_page_file_puts_each_back_after_its_front(game, tmp_path):
    build(game, BuildOptions(out=tmp_path, single=True, rulebook=False))
    reader = PdfReader(tmp_path / "backs" / "backs-spells-single.pdf")
    pages = [page.extract_text() for page in reader.pages]
    assert len(pages) == 2 * len(PRINTED)
    for number, (name, kind) in enumerate(PRINTED):
        assert name in pages[2 * number]
        assert f"{kind} Card" in pages[2 * number + 1], (number, pages[2 * number + 1])


def test_png_export_writes_each_cards_back(game, tmp_path):
    build(game, BuildOptions(out=tmp_path, png=True, dpi=72, rulebook=False))
    folder = tmp_path / "backs" / "png"
    assert not (folder / "spells-back.png").exists()
    backs = {card: Image.open(folder / "spells-backs" / f"{card}.png").convert("RGB")
             for card in ("s-1", "s-2", "s-3", "s-4", "s-5")}
    same = lambda a, b: ImageChops.difference(backs[a], backs[b]).getbbox() is None  # noqa: E731
    assert same("s-1", "s-4") and same("s-2", "s-5"), "two Fire backs, two Water backs"
    assert not same("s-1", "s-2") and not same("s-2", "s-3")


def test_tts_export_gives_each_card_its_back(game, tmp_path):
    build(game, BuildOptions(out=tmp_path, tts=True, dpi=40, rulebook=False))
    saved = json.loads((tmp_path / "backs" / "backs-tts.json").read_text(encoding="utf-8"))
    deck = saved["ObjectStates"][0]
    (entry,) = deck["CustomDeck"].values()
    assert entry["UniqueBack"] is True
    back_sheet = Path(entry["BackURL"].removeprefix("file://"))
    face_sheet = Path(entry["FaceURL"].removeprefix("file://"))
    assert back_sheet.name == "spells-1-back.png" and back_sheet.is_file()
    backs, faces = Image.open(back_sheet).convert("RGB"), Image.open(face_sheet).convert("RGB")
    assert backs.size == faces.size
    cols, rows = entry["NumWidth"], entry["NumHeight"]
    w, h = backs.width // cols, backs.height // rows
    cell = lambda index: backs.crop((index % cols * w, index // cols * h, (index % cols + 1) * w,  # noqa: E731
                                     (index // cols + 1) * h))
    assert ImageChops.difference(cell(0), cell(3)).getbbox() is None   # Alpha and Delta: Fire
    assert ImageChops.difference(cell(0), cell(1)).getbbox() is not None  # Bravo: Water
