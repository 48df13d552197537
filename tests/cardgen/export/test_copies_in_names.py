"""Copies in the PNG file names, for shops and ordering tools that read them there: the names, the order
sheet that lists them, renaming without redrawing on a rebuild, the preset setting and its errors."""

from __future__ import annotations

import csv
import json

import pytest

from cardgen.export.pngs import CACHE, ORDER_CSV, PngOptions, export_pngs
from cardgen.gamedata import load_game
from cardgen.build.staging import Staging
from cardgen.export.presets import PresetError, load_presets
from tests.conftest import MINIMAL_CSV


def export(game, out, **options):
    """One export into out/<slug> (copies in the names unless told otherwise), committed and cleaned up as a
    build does it."""
    options.setdefault("copies_in_names", "{stem}_x{copies}")
    with Staging(out / game.slug) as staging:
        report = export_pngs(game, PngOptions(dpi=72, bleed=0, workers=1, **options), staging)
        staging.commit()
    report.remove_stale(out / game.slug)
    return report


def pngs(folder) -> dict[str, bytes]:
    return {p.relative_to(folder / "png").as_posix(): p.read_bytes() for p in sorted((folder / "png").rglob("*.png"))}


def order_rows(folder) -> list[dict]:
    with open(folder / ORDER_CSV, encoding="utf-8", newline="") as stream:
        return [row for row in csv.DictReader(stream) if row["side"] != "total"]


def test_names_carry_the_copies_and_the_order_sheet_lists_them(make_game, tmp_path):
    game = load_game(make_game())
    export(game, tmp_path)
    folder = tmp_path / "tiny"
    assert sorted(pngs(folder)) == ["heroes-back_x3.png", "heroes/h-1_x2.png", "heroes/h-2_x1.png"]
    rows = order_rows(folder)
    assert [(row["file"], row["quantity"]) for row in rows] == [
        ("heroes/h-1_x2.png", "2"), ("heroes/h-2_x1.png", "1"), ("heroes-back_x3.png", "3")]
    for row in rows:  # the quantity in each listed name is the sheet's quantity
        assert row["file"].removesuffix(".png").rsplit("_x", 1)[1] == row["quantity"]
    items = json.loads((folder / "png" / "order.json").read_text())["items"]
    assert [item["file"] for item in items] == [row["file"] for row in rows]


def test_the_same_images_as_plain_names_only_renamed(make_game, tmp_path):
    game = load_game(make_game())
    export(game, tmp_path / "plain", copies_in_names=None)
    export(game, tmp_path / "named", copies_in_names="{stem} x{copies}")
    plain, named = pngs(tmp_path / "plain" / "tiny"), pngs(tmp_path / "named" / "tiny")
    assert sorted(named) == ["heroes-back x3.png", "heroes/h-1 x2.png", "heroes/h-2 x1.png"]
    assert named["heroes/h-1 x2.png"] == plain["heroes/h-1.png"]
    assert named["heroes-back x3.png"] == plain["heroes-back.png"]


def test_per_card_backs_carry_their_cards_copies(backs_game, tmp_path):
    game = load_game(backs_game("s-1,Blaze,Fire,3\ns-2,Flood,Water,2\n"))
    export(game, tmp_path)
    assert sorted(pngs(tmp_path / "backs")) == ["spells-backs/s-1_x3.png", "spells-backs/s-2_x2.png",
                                                "spells/s-1_x3.png", "spells/s-2_x2.png"]


def test_a_count_change_renames_and_keeps_the_images_that_did_not_change(make_game, tmp_path):
    folder = make_game()
    first = export(load_game(folder), tmp_path)
    assert (first.drawn, first.reused) == (3, 0)
    out = tmp_path / "tiny"
    before = pngs(out)
    back_inode = (out / "png" / "heroes-back_x3.png").stat().st_ino
    (folder / "heroes.csv").write_text(MINIMAL_CSV.replace("light,2,", "light,4,"), encoding="utf-8")
    second = export(load_game(folder), tmp_path)
    after = pngs(out)
    assert sorted(after) == ["heroes-back_x5.png", "heroes/h-1_x4.png", "heroes/h-2_x1.png"]  # old names gone
    # the shared back (its picture does not print the total) is renamed, not drawn again: the same file
    assert (out / "png" / "heroes-back_x5.png").stat().st_ino == back_inode
    assert after["heroes-back_x5.png"] == before["heroes-back_x3.png"]
    # h-1's count is one of its fields, so it is drawn again; h-2 is kept as it was
    assert (second.drawn, second.reused, second.renamed) == (1, 2, 1)
    assert after["heroes/h-1_x4.png"] == before["heroes/h-1_x2.png"]  # (the picture prints no count)
    assert [(row["file"], row["quantity"]) for row in order_rows(out)] == [
        ("heroes/h-1_x4.png", "4"), ("heroes/h-2_x1.png", "1"), ("heroes-back_x5.png", "5")]
    cache = json.loads((out / CACHE).read_text())["files"]
    assert sorted(cache) == ["png/heroes-back_x5.png", "png/heroes/h-1_x4.png", "png/heroes/h-2_x1.png"]
    third = export(load_game(folder), tmp_path)  # the renamed file is recorded under its new name
    assert (third.drawn, third.reused, third.renamed) == (0, 3, 0)


