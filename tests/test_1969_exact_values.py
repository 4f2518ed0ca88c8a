"""Exact win chances of the 1969 round (``exact_values``) against an independent law and rollouts."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pytest

import isslab
from isslab.analysis import exact_values
from isslab.analysis.evaluate import evaluate
from isslab.core import State
from isslab.games.game_1969 import LAUNCH, ROLL
from isslab.games.game_1969 import exact as law_1969
from isslab.games.game_1969.components import GROUND_CONTROL, INSURANCE, SIMULATION

GREEDY = isslab.bot("1969", "greedy")


def _law_value(roll: Any) -> tuple[float, ...]:
    """Win chances after the last nation's last launch of 1969, when no hand holds a card: from the
    exact law of the test (score, failures after re-rolls), the flags, the clamped space's value,
    Insurance and the end-of-game points, with the rule of the winner (most prestige, then money,
    ties share)."""
    t = roll.game.tables
    seat, m = roll.launcher, roll.mission
    res = roll.research[seat]
    bonus = sum(res[b] for b in t.m_boxes[m])
    values = t.m_values[m]
    extra = roll.scientist_points()
    out = [0.0] * t.n
    law = law_1969.test_distribution(res[SIMULATION], res[GROUND_CONTROL], t.dice, t.die_faces)
    for (base, red), p in law.items():
        space = min(len(values) - 1, max(0, roll.space + base + bonus))
        pp = list(roll.pp)
        pp[seat] += max(0, values[space] - roll.flags[m])
        money = list(roll.money)
        money[seat] += t.insurance_pay * res[INSURANCE] * red
        keys = [(pp[s] + extra[s], money[s]) for s in range(t.n)]
        for s in range(t.n):
            if keys[s] == max(keys):
                out[s] += float(p)
    return tuple(out)


@pytest.mark.parametrize(
    "prestige,money,sheet",
    [
        ((30, 34, 28, 30), (0, 0, 0, 20), "lunar=G simulation=G ground_control=B"),
        ((31, 33, 29, 29), (9, 0, 1, 12), "launchpad=B vector=F insurance=G"),
        (
            (31, 36, 30, 24),
            (0, 3, 0, 13),
            "astronautics=GB orbital=F simulation=B ground_control=G insurance=B",
        ),
        ((40, 30, 20, 38), (5, 5, 5, 25), ""),
    ],
)
def test_the_last_test_of_1969_meets_the_exact_law(
    prestige: tuple[int, ...], money: tuple[int, ...], sheet: str
) -> None:
    """The tree's value of the last launch of the game equals the value from the test's exact law
    (Lunar Probe, Heavy Launcher and Spacewalk; with and without re-rolls, Ground Control, Insurance)."""
    game = exact_values.exact_game("1969")
    launch: Any = game.position(
        year=1969,
        phase="LAUNCH",
        first_player=0,
        to_act=3,
        prestige=prestige,
        money=money,
        research={3: sheet} if sheet else None,
    )
    assert launch.phase == LAUNCH and not any(map(sum, launch.hands))
    roll: Any = launch.apply(GREEDY(launch, None))  # type: ignore[arg-type]
    assert roll.phase == ROLL  # the greedy bot launches
    law = _law_value(roll)
    assert sum(law) >= 1 - 1e-12
    for start in (launch, roll):
        got = exact_values.tree_value(start, GREEDY, exact_values.game_1969_key)
        assert got == pytest.approx(law, abs=1e-12)


def _full_key(state: State) -> Hashable:
    """Every field but the statistics: no two positions merged that the play could tell apart."""
    return tuple(getattr(state, f) for f in type(state).FIELDS if f != "stats")


def test_merged_launch_positions_change_no_value() -> None:
    """The key that forgets the last test at a launch gives the values of the full key."""
    _, states, values, _ = exact_values.game_1969_cases(6, seed=7, limit=4_000)
    for s, v in zip(states, values, strict=True):
        assert exact_values.tree_value(s, GREEDY, _full_key, limit=200_000) == pytest.approx(v, abs=1e-12)


def test_rollouts_cover_the_exact_values() -> None:
    """200 greedy rollouts per case: the 95% intervals cover the exact values of (nearly) every case."""
    cases = 12
    _, states, values, counts = exact_values.game_1969_cases(cases, seed=3, limit=4_000)
    assert len(states) == cases and counts["games"] == cases + counts["skipped"]
    seat0 = every = 0
    for i, (s, truth) in enumerate(zip(states, values, strict=True)):
        assert 0 <= min(truth) and max(truth) <= 1 and sum(truth) >= 1 - 1e-9  # ties share the win
        ev = evaluate(s, method="rollout", games=200, bots="greedy", seed=i)
        hit = [lo - 1e-12 <= t <= hi + 1e-12 for t, lo, hi in zip(truth, ev.low, ev.high, strict=True)]
        seat0 += hit[0]
        every += all(hit)
    # at 95% per interval, 3 misses of 12 has a chance of about 2%; of 48 intervals, 6 about 3%
    assert seat0 >= cases - 2 and every >= cases - 5
