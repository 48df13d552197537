"""Token sheets of every bundled game, opened and measured: counts, diameters, cut lines, duplex backs."""

from __future__ import annotations

from collections import Counter

import pytest
from pypdf import PdfReader

from cardgen.impose import paper
from cardgen.layout.ops import Text
from cardgen.layout.token_face import sides
from cardgen.render.pdf_tokens import token_file_name, write_token_sheets
from tests.conftest import BUNDLED
from tests.pdf_probe import probe

VARIANTS = {"a4-long": ("a4", "long"), "letter-short": ("letter", "short")}
TOLERANCE = 0.1


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    """Every bundled game's token sheets in both variants, written once: {(slug, variant): (path, pages, probes)}."""
    from tests.conftest import _load_bundled

    made = {}
    for slug in BUNDLED:
        for name, (paper_name, duplex) in VARIANTS.items():
            path = tmp_path_factory.mktemp(f"{slug}-{name}") / token_file_name(slug, paper(paper_name))
            pages = write_token_sheets(_load_bundled(slug), paper(paper_name), path, duplex=duplex)
            probes = [probe(PdfReader(path), i) for i in range(pages)] if pages else []
            made[(slug, name)] = (path, pages, probes)
    return made


def kind(name: str) -> tuple[str, str]:
    """("money_1", "front") from "/FormXob.tk_money_1_front"."""
    stem = name.split("FormXob.tk_", 1)[1]
    token_id, side = stem.rsplit("_", 1)
    return token_id, side


def fronts(probes):
    return [(i, p) for i, p in enumerate(probes) if any(kind(n)[1] == "front" for n, _, _ in p.placements)]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("slug", BUNDLED)
def test_every_token_is_printed_in_its_count(sheets, load_bundled, slug, variant):
    path, pages, probes = sheets[(slug, variant)]
    game = load_bundled(slug)
    if not game.tokens:
        assert pages == 0 and not path.exists()
        return
    drawn = Counter(kind(name)[0] for _, p in fronts(probes) for name, _, _ in p.placements
                    if kind(name)[1] == "front")
    assert drawn == {token.id: token.count for token in game.tokens} == game.components()["tokens"]
    assert sum(len(p.clips) for _, p in fronts(probes)) == sum(t.count for t in game.tokens)
    # one cut line per token: circles for round ones, rectangles for square and rect ones, at their size
    cuts = Counter((shape, round(w, 1), round(h, 1)) for _, p in fronts(probes) for shape, _, _, w, h in p.outlines)
    expected = Counter()
    for token in game.tokens:
        expected[("curve" if token.shape == "round" else "rect", round(token.width, 1), round(token.height, 1))] \
            += token.count
    assert cuts == expected


@pytest.mark.parametrize("slug", BUNDLED)
def test_round_tokens_are_their_diameter_and_cut_where_drawn(sheets, load_bundled, slug):
    _, _, probes = sheets[(slug, "a4-long")]
    tokens = {t.id: t for t in load_bundled(slug).tokens}
    for _, page in fronts(probes):
        circles = [(x + w / 2, y + h / 2, w, h) for shape, x, y, w, h in page.outlines if shape == "curve"]
        for name, ox, oy in page.placements:
            token = tokens[kind(name)[0]]
            if token.shape != "round":
                continue
            cx, cy = ox + token.width / 2, oy - token.height / 2  # a face's origin is its trim's bottom-left
            assert any(abs(x - cx) <= TOLERANCE and abs(y - cy) <= TOLERANCE and abs(w - token.width) <= TOLERANCE
                       and abs(h - token.height) <= TOLERANCE for x, y, w, h in circles), (token.id, cx, cy)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("slug", BUNDLED)
def test_backs_lie_behind_fronts(sheets, load_bundled, slug, variant):
    _, _, probes = sheets[(slug, variant)]
    _paper, duplex = VARIANTS[variant]
    tokens = {t.id: t for t in load_bundled(slug).tokens}
    backs_drawn = Counter()
    for index, page in fronts(probes):
        double = [(kind(n)[0], x, y) for n, x, y in page.placements if tokens[kind(n)[0]].back is not None]
        if not double:
            assert index + 1 == len(probes) or fronts(probes[index + 1:index + 2]), "a one-sided page has no backs"
            continue
        back = probes[index + 1]
        mirror_x = (duplex == "long") == (page.width <= page.height)
        placed = [(kind(n)[0], x, y) for n, x, y in back.placements]
        assert all(kind(n)[1] == "back" for n, _, _ in back.placements)
        assert not back.outlines, "duplex backs carry no cut lines: they would show beside a shifted back"
        for token_id, x, y in double:
            t = tokens[token_id]
            ex, ey = (page.width - x - t.width, y) if mirror_x else (x, page.height - (y - t.height))
            assert any(b == token_id and abs(bx - ex) <= TOLERANCE and abs(by - ey) <= TOLERANCE
                       for b, bx, by in placed), (token_id, ex, ey)
        backs_drawn.update(b for b, _, _ in placed)
    assert backs_drawn == {t.id: t.count for t in tokens.values() if t.back is not None}


