"""A PDF page as the printer would see it: rasterised by poppler's pdftoppm, for reading pixels."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image


def rasterise(pdf: Path, page: int, folder: Path, dpi: float) -> Image.Image:
    """Page `page` (from 1) of `pdf` at `dpi`, written into `folder`."""
    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm is missing: `make test` installs poppler-utils")
    stem = folder / f"page{page}"
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-png", "-singlefile",
                    str(pdf), str(stem)], check=True)
    with Image.open(f"{stem}.png") as image:
        image.load()  # the pixels are read now and the file closed; the image stays usable
    return image
