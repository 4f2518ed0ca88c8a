"""The turn-order hook of every game: ``State.round_first()`` decides who opens a round, and nothing else.

Each game calls its State's ``round_first()`` where its rules pass the first turn of a round (Space:
1999 after the die roll, 1969 at the end of a year, 1998 ISS when a round ends, Mission ISS when
the setup is done), so a variant that changes the turn order overrides one method. Here a variant
that hands the opening turn to the next seat is played on the base game's own history up to the
hook: the state after it differs from the base game's in the seat to move (and the field that
records the opener) and in nothing else. With the default hook the golden playthroughs
(tests/test_playthroughs.py) are byte-identical.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from helpers_registry import registry_restored

import isslab
from isslab.core import CHANCE

#: game, table size, the fields that record who opens a round, and where the base game calls the hook
CASES: dict[str, tuple[int, set[str], Callable[[list[Any], int], bool]]] = {
    # after a die roll that ends a round (not the roll-off)
    "space-1999": (
        3,
        {"to_move"},
        lambda s, i: s[i].current_player == CHANCE and s[i].round < s[i + 1].round,
    ),
    # after the step that ends a year; the opener's Income turn starts at once (a free Intelligence
    # draw, or the sale of prestige), so the phase and what is pending belong to the opener too
    "1969": (3, {"first", "turn", "actor", "phase", "pending"}, lambda s, i: s[i + 1].year != s[i].year),
    # after the turn that ends the first round
    "1998-iss": (2, {"start", "turn", "actor"}, lambda s, i: s[i].turns < 2 <= s[i + 1].turns),
    # after the last draw of the setup
    "mission-iss": (2, {"seat"}, lambda s, i: s[i].phase != s[i + 1].phase and s[i].is_chance_node()),
}


@pytest.fixture(autouse=True)
def _registry_as_before() -> Iterator[None]:
    """The variants a test defines are gone after it, so other modules' lists of games stay the four."""
    with registry_restored():
        yield


def _next_opens(base: str) -> str:
    """Define ``base/next-opens``: the seat after the rules' opener opens every round."""
    state_class = isslab.game_class(base).STATE

    class NextOpens(state_class):  # type: ignore[misc,valid-type]
        def round_first(self) -> int:
            return (super().round_first() + 1) % self.game.num_players

    isslab.variant(base, "next-opens", replace=True)(NextOpens)
    return f"{base}/next-opens"


def _fields(state: Any) -> dict[str, Any]:
    return {f: getattr(state, f) for f in type(state).FIELDS}


@pytest.mark.parametrize("base", sorted(CASES))
def test_the_hook_changes_who_opens_a_round_and_nothing_else(base: str) -> None:
    players, openers, at_hook = CASES[base]
    record = isslab.play(isslab.make(base, players=players), "random", seed=3)
    states = record.states()
    i = next(k for k in range(len(states) - 1) if at_hook(states, k))
    mine = isslab.make(_next_opens(base), players=players).new_state()
    for action in record.actions[: i + 1]:  # the same history up to the step that calls the hook
        mine = mine.apply(action)
    plain = states[i + 1]
    changed = {f for f, v in _fields(mine).items() if _fields(plain)[f] != v}
    assert changed and changed <= openers, (base, changed)
    assert mine.current_player != plain.current_player
    assert mine.current_player == (plain.current_player + 1) % players
    assert mine.legal_actions()  # the variant plays on from there
    isslab.play(isslab.make(f"{base}/next-opens", players=players), "random", seed=4)


@pytest.mark.parametrize("base", sorted(CASES))
def test_the_default_hook_plays_the_game_as_it_was(base: str) -> None:
    players = CASES[base][0]
    state_class = isslab.game_class(base).STATE

    class Same(state_class):  # type: ignore[misc,valid-type]
        def round_first(self) -> int:
            return int(super().round_first())

    isslab.variant(base, "same-order", replace=True)(Same)
    plain = isslab.play(isslab.make(base, players=players), "random", seed=5)
    same = isslab.play(isslab.make(f"{base}/same-order", players=players), "random", seed=5)
    assert same.actions == plain.actions
