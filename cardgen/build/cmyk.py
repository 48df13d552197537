"""A build's CMYK step: Ghostscript found when --cmyk or a print-shop preset asks, and the staged PDFs converted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.build.options import BuildError, BuildOptions
from cardgen.build.staging import Staging
from cardgen.export.presets import PresetError, preset

if TYPE_CHECKING:  # the converter (and pypdf) is imported by the builds that ask for CMYK only
    from cardgen.export.cmyk import Engine


def cmyk_engine(options: BuildOptions) -> Engine | None:
    """Ghostscript, when --cmyk or the print-shop preset asks for CMYK; BuildError naming the package when missing."""
    asked = "--cmyk" if options.cmyk else None
    if not asked and options.preset:
        try:
            shop = preset(options.preset)
        except PresetError as error:
            raise BuildError(f"--preset: {error}") from None
        asked = f"--preset {options.preset} ({shop.title} wants CMYK PDF/X files)" if shop.cmyk else None
    if not asked:
        return None
    from cardgen.export.cmyk import CmykError, find_engine
    try:
        return find_engine()
    except CmykError as error:
        raise BuildError(f"{asked}: {error}") from None


def to_cmyk(engine: Engine, staging: Staging, names: list[str]) -> str:
    """Converts the staged PDFs `names` to CMYK PDF/X in place; the note that says so."""
    from cardgen.export.cmyk import FLATTEN_DPI, CmykError, convert_all
    try:
        flattened = convert_all(engine, [staging.folder / name for name in names])
    except CmykError as error:
        raise BuildError(str(error)) from None
    note = (f"CMYK PDF/X-3: {len(names)} file(s) converted by Ghostscript {engine.version} for a SWOP press "
            f"({engine.profile.name}); the duplex test page, token sheets and rulebook stay RGB")
    if flattened:
        note += (f"; {sum(flattened.values())} page(s) with transparent art ({', '.join(sorted(flattened))}) became "
                 f"one {FLATTEN_DPI} dpi picture each, text included (PDF/X-3 has no transparency: use opaque art)")
    return note
