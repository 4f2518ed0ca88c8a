"""Space: 1999 board model: names, seating and the precomputed geometry of one disc.

The board model, as docs/rules/space-1999.md describes it for players; every size is an option:

* the disc is a polar grid: a hub (dot 0) and ``rings`` rings of ``spokes`` dots each. Dot ``(r, s)``
  is ring ``r`` (1 = innermost) on spoke ``s``, counted in *disc* coordinates, so a dot keeps its
  name when the disc turns. Dots are numbered ``1 + (r - 1) * spokes + s`` (the hub is 0);
* drawn lines: the spokes (which run on through the hub to the opposite spoke) and the rings;
* the disc is turned ``theta`` marks counter-clockwise: spoke ``s`` points at board direction
  ``(s + theta) % spokes``, direction 0 being east;
* four fixed corner planets, NE, NW, SW and SE, at directions ``spokes/8 * (1, 3, 5, 7)``, each with
  one or three launch/landing lines pointing at directions ``d_c - 1, d_c, d_c + 1``.

Locations in actions are ``(ring, spoke)`` pairs: ``(0, 0)`` is the hub and ``(PAD, corner)`` a
corner planet's pad. The tables here are pure data, built once per game (``Space1999.geo``).
"""

from __future__ import annotations

from collections import deque
from typing import Final, TypeAlias

__all__ = ["COLOURS", "CORNERS", "HUB", "PAD", "SEATING", "Geometry", "Loc", "dot_name"]

#: a location in an action: ``(ring, spoke)``; ``(0, 0)`` is the hub, ``(PAD, corner)`` a pad
Loc: TypeAlias = tuple[int, int]

#: corner names, indexed by corner number (counter-clockwise from north-east)
CORNERS: Final = ("NE", "NW", "SW", "SE")
#: seat colours, in seat order (red is the only colour the rulebook names)
COLOURS: Final = ("red", "blue", "green", "yellow")
#: corners used by each player count, in clockwise seat order (2 players sit opposite)
SEATING: Final = {2: (0, 2), 3: (0, 3, 2), 4: (0, 3, 2, 1)}
#: first element of a pad location ``(PAD, corner)``
PAD: Final = -1
#: the hub's location
HUB: Final = (0, 0)
#: distance of a dot from which no landing can be reached (never happens on a connected disc)
FAR: Final = 10**6


def dot_name(loc: Loc) -> str:
    """Readable name of a location: ``hub``, ``r3s12`` or a pad ``NE pad``."""
    r, s = loc
    if r == PAD:
        return f"{CORNERS[s]} pad"
    if r == 0:
        return "hub"
    return f"r{r}s{s}"


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

    def is_outer(self, i: int) -> bool:
        """True for a dot of the outer ring (the only dots that touch the corner lines)."""
        return i >= self.ndots - self.S
