"""Turns finished RGB PDFs into CMYK PDF/X-3 files with an output intent, using Ghostscript.

Print shops such as DriveThruCards want PDF/X: every colour in the printing inks (CMYK, or grey for
black-only), fonts embedded, and an *output intent* naming the press the colours were separated for,
with that press's ICC profile inside the file. Ghostscript's pdfwrite device does the conversion
(`-dPDFX -sColorConversionStrategy=CMYK`); the output intent is added by the pdfmarks of
Ghostscript's own PDFX_def.ps example, given here as PostScript on the command line. The profile is
Ghostscript's default CMYK profile (Artifex's SWOP profile, US web offset coated press), the one its
colour conversion uses, so the intent in the file describes the numbers actually written.

What survives: text stays text with its fonts embedded (and their ToUnicode maps, see unicode_maps),
vector shapes stay vectors, page boxes keep their values (Ghostscript rounds them to 0.001 pt), pages
are never rotated. What changes: RGB colours become CMYK through the profile (white becomes bare
paper), images become CMYK; black and grey text below 24 pt and lines under 2 pt are set in the
black ink alone beforehand (see black_ink), while large type and areas keep the profile's four-ink
rich black. PDF/X-3 is PDF 1.3, without transparency: a page that draws with transparency (a PNG with
an alpha channel, SVG opacity) is flattened by Ghostscript into one picture of the whole page at
720 dpi, its text and lines included; `convert` counts those pages so the build can say so.

The result is byte-for-byte deterministic: the dates come from SOURCE_DATE_EPOCH (fixed to the
2000-01-01 the reportlab files carry), and the document ID, which Ghostscript derives from the clock
and the file name, is replaced by an MD5 of the file's other bytes (it sits in the trailer, after
the cross-reference table, so no offset moves). Files are converted in parallel, one Ghostscript per core.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Iterable

from PIL import ImageCms
from pypdf import PdfReader, PdfWriter
from pypdf.errors import PyPdfError

from cardgen.export.black_ink import BlackInkError, set_in_black
from cardgen.export.pool import cores
from cardgen.export.unicode_maps import keep_unicode_maps

GS = "gs"
INSTALL = "apt-get install ghostscript"
PROFILE = "default_cmyk.icc"
# where Ghostscript keeps its profiles: <share>/ghostscript/<version>/iccprofiles/ (what it converts
# with), and Debian's copy of the same files in libgs-common, which the ghostscript package depends on
SHARE_DIRS = (Path("/usr/share"), Path("/usr/local/share"), Path("/opt/homebrew/share"))
PROFILE_DIRS = (Path("/usr/share/color/icc/ghostscript"),)
PDFX_VERSION = "PDF/X-3:2002"
OUTPUT_CONDITION = "CGATS TR001"                    # SWOP, the condition Artifex's default profile models
OUTPUT_CONDITION_TEXT = "US web offset coated (SWOP)"
SOURCE_DATE_EPOCH = "946684800"                     # 2000-01-01T00:00:00Z: the date every cardgen PDF carries
TIMEOUT = 600.0                                     # seconds per file; a 216-page file takes about 1 s
FLATTEN_DPI = 720                                   # pages with transparency become pictures this sharp


class CmykError(ValueError):
    """Ghostscript or its profile is missing, or a file could not be converted; the message says which."""


@dataclass(frozen=True)
class Engine:
    """The Ghostscript that converts and the CMYK profile the output intent embeds."""

    gs: str
    version: str
    profile: Path


def find_engine() -> Engine:
    """Ghostscript on PATH and its CMYK profile; CmykError naming the package to install when either is missing."""
    gs = shutil.which(GS)
    if gs is None:
        raise CmykError(f"CMYK PDF/X needs Ghostscript, which is not installed (no `{GS}` command on PATH): "
                        f"install it with `{INSTALL}`")
    try:
        done = subprocess.run([gs, "--version"], capture_output=True, text=True, timeout=30, check=True)
    except (OSError, subprocess.SubprocessError) as error:
        raise CmykError(f"CMYK PDF/X needs Ghostscript, but `{gs} --version` failed ({error}): "
                        f"reinstall it with `{INSTALL}`") from None
    version = done.stdout.strip()
    candidates = _profile_candidates(Path(gs), version)
    for candidate in candidates:
        if candidate.is_file():
            return Engine(gs, version, candidate)
    raise CmykError(f"CMYK PDF/X needs Ghostscript's CMYK profile {PROFILE}, not found in "
                    f"{', '.join(str(c.parent) for c in candidates)}: install it with `{INSTALL}`")


def _profile_candidates(gs: Path, version: str) -> list[Path]:
    shares = [gs.resolve().parent.parent / "share", *SHARE_DIRS]
    found = [share / "ghostscript" / version / "iccprofiles" / PROFILE for share in dict.fromkeys(shares)]
    return found + [folder / PROFILE for folder in PROFILE_DIRS]


def convert_all(engine: Engine, paths: Iterable[Path], timeout: float = TIMEOUT) -> dict[str, int]:
    """Replaces each PDF in `paths` by its CMYK PDF/X-3 version, in parallel; CmykError naming the first failure.
    Returns, for each file that had any, how many pages were flattened into a picture (see the module's docstring).

    Each file is written beside its original and renamed over it only when Ghostscript succeeded, so a
    failed conversion leaves the RGB file (and the caller's staging folder discards both).
    """
    paths = list(paths)
    if not paths:
        return {}
    with ThreadPoolExecutor(max_workers=max(1, min(cores(), len(paths)))) as workers:
        biggest_first = sorted(paths, key=lambda path: -path.stat().st_size)  # the long ones don't end up last
        futures = {path: workers.submit(convert, engine, path, timeout) for path in biggest_first}
        try:
            flattened = {path.name: futures[path].result() for path in paths}
        except BaseException:
            for future in futures.values():
                future.cancel()
            raise
    return {name: pages for name, pages in flattened.items() if pages}


def convert(engine: Engine, path: Path, timeout: float = TIMEOUT) -> int:
    """Replaces the PDF at `path` by its CMYK PDF/X-3 version (see the module's docstring); returns how many
    of its pages drew with transparency and so were flattened into a picture."""
    converted = path.with_name(f".{path.name}.cmyk")
    prepared = _prepare(path)
    try:
        return _convert(engine, path, prepared or path, converted, timeout)
    finally:
        if prepared is not None:
            prepared.unlink(missing_ok=True)


def _prepare(path: Path) -> Path | None:
    """A copy of the PDF beside it, its neutral detail set in the black ink (black_ink) and its ToUnicode maps
    in the form Ghostscript keeps (unicode_maps); None when pypdf cannot read it (Ghostscript then says why)."""
    try:
        writer = PdfWriter(clone_from=path)
    except (PyPdfError, OSError, ValueError):
        return None
    prepared = path.with_name(f".{path.name}.prepared")
    try:
        set_in_black(writer)
        keep_unicode_maps(writer)
        with prepared.open("wb") as stream:
            writer.write(stream)
    except (PyPdfError, OSError, BlackInkError) as error:
        prepared.unlink(missing_ok=True)
        raise CmykError(f"{path.name}: its black text and lines could not be prepared for CMYK ({error})") from None
    return prepared


def _convert(engine: Engine, path: Path, source: Path, converted: Path, timeout: float) -> int:
    """Ghostscript's conversion of `source` into `converted`, renamed over `path` when it succeeded."""
    command = [engine.gs, "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", f"--permit-file-read={engine.profile}",
               "-dPDFSTOPONERROR", "-sDEVICE=pdfwrite", "-dPDFX", "-sColorConversionStrategy=CMYK",
               "-dAutoRotatePages=/None",                           # cards with sideways text stay upright
               f"-r{FLATTEN_DPI}",
               "-dEmbedAllFonts=true", "-dSubsetFonts=true",
               "-dDownsampleColorImages=false", "-dDownsampleGrayImages=false", "-dDownsampleMonoImages=false",
               "-dAutoFilterColorImages=false", "-dColorImageFilter=/FlateEncode",   # lossless, never JPEG
               "-dAutoFilterGrayImages=false", "-dGrayImageFilter=/FlateEncode",
               f"-sOutputFile={converted}", "-c", _output_intent(engine.profile), "-f", str(source)]
    env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
    try:
        done = subprocess.run(command, capture_output=True, text=True, errors="replace", timeout=timeout, env=env, check=False)
    except subprocess.TimeoutExpired:
        converted.unlink(missing_ok=True)
        raise CmykError(f"{path.name}: Ghostscript took longer than {timeout:g} s converting it to CMYK") from None
    except OSError as error:
        raise CmykError(f"{path.name}: Ghostscript could not be started ({error.strerror or error}): "
                        f"reinstall it with `{INSTALL}`") from None
    if done.returncode != 0 or not converted.is_file():
        converted.unlink(missing_ok=True)
        raise CmykError(f"{path.name}: Ghostscript {engine.version} could not convert it to CMYK PDF/X "
                        f"(exit status {done.returncode}: {_first_error(done.stdout + chr(10) + done.stderr)})")
    try:
        _fix_id(converted)
        flattened = transparent_pages(path)  # of the original, which Ghostscript has read without error
    except CmykError:
        converted.unlink(missing_ok=True)
        raise
    os.replace(converted, path)
    return flattened


def transparent_pages(path: Path) -> int:
    """How many pages of the PDF at `path` draw with transparency: soft masks, constant alpha below 1,
    blend modes or transparency groups (what PDF 1.3, and so PDF/X-3, cannot hold)."""
    try:
        reader = PdfReader(path)
        return sum(_transparent(page, set()) for page in reader.pages)
    except (PyPdfError, OSError, ValueError, KeyError) as error:
        raise CmykError(f"{path.name}: cannot be read as a PDF ({error})") from None


def _transparent(obj, seen: set[int]) -> bool:
    if _is_group(obj.get("/Group")):
        return True
    resources = obj.get("/Resources")
    resources = resources.get_object() if resources is not None else {}
    for state in (resources.get("/ExtGState") or {}).values():
        state = state.get_object()
        if (state.get("/SMask", "/None") != "/None" or float(state.get("/ca", 1)) < 1
                or float(state.get("/CA", 1)) < 1 or state.get("/BM", "/Normal") not in ("/Normal", "/Compatible")):
            return True
    for reference in (resources.get("/XObject") or {}).values():
        key = getattr(reference, "idnum", None) or id(reference)
        if key in seen:
            continue
        seen.add(key)
        xobject = reference.get_object()
        if "/SMask" in xobject or (xobject.get("/Subtype") == "/Form" and _transparent(xobject, seen)):
            return True
    return False


def _is_group(group) -> bool:
    return group is not None and group.get_object().get("/S") == "/Transparency"


def _first_error(output: str) -> str:
    """Ghostscript's own error line ("Error: /syntaxerror in ...") out of what it printed."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    errors = [line for line in lines if "error" in line.lower()]
    return (errors or lines or ["no message"])[0]


def _output_intent(profile: Path) -> str:
    """PostScript pdfmarks (after Ghostscript's PDFX_def.ps) that add the PDF/X keys and the output intent."""
    return (f"[ /GTS_PDFXVersion {_ps(PDFX_VERSION)} /Trapped /False /DOCINFO pdfmark "
            "[ /_objdef {icc_PDFX} /type /stream /OBJ pdfmark "
            "[ {icc_PDFX} << /N 4 >> /PUT pdfmark "
            f"[ {{icc_PDFX}} {_ps(str(profile))} (r) file /PUT pdfmark "
            "[ /_objdef {OutputIntent_PDFX} /type /dict /OBJ pdfmark "
            "[ {OutputIntent_PDFX} << /Type /OutputIntent /S /GTS_PDFX "
            f"/OutputCondition {_ps(OUTPUT_CONDITION_TEXT)} /OutputConditionIdentifier {_ps(OUTPUT_CONDITION)} "
            f"/Info {_ps(_description(profile))} /RegistryName (http://www.color.org) "
            "/DestOutputProfile {icc_PDFX} >> /PUT pdfmark "
            "[ {Catalog} << /OutputIntents [ {OutputIntent_PDFX} ] >> /PUT pdfmark")


def _description(profile: Path) -> str:
    """The profile's own description (Artifex CMYK SWOP Profile), or its file name when it has none readable."""
    try:
        return ImageCms.getProfileDescription(ImageCms.getOpenProfile(str(profile))).strip() or profile.name
    except (OSError, ImageCms.PyCMSError):
        return profile.name


def _ps(text: str) -> str:
    """`text` as a PostScript string literal."""
    return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def _fix_id(path: Path) -> None:
    """Replaces the trailer's /ID (from the clock and the file name) by an MD5 of the rest of the file.

    Ghostscript writes the ID as hex or, at random, as a literal string of bytes; either way it sits
    in the trailer, after the cross-reference table, so changing its length moves no offset.
    """
    data = path.read_bytes()
    trailer = data.rfind(b"trailer")
    start = data.find(b"/ID", trailer) if trailer >= 0 else -1
    startxref = data.rfind(b"startxref")
    end = data.rfind(b"]", start, startxref) if start >= 0 else -1
    if start < 0 or end < 0 or data[end + 1:startxref].strip() != b">>":
        raise CmykError(f"{path.name.removeprefix('.').removesuffix('.cmyk')}: Ghostscript wrote no document ID "
                        "in the form this version of cardgen makes deterministic")
    rest = data[:start] + data[end + 1:]
    digest = hashlib.md5(rest).hexdigest().upper().encode("ascii")
    path.write_bytes(data[:start] + b"/ID [<" + digest + b"><" + digest + b">]" + data[end + 1:])
