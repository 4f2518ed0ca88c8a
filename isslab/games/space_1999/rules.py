"""Space: 1999 rules: the game (options, set-up, hand-built positions) and the immutable state.

Developer notes (the players' summary is the package docstring):

* The state is a handful of tuples (see :class:`Space1999State`): ``board`` per dot (0 vacant, else
  seat + 1) and ``pos`` per seat (sorted dot indices) hold the same facts two ways, because legal
  move generation reads dots and the distance tables read eagles. ``Space1999State._check_position``
  keeps them consistent in hand-built positions.
* Eagles keep their disc coordinates when the disc turns: a die roll changes ``theta`` only.
* Moves are identified by where the eagle ends (one action per eagle and destination: a step when one
  reaches it, else the shortest hop chain found breadth first), since every route to a dot leaves
  the same position. A launch is identified by its line and destination.
* Legal moves come in a fixed order: landings, launches, then eagle by eagle (innermost first) its
  steps (outward, round the ring, inward) and its jumps, and a pass last. So the generic ``first``
  bot plays a simple strategy (land, launch, run out to the rim and round it) and finishes games.
* Action objects that recur (steps, plain launches, landings, passes) are built once per game and
  shared by every state; only jump chains are built on demand (a memo of them was measured slower).
* The text board and the view live in :mod:`.text`, the reasons for refusing an action in
  :mod:`.explain`, the geometry tables in :mod:`.board`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from isslab.core import (
    CHANCE,
    TERMINAL,
    EndReason,
    Game,
    GameInfo,
    Option,
    ReturnsKind,
    State,
    register_game,
    short_repr,
)
from isslab.games.space_1999 import explain, numbering
from isslab.games.space_1999 import view as text
from isslab.games.space_1999.actions import DieColour, FirstPlayer, Move, MoveKind, Roll
from isslab.games.space_1999.board import COLOURS, CORNERS, HUB, PAD, SEATING, Geometry, Loc, dot_name

__all__ = [
    "COLOURS",
    "CORNERS",
    "HUB",
    "PAD",
    "EndCode",
    "End1999",
    "Space1999",
    "Space1999State",
    "dot_name",
]

#: the default safety cap on rounds; see the option ``max_rounds`` and docs/rules/space-1999.md
MAX_ROUNDS = 2_000

LAUNCH, STEP, JUMP, LAND, PASS = MoveKind.LAUNCH, MoveKind.STEP, MoveKind.JUMP, MoveKind.LAND, MoveKind.PASS


class End1999(EndReason):
    """How a game of Space: 1999 ends."""

    #: the rulebook's only end (Object, Rules 5): the first with every eagle landed wins
    ALL_LANDED = "a commander landed every eagle"
    #: the safety stop (not a rule): the game is unfinished and nobody wins
    UNFINISHED = "unfinished: the max_rounds safety limit stopped the game, nobody won"


class EndCode(enum.IntEnum):
    """The state's ``end`` field: an int that survives JSON (``end_reason`` gives the End1999)."""

    PLAYING = 0
    ALL_LANDED = 1
    UNFINISHED = 2


_END_REASONS: tuple[End1999 | None, ...] = (None, End1999.ALL_LANDED, End1999.UNFINISHED)


