"""The shared kit of the game packages: tuple updates, bounded position checks, the turn gate."""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from isslab.conformance import HugeSequence
from isslab.core import CHANCE, TERMINAL
from isslab.games import kit
from isslab.games.kit import MAX_ITEMS, a_or_an, check_ints, freeze, is_int, per_seat, put, put2, turn_gate


def test_put_and_put2_replace_one_item_and_leave_the_input_alone() -> None:
    t = (1, 2, 3)
    assert put(t, 1, 9) == (1, 9, 3) and t == (1, 2, 3)
    grid = ((1, 2), (3, 4))
    assert put2(grid, 1, 0, 7) == ((1, 2), (7, 4))
    assert put2(grid, 1, 0, 7)[0] is grid[0]  # the untouched row is shared


def test_a_or_an_writes_the_article_our_texts_need() -> None:
    said = [a_or_an(w) for w in ("Atlantis", "Endeavour", "advanced", "orange", "8", "11", "18 PP")]
    assert said == ["an Atlantis", "an Endeavour", "an advanced", "an orange", "an 8", "an 11", "an 18 PP"]
    said = [a_or_an(w) for w in ("Soyuz", "Discovery", "basic", "medium", "US", "grey", "3", "1", "")]
    assert said == ["a Soyuz", "a Discovery", "a basic", "a medium", "a US", "a grey", "a 3", "a 1", "a "]


def test_freeze_turns_lists_into_tuples_and_bounds_size_and_depth() -> None:
    assert freeze([1, [2, (3, [4])], "ab"]) == (1, (2, (3, (4,))), "ab")
    assert freeze({"a": [1]}) == {"a": [1]}  # mappings and strings stay as they are
    huge = HugeSequence()
    with pytest.raises(ValueError, match=r"1,000,000,000 items \(at most 10,000\)"):
        freeze(huge)
    assert huge.read == 0
    with pytest.raises(ValueError, match="more than 10,000 items"):
        freeze(iter(int, 1))  # endless: one item past the bound is taken, no more
    assert freeze(iter(range(MAX_ITEMS))) == tuple(range(MAX_ITEMS))
    nested: Any = 0
    for _ in range(9):
        nested = [nested]
    with pytest.raises(ValueError, match="nested too deep"):
        freeze(nested)
    with pytest.raises(ValueError, match="at most 3"):
        freeze([1, 2, 3, 4], max_items=3)


def test_is_int_and_check_ints() -> None:
    assert is_int(3) and is_int(3, 0, 3) and not is_int(4, 0, 3) and not is_int(True) and not is_int(3.0)
    problems: list[str] = []
    assert check_ints(problems, "money", (1, 2), 2) and not problems
    assert not check_ints(problems, "money", (1, 2), 3)
    assert not check_ints(problems, "deck", (1, -1), None)
    assert not check_ints(problems, "dice", (1, 9), 2, lo=0, hi=5)
    assert not check_ints(problems, "pp", [1, 2], 2)
    assert problems == [
        "money needs 3 entries, got (1, 2)",
        "deck holds -1, not an int from 0",
        "dice holds 9, not an int from 0 to 5",
        "pp needs 2 entries, got [1, 2]",
    ]


def test_per_seat_reads_sequences_and_mappings_by_index_or_name() -> None:
    names = ("red", "blue", "green")
    assert per_seat("money", [5, 6, 7], 3) == {0: 5, 1: 6, 2: 7}
    assert per_seat("money", {"blue": 6, 2: 7}, 3, names) == {1: 6, 2: 7}
    with pytest.raises(ValueError, match=r"money: 'purple' is not a seat \(0 to 2 or a name \(red, blue"):
        per_seat("money", {"purple": 1}, 3, names)
    with pytest.raises(ValueError, match="money: True is not a seat"):
        per_seat("money", {True: 1}, 3)
    with pytest.raises(ValueError, match="money has 4 entries for 3 seats"):
        per_seat("money", {0: 1, 1: 1, 2: 1, "x": 1}, 3)
    with pytest.raises(ValueError, match=r"money needs 3 entries \(one per seat\), got 1,000,000,000"):
        per_seat("money", HugeSequence(), 3)
    with pytest.raises(ValueError, match=r"money needs 3 entries \(one per seat\)$"):
        per_seat("money", iter(int, 1), 3)
    with pytest.raises(ValueError, match="money needs one entry per seat or a dict"):
        per_seat("money", "abc", 3)


class Go(NamedTuple):
    seat: int


class Stop(NamedTuple):
    seat: int


