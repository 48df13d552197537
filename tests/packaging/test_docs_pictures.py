"""The designer docs' pictures exist, their example games pass `cardgen check`, and they are what cardgen prints today."""

from __future__ import annotations

import importlib.util
import io
import re
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "designers"
IMAGE_LINK = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")
BLOCK_OR_PICTURE = re.compile(r"```(?:toml|csv)\n(.*?)```|!\[[^\]]*\]\(images/([^)\s]+)\.png\)", re.S)


def _script():
    spec = importlib.util.spec_from_file_location("make_pictures", DOCS / "make_pictures.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


PICTURES = _script()
EXAMPLES = sorted(path.name for path in (DOCS / "examples").iterdir() if (path / "game.toml").is_file())


def _references() -> dict[str, list[str]]:
    """Every image link of docs/designers/*.md, by the page that holds it."""
    return {page.name: IMAGE_LINK.findall(page.read_text(encoding="utf-8")) for page in sorted(DOCS.glob("*.md"))}


def test_every_image_the_docs_reference_exists():
    links = [(page, link) for page, found in _references().items() for link in found]
    assert len(links) >= len(PICTURES.PICTURES)
    missing = [f"{page}: {link}" for page, link in links if not (DOCS / link).is_file()]
    assert missing == []


def test_every_picture_is_shown_in_the_docs_and_every_example_makes_one():
    shown = {link for found in _references().values() for link in found}
    made = {f"images/{picture.name}.png" for picture in PICTURES.PICTURES}
    assert made - shown == set()
    assert sorted({picture.example for picture in PICTURES.PICTURES}) == EXAMPLES


def _settings(text: str) -> set[str]:
    """The lines of TOML or CSV text without comments or blank lines."""
    lines = (re.sub(r"\s{2,}#.*$", "", line).strip() for line in text.splitlines())
    return {line for line in lines if line and not line.startswith("#")}


def test_the_snippet_above_each_picture_is_in_its_example():
    """A TOML or CSV block right above a picture in layouts.md is what the example holds, line by line."""
    examples = {picture.name: picture.example for picture in PICTURES.PICTURES}
    block, compared = None, 0
    for match in BLOCK_OR_PICTURE.finditer((DOCS / "layouts.md").read_text(encoding="utf-8")):
        if match.group(1) is not None:
            block = match.group(1)
            continue
        if block is not None:
            folder = DOCS / "examples" / examples[match.group(2)]
            held = set().union(*(_settings(path.read_text(encoding="utf-8"))
                                 for path in folder.rglob("*") if path.suffix in (".toml", ".csv")))
            assert _settings(block) - held == set(), f"layouts.md above images/{match.group(2)}.png"
            compared += 1
        block = None
    assert compared >= 10


@pytest.mark.parametrize("example", EXAMPLES)
def test_example_passes_check_from_inside_its_folder(example):
    status, output = PICTURES.cardgen(["check", "."], DOCS / "examples" / example)
    assert status == 0, output
    assert "data OK" in output
    assert "warning" not in output.lower()


@pytest.mark.parametrize("picture", PICTURES.PICTURES, ids=lambda picture: picture.name)
def test_picture_is_what_its_example_builds_today(picture):
    committed = (DOCS / "images" / f"{picture.name}.png").read_bytes()
    built = PICTURES.make(picture)
    if built != committed:
        old, new = (Image.open(io.BytesIO(data)).convert("RGB") for data in (committed, built))
        changed = old.size != new.size or ImageChops.difference(old, new).getbbox() is not None
        pytest.fail(f"images/{picture.name}.png is not what examples/{picture.example} builds today "
                    f"({'the pixels differ' if changed else 'same pixels, other bytes'}): run `make pictures`")
