"""Per-card PNG export: the files, their sizes, and rebuilds that redraw only what changed."""

from __future__ import annotations

import csv
import io
import shutil

import pytest
from PIL import Image

from cardgen.export.pngs import CACHE, PngOptions, export_pngs
from cardgen.gamedata import card_data_dir, load_game
from cardgen.build.staging import Staging
from cardgen.render.png_draw import pixel_size
from tests.conftest import MINIMAL_TOML

ART_TOML = MINIMAL_TOML.replace('title = "Heroes"\n', 'title = "Heroes"\nlayout = "hero"\n') + """
[decks.heroes.columns.art]
type = "art"
"""
ART_CSV = "id,name,power,side,count,art\nh-1,Ada,3,light,2,a.png\nh-2,Grace,5,dark,1,b.png\n"
HERO_LAYOUT = 'extends = "standard"\n[boxes.art]\ncolumn = "{{ card.art }}"\n'


def export(game, out, **options):
    with Staging(out / game.slug) as staging:
        report = export_pngs(game, PngOptions(**options), staging)
        staging.commit()
    return report


def snapshot(folder):
    """Each PNG's bytes and modification time."""
    return {p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.rglob("*.png")}


def art_game(make_game):
    folder = make_game(toml=ART_TOML, heroes_csv=ART_CSV)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "hero.toml").write_text(HERO_LAYOUT, encoding="utf-8")
    (folder / "art").mkdir()
    Image.new("RGB", (40, 30), (200, 40, 40)).save(folder / "art" / "a.png")
    Image.new("RGB", (40, 30), (40, 40, 200)).save(folder / "art" / "b.png")
    return folder


def test_each_distinct_front_and_each_back_is_a_png(make_game, tmp_path):
    game = load_game(make_game())
    report = export(game, tmp_path, bleed=3.0)
    folder = tmp_path / "tiny"
    assert sorted(report.files) == ["png/heroes-back.png", "png/heroes/h-1.png", "png/heroes/h-2.png"]
    assert (report.drawn, report.reused) == (3, 0)
    assert (folder / CACHE).is_file()
    for name in report.files:
        with Image.open(folder / name) as image:
            assert image.size == pixel_size(63.5 + 6, 88.9 + 6, 300) == (821, 1121)
            assert tuple(round(v) for v in image.info["dpi"]) == (300, 300)


def test_nothing_changed_draws_nothing(make_game, tmp_path):
    game = load_game(make_game())
    first = export(game, tmp_path)
    before = snapshot(tmp_path / "tiny")
    again = export(load_game(game.root), tmp_path)
    assert (again.drawn, again.reused) == (0, 3)
    assert again.files == first.files
    assert snapshot(tmp_path / "tiny") == before


def test_one_changed_cell_redraws_exactly_that_card(tmp_path):
    folder = tmp_path / "unsettled_immigration"
    shutil.copytree(card_data_dir() / "unsettled_immigration", folder)
    game = load_game(folder)
    serial = export(game, tmp_path / "serial", workers=1)
    pooled = export(game, tmp_path / "pooled", workers=2)
    assert serial.files == pooled.files  # the same bytes from one process or several
    assert pooled.drawn == sum(deck.distinct + 1 for deck in game.decks)
    before = snapshot(tmp_path / "pooled" / game.slug)

    path = folder / "op.csv"
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))
    rows[3][rows[0].index("name")] += " Deluxe"
    text = io.StringIO()
    csv.writer(text, lineterminator="\n").writerows(rows)
    path.write_text(text.getvalue(), encoding="utf-8")
    report = export(load_game(folder), tmp_path / "pooled")

    changed = f"png/op/{rows[3][0]}.png"
    assert (report.drawn, report.reused) == (1, pooled.drawn - 1)
    after = snapshot(tmp_path / "pooled" / game.slug)
    assert {name for name in after if after[name] != before[name]} == {changed}


def test_changed_art_or_layout_redraws_the_cards_that_use_it(make_game, tmp_path):
    folder = art_game(make_game)
    assert export(load_game(folder), tmp_path).drawn == 3
    Image.new("RGB", (40, 30), (10, 200, 10)).save(folder / "art" / "a.png")
    report = export(load_game(folder), tmp_path)
    assert (report.drawn, report.reused) == (1, 2)  # only Ada shows a.png
    (folder / "layouts" / "hero.toml").write_text(HERO_LAYOUT + '[style]\naccent = "#aa0000"\n', encoding="utf-8")
    report = export(load_game(folder), tmp_path)
    assert (report.drawn, report.reused) == (2, 1)  # both fronts; the back has its own layout


def test_a_failed_build_leaves_the_earlier_images(make_game, tmp_path):
    folder = make_game()
    export(load_game(folder), tmp_path)
    before = snapshot(tmp_path / "tiny")
    (folder / "heroes.csv").write_text("id,name,power,side,count,text\nh-1,Ada Changed,3,light,2,\n"
                                       "h-2,Grace,5,dark,1,\n", encoding="utf-8")
    with pytest.raises(RuntimeError), Staging(tmp_path / "tiny") as staging:
        assert export_pngs(load_game(folder), PngOptions(), staging).drawn == 1
        raise RuntimeError("a later step of the build fails")
    assert snapshot(tmp_path / "tiny") == before
    assert export(load_game(folder), tmp_path).drawn == 1  # the record was not updated either


def test_images_of_removed_cards_are_reported_and_removed(make_game, tmp_path):
    folder = make_game()
    export(load_game(folder), tmp_path)
    (folder / "heroes.csv").write_text("id,name,power,side,count,text\nh-1,Ada,3,light,2,\n", encoding="utf-8")
    with Staging(tmp_path / "tiny") as staging:
        report = export_pngs(load_game(folder), PngOptions(), staging)
        staging.commit()
    assert report.stale == ["png/heroes/h-2.png"]
    assert (report.drawn, report.reused) == (1, 1)  # Ada's number goes from 1/2 to 1/1; the back stays
    report.remove_stale(tmp_path / "tiny")
    assert not (tmp_path / "tiny" / "png" / "heroes" / "h-2.png").exists()
    assert (tmp_path / "tiny" / "png" / "heroes" / "h-1.png").exists()


def test_a_hand_edited_image_is_drawn_again(make_game, tmp_path):
    folder = make_game()
    export(load_game(folder), tmp_path)
    (tmp_path / "tiny" / "png" / "heroes" / "h-2.png").write_bytes(b"not a card")
    assert export(load_game(folder), tmp_path).drawn == 1


def test_a_layout_naming_a_missing_column_stops_the_export(make_game, tmp_path):
    from cardgen.layout.spec import LayoutError

    folder = art_game(make_game)
    (folder / "layouts" / "hero.toml").write_text(HERO_LAYOUT + '[boxes.extra]\ntext = "{{ card.nope }}"\n'
                                                  'x = 1\ny = 1\nw = 5\nh = 5\n', encoding="utf-8")
    with Staging(tmp_path / "tiny") as staging, pytest.raises(LayoutError, match="column 'nope'"):
        export_pngs(load_game(folder), PngOptions(), staging)
