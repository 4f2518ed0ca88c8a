"""Space: 1999 tables: the geometry of one disc and everything a game computes once from its options.

The board model, as docs/rules/space-1999.md describes it for players; every size is an option:

* the disc is a polar grid: a hub (dot 0) and ``rings`` rings of ``spokes`` dots each. Dot ``(r, s)``
  is ring ``r`` (1 = innermost) on spoke ``s``, counted in *disc* coordinates, so a dot keeps its
  name when the disc turns. Dots are numbered ``1 + (r - 1) * spokes + s`` (the hub is 0);
* drawn lines: the spokes (which run on through the hub to the opposite spoke) and the rings;
* the disc is turned ``theta`` marks counter-clockwise: spoke ``s`` points at board direction
  ``(s + theta) % spokes``, direction 0 being east;
* four fixed corner planets, NE, NW, SW and SE, at directions ``spokes/8 * (1, 3, 5, 7)``, each with
  one or three launch/landing lines pointing at directions ``d_c - 1, d_c, d_c + 1``.

:class:`Geometry` holds the pure data of one board; :class:`Tables` (``Game1999.tables``) the
rest: the option values, the seating, the die's turns, the distance tables, and the action objects
that recur (steps, plain launches, landings, passes), built once per game and shared by every
state, so that the legal lists are made of the same objects (``State.resolve`` matches a bot's
answer by identity). Only jump chains are built on demand (a memo of them was measured slower).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any, Final

from isslab.games.space_1999.actions import DieColour, FirstPlayer, Move, MoveKind, Roll
from isslab.games.space_1999.components import CORNERS, HUB, PAD, SEATING, Loc

__all__ = ["FAR", "Geometry", "Tables", "line_label"]

#: distance of a dot from which no landing can be reached (never happens on a connected disc)
FAR: Final = 10**6


def line_label(corner: int, offset: int) -> str:
    """Name of a corner's line: ``NE`` for the middle one, ``NE-1`` and ``NE+1`` beside it."""
    return CORNERS[corner] + ("" if offset == 0 else f"{offset:+d}")


