"""`cardgen build --changed-since`: reprint sheets hold exactly the cards whose printed faces changed since the
build that was printed (read back from the PDF), with their backs; what no layout prints reprints nothing."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from cardgen.build.options import BuildError, BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import load_game
from cardgen.reprint.run import reprint
from tests.pdf_probe import probe

TOML = """\
[game]
title = "Reprints"
players = 2

[decks.heroes]
title = "Heroes"
layout = "face"
back = "plain-back"

[decks.heroes.columns.text]
type = "text"
required = false

[decks.heroes.columns.picture]
type = "art"
required = false

[decks.heroes.columns.notes]
type = "text"
required = false

[decks.places]
title = "Places"
layout = "face"
back = "plain-back"

[decks.places.columns.text]
type = "text"
required = false

[decks.places.columns.picture]
type = "art"
required = false

[decks.places.columns.notes]
type = "text"
required = false
"""

FACE = """\
[boxes.field]
kind = "rect"
x = "-bleed"
y = "-bleed"
w = "W + 2 * bleed"
h = "H + 2 * bleed"
fill = "#f4ead5"

[boxes.name]
kind = "text"
x = 4
y = 4
w = "W - 8"
h = 8
text = "{{ card.name }}"

[boxes.picture]
kind = "art"
column = "{{ card.picture }}"
x = 10
y = 16
w = 20
h = 20

[boxes.text]
kind = "text"
x = 4
y = 50
w = "W - 8"
h = 30
text = "{{ card.text }}"
"""

BACK = """\
[boxes.field]
kind = "rect"
x = "-bleed"
y = "-bleed"
w = "W + 2 * bleed"
h = "H + 2 * bleed"
fill = "#35577d"

[boxes.title]
kind = "text"
x = 4
y = 40
w = "W - 8"
h = 10
text = "{{ deck.title }}backside"
colour = "#ffffff"
"""

HEROES = ("id,name,count,text,picture,notes\n"
          "h-1,Ada,2,Counts engines,sun.png,first\n"
          "h-2,Grace,1,Finds bugs,moon.png,second\n"
          "h-3,Hedy,1,Hops frequencies,sun.png,third\n")
PLACES = "id,name,text,picture,notes\np-1,Harbour,Boats,,\np-2,Market,Stalls,,\n"


def write_game(folder: Path, heroes: str = HEROES, places: str = PLACES) -> Path:
    """The test game in `folder`: two decks of poker cards whose fronts print name, art and text, never `notes`,
    and whose backs print the deck's title."""
    (folder / "layouts").mkdir(parents=True, exist_ok=True)
    (folder / "art").mkdir(exist_ok=True)
    (folder / "game.toml").write_text(TOML, encoding="utf-8")
    (folder / "layouts" / "face.toml").write_text(FACE, encoding="utf-8")
    (folder / "layouts" / "plain-back.toml").write_text(BACK, encoding="utf-8")
    (folder / "heroes.csv").write_text(heroes, encoding="utf-8")
    (folder / "places.csv").write_text(places, encoding="utf-8")
    for name, colour in (("sun.png", (230, 180, 20)), ("moon.png", (90, 90, 160))):
        if not (folder / "art" / name).exists():
            Image.new("RGB", (32, 32), colour).save(folder / "art" / name)
    return folder


@pytest.fixture
def printed(tmp_path) -> tuple[Path, Path]:
    """(game folder, output folder) after a full build: the deck that was printed."""
    game = write_game(tmp_path / "reprints")
    out = tmp_path / "out"
    build(load_game(game), BuildOptions(out=out, rulebook=False))
    return game, out


def again(game: Path, out: Path, since: Path | None = None, **options):
    """The reprint since `since` (default: the printed build's folder) into `out`."""
    return reprint(load_game(game), BuildOptions(out=out, rulebook=False, **options),
                   since or out / "reprints")


def texts(pdf: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(pdf).pages]


def cards_on(pdf: Path, page: int) -> int:
    """How many card faces a page draws: the clips of their bleed boxes (63.5 x 88.9 mm and 3 mm of bleed)."""
    return sum(1 for x, y, w, h in probe(PdfReader(pdf), page).clips if w > 60 and h > 85)


