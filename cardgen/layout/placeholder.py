"""Generated vector art for cards without an image: a small landscape, different for every card."""

from __future__ import annotations

import hashlib
import random

from cardgen.layout.ops import Ellipse, Op, Path, Rect


def mix(colour: str, other: str, amount: float) -> str:
    """`colour` moved `amount` (0..1) of the way towards `other`."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b))


def placeholder(seed: str, x: float, y: float, w: float, h: float, accent: str) -> list[Op]:
    """Deterministic art for the box (x, y, w, h): sky, sun and hills in tints of `accent`."""
    rng = random.Random(hashlib.sha256(seed.encode()).digest())
    ops: list[Op] = [Rect(x, y, w, h, fill=mix(accent, "#ffffff", 0.82))]
    r = min(w, h) * rng.uniform(0.1, 0.16)
    ops.append(Ellipse(x + rng.uniform(0.15, 0.85) * w - r, y + rng.uniform(0.18, 0.4) * h - r, 2 * r, 2 * r,
                       fill=mix(accent, "#ffffff", 0.55)))
    for layer in range(3):
        base = y + h * (0.5 + 0.16 * layer)
        points = [(x, y + h), (x, base)]
        steps = rng.randint(3, 5)
        for i in range(1, steps):
            points.append((x + w * i / steps + rng.uniform(-0.05, 0.05) * w, base - rng.uniform(0.05, 0.28) * h))
        points += [(x + w, base), (x + w, y + h)]
        commands = (("M", *points[0]),) + tuple(("L", px, py) for px, py in points[1:]) + (("Z",),)
        ops.append(Path(commands, fill=mix(accent, "#ffffff", 0.45 - 0.18 * layer)))
    return ops