@register_game
class Space1999(Game):
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
    OPTIONS = (
        Option("players", 4, "number of commanders (one per corner; 2 sit opposite)", min=2, max=4),
        Option("eagles", 4, "eagles per player = circles per launching pad", min=1, max=6, assumption=True),
        Option("rings", 4, "rings of dots on the disc, around the hub", min=2, max=6, assumption=True),
        Option(
            "spokes", 16, "spokes = black edge marks (a multiple of 8)", choices=(8, 16, 24), assumption=True
        ),
        Option(
            "lines_per_corner", 3, "launch/landing lines per corner planet", choices=(1, 3), assumption=True
        ),
        Option(
            "forced_move",
            True,
            "a player with a legal move must move (False: passing is always allowed)",
            assumption=True,
        ),
        Option(
            "forced_launch",
            False,
            "while eagles wait on your pad and a launch is legal, you must launch (False: launching "
            "is one move among the others; reading 2)",
            assumption=True,
        ),
        Option(
            "green_turns",
            "counterclockwise",
            "direction the green arrow turns the disc",
            choices=("counterclockwise", "clockwise"),
            assumption=True,
        ),
        Option("diagonal_jumps", False, "variant: hops may also go along grid diagonals", assumption=True),
        Option("start_rotation", 0, "disc rotation at set-up, in marks (any mark lines up)", min=0, max=23),
        Option(
            "max_rounds",
            MAX_ROUNDS,
            "safety stop, not a rule: after this many rounds the game ends unfinished and nobody wins "
            "(raise it for boards larger than the default)",
            min=1,
            # a stuck game at the cap is about 50,000 steps and a 1.6 MB save file
            max=10_000,
        ),
    )
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

    geo: Geometry

    # the fixed action numbers (isslab.interop): see .numbering
    num_distinct_actions = numbering.num_distinct_actions
    max_chance_outcomes = numbering.max_chance_outcomes
    action_index = numbering.action_index

    def _setup(self) -> None:
        o = self._options
        if o["start_rotation"] >= o["spokes"]:
            raise ValueError(
                f"option start_rotation={o['start_rotation']} is not allowed: use 0 to {o['spokes'] - 1}"
            )
        self.geo = g = Geometry(o["rings"], o["spokes"], o["lines_per_corner"], o["diagonal_jumps"])
        self._n = n = o["players"]
        self.rings, self.spokes, self.eagles, self.ndots = o["rings"], o["spokes"], o["eagles"], g.ndots
        self.forced_move: bool = o["forced_move"]
        self.forced_launch: bool = o["forced_launch"]
        self.max_rounds: int = o["max_rounds"]
        self.seat_corner: tuple[int, ...] = SEATING[n]
        self.target_corner: tuple[int, ...] = tuple((c + 2) % 4 for c in self.seat_corner)
        # who owns each corner (-1: empty in a 3-player game)
        owner = [-1] * 4
        for seat, c in enumerate(self.seat_corner):
            owner[c] = seat
        self.corner_owner = tuple(owner)
        # the seat whose home pad is my target (its unlaunched eagles fill the shared circles)
        self.target_owner = tuple(owner[t] for t in self.target_corner)
        # the die: green n turns the disc n marks toward the green arrow, red n the other way, 3 not at all
        sign = 1 if o["green_turns"] == "counterclockwise" else -1
        rolls = [Roll(k, c) for c in DieColour for k in (1, 2, 3)]
        self._rolls = tuple(
            (r, 0 if r.number == 3 else (sign if r.colour is DieColour.GREEN else -sign) * r.number)
            for r in rolls
        )
        # keyed by plain (number, colour) tuples: C-level hashing on the hot path
        self._roll_delta = {(r.number, str(r.colour)): d for r, d in self._rolls}
        self._roll_outcomes = [(r, 1 / 6) for r in rolls]
        self._first = [(FirstPlayer(s), 1 / n) for s in range(n)]
        self._build_moves()
        # distance tables per seat: dist[seat][theta][dot], and the distance from the home pad
        self.seat_dist = tuple(g.dist[t] for t in self.target_corner)
        S = g.S
        self.home_dist = tuple(
            tuple(
                1
                + min(
                    g.dist[self.target_corner[seat]][th][g.outer[g.spoke_at(d, th)]]
                    for d, _ in g.corner_lines[self.seat_corner[seat]]
                )
                for th in range(S)
            )
            for seat in range(n)
        )

    def _build_moves(self) -> None:
        """Action objects that recur, built once: moves are values, so every state can share them."""
        g, n = self.geo, self._options["players"]
        R, S = g.R, g.S
        self._step_moves = {
            (seat, a, b): Move(seat, STEP, (g.rs[a], g.rs[b]), "")
            for seat in range(n)
            for a in range(g.ndots)
            for b in g.steps[a]
        }
        # (seat, direction, spoke) -> the launch onto the outer dot, and the launch over it
        self._launch_moves = {
            (seat, d, s): Move(seat, LAUNCH, ((PAD, self.seat_corner[seat]), (R, s)), label)
            for seat in range(n)
            for d, label in g.corner_lines[self.seat_corner[seat]]
            for s in range(S)
        }
        self._launch_jumps = {
            (seat, d, s): Move(seat, LAUNCH, ((PAD, self.seat_corner[seat]), (R - 1, s)), label, 1)
            for seat in range(n)
            for d, label in g.corner_lines[self.seat_corner[seat]]
            for s in range(S)
        }
        self._land_moves = {
            (seat, s, d): Move(seat, LAND, ((R, s), (PAD, self.target_corner[seat])), label)
            for seat in range(n)
            for d, label in g.corner_lines[self.target_corner[seat]]
            for s in range(S)
        }
        self._pass = tuple(Move(seat, PASS, (), "") for seat in range(n))
        # board directions of each seat's target lines
        self._target_dirs = tuple(
            frozenset(d for d, _ in g.corner_lines[self.target_corner[seat]]) for seat in range(n)
        )

    def new_state(self) -> Space1999State:
        """Eagles on their pads, the disc lined up, and the roll-off for the first player to come."""
        n = self.num_players
        st = Space1999State.__new__(Space1999State)
        st._init_base(self)
        st.theta = self._options["start_rotation"]
        st.board = (0,) * self.ndots
        st.pos = ((),) * n
        st.home = (self.eagles,) * n
        st.landed = (0,) * n
        st.to_move = CHANCE
        st.first = -1
        st.turn = 0
        st.round = 0
        st.jumps = (0,) * n
        st.end = EndCode.PLAYING
        return st

    def position(  # friendlier keywords than the generic field names
        self,
        disc: Mapping[Any, Sequence[str]] | None = None,
        home: Sequence[int] | None = None,
        landed: Sequence[int] | None = None,
        theta: int | None = None,
        to_move: int | str | None = None,
        first: int | str = 0,
        turn: int = 0,
        round: int = 0,
        **fields: Any,
    ) -> Space1999State:
        """Build a position from a compact description, e.g. ``position(disc={"red": ["r4s2", "hub"]})``.

        ``disc`` maps a seat (number or colour) to the names of the dots its eagles stand on. Eagles
        neither on the disc nor landed are on their home pad unless ``home`` says otherwise.
        ``theta`` defaults to the set-up rotation; ``to_move`` (a seat, a colour, ``CHANCE`` or
        ``TERMINAL``) defaults to the seat whose turn follows from ``first`` and ``turn`` (the die
        roll once all have moved). Other state fields (``jumps``, ``end``) may be given by name.
        Raises ``ValueError`` if the position breaks a rule (see ``_check_position``).
        """
        n = self.num_players
        if "board" in fields or "pos" in fields:
            raise ValueError("place eagles with disc={seat: [dot names]}, not with the board or pos fields")
        board = [0] * self.ndots
        pos: list[list[int]] = [[] for _ in range(n)]
        for who, names in (disc or {}).items():
            seat = self._parse_seat(who, "disc")
            if isinstance(names, str):
                raise ValueError(
                    f"disc[{short_repr(who)}] must be a list of dot names, got {short_repr(names)}"
                )
            for name in names:
                i = self._parse_dot(name)
                if board[i]:
                    raise ValueError(f"two eagles on {name}")
                board[i] = seat + 1
                pos[seat].append(i)
        landed_t = self._counts("landed", landed) if landed is not None else (0,) * n
        if type(turn) is not int:
            raise ValueError(f"turn must be an int (turns taken this round), got {short_repr(turn)}")
        home_t = (
            self._counts("home", home)
            if home is not None
            else tuple(self.eagles - len(pos[s]) - landed_t[s] for s in range(n))
        )
        first_seat = self._parse_seat(first, "first") if first != -1 else -1
        if to_move is None:
            if fields.get("end", EndCode.PLAYING) != EndCode.PLAYING:
                mover = TERMINAL
            elif first_seat < 0 or turn == n:
                mover = CHANCE
            else:
                mover = (first_seat + turn) % n
        elif to_move in (CHANCE, TERMINAL):
            mover = to_move
        else:
            mover = self._parse_seat(to_move, "to_move")
        built = {
            "theta": self._options["start_rotation"] if theta is None else theta,
            "board": tuple(board),
            "pos": tuple(tuple(sorted(p)) for p in pos),
            "home": home_t,
            "landed": landed_t,
            "to_move": mover,
            "first": first_seat,
            "turn": turn,
            "round": round,
            **fields,
        }
        return cast(Space1999State, super().position(**built))

    def _counts(self, what: str, value: Any) -> tuple[int, ...]:
        """One whole number per seat, from any sequence (``home``, ``landed``)."""
        n = self.num_players
        if isinstance(value, str | bytes) or not isinstance(value, Sequence) or len(value) != n:
            raise ValueError(f"{what} needs one count >= 0 per seat ({n}), got {short_repr(value)}")
        if not all(type(x) is int for x in value):
            raise ValueError(
                f"{what} needs one count >= 0 per seat ({n}): whole numbers, got {short_repr(value)}"
            )
        return tuple(value)

    def _parse_seat(self, who: Any, what: str) -> int:
        """A seat given by number or colour name."""
        n = self.num_players
        if isinstance(who, str) and who in COLOURS[:n]:
            return COLOURS.index(who)
        if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < n:
            return who
        raise ValueError(
            f"{what}: no seat {short_repr(who)}; use 0 to {n - 1} or one of {', '.join(COLOURS[:n])}"
        )

    def _parse_dot(self, name: str) -> int:
        """Disc index of a dot named ``hub`` or ``r<ring>s<spoke>``."""
        if name == "hub":
            return 0
        try:
            if not isinstance(name, str) or name[:1] != "r":  # "x4s2" must not pass for r4s2
                raise ValueError(name)
            r_text, s_text = name[1:].split("s")
            if not (r_text.isdigit() and s_text.isdigit()):  # no "r+4s2" or "r 4s2"
                raise ValueError(name)
            return self.geo.index[(int(r_text), int(s_text))]
        except (ValueError, KeyError):
            raise ValueError(
                f"no dot {short_repr(name)}: use 'hub' or 'r<ring>s<spoke>' with ring 1..{self.rings}, "
                f"spoke 0..{self.spokes - 1}"
            ) from None

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

    # geometry helpers for front-ends ----------------------------------------------------------

    def dot_index(self, r: int, s: int) -> int:
        """Index of disc dot (ring, spoke); the hub is (0, 0) -> 0."""
        return self.geo.index[(r, s % self.spokes if r else 0)]

    def dot_rs(self, i: int) -> Loc:
        """(ring, spoke) of disc dot ``i`` in disc coordinates."""
        return self.geo.rs[i]

    def corner_direction(self, corner: int) -> int:
        """Board direction of a corner, in marks counter-clockwise from east."""
        return self.geo.corner_dir[corner]

    def corner_lines(self, corner: int) -> tuple[tuple[int, str], ...]:
        """The corner's lines as (board direction, label)."""
        return self.geo.corner_lines[corner]

    def distance(self, state: Space1999State, seat: int) -> int:
        """Total shortest distance of the seat's unlanded eagles to landing, at the current rotation."""
        th = state.theta
        table = self.seat_dist[seat][th]
        return sum(table[d] for d in state.pos[seat]) + state.home[seat] * self.home_dist[seat][th]


