"""Event schemas: the fields an event type takes, checked with a message naming field and value."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Mapping


BLANK = " \t\n\r\f\v"  # what blank text is made of, the same in the schema's pattern


def is_unicode(text: str) -> bool:
    """Whether `text` can be stored and shown: no unpaired surrogate (JSON's "\\ud800" alone decodes to one)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class FieldError(ValueError):
    """A payload field that does not fit its schema; `field` is its name, the message says why."""

    def __init__(self, field_name: str, message: str):
        super().__init__(f"{field_name}: {message}")
        self.field = field_name
        self.message = message


@dataclass(frozen=True)
class Field:
    """One payload field: its JSON type and limits, and a description for the OpenAPI document."""

    type: str                     # "integer", "string", "boolean", "array"
    required: bool = True
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] | None = None
    max_length: int = 200
    items: Field | None = None
    max_items: int = 100
    min_length: int = 0           # text of fewer characters is refused (and the schema says so)
    min_items: int = 0
    unique: bool = False          # a list whose items differ (the schema says so; the caller words the refusal)
    description: str = ""
    default: Any = None
    label: str = ""               # the field's name in a player's words, where a page asks for it
    labels: Mapping[Any, str] | None = None  # words for each allowed value (choices, or levels of a number)
    seat: bool = False            # an integer naming a player by seat: a page offers the players' names
    card: bool = False            # a card of the game's data, by its id; a write may name it as printed instead
    per_player: bool = False      # a list with one item per player, in seat order: a page asks player by player

    def check(self, name: str, value: Any) -> Any:
        if self.type == "integer":
            if isinstance(value, float) and value.is_integer():
                value = int(value)  # JSON's 8.0 is the whole number 8 (as JSON Schema counts it)
            if not isinstance(value, int) or isinstance(value, bool):
                raise FieldError(name, f"expected a whole number, found {value!r}")
            if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
                raise FieldError(name, f"expected a whole number from {self.minimum} to {self.maximum}, found {value}")
        elif self.type == "string":
            if not isinstance(value, str):
                raise FieldError(name, f"expected text, found {value!r}")
            if len(value) > self.max_length:
                raise FieldError(name, f"expected at most {self.max_length} characters, found {len(value)}")
            if len(value.strip(BLANK)) < self.min_length:
                raise FieldError(name, "expected text, found nothing" if self.min_length == 1 else
                                 f"expected at least {self.min_length} characters")
            if "\x00" in value:
                raise FieldError(name, "expected text without NUL characters")
            if not is_unicode(value):
                raise FieldError(name, "expected text, found characters that are not valid Unicode (an unpaired "
                                       "surrogate)")
        elif self.type == "boolean":
            if not isinstance(value, bool):
                raise FieldError(name, f"expected true or false, found {value!r}")
        elif self.type == "array":
            if not isinstance(value, list) or not self.min_items <= len(value) <= self.max_items:
                raise FieldError(name, f"expected a list of {self.min_items} to {self.max_items} items, "
                                       f"found {value!r}"[:200])
            assert self.items is not None
            return [self.items.check(f"{name}[{i}]", item) for i, item in enumerate(value)]
        if self.choices is not None and value not in self.choices:
            raise FieldError(name, f"expected one of {', '.join(map(str, self.choices))}, found {value!r}")
        return value

    def json_schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": self.type}
        if self.label:
            schema["title"] = self.label
        if self.card:
            schema["x-card"] = True  # a card's id, or its name as printed where one card only bears it
        if self.description:
            schema["description"] = self.description
        if self.minimum is not None:
            schema["minimum"] = self.minimum
        if self.maximum is not None:
            schema["maximum"] = self.maximum
        if self.choices is not None:
            schema["enum"] = list(self.choices)
            if self.labels:
                schema["x-labels"] = [self.labels.get(c, str(c)) for c in self.choices]
        if self.type == "string":
            schema["maxLength"] = self.max_length
            schema["pattern"] = r"^[^\u0000]*$"  # no NUL character
            if self.min_length:
                schema["minLength"] = self.min_length
                schema["pattern"] = r"^[^\u0000]*[^\u0000 \t\n\r\f\v][^\u0000]*$"  # and not blank
        if self.type == "array" and self.items is not None:
            schema["items"] = self.items.json_schema()
            schema["maxItems"] = self.max_items
            if self.min_items:
                schema["minItems"] = self.min_items
            if self.unique:
                schema["uniqueItems"] = True
        return schema


@dataclass(frozen=True)
class EventSpec:
    """An event type: what it does (one sentence) and the payload fields it takes."""

    description: str
    fields: Mapping[str, Field] = field(default_factory=dict)
    random: bool = False  # the server rolls or shuffles when the event is appended
    hidden: tuple[str, ...] = ()  # payload fields (such as a shuffled deck) kept out of every public view
    drawn: tuple[str, ...] = ()   # payload keys the app's draw adds beside the fields (dice faces, a seed); the
    # rules check them, the schema does not offer them to a client

    def check(self, payload: Any) -> dict[str, Any]:
        """The payload with defaults filled in; FieldError for the first field that does not fit."""
        if not isinstance(payload, dict):
            raise FieldError("payload", f"expected an object, found {payload!r}"[:200])
        unknown = sorted(set(payload) - set(self.fields))
        if unknown:
            raise FieldError(f"payload.{unknown[0]}", "is not a field of this event; fields: "
                             + (", ".join(self.fields) or "none"))
        checked = {}
        for name, spec in self.fields.items():
            if name not in payload or payload[name] is None:
                if spec.required:
                    raise FieldError(f"payload.{name}", "is required")
                checked[name] = spec.default
                continue
            checked[name] = spec.check(f"payload.{name}", payload[name])
        return checked

    def json_schema(self) -> dict[str, Any]:
        return {"type": "object", "description": self.description, "additionalProperties": False,
                "properties": {name: spec.json_schema() for name, spec in self.fields.items()},
                "required": [name for name, spec in self.fields.items() if spec.required]}
