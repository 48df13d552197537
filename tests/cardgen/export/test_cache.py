"""The image record: no build times in the output folder, and a rebuild that still keeps, or redraws, what it should."""

from __future__ import annotations

import json
import os

from cardgen.export.cache import stats_path
from cardgen.export.pngs import CACHE, PngOptions, export_pngs
from cardgen.gamedata import load_game
from cardgen.build.staging import Staging


def export(game, out):
    with Staging(out / game.slug) as staging:
        report = export_pngs(game, PngOptions(dpi=72, bleed=0), staging)
        staging.commit()
    return report


def test_the_record_in_the_output_folder_holds_no_times(make_game, tmp_path):
    game = load_game(make_game())
    export(game, tmp_path)
    record = json.loads((tmp_path / "tiny" / CACHE).read_text())
    assert sorted(record["files"]) == ["png/heroes-back.png", "png/heroes/h-1.png", "png/heroes/h-2.png"]
    assert {tuple(sorted(entry)) for entry in record["files"].values()} == {("art", "bytes", "key", "sha256")}
    times = json.loads(stats_path(tmp_path / "tiny", CACHE).read_text())  # the times live in the cache folder
    image = tmp_path / "tiny" / "png/heroes/h-1.png"
    assert times["png/heroes/h-1.png"][:2] == [image.stat().st_size, image.stat().st_mtime_ns]


def test_without_the_cache_folder_note_the_images_are_hashed_and_kept(make_game, tmp_path, monkeypatch):
    game = load_game(make_game())
    export(game, tmp_path)
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cleared"))
    again = export(game, tmp_path)
    assert (again.drawn, again.reused) == (0, 3)


def test_an_image_changed_since_is_drawn_again(make_game, tmp_path, monkeypatch):
    game = load_game(make_game())
    first = export(game, tmp_path)
    image = tmp_path / "tiny" / "png/heroes/h-1.png"
    data = bytearray(image.read_bytes())
    data[-20] ^= 0xFF  # same size, other bytes
    image.write_bytes(bytes(data))
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cleared"))  # no note: the file's sha256 decides
    again = export(game, tmp_path)
    assert (again.drawn, again.reused) == (1, 2)
    assert image.read_bytes() != bytes(data)
    assert again.files == first.files


def test_a_note_for_another_time_is_not_trusted(make_game, tmp_path):
    game = load_game(make_game())
    export(game, tmp_path)
    image = tmp_path / "tiny" / "png/heroes/h-2.png"
    data = bytearray(image.read_bytes())
    data[-20] ^= 0xFF
    image.write_bytes(bytes(data))
    os.utime(image, ns=(image.stat().st_atime_ns, image.stat().st_mtime_ns + 10**9))
    again = export(game, tmp_path)
    assert (again.drawn, again.reused) == (1, 2)