_KINDS = {k.value: k for k in MoveKind}
_COLOURS = {c.value: c for c in DieColour}


def _is_count(value: object) -> bool:
    """True for an int >= 0 (not a bool)."""
    return type(value) is int and value >= 0 or isinstance(value, enum.IntEnum) and value >= 0


class Space1999State(State):
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
    game: Space1999
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

    @property
    def end_reason(self) -> End1999 | None:
        """Why the game ended, or None."""
        return _END_REASONS[self.end]

    # --- legal moves ---------------------------------------------------------------------------

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        return list(self.game._first if self.first < 0 else self.game._roll_outcomes)

    def _legal_actions(self) -> list[Any]:
        if self.to_move == CHANCE:
            return [a for a, _ in self._chance_outcomes()]
        return self._moves(self.to_move)

    def launches(self, seat: int) -> list[Move]:
        """The seat's legal launches: along each line of its pad, onto the outer dot or over it."""
        g = self.game
        if not self.home[seat]:
            return []
        geo = g.geo
        board = self.board
        out: list[Move] = []
        # Rules 2: an eagle leaves the pad along one of the corner's lines
        for direction, _ in geo.corner_lines[g.seat_corner[seat]]:
            s = (direction - self.theta) % geo.S
            if not board[geo.outer[s]]:
                out.append(g._launch_moves[(seat, direction, s)])
                continue
            # the outer dot is taken: jump over it onto the next dot of the same line, and on
            inner = geo.dot(geo.R - 1, s)
            if not board[inner]:
                first = g._launch_jumps[(seat, direction, s)]
                out.append(first)
                for path in self._chains(inner, {inner}, exclude=set(), left=-1):
                    out.append(Move(seat, LAUNCH, (*first.path, *path), first.line, 1 + len(path)))
        return out

    def _moves(self, seat: int) -> list[Any]:
        """Legal moves in a fixed order: landings, launches, then each eagle's steps and jumps."""
        g = self.game
        geo = g.geo
        board = self.board
        S = geo.S
        launches = self.launches(seat) if self.home[seat] else []
        if launches and g.forced_launch:  # reading 2 (option forced_launch): the launch is compulsory
            return launches
        out: list[Any] = []
        mine = self.pos[seat]
        first_outer = geo.ndots - S
        if mine and mine[-1] >= first_outer:  # an eagle on the rim may follow a target line down
            owner = g.target_owner[seat]
            # target circles are shared with the owner's unlaunched eagles and my landed ones
            if g.eagles - self.landed[seat] - (self.home[owner] if owner >= 0 else 0) > 0:
                lines = g._target_dirs[seat]
                for a in mine:
                    if a >= first_outer:
                        s = a - first_outer
                        d = (s + self.theta) % S
                        if d in lines:
                            out.append(g._land_moves[(seat, s, d)])
        out += launches
        for a in mine:
            stepped = set()
            for b in geo.steps[a]:
                if not board[b]:
                    out.append(g._step_moves[(seat, a, b)])
                    stepped.add(b)
            start = geo.rs[a]
            for path in self._chains(a, {a}, exclude=stepped, left=a):
                out.append(Move(seat, JUMP, (start, *path), "", len(path)))
        if not out or not g.forced_move:
            out.append(g._pass[seat])
        return out

    def _chains(self, start: int, seen: set[int], exclude: set[int], left: int) -> list[tuple[Loc, ...]]:
        """Shortest hop chains from ``start`` to every dot they reach (breadth first, no revisits).

        ``left`` is the dot the moving eagle has just left (-1 for a launch): it still reads as
        occupied on the board but is empty now, so no hop may go over it.
        """
        geo = self.game.geo
        board = self.board
        hops = geo.hops
        rs = geo.rs
        found: list[tuple[Loc, ...]] = []
        frontier: list[tuple[int, tuple[Loc, ...]]] = [(start, ())]
        while frontier:
            nxt = []
            for x, path in frontier:
                for over, beyond in hops[x]:
                    if board[over] and over != left and not board[beyond] and beyond not in seen:
                        seen.add(beyond)
                        p = (*path, rs[beyond])
                        nxt.append((beyond, p))
                        if beyond not in exclude:
                            found.append(p)
            frontier = nxt
        return found

    # --- applying ------------------------------------------------------------------------------

    def _apply(self, action: Any) -> Space1999State:
        g = self.game
        new = self._copy()
        if self.to_move == CHANCE:
            if type(action) is FirstPlayer:
                new.first = new.to_move = action.seat
                return new
            # end of round: turn the disc; eagles on the disc turn with it (they keep disc coordinates)
            new.theta = (self.theta + g._roll_delta[(action.number, action.colour)]) % g.spokes
            new.round = self.round + 1
            new.turn = 0
            new.to_move = self.first
            return new
        seat = action.seat
        kind = action.kind
        if kind is not PASS:
            index = g.geo.index
            path = action.path
            board = list(self.board)
            mine = list(self.pos[seat])
            if kind is LAUNCH:
                home = list(self.home)
                home[seat] -= 1
                new.home = tuple(home)
            else:
                a = index[path[0]]
                board[a] = 0
                mine.remove(a)
            if kind is LAND:
                landed = list(self.landed)
                landed[seat] += 1
                new.landed = tuple(landed)
            else:
                b = index[path[-1]]
                board[b] = seat + 1
                mine.append(b)
                mine.sort()
                if action.hops:
                    jumps = list(self.jumps)
                    jumps[seat] += action.hops
                    new.jumps = tuple(jumps)
            new.board = tuple(board)
            pos = list(self.pos)
            pos[seat] = tuple(mine)
            new.pos = tuple(pos)
            if new.landed[seat] == g.eagles:  # Object: the first with every eagle landed wins at once
                new.end = EndCode.ALL_LANDED
                new.to_move = TERMINAL
                return new
        turn = self.turn + 1
        new.turn = turn
        if turn == g._n:  # every player has had a turn: the round ends with a die roll
            if self.round + 1 >= g.max_rounds:  # the safety stop: unfinished, nobody wins
                new.round = self.round + 1
                new.end = EndCode.UNFINISHED
                new.to_move = TERMINAL
            else:
                new.to_move = CHANCE
        else:
            new.to_move = (seat + 1) % g._n
        return new

    # --- results -------------------------------------------------------------------------------

    def _key(self, seat: int) -> tuple[int, int]:
        return (self.landed[seat], -self.game.distance(self, seat))

    def winners(self) -> tuple[int, ...]:
        """The commander who landed every eagle; () while playing and in an unfinished game."""
        if self.end != EndCode.ALL_LANDED:
            return ()
        return (self.landed.index(self.game.eagles),)

    def returns(self) -> tuple[float, ...]:
        """1.0 for the winner, 0.0 for the others (all 0.0 in an unfinished game)."""
        win = self.winners()
        return tuple(1.0 if s in win else 0.0 for s in range(self.game.num_players))

    def ranks(self) -> tuple[int, ...]:
        """The winner 1st, the others by eagles landed, then distance to landing (ties share a place).

        Place 1 belongs to the winner alone: in an unfinished game nobody won, so places start at 2.
        """
        n = self.game.num_players
        win = set(self.winners())
        keys = [(s in win, *self._key(s)) for s in range(n)]
        base = 1 if win else 2
        return tuple(base + sum(1 for k in keys if k > keys[s]) for s in range(n))

    def seat_stats(self) -> list[dict[str, float]]:
        """Eagles landed, eagles jumped over and remaining distance, per seat."""
        return [
            {"eagles_landed": self.landed[s], "jumps": self.jumps[s], "distance": self.game.distance(self, s)}
            for s in range(self.game.num_players)
        ]

    def game_stats(self) -> dict[str, float]:
        """Total eagles jumped over."""
        return {"total_jumps": sum(self.jumps)}

    # --- hand-built positions, explanations, views ---------------------------------------------

    def _check_position(self) -> None:
        """Raise ``ValueError`` if a hand-built position breaks the rules' bookkeeping."""
        g = self.game
        n, geo, E = g.num_players, g.geo, g.eagles

        def need(ok: bool, problem: str) -> None:
            if not ok:
                raise ValueError(f"not a Space: 1999 position: {problem}")

        def counts(name: str) -> tuple[int, ...]:
            value = getattr(self, name)
            need(
                isinstance(value, tuple) and len(value) == n and all(_is_count(v) for v in value),
                f"{name} needs one count >= 0 per seat ({n}), got {short_repr(value)}",
            )
            return cast(tuple[int, ...], value)

        need(
            _is_count(self.theta) and self.theta < geo.S,
            f"theta must be 0 to {geo.S - 1}, got {short_repr(self.theta)}",
        )
        need(
            isinstance(self.board, tuple)
            and len(self.board) == geo.ndots
            and all(_is_count(v) and v <= n for v in self.board),
            f"board needs {geo.ndots} entries of 0 (vacant) to {n} (seat + 1)",
        )
        need(
            isinstance(self.pos, tuple) and len(self.pos) == n, f"pos needs one tuple of dots per seat ({n})"
        )
        for seat, dots in enumerate(self.pos):
            need(
                isinstance(dots, tuple) and list(dots) == sorted(set(dots)),
                f"{COLOURS[seat]}'s dots must be a sorted tuple without repeats",
            )
        on_board = [tuple(i for i, v in enumerate(self.board) if v == seat + 1) for seat in range(n)]
        need(list(self.pos) == on_board, "board and pos disagree about where the eagles stand")
        home, landed = counts("home"), counts("landed")
        counts("jumps")
        for seat in range(n):
            need(
                home[seat] + len(self.pos[seat]) + landed[seat] == E,
                f"{COLOURS[seat]} must have {E} eagles in all (pad + disc + landed), "
                f"got {home[seat]} + {len(self.pos[seat])} + {landed[seat]}",
            )
            owner = g.target_owner[seat]
            need(
                landed[seat] + (home[owner] if owner >= 0 else 0) <= E,
                f"{CORNERS[g.target_corner[seat]]} pad has {E} circles: {COLOURS[seat]}'s landed eagles "
                "and its owner's unlaunched eagles do not fit",
            )
        need(
            _is_count(self.end) and self.end in tuple(EndCode),
            f"end must be one of {[int(e) for e in EndCode]}, got {short_repr(self.end)}",
        )
        need(
            type(self.first) is int and -1 <= self.first < n,
            f"first must be -1 or a seat, got {short_repr(self.first)}",
        )
        need(_is_count(self.turn) and self.turn <= n, f"turn must be 0 to {n}, got {short_repr(self.turn)}")
        need(
            _is_count(self.round) and self.round <= g.max_rounds,
            f"round must be 0 to max_rounds={g.max_rounds}, got {short_repr(self.round)}",
        )
        done = [s for s in range(n) if landed[s] == E]
        cp = self.to_move
        if self.end == EndCode.PLAYING:
            need(not done, f"{COLOURS[done[0]] if done else ''} has landed every eagle: the game is over")
            if self.first < 0:
                need(
                    cp == CHANCE and self.turn == 0 and self.round == 0,
                    "before the roll-off only chance moves",
                )
            elif cp == CHANCE:
                need(self.turn == n, "the die is rolled only once every player has had a turn")
            else:
                need(
                    isinstance(cp, int) and self.turn < n and cp == (self.first + self.turn) % n,
                    f"turn {self.turn} after {COLOURS[self.first]} started is "
                    f"{COLOURS[(self.first + self.turn) % n] if self.turn < n else 'the die'}'s, "
                    f"not {short_repr(cp)}",
                )
        else:
            need(cp == TERMINAL, "a finished game has to_move TERMINAL")
            if self.end == EndCode.ALL_LANDED:
                need(len(done) == 1, "a game won by landing every eagle has exactly one such commander")
            else:
                need(
                    not done and self.round >= g.max_rounds, "only the max_rounds cap ends a game unfinished"
                )

    # --- the game view's player panel (see isslab/games/README.md) ----------------------------

    def key_numbers(self, seat: int) -> list[tuple[str, int | float | str]]:
        """Eagles landed (of all), on the home pad, and the distance left."""
        self._check_seat(seat)
        return text.key_numbers(self, seat)

    def goal(self, seat: int) -> str:
        """``land 4 eagles on the SW pad``."""
        self._check_seat(seat)
        return text.goal(self, seat)

    def standing(self, seat: int) -> tuple[float, ...]:
        """Eagles landed, then the shorter distance to go."""
        self._check_seat(seat)
        return text.standing(self, seat)

    def _illegal_reason(self, action: Any) -> str | None:
        return explain.illegal_reason(self, action)

    def _view(self, seat: int) -> dict[str, Any]:
        # Space: 1999 has no hidden information: every seat sees everything.
        return text.view(self, seat)

    def __str__(self) -> str:
        return text.board_text(self)


Space1999.STATE = Space1999State
