"""`--pack-decks`: decks of one card size share sheets, one file per size, every card's own back behind it.

Measured in the PDFs: where poppler reads each front's and back's word, and where each back's form
lands (its trim box) once the sheet is turned over, against the front's trim box, to 0.01 mm.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from pypdf import PdfReader

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import load_game
from cardgen.impose import SheetOptions, impose, paper
from cardgen.impose.shared_sheets import share_sheets
from tests.cardgen.test_card_backs import words
from tests.pdf_probe import probe

TOML = """\
[game]
title = "Packs"
players = 2

[decks.one]
title = "One"
layout = "face"
back = "deck-back"

[decks.five]
title = "Five"
layout = "face"
back = "card-back"

[decks.two]
title = "Two"
layout = "face"
back = "deck-back"

[decks.three]
title = "Three"
layout = "face"
back = "deck-back"
"""
MINIS = """
[decks.minis]
title = "Minis"
layout = "face"
back = "deck-back"
card_size = "mini"
"""
# the same box on both sides, the word centred: a front's word and its back's sit alike on their cards
FACE = """\
[boxes.word]
kind = "text"
x = 2
y = 30
w = "W - 4"
h = 10
text = "F{{ card.name }}"
size = 12
align = "center"
"""
CSV = {"one_csv": "id,name\no-1,one\n", "two_csv": "id,name\nt-1,two\n", "three_csv": "id,name\nth-1,three\n",
       "five_csv": "id,name\n" + "".join(f"f-{i},five{i}\n" for i in range(1, 6))}
POKER = (63.5, 88.9)
TOLERANCE = 0.01  # mm


@pytest.fixture
def packs(make_game):
    """Three decks of one poker card and one of five, each back printing "B" and its deck's id, except the
    five-card deck's, which prints each card's own name; with `minis`, a deck of two mini cards too."""

    def make(minis: bool = False):
        files = dict(CSV, minis_csv="id,name\nm-1,miniA\nm-2,miniB\n") if minis else CSV
        folder = make_game(toml=TOML + (MINIS if minis else ""), name="packs", **files)
        (folder / "heroes.csv").unlink()
        (folder / "layouts").mkdir()
        (folder / "layouts" / "face.toml").write_text(FACE, encoding="utf-8")
        (folder / "layouts" / "deck-back.toml").write_text(FACE.replace("F{{ card.name }}", "B{{ deck.id }}"),
                                                           encoding="utf-8")
        (folder / "layouts" / "card-back.toml").write_text(FACE.replace("F{{ card.name }}", "B{{ card.name }}"),
                                                           encoding="utf-8")
        return load_game(folder)

    return make


def expected_back(front_word: str) -> str:
    """The back each front must have: its card's name on the five-card deck, else its deck's id."""
    return "B" + front_word[1:]  # the one-card decks' cards are named after their decks


def cards(found) -> dict[str, tuple[float, float]]:
    """Each card's word (F... or B...) and its centre, leaving out the footer's words."""
    return {text: (x, y) for x, y, text in found if text[0] in "FB" and text[1:].rstrip("12345") in
            ("one", "two", "three", "five", "miniA", "miniB", "minis")}


def back_trims(reader: PdfReader, index: int, size: tuple[float, float]) -> list[tuple[float, float, float, float]]:
    """Trim boxes (x, y, w, h) of the backs on a page: every back is placed as a form at its trim's corner."""
    w, h = size
    return [(x, y - h, w, h) for _name, x, y in probe(reader, index).placements]


def turned_over(box, width: float, height: float, flip: str):
    """Where a box of a backs page lands, seen from the front, once the sheet turns over on its `flip` edge:
    about the vertical axis for the long edge of a portrait page (or the short edge of a landscape one)."""
    x, y, w, h = box
    mirror_x = (flip == "long") == (width <= height)
    return (width - x - w, y, w, h) if mirror_x else (x, height - y - h, w, h)


def close(a, b) -> bool:
    return all(abs(p - q) <= TOLERANCE for p, q in zip(a, b))


def test_decks_continue_in_the_next_free_slot_grouped_by_card_size():
    poker = impose(SheetOptions(paper("a4"), *POKER))
    mini = impose(SheetOptions(paper("a4"), 44.5, 63.5))
    shared = share_sheets([("a", "A", 8, poker), ("m", "M", 2, mini), ("b", "B", 3, poker), ("c", "C", 9, poker)])
    assert [[(s.key, s.start, s.count) for s in group.sections] for group in shared] == [
        [("a", 0, 8), ("b", 8, 3), ("c", 11, 9)], [("m", 0, 2)]]
    first = shared[0]
    assert (first.total, first.count, first.size_name()) == (20, 3, "63.5x88.9")  # 9 poker cards a sheet
    assert [list(s.sheets(poker.per_page)) for s in first.sections] == [[1], [1, 2], [2, 3]]


