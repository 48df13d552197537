"""The fold-and-glue sheet: each card's front and back side by side, a fold line between them.

Each pair is laid out like a `gutter` card twice as wide: its own bleed on the outer sides, a gap to
the next pair, crop marks at its corners. The fold runs along the shared edge of the two halves,
marked by ticks above and below the pair on its extension (never across the card). Folded there,
the back half turns over about that vertical line and lands mirrored onto the front half, which is
exactly how a card is turned over in the hand (sideways), so the back is printed upright, not
rotated; its bleed mirrors (none on the fold side, where the front continues).
"""

from __future__ import annotations

from dataclasses import replace

from cardgen.impose.gutter import gutter_sheet, outward
from cardgen.impose.sheet import MARK_GAP, Sheet, SheetOptions


def fold_sheet(o: SheetOptions) -> Sheet:
    """Pairs front | back in a grid; `Sheet.slots` are the fronts, `Sheet.backs` their backs."""
    w, b = o.card_width, o.bleed
    pairs = gutter_sheet(replace(o, card_width=2 * w, style="gutter"))
    fronts, backs, folds = [], [], []
    owners: list[int] = []
    for s in pairs.slots:
        fronts.append(replace(s, width=w, bleed_right=0.0))
        backs.append(replace(s, x=s.x + w, width=w, bleed_left=0.0))
        fold = s.x + w
        above = (o.gutter / 2 - MARK_GAP) if s.row > 0 else s.y - b - MARK_GAP - o.margin
        below = (o.gutter / 2 - MARK_GAP) if s.row < pairs.rows - 1 else \
            o.paper.height - (s.y + s.height + b + MARK_GAP) - o.margin
        folds += outward(fold, s.y - b - MARK_GAP, 0, -1, above)
        folds += outward(fold, s.y + s.height + b + MARK_GAP, 0, 1, below)
        owners += [s.index] * (len(folds) - len(owners))
    return Sheet(o, pairs.cols, pairs.rows, tuple(fronts), pairs.marks, pairs.notes, tuple(backs), tuple(folds),
                 owners=pairs.owners, fold_owners=tuple(owners))

