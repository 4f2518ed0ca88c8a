"""1969 positions built by hand refuse huge keyword values without expanding them (bounded input).

``game.position(...)`` is fed by tests, notebooks and teaching material; a value such as
``range(10**9)`` must cost an error message, never the machine. ``HugeSequence`` claims a billion
items and fails the test if more than a few thousand are read.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers_positions import refused_unread

import isslab
from isslab.conformance import HugeSequence

GAME = isslab.make("1969", first_player=0)

#: every keyword of ``Game1969.position`` and the raw state fields that hold tuples
KEYWORDS = (
    "money",
    "prestige",
    "research",
    "hands",
    "deck",
    "discard",
    "attempted",
    "moon_flags",
    "spies_hired",
    "cubes",
    "tokens",
    "commits",
    "launched",
    "hired",
    "stats",
    "flags",
    "supply",
    "first_player",
    "year",
    "to_act",
    "phase",
)


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_a_billion_items_are_refused_by_their_length(keyword: str) -> None:
    refused_unread(GAME, keyword, r"1,000,000,000|HugeSequence")


@pytest.mark.parametrize(
    ("keyword", "value"),
    [
        ("attempted", {0: HugeSequence()}),
        ("hands", {1: HugeSequence()}),
        ("money", {2: HugeSequence()}),
        ("research", {0: HugeSequence()}),
        ("deck", [HugeSequence(), 0, 0]),
        ("cubes", ((HugeSequence(),) * 12,) * 4),
        ("attempted", [range(10**9), (), (), ()]),
        ("deck", iter(int, 1)),  # an endless iterator: at most one item past the bound is taken
    ],
    ids=[
        "attempted-seat",
        "hands-seat",
        "money-seat",
        "research-seat",
        "deck-item",
        "cubes-box",
        "range",
        "endless",
    ],
)
def test_huge_values_inside_a_keyword_are_refused_too(keyword: str, value: Any) -> None:
    with pytest.raises(ValueError):
        GAME.position(**{keyword: value})


def test_a_mapping_may_name_a_nation_and_a_bad_seat_is_named() -> None:
    st = GAME.position(money={"USSR": 7})
    assert st.money[1] == 7
    with pytest.raises(ValueError, match=r"money: 9 is not a seat \(0 to 3 or a name \(USA, USSR"):
        GAME.position(money={9: 1})
    with pytest.raises(ValueError, match="nested too deep"):
        nested: Any = 0
        for _ in range(20):
            nested = [nested]
        GAME.position(deck=nested)
