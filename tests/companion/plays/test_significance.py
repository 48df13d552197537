"""The significance tests against values from tables and exact sums."""

from __future__ import annotations

import math

import pytest

from companion.plays import significance as sig


def test_binomial_two_sided_exact():
    # P(X <= 1 | n=10, p=0.5) = 11/1024; two-sided doubles it by symmetry: 22/1024 (any binomial table).
    assert sig.binomial(1, 10, 0.5) == pytest.approx(22 / 1024, abs=1e-12)
    assert sig.binomial(5, 10, 0.5) == pytest.approx(1.0)
    # asymmetric: 0 wins of 20 at 1/3: the sum of the chances no larger than (2/3)^20 (k=0 and k>=14)
    chances = [math.comb(20, k) * (1 / 3) ** k * (2 / 3) ** (20 - k) for k in range(21)]
    assert sig.binomial(0, 20, 1 / 3) == pytest.approx(sum(c for c in chances if c <= chances[0] * (1 + 1e-7)))


def test_chi_square_critical_values():
    # Upper 5% points of the chi-square distribution (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.4):
    # 3.841 at 1 df, 5.991 at 2 df, 7.815 at 3 df; 1% point 6.635 at 1 df.
    assert sig.chi_square_p(3.841, 1) == pytest.approx(0.05, abs=1e-4)
    assert sig.chi_square_p(5.991, 2) == pytest.approx(0.05, abs=1e-4)
    assert sig.chi_square_p(7.815, 3) == pytest.approx(0.05, abs=1e-4)
    assert sig.chi_square_p(6.635, 1) == pytest.approx(0.01, abs=1e-4)
    assert sig.chi_square_p(2.0, 2) == pytest.approx(math.exp(-1))  # 2 df: Q = exp(-x/2) exactly


def test_goodness_of_fit():
    assert sig.goodness_of_fit({"a": 50, "b": 50}, {"a": 0.5, "b": 0.5}) == pytest.approx(1.0)
    # 60/40 against 50/50: statistic 4 at 1 df -> 0.0455 (= erfc(2 / sqrt 2))
    assert sig.goodness_of_fit({"a": 60, "b": 40}, {"a": 0.5, "b": 0.5}) == pytest.approx(math.erfc(2 / math.sqrt(2)))
    assert sig.goodness_of_fit({"never": 1, "a": 9}, {"a": 1.0}) == 0.0


def test_mean_test_is_a_z_test():
    lab = [8.0, 10.0, 12.0] * 10
    sd = math.sqrt(sum((v - 10) ** 2 for v in lab) / (len(lab) - 1))
    # 4 plays of mean 11: z = 1 / (sd / 2)
    assert sig.mean_test([11, 11, 11, 11], lab) == pytest.approx(math.erfc((1 / (sd / 2)) / math.sqrt(2)))
    assert sig.mean_test([10.0], lab) == pytest.approx(1.0)


def test_differs_and_sentence():
    assert sig.differs(0.049) and not sig.differs(0.05)
    assert sig.sentence(0.01, 10) == "more than chance at 10 plays"
    assert sig.sentence(0.5, 1) == "within chance at 1 play"


def test_bad_input_names_the_value():
    with pytest.raises(sig.SignificanceError, match="wins=11, n=10"):
        sig.binomial(11, 10, 0.5)
    with pytest.raises(sig.SignificanceError, match=r"not 1\.5"):
        sig.binomial(1, 10, 1.5)
    with pytest.raises(sig.SignificanceError, match="not 0"):
        sig.chi_square_p(1.0, 0)