def listed(out: Path) -> list[dict]:
    with (out / "reprints" / "reprint" / "reprint.csv").open(encoding="utf-8", newline="") as stream:
        return list(csv.DictReader(stream))


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_every_build_records_what_each_card_prints(printed):
    _, out = printed
    decks = json.loads((out / "reprints" / "manifest.json").read_text(encoding="utf-8"))["decks"]
    heroes = decks["heroes"]["printed"]
    assert sorted(heroes) == ["h-1", "h-2", "h-3"] and sorted(decks["places"]["printed"]) == ["p-1", "p-2"]
    assert heroes["h-1"]["copies"] == 2 and heroes["h-1"]["name"] == "Ada"
    assert len({card["front"] for card in heroes.values()}) == 3  # three different faces
    assert len({card["back"] for card in heroes.values()}) == 1   # one back for the deck


def test_one_changed_card_is_reprinted_alone_with_its_back(printed):
    game, out = printed
    before = files(out / "reprints")
    write_game(game, heroes=HEROES.replace("Finds bugs", "Writes compilers"))
    result = again(game, out)
    pdf = out / "reprints" / "reprint" / "reprints-reprint-63.5x88.9-a4.pdf"
    assert result.files and pdf.exists()
    front, back = texts(pdf)  # duplex: one page of fronts, one of backs
    assert "Grace" in front and "Writes compilers" in front
    assert not any(word in front for word in ("Ada", "Hedy", "Harbour", "Market", "Finds bugs"))
    assert "Heroesbackside" in back and "Placesbackside" not in back
    assert cards_on(pdf, 0) == 1 and cards_on(pdf, 1) == 1
    assert [(row["deck"], row["card"], row["name"], row["action"], row["copies"], row["why"]) for row in listed(out)] \
        == [("heroes", "h-2", "Grace", "print", "1", "front changed")]
    assert "1 x Grace (h-2): front changed" in (out / "reprints" / "reprint" / "reprint.txt").read_text(encoding="utf-8")
    after = files(out / "reprints")  # the full build's files are as they were
    assert {name: data for name, data in after.items() if not name.startswith("reprint/")} == before


def test_a_column_no_layout_prints_reprints_nothing(printed):
    game, out = printed
    write_game(game, heroes=HEROES.replace("first", "changed notes"))
    result = again(game, out)
    assert result.changes == [] and result.files == []
    assert "nothing to reprint" in result.notes[-1]
    assert not (out / "reprints" / "reprint").exists()


def test_a_changed_art_file_reprints_the_cards_that_draw_it(printed):
    game, out = printed
    Image.new("RGB", (32, 32), (250, 100, 0)).save(game / "art" / "sun.png")
    again(game, out)
    assert [(row["card"], row["copies"], row["why"]) for row in listed(out)] == [("h-1", "2", "front changed"),
                                                                                ("h-3", "1", "front changed")]
    pdf = out / "reprints" / "reprint" / "reprints-reprint-63.5x88.9-a4.pdf"
    front = texts(pdf)[0]
    assert "Ada" in front and "Hedy" in front and "Grace" not in front
    assert cards_on(pdf, 0) == 3  # Ada's two copies and Hedy


def test_a_file_touched_but_not_changed_reprints_nothing(printed):
    game, out = printed
    art = game / "art" / "moon.png"
    art.write_bytes(art.read_bytes())  # a new date, the same picture
    assert again(game, out).changes == []


