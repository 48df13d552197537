"""A spreadsheet cell's value as the text a CSV saved from it would hold, for the column checks to read."""

from __future__ import annotations

import datetime
from typing import Any

WHOLE_LIMIT = 1e15  # beyond it a spreadsheet shows a whole number in exponent form too


def cell_text(value: Any) -> str:
    """The cell's value as text: `3` (not `3.0`), `1.5`, `true`/`false`, dates as ISO text (`2024-05-01`),
    times as `13:30`, an empty cell as ``; numbers keep up to 15 significant digits, as spreadsheets show them."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value.is_integer() and abs(value) < WHOLE_LIMIT:
            return str(int(value))
        return format(value, ".15g")
    if isinstance(value, datetime.datetime):
        if (value.hour, value.minute, value.second, value.microsecond) == (0, 0, 0, 0):
            return value.date().isoformat()
        return value.isoformat(sep=" ", timespec=_timespec(value))
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, datetime.time):
        return value.isoformat(timespec=_timespec(value))
    if isinstance(value, datetime.timedelta):
        return _duration(value)
    return str(value)


def _timespec(value: datetime.datetime | datetime.time) -> str:
    return "minutes" if (value.second, value.microsecond) == (0, 0) else "seconds"


def _duration(value: datetime.timedelta) -> str:
    """A duration as hours:minutes (`26:30`), with seconds when it has them."""
    seconds = round(value.total_seconds())
    sign, seconds = ("-" if seconds < 0 else ""), abs(seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{sign}{hours}:{minutes:02d}" + (f":{seconds:02d}" if seconds else "")
