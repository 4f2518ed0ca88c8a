"""The Space: 1999 board: a rotating polar-grid disc between four corner planets.

Geometry follows the components file (B2): disc dot ``(r, s)`` sits on ring ``r`` at board direction
``(s + theta) % spokes`` (direction 0 = east, counter-clockwise); each corner planet has a pad of
``eagles`` circles and fixed launch lines toward the disc edge. The fixed board is the background
layer, the disc (it turns with every roll) the board layer, eagles and highlights the pieces layer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import Any

from isslab import CHANCE, TERMINAL, Action, Game, State
from isslab.games.space_1999 import Game1999, Move, Roll, State1999
from isslab.games.space_1999.view import dot_words
from isslab_widgets.boards import Board, Click, SelectThenMove, Viewers, action_text
from isslab_widgets.scene import Circle, Line, Polygon, Rect, Region, Scene, Shape, Text

__all__ = ["BOARD", "Board1999"]

_EMPTY_PAD = "#b8bcc4"
_SPACE = "#0b1d3a"
_GRID = "#5877ad"
_DOT = "#a9bde0"
_RIM = "#cfd4dc"
_MOVABLE = "#ffd54a"
_TARGET = "#39ff14"
_SELECT = "#ffffff"

SIZE = 600
#: the region of the pass button (shown when passing is legal)
PASS_KEY = ("pass",)
_C = SIZE / 2
_R_RIM = 212.0  # outer radius of the disc's rim band (spoke numbers are written on it)
_R_OUTER = 186.0  # radius of the outermost ring of dots
_PAD_DIST = 318.0  # distance of a pad's centre from the board centre (along the diagonal)
_PAD_R = 48.0  # click radius of a pad
_EAGLE_R = 9.5


def _xy(radius: float, direction: float, spokes: int) -> tuple[float, float]:
    """Screen point at ``radius`` from the centre toward board direction ``direction`` (marks)."""
    a = 2 * math.pi * direction / spokes
    return (_C + radius * math.cos(a), _C - radius * math.sin(a))


class Board1999(SelectThenMove):
    """Scenes and clicks for Space: 1999 (any rings, spokes, eagles and player count).

    Clicks are select-then-move (:class:`~isslab_widgets.boards.SelectThenMove`): an eagle or the
    home pad, then a highlighted dot or the target pad.
    """

    nothing_here = "no dot or pad there: click on an eagle or a dot"

    def __init__(self, game: Game) -> None:
        if not isinstance(game, Game1999):
            raise TypeError(f"the Space: 1999 board draws Space: 1999 games, not {game!r}")
        self.game: Game1999 = game
        self.R: int = game.rings
        self.S: int = game.spokes
        self.E: int = game.eagles
        self.n: int = game.num_players
        self.ring_gap = _R_OUTER / self.R
        self._locs = [game.dot_rs(i) for i in range(game.ndots)]
        self._background = self._build_background()
        self._disc = lru_cache(maxsize=None)(self._build_disc)

    # --- geometry ------------------------------------------------------------------------------

    def pad_centre(self, corner: int) -> tuple[float, float]:
        """Screen centre of a corner's pad."""
        d = self.game.corner_direction(corner)
        return _xy(_PAD_DIST, d, self.S)

    def pad_circles(self, corner: int) -> list[tuple[float, float]]:
        """Screen centres of a pad's circles (a small ring around the pad centre)."""
        cx, cy = self.pad_centre(corner)
        if self.E == 1:
            return [(cx, cy)]
        rr = 15.0 + 3.0 * self.E
        return [
            (
                cx + rr * math.cos(math.pi / 2 + 2 * math.pi * k / self.E),
                cy - rr * math.sin(math.pi / 2 + 2 * math.pi * k / self.E),
            )
            for k in range(self.E)
        ]

    def point(self, loc: tuple[int, int], theta: float) -> tuple[float, float]:
        """Screen position of an engine location (a disc dot, the hub, or a pad) at rotation ``theta``."""
        r, s = loc
        if r < 0:
            return self.pad_centre(s)
        if r == 0:
            return (_C, _C)
        return _xy(self.ring_gap * r, s + theta, self.S)

    def _colour(self, seat: int) -> str:
        return self.game.info.seat_colours[seat]

    # --- layers --------------------------------------------------------------------------------

    def _build_background(self) -> tuple[Shape, ...]:
        """The fixed board: frame, launch lines, pads, arrows and the white lines between them."""
        g = self.game
        S = self.S
        out: list[Shape] = [
            Polygon(((4, 4), (SIZE - 4, 4), (SIZE - 4, SIZE - 4), (4, SIZE - 4)), fill="#1c2a44")
        ]
        owner = {g.seat_corner[s]: s for s in range(self.n)}
        targeter = {g.target_corner[s]: s for s in range(self.n)}
        for c in range(4):
            pc = self.pad_centre(c)
            for direction, label in g.corner_lines(c):
                rim = _xy(_R_RIM + 2, direction, S)
                out.append(Line((pc, rim), stroke="#e8e8e8", width=2.0))
                # the line's name, as move texts write it ("via line NE+1"), near the disc's edge
                lx, ly = rim[0] + (pc[0] - rim[0]) * 0.3, rim[1] + (pc[1] - rim[1]) * 0.3
                out.append(Rect(lx - 17, ly - 7, 34, 14, fill="#1c2a44"))
                out.append(Text(lx, ly, label, size=10, fill="#ffe38a"))
        for c in range(4):
            cx, cy = self.pad_centre(c)
            out.append(Circle(cx, cy, _PAD_R - 4, fill="#2d3d5c", stroke="#8ea0c0", width=1.5))
            home = self._colour(owner[c]) if c in owner else _EMPTY_PAD
            dot = self._colour(targeter[c]) if c in targeter else _EMPTY_PAD
            for x, y in self.pad_circles(c):
                out.append(Circle(x, y, _EAGLE_R + 3, fill=home))
                out.append(Circle(x, y, _EAGLE_R - 1, fill="#f4f4f4"))
                out.append(Circle(x, y, 3.5, fill=dot))
            name = ("NE", "NW", "SW", "SE")[c]
            ty = cy + (_PAD_R + 8) * (1 if cy > _C else -1)
            label = name if c not in owner else f"{name} · {g.seat_name(owner[c])}"
            out.append(Text(cx, ty, label, size=11, fill="#dfe6f2"))
        # red and green arrows on each side, a white line between them (rulebook "The Board")
        for side in range(4):
            d = side * S / 4
            out.append(Line((_xy(_R_RIM + 2, d, S), _xy(_R_RIM + 24, d, S)), stroke="#ffffff", width=3.0))
            for colour, sign in (("#2ca02c", 1), ("#d62728", -1)):
                tip = _xy(_R_RIM + 15, d + sign * 0.95 * S / 16, S)
                base_a = _xy(_R_RIM + 9, d + sign * 0.35 * S / 16, S)
                base_b = _xy(_R_RIM + 21, d + sign * 0.35 * S / 16, S)
                out.append(Polygon((tip, base_a, base_b), fill=colour))
        return tuple(out)

    def _build_disc(self, theta: float) -> tuple[Shape, ...]:
        """The disc at rotation ``theta``: rim with edge marks and spoke numbers, rings, spokes, dots.

        The names in move texts (``r3s12``: ring 3, spoke 12) can be read off the disc: spoke
        numbers on the rim, ring numbers along spoke 0; both turn with the disc.
        """
        S, R = self.S, self.R
        out: list[Shape] = [
            Circle(_C, _C, _R_RIM, fill=_RIM),
            Circle(_C, _C, _R_RIM - 13, fill=_SPACE),
        ]
        for s in range(S):
            a, b = _xy(_R_RIM - 13, s + theta, S), _xy(_R_RIM - 10, s + theta, S)
            out.append(Line((a, b), stroke="#000000", width=3.0 if s else 5.0))
        # spoke 0's mark carries a small triangle so the turn of the disc is visible
        out.append(
            Polygon(
                (
                    _xy(_R_RIM - 13, theta, S),
                    _xy(_R_RIM - 25, theta - 0.18, S),
                    _xy(_R_RIM - 25, theta + 0.18, S),
                ),
                fill="#ffffff",
            )
        )
        for r in range(1, R + 1):
            out.append(Circle(_C, _C, self.ring_gap * r, stroke=_GRID, width=1.5))
        for s in range(S):
            out.append(Line(((_C, _C), _xy(_R_OUTER, s + theta, S)), stroke=_GRID, width=1.5))
        for r in range(1, R + 1):
            for s in range(S):
                x, y = _xy(self.ring_gap * r, s + theta, S)
                out.append(Circle(x, y, 3.5, fill=_DOT))
        out.append(Circle(_C, _C, 6.0, fill=_DOT))
        # names: "s<k>" on the rim for every spoke, "r<k>" beside spoke 0's dots
        for s in range(S):
            x, y = _xy(_R_RIM - 5, s + theta, S)
            out.append(Text(x, y, str(s), size=9 if S > 16 else 10, fill="#101828", bold=s == 0))
        for r in range(1, R + 1):
            x, y = _xy(self.ring_gap * (r - 0.5), theta, S)
            out.append(Text(x, y, f"r{r}", size=10, fill="#ffffff", bold=True))
        return tuple(out)

    def _eagle(self, x: float, y: float, seat: int) -> list[Shape]:
        col = self._colour(seat)
        return [
            Circle(x, y, _EAGLE_R, fill=col, stroke="#101010", width=1.5),
            Polygon(((x, y - 5.5), (x - 5, y + 4), (x, y + 1.5), (x + 5, y + 4)), fill="#ffffff", alpha=0.85),
        ]

    def _pieces(
        self,
        state: State1999,
        selected: Hashable | None,
        hints: bool,
        theta: float | None = None,
        skip: Move | None = None,
    ) -> tuple[list[Shape], list[Region]]:
        """Eagles, the last move, highlights and captions; ``theta`` and ``skip`` serve animations.

        ``theta`` draws the eagles on a disc turned that far (a roll in progress); ``skip`` leaves
        out the eagle that ``skip`` moves (it is drawn on its way by :meth:`frames`).
        """
        g = self.game
        theta = state.theta if theta is None else theta
        out: list[Shape] = []
        last, last_roll = _last_actions(state)
        if last is not None and last.kind != "pass" and skip is None:
            # the last move stays marked: its route, and a ring where the eagle arrived
            pts = tuple(self.point(p, theta) for p in last.path)
            colour = self._colour(last.seat)
            out.append(Line(pts, stroke=colour, width=4.0, alpha=0.55, dash=(7.0, 4.0)))
            end = (
                self.pad_circles(g.target_corner[last.seat])[self.E - state.landed[last.seat]]
                if (last.kind == "land")
                else pts[-1]
            )
            out.append(Circle(*end, _EAGLE_R + 5, stroke=colour, width=2.5))
        moving = skip.path[0] if skip is not None else None
        # eagles on pads: the owner's unlaunched ones first, then those landed by the targeting seat
        for seat in range(self.n):
            home_c, target_c = g.seat_corner[seat], g.target_corner[seat]
            circles = self.pad_circles(home_c)
            waiting = state.home[seat] - (1 if moving == (-1, home_c) and skip and skip.seat == seat else 0)
            for k in range(waiting):
                out += self._eagle(*circles[k], seat)
            circles = self.pad_circles(target_c)
            for k in range(state.landed[seat]):
                out += self._eagle(*circles[self.E - 1 - k], seat)
        for i, v in enumerate(state.board):
            if v and self._locs[i] != moving:
                out += self._eagle(*self.point(self._locs[i], theta), v - 1)
        cp = state.current_player
        if hints and cp >= 0:
            moves: list[Move] = [a for a in state.legal_actions() if isinstance(a, Move) and a.path]
            for key in {a.path[0] for a in moves}:
                x, y = self.point(key, theta)
                rad = _PAD_R - 6 if key[0] < 0 else _EAGLE_R + 3
                out.append(Circle(x, y, rad, stroke=_MOVABLE, width=2.0))
            if isinstance(selected, tuple) and len(selected) == 2:
                x, y = self.point(selected, theta)
                rad = _PAD_R - 3 if selected[0] < 0 else _EAGLE_R + 5
                out.append(Circle(x, y, rad, stroke=_SELECT, width=3.0))
                for a in moves:
                    if a.path[0] != selected:
                        continue
                    pts = tuple(self.point(p, theta) for p in a.path)
                    if len(pts) > 2:  # a multi-hop jump: show the route
                        out.append(Line(pts, stroke=_TARGET, width=2.0, dash=(5.0, 4.0)))
                    tx, ty = pts[-1]
                    if a.path[-1][0] < 0:  # landing: mark the pad
                        out.append(Circle(tx, ty, _PAD_R - 3, stroke=_TARGET, width=3.0))
                    out.append(Circle(tx, ty, 7.0, fill=_TARGET, stroke="#0a3d00", width=1.0))
        # caption: round, who is to move, the last die
        if cp == TERMINAL:  # the engine's words, so an unfinished game names no winner
            who = state.view(0)["status"]
        elif cp == CHANCE:
            who = "roll-off for the first player" if state.first < 0 else "die roll to turn the disc"
        else:
            who = f"{g.seat_name(cp)} to move"
        out.append(Text(_C, 16, f"round {state.round + 1} · {who}", size=14, fill="#ffffff", bold=True))
        roll_text = action_text(state, last_roll, ()) if last_roll is not None else None
        if roll_text is not None:
            out.append(Text(_C, SIZE - 16, roll_text, size=12, fill="#dfe6f2"))
        regions = [Region(loc, *self.point(loc, theta), 13.0, label=dot_words(loc)) for loc in self._locs]
        regions += [Region((-1, c), *self.pad_centre(c), _PAD_R, label=dot_words((-1, c))) for c in range(4)]
        if hints and cp >= 0 and any(isinstance(a, Move) and a.kind == "pass" for a in state.legal_actions()):
            # a pass is a decision too: a button for it, never an automatic skip
            out.append(Rect(132, 5, 64, 24, fill="#27476e", stroke="#ffffff", width=1.5))
            out.append(Text(164, 17, "pass", size=13, fill="#ffffff", bold=True))
            regions.append(Region(PASS_KEY, 164, 17, 16.0, label="pass"))
        return out, regions

    def scene(
        self, state: State, selected: Hashable | None = None, hints: bool = True, viewers: Viewers = ()
    ) -> Scene:
        """The board at ``state``; with ``hints``, movable eagles, the selection and its destinations.

        Space: 1999 hides nothing, so ``viewers`` changes nothing.
        """
        st = _own(state)
        pieces, regions = self._pieces(st, selected, hints)
        return Scene(
            SIZE,
            SIZE,
            {"background": self._background, "board": self._disc(st.theta), "pieces": tuple(pieces)},
            tuple(regions),
            title=f"Space: 1999, move {state.move_number}",
            background="#101828",
        )

    def frames(
        self, before: State, action: Action, after: State, viewers: tuple[int, ...] = ()
    ) -> list[Scene]:
        """Animation frames from ``before`` to ``after``: the eagle slides along its route, the disc turns."""
        b, a = _own(before), _own(after)
        count = 4
        if isinstance(action, Roll):
            delta = (a.theta - b.theta) % self.S
            if delta > self.S / 2:
                delta -= self.S
            if not delta:
                return []
            out = []
            for i in range(1, count + 1):
                th = b.theta + delta * i / (count + 1)
                pieces, regions = self._pieces(b, None, False, theta=th)
                out.append(self._frame(self._build_disc(th), pieces, regions, before))
            return out
        if not isinstance(action, Move) or not action.path or action.kind == "pass":
            return []
        pts = [self.point(p, b.theta) for p in action.path]
        if action.kind == "land":
            pts[-1] = self.pad_circles(self.game.target_corner[action.seat])[
                self.E - 1 - b.landed[action.seat]
            ]
        if action.kind == "launch":
            pts[0] = self.pad_circles(self.game.seat_corner[action.seat])[b.home[action.seat] - 1]
        legs = [math.dist(p, q) for p, q in zip(pts, pts[1:], strict=False)]
        total = sum(legs) or 1.0
        pieces, regions = self._pieces(b, None, False, skip=action)
        disc = self._disc(b.theta)
        out = []
        for i in range(1, count + 1):
            along = total * i / (count + 1)
            k = 0
            while k < len(legs) - 1 and along > legs[k]:
                along -= legs[k]
                k += 1
            f = min(1.0, along / legs[k]) if legs[k] else 1.0
            (x0, y0), (x1, y1) = pts[k], pts[k + 1]
            eagle = self._eagle(x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, action.seat)
            out.append(self._frame(disc, [*pieces, *eagle], regions, before))
        return out

    def _frame(
        self, disc: tuple[Shape, ...], pieces: list[Shape], regions: list[Region], state: State
    ) -> Scene:
        return Scene(
            SIZE,
            SIZE,
            {"background": self._background, "board": disc, "pieces": tuple(pieces)},
            tuple(regions),
            title=f"Space: 1999, move {state.move_number}",
            background="#101828",
        )

    def summary(self, state: State) -> list[str]:
        """The game-over panel's lead: how many eagles each seat landed, the winner first."""
        st = _own(state)
        g = self.game
        ranks = st.ranks()
        out = []
        for seat in sorted(range(self.n), key=lambda s: (ranks[s], s)):
            target = ("NE", "NW", "SW", "SE")[g.target_corner[seat]]
            out.append(f"{g.seat_name(seat)} landed {st.landed[seat]} of {self.E} eagles on the {target} pad")
        return out

    # --- clicks --------------------------------------------------------------------------------

    def click(self, state: State, selected: Hashable | None, key: Hashable | None) -> Click:
        """The pass button passes; any other click selects and moves (:class:`SelectThenMove`)."""
        if key == PASS_KEY:
            passes = [a for a in state.legal_actions() if isinstance(a, Move) and a.kind == "pass"]
            if passes:
                return Click(action=passes[0])
            return Click(selected=selected, message="not a legal click: you cannot pass now", ok=False)
        return super().click(state, selected, key)

    def origin(self, action: Action) -> Hashable | None:
        """Where a move starts: the eagle's dot, or the home pad for a launch; None for pass and chance."""
        return action.path[0] if isinstance(action, Move) and action.path else None

    def target(self, action: Action) -> Hashable | None:
        """Where a move ends: a dot, or the target pad for a landing."""
        return action.path[-1] if isinstance(action, Move) and action.path else None

    def place_name(self, key: Hashable) -> str:
        """A place as the board labels it: ``ring 3 spoke 12``, ``the hub``, ``the NE pad``, or ``pass``."""
        if key == PASS_KEY:
            return "pass"
        if isinstance(key, tuple) and len(key) == 2:
            return dot_words(key)
        return str(key)

    def format_value(self, field: str, value: Any) -> Any:
        """Per-seat fields in words: eagles' dots as the board labels them, counts as they are."""
        if field == "pos" and isinstance(value, list | tuple):
            return "; ".join(dot_words(self._locs[i]) for i in value) or "-"
        return None

    def field_label(self, field: str) -> str:
        """The inspector's heading for a per-seat field."""
        return {"pos": "eagles on the disc"}.get(field, field)


def _own(state: State) -> State1999:
    if not isinstance(state, State1999):
        raise TypeError(f"the Space: 1999 board draws Space: 1999 states, not {state!r}")
    return state


def _last_actions(state: State) -> tuple[Move | None, Roll | None]:
    """The last player move and the last die roll in the state's history (None when there is none)."""
    last: Move | None = None
    roll: Roll | None = None
    for a in reversed(state.history):
        if isinstance(a, Roll):
            roll = roll or a
        elif isinstance(a, Move):
            last = last or a
        if last is not None and roll is not None:
            break
    return last, roll


#: the board of this game package (found by ``isslab_widgets.boards.board_class``); the annotation
#: makes mypy check that the class satisfies the board protocol
BOARD: Callable[[Game], Board] = Board1999