def test_new_cards_more_copies_and_removed_cards_are_listed(printed):
    game, out = printed
    heroes = HEROES.replace("h-1,Ada,2", "h-1,Ada,3").replace("h-3,Hedy,1,Hops frequencies,sun.png,third\n", "")
    write_game(game, heroes=heroes + "h-4,Lin,1,Builds bridges,moon.png,\n",
               places=PLACES.replace("p-1,Harbour,Boats,,\n", ""))
    result = again(game, out)
    rows = [(row["deck"], row["card"], row["name"], row["action"], row["copies"], row["why"]) for row in listed(out)]
    assert rows == [("heroes", "h-1", "Ada", "print", "1", "1 more copy (2 -> 3)"),
                    ("heroes", "h-4", "Lin", "print", "1", "new card"),
                    ("heroes", "h-3", "Hedy", "remove", "1", "no longer in the game"),
                    ("places", "p-1", "Harbour", "remove", "1", "no longer in the game")]
    front = texts(out / "reprints" / "reprint" / "reprints-reprint-63.5x88.9-a4.pdf")[0]
    assert "Ada" in front and "Lin" in front and "Hedy" not in front
    assert result.copies == 2
    text = (out / "reprints" / "reprint" / "reprint.txt").read_text(encoding="utf-8")
    assert "Take out of the printed decks:" in text and "1 x Harbour (p-1): no longer in the game" in text


def test_decks_of_one_size_share_the_reprint_sheet_each_card_with_its_own_back(printed):
    game, out = printed
    write_game(game, heroes=HEROES.replace("Ada", "Ada King"), places=PLACES.replace("Stalls", "Stands"))
    result = again(game, out, duplex="none")
    folder = out / "reprints" / "reprint"
    assert sorted(p.name for p in folder.glob("*.pdf")) == ["reprints-reprint-63.5x88.9-a4-backs.pdf",
                                                             "reprints-reprint-63.5x88.9-a4.pdf"]
    front = texts(folder / "reprints-reprint-63.5x88.9-a4.pdf")
    backs = texts(folder / "reprints-reprint-63.5x88.9-a4-backs.pdf")
    assert len(front) == len(backs) == 1 and result.pages == 1
    assert "Ada King" in front[0] and "Market" in front[0] and "Grace" not in front[0]
    assert "Heroesbackside" in backs[0] and "Placesbackside" in backs[0]
    assert cards_on(folder / "reprints-reprint-63.5x88.9-a4.pdf", 0) == 3  # Ada's two copies and the Market


def test_the_next_reprint_can_be_made_since_this_one(printed):
    game, out = printed
    write_game(game, heroes=HEROES.replace("Finds bugs", "Writes compilers"))
    again(game, out)
    keep = out / "first-reprint"
    (out / "reprints" / "reprint").rename(keep)
    assert again(game, out, since=keep).changes == []  # the reprint records every card as it now prints
    write_game(game, heroes=HEROES.replace("Finds bugs", "Writes compilers"), places=PLACES.replace("Boats", "Ships"))
    assert [(row["card"], row["why"]) for row in (again(game, out, since=keep) and listed(out))] == \
        [("p-1", "front changed")]


def test_a_reprint_after_an_unchanged_build_and_the_build_after_a_reprint(printed):
    game, out = printed
    options = BuildOptions(out=out, rulebook=False)
    assert build(load_game(game), options).unchanged  # nothing changed: the build's short cut
    write_game(game, heroes=HEROES.replace("Grace", "Grace Hopper"))
    assert [row["card"] for row in (again(game, out) and listed(out))] == ["h-2"]
    rebuilt = build(load_game(game), options)
    assert not rebuilt.unchanged and (out / "reprints" / "reprint" / "reprint.csv").exists()  # left alone
    assert build(load_game(game), options).unchanged  # the reprint's folder is not an input of the build
    assert again(game, out).changes == []  # since the new full build


def test_reprints_are_byte_identical(printed, tmp_path):
    game, out = printed
    write_game(game, heroes=HEROES.replace("Finds bugs", "Writes compilers"))
    other = tmp_path / "other"
    again(game, out)
    again(game, other, since=out / "reprints")
    assert files(out / "reprints" / "reprint") == files(other / "reprints" / "reprint")


def test_a_manifest_of_an_older_cardgen_is_refused_with_what_to_do(printed, cli):
    game, out = printed
    manifest = out / "reprints" / "manifest.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    for deck in data["decks"].values():
        del deck["printed"]
    old = out / "old.json"
    old.write_text(json.dumps(data), encoding="utf-8")
    result = cli("build", game, "--out", out, "--no-rulebook", "--changed-since", old)
    assert result.exit_code == 2
    assert "older cardgen" in result.output and "build once, print, then use --changed-since" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("content, message", [
    ("{not json", "old.json:1: not a manifest.json of cardgen build"),
    ('{"game": "another", "decks": {}}', "is the manifest of game 'another', not of 'reprints'"),
])
def test_a_file_that_is_not_this_games_manifest_is_refused(printed, tmp_path, content, message):
    game, out = printed
    (tmp_path / "old.json").write_text(content, encoding="utf-8")
    with pytest.raises(BuildError, match=message.replace("(", r"\(")):
        again(game, out, since=tmp_path / "old.json")
    with pytest.raises(BuildError, match=r"holds no manifest\.json"):
        again(game, out, since=tmp_path)