class Geometry:
    """Precomputed tables for one (rings, spokes, lines, diagonal) board; built once per game.

    Attributes (dot indices throughout): ``rs[i]`` the (ring, spoke) of dot ``i`` and ``index`` the
    reverse map; ``steps[i]`` the dots one drawn line away; ``hops[i]`` the (over, beyond) pairs of a
    jump along one line; ``outer[s]`` the outer-ring dot of spoke ``s``; ``corner_dir[c]`` and
    ``corner_lines[c]`` (direction, label) per corner; ``dist[c][theta][i]`` the fewest steps from
    dot ``i`` to landing on corner ``c`` with the disc at ``theta`` (the landing counts one).
    """

    def __init__(self, rings: int, spokes: int, lines_per_corner: int, diagonal: bool) -> None:
        self.R, self.S = rings, spokes
        self.ndots = 1 + rings * spokes
        self.rs: list[Loc] = [HUB] + [(r, s) for r in range(1, rings + 1) for s in range(spokes)]
        self.index: dict[Loc, int] = {rs: i for i, rs in enumerate(self.rs)}
        S = spokes
        # board direction (in marks) of each corner, and of each corner's lines
        self.corner_dir = tuple((2 * c + 1) * S // 8 for c in range(4))
        offsets = (-1, 0, 1) if lines_per_corner == 3 else (0,)
        self.corner_lines: tuple[tuple[tuple[int, str], ...], ...] = tuple(
            tuple(((self.corner_dir[c] + o) % S, line_label(c, o)) for o in offsets) for c in range(4)
        )
        self.steps, self.hops = self._lines(diagonal)
        self.outer = tuple(self.dot(rings, s) for s in range(S))
        self.dist = tuple(tuple(self._distances(c, theta) for theta in range(S)) for c in range(4))

    def dot(self, r: int, s: int) -> int:
        """Index of dot (ring, spoke); ring 0 is the hub, spokes wrap around."""
        return 0 if r == 0 else 1 + (r - 1) * self.S + s % self.S

    def _lines(
        self, diagonal: bool
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, int], ...], ...]]:
        """Neighbours along drawn lines, and (over, beyond) hop pairs along the same line."""
        R, S, dot = self.R, self.S, self.dot
        steps: list[list[int]] = [[] for _ in range(self.ndots)]
        hops: list[list[tuple[int, int]]] = [[] for _ in range(self.ndots)]
        for s in range(S):
            steps[0].append(dot(1, s))
            if R >= 2:
                hops[0].append((dot(1, s), dot(2, s)))
        for r in range(1, R + 1):
            for s in range(S):
                i = dot(r, s)
                # steps outward, round the ring, then inward (the order of the legal moves)
                if r < R:
                    steps[i].append(dot(r + 1, s))
                steps[i] += [dot(r, s + 1), dot(r, s - 1), dot(r - 1, s)]
                # hops inward; through the hub a spoke continues on the opposite side
                if r >= 3:
                    hops[i].append((dot(r - 1, s), dot(r - 2, s)))
                elif r == 2:
                    hops[i].append((dot(1, s), 0))
                else:
                    hops[i].append((0, dot(1, s + S // 2)))
                # outward
                if r + 2 <= R:
                    hops[i].append((dot(r + 1, s), dot(r + 2, s)))
                # around the ring
                for ds in (1, -1):
                    hops[i].append((dot(r, s + ds), dot(r, s + 2 * ds)))
                if diagonal:  # variant: hops along the diagonals of the grid
                    for dr in (1, -1):
                        for ds in (1, -1):
                            if 1 <= r + 2 * dr <= R:
                                hops[i].append((dot(r + dr, s + ds), dot(r + 2 * dr, s + 2 * ds)))
        return tuple(tuple(x) for x in steps), tuple(tuple(x) for x in hops)

    def _distances(self, corner: int, theta: int) -> tuple[int, ...]:
        """Fewest steps (other eagles ignored) from every dot to landing on ``corner`` at ``theta``."""
        d = [FAR] * self.ndots
        q: deque[int] = deque()
        for direction, _ in self.corner_lines[corner]:
            o = self.outer[(direction - theta) % self.S]
            d[o] = 1
            q.append(o)
        while q:
            x = q.popleft()
            for y in self.steps[x]:
                if d[y] > d[x] + 1:
                    d[y] = d[x] + 1
                    q.append(y)
        return tuple(d)

    def spoke_at(self, direction: int, theta: int) -> int:
        """The disc spoke pointing at board ``direction`` when the disc is turned ``theta`` marks."""
        return (direction - theta) % self.S


class Tables:
    """Everything a Space: 1999 game precomputes from its options (see the module)."""

    def __init__(self, o: Mapping[str, Any]) -> None:
        if o["start_rotation"] >= o["spokes"]:
            raise ValueError(
                f"option start_rotation={o['start_rotation']} is not allowed: use 0 to {o['spokes'] - 1}"
            )
        self.geo = g = Geometry(o["rings"], o["spokes"], o["lines_per_corner"], o["diagonal_jumps"])
        self.n: int = o["players"]
        self.rings: int = o["rings"]
        self.spokes: int = o["spokes"]
        self.eagles: int = o["eagles"]
        self.ndots = g.ndots
        #: the first dot of the outer ring (the only ring that touches the corner lines)
        self.first_outer = g.ndots - g.S
        self.forced_move: bool = o["forced_move"]
        self.forced_launch: bool = o["forced_launch"]
        self.max_rounds: int = o["max_rounds"]
        self.start_rotation: int = o["start_rotation"]
        n = self.n
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
        self.rolls = tuple(
            (r, 0 if r.number == 3 else (sign if r.colour is DieColour.GREEN else -sign) * r.number)
            for r in rolls
        )
        # keyed by plain (number, colour) tuples: C-level hashing on the hot path
        self.roll_delta = {(r.number, str(r.colour)): d for r, d in self.rolls}
        self.roll_outcomes = [(r, 1 / 6) for r in rolls]
        self.first_outcomes = [(FirstPlayer(s), 1 / n) for s in range(n)]
        self._moves()
        # distance tables per seat: dist[seat][theta][dot], and the distance from the home pad
        self.seat_dist = tuple(g.dist[t] for t in self.target_corner)
        self.home_dist = tuple(
            tuple(
                1
                + min(
                    g.dist[self.target_corner[seat]][th][g.outer[g.spoke_at(d, th)]]
                    for d, _ in g.corner_lines[self.seat_corner[seat]]
                )
                for th in range(g.S)
            )
            for seat in range(n)
        )

    def _moves(self) -> None:
        """Action objects that recur, built once: moves are values, so every state can share them."""
        g, n = self.geo, self.n
        R, S, rs, dots = g.R, g.S, g.rs, range(g.ndots)
        step, launch, land = MoveKind.STEP, MoveKind.LAUNCH, MoveKind.LAND
        # ``step_moves[seat][a]``: (b, the step a -> b) for every dot b one line away from a, in the
        # order of ``geo.steps`` (a tuple per dot: no key to build and hash for each candidate step)
        self.step_moves = tuple(
            tuple(tuple((b, Move(seat, step, (rs[a], rs[b]), "")) for b in g.steps[a]) for a in dots)
            for seat in range(n)
        )
        # (seat, direction, spoke) -> the launch onto the outer dot, and the launch over it
        self.launch_moves = {
            (seat, d, s): Move(seat, launch, ((PAD, self.seat_corner[seat]), (R, s)), label)
            for seat in range(n)
            for d, label in g.corner_lines[self.seat_corner[seat]]
            for s in range(S)
        }
        self.launch_jumps = {
            (seat, d, s): Move(seat, launch, ((PAD, self.seat_corner[seat]), (R - 1, s)), label, 1)
            for seat in range(n)
            for d, label in g.corner_lines[self.seat_corner[seat]]
            for s in range(S)
        }
        self.land_moves = {
            (seat, s, d): Move(seat, land, ((R, s), (PAD, self.target_corner[seat])), label)
            for seat in range(n)
            for d, label in g.corner_lines[self.target_corner[seat]]
            for s in range(S)
        }
        self.pass_moves = tuple(Move(seat, MoveKind.PASS, (), "") for seat in range(n))
        # board directions of each seat's target lines
        self.target_dirs = tuple(
            frozenset(d for d, _ in g.corner_lines[self.target_corner[seat]]) for seat in range(n)
        )
