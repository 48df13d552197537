"""Pure-Python significance tests for playtests: is a real figure further from the lab's than chance allows?

Each test returns a two-sided p-value (the chance of a result at least this far from the lab's when the game plays
as the lab says); `differs(p)` reads it at the 5% level. No scipy: the binomial test sums exact probabilities, the
chi-square p-value is the regularized upper incomplete gamma function Q(k/2, x/2), computed as in Press et al.,
Numerical Recipes in C, 2nd ed., section 6.2 (`gser`: the series for x < a + 1; `gcf`: the continued fraction by the
modified Lentz method otherwise), and the mean test is a normal (z) approximation.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

LEVEL = 0.05  # a difference "more than chance" when p is below this
_EPS = 3.0e-14
_TINY = 1.0e-300
_ITERATIONS = 500


class SignificanceError(ValueError):
    """A test asked of figures it cannot take; the message names the figure and its value."""


def differs(p: float) -> bool:
    """True when the p-value says the difference is more than chance (below 5%)."""
    return p < LEVEL


def binomial(wins: int, n: int, rate: float) -> float:
    """Exact two-sided binomial test: the chance of any count no likelier than `wins` out of `n` at `rate`."""
    if n < 1 or not 0 <= wins <= n:
        raise SignificanceError(f"a binomial test needs 0 <= wins <= n and n >= 1, not wins={wins}, n={n}.")
    if not 0.0 <= rate <= 1.0:
        raise SignificanceError(f"a rate is between 0 and 1, not {rate}.")
    if rate in (0.0, 1.0):
        return 1.0 if wins == round(rate * n) else 0.0
    chances = [math.comb(n, k) * rate ** k * (1 - rate) ** (n - k) for k in range(n + 1)]
    observed = chances[wins] * (1 + 1e-7)  # relative slack so equal chances count as equal
    return min(1.0, math.fsum(c for c in chances if c <= observed))


def gammq(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) (Numerical Recipes' gammq)."""
    if a <= 0 or x < 0:
        raise SignificanceError(f"the incomplete gamma function takes a > 0 and x >= 0, not a={a}, x={x}.")
    if x == 0:
        return 1.0
    if x < a + 1:
        return 1.0 - _series(a, x)
    return _fraction(a, x)


def _series(a: float, x: float) -> float:
    """P(a, x) by its series (Numerical Recipes' gser)."""
    term = total = 1.0 / a
    ap = a
    for _ in range(_ITERATIONS):
        ap += 1
        term *= x / ap
        total += term
        if abs(term) < abs(total) * _EPS:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction, modified Lentz (Numerical Recipes' gcf)."""
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    h = d
    for i in range(1, _ITERATIONS):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < _EPS:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def chi_square_p(statistic: float, df: int) -> float:
    """The chance that a chi-square variable with `df` degrees of freedom is at least `statistic`."""
    if df < 1:
        raise SignificanceError(f"a chi-square test needs at least 1 degree of freedom, not {df}.")
    return gammq(df / 2, max(0.0, statistic) / 2)


def goodness_of_fit(observed: Mapping[str, int], expected_share: Mapping[str, float]) -> float:
    """Chi-square goodness of fit of counts over categories against the lab's shares of them (summing to 1); a
    category the lab never saw but the plays did gives p = 0 (it cannot happen as the lab plays)."""
    n = sum(observed.values())
    if n < 1:
        raise SignificanceError("a goodness-of-fit test needs at least one observation, not 0.")
    categories = sorted(set(observed) | {k for k, v in expected_share.items() if v > 0})
    statistic = 0.0
    for category in categories:
        expected = n * expected_share.get(category, 0.0)
        seen = observed.get(category, 0)
        if expected <= 0:
            if seen:
                return 0.0
            continue
        statistic += (seen - expected) ** 2 / expected
    if len(categories) < 2:
        return 1.0
    return chi_square_p(statistic, len(categories) - 1)


def mean_test(values: Sequence[float], lab: Sequence[float]) -> float:
    """The chance that the mean of len(values) lab games lies as far from the lab's mean as the real mean does:
    a z test with the lab's standard deviation. An approximation (the central limit theorem): rough for few plays."""
    if not values or len(lab) < 2:
        raise SignificanceError(f"a mean test needs at least 1 real value and 2 lab values, not {len(values)} and "
                                f"{len(lab)}.")
    lab_mean = math.fsum(lab) / len(lab)
    sd = math.sqrt(math.fsum((v - lab_mean) ** 2 for v in lab) / (len(lab) - 1))
    gap = abs(math.fsum(values) / len(values) - lab_mean)
    if sd == 0:
        return 1.0 if gap == 0 else 0.0
    return math.erfc(gap / (sd / math.sqrt(len(values))) / math.sqrt(2))


def sentence(p: float, plays: int) -> str:
    """The p-value in words: "more than chance at 10 plays" or "within chance at 10 plays"."""
    word = "play" if plays == 1 else "plays"
    return f"{'more than' if differs(p) else 'within'} chance at {plays} {word}"
