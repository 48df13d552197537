"""Card layouts as data: named boxes in mm on the trim box, styles, `extends`, Jinja2 text.

A layout file is TOML: `extends` (another layout's name), `description`, `font` (the font family
its text boxes use unless a box names another), `[style]` (colour names to "#rrggbb") and
`[boxes.<name>]` tables drawn in file order, parents' boxes first. A box that a
child layout repeats is merged key by key; `hidden = true` removes an inherited box. A box's own `extends`
takes another box's settings (cardgen.layout.box_extends); `repeat` and `step` draw it several times
(cardgen.layout.repeat), each copy an ordinary box.
Coordinates, font sizes and `hidden` written as templates (`"{{ ... }}"`) are kept as templates and
worked out per card by cardgen.layout.per_card.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any
from collections.abc import Callable, Mapping

import jinja2

from cardgen.gamedata.tomlplaces import TomlPlaces
from cardgen.layout import repeat
from cardgen.layout.box_extends import resolve_extends
from cardgen.layout.expressions import ExpressionError, compile_expression
from cardgen.layout.templating import environment

GEOMETRY = ("x", "y", "w", "h")
BOARD_TABLES = ("tracks", "grids", "slots")  # what a board's layout has beside its boxes (cardgen.layout.board_spec)
KNOWN_KEYS = "extends, description, font, style, boxes, or a board's tracks, grids and slots"
COMMON = {"kind", "when", "hidden", "under", "safe", "extends", "repeat", "step", *GEOMETRY}  # safe: cardgen.layout.safe_zone
KINDS: dict[str, set[str]] = {
    "rect": {"fill", "stroke", "stroke_width", "radius"},
    "ellipse": {"fill", "stroke", "stroke_width"},
    "line": {"colour", "width"},
    "text": {"text", "size", "min_size", "bold", "italic", "align", "valign", "colour", "leading", "font"},
    "art": {"column", "accent", "placeholder"},
    "icon": {"icon", "colour"},
}
TEMPLATED = {"text", "fill", "stroke", "colour", "icon", "column", "accent"}
CHOICES = {"align": ("left", "center", "right"), "valign": ("top", "middle", "bottom")}
NUMBERS = {"size", "min_size", "stroke_width", "radius", "width", "leading"}
LENGTHS = {"stroke_width", "radius", "width"}  # millimetres, or a number with its unit ("38px", "0.1in")
FLAGS = {"bold", "italic", "hidden", "placeholder", "safe"}
FONT_NAME = re.compile(r"[a-z][a-z0-9_-]*")  # a family of game.toml's [fonts], or "default"
PER_CARD = {*GEOMETRY, "size", "min_size", "hidden"}  # settings that may also be templates over the card


_LINE = re.compile(r".*?:(\d+): ")  # a message's own line number, after its file's path
_FIELD = re.compile(r"\{\{\s*card\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


@dataclass(frozen=True)
class Field:
    """A template that is exactly `{{ card.<column> }}`: read directly, without Jinja2's machinery."""

    column: str

    def render(self, card: Any = None, **context: Any) -> str:
        value = getattr(card, self.column)
        return "" if value is None else str(value)


@dataclass(frozen=True)
class Constant:
    """A setting with no template syntax in it: the same text for every card."""

    text: str

    def render(self, **context: Any) -> str:
        return self.text


class LayoutError(ValueError):
    """A layout that cannot be used; the message names the file and the box."""


class LayoutErrors(LayoutError):
    """Every problem found in a layout's boxes, each a LayoutError at its own file:line, so that
    `cardgen check` lists them all in one run; its message is theirs, a line each."""

    def __init__(self, errors: list[LayoutError]):
        self.errors: tuple[LayoutError, ...] = tuple(
            single for error in errors for single in (error.errors if isinstance(error, LayoutErrors) else (error,)))
        super().__init__("\n".join(str(error) for error in self.errors))


def each_error(error: LayoutError) -> tuple[LayoutError, ...]:
    """The single problems an error holds: itself, or each of a LayoutErrors'."""
    return error.errors if isinstance(error, LayoutErrors) else (error,)


