"""Space: 1999: :class:`Game1999` and :class:`State1999`, wiring the modules together.

Each concept lives in its own module (the skeleton of ``isslab/games/README.md``):

* :mod:`.components` - names, seating, locations and the options;
* :mod:`.tables` - the disc's :class:`~.tables.Geometry` and :class:`~.tables.Tables`, built once
  per game as ``game.tables`` (option values, the die, distances, the recurring moves);
* :mod:`.phases` - the :class:`~.phases.Phase` of a round, :data:`~.phases.PHASE_TEXT`, the end;
* :mod:`.actions` - moves and chance outcomes; :mod:`.legal` - legal moves and refusals;
* :mod:`.steps` - what each action does; :mod:`.scoring` - results, distances, statistics;
* :mod:`.view` - the text board, the view and the game view's hooks;
* :mod:`.positions` - positions built by hand; :mod:`.numbering` - the fixed action numbers;
  :mod:`.bots` - the heuristic bot; :mod:`.features` - the win-chance model's race features.

The state is a handful of tuples (see :class:`State1999`): ``board`` per dot (0 vacant, else
seat + 1) and ``pos`` per seat (sorted dot indices) hold the same facts two ways, because legal
move generation reads dots and the distance tables read eagles. The state's methods are the module
functions themselves, bound by :func:`~isslab.games.kit.wired` (``_apply = steps.apply``), so
delegation costs no extra call.
"""

from __future__ import annotations

from typing import Any, ClassVar

from isslab.core import CHANCE, Game, GameInfo, ReturnsKind, register_game
from isslab.games.kit import FromTables, WiredState, wired
from isslab.games.space_1999 import features, legal, numbering, positions, scoring, steps, view
from isslab.games.space_1999.actions import DieColour, FirstPlayer, Move, MoveKind, Roll
from isslab.games.space_1999.components import COLOURS, CORNERS, HUB, MAX_ROUNDS, OPTIONS, PAD, Loc, dot_name
from isslab.games.space_1999.phases import END_REASONS, End1999, EndCode
from isslab.games.space_1999.tables import Geometry, Tables

__all__ = [
    "COLOURS",
    "CORNERS",
    "HUB",
    "MAX_ROUNDS",
    "PAD",
    "End1999",
    "EndCode",
    "Game1999",
    "State1999",
    "dot_name",
]

_KINDS = {k.value: k for k in MoveKind}
_COLOURS = {c.value: c for c in DieColour}


@register_game
@wired(positions, numbering)  # game.position, the fixed action numbers (isslab.interop)
class Game1999(Game):
    """Space: 1999: race your eagles across a rotating disc to the planet in the opposite corner."""

    id = "space-1999"
    title = "Space: 1999"
    INFO = GameInfo(
        title="Space: 1999",
        min_players=2,
        max_players=4,
        # one winner gets 1.0, but a game stopped by the max_rounds cap names none
        returns=ReturnsKind.GENERAL_SUM,
        hidden_information=False,
        chance=True,
        seat_names=COLOURS,
        seat_colours=("#d62728", "#1f6fd1", "#2ca02c", "#f2c500"),
        default_bot="greedy",
    )
    OPTIONS = OPTIONS
    ACTION_TYPES = (Move, Roll, FirstPlayer)
    # kept quick: 50 random games each; random games are long without a low cap
    CONFORMANCE_VARIANTS = (
        {"players": 2, "eagles": 2},
        {"players": 3, "rings": 3, "spokes": 8},
        # capped low as the old default was: unfinished games (no winner, places from 2nd) are tested
        {"players": 2, "diagonal_jumps": True, "lines_per_corner": 1, "eagles": 3, "max_rounds": 300},
        {"players": 2, "forced_move": False, "eagles": 2, "max_rounds": 80, "green_turns": "clockwise"},
        {"players": 4, "forced_launch": True, "eagles": 2},
        {"players": 3, "forced_launch": True, "forced_move": False, "eagles": 2, "rings": 3, "spokes": 8},
    )

    #: everything built once from the options (see :class:`~.tables.Tables`)
    tables: Tables

    def _setup(self) -> None:
        self.tables = Tables(self._options)

    def new_state(self) -> State1999:
        """Eagles on their pads, the disc lined up, and the roll-off for the first player to come."""
        t = self.tables
        n = t.n
        st = State1999.__new__(State1999)
        st._init_base(self)
        st.theta = t.start_rotation
        st.board = (0,) * t.ndots
        st.pos = ((),) * n
        st.home = (t.eagles,) * n
        st.landed = (0,) * n
        st.to_move = CHANCE  # the roll-off
        st.first = -1
        st.turn = 0
        st.round = 0
        st.jumps = (0,) * n
        st.end = EndCode.PLAYING
        return st

    def describe_action(self, action: Any, seat: int | None) -> str:
        """A move as a person reads the board (``ring 4 spoke 13``); ``str(action)`` is the dot-name text."""
        return view.describe(action, seat)

    def decode_action(self, obj: Any) -> Any:
        """Rebuild an action from JSON, with its kind and die colour as enum members again."""
        action = super().decode_action(obj)
        kind = type(action)
        if kind is Move and type(action.kind) is str:
            member = _KINDS.get(action.kind)
            if member is not None:
                return Move(action.seat, member, action.path, action.line, action.hops)
        elif kind is Roll and type(action.colour) is str:
            colour = _COLOURS.get(action.colour)
            if colour is not None:
                return Roll(action.number, colour)
        return action

    def seat_name(self, seat: int) -> str:
        """The seat's colour."""
        return COLOURS[seat]

    # the board, as boards, bots and tests read it (the rules read ``tables``) -------------------

    geo = FromTables[Geometry]("The disc's geometry.")
    rings = FromTables[int]("Rings of dots around the hub.")
    spokes = FromTables[int]("Spokes of the disc (= marks of a full turn).")
    eagles = FromTables[int]("Eagles per commander.")
    ndots = FromTables[int]("Dots of the disc, the hub included.")
    max_rounds = FromTables[int]("The safety cap on rounds (option ``max_rounds``).")
    seat_corner = FromTables[tuple[int, ...]]("Each seat's home corner.")
    target_corner = FromTables[tuple[int, ...]]("Each seat's target corner (the opposite one).")
    target_owner = FromTables[tuple[int, ...]](
        "The seat whose home pad is each seat's target (-1: an empty corner)."
    )
    seat_dist = FromTables[tuple[tuple[tuple[int, ...], ...], ...]](
        "``seat_dist[seat][theta][dot]``: the fewest steps from a dot to landing."
    )
    home_dist = FromTables[tuple[tuple[int, ...], ...]](
        "``home_dist[seat][theta]``: the fewest steps from the home pad to landing."
    )

    def dot_index(self, r: int, s: int) -> int:
        """Index of disc dot (ring, spoke); the hub is (0, 0) -> 0."""
        return self.tables.geo.index[(r, s % self.tables.spokes if r else 0)]

    def dot_rs(self, i: int) -> Loc:
        """(ring, spoke) of disc dot ``i`` in disc coordinates."""
        return self.tables.geo.rs[i]

    def corner_direction(self, corner: int) -> int:
        """Board direction of a corner, in marks counter-clockwise from east."""
        return self.tables.geo.corner_dir[corner]

    def corner_lines(self, corner: int) -> tuple[tuple[int, str], ...]:
        """The corner's lines as (board direction, label)."""
        return self.tables.geo.corner_lines[corner]

    def distance(self, state: State1999, seat: int) -> int:
        """Total shortest distance of the seat's unlanded eagles to landing, at the current rotation."""
        return scoring.distance(state, seat)


