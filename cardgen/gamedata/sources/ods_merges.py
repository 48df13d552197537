"""The merged cells of one sheet of an .ods file, from its content.xml (the spreadsheet reader gives none)."""

from __future__ import annotations

import zipfile
import xml.etree.ElementTree as ET
from pathlib import Path

TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
Range = tuple[tuple[int, int], tuple[int, int]]  # (first row, first column), (last row, last column), from 0


def ods_merged_ranges(path: Path, sheet: str) -> list[Range]:
    """Each merged range of the sheet named `sheet`, its corners counted from 0 (A1 is (0, 0)).

    A file whose merges cannot be read gives none: the values were read already, only the merging is lost.
    """
    try:
        return _ranges(path, sheet)
    except (OSError, KeyError, ValueError, zipfile.BadZipFile, ET.ParseError):
        return []


def _ranges(path: Path, sheet: str) -> list[Range]:
    ranges: list[Range] = []
    inside, row, column = False, 0, 0
    with zipfile.ZipFile(path) as archive, archive.open("content.xml") as stream:
        for event, element in ET.iterparse(stream, events=("start", "end")):
            tag = element.tag
            if tag == TABLE + "table":
                if event == "start":
                    inside, row = element.get(TABLE + "name") == sheet, 0
                elif inside:
                    break
                else:
                    element.clear()
            elif not inside:
                continue
            elif tag == TABLE + "table-row":
                if event == "start":
                    column = 0
                else:
                    row += int(element.get(TABLE + "number-rows-repeated", "1"))
                    element.clear()
            elif tag in (TABLE + "table-cell", TABLE + "covered-table-cell") and event == "start":
                across = int(element.get(TABLE + "number-columns-spanned", "1"))
                down = int(element.get(TABLE + "number-rows-spanned", "1"))
                if tag == TABLE + "table-cell" and (across > 1 or down > 1):
                    ranges.append(((row, column), (row + down - 1, column + across - 1)))
                column += int(element.get(TABLE + "number-columns-repeated", "1"))
    return ranges