def test_small_decks_share_one_sheet(packs, tmp_path):
    game = packs()
    alone = build(game, BuildOptions(out=tmp_path / "alone", rulebook=False))
    packed = build(game, BuildOptions(out=tmp_path / "packed", rulebook=False, pack_decks=True))
    assert alone.pages == 8 and packed.pages == 2, "four decks on a sheet each; then 8 cards on one 9-card sheet"
    assert alone.cards == packed.cards == 8
    folder = tmp_path / "packed" / "packs"
    assert sorted(p.name for p in folder.glob("*.pdf")) == ["packs-decks-63.5x88.9-a4.pdf",
                                                             "packs-duplex-test-a4.pdf"]
    reader = PdfReader(folder / "packs-decks-63.5x88.9-a4.pdf")
    assert len(reader.pages) == 2
    assert reader.metadata.title == "Packs: One, Five, Two, Three"
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["shared_sheets"] == {"packs-decks-63.5x88.9-a4.pdf": {
        "card_size": list(POKER), "decks": ["one", "five", "two", "three"], "pages": 2}}
    assert {deck: (entry["file"], entry["pages"], entry["cards"]) for deck, entry in manifest["decks"].items()} == {
        deck: ("packs-decks-63.5x88.9-a4.pdf", [1, 2], count) for deck, count in
        (("one", 1), ("five", 5), ("two", 1), ("three", 1))}


def test_page_footers_name_the_decks_on_each_page(packs, tmp_path):
    # fold sheets hold four poker cards (and their backs) on A4: One and three of Five, then two of Five,
    # Two and Three
    build(packs(), BuildOptions(out=tmp_path, sheet="fold", rulebook=False, pack_decks=True))
    reader = PdfReader(tmp_path / "packs" / "packs-decks-63.5x88.9-a4.pdf")
    texts = [page.extract_text() for page in reader.pages]
    assert len(texts) == 2
    for number, decks in enumerate(("One, Five", "Five, Two, Three"), start=1):
        assert f"Packs: {decks} · page {number}/2 · fold" in texts[number - 1], texts[number - 1]
    manifest = json.loads((tmp_path / "packs" / "manifest.json").read_text(encoding="utf-8"))
    assert {deck: entry["pages"] for deck, entry in manifest["decks"].items()} == {
        "one": [1], "five": [1, 2], "two": [2], "three": [2]}


def test_a_page_of_many_decks_still_gets_a_footer(make_game, tmp_path):
    # nine one-card decks with long titles on one A4 page: naming them all does not fit beside the crop marks
    toml = '[game]\ntitle = "Many"\nplayers = 2\n' + "".join(
        f'\n[decks.d{i}]\ntitle = "The extraordinarily long deck of number {i}"\n' for i in range(1, 10))
    folder = make_game(toml=toml, name="many", **{f"d{i}_csv": f"id,name\nc-{i},Card {i}\n" for i in range(1, 10)})
    (folder / "heroes.csv").unlink()
    result = build(load_game(folder), BuildOptions(out=tmp_path, rulebook=False, pack_decks=True))
    assert result.pages == 2 and not [note for note in result.notes if "footer" in note], result.notes
    texts = [page.extract_text() for page in PdfReader(tmp_path / "many" / "many-decks-63.5x88.9-a4.pdf").pages]
    assert "9 decks · fronts, page 1/1" in texts[0] and "9 decks · backs, page 1/1" in texts[1], texts


@pytest.mark.parametrize("sheet", ["butted", "gutter"])
@pytest.mark.parametrize("duplex,flip", [("long", "long"), ("short", "long"), ("none", "long"), ("none", "short")])
def test_each_back_is_its_own_cards_and_lands_on_its_front(packs, tmp_path, duplex, flip, sheet):
    build(packs(), BuildOptions(out=tmp_path, duplex=duplex, flip=flip, sheet=sheet, rulebook=False,
                                pack_decks=True))
    pdf = tmp_path / "packs" / "packs-decks-63.5x88.9-a4.pdf"
    fronts = PdfReader(pdf)
    backs_pdf = pdf.with_name(pdf.stem + "-backs.pdf") if duplex == "none" else pdf
    backs = PdfReader(backs_pdf)
    turn = flip if duplex == "none" else duplex
    sheets = len(backs.pages) if duplex == "none" else len(fronts.pages) // 2
    assert sheets == (1 if sheet == "butted" else 2)
    seen = []
    for number in range(sheets):
        front_index, back_index = (number, number) if duplex == "none" else (2 * number, 2 * number + 1)
        front_words = cards(words(pdf, front_index + 1, tmp_path))
        back_words = cards(words(backs_pdf, back_index + 1, tmp_path))
        trims = back_trims(backs, back_index, POKER)
        page = probe(fronts, front_index)
        assert len(trims) == len(front_words) == len(back_words)
        for trim in trims:
            (back_word,) = [t for t, (x, y) in back_words.items()
                            if trim[0] <= x <= trim[0] + trim[2] and trim[1] <= y <= trim[1] + trim[3]]
            bx, by = back_words[back_word]
            depth = by - trim[1]  # how far down its card the word sits; the same on the front
            landed = turned_over(trim, page.width, page.height, flip=turn)
            (front_word,) = [t for t, (x, y) in front_words.items()
                             if landed[0] <= x <= landed[0] + landed[2] and landed[1] <= y <= landed[1] + landed[3]]
            fx, fy = front_words[front_word]
            front_trim = (fx - POKER[0] / 2, fy - depth, *POKER)  # measured from the front's centred word
            assert close(front_trim, landed), (front_word, front_trim, landed)
            assert abs(bx - (trim[0] + POKER[0] / 2)) <= TOLERANCE  # the back's word centred on its own card
            assert back_word == expected_back(front_word), (front_word, back_word)
            seen.append(front_word)
    assert sorted(seen) == sorted(["Fone", "Ftwo", "Fthree"] + [f"Ffive{i}" for i in range(1, 6)])


