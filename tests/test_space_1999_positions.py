"""Space: 1999 positions built by hand refuse huge keyword values without expanding them.

``game.position(...)`` is fed by tests, notebooks and teaching material; a value such as
``range(10**9)`` must cost an error message, never the machine (``HugeSequence`` claims a billion
items and fails the test if more than a few thousand are read).
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers_positions import refused_unread

import isslab
from isslab.conformance import HugeSequence

GAME = isslab.make("space-1999")

KEYWORDS = ("disc", "home", "landed", "theta", "to_move", "first", "turn", "round", "jumps", "end")


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_a_billion_items_are_refused_by_their_length(keyword: str) -> None:
    refused_unread(GAME, keyword, r"1,000,000,000")


@pytest.mark.parametrize(
    ("keyword", "value", "message"),
    [
        ("disc", {"red": HugeSequence()}, "a position field of 1,000,000,000 items"),
        ("disc", {0: range(10**9)}, "a position field of 1,000,000,000 items"),
        ("disc", iter(int, 1), "disc needs 4 entries"),
        ("disc", {s: ["hub"] for s in range(9)}, "disc has 9 entries for 4 seats"),
        ("home", {0: HugeSequence()}, "home needs one count >= 0 per seat"),
        ("jumps", [HugeSequence(), 0, 0, 0], "a position field of 1,000,000,000 items"),
    ],
    ids=["disc-seat", "disc-range", "disc-endless", "disc-seats", "home-seat", "jumps-item"],
)
def test_huge_values_inside_a_keyword_are_refused_too(keyword: str, value: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        GAME.position(**{keyword: value})


def test_disc_takes_one_list_per_seat_and_counts_take_a_dict() -> None:
    # blue lands on yellow's pad: a yellow eagle has launched to leave a circle free
    by_seat = GAME.position(disc=[["r4s0"], [], ["hub"], ["r1s1"]], landed={"blue": 1})
    by_name = GAME.position(disc={"red": ["r4s0"], "green": ["hub"], 3: ["r1s1"]}, landed=(0, 1, 0, 0))
    assert by_seat == by_name
    assert by_seat.home == (3, 3, 3, 3) and by_seat.landed == (0, 1, 0, 0)
