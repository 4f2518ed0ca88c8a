"""Small pure helpers of 1998 ISS: tuple updates and bit masks (the hot paths use them)."""

from __future__ import annotations

from functools import lru_cache
from typing import TypeVar

__all__ = ["bits", "put", "put2"]

_T = TypeVar("_T")


def put(t: tuple[_T, ...], i: int, v: _T) -> tuple[_T, ...]:
    """``t`` with entry ``i`` replaced by ``v``."""
    return t[:i] + (v,) + t[i + 1 :]


def put2(t: tuple[tuple[int, ...], ...], i: int, j: int, v: int) -> tuple[tuple[int, ...], ...]:
    """``t`` with entry ``[i][j]`` replaced by ``v``."""
    row = t[i]
    return t[:i] + (row[:j] + (v,) + row[j + 1 :],) + t[i + 1 :]


@lru_cache(maxsize=65536)
def bits(mask: int) -> tuple[int, ...]:
    """The positions of the set bits of ``mask``, lowest first."""
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return tuple(out)
