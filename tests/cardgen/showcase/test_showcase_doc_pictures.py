"""docs/designers/showcase.md's pictures are what the command in each one's caption writes today."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[3] / "docs" / "designers"
# a picture, then its caption: the command that made it, in italics
PICTURE = re.compile(r"!\[[^\]]*\]\((images/[^)\s]+\.png)\)\s*\n\s*\*`(cardgen showcase [^`]+)`\*")


def pictures() -> list[tuple[str, str]]:
    return PICTURE.findall((DOCS / "showcase.md").read_text(encoding="utf-8"))


def test_the_page_shows_pictures_with_their_commands():
    assert [image for image, _ in pictures()] == ["images/showcase-fan.png", "images/showcase-row.png"]


@pytest.mark.parametrize(("image", "command"), pictures())
def test_each_picture_is_what_its_caption_writes_today(cli, tmp_path, image, command):
    out = tmp_path / "picture.png"
    result = cli(*shlex.split(command)[1:], "--out", out)
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == (DOCS / image).read_bytes(), (
        f"docs/designers/{image} is not what `{command}` writes today: run it with --out docs/designers/{image}")
