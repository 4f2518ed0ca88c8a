"""The goal cards of 1998 ISS: whether a participant meets a goal, and the goals a player may claim."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import State1998

__all__ = ["can_claim", "claimable_goals", "goal_met"]


def _ru_us(won: tuple[int, ...]) -> tuple[int, int]:
    ru = won[0] + won[1]
    return ru, sum(won) - ru


def _advanced(st: State1998, p: int) -> int:
    """The advanced (level 3) experiments ``p`` has performed."""
    level = st.game.tables.exp_level
    return sum(1 for c in st.played[p] if level[c] == 3)


def _cubes_on_a_module(st: State1998, p: int, th: int) -> bool:
    """Whether ``p`` has ``th`` cubes on one module of the column (the most of them reach ``th``)."""
    for row in st.ccubes:  # a loop, not max() of a list comprehension: no function object per test
        if row[p] >= th:
            return True
    return False


# Speed: the goals are checked twice a turn, so the tests skip generators and comprehensions where
# they can (the count of experiments before the advanced ones among them)
#: per goal card: does participant ``p`` meet it with threshold ``th`` (Goals)
_GOAL_TESTS: tuple[Any, ...] = (
    lambda st, p, th: len(st.played[p]) >= th,
    lambda st, p, th: len(st.played[p]) >= th and _advanced(st, p) >= th,
    lambda st, p, th: st.cargo_astro[0][p] + st.cargo_astro[1][p] >= th,
    lambda st, p, th: st.cargo_mat[0][p] + st.cargo_mat[1][p] >= th,
    _cubes_on_a_module,
    lambda st, p, th: st.tokens[p] >= th,
    lambda st, p, th: st.long_stay[p] >= th,
    lambda st, p, th: st.ext_mat[p] >= th,
    lambda st, p, th: sum(st.won[p]) >= th,
    lambda st, p, th: st.tokens[p] >= 1 and st.long_stay[p] >= 1 and min(_ru_us(st.won[p])) >= 1,
)


def goal_met(st: State1998, p: int, goal: int) -> bool:
    """Whether ``p`` meets the requirement of goal card ``goal`` now (Goals)."""
    met: bool = _GOAL_TESTS[goal](st, p, st.game.tables.goal_threshold[goal])
    return met


def claimable_goals(st: State1998, p: int) -> list[int]:
    """Indices (into ``st.goals``) of the goals on offer that ``p`` may claim now."""
    if st.claimed:
        return []
    owner = st.goal_owner
    threshold = st.game.tables.goal_threshold
    tests = _GOAL_TESTS
    return [i for i, goal in enumerate(st.goals) if owner[i] < 0 and tests[goal](st, p, threshold[goal])]


def can_claim(st: State1998, p: int) -> bool:
    """Whether ``p`` may claim some goal on offer now (:func:`claimable_goals` is not empty)."""
    if st.claimed:
        return False
    owner = st.goal_owner
    threshold = st.game.tables.goal_threshold
    tests = _GOAL_TESTS
    for i, goal in enumerate(st.goals):
        if owner[i] < 0 and tests[goal](st, p, threshold[goal]):
            return True
    return False
