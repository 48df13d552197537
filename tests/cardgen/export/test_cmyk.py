"""CMYK PDF/X: `cardgen build --single --cmyk` converts the deck sheets and single-card PDFs with Ghostscript,
keeping boxes, text and vectors, leaving no RGB, byte-identical on a rebuild, with a clear error without Ghostscript."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from PIL import ImageChops, ImageStat
from pypdf import PdfReader
from pypdf.generic import ArrayObject, ByteStringObject, ContentStream, DictionaryObject, TextStringObject
from reportlab.pdfgen import canvas

from cardgen.cli import main
from cardgen.export import cmyk
from cardgen.export.presets import PresetError, load_presets
from tests.cardgen.conftest import ART_LAYOUT, HALF_SVG, corner_png
from tests.cardgen.raster import rasterise
from tests.conftest import MINIMAL_CSV, MINIMAL_TOML

# the tiny game plus a deck of art: a PNG with a transparent quarter and an SVG over a green field
GAME_TOML = MINIMAL_TOML + """
[decks.art]
title = "Art"
layout = "face"

[decks.art.columns.picture]
type = "art"
"""
ART_CSV = "id,name,picture\nc-png,PNG card,corner.png\nc-svg,SVG card,half.svg\n"
CONVERTED = ("tiny-heroes-a4.pdf", "tiny-art-a4.pdf", "tiny-heroes-single.pdf", "tiny-art-single.pdf")
LEFT_RGB = ("tiny-duplex-test-a4.pdf",)  # what --cmyk does not convert (documented)
FLATTENED = {"tiny-art-a4.pdf": 1, "tiny-art-single.pdf": 1}  # pages with the PNG's transparency on them
PAINT = {"f", "f*", "F", "S", "s", "B", "B*", "b", "b*"}
TEXT = {"Tj", "TJ", "'", '"'}


def write_game(folder: Path) -> Path:
    (folder / "layouts").mkdir(parents=True)
    (folder / "art").mkdir()
    (folder / "game.toml").write_text(GAME_TOML, encoding="utf-8")
    (folder / "heroes.csv").write_text(MINIMAL_CSV, encoding="utf-8")
    (folder / "art.csv").write_text(ART_CSV, encoding="utf-8")
    (folder / "layouts" / "face.toml").write_text(ART_LAYOUT, encoding="utf-8")
    corner_png(folder / "art" / "corner.png")
    (folder / "art" / "half.svg").write_text(HALF_SVG, encoding="utf-8")
    return folder


def cardgen(*args) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict:
    """The game built with --single as RGB, and twice with --cmyk into other folders: name -> game folder
    (and "note": the CMYK line of the build's summary)."""
    root = tmp_path_factory.mktemp("cmyk")
    game = write_game(root / "tiny")
    folders = {}
    for name, extra in (("rgb", ()), ("cmyk", ("--cmyk",)), ("again", ("--cmyk",))):
        result = cardgen("build", game, "--single", "--out", root / name, *extra)
        assert result.exit_code == 0, result.output
        folders[name] = root / name / "tiny"
        if name == "cmyk":
            folders["note"] = next(line for line in result.output.splitlines() if "CMYK" in line)
    return folders


def resources_of(obj) -> DictionaryObject:
    resources = obj.get("/Resources")
    return resources.get_object() if resources is not None else DictionaryObject()


def walk(reader: PdfReader, obj, found: dict, inherited: DictionaryObject | None = None) -> None:
    """Every operator of `obj`'s content, forms expanded where they are drawn; colour spaces, images, fonts and
    the bytes of every string shown, on the way."""
    resources = resources_of(obj) if "/Resources" in obj else (inherited or DictionaryObject())
    for space in (resources.get("/ColorSpace") or {}).values():
        found["spaces"].append(space_name(space))
    for font in (resources.get("/Font") or {}).values():
        found["fonts"].append(font.get_object())
    content = ContentStream(obj.get_contents() if hasattr(obj, "get_contents") else obj, reader)
    for operands, operator in content.operations:
        operator = operator.decode("latin-1") if isinstance(operator, bytes) else operator
        found["ops"].append(operator)
        if operator in TEXT:
            found["text"] += b"".join(shown(operand) for operand in operands)
        elif operator == "Do":
            xobject = resources["/XObject"][operands[0]].get_object()
            if xobject["/Subtype"] == "/Image":
                found["images"].append(space_name(xobject.get("/ColorSpace")))
                found["masked"] += "/SMask" in xobject
                found["pixels"].append((int(xobject["/Width"]), int(xobject["/Height"])))
            else:
                walk(reader, xobject, found, resources)


def shown(operand) -> bytes:
    """The character codes a text operator's operand shows (a TJ array's strings, without its spacing)."""
    if isinstance(operand, ArrayObject):
        return b"".join(shown(item) for item in operand)
    if isinstance(operand, (ByteStringObject, TextStringObject)):
        return bytes(operand.original_bytes if isinstance(operand, TextStringObject) else operand)
    return b""


def space_name(space) -> str:
    """/DeviceCMYK, /DeviceRGB..., or an ICC-based space as ICCBased/N."""
    space = space.get_object() if space is not None else None
    if isinstance(space, ArrayObject):
        if space[0] == "/ICCBased":
            return f"ICCBased/{space[1].get_object()['/N']}"
        return str(space[0])
    return str(space)


def page_contents(reader: PdfReader, index: int) -> dict:
    found: dict = {"ops": [], "spaces": [], "fonts": [], "images": [], "text": b"", "masked": 0, "pixels": []}
    walk(reader, reader.pages[index], found)
    return found


def embedded(font) -> bool:
    if "/DescendantFonts" in font:
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(key in descriptor.get_object()
                                          for key in ("/FontFile", "/FontFile2", "/FontFile3"))


@pytest.mark.parametrize("name", CONVERTED)
def test_each_print_pdf_is_pdfx_with_a_cmyk_output_intent(builds, name):
    reader = PdfReader(builds["cmyk"] / name)
    intents = reader.trailer["/Root"]["/OutputIntents"]
    assert len(intents) == 1
    intent = intents[0].get_object()
    assert intent["/S"] == "/GTS_PDFX" and intent["/Type"] == "/OutputIntent"
    assert intent["/OutputConditionIdentifier"] == "CGATS TR001" and intent["/Info"] == "Artifex CMYK SWOP Profile"
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4
    data = profile.get_data()
    assert data[36:40] == b"acsp" and data[16:20] == b"CMYK"  # an ICC profile whose colour space is CMYK
    info = reader.metadata
    assert info["/GTS_PDFXVersion"] == "PDF/X-3:2002" and info["/Trapped"] == "/False"
    assert info["/Title"] == PdfReader(builds["rgb"] / name).metadata["/Title"]  # the file keeps its title
    assert reader.pdf_header == "%PDF-1.3"


@pytest.mark.parametrize("name", LEFT_RGB)
def test_the_duplex_test_page_is_left_as_it_was(builds, name):
    assert "/OutputIntents" not in PdfReader(builds["cmyk"] / name).trailer["/Root"]


@pytest.mark.parametrize("name", CONVERTED)
def test_no_rgb_colour_remains_on_any_page(builds, name):
    reader = PdfReader(builds["cmyk"] / name)
    operators, images = set(), []
    for index in range(len(reader.pages)):
        found = page_contents(reader, index)
        operators |= set(found["ops"])
        images += found["images"]
        assert not {"rg", "RG"} & set(found["ops"]), f"page {index + 1}"
        assert not {"/DeviceRGB", "/CalRGB", "ICCBased/3", "/Lab"} & set(found["spaces"]), f"page {index + 1}"
        assert "/DeviceRGB" not in found["images"]
        # colours given as sc/scn need a colour space: only device CMYK and grey, no profile on the page (X-1a's rule)
        assert set(found["spaces"]) <= {"/DeviceCMYK", "/DeviceGray"}
        assert set(found["images"]) <= {"/DeviceCMYK", "/DeviceGray"}
    assert "k" in operators  # the colours are there, in CMYK
    assert b"/DeviceRGB" not in (builds["cmyk"] / name).read_bytes()
    if "art" in name:
        assert images and set(images) <= {"/DeviceCMYK"}  # the PNG art, now CMYK (its transparency flattened)


def strip_ascii(text: str) -> str:
    """The letters, digits and punctuation of ASCII in `text`: what this test compares (the ToUnicode maps kept
    through Ghostscript, accents and the footer's middle dot included, are tested in test_unicode_maps.py)."""
    return "".join(char for char in text if "!" <= char <= "~")


@pytest.mark.parametrize("name", CONVERTED)
def test_text_stays_text_in_embedded_fonts_and_shapes_stay_vectors(builds, name):
    before, after = PdfReader(builds["rgb"] / name), PdfReader(builds["cmyk"] / name)
    assert len(after.pages) == len(before.pages)
    flattened = 0
    for index in range(len(after.pages)):
        old, new = page_contents(before, index), page_contents(after, index)
        if old["masked"]:  # transparent art: PDF/X-3 has none, so Ghostscript made the page one 720 dpi picture
            width, height = (float(v) for v in after.pages[index].mediabox[2:])
            assert new["images"] == ["/DeviceCMYK"] and new["text"] == b""
            assert new["pixels"] == [(round(width * 10), round(height * 10))]  # 720 dpi = 10 px per point
            flattened += 1
            continue
        # the same characters shown, in the same order, with text operators (Ghostscript re-spaces them with TJ)
        assert new["text"] == old["text"]
        assert strip_ascii(after.pages[index].extract_text()) == strip_ascii(before.pages[index].extract_text())
        assert all(embedded(font) for font in new["fonts"]), f"page {index + 1}"
        # no page was turned into a picture: as many images as before, and shapes still painted as paths
        assert len(new["images"]) == len(old["images"])
        assert sum(op in PAINT for op in new["ops"]) > 0
        assert ("c" in new["ops"]) == ("c" in old["ops"])  # curves (rounded frames, crop marks' circles) kept
    assert flattened == FLATTENED.get(name, 0)


def test_the_build_says_which_pages_were_flattened(builds):
    note = builds["note"]
    assert "CMYK PDF/X-3: 4 file(s) converted by Ghostscript" in note
    assert "2 page(s) with transparent art (tiny-art-a4.pdf, tiny-art-single.pdf)" in note and "720 dpi" in note


@pytest.mark.parametrize("name", CONVERTED)
def test_page_boxes_survive_to_a_hundredth_of_a_point(builds, name):
    before, after = PdfReader(builds["rgb"] / name), PdfReader(builds["cmyk"] / name)
    for old, new in zip(before.pages, after.pages):
        assert abs(float(new.get("/Rotate", 0))) == float(old.get("/Rotate", 0)) == 0
        for box in ("/MediaBox", "/TrimBox", "/BleedBox"):
            if box not in old:  # a sheet has no TrimBox; PDF/X wants one and Ghostscript sets the page's
                assert [float(v) for v in new[box]] == pytest.approx([float(v) for v in new["/MediaBox"]], abs=0.01)
                continue
            assert [float(v) for v in new[box]] == pytest.approx([float(v) for v in old[box]], abs=0.01), box
    if "single" in name:
        page = after.pages[0]
        trim = [float(v) for v in page["/TrimBox"]]
        bleed = [float(v) for v in page["/BleedBox"]]
        assert trim[0] - bleed[0] == pytest.approx(3 * 72 / 25.4, abs=0.01)  # the 3 mm bleed, in points


def test_a_rebuild_gives_byte_identical_files(builds):
    names = sorted(path.name for path in builds["cmyk"].iterdir())
    assert names == sorted(path.name for path in builds["again"].iterdir())
    assert set(CONVERTED) <= set(names)
    for name in names:
        assert (builds["cmyk"] / name).read_bytes() == (builds["again"] / name).read_bytes(), name


def test_the_manifest_lists_the_converted_files(builds):
    manifest = json.loads((builds["cmyk"] / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["options"]["cmyk"] is True
    for name in CONVERTED:
        assert manifest["files"][name] == hashlib.sha256((builds["cmyk"] / name).read_bytes()).hexdigest()


def test_backs_for_a_hand_flip_are_converted_too(make_dirs, tmp_path):
    result = cardgen("build", make_dirs, "--cmyk", "--duplex", "none", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    names = sorted(path.name for path in (tmp_path / "out" / "tiny").glob("*.pdf"))
    assert names == ["tiny-art-a4-backs.pdf", "tiny-art-a4.pdf", "tiny-heroes-a4-backs.pdf", "tiny-heroes-a4.pdf"]
    for name in names:
        reader = PdfReader(tmp_path / "out" / "tiny" / name)
        assert reader.trailer["/Root"]["/OutputIntents"][0].get_object()["/S"] == "/GTS_PDFX", name
        assert not {"rg", "RG"} & set(page_contents(reader, 0)["ops"]), name


def test_dates_and_document_id_are_fixed(builds):
    reader = PdfReader(builds["cmyk"] / "tiny-heroes-single.pdf")
    assert reader.metadata["/CreationDate"].startswith("D:20000101000000")
    assert reader.metadata["/ModDate"].startswith("D:20000101000000")
    first, second = reader.trailer["/ID"]
    assert first == second


@pytest.mark.parametrize("written", [b"/ID [<0123456789ABCDEF0123456789ABCDEF><0123456789ABCDEF0123456789ABCDEF>]",
                                     b"/ID [(\\206td^=Qy]\\227l)(\\206td^=Qy]\\227l)]"])
def test_the_document_id_is_the_same_however_ghostscript_wrote_it(builds, tmp_path, written):
    """Ghostscript writes the ID as hex or, now and then, as a literal string; both give the same file."""
    final = (builds["cmyk"] / "tiny-heroes-single.pdf").read_bytes()
    start = final.rindex(b"/ID [")
    end = final.index(b"]", start) + 1
    variant = tmp_path / "variant.pdf"
    variant.write_bytes(final[:start] + written + final[end:])
    cmyk._fix_id(variant)
    assert variant.read_bytes() == final
    data = variant.read_bytes()
    offset = int(data[data.rindex(b"startxref") + 9:].split()[0])
    assert data[offset:offset + 4] == b"xref"  # the cross-reference table is where the trailer says
    assert len(PdfReader(variant, strict=True).pages) == len(PdfReader(builds["rgb"] / "tiny-heroes-single.pdf").pages)


def test_colours_shift_a_little_and_the_picture_stays(builds, tmp_path):
    for name, page in (("tiny-art-single.pdf", 1), ("tiny-heroes-single.pdf", 1), ("tiny-heroes-a4.pdf", 1)):
        (tmp_path / name / "rgb").mkdir(parents=True)
        (tmp_path / name / "cmyk").mkdir()
        before = rasterise(builds["rgb"] / name, page, tmp_path / name / "rgb", 50).convert("RGB")
        after = rasterise(builds["cmyk"] / name, page, tmp_path / name / "cmyk", 50).convert("RGB")
        assert before.size == after.size
        mean = ImageStat.Stat(ImageChops.difference(before, after)).mean
        assert 0.2 < max(mean) < 20, (name, mean)  # converted (not identical), and close to the RGB original


@pytest.fixture
def make_dirs(tmp_path):
    (tmp_path / "empty").mkdir()
    return write_game(tmp_path / "tiny")


def test_without_ghostscript_the_build_stops_naming_the_package(make_dirs, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(make_dirs), "--single", "--cmyk", "--out", str(out)])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip() != "tiny"]  # the progress bar's label
    assert len(lines) == 1, result.output
    assert lines[0] == ("error: tiny: --cmyk: CMYK PDF/X needs Ghostscript, which is not installed (no `gs` command "
                        "on PATH): install it with `apt-get install ghostscript`")
    assert not out.exists()  # nothing written, not even a staging folder


def test_a_preset_that_wants_cmyk_turns_it_on(make_dirs, tmp_path, monkeypatch):
    out = tmp_path / "out"
    result = cardgen("build", make_dirs, "--single", "--preset", "drivethru", "--out", out)
    assert result.exit_code == 0, result.output
    assert "CMYK PDF/X-3: 4 file(s) converted" in result.output
    reader = PdfReader(out / "tiny" / "tiny-heroes-single.pdf")
    assert reader.trailer["/Root"]["/OutputIntents"][0].get_object()["/S"] == "/GTS_PDFX"
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    result = CliRunner().invoke(main, ["build", str(make_dirs), "--preset", "drivethru", "--out", str(tmp_path / "o2")])
    assert result.exit_code == 2
    assert "--preset drivethru" in result.output and "apt-get install ghostscript" in result.output
    # a preset without cmyk needs no Ghostscript
    result = CliRunner().invoke(main, ["build", str(make_dirs), "--preset", "tgc", "--out", str(tmp_path / "o3")])
    assert result.exit_code == 0, result.output


def test_the_presets_say_which_shops_want_cmyk(tmp_path):
    presets = load_presets()
    assert presets["drivethru"].cmyk and not presets["tgc"].cmyk and not presets["mpc"].cmyk
    path = tmp_path / "presets.toml"
    path.write_text('[a]\ndpi = 300\nbleed = 3\ncmyk = "yes"\n', encoding="utf-8")
    with pytest.raises(PresetError, match=r"presets.toml: \[a\]: cmyk must be true or false.*'yes'"):
        load_presets(path)


def test_without_the_profile_the_message_names_it_and_the_package(tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "gs"
    fake.write_text("#!/bin/sh\necho 10.00.0\n", encoding="utf-8")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setattr(cmyk, "SHARE_DIRS", ())
    monkeypatch.setattr(cmyk, "PROFILE_DIRS", (tmp_path / "icc",))
    with pytest.raises(cmyk.CmykError) as error:
        cmyk.find_engine()
    message = str(error.value)
    assert "default_cmyk.icc" in message and str(tmp_path / "icc") in message
    assert "apt-get install ghostscript" in message


def test_a_file_ghostscript_cannot_read_is_named_and_left_alone(tmp_path):
    bad = tmp_path / "broken.pdf"
    bad.write_bytes(b"%PDF-1.4\nnot a PDF at all\n")
    with pytest.raises(cmyk.CmykError, match=r"broken.pdf: Ghostscript .* could not convert it .*exit status 1"):
        cmyk.convert(cmyk.find_engine(), bad)
    assert bad.read_bytes() == b"%PDF-1.4\nnot a PDF at all\n"
    assert [path.name for path in tmp_path.iterdir()] == ["broken.pdf"]  # no converted half-file beside it


def sideways_pdf(path: Path) -> Path:
    """A page whose every line of text runs upwards: what Ghostscript would otherwise turn the page for."""
    page = canvas.Canvas(str(path), pagesize=(200, 300))
    page.setFillColorRGB(0.2, 0.4, 0.8)
    page.rect(0, 0, 200, 300, fill=1, stroke=0)
    page.setFillColorRGB(1, 1, 1)
    for line in range(8):
        page.saveState()
        page.translate(30 + 20 * line, 20)
        page.rotate(90)
        page.drawString(0, 0, f"Sideways line {line}")
        page.restoreState()
    page.showPage()
    page.save()
    return path


def test_pages_with_sideways_text_are_not_turned(tmp_path):
    path = sideways_pdf(tmp_path / "sideways.pdf")
    cmyk.convert_all(cmyk.find_engine(), [path])
    page = PdfReader(path).pages[0]
    assert int(page.get("/Rotate", 0)) == 0
    assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 200, 300], abs=0.01)
    assert "Sidewaysline3" in re.sub(r"\s+", "", page.extract_text())


def test_a_conversion_over_its_time_limit_is_stopped_and_named(tmp_path):
    path = sideways_pdf(tmp_path / "slow.pdf")
    original = path.read_bytes()
    with pytest.raises(cmyk.CmykError, match=r"slow.pdf: Ghostscript took longer than 0.001 s"):
        cmyk.convert(cmyk.find_engine(), path, timeout=0.001)
    assert path.read_bytes() == original
    assert [p.name for p in tmp_path.iterdir()] == ["slow.pdf"]


def test_postscript_strings_are_escaped():
    assert cmyk._ps(r"a (b) c\d") == r"(a \(b\) c\\d)"
