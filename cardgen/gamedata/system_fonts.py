"""Fonts installed on this machine, found by family with fontconfig (`fc-match`), for "system:Family" in [fonts].

Stdlib only: fontconfig's own command answers, as it does for every program of the desktop. A family is
found when fontconfig's best match for it is that family (fontconfig always offers some font: a match of
another family means the font is not installed). Its bold, italic and bold italic are fontconfig's matches
for the family with :bold, :italic and :bold:italic, when they are files of their own. The files differ
from one machine to the next, so a build naming a system font is the same on one machine only; the
files and their hashes are what the build records (`cardgen.gamedata.font_files.font_record`).
"""

from __future__ import annotations

import shutil
import subprocess

PREFIX = "system:"
STYLE_PATTERNS = {"regular": "", "bold": ":bold", "italic": ":italic", "bolditalic": ":bold:italic"}
FORMAT = "%{family}\n%{file}\n%{index}\n"
NO_FONTCONFIG = ("fontconfig is not installed on this machine (no fc-match command), so installed fonts cannot be "
                 "found: install fontconfig (apt install fontconfig, brew install fontconfig) or copy the font's "
                 ".ttf or .otf file into the game folder and give its path")


class NotInstalled(LookupError):
    """A system font that cannot be found here; the message says why, as the end of a sentence."""


def system_files(pattern: str) -> dict[str, str]:
    """The files of the installed family `pattern` (a family name, optionally with fontconfig properties after
    a colon: "Liberation Sans", "Montserrat:black") by style: "regular" always, the other styles when the
    family has a file of their own. NotInstalled when fontconfig is missing or has no such family."""
    family = pattern.split(":")[0].strip()
    if not family:
        raise NotInstalled(f"{PREFIX}{pattern!r} names no family: write system:\"Family Name\", e.g. "
                           "\"system:DejaVu Serif\"")
    command = shutil.which("fc-match")
    if command is None:
        raise NotInstalled(NO_FONTCONFIG)
    files: dict[str, str] = {}
    for style, extra in STYLE_PATTERNS.items():
        names, file, index = _match(command, pattern + extra)
        if family.casefold() not in {name.casefold() for name in names}:
            if style == "regular":
                offered = f" (fontconfig offers {names[0]!r} instead)" if names else ""
                raise NotInstalled(f"system font {family!r} is not installed on this machine{offered}; install it, "
                                   "or copy its .ttf or .otf file into the game folder and give its path")
            continue
        if index != "0":
            raise NotInstalled(f"system font {family!r} {style} is face {index} of the font collection {file}, which "
                               "cardgen cannot embed; copy a .ttf or .otf file of the font into the game folder")
        if file and file not in files.values():
            files[style] = file
    return files


def _match(command: str, pattern: str) -> tuple[list[str], str, str]:
    """fontconfig's best match for `pattern`: its family names, its file and its face index."""
    try:
        result = subprocess.run([command, pattern, "--format", FORMAT], capture_output=True, text=True, timeout=60,
                                check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise NotInstalled(f"fontconfig (fc-match) could not be run: {error}") from None
    lines = (result.stdout.split("\n") + ["", "", ""])[:3]
    names = [name.strip() for name in lines[0].split(",") if name.strip()]
    return names, lines[1].strip(), lines[2].strip() or "0"