def test_hidden_backs_show_only_the_concealed_face(sheets, load_bundled):
    """Unfair's theme randomisers: every back is the same bytes, whatever its front says."""
    game = load_bundled("unfair_chko")
    path, _, probes = sheets[("unfair_chko", "a4-long")]
    reader = PdfReader(path)
    hidden = [t for t in game.tokens if t.hidden]
    streams = {}
    for index, page in enumerate(probes):
        xobjects = reader.pages[index]["/Resources"]["/XObject"]
        for name, _, _ in page.placements:
            streams[kind(name)] = xobjects[name].get_object().get_data()
    assert len({streams[(t.id, "back")] for t in hidden}) == 1
    assert len({streams[(t.id, "front")] for t in hidden}) == len(hidden)
    back_text = " ".join(reader.pages[i].extract_text() for i, p in enumerate(probes)
                         if any(kind(n)[1] == "back" for n, _, _ in p.placements))
    assert "Theme" in back_text and "write a pack letter" not in back_text.replace("\n", " ")


def test_a_hidden_back_is_the_same_face_for_every_token_it_conceals(load_bundled):
    for slug in ("emigration", "unfair_chko"):
        game = load_bundled(slug)
        hidden = [t for t in game.tokens if t.hidden]
        backs = {sides(game, t, 1.5)[1] for t in hidden}
        assert len(backs) == 1, slug
        texts = " ".join(op.text for face in backs for op in face.ops if isinstance(op, Text))
        assert not any(str(t.value) in texts for t in hidden if t.value is not None)


def test_footer_names_game_page_and_print_note(sheets, load_bundled):
    path, pages, _ = sheets[("emigration", "a4-long")]
    reader = PdfReader(path)
    for number, page in enumerate(reader.pages, start=1):
        text = page.extract_text()
        assert f"Emigration · tokens · page {number}/{pages}" in text and "Print at 100%" in text


def test_backs_without_duplex_are_in_place_with_cut_lines(load_bundled, tmp_path):
    game = load_bundled("unsettled_survival")
    path = tmp_path / "tokens.pdf"
    write_token_sheets(game, paper("a4"), path, duplex="none", back_offset=(0.0, 0.0))
    reader = PdfReader(path)
    front, back = probe(reader, 0), probe(reader, 1)
    double = {t.id for t in game.tokens if t.back is not None}
    where = {(kind(n)[0], round(x, 2), round(y, 2)) for n, x, y in front.placements if kind(n)[0] in double}
    assert {(kind(n)[0], round(x, 2), round(y, 2)) for n, x, y in back.placements} == where
    assert len(back.outlines) == len(where)


@pytest.mark.parametrize("slug", ["emigration", "unsettled_survival"])
def test_token_sheets_are_byte_identical(sheets, load_bundled, slug, tmp_path):
    path, _, _ = sheets[(slug, "a4-long")]
    again = tmp_path / path.name
    write_token_sheets(load_bundled(slug), paper("a4"), again)
    assert again.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("bleed", [0.0, 2.0, 3.0])
def test_tokens_follow_the_build_bleed(load_bundled, tmp_path, bleed):
    from cardgen.build.options import BuildOptions
    from cardgen.build.run import build

    game = load_bundled("emigration")
    build(game, BuildOptions(tokens=True, bleed=bleed, rulebook=False, out=tmp_path))
    reader = PdfReader(tmp_path / "emigration" / token_file_name("emigration", paper("a4")))
    sizes = {(round(t.width + 2 * bleed, 2), round(t.height + 2 * bleed, 2)) for t in game.tokens}
    clips = [c for i in range(len(reader.pages)) for c in probe(reader, i).clips]
    assert clips
    for _x, _y, w, h in clips:
        assert (round(w, 2), round(h, 2)) in sizes
