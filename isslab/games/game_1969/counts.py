"""Small pure helpers over the tuples a 1969 state is made of: per-seat rows, card counts, boxes.

A state field is a tuple (per seat, per box, per card value); a step replaces one item with
:func:`put`. Cards are counts per value, value 1 first, always with one entry per value, so
:func:`add` and :func:`sub` map over two tuples without a length check. The functions memoised with
``lru_cache`` have few distinct arguments (the boxes and hands that occur), so their caches stay
small and bounded.
"""

from __future__ import annotations

from functools import lru_cache
from operator import add as _plus
from operator import sub as _minus
from typing import Any

from isslab.games.game_1969.components import RESEARCHERS

__all__ = ["add", "cards_value", "put", "researchers", "sub", "with_cube"]


def put(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    """``t`` with item ``i`` replaced by ``v``."""
    # through a list: two allocations instead of the three of ``t[:i] + (v,) + t[i + 1:]``
    out = list(t)
    out[i] = v
    return tuple(out)


def add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Item-wise sum of two card counts."""
    return tuple(map(_plus, a, b))


def sub(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Item-wise difference of two card counts."""
    return tuple(map(_minus, a, b))


@lru_cache(maxsize=4096)
def with_cube(cubes: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """The sorted kind codes of a box after a cube of ``kind`` joins ``cubes``."""
    return tuple(sorted(cubes + (kind,)))


@lru_cache(maxsize=65536)
def cards_value(cards: tuple[int, ...]) -> int:
    """Total Intelligence of some cards given as counts per value (value 1 first)."""
    return sum((v + 1) * c for v, c in enumerate(cards))


@lru_cache(maxsize=4096)
def researchers(cubes: tuple[int, ...]) -> int:
    """Researcher value of the cubes in one box (Scientists): basic, rookie, famous 1, genius 2, spy 0."""
    return sum(RESEARCHERS[k] for k in cubes)
