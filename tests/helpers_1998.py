"""Helpers shared by the 1998 ISS rule tests: find and play actions by their type and fields; FEDOR's turn."""

from __future__ import annotations

from typing import Any

import isslab
from isslab.core import CHANCE, State
from isslab.games.iss_1998 import FedorTop, Phase

__all__ = [
    "act",
    "blues_turn",
    "chance",
    "fedor_install",
    "fedor_turn",
    "find",
    "next_fedor_card",
    "options",
    "pick",
]

#: the launch pads of most turn tests: a Soyuz at 5 and a Discovery at 6
TURN_PADS = {"RU": ("Soyuz", 5), "US": ("Discovery", 6)}


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


def blues_turn(players: int = 2, options: dict[str, Any] | None = None, **position: Any) -> State:
    """Blue (seat 0) to take a turn: the Soyuz (5) and the Discovery (6) on the pads, and Orange's
    material on the Discovery, so that there is no cargo check; ``position`` adds or changes fields."""
    game = isslab.make("1998-iss", players=players, **(options or {}))
    return game.position(**{"to_move": 0, "pads": TURN_PADS, "cargo": {"US": {1: (0, 1)}}, **position})


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


# --- the solo game against FEDOR ------------------------------------------------------------------

PLAYER, FEDOR = 0, 1
#: the FEDOR cards of the default deck, by index
INSTALL_RU, INSTALL_US, OUTSIDE_RU, OUTSIDE_US, STAY_RU, STAY_US, CONDUCT_RU, CONDUCT_US, RESHUFFLE = range(9)
#: a shuttle on each pad, and FEDOR's cargo on both
PADS = {"RU": ("Progress", 5), "US": ("Discovery", 6)}
CARGO = {"RU": {FEDOR: (0, 3)}, "US": {FEDOR: (0, 3)}}


def fedor_turn(top: int, options: dict[str, Any] | None = None, **kw: Any) -> State:
    """FEDOR's turn with card ``top`` on its deck, run to its first chance node (the next back)."""
    game = isslab.make("1998-iss", players=1, **(options or {}))
    kw.setdefault("pads", PADS)
    kw.setdefault("cargo", CARGO)
    return game.position(to_move="FEDOR", fedor_top=top, **kw)


def fedor_install(astronauts: int, options: dict[str, Any] | None = None) -> State:
    """FEDOR's Install card, ``astronauts`` of FEDOR's in Unity, Quest and Harmony on the station with
    all four of their compartments covered by tokens."""
    return fedor_turn(
        INSTALL_RU,
        options,
        station=("Quest", "Harmony"),
        astronauts={"FEDOR": {"unity": astronauts}},
        covered=("Quest EVA1", "Quest EVA2", "Harmony COM", "Harmony LS"),
    )


def next_fedor_card(state: State, back: str = "RU") -> State:
    """Show the next FEDOR card: one with the given back that is not the reshuffle card."""
    assert state.phase == Phase.FEDOR_TOP  # type: ignore[attr-defined]
    for a, _ in state.chance_outcomes():
        if isinstance(a, FedorTop) and a.back == back and "Reshuffle" not in a.card:
            return state.apply(a)
    raise AssertionError("no such card")
