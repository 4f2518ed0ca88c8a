"""The tables a 1969 game computes once from its options: the board, and option checks.

``Game1969._setup`` calls :func:`check_options` (the checks the single options cannot make on their
own: a First Player beyond the table, a malformed mission row) and :func:`board` (the missions as
:class:`Mission` records, the Moon Mission last). Errors are ``ValueError`` naming the option.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from isslab.core import short_repr
from isslab.games.game_1969.components import BOXES, SYMBOLS

__all__ = ["Mission", "board", "check_options"]

_BOX_INDEX = {b: i for i, b in enumerate(BOXES)}
_ROW_FORM = "rows (name, (symbols...), cost, intelligence cost, (PP of each space...))"


class Mission(NamedTuple):
    """One mission of the board (Mission Anatomy)."""

    name: str
    #: the research boxes of its symbols (indices into ``BOXES``), sorted
    boxes: tuple[int, ...]
    #: cost in M
    cost: int
    #: Intelligence Cost: the Intelligence that moves the rocket one space (§3.2)
    ic: int
    #: PP of each space of its track, start space first
    values: tuple[int, ...]


def _check_int(name: str, v: Any, lo: int, what: str, hi: int = 10**9) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ValueError(f"option {name}: {what} must be an int from {lo} to {hi}, got {short_repr(v)}")
    return v


def _mission(i: int, row: Any) -> Mission:
    if not isinstance(row, tuple) or len(row) != 5:
        raise ValueError(f"option missions: row {i} is {short_repr(row)}; use {_ROW_FORM}")
    name, syms, cost, ic, vals = row
    if not isinstance(name, str) or not 0 < len(name) <= 40:
        raise ValueError(
            f"option missions: row {i} needs a name of 1 to 40 characters, got {short_repr(name)}"
        )
    if not isinstance(syms, tuple) or not syms or any(s not in SYMBOLS for s in syms):
        raise ValueError(
            f"option missions: row {i} ({name}) has symbols {syms!r}; use a non-empty tuple of "
            f"{', '.join(SYMBOLS)}"
        )
    if len(set(syms)) != len(syms):
        raise ValueError(f"option missions: row {i} ({name}) repeats a symbol: {syms!r}")
    _check_int("missions", cost, 0, f"the cost of {name}", 100)
    _check_int("missions", ic, 1, f"the intelligence cost of {name}", 10)
    if not isinstance(vals, tuple) or not 2 <= len(vals) <= 30:
        raise ValueError(f"option missions: {name} needs 2 to 30 space values, got {short_repr(vals)}")
    for v in vals:
        _check_int("missions", v, 0, f"each space value of {name}", 100)
    return Mission(name, tuple(sorted(_BOX_INDEX[s] for s in syms)), cost, ic, vals)


def board(o: dict[str, Any]) -> tuple[Mission, ...]:
    """The ordinary missions of option ``missions`` then the Moon Mission (all six symbols)."""
    missions = [_mission(i, row) for i, row in enumerate(o["missions"])]
    if len(missions) > 20:
        raise ValueError(f"option missions: at most 20 missions, got {len(missions)}")
    moon_vals = o["moon_values"]
    if len(moon_vals) < 2:
        raise ValueError(f"option moon_values needs at least 2 spaces, got {list(moon_vals)!r}")
    for v in moon_vals:
        _check_int("moon_values", v, 0, "each space value")
    moon_boxes = tuple(_BOX_INDEX[s] for s in SYMBOLS)  # the Moon Mission shows every symbol
    missions.append(Mission("Moon Mission", moon_boxes, o["moon_cost"], o["moon_ic"], moon_vals))
    return tuple(missions)


def check_options(o: dict[str, Any]) -> None:
    """Check the options against each other and their entries, but the board (see :func:`board`)."""
    n = o["players"]
    if o["first_player"] >= n:
        raise ValueError(f"option first_player={o['first_player']} is not allowed: use -1 or 0..{n - 1}")
    for name in ("income", "pp_limits"):
        for v in o[name]:
            _check_int(name, v, 0, "each entry")
    faces = o["die_faces"]
    if len(faces) != 3 or min(faces) < 0 or sum(faces) <= 0:
        raise ValueError(f"option die_faces={list(faces)!r} is not allowed: use 3 counts >= 0, not all 0")
    deck = o["intel_deck"]
    for v in deck:
        _check_int("intel_deck", v, 0, "each count")
    if sum(deck) == 0:
        raise ValueError("option intel_deck needs at least one card")
    if o["hand_limit"] > sum(deck):
        raise ValueError(
            f"option hand_limit={o['hand_limit']} can never be reached with intel_deck={list(deck)!r} "
            f"({sum(deck)} cards): use a hand_limit from 0 to {sum(deck)}, or a larger deck"
        )
    for name in ("scientist_costs", "scientist_supply"):
        for v in o[name]:
            _check_int(name, v, 0, "each entry")
