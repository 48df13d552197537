"""Rebuilds keep what did not change: nothing changed writes nothing; one changed cell re-makes only what shows
it; and whatever a rebuild keeps or re-makes, the folder ends byte for byte as a clean build would leave it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.build.options import BuildError, BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import load_game

TOML = """\
[game]
title = "Two decks"
players = [2, 4]

[decks.heroes]
title = "Heroes"

[decks.heroes.columns.text]
type = "text"
required = false

[decks.places]
title = "Places"

[decks.places.columns.text]
type = "text"
required = false

[tokens.coin]
title = "Coin"
count = 4
"""

HEROES = "id,name,count,text\nh-1,Ada,2,**Bold** move\nh-2,Grace,1,Quiet\n"
PLACES = "id,name,text\np-1,Harbour,Boats\np-2,Market,Stalls\n"


@pytest.fixture
def two_decks(make_game) -> Path:
    return make_game(toml=TOML, name="two", heroes_csv=HEROES, places_csv=PLACES)


def options(out: Path, **more) -> BuildOptions:
    return BuildOptions(out=out, tokens=True, single=True, png=True, dpi=72, rulebook=False, **more)


def times(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in sorted(folder.rglob("*")) if p.is_file()}


def contents(folder: Path) -> dict[str, bytes | dict]:
    """Every file's bytes, leaving out the PNG and Tabletop Simulator records of what was drawn when (they hold
    file times), and the manifest as data without their checksums."""
    def record(name: str) -> bool:
        return name.endswith("-cache.json")

    found: dict[str, bytes | dict] = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and not record(p.name)):
        name = str(path.relative_to(folder))
        found[name] = path.read_bytes()
        if name == "manifest.json":
            manifest = json.loads(found[name])
            manifest["files"] = {k: v for k, v in manifest["files"].items() if not record(Path(k).name)}
            found[name] = manifest
    return found


def test_nothing_changed_writes_nothing_and_says_so(two_decks: Path, tmp_path: Path):
    first = build(load_game(two_decks), options(tmp_path / "out"))
    before = times(tmp_path / "out" / "two")
    again = build(load_game(two_decks), options(tmp_path / "out"))
    assert again.unchanged and again.files == [] and again.kept == len(json.loads(
        (tmp_path / "out" / "two" / "manifest.json").read_text())["files"]) + 1  # and the manifest
    assert times(tmp_path / "out" / "two") == before
    assert (again.cards, again.pages, again.warnings) == (first.cards, first.pages, first.warnings)


def test_one_changed_cell_remakes_only_its_deck_and_ends_as_a_clean_build(two_decks: Path, tmp_path: Path):
    out = tmp_path / "out"
    build(load_game(two_decks), options(out))
    before = times(out / "two")
    (two_decks / "places.csv").write_text(PLACES.replace("Harbour", "Harbour town"), encoding="utf-8")
    result = build(load_game(two_decks), options(out))
    after = times(out / "two")
    assert not result.unchanged and result.kept == 2  # the heroes' sheets and their single-card PDF
    for name in ("two-heroes-a4.pdf", "two-heroes-single.pdf"):
        assert after[name] == before[name], name
    for name in ("two-places-a4.pdf", "two-places-single.pdf"):
        assert after[name] != before[name], name
    build(load_game(two_decks), options(tmp_path / "clean"))
    assert contents(out / "two") == contents(tmp_path / "clean" / "two")


@pytest.mark.parametrize("change", ["layout", "option", "edited output", "deleted output", "art"])
def test_what_a_file_is_made_from_changing_remakes_it(two_decks: Path, tmp_path: Path, change: str):
    out = tmp_path / "out"
    (two_decks / "layouts").mkdir()
    (two_decks / "layouts" / "standard.toml").write_text('extends = "common/standard"\n', encoding="utf-8")
    (two_decks / "art").mkdir()
    (two_decks / "art" / "note.txt").write_text("one", encoding="utf-8")
    build(load_game(two_decks), options(out))
    before = times(out / "two")
    more = {}
    if change == "layout":
        (two_decks / "layouts" / "standard.toml").write_text('extends = "common/standard"\n[style]\nink = "#203040"\n',
                                                             encoding="utf-8")
    elif change == "option":
        more = {"bleed": 2.0}
    elif change == "edited output":
        (out / "two" / "two-heroes-a4.pdf").write_bytes(b"not a pdf")
    elif change == "deleted output":
        (out / "two" / "two-heroes-a4.pdf").unlink()
    else:  # any file of the game folder is an input, read by content
        (two_decks / "art" / "note.txt").write_text("two", encoding="utf-8")
    result = build(load_game(two_decks), options(out, **more))
    assert not result.unchanged
    assert times(out / "two").get("two-heroes-a4.pdf") != before["two-heroes-a4.pdf"]
    build(load_game(two_decks), options(tmp_path / "clean", **more))
    assert contents(out / "two") == contents(tmp_path / "clean" / "two")


def test_a_touched_file_with_the_same_content_changes_nothing(two_decks: Path, tmp_path: Path):
    build(load_game(two_decks), options(tmp_path / "out"))
    (two_decks / "places.csv").write_text(PLACES, encoding="utf-8")  # new time, same bytes
    assert build(load_game(two_decks), options(tmp_path / "out")).unchanged


def test_strict_still_refuses_an_unchanged_build_that_warned(make_game, tmp_path: Path):
    long_name = "id,name,count,text\nh-1," + "Extraordinarily long name " * 6 + ",1,\n"
    folder = make_game(toml=TOML, name="two", heroes_csv=long_name, places_csv=PLACES)
    first = build(load_game(folder), options(tmp_path / "out"))
    assert first.warnings
    with pytest.raises(BuildError, match="--strict"):
        build(load_game(folder), options(tmp_path / "out", strict=True))