def test_cli(printed, cli):
    game, out = printed
    result = cli("build", game, "--out", out, "--no-rulebook", "--changed-since", out)  # OUT/<slug>/ is found
    assert result.exit_code == 0 and "no card prints differently" in result.output
    write_game(game, heroes=HEROES.replace("Hops frequencies", "Patents radios"))
    result = cli("build", game, "--out", out, "--no-rulebook", "--changed-since", out / "reprints" / "manifest.json")
    assert result.exit_code == 0, result.output
    assert "1 card to print (1 copy); 2 pages to print" in result.output and "1 x Hedy (h-3): front changed" in result.output
    refused = cli("build", game, "--out", out, "--png", "--changed-since", out)
    assert refused.exit_code == 2 and "leave out --png" in refused.output


def test_a_changed_back_reprints_every_card_of_its_deck(printed):
    game, out = printed
    (game / "layouts" / "plain-back.toml").write_text(BACK.replace("#35577d", "#7d3535"), encoding="utf-8")
    again(game, out)
    rows = [(row["deck"], row["card"], row["copies"], row["why"]) for row in listed(out)]
    assert rows == [("heroes", "h-1", "2", "back changed"), ("heroes", "h-2", "1", "back changed"),
                    ("heroes", "h-3", "1", "back changed"), ("places", "p-1", "1", "back changed"),
                    ("places", "p-2", "1", "back changed")]


def test_a_game_folder_moved_elsewhere_reprints_nothing(printed, tmp_path):
    game, out = printed
    moved = tmp_path / "elsewhere" / "reprints"
    moved.parent.mkdir()
    game.rename(moved)
    assert again(moved, out).changes == []


def test_a_packed_build_records_what_each_card_prints_too(tmp_path):
    game = write_game(tmp_path / "reprints")
    out = tmp_path / "out"
    build(load_game(game), BuildOptions(out=out, rulebook=False, pack_decks=True))
    write_game(game, places=PLACES.replace("Market", "Bazaar"))
    assert [(row["card"], row["name"]) for row in (again(game, out) and listed(out))] == [("p-2", "Bazaar")]


def test_each_card_size_gets_its_own_reprint_file(tmp_path):
    game = write_game(tmp_path / "reprints")
    (game / "game.toml").write_text(TOML.replace('title = "Places"\n', 'title = "Places"\ncard_size = "mini"\n'),
                                    encoding="utf-8")
    out = tmp_path / "out"
    build(load_game(game), BuildOptions(out=out, rulebook=False))
    write_game(game, heroes=HEROES.replace("Grace", "Grace Hopper"), places=PLACES.replace("Market", "Bazaar"))
    (game / "game.toml").write_text(TOML.replace('title = "Places"\n', 'title = "Places"\ncard_size = "mini"\n'),
                                    encoding="utf-8")
    again(game, out)
    folder = out / "reprints" / "reprint"
    assert sorted(p.name for p in folder.glob("*.pdf")) == ["reprints-reprint-44.5x63.5-a4.pdf",
                                                             "reprints-reprint-63.5x88.9-a4.pdf"]
    assert "Bazaar" in texts(folder / "reprints-reprint-44.5x63.5-a4.pdf")[0]
    assert "Grace Hopper" in texts(folder / "reprints-reprint-63.5x88.9-a4.pdf")[0]
    assert [(row["card"], row["file"], row["sheet"]) for row in listed(out)] == [
        ("h-2", "reprints-reprint-63.5x88.9-a4.pdf", "1"), ("p-2", "reprints-reprint-44.5x63.5-a4.pdf", "1")]
