"""Reads the column declarations of game.toml: a deck's [decks.<id>.columns] and the shared [columns] decks take.

A top-level `[columns.<name>]` table declares a column once; a deck takes it with
`shared_columns = ["name", ...]` (or `true` for all of them) and may still declare its own
columns, a column of its own replacing a shared one of the same name.
"""

from __future__ import annotations

from typing import Any

from cardgen.gamedata.columns import IMPLICIT_COLUMNS, OPTIONS, TYPES, CellError, Column
from cardgen.gamedata.manifest.table_checks import TableChecks
from cardgen.gamedata.manifest.values import kind_of


class ColumnTables(TableChecks):
    """Mixin of the game.toml reader: columns of a deck (it provides problem and unknown_keys)."""

    def columns(self, table: dict, keys: tuple[str, ...], shared: tuple[Column, ...] = ()) -> tuple[Column, ...]:
        """The deck's columns: the built-in ones, the `shared` ones it takes, then its own."""
        own = self.declared(table, keys)
        names = {column.name for column in own}
        return IMPLICIT_COLUMNS + tuple(c for c in shared if c.name not in names) + own

    def declared(self, table: dict, keys: tuple[str, ...]) -> tuple[Column, ...]:
        declared = []
        implicit = {c.name for c in IMPLICIT_COLUMNS}
        for name, spec in table.items():
            if name in implicit:
                self.problem(keys + (name,), f"column {name!r} is built in (id, name and count need no "
                             "declaration); remove this table")
                continue
            column = self.column(name, spec, keys + (name,))
            if column:
                declared.append(column)
        return tuple(declared)

    def shared_table(self, table: dict) -> dict[str, Column | None]:
        """The top-level [columns] declarations by name (None for one that has a problem, already reported)."""
        columns = {column.name: column for column in self.declared(table, ("columns",))}
        return {name: columns.get(name) for name in table}

    def shared_columns(self, wanted: Any, shared: dict[str, Column | None], keys: tuple[str, ...]) -> tuple[Column, ...]:
        """The shared columns a deck's `shared_columns = [...]` (or `true`) names, in the order named."""
        if wanted is None or wanted is False:
            return ()
        if wanted is True:
            names = list(shared)
        elif isinstance(wanted, list) and all(isinstance(name, str) for name in wanted):
            names = wanted
        else:
            self.problem(keys, f"shared_columns must be a list of column names from [columns] or true, "
                         f"found {wanted!r}")
            # the names it does give are still taken, so the CSV is not reported again for them
            names = [wanted] if isinstance(wanted, str) else \
                [name for name in wanted if isinstance(name, str)] if isinstance(wanted, list) else []
        taken: list[Column] = []
        for name in names:
            if name not in shared:
                known = ", ".join(sorted(shared)) if shared else "none: there is no [columns] table"
                self.problem(keys, f"shared_columns names {name!r}, which [columns] does not declare "
                             f"(it declares {known})")
            elif (column := shared[name]) is not None and column not in taken:
                taken.append(column)
        return tuple(taken)

    def column(self, name: str, spec: Any, keys: tuple[str, ...]) -> Column | None:
        if not isinstance(spec, dict):
            self.problem(keys, f"column {name!r} must be a table like {{ type = \"int\" }}, found {kind_of(spec)}")
            return None
        self.unknown_keys(spec, OPTIONS, keys)
        kind = spec.get("type", "str")
        if kind not in TYPES:
            self.problem(keys + ("type",), f"column {name!r}: type must be one of {', '.join(TYPES)}, found {kind!r}")
            return None
        values = spec.get("values")
        if values is not None and not (isinstance(values, list) and values
                                       and all(isinstance(v, str) and v for v in values)):
            self.problem(keys + ("values",), f"column {name!r}: values must be a list of texts, found {values!r}")
            values = None
        if kind == "enum" and not values:
            self.problem(keys, f"column {name!r} is an enum and needs values = [\"...\", ...]")
            values = ["?"]
        bounds = {}
        for bound in ("min", "max"):
            if bound in spec:
                if kind not in ("int", "float") or not isinstance(spec[bound], (int, float)) \
                        or isinstance(spec[bound], bool):
                    self.problem(keys + (bound,), f"column {name!r}: {bound} applies to int and float "
                                 f"columns and must be a number")
                else:
                    bounds[bound] = spec[bound]
        printed = spec.get("printed", True)
        if not isinstance(printed, bool):
            self.problem(keys + ("printed",), f"column {name!r}: printed must be true or false, found {printed!r}")
            printed = True
        column = Column(
            name=name, type=kind, values=tuple(values) if values else None,
            required=bool(spec.get("required", "default" not in spec)),
            unique=bool(spec.get("unique", False)), pattern=spec.get("pattern"),
            description=str(spec.get("description", "")), printed=printed, **bounds,
        )
        if "default" in spec:
            default = spec["default"]
            try:
                text = ";".join(default) if isinstance(default, list) else str(default)
                column = Column(**{**column.__dict__, "default": column.parse(text)})
            except (CellError, TypeError) as error:
                self.problem(keys + ("default",), f"column {name!r}: default must be {column.expectation()}, "
                             f"found {default!r}" + (f" ({error})" if isinstance(error, TypeError) else ""))
        return column