class Die(NamedTuple):
    face: int


PHASE_TEXT = ("moving", "stopping", "rolling")
SEATS = ("red", "blue")


def gate(current: int, action: Any, phase: int = 0) -> str | None:
    return turn_gate(
        current,
        action,
        chance_types=(Die,),
        phases_of={Go: (0,), Stop: (1,)},
        phase=phase,
        phase_text=PHASE_TEXT.__getitem__,
        who=SEATS.__getitem__,
        over="the game is over (red won)",
    )


@pytest.mark.parametrize(
    ("current", "action", "phase", "message"),
    [
        (0, Go(0), 0, None),
        (CHANCE, Die(3), 2, None),
        (TERMINAL, Go(0), 0, "the game is over (red won)"),
        (0, Die(3), 0, "Die is a chance outcome, and it is red's decision (moving)"),
        (CHANCE, Go(0), 2, "chance acts now (rolling), not a player"),
        (0, Stop(0), 0, "Stop belongs to stopping; now: moving"),
        (0, Go(1), 0, "it is red's decision, not blue's"),
        (0, Go(7), 0, "it is red's decision, not seat 7's"),
        (0, Go(-1), 0, "it is red's decision, not seat -1's"),
        (1, "not an action", 0, None),  # no seat, no phase: the game's own checks decide
    ],
    ids=[
        "legal",
        "chance",
        "over",
        "chance-type",
        "chance-node",
        "phase",
        "seat",
        "no-seat",
        "negative",
        "text",
    ],
)
def test_the_turn_gate_checks_in_one_order_with_one_wording(
    current: int, action: Any, phase: int, message: str | None
) -> None:
    assert gate(current, action, phase) == message


def test_subset_rank_numbers_every_set_of_a_size_once_from_zero() -> None:
    from itertools import combinations
    from math import comb

    from isslab.games.kit import subset_rank

    for n, k in ((6, 2), (9, 3), (12, 5)):
        ranks = sorted(subset_rank(c) for c in combinations(range(n), k))
        assert ranks == list(range(comb(n, k)))


def test_remember_last_computes_once_for_the_same_position_and_again_for_another() -> None:
    from isslab.games.kit import remember_last

    calls: list[object] = []

    @remember_last
    def features(st: object) -> list[object]:
        calls.append(st)
        return [st]

    a, b = object(), object()
    assert features(a) is features(a) and calls == [a]
    assert features(b) == [b] and features(a) == [a] and calls == [a, b, a]


def test_the_states_take_their_methods_from_their_modules_by_the_skeletons_names() -> None:
    """``@kit.wired`` binds the module functions themselves (no wrapper: a call costs what it did)."""
    import importlib

    import isslab

    for game_id in isslab.games():
        game = isslab.make(game_id)
        state_cls, game_cls = type(game.new_state()), type(game)
        package = importlib.import_module(state_cls.__module__.rpartition(".")[0])
        for cls, hooks in ((state_cls, kit.STATE_HOOKS), (game_cls, kit.GAME_HOOKS)):
            for attr, module, function in hooks:
                source = getattr(package, module, None)
                if source is None or not hasattr(source, function) or attr in _OWN.get(cls.__name__, ()):
                    continue
                assert cls.__dict__[attr] is getattr(source, function), (game_id, attr)
        assert not getattr(state_cls, "__abstractmethods__", None), game_id


#: the hooks a game writes itself (a check of its own, or a module function of another name)
_OWN = {"State1999": ("__str__", "key_numbers", "goal", "standing")}


def test_wired_keeps_what_a_class_writes_and_refuses_a_class_that_is_no_game() -> None:
    import types

    view = types.ModuleType("isslab.games.toy.view")
    view.render = lambda state: "drawn"  # type: ignore[attr-defined]
    view.goal = lambda state, seat: "from the module"  # type: ignore[attr-defined]

    @kit.wired(view)
    class Toy(kit.WiredState):
        __slots__ = ()

        def goal(self, seat: int) -> str:
            return "its own"

    assert Toy.__dict__["__str__"] is view.render and Toy.goal(None, 0) == "its own"  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="wired binds a Game or a WiredState class, not Plain"):

        @kit.wired(view)
        class Plain:
            pass


def test_from_tables_reads_the_tables_of_the_game() -> None:
    import isslab

    game = isslab.make("space-1999", players=2, eagles=2)
    assert game.eagles == game.tables.eagles == 2 and game.seat_dist is game.tables.seat_dist
    assert type(game).rings.__doc__ == "Rings of dots around the hub."