@dataclass(frozen=True)
class Box:
    name: str
    kind: str
    geometry: tuple[Callable[[Mapping[str, float]], float], ...]
    values: Mapping[str, Any]
    templates: Mapping[str, jinja2.Template | Field | Constant]
    when: Callable[..., Any] | None
    sources: Mapping[str, str]  # key -> Jinja2 source, for checking the names it uses
    places: Mapping[str, tuple[Path, int | None]] = field(default_factory=dict)  # key -> (file, line) it was set at
    repeats: str = ""  # for a copy of a repeated box (`pips[2]`), the box as written (`pips`)

    def place(self, key: str | None = None) -> str:
        """`file:line` of one of the box's settings (or of the box itself), for messages."""
        path, line = self.places.get(key or "", self.places.get("", (Path(f"<box {self.name}>"), None)))
        return f"{path}:{line}" if line else str(path)


@dataclass(frozen=True)
class Layout:
    name: str
    path: Path
    description: str
    style: Mapping[str, str]
    boxes: tuple[Box, ...]
    # a board's [tracks.*], [grids.*] and [slots.*] as written (cardgen.layout.board_spec draws them)
    board: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))


def load_layout(name: str, files: Mapping[str, Path]) -> Layout:
    """The layout `name` with its `extends` chain resolved; LayoutError on any problem.

    Read once per process for as long as none of the layout files changes (size and time), however many
    decks and exports ask: a layout is immutable, so they share it.
    """
    versions = []
    for key, path in sorted(files.items()):
        try:
            stat = path.stat()
            versions.append((key, str(path), stat.st_mtime_ns, stat.st_size))
        except OSError:
            versions.append((key, str(path), 0, -1))
    return _load_layout(name, tuple(versions), MappingProxyType(dict(files)))


_CACHE: dict[tuple, Layout] = {}


def _load_layout(name: str, versions: tuple, files: Mapping[str, Path]) -> Layout:
    key = (name, versions)
    if key not in _CACHE:
        if len(_CACHE) > 1024:
            _CACHE.clear()
        _CACHE[key] = _read_layout(name, files)
    return _CACHE[key]


def _read_layout(name: str, files: Mapping[str, Path]) -> Layout:
    chain: list[tuple[Path, dict, TomlPlaces]] = []
    current: str | None = name
    while current is not None:
        if current not in files:
            where = f" (extended by {chain[-1][0]})" if chain else ""
            raise LayoutError(f"unknown layout {current!r}{where}; layouts found: {', '.join(sorted(files))}")
        path = files[current]
        if any(path == seen for seen, _, _ in chain):
            raise LayoutError(f"{path}: 'extends' goes round in a circle back to {current!r}")
        data, places = _read(path)
        chain.append((path, data, places))
        current = data.get("extends")
        if current is not None and not isinstance(current, str):
            raise LayoutError(f"{path}: extends must be a layout name in quotes")
    style: dict[str, str] = {}
    merged: dict[str, dict] = {}
    font: tuple[Any, tuple[Path, int | None]] | None = None  # the layout's own font, and where it is set
    problems: list[LayoutError] = []  # every one is reported, not only the first (`cardgen check`)
    board: dict[str, dict] = {}  # a board's tracks, grids and slots, a child's table replacing its parent's
    for path, data, places in reversed(chain):
        for key in sorted(set(data) - {"extends", "description", "font", "style", "boxes", *BOARD_TABLES}):
            line = places.line(key)
            problems.append(LayoutError(f"{path}:{line}: unknown key {key!r}: expected {KNOWN_KEYS}" if line
                                        else f"{path}: unknown key {key!r}: expected {KNOWN_KEYS}"))
        for kind in BOARD_TABLES:
            if isinstance(data.get(kind), dict):
                board.setdefault(kind, {}).update(data[kind])
            elif kind in data:
                problems.append(LayoutError(f"{path}:{places.line(kind)}: {kind} must be tables: [{kind}.<name>]"))
        if "font" in data:
            font = (data["font"], (path, places.line("font")))
        try:
            style.update(_style(path, data.get("style", {}), places))
        except LayoutError as error:
            problems.append(error)
        boxes_table = data.get("boxes", {})
        if not isinstance(boxes_table, dict):
            problems.append(LayoutError(f"{path}: boxes must be tables: [boxes.<name>]"))
            boxes_table = {}
        for box_name, box in boxes_table.items():
            if not isinstance(box, dict):
                problems.append(LayoutError(f"{path}: box {box_name!r} must be a table"))
                continue
            lines = {key: (path, places.line("boxes", box_name, key)) for key in box}
            lines[""] = (path, places.line("boxes", box_name))
            entry = {**merged.get(box_name, {}), **box,
                     "_places": {**merged.get(box_name, {}).get("_places", {}), **lines}}
            under = box.get("under")
            if under is not None and box_name not in merged and under not in merged:
                problems.append(LayoutError(f"{_place(lines, 'under')}: box {box_name!r}: under names {under!r}, "
                                            f"which no layout it extends has (boxes: {', '.join(merged) or 'none'})"))
                merged[box_name] = entry
            elif under is not None and box_name not in merged:
                keys = list(merged)
                merged = {k: merged[k] for k in keys[:keys.index(under)]} | {box_name: entry} | \
                    {k: merged[k] for k in keys[keys.index(under):]}
            else:
                merged[box_name] = entry
    problems += [LayoutError(problem) for problem in resolve_extends(merged)]  # a box's `extends`: another box
    if font is not None:  # the layout's font is each text box's own unless the box names one
        for box in merged.values():
            if box.get("kind", "text") == "text" and "font" not in box:
                box["font"], box["_places"] = font[0], {**box["_places"], "font": font[1]}
    boxes = []
    for box_name, box in merged.items():
        if box.get("hidden") is True:
            continue
        repeating = {key: box.pop(key) for key in ("repeat", "step") if key in box}
        try:
            built = _box(box_name, box)
            boxes += _repeated(built, repeating) if repeating else [built]
        except LayoutError as error:
            problems.append(error)
    if problems:
        raise LayoutErrors(problems)
    return Layout(name, chain[0][0], str(chain[0][1].get("description", "")), MappingProxyType(style), tuple(boxes),
                  MappingProxyType(board))


