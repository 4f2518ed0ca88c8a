"""The 1969 board's picture: the mission tracks, prestige, the action bar and the nations' sheets.

See :mod:`isslab_widgets.boards.game_1969` for the layout; the words come from :mod:`.words`, what a
click means from :mod:`.clicks`.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from functools import cached_property
from typing import cast

from isslab import CHANCE, TERMINAL, Game, State

# the 1969 package re-exports every name a board needs (its modules may move)
from isslab.games.game_1969 import (
    BOX_LABELS,
    BOXES,
    KINDS,
    OVER,
    PHASE_TEXT,
    REROLL,
    REROLL_ROLL,
    ROLL,
    CardDraw,
    Commit,
    DiceRoll,
    Game1969,
    Hire,
    Launch,
    Reroll,
    State1969,
    cards_text,
)
from isslab_widgets.boards import Viewers, action_text
from isslab_widgets.boards.game_1969.clicks import Board1969Clicks
from isslab_widgets.boards.game_1969.words import _last_launcher
from isslab_widgets.boards.kit import fit, readable
from isslab_widgets.scene import Circle, Line, Polygon, Rect, Region, Scene, Shape, Text

#: scientist cube colours by kind (Components: white basic, blue rookie, green famous, red genius, black spy)
CUBE_COLOURS: dict[str, str] = {
    "basic": "#ffffff",
    "rookie": "#2f6fe0",
    "famous": "#2ca02c",
    "genius": "#d62728",
    "spy": "#111111",
}
_BG = "#f4f1e8"
_INK = "#1d1d1d"
_DIM = "#5c5c5c"
_TRACK = "#dfe6ef"
_MOON = "#e9e4d2"
_HINT = "#f5a300"
_SELECT = "#00a0d8"
_BUTTON = "#27476e"
_DICE = {"green": "#2e9d3a", "blue": "#2f6fe0", "red": "#d62728"}

#: the smallest text on the board, in pixels (the board is drawn at its own size)
MIN_TEXT = 11
WIDTH = 632
_HEADER_H = 44
_COLUMNS_H = 16  # the row naming the mission table's columns
_ROW_H = 19
_MOON_H = 34  # the Moon row is taller: its spaces carry the nations' head-start flags
_NAME_X = 12.0
_COST_X = 160.0  # right edge of the cost column
_IC_X = 184.0  # right edge of the Intelligence Cost column
_TRACK_X = 192.0
_SPACE_W = 17
_MIDDLE_H = 96
_BAR_H = 92
_PANEL_H = 82
_LEFT_W = 96
_BOX_H = 34
#: a rival's sheets are folded into one row of small boxes (the own sheets are shown in full)
_SMALL_H = 26
_MINI_H = 20


def _tile(key: Hashable, x: float, y: float, w: float, h: float, label: str) -> list[Region]:
    """The click region of a ``w`` x ``h`` rectangle: all of it answers (a box, a mission row, a button)."""
    return [Region(key, x + w / 2, y + h / 2, 0.0, label, w=w, h=h)]


def _flag(x: float, y: float, colour: str, size: float = 7.0) -> list[Shape]:
    """A small pennant on a pole with its foot at ``(x, y)``."""
    return [
        Line(((x, y), (x, y - 1.9 * size)), stroke="#333333", width=1.0),
        Polygon(
            ((x, y - 1.9 * size), (x + size, y - 1.5 * size), (x, y - 1.1 * size)),
            fill=colour,
            stroke="#333333",
            width=0.5,
        ),
    ]


def _rocket(x: float, y: float, colour: str) -> list[Shape]:
    """A rocket pointing right, centred on ``(x, y)``."""
    return [
        Polygon(
            ((x - 7, y - 4), (x + 3, y - 4), (x + 8, y), (x + 3, y + 4), (x - 7, y + 4)),
            fill=colour,
            stroke="#111111",
            width=1.0,
            alpha=0.9,
        ),
        Polygon(((x - 7, y - 4), (x - 10, y - 7), (x - 4, y - 4)), fill="#111111"),
        Polygon(((x - 7, y + 4), (x - 10, y + 7), (x - 4, y + 4)), fill="#111111"),
    ]


class Board1969(Board1969Clicks):
    """Draws a 1969 position and turns clicks on boxes, missions, cards and buttons into actions.

    Every text is at least :data:`MIN_TEXT` pixels high, and the places are named as the move texts
    name them (``USSR's Lunar Module``, ``Lunar Orbit``).
    """

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        longest = max(len(v) for v in cast(Game1969, game).m_values)
        #: the width of a space on the tracks: narrower when an option makes a track very long
        self.space_w = min(float(_SPACE_W), (WIDTH - 100 - _TRACK_X) / longest)
        self.height = self._panels_y + _PANEL_H + (self.n - 1) * _SMALL_H + 8
        #: the nation whose sheets the scene being built shows in full (see :meth:`scene`)
        self._own = 0
        self._lock = threading.Lock()
        self._backgrounds: dict[int, tuple[Shape, ...]] = {}

    # --- geometry --------------------------------------------------------------------------------

    def _row_y(self, m: int) -> float:
        """Top of mission ``m``'s row (the Moon, last, gets a taller row for the head-start flags)."""
        return _HEADER_H + _COLUMNS_H + m * _ROW_H

    def _row_h(self, m: int) -> float:
        """Height of mission ``m``'s row."""
        return _MOON_H if m == self.missions - 1 else _ROW_H

    def _lane_y(self, m: int) -> float:
        """Vertical centre of mission ``m``'s spaces (the bottom of the row)."""
        return self._row_y(m) + self._row_h(m) - _ROW_H / 2

    @cached_property
    def _flag_x(self) -> float:
        longest = max(len(v) for v in self.game.m_values)  # type: ignore[attr-defined]
        return _TRACK_X + longest * self.space_w + 6

    @property
    def _middle_y(self) -> float:
        return self._row_y(self.missions - 1) + _MOON_H + 6

    @property
    def _bar_y(self) -> float:
        return self._middle_y + max(float(_MIDDLE_H), 15.0 * self.n + 26)

    @property
    def _panels_y(self) -> float:
        return self._bar_y + _BAR_H + 6

    def _space_xy(self, m: int, space: int) -> tuple[float, float]:
        """Centre of a space of mission ``m``'s track."""
        return _TRACK_X + space * self.space_w + self.space_w / 2, self._lane_y(m)

    @property
    def _box_w(self) -> float:
        return (WIDTH - 16 - _LEFT_W - 4) / 6

    @property
    def _mini_w(self) -> float:
        return (WIDTH - 16 - _LEFT_W - 4) / 12

    def _panel_top(self, seat: int) -> float:
        """Top of ``seat``'s panel: the own nation's is tall, the rivals' are one folded row each."""
        return self._panels_y + sum(_PANEL_H if t == self._own else _SMALL_H for t in range(seat))

    def _panel_h(self, seat: int) -> float:
        return _PANEL_H if seat == self._own else _SMALL_H

    def box_size(self, seat: int) -> tuple[float, float]:
        """Width and height of a research box on ``seat``'s sheets as drawn now."""
        return (self._box_w, _BOX_H) if seat == self._own else (self._mini_w, _MINI_H)

    def _box_xy(self, seat: int, box: int) -> tuple[float, float]:
        """Top-left corner of research box ``box`` (0..11) on ``seat``'s sheets (a row per sheet)."""
        top = self._panel_top(seat)
        if seat != self._own:
            return 8 + _LEFT_W + box * self._mini_w, top + 3
        sheet, i = divmod(box, 6)
        return 8 + _LEFT_W + i * self._box_w, top + 5 + sheet * (_BOX_H + 2)

    def cube_size(self, seat: int) -> float:
        """The side of a scientist cube on ``seat``'s sheets as drawn now."""
        return 14.0 if seat == self._own else 9.0

    def cube_xy(self, seat: int, box: int, slot: int) -> tuple[float, float]:
        """Top-left corner of scientist space ``slot`` (0 or 1) of a research box."""
        x, y = self._box_xy(seat, box)
        if seat != self._own:
            return x + 3 + slot * 11, y + 8
        return x + 5 + slot * 17, y + 16

    def _token_xy(self, seat: int, box: int) -> tuple[float, float]:
        x, y = self._box_xy(seat, box)
        if seat != self._own:
            return x + self._mini_w - 8, y + 12
        return x + 48, y + 23

    def _token_r(self, seat: int) -> float:
        return 6.5 if seat == self._own else 4.0

    # --- the fixed frame ------------------------------------------------------------------------

    def _background(self) -> tuple[Shape, ...]:
        """The fixed frame for the nation shown in full (built once per nation)."""
        if self._own not in self._backgrounds:
            self._backgrounds[self._own] = self._build_background()
        return self._backgrounds[self._own]

    def _build_background(self) -> tuple[Shape, ...]:
        g = cast(Game1969, self.game)
        out: list[Shape] = []
        top = _HEADER_H + _COLUMNS_H / 2 - 2
        for x, text, anchor in (
            (_NAME_X, "mission", "start"),
            (_COST_X, "cost", "end"),
            (_IC_X + 4, "intel", "end"),
            (_TRACK_X + 2, "prestige on each space (start: left)", "start"),
            (self._flag_x + 12, "flags", "middle"),
            (self._flag_x + 34, "tried", "start"),
        ):
            out.append(Text(x, top, text, size=MIN_TEXT, anchor=anchor, fill=_DIM))
        for m in range(self.missions):
            y = self._row_y(m)
            values = g.m_values[m]
            moon = m == g.moon
            h = self._row_h(m)
            lane = self._lane_y(m)
            out.append(Rect(8, y + 1, WIDTH - 16, h - 2, fill=_MOON if moon else _TRACK))
            name = g.m_name[m] + (" (all six)" if moon else "")
            out.append(Text(_NAME_X, lane, name, size=MIN_TEXT, anchor="start", bold=moon, fill=_INK))
            out.append(Text(_COST_X, lane, f"{g.m_cost[m]}M", size=MIN_TEXT, anchor="end", fill=_INK))
            out.append(Text(_IC_X, lane, str(g.m_ic[m]), size=MIN_TEXT, anchor="end", fill=_INK))
            for sp, v in enumerate(values):
                x = _TRACK_X + sp * self.space_w
                last = sp == len(values) - 1
                out.append(
                    Rect(
                        x + 0.5,
                        lane - _ROW_H / 2 + 2,
                        self.space_w - 1,
                        _ROW_H - 4,
                        fill="#fff4c2" if last else "#ffffff",
                        stroke="#9aa5b5",
                        width=0.8,
                    )
                )
                out.append(Text(x + self.space_w / 2, lane, str(v), size=MIN_TEXT, fill=_INK))
            # the research boxes whose researchers add successes, after the track where it is short
            if not moon:
                symbols = ", ".join(BOX_LABELS[b] for b in g.m_boxes[m])
                sx = _TRACK_X + len(values) * self.space_w + 6
                if sx + 6.2 * len(symbols) < self._flag_x:
                    out.append(Text(sx, lane, symbols, size=MIN_TEXT, anchor="start", fill=_DIM))
            # the flag space, where flags of earlier rounds go (they lower the mission's PP, reading 3)
            out.append(
                Rect(self._flag_x, lane - _ROW_H / 2 + 2, 24, _ROW_H - 4, fill="#ffffff", stroke="#555555")
            )
        # nation panels: frames and the two sheets' boxes (named in full on the own nation's sheets)
        for s in range(self.n):
            top = self._panel_top(s)
            ph = self._panel_h(s)
            col = self.colours[s]
            own = s == self._own
            out.append(Rect(8, top + 2, WIDTH - 16, ph - 4, fill="#ffffff", stroke=col, width=1.5))
            out.append(Rect(8, top + 2, 6, ph - 4, fill=col))
            name_y = top + 13 if own else top + ph / 2
            out.append(
                Text(20, name_y, self.names[s], size=13, anchor="start", bold=True, fill=readable(col))
            )
            bw, bh = self.box_size(s)
            cube = self.cube_size(s)
            for b in range(12):
                x, y = self._box_xy(s, b)
                out.append(Rect(x + 1, y, bw - 2, bh, fill="#f7f7f7", stroke="#8a8a8a", width=0.8))
                if own:
                    out.append(Text(x + bw / 2, y + 8, BOX_LABELS[b], size=MIN_TEXT, fill=_INK))
                for slot in range(2):  # two scientist spaces and the bonus space
                    cx, cy = self.cube_xy(s, b, slot)
                    out.append(Rect(cx, cy, cube, cube, fill="#e3e3e3", stroke="#b0b0b0", width=0.6))
                tx, ty = self._token_xy(s, b)
                out.append(Circle(tx, ty, self._token_r(s), fill="#ececec", stroke="#b0b0b0", width=0.6))
            if not own:  # the two sheets of a folded row: Ground Control, then Rocket
                x, _ = self._box_xy(s, 6)
                out.append(Line(((x, top + 2), (x, top + ph - 2)), stroke="#555555", width=2.0))
        return tuple(out)

    # --- the position -----------------------------------------------------------------------------

    def _board_layer(self, st: State1969, show_hand: frozenset[int]) -> list[Shape]:
        g = cast(Game1969, self.game)
        n = self.n
        out: list[Shape] = []
        # header: year, phase, who acts; the Game Turn Track under it
        year = st.current_year
        cp = st.current_player
        if cp == TERMINAL:
            who = "game over: " + ", ".join(self.names[w] for w in st.winners()) + " won"
        elif cp == CHANCE:
            who = "chance: " + PHASE_TEXT[st.phase]
        else:
            who = f"{self.names[cp]} to act · {PHASE_TEXT[st.phase]}"
        first = f" · First Player {self.names[st.first]}" if st.first >= 0 and cp != TERMINAL else ""
        out.append(
            Text(12, 12, f"1969 · {year} · {who}{first}", size=13, anchor="start", bold=True, fill=_INK)
        )
        for i in range(g.rounds):
            x: float = 12 + i * 40
            now = i == st.year and st.phase != OVER
            out.append(
                Rect(
                    x,
                    24,
                    38,
                    16,
                    fill="#ffd54a" if now else ("#cfcfcf" if i < st.year else "#ffffff"),
                    stroke="#555555",
                    width=0.8,
                )
            )
            out.append(Text(x + 19, 32, str(1963 + i), size=MIN_TEXT, bold=now, fill=_INK))
        # flags on each mission's flag space, and who has attempted it (attempts are once per game)
        for m in range(self.missions):
            lane = self._lane_y(m)
            if st.flags[m]:
                out += _flag(self._flag_x + 7, lane + _ROW_H / 2 - 4, "#cc2222", 4.5)
                out.append(Text(self._flag_x + 17, lane, str(st.flags[m]), size=MIN_TEXT, bold=True))
            for s in range(n):
                if st.attempted[s] >> m & 1:
                    ring = "#000000" if st.launched[s] == m else None  # this round's launches: ringed
                    out.append(
                        Circle(
                            self._flag_x + 38 + 10 * s,
                            lane,
                            4.0,
                            fill=self.colours[s],
                            stroke=ring,
                            width=1.2,
                        )
                    )
        # Moon head-start flags
        moon = g.moon
        for s in range(n):
            sp = st.moon_flag[s]
            if sp >= 0:
                x, y = self._space_xy(moon, sp)
                out += _flag(x - 7 + 3 * s, y - _ROW_H / 2 + 2, self.colours[s], 4.5)
        # the rocket of the current (or the last) mission test
        launcher = _last_launcher(st)
        if st.test and launcher is not None:
            m, _, _, _, _, space = st.test
            x, y = self._space_xy(m, space)
            out += _rocket(x, y, self.colours[launcher])
        # prestige bars (the Scoring Track) with money
        top = self._middle_y
        out.append(
            Text(
                12,
                top + 8,
                "Prestige (Scoring Track)" + (" · final score" if cp == TERMINAL else ""),
                size=12,
                bold=True,
                anchor="start",
            )
        )
        scores = st.scores() if cp == TERMINAL else st.pp
        scale = max(40, max(scores) + 5)
        bar_w = 170
        for s in range(n):
            y = top + 18 + 15 * s
            col = self.colours[s]
            out.append(Text(12, y + 6, self.names[s], size=MIN_TEXT, anchor="start", fill=col, bold=True))
            out.append(Rect(72, y, bar_w, 12, fill="#eeeeee"))
            out.append(Rect(72, y, max(0, scores[s]) / scale * bar_w, 12, fill=col))
            out.append(
                Text(76 + bar_w, y + 6, f"{scores[s]} PP · {st.money[s]}M", size=MIN_TEXT, anchor="start")
            )
        # the mission test panel
        px = 340
        out.append(Text(px, top + 8, "Mission test", size=12, bold=True, anchor="start"))
        if st.test and launcher is not None:
            m, gr, bl, rd, score, space = st.test
            out.append(
                Text(
                    px,
                    top + 23,
                    f"{self.names[launcher]}: {g.m_name[m]}",
                    size=MIN_TEXT,
                    anchor="start",
                    fill=self.colours[launcher],
                    bold=True,
                )
            )
            dx = px
            for colour, dice in (("green", gr), ("blue", bl), ("red", rd)):
                for _ in range(dice):
                    out.append(Rect(dx, top + 32, 13, 13, fill=_DICE[colour], stroke="#222222", width=0.7))
                    dx += 16
            if st.phase == REROLL_ROLL:  # re-roll dice waiting to be rolled
                out.append(Text(dx + 4, top + 38, f"+{st.pending} to re-roll", size=MIN_TEXT, anchor="start"))
            scored = st.phase not in (ROLL, REROLL, REROLL_ROLL)
            line = f"score {score:+d} → space {space + 1} of {len(g.m_values[m])}" if scored else "rolling"
            out.append(Text(px, top + 54, line, size=MIN_TEXT, anchor="start"))
            played = [f"{self.names[s]} {sum(c)}" for s, c in enumerate(st.commits) if c is not None]
            if played:
                out.append(
                    Text(px, top + 68, "face down: " + ", ".join(played), size=MIN_TEXT, anchor="start")
                )
        else:
            out.append(Text(px, top + 23, "no mission in progress", size=MIN_TEXT, anchor="start", fill=_DIM))
        sup = ", ".join(f"{k} {v}" for k, v in zip(KINDS, st.supply, strict=True))
        out.append(Text(px, self._bar_y - 22, f"supply: {sup}", size=MIN_TEXT, anchor="start", fill=_DIM))
        out.append(
            Text(
                px,
                self._bar_y - 8,
                f"bonus tokens {st.bonus_left} · deck {sum(st.deck)} · discards {sum(st.discard)}",
                size=MIN_TEXT,
                anchor="start",
                fill=_DIM,
            )
        )
        # nation panels: money, prestige, cards, Moon flag, and the cubes in the boxes
        for s in range(n):
            ptop = self._panel_top(s)
            if s == cp:
                out.append(Rect(9, ptop + 3, WIDTH - 18, self._panel_h(s) - 6, stroke=_HINT, width=3.0))
            if s == self._own:
                # at the end the sheet shows the final score, as the Scoring Track and the player panel do
                # (the track's prestige plus the scientists' end-of-game points: End of the Game)
                out.append(
                    Text(20, ptop + 29, f"{st.money[s]}M · {scores[s]} PP", size=MIN_TEXT, anchor="start")
                )
                hand = st.hands[s]
                held: int = sum(hand)
                count = f"{held} card{'s' if held != 1 else ''}"
                cards = f"{count}: {cards_text(hand)}" if s in show_hand and held else count
                out.append(Text(20, ptop + 43, cards, size=MIN_TEXT, anchor="start"))
                moon_txt = "Moon: launched" if st.moon_flag[s] < 0 else f"Moon flag: {st.moon_flag[s] + 1}"
                out.append(Text(20, ptop + 57, moon_txt, size=MIN_TEXT, anchor="start", fill=_DIM))
                if s == st.first and cp != TERMINAL:
                    out.append(Text(20, ptop + 71, "First Player", size=MIN_TEXT, anchor="start", bold=True))
                elif cp == TERMINAL:
                    out.append(Text(20, ptop + 71, "final score", size=MIN_TEXT, anchor="start", bold=True))
            cube = self.cube_size(s)
            for b in range(12):
                for slot, kind in enumerate(st.cubes[s][b]):
                    cx, cy = self.cube_xy(s, b, slot)
                    out.append(
                        Rect(cx, cy, cube, cube, fill=CUBE_COLOURS[KINDS[kind]], stroke="#000000", width=1.0)
                    )
                tx, ty = self._token_xy(s, b)
                if st.tokens[s][b]:
                    out.append(Circle(tx, ty, self._token_r(s), fill="#f2c500", stroke="#8a6d00", width=1.0))
                r = st.research[s][b]
                if r and s == self._own:
                    out.append(
                        Text(tx + 10, ty, f"={r}", size=MIN_TEXT, anchor="start", bold=True, fill=_INK)
                    )
        return out

    # --- highlights and the action bar -----------------------------------------------------------

    def _last_place(self, st: State1969) -> tuple[Hashable, int] | None:
        """The place of the last decision, and who made it: the box of a hire, or the mission of a
        launch for as long as its test goes on (the re-roll and the face-down plays included)."""
        for a in reversed(st.history):
            t = type(a)
            if t in (DiceRoll, CardDraw):
                continue  # chance: the decision before it is still the last one
            if t is Hire:
                return ("box", a.sheet, BOXES.index(a.box)), a.seat
            if t in (Launch, Reroll, Commit) and st.test:
                launcher = _last_launcher(st)
                if launcher is not None:
                    return ("mission", st.test[0]), launcher
            return None
        return None

    def _pieces(
        self, st: State1969, selected: Hashable | None, hints: bool, viewers: tuple[int, ...]
    ) -> tuple[list[Shape], list[Region]]:
        g = cast(Game1969, self.game)
        out: list[Shape] = []
        regions: list[Region] = []
        # every box and mission is clickable; illegal clicks get a reason on the status line
        for s in range(self.n):
            bw, bh = self.box_size(s)
            for b in range(12):
                x, y = self._box_xy(s, b)
                regions += _tile(("box", s, b), x + 1, y, bw - 2, bh, f"{self.names[s]}'s {BOX_LABELS[b]}")
        for m in range(self.missions):
            regions += _tile(
                ("mission", m), 8, self._row_y(m) + 1, self._flag_x - 8, self._row_h(m) - 2, g.m_name[m]
            )
        # the last decision stays marked in its nation's colour (a hire's box, a launched mission)
        last = self._last_place(st)
        if last is not None:
            key, seat = last
            if isinstance(key, tuple) and key[0] == "box":
                x, y = self._box_xy(key[1], key[2])
                bw, bh = self.box_size(key[1])
                out.append(Rect(x, y - 1, bw, bh + 2, stroke=self.colours[seat], width=3.0))
            elif isinstance(key, tuple) and key[0] == "mission":
                y = self._row_y(key[1])
                out.append(
                    Rect(8, y, self._flag_x - 6, self._row_h(key[1]), stroke=self.colours[seat], width=3.0)
                )
        cp = st.current_player
        bar = self._bar_y
        out.append(Rect(8, bar, WIDTH - 16, _BAR_H, fill="#ffffff", stroke="#9a9a9a", width=0.8))
        if not hints or cp < 0:
            text = (
                "game over"
                if cp == TERMINAL
                else ("chance step: roll" if cp == CHANCE else f"{self.names[cp]} to act")
            )
            out.append(Text(16, bar + 12, text, size=12, anchor="start", fill=_DIM, bold=True))
            # no buttons for a bot or chance: the bar shows what happened last instead
            recent = (action_text(st, a, viewers) for a in st.history[-4:][::-1])
            for i, text in enumerate(t for t in recent if t is not None):
                out.append(Text(16, bar + 29 + 15 * i, text, size=MIN_TEXT, anchor="start", fill=_DIM))
            return out, regions
        legal = st.legal_actions()
        # highlights: boxes that take a scientist, missions that can be launched (with their price)
        hire_boxes = {(a.sheet, BOXES.index(a.box)) for a in legal if type(a) is Hire}
        for s, b in hire_boxes:
            x, y = self._box_xy(s, b)
            bw, bh = self.box_size(s)
            spy_only = s != cp
            out.append(Rect(x + 1, y, bw - 2, bh, stroke=_HINT, width=1.4 if spy_only else 2.4))
        for a in legal:
            if type(a) is Launch:
                y = self._row_y(a.mission)
                out.append(
                    Rect(9, y + 1, self._flag_x - 8, self._row_h(a.mission) - 2, stroke=_HINT, width=2.4)
                )
                lane = self._lane_y(a.mission)
                out.append(Rect(_COST_X - 30, lane - 7, 31, 14, fill="#fff3d6"))
                out.append(
                    Text(_COST_X, lane, f"{a.cost}M", size=MIN_TEXT, anchor="end", bold=True, fill="#8a5a00")
                )
        if isinstance(selected, tuple) and selected and selected[0] == "box":
            x, y = self._box_xy(selected[1], selected[2])
            bw, bh = self.box_size(selected[1])
            out.append(Rect(x, y - 1, bw, bh + 2, stroke=_SELECT, width=3.0))
        # the action bar: prompt, the mover's cards, buttons
        prompt, buttons = self._buttons(st, legal, selected)
        first, *more = prompt.split("\n", 1)
        out.append(
            Text(16, bar + 11, fit(first, WIDTH - 32, 12), size=12, anchor="start", bold=True, fill=_INK)
        )
        if more:
            out.append(
                Text(
                    16, bar + 25, fit(more[0], WIDTH - 32, MIN_TEXT), size=MIN_TEXT, anchor="start", fill=_INK
                )
            )
        hand = st.hands[cp]
        picked = selected[1] if isinstance(selected, tuple) and selected[:1] == ("commit",) else None
        x = 16.0
        for v, c in enumerate(hand):
            for i in range(c):
                chosen = picked is not None and i < picked[v]
                out += self._card(x, bar + 36, v + 1, chosen)
                regions += _tile(("card", v + 1), x, bar + 36, 20, 28, f"card {v + 1}")
                x += 24
        x = max(x + 10, 16.0) if sum(hand) else 16.0
        y = bar + 35
        for key, label in buttons:
            bw = 14 + 6.6 * len(label)
            if x + bw > WIDTH - 14:
                x, y = 16.0, y + 30
            out.append(Rect(x, y, bw, 25, fill=_BUTTON, stroke="#0f2440", width=1.0))
            out.append(Text(x + bw / 2, y + 12.5, label, size=12, fill="#ffffff"))
            regions += _tile(key, x, y, bw, 25, label)
            x += bw + 6
        return out, regions

    def _card(self, x: float, y: float, value: int, chosen: bool) -> list[Shape]:
        return [
            Rect(
                x,
                y - (6 if chosen else 0),
                20,
                28,
                fill="#fffbe6",
                stroke=_SELECT if chosen else "#555555",
                width=2.5 if chosen else 1.0,
            ),
            Text(x + 10, y + 14 - (6 if chosen else 0), str(value), size=13, bold=True),
        ]

    # --- the contract -----------------------------------------------------------------------------

    def scene(
        self, state: State, selected: Hashable | None = None, hints: bool = True, viewers: Viewers = ()
    ) -> Scene:
        """The board at ``state``; with ``hints``, legal boxes and missions, the selection and buttons.

        Card values are shown for the ``viewers`` (and for a human mover); other hands show a count.
        """
        st = cast(State1969, state)
        cp = st.current_player
        show_hand = frozenset(viewers) | ({cp} if hints and cp >= 0 else set())
        with self._lock:  # the geometry follows the nation shown in full while the scene is built
            self._own = self.own_seat(st, viewers)
            pieces, regions = self._pieces(st, selected, hints, viewers)
            return Scene(
                WIDTH,
                int(self.height),
                {
                    "background": self._background(),
                    "board": tuple(self._board_layer(st, show_hand)),
                    "pieces": tuple(pieces),
                },
                tuple(regions),
                title=f"1969, year {st.current_year}, move {state.move_number}",
                background=_BG,
            )

    def own_seat(self, state: State, viewers: tuple[int, ...]) -> int:
        """The nation whose sheets are drawn in full: the one viewer, else the nation to act."""
        if len(set(viewers)) == 1:
            return viewers[0]
        cp = state.current_player
        return cp if cp >= 0 else 0
