"""A box of information moved wholly off the card (past the trim, and here past the bleed too) is said to be off
the card, at the layout's file:line of the box, by `cardgen check`, by every build and by the preview, in one
sentence; not as "inside the safe zone". The sheet is rasterised to show that such text prints nothing."""

from __future__ import annotations

import re

from PIL import ImageChops

from cardgen.gamedata import load_game
from cardgen.preview.cards import lay_out
from tests.cardgen.raster import rasterise

SENTENCE = re.compile(r"layouts/card\.toml:(\d+): (?:warning: )?box 'title': text is entirely off the card, "
                      r"(30\.\d\d) to (30\.\d\d) mm past the trim's right edge: beyond the 3 mm bleed too, so it "
                      r"does not print at all \(move it onto the card: look at its x, y, w and h\)")


def moved_title(cli, folder, x: str):
    assert cli("new", folder).exit_code == 0
    card = folder / "layouts" / "card.toml"
    lines = card.read_text(encoding="utf-8").splitlines()
    header = lines.index("[boxes.title]")
    assert lines[header + 2] == "x = 5"
    lines[header + 2] = f"x = {x}"
    card.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return header + 1  # the box's line


def test_text_off_the_card_is_said_by_check_build_and_preview(tmp_path, cli, monkeypatch):
    folder = tmp_path / "g"
    line = moved_title(cli, folder, '"W + 30"')  # 30 mm right of the trim: 27 mm past the bleed
    monkeypatch.chdir(folder)

    checked = cli("check", ".")
    found = SENTENCE.findall(checked.output)
    assert len(found) == 1 and found[0][0] == str(line), checked.output
    assert "safe zone" not in checked.output, checked.output
    assert checked.exit_code == 0 and cli("check", ".", "--strict").exit_code == 2

    built = cli("build", ".", "--out", tmp_path / "out", "--no-rulebook")
    assert built.exit_code == 0
    warned = [text for text in built.output.splitlines() if text.startswith("warning: g: ")]
    assert len(warned) == 1 and SENTENCE.search(warned[0]), built.output
    assert SENTENCE.search(warned[0]).groups() == found[0]  # the same sentence, the same figures
    assert cli("build", ".", "--out", tmp_path / "strict", "--no-rulebook", "--strict").exit_code == 2

    shown = lay_out(load_game(folder)).warnings  # what the preview page lists
    assert [(line.level, line.place) for line in shown] == [("warning", f"layouts/card.toml:{line}")], shown
    assert SENTENCE.search(f"{shown[0].place}: {shown[0].message}"), shown


def test_text_off_the_card_prints_nothing(tmp_path, cli):
    """The sheet with the title 30 mm off the card is, pixel for pixel, the sheet without the title."""
    off, gone = tmp_path / "off" / "g", tmp_path / "gone" / "g"  # one name: the same title on the backs
    moved_title(cli, off, '"W + 30"')
    moved_title(cli, gone, "5\nhidden = true")
    pages = []
    for folder in (off, gone):
        out = folder.parent / "out"
        assert cli("build", folder, "--out", out, "--no-rulebook").exit_code == 0
        pages.append(rasterise(out / "g" / "g-cards-a4.pdf", 1, folder.parent, 72))
    assert ImageChops.difference(pages[0].convert("RGB"), pages[1].convert("RGB")).getbbox() is None


def test_text_in_the_safe_zone_is_still_said_so(tmp_path, cli, monkeypatch):
    folder = tmp_path / "g"
    moved_title(cli, folder, "1")  # on the card, 1 mm from the trim
    monkeypatch.chdir(folder)
    checked = cli("check", ".")
    assert "box 'title': text is 1." in checked.output and "inside the 3 mm safe zone" in checked.output
    assert "off the card" not in checked.output
    built = cli("build", ".", "--out", tmp_path / "out", "--no-rulebook")
    assert "off the card" not in built.output