def test_turning_names_on_renames_without_drawing(make_game, tmp_path):
    game = load_game(make_game())
    export(game, tmp_path, copies_in_names=None)
    report = export(game, tmp_path)
    assert (report.drawn, report.renamed) == (0, 3)
    assert sorted(pngs(tmp_path / "tiny")) == ["heroes-back_x3.png", "heroes/h-1_x2.png", "heroes/h-2_x1.png"]


def test_the_names_are_deterministic(make_game, tmp_path):
    game = load_game(make_game())
    export(game, tmp_path / "a")
    export(game, tmp_path / "b")
    for name in (ORDER_CSV, "png/order.json"):
        assert (tmp_path / "a" / "tiny" / name).read_bytes() == (tmp_path / "b" / "tiny" / name).read_bytes()
    assert pngs(tmp_path / "a" / "tiny") == pngs(tmp_path / "b" / "tiny")


@pytest.mark.parametrize("value, says", [
    ("{stem}", "must hold {stem} and {copies} once each"),
    ("{stem}/{copies}", "which not every system accepts"),
    ("{stem}_{copies}_{deck}", "no other {name}"),
    ("{stem_x{copies}", "is not a format"),
    ("", "must be a file-name format"),
])
def test_a_bad_format_is_a_clear_error_and_nothing_is_written(make_game, tmp_path, value, says):
    game = load_game(make_game())
    with pytest.raises(ValueError) as caught:
        export(game, tmp_path, copies_in_names=value)
    assert str(caught.value).startswith("--copies-in-names: ") and says in str(caught.value)
    assert not (tmp_path / "tiny" / "png").exists()


def test_formats_that_would_give_two_images_one_name_are_refused(make_game, tmp_path):
    rows = "id,name,power,side,count,text\na1,Ada,3,light,2,\na,Grace,5,dark,12,\n"
    game = load_game(make_game(heroes_csv=rows))
    with pytest.raises(ValueError, match=r"'a1' and 'a' would both be png/heroes/a12\.png"):
        export(game, tmp_path, copies_in_names="{stem}{copies}")


def test_a_preset_may_ask_for_copies_in_names_and_is_checked(tmp_path, make_game):
    presets = tmp_path / "presets.toml"
    presets.write_text('[shop]\ndpi = 300\nbleed = 3\ncopies_in_name = "{copies}x {stem}"\n', encoding="utf-8")
    assert load_presets(presets)["shop"].copies_in_name == "{copies}x {stem}"
    presets.write_text('[shop]\ndpi = 300\nbleed = 3\ncopies_in_name = "{stem}"\n', encoding="utf-8")
    with pytest.raises(PresetError, match=r"presets.toml: \[shop\]: copies_in_name '\{stem\}' must hold"):
        load_presets(presets)
    presets.write_text('[shop]\ndpi = 300\nbleed = 3\ncopies_in_name = true\n', encoding="utf-8")
    with pytest.raises(PresetError, match="copies_in_name must be a file-name format"):
        load_presets(presets)
    assert all(shop.copies_in_name is None for shop in load_presets().values())  # no bundled shop documents one


def test_the_build_option_names_the_files_and_needs_pngs(make_game, tmp_path, cli):
    folder = make_game()
    result = cli("build", folder, "--png", "--copies-in-names", "--no-rulebook", "--dpi", "72", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "tiny" / "png" / "heroes" / "h-1_x2.png").is_file()
    manifest = json.loads((tmp_path / "tiny" / "manifest.json").read_text())
    assert "png/heroes/h-1_x2.png" in manifest["files"] and "png/heroes/h-1.png" not in manifest["files"]
    result = cli("build", folder, "--png", "--copies-in-names={stem}", "--out", tmp_path / "bad")
    assert result.exit_code == 2 and "--copies-in-names: '{stem}' must hold" in result.output
    assert not (tmp_path / "bad" / "tiny").exists()
    result = cli("build", folder, "--copies-in-names", "--out", tmp_path / "none")
    assert result.exit_code == 2 and "add --png" in result.output
