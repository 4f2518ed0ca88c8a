"""The exact mission-test law of 1969 against hand computations and against the engine's sampled tests."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

import pytest

import isslab
from isslab.games.game_1969 import REROLL, REROLL_ROLL, ROLL
from isslab.games.game_1969.actions import Launch, Reroll
from isslab.games.game_1969.exact import (
    expected_prestige,
    insurance_distribution,
    mission_score_distribution,
    reroll_policy,
)

F = Fraction


@pytest.mark.parametrize(
    "bonus,sim,gc,dice", [(0, 0, 0, 5), (3, 2, 1, 5), (1, 5, 4, 5), (0, 3, 0, 2), (6, 1, 8, 7)]
)
def test_distribution_sums_to_one(bonus: int, sim: int, gc: int, dice: int) -> None:
    """Every law is a probability distribution over the reachable scores."""
    law = mission_score_distribution(bonus, sim, gc, dice)
    assert sum(law.values()) == 1
    assert all(p > 0 for p in law.values())
    assert min(law) >= bonus - dice and max(law) <= bonus + dice


def test_hand_computed_cases() -> None:
    """One die: 1/2 success, 1/3 neutral, 1/6 failure; the re-roll and Ground Control by hand."""
    assert mission_score_distribution(dice=1) == {-1: F(1, 6), 0: F(1, 3), 1: F(1, 2)}
    # Ground Control converts the neutral: success 5/6
    assert mission_score_distribution(dice=1, ground_control=1) == {-1: F(1, 6), 1: F(5, 6)}
    # one re-roll, no Ground Control: a failure or a neutral is re-rolled once
    assert mission_score_distribution(dice=1, simulation=1) == {-1: F(1, 12), 0: F(1, 6), 1: F(3, 4)}
    # five dice: all successes (1/2)^5, all failures (1/6)^5, mean 5 x 1/3
    law = mission_score_distribution()
    assert law[5] == F(1, 32) and law[-5] == F(1, 6**5)
    assert sum(s * p for s, p in law.items()) == F(5, 3)
    # the U.S.A. LEM example has score 3 with one researcher: bonus shifts the law by one
    shifted = mission_score_distribution(bonus=1)
    assert all(shifted[s + 1] == p for s, p in law.items())


def test_reroll_policy() -> None:
    """Failures first, then the neutrals Ground Control cannot convert."""
    assert reroll_policy(1, 2, 2, simulation=3, ground_control=1) == (2, 1)
    assert reroll_policy(1, 2, 2, simulation=1, ground_control=0) == (1, 0)
    assert reroll_policy(3, 2, 0, simulation=4, ground_control=2) == (0, 0)


def test_insurance_and_expected_prestige() -> None:
    """Insurance pays 3 M x researchers x failures; expected PP clamps and subtracts flags."""
    ins = insurance_distribution(2)
    assert sum(ins.values()) == 1
    assert ins[0] == F(5, 6) ** 5 and ins[30] == F(1, 6) ** 5
    assert sum(k * p for k, p in ins.items()) == 6 * F(5, 6)
    values = (0, 1, 2, 3, 5)
    certain = {4: F(1)}
    assert expected_prestige(values, 0, 0, certain) == 5
    assert expected_prestige(values, 0, 2, certain) == 3
    assert expected_prestige(values, 0, 9, {-3: F(1)}) == 0


def _sample_scores(n: int, seed: int, sim: int, gc: int) -> list[int]:
    """Run ``n`` Lunar Module tests (2 Lunar Module researchers) in the engine, chance drawn from a
    seeded RNG, re-rolls by the policy."""
    sheets = "lunar=G" + {0: "", 2: " simulation=G"}[sim] + {0: "", 1: " ground_control=B"}[gc]
    game = isslab.make("1969", players=2, first_player=0)
    st = game.position(phase="LAUNCH", money=(50, 50), research={0: sheets})
    launch = Launch(0, 5, "Lunar Module Test", 5)
    rng = random.Random(seed)
    scores = []
    for _ in range(n):
        s: Any = st.apply(launch)
        while s.phase in (ROLL, REROLL, REROLL_ROLL):
            if s.phase == REROLL:
                s = s.apply(Reroll(0, *reroll_policy(s.green, s.blue, s.red, sim, gc)))
            else:
                s = s.apply(s.sample_chance(rng))
        assert s.current_player == 1  # the test is over (nobody holds cards): the USSR's turn
        scores.append(s.test.score)
    return scores


@pytest.mark.parametrize("sim,gc", [(0, 0), (2, 1)])
def test_engine_samples_match_exact_law(sim: int, gc: int) -> None:
    """20,000 engine tests agree with the exact law: every bin within 4 sigma, and a chi-square bound."""
    n = 20_000
    law = mission_score_distribution(bonus=2, simulation=sim, ground_control=gc)
    counts: dict[int, int] = {}
    for score in _sample_scores(n, seed=sim * 10 + gc, sim=sim, gc=gc):
        counts[score] = counts.get(score, 0) + 1
    assert set(counts) <= set(law)
    chi2 = 0.0
    bins = 0
    for score, p in law.items():
        expected = n * float(p)
        sd = math.sqrt(n * float(p) * (1 - float(p)))
        assert abs(counts.get(score, 0) - expected) <= 4 * sd + 1, (score, counts.get(score), expected)
        if expected >= 5:
            chi2 += (counts.get(score, 0) - expected) ** 2 / expected
            bins += 1
    df = bins - 1
    # a generous bound (about 5 standard deviations of a chi-square with df degrees of freedom)
    assert chi2 < df + 5 * math.sqrt(2 * df)
