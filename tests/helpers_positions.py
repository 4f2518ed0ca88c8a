"""Helpers of the bad-input tests of hand-built positions (every game).

Hostile keyword values that fail the test, instead of exhausting the machine, when a position
builder starts to expand them: a regression shows as a test failure, never as a swapped-out box.
"""

from __future__ import annotations

import inspect
import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import strategies as st

from isslab.conformance import HugeSequence
from isslab.core import Game

__all__ = ["DRAWN_AT_MOST", "JUNK", "Endless", "Huge", "keywords_of", "refused_unread"]

#: the most items a builder may draw from a hostile iterable before the test calls it an expansion
DRAWN_AT_MOST = 100_000


class Huge:
    """A sequence that says it holds a billion items (like ``range(10**9)``) and fails the test when
    more than :data:`DRAWN_AT_MOST` of them are drawn."""

    def __len__(self) -> int:
        return 10**9

    def __contains__(self, item: object) -> bool:
        return isinstance(item, int) and 0 <= item < 10**9

    def __iter__(self) -> Iterator[int]:
        for i in itertools.count():
            if i >= DRAWN_AT_MOST:
                pytest.fail("a position keyword of 10**9 items was expanded")
            yield i

    def __getitem__(self, i: int) -> int:
        if not 0 <= i < 10**9:
            raise IndexError(i)
        return i


class Endless:
    """An iterator without end (``itertools.count()``) that fails the test when drawn too far."""

    def __init__(self) -> None:
        self._n = 0

    def __iter__(self) -> Endless:
        return self

    def __next__(self) -> int:
        self._n += 1
        if self._n > DRAWN_AT_MOST:
            pytest.fail("an endless position keyword was drawn from without a bound")
        return self._n


def keywords_of(build: Callable[..., Any]) -> list[str]:
    """The friendly keywords of a game's position builder (its keyword-only parameters)."""
    return [p.name for p in inspect.signature(build).parameters.values() if p.kind is p.KEYWORD_ONLY]


def refused_unread(game: Game, keyword: str, match: str) -> None:
    """Check that ``game.position`` refuses a billion items under ``keyword`` (a ``ValueError`` that
    matches ``match``) by their length, before it reads one of them."""
    huge = HugeSequence()
    with pytest.raises(ValueError, match=match):
        game.position(**{keyword: huge})
    assert huge.read == 0


_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["Blue", "FEDOR", "RU", "US", "Soyuz", "Unity", "T", "B", "MMRA", "blue"]),
)
#: any value a careless or hostile user may pass: nested lists, tuples, dicts of junk
JUNK = st.recursive(
    _LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.lists(inner, max_size=5).map(tuple),
        st.dictionaries(st.one_of(st.integers(-2, 5), st.text(max_size=8)), inner, max_size=4),
    ),
    max_leaves=20,
)