def test_fold_sheets_put_each_cards_own_back_beside_it(packs, tmp_path):
    build(packs(), BuildOptions(out=tmp_path, sheet="fold", rulebook=False, pack_decks=True))
    folder = tmp_path / "packs"
    assert not list(folder.glob("*backs*"))
    pdf = folder / "packs-decks-63.5x88.9-a4.pdf"
    reader = PdfReader(pdf)
    assert len(reader.pages) == 2, "four pairs per A4 page: 8 cards on 2 pages instead of 1 + 2 + 1 + 1"
    seen = []
    for index in range(len(reader.pages)):
        found = cards(words(pdf, index + 1, tmp_path))
        for trim in back_trims(reader, index, POKER):
            (back_word,) = [t for t, (x, y) in found.items() if t[0] == "B"
                            and trim[0] <= x <= trim[0] + trim[2] and trim[1] <= y <= trim[1] + trim[3]]
            depth = found[back_word][1] - trim[1]
            # folded on its left edge, the back turns over onto the card just left of it
            beside = (trim[0] - POKER[0], trim[1], *POKER)
            (front_word,) = [t for t, (x, y) in found.items() if t[0] == "F"
                             and beside[0] <= x <= beside[0] + beside[2] and beside[1] <= y <= beside[1] + beside[3]]
            fx, fy = found[front_word]
            assert close((fx - POKER[0] / 2, fy - depth, *POKER), beside), (front_word, beside)
            assert back_word == expected_back(front_word)
            seen.append(front_word)
    assert len(seen) == 8 and len(set(seen)) == 8


def test_a_deck_of_another_size_gets_its_own_file(packs, tmp_path):
    result = build(packs(minis=True), BuildOptions(out=tmp_path, rulebook=False, pack_decks=True))
    folder = tmp_path / "packs"
    minis = folder / "packs-decks-44.5x63.5-a4.pdf"
    poker = PdfReader(folder / "packs-decks-63.5x88.9-a4.pdf")
    assert len(poker.pages) == 2 and len(PdfReader(minis).pages) == 2 and result.pages == 4
    assert set(cards(words(minis, 1, tmp_path))) == {"FminiA", "FminiB"}
    assert set(cards(words(minis, 2, tmp_path))) == {"Bminis"}
    assert not {"FminiA", "FminiB"} & set(cards(words(folder / "packs-decks-63.5x88.9-a4.pdf", 1, tmp_path)))
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["decks"]["minis"]["file"] == "packs-decks-44.5x63.5-a4.pdf"
    assert manifest["shared_sheets"]["packs-decks-44.5x63.5-a4.pdf"]["decks"] == ["minis"]


@pytest.mark.parametrize("duplex", ["long", "none"])
def test_two_packed_builds_are_byte_identical(packs, tmp_path, duplex):
    game = packs(minis=True)
    digests = []
    for run in ("a", "b"):
        build(game, BuildOptions(out=tmp_path / run, duplex=duplex, rulebook=False, pack_decks=True))
        digests.append({p.name: hashlib.sha256(p.read_bytes()).hexdigest()
                        for p in sorted((tmp_path / run / "packs").iterdir())})
    assert digests[0] == digests[1] and len(digests[0]) >= 3


def test_without_the_flag_the_manifest_does_not_mention_it(packs, tmp_path):
    build(packs(), BuildOptions(out=tmp_path, rulebook=False))
    manifest = json.loads((tmp_path / "packs" / "manifest.json").read_text(encoding="utf-8"))
    assert "pack_decks" not in manifest["options"] and "shared_sheets" not in manifest
    assert sorted(p.name for p in (tmp_path / "packs").glob("packs-*-a4.pdf")) == [
        "packs-duplex-test-a4.pdf", "packs-five-a4.pdf", "packs-one-a4.pdf", "packs-three-a4.pdf", "packs-two-a4.pdf"]


def test_cli_option(packs, cli, tmp_path):
    game = packs()
    result = cli("build", game.root, "--pack-decks", "--no-rulebook", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "8 cards on 2 pages" in result.output
    assert (tmp_path / "packs" / "packs-decks-63.5x88.9-a4.pdf").is_file()
    assert "--pack-decks" in cli("build", "--help").output
