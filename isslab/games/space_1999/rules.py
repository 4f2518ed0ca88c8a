"""Space: 1999 (Milton Bradley, 1976): the rules as a pure engine on the board model of the components file.

Board model (components B2, every value an option): a rotating disc, a polar grid of a hub plus
``rings`` rings of ``spokes`` dots, turned ``theta`` marks counter-clockwise; four fixed corner
planets (NE, NW, SW, SE) whose launch lines point at board directions ``d_c - 1, d_c, d_c + 1``.
Dots are named ``r<ring>s<spoke>`` in *disc* coordinates (they turn with the disc), the hub is
``hub``, and a planet's pad is named by its corner.

Readings of the rulebook that are choices (see also the option docs):

- "move one eagle one space, unless that space is occupied ... Then you may jump": a step goes to a
  vacant adjacent dot along a drawn line; a jump hops over one occupied dot to the vacant dot right
  behind it on the same line, and hops may be chained, turning at any dot ("straight ahead or at an
  angle"), never revisiting a dot (the start dot included). A move is identified by where the eagle
  ends: the engine offers one action per eagle and destination (a step when one reaches it, otherwise
  the shortest chain of hops), since every path to a dot gives the same position. A launch is
  identified by its line and destination, so two lines may both lead (by a launch-jump) to one dot.
- Launching follows a line from the pad onto the outer dot that line meets; when that dot is
  occupied the launch may jump over it (and chain on), like any other move.
- Landing is a step from an outer-ring dot that lines up with one of the *target* planet's lines
  onto a vacant pad circle. Pad circles are shared with the target's own unlaunched eagles.
- "Roll the dice. High number goes first": a roll-off with re-rolled ties makes every seat equally
  likely to start; it is one chance node with ``n`` equally likely outcomes.
- A player with a legal move must move (option ``forced_move``); with none, the player passes.
- ``max_rounds`` is a safety stop (not in the rulebook): when it is hit, players rank by eagles
  landed, then by the total shortest distance of their other eagles to landing (fewer is better);
  the best share the win.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple, cast

from isslab.core import CHANCE, TERMINAL, EndReason, Game, GameInfo, Option, ReturnsKind, State, register_game

__all__ = [
    "CORNERS",
    "COLOURS",
    "End1999",
    "FirstPlayer",
    "Move",
    "Roll",
    "Space1999",
    "Space1999State",
]

#: corner names, indexed by corner number (counter-clockwise from north-east)
CORNERS = ("NE", "NW", "SW", "SE")
#: seat colours, in seat order (red is the only colour the rulebook names)
COLOURS = ("red", "blue", "green", "yellow")
#: corners used by each player count, in clockwise seat order (2 players sit opposite)
SEATING = {2: (0, 2), 3: (0, 3, 2), 4: (0, 3, 2, 1)}
#: die faces: (number, colour); a 3 of either colour does not turn the disc
FACES = tuple((n, c) for c in ("red", "green") for n in (1, 2, 3))

PAD = -1  # first element of a pad location (-1, corner)
HUB = (0, 0)


def dot_name(loc: tuple[int, int]) -> str:
    """Readable name of a location: ``hub``, ``r3s12`` or a pad ``NE pad``."""
    r, s = loc
    if r == PAD:
        return f"{CORNERS[s]} pad"
    if r == 0:
        return "hub"
    return f"r{r}s{s}"


class Move(NamedTuple):
    """A player's move: launch, step, jump, land or pass, with the locations visited."""

    seat: int
    kind: str  # "launch" | "step" | "jump" | "land" | "pass"
    path: tuple[tuple[int, int], ...]  # (ring, spoke) per location; (0, 0) is the hub, (-1, c) a pad
    line: str  # corner line used by a launch or landing, e.g. "NE+1"; "" otherwise

    def __str__(self) -> str:
        return _move_text(self)


@lru_cache(maxsize=1 << 16)
def _move_text(m: Move) -> str:
    """The readable form of a move (cached: moves are values and are printed often)."""
    who = COLOURS[m.seat]
    if m.kind == "pass":
        return f"{who} passes"
    route = " -> ".join(dot_name(p) for p in m.path[1:])
    if m.kind == "launch":
        how = "launches" if len(m.path) == 2 else "launches and jumps"
        return f"{who} {how} via line {m.line} to {route}"
    if m.kind == "land":
        return f"{who} lands {dot_name(m.path[0])} -> {dot_name(m.path[1])} via line {m.line}"
    verb = "jumps" if m.kind == "jump" else "steps"
    return f"{who} {verb} {dot_name(m.path[0])} -> {route}"


