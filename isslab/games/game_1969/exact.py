"""Exact probability laws of a 1969 mission test (§3.1 with Research: Simulation, Ground Control, Insurance).

A mission test rolls ``dice`` dice (default 5; faces 3 green / 2 blue / 1 red by default). The
score is successes - failures + neutrals converted by Ground Control + the researchers on the
mission's symbol boxes (``bonus``).

Re-roll policy (:func:`reroll_policy`, also used by the bots): the re-rolls are declared together
after the first roll (the engine's :class:`Reroll` action). Re-roll failures first (a re-rolled
failure never gets worse); then, with re-rolls left, re-roll only the neutrals that Ground Control
cannot convert (a convertible neutral is already worth a success). Successes are never re-rolled.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from math import factorial

__all__ = [
    "dice_law",
    "expected_prestige",
    "insurance_distribution",
    "mission_score_distribution",
    "reroll_policy",
    "test_distribution",
]

Faces = tuple[int, int, int]


def reroll_policy(green: int, blue: int, red: int, simulation: int, ground_control: int) -> tuple[int, int]:
    """How many (failures, neutrals) to re-roll: failures first, then the unconvertible neutrals."""
    reds = min(red, simulation)
    blues = min(max(0, blue - ground_control), simulation - reds)
    return reds, blues


@lru_cache(maxsize=256)
def dice_law(k: int, faces: Faces = (3, 2, 1)) -> tuple[tuple[tuple[int, int, int], Fraction], ...]:
    """Exact multinomial law of the (green, blue, red) counts of ``k`` dice."""
    sides = sum(faces)
    pg, pb, pr = (Fraction(f, sides) for f in faces)
    out = []
    for g in range(k + 1):
        for b in range(k - g + 1):
            r = k - g - b
            ways = factorial(k) // (factorial(g) * factorial(b) * factorial(r))
            p = ways * pg**g * pb**b * pr**r
            if p:
                out.append(((g, b, r), p))
    return tuple(out)


@lru_cache(maxsize=1024)
def test_distribution(
    simulation: int = 0, ground_control: int = 0, dice: int = 5, faces: Faces = (3, 2, 1)
) -> dict[tuple[int, int], Fraction]:
    """Exact joint law of (base score without the symbol bonus, failures after re-rolls)."""
    if min(simulation, ground_control, dice) < 0:
        raise ValueError("simulation, ground_control and dice must be >= 0")
    out: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for (g, b, r), p in dice_law(dice, faces):
        rr, rb = reroll_policy(g, b, r, simulation, ground_control)
        for (g2, b2, r2), q in dice_law(rr + rb, faces):
            gg, bb, red = g + g2, b - rb + b2, r - rr + r2
            score = gg + min(bb, ground_control) - red
            out[(score, red)] += p * q
    return dict(out)


def mission_score_distribution(
    bonus: int = 0,
    simulation: int = 0,
    ground_control: int = 0,
    dice: int = 5,
    faces: Faces = (3, 2, 1),
) -> dict[int, Fraction]:
    """Exact law of the final score of a mission test (rocket steps before clamping and Intelligence).

    ``bonus`` is the number of researchers on the mission's symbol boxes (the U.S.A. LEM example:
    3 successes, 1 failure and 1 researcher score 3).
    """
    out: dict[int, Fraction] = defaultdict(Fraction)
    for (score, _), p in test_distribution(simulation, ground_control, dice, faces).items():
        out[score + bonus] += p
    return dict(sorted(out.items()))


def insurance_distribution(
    insurance: int,
    simulation: int = 0,
    ground_control: int = 0,
    dice: int = 5,
    faces: Faces = (3, 2, 1),
    pay: int = 3,
) -> dict[int, Fraction]:
    """Exact law of the Insurance payout in M: ``pay`` x researchers x failures after re-rolls."""
    out: dict[int, Fraction] = defaultdict(Fraction)
    for (_, red), p in test_distribution(simulation, ground_control, dice, faces).items():
        out[pay * insurance * red] += p
    return dict(sorted(out.items()))


def expected_prestige(
    values: tuple[int, ...], start: int, penalty: int, distribution: dict[int, Fraction]
) -> Fraction:
    """Expected PP of a mission from a score law: the clamped space's value minus flags, at least 0."""
    last = len(values) - 1
    total = Fraction(0)
    for score, p in distribution.items():
        total += p * max(0, values[min(last, max(0, start + score))] - penalty)
    return total
