"""The cells of an .xlsx sheet that hold a formula with no saved result (a file last written by a script)."""

from __future__ import annotations

import posixpath
import zipfile
import xml.etree.ElementTree as ET
from pathlib import Path

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
RELATIONSHIP = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}"


def unsaved_formulas(path: Path, sheet: str) -> list[str]:
    """The references (`G2`) of the sheet's formula cells that have no saved value, in file order; none for a
    file that is not an .xlsx or whose parts cannot be read (its values were read already)."""
    if path.suffix.lower() != ".xlsx":
        return []
    try:
        with zipfile.ZipFile(path) as archive:
            part = _sheet_part(archive, sheet)
            if part is None:
                return []
            found = []
            with archive.open(part) as stream:
                for _, element in ET.iterparse(stream):
                    if element.tag == MAIN + "c":
                        formula, value = element.find(MAIN + "f"), element.find(MAIN + "v")
                        if formula is not None and (value is None or not (value.text or "").strip()):
                            found.append(element.get("r", "?"))
                        element.clear()
            return found
    except (OSError, KeyError, zipfile.BadZipFile, ET.ParseError):
        return []


def _sheet_part(archive: zipfile.ZipFile, sheet: str) -> str | None:
    """The zip member holding the sheet called `sheet`, through the workbook's relationships."""
    workbook = ET.fromstring(archive.read("xl/workbook.xml"))
    ids = {s.get("name"): s.get(RELATIONSHIP) for s in workbook.iter(MAIN + "sheet")}
    rels = ET.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): r.get("Target", "") for r in rels.iter(RELS + "Relationship")}
    target = targets.get(ids.get(sheet))
    if not target:
        return None
    return target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))
