"""Paper sizes by name or as WIDTHxHEIGHT in millimetres."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Paper:
    """A sheet of paper, portrait, in millimetres."""

    name: str
    width: float
    height: float


PAPERS: dict[str, Paper] = {
    p.name: p
    for p in (
        Paper("a4", 210.0, 297.0),
        Paper("letter", 215.9, 279.4),
        Paper("a3", 297.0, 420.0),
        Paper("legal", 215.9, 355.6),
        Paper("tabloid", 279.4, 431.8),
    )
}


def paper(value: str) -> Paper:
    """A paper from its name (a4, letter, ...) or `WIDTHxHEIGHT` in mm; ValueError otherwise."""
    key = value.strip().lower()
    if key in PAPERS:
        return PAPERS[key]
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)(?:\s*mm)?", key)
    if match:
        width, height = float(match.group(1)), float(match.group(2))
        if 50 <= width <= 2000 and 50 <= height <= 2000:
            return Paper(f"{width:g}x{height:g}mm", width, height)
    raise ValueError(f"unknown paper {value!r}: use " + ", ".join(PAPERS) + " or WIDTHxHEIGHT in mm (50 to 2000)")
