"""The error of art that exists but cannot be drawn, shared by the art readers (art_files, svg_images)."""

from __future__ import annotations

from cardgen.layout.spec import LayoutError


class ArtError(LayoutError):
    """An art file that exists but cannot be drawn; the message names the file and why."""