def _read(path: Path) -> tuple[dict, TomlPlaces]:
    try:
        text = path.read_text(encoding="utf-8")
        return tomllib.loads(text), TomlPlaces(text)
    except tomllib.TOMLDecodeError as error:
        raise LayoutError(f"{path}: not valid TOML: {error}") from None
    except UnicodeDecodeError:
        raise LayoutError(f"{path}: not UTF-8 text") from None


def _style(path: Path, style: Any, places: TomlPlaces) -> dict[str, str]:
    if not isinstance(style, dict):
        raise LayoutError(f"{path}: [style] must be a table of colour names")
    problems = []
    for key, value in style.items():
        if not (isinstance(value, str) and re.fullmatch(r"#[0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?", value)):
            line = places.line("style", key)
            problems.append(LayoutError(f"{path}:{line}: style {key!r} must be a colour like \"#a1b2c3\" "
                                        f"(or \"#a1b2c380\" with alpha), found {value!r}" if line else
                                        f"{path}: style {key!r} must be a colour like \"#a1b2c3\" "
                                        f"(or \"#a1b2c380\" with alpha), found {value!r}"))
    if problems:
        raise LayoutErrors(problems)
    return style


def _box(name: str, raw: dict) -> Box:
    """The box; LayoutErrors naming every setting of it that is wrong, each at its own line."""
    places = raw.pop("_places")
    where = f"{_place(places, '')}: box {name!r}"
    at = lambda key: f"{_place(places, key)}: box {name!r}"  # noqa: E731  (the line of one setting)
    problems: list[LayoutError] = []
    kind = raw.get("kind", "text")
    if kind not in KINDS:
        problems.append(LayoutError(f"{at('kind')}: kind must be one of {', '.join(KINDS)}, found {kind!r}"))
    else:
        for key in sorted(set(raw) - COMMON - KINDS[kind]):
            problems.append(LayoutError(f"{at(key)}: {key!r} is not a setting of a {kind} box "
                                        f"(it takes {', '.join(sorted(KINDS[kind] | COMMON))})"))
    missing = [key for key in GEOMETRY if key not in raw]
    if missing:
        problems.append(LayoutError(f"{where}: needs {', '.join(missing)} (millimetres or expressions over W, H, "
                                    "bleed)"))
    per_card = {key for key in PER_CARD & set(raw) if isinstance(raw[key], str) and ("{{" in raw[key]
                                                                                     or "{%" in raw[key])}
    geometry = []
    for key in GEOMETRY:
        try:
            geometry.append(compile_expression(0 if key in per_card or key not in raw else raw[key]))
        except ExpressionError as error:  # the card's value comes later
            problems.append(LayoutError(f"{at(key)}: {error}"))
            geometry.append(compile_expression(0))
    for key in sorted(FLAGS & set(raw) - per_card):
        if not isinstance(raw[key], bool):
            problems.append(LayoutError(f"{at(key)}: {key} must be true or false, found {raw[key]!r}"))
    if "font" in raw and not (isinstance(raw["font"], str) and FONT_NAME.fullmatch(raw["font"])):
        problems.append(LayoutError(f"{at('font')}: font must be the name of a font of game.toml's [fonts] (or "
                                    f"\"default\"), found {raw['font']!r}"))
    for key, choices in CHOICES.items():
        if key in raw and raw[key] not in choices:
            problems.append(LayoutError(f"{at(key)}: {key} must be one of {', '.join(choices)}, found {raw[key]!r}"))
    for key in sorted(LENGTHS & set(raw) - per_card):  # a length may carry its unit, as positions do: "38px"
        if isinstance(raw[key], str):
            try:
                raw[key] = compile_expression(raw[key])({})
            except (ExpressionError, KeyError) as error:  # KeyError: W, H or bleed, which a radius cannot use
                why = str(error) if isinstance(error, ExpressionError) else f"{error} is not known here"
                problems.append(LayoutError(f"{at(key)}: {key} must be a length such as 0.5, \"2mm\" or \"38px\", "
                                            f"found {raw[key]!r} ({why})"))
                raw[key] = 0.0
    for key in sorted(NUMBERS & set(raw) - per_card):
        if not isinstance(raw[key], (int, float)) or isinstance(raw[key], bool) or raw[key] < 0:
            problems.append(LayoutError(f"{at(key)}: {key} must be a number of 0 or more, found {raw[key]!r}"))
    env = environment()
    templates: dict[str, jinja2.Template | Field | Constant] = {}
    sources: dict[str, str] = {}
    for key in sorted((TEMPLATED | per_card) & set(raw)):
        if not isinstance(raw[key], str):
            problems.append(LayoutError(f"{at(key)}: {key} must be text in quotes, found {raw[key]!r}"))
            continue
        simple = _FIELD.fullmatch(raw[key])
        try:
            if simple:
                templates[key] = Field(simple.group(1))
            elif "{" not in raw[key]:
                templates[key] = Constant(raw[key])
            else:
                templates[key] = env.from_string(raw[key])
        except jinja2.TemplateSyntaxError as error:
            problems.append(LayoutError(f"{at(key)}: {key}: template error on its line {error.lineno}: "
                                        f"{error.message}"))
            continue
        sources[key] = raw[key]
    when = None
    if "when" in raw:
        try:
            when = env.compile_expression(str(raw["when"]))
            sources["when"] = "{{ " + str(raw["when"]) + " }}"
        except jinja2.TemplateSyntaxError as error:
            problems.append(LayoutError(f"{at('when')}: when: {error.message}"))
    if problems:  # in the order of their lines in the file
        raise LayoutErrors(sorted(problems, key=lambda error: int(m.group(1)) if (m := _LINE.match(str(error))) else 0))
    values = {k: v for k, v in raw.items()
              if k not in GEOMETRY and k not in TEMPLATED and k not in per_card and k != "under"}
    return Box(name, kind, tuple(geometry), MappingProxyType(values), MappingProxyType(templates), when,
               MappingProxyType(sources), MappingProxyType(places))


def _repeated(box: Box, settings: dict[str, Any]) -> list[Box]:
    """The copies of a box that says `repeat` (cardgen.layout.repeat), each an ordinary box."""
    try:
        return repeat.copies(box, repeat.plan(settings))
    except repeat.RepeatError as error:
        raise LayoutError(f"{box.place(error.key)}: box {box.name!r}: {error}") from None


def _place(places: Mapping[str, tuple[Path, int | None]], key: str) -> str:
    path, line = places.get(key, places[""])
    return f"{path}:{line}" if line else str(path)
