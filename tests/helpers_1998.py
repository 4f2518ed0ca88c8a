"""Helpers shared by the 1998 ISS rule tests: find and play actions by their type and fields."""

from __future__ import annotations

from typing import Any

from isslab.core import CHANCE, State

__all__ = ["act", "chance", "find", "options", "pick"]


def options(state: State, kind: type, **fields: Any) -> list[Any]:
    """The legal actions of ``kind`` whose named fields have the given values."""
    return [
        a
        for a in state.legal_actions()
        if type(a) is kind and all(getattr(a, k) == v for k, v in fields.items())
    ]


def find(state: State, kind: type, **fields: Any) -> Any:
    """The one legal action of ``kind`` with these fields (the test fails if there is none or several)."""
    found = options(state, kind, **fields)
    assert len(found) == 1, f"{kind.__name__} {fields}: {found} among {state.legal_actions()}"
    return found[0]


def act(state: State, kind: type, **fields: Any) -> State:
    """Apply the one legal action of ``kind`` with these fields."""
    return state.apply(find(state, kind, **fields))


def pick(state: State, test: Any) -> State:
    """Apply the first legal action for which ``test(action)`` holds."""
    for a in state.legal_actions():
        if test(a):
            return state.apply(a)
    raise AssertionError(f"no legal action passes the test among {state.legal_actions()}")


def chance(state: State, text: str | None = None) -> State:
    """At a chance node, apply the outcome whose text contains ``text`` (the first one without)."""
    assert state.current_player == CHANCE, state
    for a, _ in state.chance_outcomes():
        if text is None or text in str(a):
            return state.apply(a)
    raise AssertionError(f"no chance outcome reads {text!r}: {[str(a) for a, _ in state.chance_outcomes()]}")
