"""Space: 1999 actions: the players' moves and the two chance outcomes, as typed, readable values.

Actions are NamedTuples decorated with :func:`isslab.core.action_type` (equal only to actions of the
same type) whose fields are ints, strings and tuples, so they hash, print and survive JSON. The
kind of a move and the colour of a die face are ``StrEnum`` members: ``move.kind == "launch"``
holds, and JSON writes them as their plain strings.

``str(action)`` is the action's canonical text: ``state.apply("red steps r4s0 -> r4s1")`` works.
"""

from __future__ import annotations

import enum
from functools import lru_cache
from typing import NamedTuple

from isslab.core import action_type
from isslab.games.space_1999.components import COLOURS, CORNERS, PAD, Loc, dot_name

__all__ = ["DieColour", "FirstPlayer", "Move", "MoveKind", "Roll", "parse_move"]


class MoveKind(enum.StrEnum):
    """What a move does; the value is the plain word (``MoveKind.LAUNCH == "launch"``)."""

    #: an eagle leaves the home pad along one of its corner's lines (it may jump on at once)
    LAUNCH = "launch"
    #: an eagle moves one dot along a drawn line onto a vacant dot
    STEP = "step"
    #: an eagle hops over an eagle onto the vacant dot behind it, and may hop on
    JUMP = "jump"
    #: an eagle leaves the disc along a line of its target planet onto a free circle
    LAND = "land"
    #: no move (only when none is legal, or when the option ``forced_move`` is off)
    PASS = "pass"


class DieColour(enum.StrEnum):
    """The colour of a die face: which of the two arrows the disc turns toward."""

    RED = "red"
    GREEN = "green"


@action_type
class Move(NamedTuple):
    """A player's move: which seat, what kind, the locations visited, and the corner line used.

    ``path`` starts where the eagle stands (a pad for a launch) and lists every location it
    reaches, hop by hop; a landing ends on the target pad. ``hops`` counts the eagles jumped over
    (a launch over an occupied outer dot counts one), so statistics and text need no board.
    """

    seat: int
    kind: MoveKind
    path: tuple[Loc, ...]  # (ring, spoke) per location; (0, 0) is the hub, (-1, corner) a pad
    line: str  # corner line used by a launch or landing, e.g. "NE+1"; "" otherwise
    hops: int = 0  # eagles jumped over on the way

    def __str__(self) -> str:
        # cached on the fields, whose plain tuple hashes in C (a Move's typed hash runs in Python)
        return _text(*self)


@lru_cache(maxsize=1 << 16)
def _text(seat: int, kind: MoveKind, path: tuple[Loc, ...], line: str, hops: int) -> str:
    """The text of the move with these fields (cached: moves are values and are printed often)."""
    return _move_text(Move(seat, kind, path, line, hops))


def _move_text(m: Move) -> str:
    """The readable form of a move."""
    who = COLOURS[m.seat]
    kind = m.kind
    if kind == MoveKind.PASS:
        return f"{who} passes"
    route = " -> ".join(dot_name(p) for p in m.path[1:])
    if kind == MoveKind.LAUNCH:
        how = "launches and jumps" if m.hops else "launches"
        return f"{who} {how} via line {m.line} to {route}"
    if kind == MoveKind.LAND:
        return f"{who} lands {dot_name(m.path[0])} -> {dot_name(m.path[1])} via line {m.line}"
    verb = "jumps" if kind == MoveKind.JUMP else "steps"
    return f"{who} {verb} {dot_name(m.path[0])} -> {route}"


def parse_move(text: str) -> Move | None:
    """The move whose text is ``text`` (the inverse of ``str(move)``), or None if it names none.

    Only the form is read: whether the move exists on the board, or is legal, is not checked.
    """
    words = text.split()
    if len(words) < 2 or words[0] not in COLOURS:
        return None
    seat, verb, rest = COLOURS.index(words[0]), words[1], words[2:]
    try:
        if verb == "passes" and not rest:
            return Move(seat, MoveKind.PASS, (), "")
        if verb == "launches":
            hops = rest[:2] == ["and", "jumps"]
            rest = rest[2:] if hops else rest
            if rest[:2] != ["via", "line"] or rest[3] != "to":
                return None
            route = _route(rest[4:])
            home = (PAD, CORNERS.index(rest[2][:2]))  # the corner of a line label: "NE" of "NE+1"
            return Move(seat, MoveKind.LAUNCH, (home, *route), rest[2], len(route) if hops else 0)
        if verb == "lands" and rest[-3:-1] == ["via", "line"]:
            start, pad = _route(rest[:-3])
            return Move(seat, MoveKind.LAND, (start, pad), rest[-1])
        if verb in ("steps", "jumps"):
            route = _route(rest)
            kind = MoveKind.STEP if verb == "steps" else MoveKind.JUMP
            return Move(seat, kind, route, "", 0 if verb == "steps" else len(route) - 1)
    except (ValueError, IndexError):
        return None
    return None


def _route(words: list[str]) -> tuple[Loc, ...]:
    """Locations from ``a -> b -> c``; ``ValueError`` if a name is not a location's."""
    names = " ".join(words).split(" -> ")
    return tuple(_loc(name) for name in names)


def _loc(name: str) -> Loc:
    """The location named ``hub``, ``r<ring>s<spoke>`` or ``<corner> pad``."""
    if name == "hub":
        return (0, 0)
    if name.endswith(" pad"):
        return (PAD, CORNERS.index(name[:-4]))
    ring, sep, spoke = name[1:].partition("s")
    if name[:1] != "r" or not sep or not ring.isdigit() or not spoke.isdigit():
        raise ValueError(name)
    return (int(ring), int(spoke))


@action_type
class Roll(NamedTuple):
    """Chance: the die thrown at the end of a round (1, 2 or 3, in red or green)."""

    number: int
    colour: DieColour

    def __str__(self) -> str:
        turn = "no turn" if self.number == 3 else f"turn {self.number} toward the {self.colour} arrow"
        return f"die: {self.number} {self.colour} ({turn})"


@action_type
class FirstPlayer(NamedTuple):
    """Chance: the opening roll-off, won by ``seat``."""

    seat: int

    def __str__(self) -> str:
        return f"roll-off: {COLOURS[self.seat]} goes first"
