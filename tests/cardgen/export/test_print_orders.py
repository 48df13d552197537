"""Print-shop orders: the order sheet beside the PNGs, exact preset pixel sizes, and Tabletop Simulator URLs."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from click.testing import CliRunner
from PIL import Image

from cardgen.cli import main
from cardgen.export.pngs import ORDER_CSV, ORDER_JSON, PngOptions, export_pngs
from cardgen.export.tts import TtsOptions, export_tts
from cardgen.gamedata import load_game
from cardgen.build.staging import Staging
from cardgen.export.presets import preset
from cardgen.gamedata.cardsizes import CARD_SIZES
from tests.conftest import MINIMAL_TOML


def export(game, out, **options):
    with Staging(out / game.slug) as staging:
        report = export_pngs(game, PngOptions(**options), staging)
        staging.commit()
    return report


def order(folder: Path) -> tuple[list[dict], list[dict], dict]:
    """(image rows, total rows) of order.csv and order.json, after checking every listed file exists."""
    with open(folder / ORDER_CSV, encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    images = [row for row in rows if row["side"] != "total"]
    for row in images:
        assert (folder / "png" / row["file"]).is_file(), row["file"]
    return images, [row for row in rows if row["side"] == "total"], json.loads((folder / ORDER_JSON).read_text())


def check_json(runner: CliRunner, game: str) -> dict:
    result = runner.invoke(main, ["check", game, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_a_bundled_games_order_sheet_matches_check(load_bundled, tmp_path):
    game = load_bundled("unsettled_immigration")
    export(game, tmp_path, dpi=72, bleed=0)
    images, totals, data = order(tmp_path / game.slug)
    counts = check_json(CliRunner(), "unsettled_immigration")["decks"]
    total = sum(deck["cards"] for deck in counts.values())
    assert total > len(counts)
    for side in ("front", "back"):
        assert sum(int(row["quantity"]) for row in images if row["side"] == side) == total
        for deck_id, deck in counts.items():
            assert sum(int(row["quantity"]) for row in images
                       if row["side"] == side and row["deck"] == deck_id) == deck["cards"]
    assert {row["deck"]: int(row["quantity"]) for row in totals if row["deck"]} == \
        {deck_id: deck["cards"] for deck_id, deck in counts.items()}
    assert [int(row["quantity"]) for row in totals if not row["deck"]] == [total]
    assert data["total"] == total
    assert {deck_id: deck["cards"] for deck_id, deck in data["decks"].items()} == \
        {deck_id: deck["cards"] for deck_id, deck in counts.items()}
    assert [{**item, "quantity": str(item["quantity"])} for item in data["items"]] == images


def test_copies_are_listed_and_the_shared_back_carries_the_decks_total(make_game, tmp_path):
    game = load_game(make_game())
    export(game, tmp_path, bleed=0, dpi=72)
    images, _, _ = order(tmp_path / "tiny")
    assert [(row["file"], row["side"], row["card"], row["name"], row["quantity"]) for row in images] == [
        ("heroes/h-1.png", "front", "h-1", "Ada", "2"), ("heroes/h-2.png", "front", "h-2", "Grace", "1"),
        ("heroes-back.png", "back", "", "Heroes (back)", "3")]


def test_per_card_backs_carry_their_cards_copies(backs_game, tmp_path):
    game = load_game(backs_game("s-1,Blaze,Fire,3\ns-2,Flood,Water,2\n"))
    export(game, tmp_path, bleed=0, dpi=72)
    images, totals, _ = order(tmp_path / "backs")
    backs = [(row["file"], row["quantity"]) for row in images if row["side"] == "back"]
    assert backs == [("spells-backs/s-1.png", "3"), ("spells-backs/s-2.png", "2")]
    assert [row["quantity"] for row in totals] == ["5", "5"]


def test_the_order_sheet_is_byte_identical_on_a_rebuild(make_game, tmp_path):
    game = load_game(make_game())
    export(game, tmp_path / "a", bleed=0, dpi=72)
    export(game, tmp_path / "b", bleed=0, dpi=72)
    for name in (ORDER_CSV, ORDER_JSON):
        assert (tmp_path / "a" / "tiny" / name).read_bytes() == (tmp_path / "b" / "tiny" / name).read_bytes()


def test_tarot_at_an_inch_preset_is_exactly_900_by_1500(make_game, tmp_path):
    toml = MINIMAL_TOML.replace('title = "Heroes"\n', 'title = "Heroes"\ncard_size = "tarot"\n')
    game = load_game(make_game(toml=toml))
    export(game, tmp_path, preset="drivethru")
    with Image.open(tmp_path / "tiny" / "png" / "heroes" / "h-1.png") as image:
        assert image.size == (900, 1500)
    assert preset("drivethru").pixels(CARD_SIZES["tarot"]) == (900, 1500)
    assert preset("drivethru").pixels(CARD_SIZES["skat"]) == (771, 1146)  # metric sizes keep their millimetres


def tts_urls(game, out, **options) -> list[str]:
    with Staging(out / game.slug) as staging:
        report = export_tts(game, TtsOptions(dpi=40, **options), staging)
        staging.commit()
    data = json.loads((out / game.slug / report.json).read_text(encoding="utf-8"))
    urls = []
    for item in data["ObjectStates"]:
        for entry in item["CustomDeck"].values():
            urls += [entry["FaceURL"], entry["BackURL"]]
    return urls


def test_tts_urls_are_local_files_by_default_and_hosted_with_a_base_url(make_game, tmp_path):
    game = load_game(make_game())
    local = tts_urls(game, tmp_path / "local")
    assert local == [(tmp_path / "local" / "tiny" / "tts" / name).resolve().as_uri()
                     for name in ("heroes-1.png", "heroes-back.png")]
    hosted = tts_urls(game, tmp_path / "hosted", base_url="https://example.org/games/tiny/")
    assert hosted == ["https://example.org/games/tiny/tts/heroes-1.png",
                      "https://example.org/games/tiny/tts/heroes-back.png"]


def test_a_base_url_gives_the_same_saved_object_wherever_it_is_built(make_game, tmp_path):
    runner = CliRunner()
    folder = make_game()
    saved = []
    for out in (tmp_path / "one", tmp_path / "elsewhere" / "two"):
        result = runner.invoke(main, ["build", str(folder), "--tts", "--no-rulebook", "--out", str(out),
                                      "--tts-base-url", "http://192.168.1.5:8000/tiny"])
        assert result.exit_code == 0, result.output
        saved.append((out / "tiny" / "tiny-tts.json").read_bytes())
    assert saved[0] == saved[1]
    assert b"http://192.168.1.5:8000/tiny/tts/heroes-1.png" in saved[0] and b"file:" not in saved[0]


def test_a_bad_base_url_is_a_clear_error(make_game, tmp_path):
    runner = CliRunner()
    folder, out = str(make_game()), tmp_path / "out"
    for url in ("ftp://example.org/x", "example.org/x", "https://example.org/x?y=1"):
        result = runner.invoke(main, ["build", folder, "--tts", "--out", str(out), "--tts-base-url", url])
        assert result.exit_code == 2 and "--tts-base-url must be" in result.output and "Traceback" not in result.output
    result = runner.invoke(main, ["build", folder, "--out", str(out), "--tts-base-url", "https://example.org"])
    assert result.exit_code == 2 and "add --tts" in result.output
    assert not out.exists()
