"""A playtest report (companion.plays.playtests.Report) as text for the terminal: the same report, the same bytes."""

from __future__ import annotations

from companion.plays.playtests import Report, Row


def _n(value: float | None, unit: str = "") -> str:
    return "-" if value is None else f"{value:.1f}{unit}"


def _diff(row: Row, unit: str = "") -> str:
    return "-" if row.difference is None else f"{row.difference:+.1f}{unit}"


def text(r: Report) -> str:
    """The report as text for the terminal, the same bytes for the same plays and seed."""
    lines = [f"{r.title}: playtests beside the lab ({r.lab_games} bot games a group, seed {r.seed})"]
    if r.note:
        lines.append(r.note)
    for g in r.groups:
        chosen = ", ".join(f"{k}={','.join(map(str, v)) if isinstance(v, list) else v}" for k, v in g.options)
        lines += ["", f"{g.players} seats{', options ' + chosen if chosen else ''}: {g.plays} plays compared"
                  + (f", {g.apart} stopped early and left out" if g.apart else "")]
        if g.unknown:
            lines.append(f"  Not compared (the lab does not take them): {', '.join(g.unknown)}")
        if g.note and g.note != r.note:
            lines.append(f"  {g.note}")
        if g.seats:
            lines += ["  Wins by seat        real      lab   difference  p-value"]
            lines += [f"    {row.label:<14} {_n(row.real, '%'):>7} {_n(row.lab, '%'):>8} {_diff(row, '%'):>12}"
                      f"  {_n(row.p) if row.p is None else f'{row.p:.3f}':>7}  {row.verdict}" for row in g.seats]
        if g.length:
            row = g.length
            lines += ["  Game length (mean) real      lab   difference  p-value",
                      f"    {row.label:<14} {_n(row.real):>7} {_n(row.lab):>8} {_diff(row):>12}"
                      f"  {'-' if row.p is None else f'{row.p:.3f}':>7}  {row.verdict}"]
        if g.ends:
            lines += ["  End conditions     plays    real      lab"]
            lines += [f"    {e.end:<14} {e.plays:>6} {_n(e.percent, '%'):>7} {_n(e.lab_percent, '%'):>8}"
                      for e in g.ends]
            if g.ends_p is not None:
                lines.append(f"    p-value {g.ends_p:.3f}: {g.ends_verdict}")
        for s in g.scores:
            lines.append(f"  {s.label[0].upper() + s.label[1:]}  (min, median, mean, max)")
            for who, four in (("real", s.real), ("lab", s.lab)):
                if four:
                    lines.append(f"    {who:<6} {four[0]:>8g} {four[1]:>8g} {four[2]:>8.1f} {four[3]:>8g}")
            if s.p is not None:
                lines.append(f"    mean: p-value {s.p:.3f}, {s.verdict}")
    f = r.feedback
    lines += ["", f"Feedback: {f.answers} answer{'' if f.answers == 1 else 's'}" + ("" if not f.answers else
              f"; fun {_n(f.fun)} of 5, clarity {_n(f.clarity)} of 5"
              + "".join(f"; {length}: {n}" for length, n in f.lengths))]
    lines += [f"  - {note}" for note in f.notes]
    return "\n".join(line.rstrip() for line in lines) + "\n"
