"""Reference images: one card per layout of every bundled game, drawn again and compared with a tolerance.

The references live in tests/cardgen/reference/ (index.csv says which card each one shows);
`make references` redraws them on purpose. On a mismatch the new drawing, the reference and a
difference picture (changed pixels in red over the faded reference) are written to the test's
temporary folder and to output/reference-diff/<game>/, and the assertion names them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image as PILImage

from cardgen.gamedata import bundled_slugs, card_data_dir, load_game, templates_dir
from tests.cardgen.reference.compare import CHANGED, MEAN_LIMIT, PIXEL_LIMIT, difference, difference_picture
from tests.cardgen.reference.refresh import FOLDER, INDEX, bundled, image, read_index, samples
from tests.cardgen.reference.sensitivity import moves
from tests.conftest import BUNDLED

DIFF_FOLDER = Path(__file__).resolve().parents[2] / "output" / "reference-diff"
REFRESH = "if the change is meant, run `make references` and commit the images it rewrites"


def compare_with_reference(game_slug: str, layout: str, picture: PILImage.Image, folders: list[Path]) -> str | None:
    """None when `picture` matches its reference within the tolerance; otherwise writes the new drawing, the
    reference and the difference picture into each of `folders` (under <game>/) and returns why, naming them."""
    reference_path = FOLDER / game_slug / f"{layout}.png"
    if not reference_path.exists():
        return f"{reference_path} is missing; {REFRESH}"
    with PILImage.open(reference_path) as stored:
        reference = stored.convert("RGB")
    measured = difference(picture, reference)
    names = {kind: f"{layout}.{kind}.png" for kind in ("new", "reference", "diff")}
    if measured.within_tolerance:
        for folder in folders:  # a file left by an earlier failure would mislead
            for name in names.values():
                (folder / game_slug / name).unlink(missing_ok=True)
        return None
    written = []
    for folder in folders:
        target = folder / game_slug
        target.mkdir(parents=True, exist_ok=True)
        picture.save(target / names["new"])
        reference.save(target / names["reference"])
        difference_picture(picture, reference).save(target / names["diff"])
        written.append(str(target / names["diff"]))
    return (f"{game_slug}/{layout}.png: {measured}. The difference in red: {' and '.join(written)} "
            f"(beside it {names['new']}, the card as drawn now, and {names['reference']}); {REFRESH}")


def test_the_games_checked_are_the_bundled_games():
    assert sorted(BUNDLED) == bundled_slugs() == sorted({sample.game for sample in read_index()})


@pytest.mark.parametrize("slug", BUNDLED)
def test_every_layout_in_use_has_a_reference_image(slug):
    listed = [sample for sample in read_index() if sample.game == slug]
    wanted = samples(bundled(slug))
    assert sorted(listed, key=str) == sorted(wanted, key=str), \
        f"{INDEX} does not list the cards of {slug} that show its layouts; {REFRESH}"
    on_disk = {path.name for path in (FOLDER / slug).glob("*.png")}
    expected = {f"{sample.layout}.png" for sample in wanted}
    assert on_disk == expected, (f"{FOLDER / slug}: missing {sorted(expected - on_disk)}, no card uses "
                                 f"{sorted(on_disk - expected)}; {REFRESH}")


@pytest.mark.parametrize("sample", read_index(), ids=lambda sample: f"{sample.game}/{sample.layout}")
def test_card_matches_its_reference_image(sample, tmp_path):
    picture = image(bundled(sample.game), sample.layout)
    problem = compare_with_reference(sample.game, sample.layout, picture, [tmp_path, DIFF_FOLDER])
    if problem:
        pytest.fail(problem, pytrace=False)


# A box moved by 1 mm (about 4 px at 100 DPI): a title, a small caption, a 1 mm dot of a ticket's perforation.
MOVES = [("unyielding_universe", "life_complete", "title"), ("unyielding_universe", "life_complete", "age_caption"),
         ("emigration", "ticket", "perf_08")]


@pytest.mark.parametrize("slug, layout, box", MOVES)
def test_a_box_moved_by_one_millimetre_fails_with_a_difference_picture(slug, layout, box, tmp_path):
    templates = tmp_path / "templates"
    shutil.copytree(templates_dir(), templates)
    path = templates / "cards" / slug / f"{layout}.toml"
    game = load_game(card_data_dir() / slug, templates=templates)
    unmoved = compare_with_reference(slug, layout, image(game, layout), [tmp_path / "same"])
    if unmoved:
        pytest.fail(f"before any box moved, the card already differs from its reference: {unmoved}", pytrace=False)
    layout_moves = dict(moves(path.read_text(encoding="utf-8")))
    assert box in layout_moves, f"{path.name} sets no x for a box {box!r} any more: pick another box for this test"
    path.write_text(layout_moves[box], encoding="utf-8")
    game = load_game(card_data_dir() / slug, templates=templates)
    problem = compare_with_reference(slug, layout, image(game, layout), [tmp_path / "diff"])
    assert problem is not None and f"{slug}/{layout}.png" in problem and "make references" in problem
    diff = tmp_path / "diff" / slug / f"{layout}.diff.png"
    assert str(diff) in problem
    with PILImage.open(diff) as picture, PILImage.open(diff.with_name(f"{layout}.new.png")) as new, \
            PILImage.open(FOLDER / slug / f"{layout}.png") as reference:
        red = sum(count for count, colour in picture.convert("RGB").getcolors(1 << 20) if colour == CHANGED)
        assert red == difference(new, reference).changed > PIXEL_LIMIT  # every changed pixel is red, no other
    assert not (tmp_path / "same" / slug).exists()  # nothing written while it matched


def test_the_tolerance_lets_a_few_pixels_through_and_catches_a_shift_of_colour():
    reference = PILImage.new("RGB", (100, 100), (120, 130, 140))
    speckled = reference.copy()
    for i in range(PIXEL_LIMIT):
        speckled.putpixel((i, i), (255, 255, 255))
    assert difference(speckled, reference).within_tolerance
    speckled.putpixel((99, 0), (255, 255, 255))
    assert difference(speckled, reference).changed == PIXEL_LIMIT + 1
    assert not difference(speckled, reference).within_tolerance
    tinted = PILImage.new("RGB", (100, 100), (120, 130, 140 + int(MEAN_LIMIT) + 1))
    measured = difference(tinted, reference)
    assert measured.changed == 0 and measured.mean == int(MEAN_LIMIT) + 1 and not measured.within_tolerance
    assert not difference(reference.resize((100, 101)), reference).within_tolerance