@wired(legal, steps, positions, view, scoring, features)
class State1999(WiredState):
    """A position of Space: 1999 (every field an int or a tuple of ints)."""

    __slots__ = (
        "theta",
        "board",
        "pos",
        "home",
        "landed",
        "to_move",
        "first",
        "turn",
        "round",
        "jumps",
        "end",
    )
    FIELDS: ClassVar[tuple[str, ...]] = __slots__
    game: Game1999
    theta: int  # marks the disc is turned counter-clockwise from the set-up alignment
    board: tuple[int, ...]  # per dot: 0 vacant, seat + 1 occupied
    pos: tuple[tuple[int, ...], ...]  # per seat: sorted dot indices of its eagles on the disc
    home: tuple[int, ...]  # per seat: eagles still on the home pad
    landed: tuple[int, ...]  # per seat: eagles landed on the target planet
    to_move: int  # seat, CHANCE or TERMINAL
    first: int  # seat that won the roll-off (-1 before it)
    turn: int  # turns taken in this round
    round: int  # rounds completed (die rolls, and the round the cap ended)
    jumps: tuple[int, ...]  # per seat: eagles jumped over (launches over the outer dot included)
    end: int  # an EndCode: 0 playing, 1 all landed, 2 unfinished (max_rounds)

    @property
    def current_player(self) -> int:
        """The seat to move, or CHANCE (roll-off, die) or TERMINAL."""
        return self.to_move

    @property
    def rounds(self) -> int:
        """Rounds completed."""
        return self.round

    def round_first(self) -> int:
        """The turn-order hook: the seat that opens the round that starts now (the roll-off's winner).

        Called once the die has turned the disc; the others follow clockwise and the round ends when
        every seat has moved, so a variant may return any seat (``isslab.variant``'s tutorial).
        """
        return self.first

    @property
    def end_reason(self) -> End1999 | None:
        """Why the game ended, or None."""
        return END_REASONS[self.end]

    __str__ = view.board_text

    #: the seat's legal launches (boards and refusals ask)
    launches = legal.launches

    #: the win-chance model's features (isslab.analysis.features): the race's facts beside the generic
    WIN_FEATURES_EXTEND: ClassVar[bool] = True  # beside the generic features, not instead of them

    # --- the game view's player panel (see isslab/games/README.md) ----------------------------

    def key_numbers(self, seat: int) -> list[tuple[str, int | float | str]]:
        """Eagles landed (of all), on the home pad, and the distance left."""
        self._check_seat(seat)
        return view.key_numbers(self, seat)

    def goal(self, seat: int) -> str:
        """``land 4 eagles on the SW pad``."""
        self._check_seat(seat)
        return view.goal(self, seat)

    def standing(self, seat: int) -> tuple[float, ...]:
        """Eagles landed, then the shorter distance to go."""
        self._check_seat(seat)
        return view.standing(self, seat)


Game1999.STATE = State1999