class Roll(NamedTuple):
    """Chance: the die thrown at the end of a round (1-2-3 in red or green)."""

    number: int
    colour: str

    def __str__(self) -> str:
        turn = "no turn" if self.number == 3 else f"turn {self.number} toward the {self.colour} arrow"
        return f"die: {self.number} {self.colour} ({turn})"


class FirstPlayer(NamedTuple):
    """Chance: the opening roll-off, won by ``seat``."""

    seat: int

    def __str__(self) -> str:
        return f"roll-off: {COLOURS[self.seat]} goes first"


class End1999(EndReason):
    """How a game of Space: 1999 ends."""

    ALL_LANDED = "a commander landed every eagle"
    MAX_ROUNDS = "the max_rounds safety limit was reached"


class _Geometry:
    """Precomputed tables for one (rings, spokes, lines, diagonal) board; built once per game."""

    def __init__(self, rings: int, spokes: int, lines_per_corner: int, diagonal: bool) -> None:
        self.R, self.S = rings, spokes
        self.ndots = 1 + rings * spokes
        self.rs: list[tuple[int, int]] = [HUB] + [(r, s) for r in range(1, rings + 1) for s in range(spokes)]
        self.index = {rs: i for i, rs in enumerate(self.rs)}
        S = spokes
        # board direction (in marks) of each corner, and of each corner's lines
        self.corner_dir = tuple((2 * c + 1) * S // 8 for c in range(4))
        offsets = (-1, 0, 1) if lines_per_corner == 3 else (0,)
        self.corner_lines: tuple[tuple[tuple[int, str], ...], ...] = tuple(
            tuple(((self.corner_dir[c] + o) % S, CORNERS[c] + ("" if o == 0 else f"{o:+d}")) for o in offsets)
            for c in range(4)
        )

        def dot(r: int, s: int) -> int:
            return 0 if r == 0 else 1 + (r - 1) * S + s % S

        self.dot = dot
        # neighbours along drawn lines, and (over, beyond) hop pairs along the same line
        steps: list[list[int]] = [[] for _ in range(self.ndots)]
        hops: list[list[tuple[int, int]]] = [[] for _ in range(self.ndots)]
        for s in range(S):
            steps[0].append(dot(1, s))
            if rings >= 2:
                hops[0].append((dot(1, s), dot(2, s)))
        for r in range(1, rings + 1):
            for s in range(S):
                i = dot(r, s)
                # inward (through the hub, a spoke continues on the opposite side)
                steps[i].append(dot(r - 1, s))
                if r >= 3:
                    hops[i].append((dot(r - 1, s), dot(r - 2, s)))
                elif r == 2:
                    hops[i].append((dot(1, s), 0))
                else:
                    hops[i].append((0, dot(1, s + S // 2)))
                # outward
                if r < rings:
                    steps[i].append(dot(r + 1, s))
                    if r + 2 <= rings:
                        hops[i].append((dot(r + 1, s), dot(r + 2, s)))
                # around the ring
                for ds in (1, -1):
                    steps[i].append(dot(r, s + ds))
                    hops[i].append((dot(r, s + ds), dot(r, s + 2 * ds)))
                if diagonal:  # variant: hops along the diagonals of the grid
                    for dr in (1, -1):
                        for ds in (1, -1):
                            if 1 <= r + 2 * dr <= rings:
                                hops[i].append((dot(r + dr, s + ds), dot(r + 2 * dr, s + 2 * ds)))
        self.steps = tuple(tuple(x) for x in steps)
        self.hops = tuple(tuple(x) for x in hops)
        self.outer = tuple(dot(rings, s) for s in range(S))
        # shortest step distance (ignoring other eagles) from each dot to landing on corner t
        # with the disc at theta: landing itself counts as one step.
        self.dist: list[list[tuple[int, ...]]] = []
        for c in range(4):
            per_theta = []
            for theta in range(S):
                d = [10**6] * self.ndots
                q: deque[int] = deque()
                for direction, _ in self.corner_lines[c]:
                    o = self.outer[(direction - theta) % S]
                    d[o] = 1
                    q.append(o)
                while q:
                    x = q.popleft()
                    for y in self.steps[x]:
                        if d[y] > d[x] + 1:
                            d[y] = d[x] + 1
                            q.append(y)
                per_theta.append(tuple(d))
            self.dist.append(per_theta)


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
            "a player with a legal move must move (else passing is allowed)",
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
            300,
            "safety stop: after this many rounds rank by eagles landed, then by distance to landing",
            min=1,
            max=100_000,
        ),
    )
    ACTION_TYPES = (Move, Roll, FirstPlayer)
    CONFORMANCE_VARIANTS = (
        {"players": 2, "eagles": 2},
        {"players": 3, "rings": 3, "spokes": 8},
        {"players": 2, "diagonal_jumps": True, "lines_per_corner": 1, "eagles": 3},
        {"players": 2, "forced_move": False, "eagles": 2, "max_rounds": 80, "green_turns": "clockwise"},
    )

    def _setup(self) -> None:
        o = self._options
        if o["start_rotation"] >= o["spokes"]:
            raise ValueError(
                f"option start_rotation={o['start_rotation']} is not allowed: use 0 to {o['spokes'] - 1}"
            )
        self.geo = _Geometry(o["rings"], o["spokes"], o["lines_per_corner"], o["diagonal_jumps"])
        g = self.geo
        self.rings, self.spokes, self.eagles, self.ndots = o["rings"], o["spokes"], o["eagles"], g.ndots
        self.seat_corner: tuple[int, ...] = SEATING[o["players"]]
        self.target_corner: tuple[int, ...] = tuple((c + 2) % 4 for c in self.seat_corner)
        # who owns each corner (-1: empty in a 3-player game)
        owner = [-1] * 4
        for seat, c in enumerate(self.seat_corner):
            owner[c] = seat
        self.corner_owner = tuple(owner)
        # the seat whose home pad is my target (its unlaunched eagles fill the shared circles)
        self.target_owner = tuple(owner[t] for t in self.target_corner)
        sign = 1 if o["green_turns"] == "counterclockwise" else -1
        self._rolls = tuple(
            (Roll(n, c), 0 if n == 3 else (sign * n if c == "green" else -sign * n)) for n, c in FACES
        )
        self._roll_delta = {r: d for r, d in self._rolls}
        self._roll_outcomes = [(r, 1 / 6) for r, _ in self._rolls]
        # cached action objects: moves are values, so the same object can serve every state
        S, R = g.S, g.R
        self._step_moves = {
            (seat, a, b): Move(seat, "step", (g.rs[a], g.rs[b]), "")
            for seat in range(o["players"])
            for a in range(g.ndots)
            for b in g.steps[a]
        }
        self._launch_moves = {
            (seat, direction, s): Move(seat, "launch", ((PAD, self.seat_corner[seat]), (R, s)), label)
            for seat in range(o["players"])
            for direction, label in g.corner_lines[self.seat_corner[seat]]
            for s in range(S)
        }
        self._land_moves = {
            (seat, s, direction): Move(seat, "land", ((R, s), (PAD, self.target_corner[seat])), label)
            for seat in range(o["players"])
            for direction, label in g.corner_lines[self.target_corner[seat]]
            for s in range(S)
        }
        self._pass = tuple(Move(seat, "pass", (), "") for seat in range(o["players"]))
        self._first = [(FirstPlayer(s), 1 / o["players"]) for s in range(o["players"])]
        # distance tables per seat: dist[seat][theta][dot], and the distance from the home pad
        self.seat_dist = tuple(g.dist[t] for t in self.target_corner)
        self.home_dist = tuple(
            tuple(
                1
                + min(
                    g.dist[self.target_corner[seat]][th][g.outer[(d - th) % S]]
                    for d, _ in g.corner_lines[self.seat_corner[seat]]
                )
                for th in range(S)
            )
            for seat in range(o["players"])
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
        st.end = 0
        return st

    def position(
        self,
        disc: dict[int, list[str]] | None = None,
        home: tuple[int, ...] | None = None,
        landed: tuple[int, ...] | None = None,
        theta: int = 0,
        to_move: int = 0,
        first: int = 0,
        turn: int = 0,
        round: int = 0,
        **fields: Any,
    ) -> Space1999State:
        """Build a position from a compact description, e.g. ``disc={0: ["r4s2", "hub"]}``.

        Eagles not on the disc and not landed are on their home pad unless ``home`` says otherwise.
        """
        n = self.num_players
        disc = disc or {}
        board = [0] * self.ndots
        pos: list[tuple[int, ...]] = []
        for seat in range(n):
            dots = []
            for name in disc.get(seat, []):
                i = self._parse_dot(name)
                if board[i]:
                    raise ValueError(f"two eagles on {name}")
                board[i] = seat + 1
                dots.append(i)
            pos.append(tuple(sorted(dots)))
        landed_t = tuple(landed) if landed is not None else (0,) * n
        home_t = (
            tuple(home)
            if home is not None
            else tuple(self.eagles - len(pos[s]) - landed_t[s] for s in range(n))
        )
        for seat in range(n):
            if home_t[seat] + len(pos[seat]) + landed_t[seat] != self.eagles or home_t[seat] < 0:
                raise ValueError(
                    f"{COLOURS[seat]} must have {self.eagles} eagles in all (pad + disc + landed)"
                )
        st = self.new_state()
        st.theta, st.board, st.pos, st.home, st.landed = (
            theta % self.spokes,
            tuple(board),
            tuple(pos),
            home_t,
            landed_t,
        )
        st.to_move, st.first, st.turn, st.round = to_move, first, turn, round
        if fields:  # any other state field by its name (jumps, end), through the generic builder
            return cast(Space1999State, super().position(**{**st.snapshot(), **fields}))
        return st

    def _parse_dot(self, name: str) -> int:
        """Disc index of a dot named ``hub`` or ``r<ring>s<spoke>``."""
        if name == "hub":
            return 0
        try:
            if name[:1] != "r":  # "x4s2" must not pass for r4s2
                raise ValueError(name)
            r_text, s_text = name[1:].split("s")
            return self.geo.index[(int(r_text), int(s_text))]
        except (ValueError, KeyError):
            raise ValueError(
                f"no dot {name!r}: use 'hub' or 'r<ring>s<spoke>' with ring 1..{self.rings}, "
                f"spoke 0..{self.spokes - 1}"
            ) from None

    def seat_name(self, seat: int) -> str:
        """The seat's colour."""
        return COLOURS[seat]

    # geometry helpers for front-ends ----------------------------------------------------------

    def dot_index(self, r: int, s: int) -> int:
        """Index of disc dot (ring, spoke); the hub is (0, 0) -> 0."""
        return self.geo.index[(r, s % self.spokes if r else 0)]

    def dot_rs(self, i: int) -> tuple[int, int]:
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


class Space1999State(State):
    """A position of Space: 1999."""

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
    theta: int
    board: tuple[int, ...]  # per dot: 0 vacant, seat + 1 occupied
    pos: tuple[tuple[int, ...], ...]  # per seat: sorted dot indices of its eagles on the disc
    home: tuple[int, ...]  # per seat: eagles still on the home pad
    landed: tuple[int, ...]  # per seat: eagles landed on the target planet
    to_move: int  # seat, CHANCE or TERMINAL
    first: int  # seat that won the roll-off (-1 before it)
    turn: int  # turns taken in this round
    round: int  # rounds completed (die rolls)
    jumps: tuple[int, ...]  # per seat: hops made
    end: int  # 0 playing, 1 all landed, 2 max rounds

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
        return (None, End1999.ALL_LANDED, End1999.MAX_ROUNDS)[self.end]

    # --- legal moves ---------------------------------------------------------------------------

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        return list(self.game._first if self.first < 0 else self.game._roll_outcomes)

    def _legal_actions(self) -> list[Any]:
        if self.to_move == CHANCE:
            return [a for a, _ in self._chance_outcomes()]
        return self._moves(self.to_move)

    def _moves(self, seat: int) -> list[Any]:
        g = self.game
        geo = g.geo
        board = self.board
        S, theta = geo.S, self.theta
        out: list[Any] = []
        if self.home[seat]:
            # rulebook "launch one of your eagles into space along a line from your launching pad"
            for direction, _ in geo.corner_lines[g.seat_corner[seat]]:
                s = (direction - theta) % S
                o = geo.outer[s]
                if not board[o]:
                    out.append(g._launch_moves[(seat, direction, s)])
                else:
                    inner = geo.dot(geo.R - 1, s)
                    if not board[inner]:
                        start = (PAD, g.seat_corner[seat])
                        lab = g._launch_moves[(seat, direction, s)].line
                        out.append(Move(seat, "launch", (start, geo.rs[inner]), lab))
                        for path in self._chains(inner, {inner}, exclude=set(), left=-1):
                            out.append(Move(seat, "launch", (start, geo.rs[inner], *path), lab))
        target = g.target_corner[seat]
        owner = g.target_owner[seat]
        free = g.eagles - self.landed[seat] - (self.home[owner] if owner >= 0 else 0)
        for a in self.pos[seat]:
            stepped = set()
            for b in geo.steps[a]:
                if not board[b]:
                    out.append(g._step_moves[(seat, a, b)])
                    stepped.add(b)
            for path in self._chains(a, {a}, exclude=stepped, left=a):
                out.append(Move(seat, "jump", (geo.rs[a], *path), ""))
            if free > 0 and a >= geo.ndots - S:  # outer ring: may follow a target line onto the planet
                s = a - (geo.ndots - S)
                d = (s + theta) % S
                for direction, _ in geo.corner_lines[target]:
                    if direction == d:
                        out.append(g._land_moves[(seat, s, direction)])
        if not out or not g._options["forced_move"]:
            out.append(g._pass[seat])
        return out

    def _chains(
        self, start: int, seen: set[int], exclude: set[int], left: int
    ) -> list[tuple[tuple[int, int], ...]]:
        """Shortest hop chains from ``start`` to every dot they reach (breadth first, no revisits).

        ``left`` is the dot the moving eagle has just left (-1 for a launch): it still reads as
        occupied on the board but is empty now, so no hop may go over it.
        """
        geo = self.game.geo
        board = self.board
        hops = geo.hops
        rs = geo.rs
        found: list[tuple[tuple[int, int], ...]] = []
        frontier: list[tuple[int, tuple[tuple[int, int], ...]]] = [(start, ())]
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
        new = cast(Space1999State, self._blank())
        n = g.num_players
        new.theta, new.board, new.pos, new.home, new.landed = (
            self.theta,
            self.board,
            self.pos,
            self.home,
            self.landed,
        )
        new.first, new.turn, new.round, new.jumps, new.end = self.first, self.turn, self.round, self.jumps, 0
        if self.to_move == CHANCE:
            if type(action) is FirstPlayer:
                new.first = action.seat
                new.to_move = action.seat
                return new
            # end of round: turn the disc; eagles on the disc turn with it (they keep disc coordinates)
            new.theta = (self.theta + g._roll_delta[action]) % g.spokes
            new.round = self.round + 1
            new.turn = 0
            new.to_move = self.first
            return new
        seat = action.seat
        kind = action.kind
        if kind != "pass":
            index = g.geo.index
            path = action.path
            board = list(self.board)
            mine = list(self.pos[seat])
            if kind == "launch":
                home = list(self.home)
                home[seat] -= 1
                new.home = tuple(home)
            else:
                a = index[path[0]]
                board[a] = 0
                mine.remove(a)
            if kind == "land":
                landed = list(self.landed)
                landed[seat] += 1
                new.landed = tuple(landed)
            else:
                b = index[path[-1]]
                board[b] = seat + 1
                mine.append(b)
                mine.sort()
                hopped = len(path) - 2 if kind == "launch" else (len(path) - 1 if kind == "jump" else 0)
                if hopped:
                    jumps = list(self.jumps)
                    jumps[seat] += hopped
                    new.jumps = tuple(jumps)
            new.board = tuple(board)
            pos = list(self.pos)
            pos[seat] = tuple(mine)
            new.pos = tuple(pos)
            if new.landed[seat] == g.eagles:  # "the first commander to land all eagles wins"
                new.end = 1
                new.to_move = TERMINAL
                return new
        turn = self.turn + 1
        new.turn = turn
        if turn == n:  # every player has had a turn: the round ends with a die roll
            if self.round + 1 >= g._options["max_rounds"]:
                new.round = self.round + 1
                new.end = 2
                new.to_move = TERMINAL
            else:
                new.to_move = CHANCE
        else:
            new.to_move = (seat + 1) % n
        return new

    # --- results -------------------------------------------------------------------------------

    def _key(self, seat: int) -> tuple[int, int]:
        return (self.landed[seat], -self.game.distance(self, seat))

    def winners(self) -> tuple[int, ...]:
        """The winning seat, or the best-ranked seats when max_rounds stopped the game."""
        if self.end == 0:
            return ()
        if self.end == 1:
            return (next(s for s in range(self.game.num_players) if self.landed[s] == self.game.eagles),)
        best = max(self._key(s) for s in range(self.game.num_players))
        return tuple(s for s in range(self.game.num_players) if self._key(s) == best)

    def returns(self) -> tuple[float, ...]:
        """1.0 for each winner, 0.0 for the others."""
        win = self.winners()
        return tuple(1.0 if s in win else 0.0 for s in range(self.game.num_players))

    def ranks(self) -> tuple[int, ...]:
        """Winner(s) first, then by eagles landed and distance to landing (ties share a place)."""
        n = self.game.num_players
        win = set(self.winners())
        keys = [(s in win, *self._key(s)) for s in range(n)]
        return tuple(1 + sum(1 for k in keys if k > keys[s]) for s in range(n))

    def seat_stats(self) -> list[dict[str, float]]:
        """Eagles landed, hops made and remaining distance, per seat."""
        return [
            {"eagles_landed": self.landed[s], "jumps": self.jumps[s], "distance": self.game.distance(self, s)}
            for s in range(self.game.num_players)
        ]

    def game_stats(self) -> dict[str, float]:
        """Total hops made."""
        return {"total_jumps": sum(self.jumps)}

    # --- views ---------------------------------------------------------------------------------

    def _view(self, seat: int) -> dict[str, Any]:
        # Space: 1999 has no hidden information: every seat sees everything.
        g = self.game
        return {
            "game": g.id,
            "round": self.round,
            "rotation": self.theta,
            "to_move": self.to_move,
            "first": self.first,
            "you": seat,
            "seats": [
                {
                    "colour": COLOURS[s],
                    "home": CORNERS[g.seat_corner[s]],
                    "target": CORNERS[g.target_corner[s]],
                    "on_pad": self.home[s],
                    "on_disc": [dot_name(g.geo.rs[d]) for d in self.pos[s]],
                    "landed": self.landed[s],
                }
                for s in range(g.num_players)
            ],
        }

    def __str__(self) -> str:
        g = self.game
        geo = g.geo
        S = geo.S
        if self.to_move == TERMINAL:
            who = "game over: " + ", ".join(COLOURS[w] for w in self.winners()) + " won"
        elif self.to_move == CHANCE:
            who = "roll-off to come" if self.first < 0 else "die roll to turn the disc"
        else:
            who = f"{COLOURS[self.to_move]} to move"
        lines = [f"Space: 1999, round {self.round + 1}, disc turned {self.theta} marks; {who}"]
        for s in range(g.num_players):
            lines.append(
                f"  {COLOURS[s]:6} {CORNERS[g.seat_corner[s]]} -> {CORNERS[g.target_corner[s]]}: "
                f"pad {self.home[s]}, landed {self.landed[s]}, on disc "
                + (" ".join(dot_name(geo.rs[d]) for d in self.pos[s]) or "-")
            )
        # the disc as seen on the table: one row per ring, columns are board directions (east = 0)
        letters = "." + "".join(c[0].upper() for c in COLOURS)
        corners = ", ".join(f"{CORNERS[c]} at {geo.corner_dir[c]}" for c in range(4))
        lines.append(f"  disc by board direction 0..{S - 1} (east = 0, counter-clockwise; {corners})")
        for r in range(geo.R, 0, -1):
            row = [letters[self.board[geo.dot(r, d - self.theta)]] for d in range(S)]
            lines.append(f"  r{r}   " + " ".join(row))
        lines.append(f"  hub  {letters[self.board[0]]}")
        return "\n".join(lines)


Space1999.STATE = Space1999State
