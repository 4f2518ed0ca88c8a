"""The 1969 board: mission tracks, the Moon track, prestige, and every nation's two research sheets.

Layout (top to bottom): a header with the year, phase, First Player and nation to act; the eleven
mission tracks and the Moon Mission track (rocket of the current test, flags per mission on the flag
space, Moon head-start flags, who has attempted what); prestige bars and the mission-test panel; an
action bar (the mover's cards and buttons); one row per nation with its money, prestige, cards and
its Ground Control and Rocket sheets (6 boxes each, scientist cubes in their type colours, Bonus
Tokens). The fixed frame is the background layer, the position the board layer, highlights and
buttons the pieces layer, so a selection repaints only the top layer.

Clicks: a research box hires into it (with several legal scientist types the box is selected and
one button per type appears), a mission track launches it, cards and buttons do the rest. While
playing Intelligence the selection is the multiset of cards picked so far. A refused click is
explained by the engine: the board names the actions the click could have meant and shows
``state.why_illegal`` of each.

Hidden cards: a nation's card values show only for the ``viewers`` the view passes (the human seat)
and for a human mover; the last actions in the action bar are written as those viewers know them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import cached_property
from typing import Any, cast

from isslab import CHANCE, TERMINAL, Action, Game, State

# the 1969 package re-exports every name a board needs (its modules may move)
from isslab.games.game_1969 import (
    BOX_LABELS,
    BOXES,
    BUY,
    COMMIT,
    INCOME_DISCARD,
    KINDS,
    LAUNCH,
    OVER,
    PHASES,
    REROLL,
    REROLL_ROLL,
    ROLL,
    BuyCards,
    Commit,
    Discard,
    EndPurchases,
    Game1969,
    Hire,
    Launch,
    Pass,
    Reroll,
    SpendPrestige,
    State1969,
    cards_text,
)
from isslab_widgets.boards import Board, Click, action_text
from isslab_widgets.scene import Circle, Line, Polygon, Rect, Region, Scene, Shape, Text

__all__ = ["BOARD", "CUBE_COLOURS", "Board1969"]

#: scientist cube colours by kind (Components: white basic, blue rookie, green famous, red genius, black spy)
CUBE_COLOURS: dict[str, str] = {
    "basic": "#ffffff",
    "rookie": "#2f6fe0",
    "famous": "#2ca02c",
    "genius": "#d62728",
    "spy": "#111111",
}
_SHORT = (
    "Intel",
    "Robotics",
    "Investors",
    "Insurance",
    "Simul.",
    "Gr. Ctrl",
    "Astro",
    "Launchpad",
    "Vector",
    "Orbital",
    "Lunar Mod",
    "Tech",
)
_BG = "#f4f1e8"
_INK = "#1d1d1d"
_DIM = "#6b6b6b"
_TRACK = "#dfe6ef"
_MOON = "#e9e4d2"
_HINT = "#f5a300"
_SELECT = "#00a0d8"
_BUTTON = "#27476e"
_DICE = {"green": "#2e9d3a", "blue": "#2f6fe0", "red": "#d62728"}

WIDTH = 740
_HEADER_H = 30
_ROW_H = 23
_MOON_H = 36  # the Moon row is taller: its spaces carry the nations' head-start flags
_NAME_W = 168
_TRACK_X = 14.0 + _NAME_W
_SPACE_W = 23
_PANEL_H = 86
_BOX_W = 48
_BOX_H = 66
_LEFT_W = 118


def _tile(key: Hashable, x: float, y: float, w: float, h: float, label: str) -> list[Region]:
    """Circular regions covering a ``w`` x ``h`` rectangle (regions are discs, buttons are not)."""
    r = min(w, h) / 2
    if w >= h:
        n = max(1, round(w / h))
        step = (w - 2 * r) / max(1, n - 1) if n > 1 else 0.0
        return [Region(key, x + r + i * step, y + h / 2, r * 1.05, label) for i in range(n)]
    n = max(1, round(h / w))
    step = (h - 2 * r) / max(1, n - 1) if n > 1 else 0.0
    return [Region(key, x + w / 2, y + r + i * step, r * 1.05, label) for i in range(n)]


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
            ((x - 8, y - 4), (x + 4, y - 4), (x + 9, y), (x + 4, y + 4), (x - 8, y + 4)),
            fill=colour,
            stroke="#111111",
            width=1.0,
            alpha=0.9,
        ),
        Polygon(((x - 8, y - 4), (x - 11, y - 7), (x - 5, y - 4)), fill="#111111"),
        Polygon(((x - 8, y + 4), (x - 11, y + 7), (x - 5, y + 4)), fill="#111111"),
    ]


class Board1969:
    """Draws a 1969 position and turns clicks on boxes, missions, cards and buttons into actions."""

    def __init__(self, game: Game) -> None:
        self.game = game
        g = cast(Game1969, game)
        #: seat names and screen colours, as the game declares them
        self.names: tuple[str, ...] = game.info.seat_names
        self.colours: tuple[str, ...] = game.info.seat_colours
        self.n: int = g.n
        self.missions: int = g.moon + 1
        self.height = self._panels_y + self.n * _PANEL_H + 8

    # --- geometry --------------------------------------------------------------------------------

    def _row_y(self, m: int) -> float:
        """Top of mission ``m``'s row (the Moon, last, gets a taller row for the head-start flags)."""
        return _HEADER_H + 6 + m * _ROW_H

    def _row_h(self, m: int) -> float:
        """Height of mission ``m``'s row."""
        return _MOON_H if m == self.missions - 1 else _ROW_H

    def _lane_y(self, m: int) -> float:
        """Vertical centre of mission ``m``'s spaces (the bottom of the row)."""
        return self._row_y(m) + self._row_h(m) - _ROW_H / 2

    @cached_property
    def _flag_x(self) -> float:
        longest = max(len(v) for v in self.game.m_values)  # type: ignore[attr-defined]
        return _TRACK_X + longest * _SPACE_W + 8

    @property
    def _missions_bottom(self) -> float:
        return self._row_y(self.missions - 1) + _MOON_H + 8

    @property
    def _middle_y(self) -> float:
        return self._missions_bottom + 6

    @property
    def _bar_y(self) -> float:
        return self._middle_y + max(112.0, 16.0 * self.n + 30)

    @property
    def _panels_y(self) -> float:
        return self._bar_y + 92

    def _space_xy(self, m: int, space: int) -> tuple[float, float]:
        """Centre of a space of mission ``m``'s track."""
        return _TRACK_X + space * _SPACE_W + _SPACE_W / 2, self._lane_y(m)

    def _box_xy(self, seat: int, box: int) -> tuple[float, float]:
        """Top-left corner of research box ``box`` (0..11) on ``seat``'s sheets."""
        sheet, i = divmod(box, 6)
        x = 10 + _LEFT_W + sheet * (6 * _BOX_W + 10) + i * _BOX_W
        y = self._panels_y + seat * _PANEL_H + 16
        return x, y

    # --- the fixed frame ------------------------------------------------------------------------

    @cached_property
    def _background(self) -> tuple[Shape, ...]:
        g = cast(Game1969, self.game)
        out: list[Shape] = []
        for m in range(self.missions):
            y = self._row_y(m)
            values = g.m_values[m]
            moon = m == g.moon
            h = self._row_h(m)
            out.append(Rect(8, y + 1, WIDTH - 16, h - 2, fill=_MOON if moon else _TRACK))
            syms = "+".join(_SHORT[BOXES.index(b)] for b in (BOXES[i] for i in g.m_boxes[m]))
            if moon:
                syms = "all six"
            out.append(Text(14, y + 8, g.m_name[m], size=11, anchor="start", bold=True, fill=_INK))
            out.append(
                Text(
                    14, y + 18, f"{g.m_cost[m]}M · IC {g.m_ic[m]} · {syms}", size=8, anchor="start", fill=_DIM
                )
            )
            for sp, v in enumerate(values):
                x = _TRACK_X + sp * _SPACE_W
                last = sp == len(values) - 1
                out.append(
                    Rect(
                        x + 1,
                        self._lane_y(m) - _ROW_H / 2 + 3,
                        _SPACE_W - 2,
                        _ROW_H - 6,
                        fill="#fff4c2" if last else "#ffffff",
                        stroke="#9aa5b5",
                        width=0.8,
                    )
                )
                out.append(Text(x + _SPACE_W / 2, self._lane_y(m), str(v), size=9, fill=_INK))
            # the flag space, where flags of earlier rounds go (they lower the mission's PP, A7.2)
            fx = self._flag_x
            out.append(
                Rect(
                    fx,
                    self._lane_y(m) - _ROW_H / 2 + 3,
                    30,
                    _ROW_H - 6,
                    fill="#ffffff",
                    stroke="#555555",
                    width=1.0,
                )
            )
        out.append(Text(self._flag_x + 15, _HEADER_H - 2, "flags", size=8, fill=_DIM))
        out.append(Text(self._flag_x + 62, _HEADER_H - 2, "attempted", size=8, fill=_DIM))
        # nation panels: frames, names and the two sheets' boxes with their labels
        for s in range(self.n):
            top = self._panels_y + s * _PANEL_H
            col = self.colours[s]
            out.append(Rect(8, top + 2, WIDTH - 16, _PANEL_H - 4, fill="#ffffff", stroke=col, width=1.5))
            out.append(Rect(8, top + 2, 6, _PANEL_H - 4, fill=col))
            out.append(Text(20, top + 14, self.names[s], size=13, anchor="start", bold=True, fill=col))
            for sheet, name in enumerate(("Ground Control sheet", "Rocket sheet")):
                sx = self._box_xy(s, 6 * sheet)[0]
                out.append(Text(sx + 3 * _BOX_W, top + 9, name, size=8, fill=_DIM))
            for b in range(12):
                x, y = self._box_xy(s, b)
                out.append(Rect(x + 1, y, _BOX_W - 2, _BOX_H, fill="#f7f7f7", stroke="#8a8a8a", width=0.8))
                out.append(Text(x + _BOX_W / 2, y + 8, _SHORT[b], size=8, fill=_INK))
                for slot in range(2):  # two scientist spaces and the bonus space
                    out.append(
                        Rect(x + 6 + slot * 19, y + 17, 15, 15, fill="#e3e3e3", stroke="#b0b0b0", width=0.6)
                    )
                out.append(Circle(x + _BOX_W / 2, y + 45, 6.5, fill="#ececec", stroke="#b0b0b0", width=0.6))
        return tuple(out)

    # --- the position -----------------------------------------------------------------------------

    def _board_layer(self, st: State1969, show_hand: frozenset[int]) -> list[Shape]:
        g = cast(Game1969, self.game)
        n = self.n
        out: list[Shape] = []
        # header: year, Game Turn Track, phase, who acts
        year = st.current_year
        cp = st.current_player
        if cp == TERMINAL:
            who = "game over: " + ", ".join(self.names[w] for w in st.winners()) + " won"
        elif cp == CHANCE:
            who = "chance: " + PHASES[st.phase]
        else:
            who = f"{self.names[cp]} to act · {PHASES[st.phase]}"
        first = f" · First Player {self.names[st.first]}" if st.first >= 0 else ""
        out.append(
            Text(12, 14, f"1969 · year {year}{first} · {who}", size=13, anchor="start", bold=True, fill=_INK)
        )
        for i in range(g.rounds):
            x: float = WIDTH - 12 - (g.rounds - i) * 30
            now = i == st.year and st.phase != OVER
            out.append(
                Rect(
                    x,
                    4,
                    28,
                    18,
                    fill="#ffd54a" if now else ("#cfcfcf" if i < st.year else "#ffffff"),
                    stroke="#555555",
                    width=0.8,
                )
            )
            out.append(Text(x + 14, 13, str(1963 + i), size=9, bold=now, fill=_INK))
        # flags on each mission's flag space, and who has attempted it (attempts are once per game)
        for m in range(self.missions):
            y: float = self._row_y(m)
            if st.flags[m]:
                out += _flag(self._flag_x + 9, self._lane_y(m) + _ROW_H / 2 - 5, "#cc2222", 5.0)
                out.append(Text(self._flag_x + 22, self._lane_y(m), str(st.flags[m]), size=10, bold=True))
            for s in range(n):
                if st.attempted[s] >> m & 1:
                    ring = "#000000" if st.launched[s] == m else None  # this round's launches: ringed
                    out.append(
                        Circle(
                            self._flag_x + 40 + 9 * s,
                            self._lane_y(m),
                            3.6,
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
                out += _flag(x - 8 + 4 * s, y - _ROW_H / 2 + 3, self.colours[s], 5.0)
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
                size=10,
                bold=True,
                anchor="start",
            )
        )
        scores = st.scores() if cp == TERMINAL else st.pp
        scale = max(40, max(scores) + 5)
        bar_w = 250
        for s in range(n):
            y = top + 20 + 16 * s
            col = self.colours[s]
            out.append(Text(12, y + 6, self.names[s], size=10, anchor="start", fill=col, bold=True))
            out.append(Rect(70, y, bar_w, 12, fill="#eeeeee"))
            out.append(Rect(70, y, max(0, scores[s]) / scale * bar_w, 12, fill=col))
            out.append(Text(74 + bar_w, y + 6, f"{scores[s]} PP", size=10, anchor="start"))
        # the mission test panel
        px = 380
        out.append(Text(px, top + 8, "Mission test", size=10, bold=True, anchor="start"))
        if st.test and launcher is not None:
            m, gr, bl, rd, score, space = st.test
            out.append(
                Text(
                    px,
                    top + 24,
                    f"{self.names[launcher]}: {g.m_name[m]}",
                    size=10,
                    anchor="start",
                    fill=self.colours[launcher],
                    bold=True,
                )
            )
            dx = px
            for colour, dice in (("green", gr), ("blue", bl), ("red", rd)):
                for _ in range(dice):
                    out.append(Rect(dx, top + 34, 12, 12, fill=_DICE[colour], stroke="#222222", width=0.7))
                    dx += 15
            if st.phase == REROLL_ROLL:  # re-roll dice waiting to be rolled
                out.append(Text(dx + 4, top + 40, f"+{st.pending} to re-roll", size=9, anchor="start"))
            scored = st.phase not in (ROLL, REROLL, REROLL_ROLL)
            line = f"score {score:+d} → space {space + 1} of {len(g.m_values[m])}" if scored else "rolling"
            out.append(Text(px, top + 58, line, size=10, anchor="start"))
            played = [f"{self.names[s]} {sum(c)}" for s, c in enumerate(st.commits) if c is not None]
            if played:
                out.append(Text(px, top + 74, "face down: " + ", ".join(played), size=9, anchor="start"))
        else:
            out.append(Text(px, top + 24, "no mission in progress", size=10, anchor="start", fill=_DIM))
        sup = ", ".join(f"{k} {v}" for k, v in zip(KINDS, st.supply, strict=True))
        out.append(Text(px, self._bar_y - 22, f"supply: {sup}", size=9, anchor="start", fill=_DIM))
        out.append(
            Text(
                px,
                self._bar_y - 9,
                f"bonus tokens {st.bonus_left} · deck {sum(st.deck)} · discards {sum(st.discard)}",
                size=9,
                anchor="start",
                fill=_DIM,
            )
        )
        # nation panels: money, prestige, cards, Moon flag, and the cubes in the boxes
        for s in range(n):
            ptop = self._panels_y + s * _PANEL_H
            active = s == cp
            if active:
                out.append(Rect(9, ptop + 3, WIDTH - 18, _PANEL_H - 6, stroke=_HINT, width=3.0))
            out.append(Text(20, ptop + 32, f"{st.money[s]} M · {st.pp[s]} PP", size=11, anchor="start"))
            hand = st.hands[s]
            held: int = sum(hand)
            count = f"{held} card{'s' if held != 1 else ''}"
            cards = f"cards {cards_text(hand)}" if s in show_hand and held else count
            out.append(Text(20, ptop + 48, cards, size=10, anchor="start"))
            moon_txt = "Moon launched" if st.moon_flag[s] < 0 else f"Moon flag: space {st.moon_flag[s] + 1}"
            out.append(Text(20, ptop + 63, moon_txt, size=9, anchor="start", fill=_DIM))
            if s == st.first:
                out.append(Text(20, ptop + 77, "First Player", size=9, anchor="start", bold=True, fill=_DIM))
            for b in range(12):
                x, y = self._box_xy(s, b)
                for slot, kind in enumerate(st.cubes[s][b]):
                    name = KINDS[kind]
                    out.append(
                        Rect(
                            x + 6 + slot * 19,
                            y + 17,
                            15,
                            15,
                            fill=CUBE_COLOURS[name],
                            stroke="#000000",
                            width=1.0,
                        )
                    )
                if st.tokens[s][b]:
                    out.append(
                        Circle(x + _BOX_W / 2, y + 45, 6.5, fill="#f2c500", stroke="#8a6d00", width=1.0)
                    )
                    out.append(Text(x + _BOX_W / 2, y + 45, "+1", size=7, bold=True))
                r = st.research[s][b]
                if r:
                    out.append(Text(x + _BOX_W / 2, y + 59, f"= {r}", size=9, bold=True, fill=_INK))
        return out

    # --- highlights and the action bar -----------------------------------------------------------

    def _pieces(
        self, st: State1969, selected: Hashable | None, hints: bool, viewers: tuple[int, ...]
    ) -> tuple[list[Shape], list[Region]]:
        g = cast(Game1969, self.game)
        out: list[Shape] = []
        regions: list[Region] = []
        # every box and mission is clickable; illegal clicks get a reason on the status line
        for s in range(self.n):
            for b in range(12):
                x, y = self._box_xy(s, b)
                regions += _tile(
                    ("box", s, b), x + 1, y, _BOX_W - 2, _BOX_H, f"{self.names[s]}'s {BOX_LABELS[b]}"
                )
        for m in range(self.missions):
            regions += _tile(
                ("mission", m), 8, self._row_y(m) + 1, self._flag_x - 8, self._row_h(m) - 2, g.m_name[m]
            )
        cp = st.current_player
        bar = self._bar_y
        out.append(Rect(8, bar, WIDTH - 16, 86, fill="#ffffff", stroke="#9a9a9a", width=0.8))
        if not hints or cp < 0:
            text = (
                "game over"
                if cp == TERMINAL
                else ("chance step: roll" if cp == CHANCE else f"{self.names[cp]} to act")
            )
            out.append(Text(16, bar + 12, text, size=10, anchor="start", fill=_DIM))
            # no buttons for a bot or chance: the bar shows what happened last instead
            recent = (action_text(st, a, viewers) for a in st.history[-4:][::-1])
            for i, text in enumerate(t for t in recent if t is not None):
                out.append(Text(16, bar + 30 + 14 * i, text, size=9, anchor="start", fill=_DIM))
            return out, regions
        legal = st.legal_actions()
        # highlights: boxes that take a scientist, missions that can be launched
        hire_boxes = {(a.sheet, BOXES.index(a.box)) for a in legal if type(a) is Hire}
        for s, b in hire_boxes:
            x, y = self._box_xy(s, b)
            spy_only = s != cp
            out.append(Rect(x + 1, y, _BOX_W - 2, _BOX_H, stroke=_HINT, width=1.2 if spy_only else 2.2))
        for a in legal:
            if type(a) is Launch:
                y = self._row_y(a.mission)
                out.append(
                    Rect(9, y + 1, self._flag_x - 10, self._row_h(a.mission) - 2, stroke=_HINT, width=2.2)
                )
                out.append(
                    Text(
                        self._flag_x - 4,
                        self._lane_y(a.mission),
                        f"{a.cost}M",
                        size=9,
                        anchor="end",
                        bold=True,
                        fill="#8a5a00",
                    )
                )
        if isinstance(selected, tuple) and selected and selected[0] == "box":
            x, y = self._box_xy(selected[1], selected[2])
            out.append(Rect(x, y - 1, _BOX_W, _BOX_H + 2, stroke=_SELECT, width=3.0))
        # the action bar: prompt, the mover's cards, buttons
        prompt, buttons = self._buttons(st, legal, selected)
        out.append(Text(16, bar + 12, prompt, size=10, anchor="start", bold=True, fill=_INK))
        hand = st.hands[cp]
        picked = selected[1] if isinstance(selected, tuple) and selected[:1] == ("commit",) else None
        x = 16.0
        for v, c in enumerate(hand):
            for i in range(c):
                chosen = picked is not None and i < picked[v]
                out += self._card(x, bar + 24, v + 1, chosen)
                regions += _tile(("card", v + 1), x, bar + 24, 20, 28, f"card {v + 1}")
                x += 24
        x = max(x + 10, 16.0) if sum(hand) else 16.0
        y = bar + 26
        for key, label in buttons:
            w = 12 + 6.2 * len(label)
            if x + w > WIDTH - 14:
                x, y = 16.0, y + 30
            out.append(Rect(x, y, w, 24, fill=_BUTTON, stroke="#0f2440", width=1.0))
            out.append(Text(x + w / 2, y + 12, label, size=10, fill="#ffffff"))
            regions += _tile(key, x, y, w, 24, label)
            x += w + 6
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

    def _buttons(
        self, st: State1969, legal: Sequence[Any], selected: Hashable | None
    ) -> tuple[str, list[tuple[Hashable, str]]]:
        """The prompt of the action bar and its buttons (key, label) for the phase."""
        o = self.game.options
        cp = st.current_player
        buttons: list[tuple[Hashable, str]] = []
        ph = PHASES[st.phase]
        prompt = f"{self.names[cp]}: {ph}"
        for a in legal:
            t = type(a)
            if t is SpendPrestige:
                label = (
                    "keep prestige" if not a.points else f"sell {a.points} PP (+{a.points * o['pp_money']}M)"
                )
                buttons.append((("do", a), label))
            elif t is Discard:
                buttons.append((("do", a), f"discard a {a.value}"))
            elif t is BuyCards:
                buttons.append(
                    (
                        ("do", a),
                        f"buy {a.number} card{'s' if a.number > 1 else ''} ({a.number * o['intel_cost']}M)",
                    )
                )
            elif t is EndPurchases:
                buttons.append((("do", a), "end purchases"))
            elif t is Pass:
                buttons.append((("do", a), "launch nothing"))
            elif t is Reroll:
                parts = [f"{n} {c}" for n, c in ((a.red, "red"), (a.blue, "blue"), (a.green, "green")) if n]
                label = "re-roll " + ", ".join(parts) if parts else "keep the dice"
                buttons.append((("do", a), label))
        if st.phase == BUY:
            prompt = f"{self.names[cp]}: purchases ({st.money[cp]}M): click a research box to hire"
            if isinstance(selected, tuple) and selected[:1] == ("box",):
                _, sheet, b = selected
                kinds = [a for a in legal if type(a) is Hire and a.sheet == sheet and a.box == BOXES[b]]
                prompt = f"hire into {BOX_LABELS[b]}: choose the scientist"
                buttons = [(("do", a), f"{a.kind} {st.hire_cost(cp, KINDS.index(a.kind))}M") for a in kinds]
                buttons.append((("box", sheet, b), "cancel"))
        elif st.phase == LAUNCH:
            prompt = f"{self.names[cp]}: launch a mission ({st.money[cp]}M): click a highlighted track"
        elif st.phase == COMMIT:
            picked = selected[1] if isinstance(selected, tuple) and selected[:1] == ("commit",) else None
            chosen = picked or (0,) * len(st.hands[cp])
            prompt = f"{self.names[cp]}: click cards to play face down on this mission"
            buttons = [(("do", Commit(cp, (0,) * len(chosen))), "play nothing")]
            if sum(chosen):
                buttons.insert(0, (("do", Commit(cp, tuple(chosen))), f"play {cards_text(tuple(chosen))}"))
                buttons.append((("clear",), "clear"))
        elif st.phase == INCOME_DISCARD:
            prompt = f"{self.names[cp]}: too many cards: click a card (or a button) to discard"
        elif st.phase == REROLL:
            prompt = f"{self.names[cp]}: re-roll dice with Simulation?"
        return prompt, buttons

    # --- the contract -----------------------------------------------------------------------------

    def scene(
        self,
        state: State,
        selected: Hashable | None = None,
        hints: bool = True,
        viewers: tuple[int, ...] = (),
    ) -> Scene:
        """The board at ``state``; with ``hints``, legal boxes and missions, the selection and buttons.

        Card values are shown for the ``viewers`` (and for a human mover); other hands show a count.
        """
        st = cast(State1969, state)
        cp = st.current_player
        show_hand = frozenset(viewers) | ({cp} if hints and cp >= 0 else set())
        pieces, regions = self._pieces(st, selected, hints, viewers)
        return Scene(
            WIDTH,
            int(self.height),
            {
                "background": self._background,
                "board": tuple(self._board_layer(st, show_hand)),
                "pieces": tuple(pieces),
            },
            tuple(regions),
            title=f"1969, year {st.current_year}, move {state.move_number}",
            background=_BG,
        )

    def place_name(self, key: Hashable) -> str:
        """A box as ``USSR's Robotics``, a mission by name, a card by value, a button by its action."""
        g = cast(Game1969, self.game)
        if not isinstance(key, tuple) or not key:
            return str(key)
        if key[0] == "box":
            return f"{self.names[key[1]]}'s {BOX_LABELS[key[2]]}"
        if key[0] == "mission":
            return str(g.m_name[key[1]])
        if key[0] == "card":
            return f"a {key[1]} card"
        if key[0] == "do":  # a button: an action of the seat it belongs to, as that seat knows it
            return self.game.describe_action(key[1], getattr(key[1], "seat", None))
        return str(key[0])

    def click(self, state: State, selected: Hashable | None, key: Hashable | None) -> Click:
        """A click on a box (hire), a mission (launch), a card or a button; the engine says why not."""
        st = cast(State1969, state)
        if st.is_terminal():
            return Click(selected=selected, message="the game is over", ok=False)
        if st.is_chance_node():
            return Click(selected=selected, message="roll first: the next step is a chance roll", ok=False)
        legal = st.legal_actions()
        if not isinstance(key, tuple) or not key:
            return Click(
                selected=selected,
                ok=False,
                message="nothing to click there: click a research box, a mission, a card or a button",
            )
        what = key[0]
        if what == "do":
            action = key[1]
            if action in legal:
                return Click(action=action)
            return _refused(st, selected, [action])
        if what == "clear":
            return Click(selected=None, message="no cards chosen")
        if what == "box":
            return self._click_box(st, legal, selected, key)
        if what == "mission":
            return self._click_mission(st, legal, selected, key[1])
        if what == "card":
            return self._click_card(st, legal, selected, key[1])
        return Click(selected=selected, message=f"nothing to do with {key!r}", ok=False)

    def _click_box(
        self, st: State1969, legal: Sequence[Any], selected: Hashable | None, key: tuple[Any, ...]
    ) -> Click:
        _, sheet, b = key
        cp = st.current_player
        hires = [a for a in legal if type(a) is Hire and a.sheet == sheet and a.box == BOXES[b]]
        name = self.place_name(key)
        if len(hires) == 1:
            return Click(action=hires[0])
        if hires:
            if selected == key:
                return Click(selected=None, message=f"{name} deselected")
            kinds = ", ".join(f"{a.kind} {st.hire_cost(cp, KINDS.index(a.kind))}M" for a in hires)
            return Click(selected=key, message=f"{name}: choose the scientist ({kinds})")
        # what the click would have hired: a spy on a rival's sheet, any scientist type on one's own
        types = ["spy"] if sheet != cp else [k for k in KINDS if k != "spy"]
        return _refused(st, selected, [Hire(cp, k, BOXES[b], sheet) for k in types])

    def _click_mission(self, st: State1969, legal: Sequence[Any], selected: Hashable | None, m: int) -> Click:
        g = cast(Game1969, self.game)
        for a in legal:
            if type(a) is Launch and a.mission == m:
                return Click(action=a)
        return _refused(st, selected, [Launch(st.current_player, m, g.m_name[m], g.m_cost[m])])

    def _click_card(
        self, st: State1969, legal: Sequence[Any], selected: Hashable | None, value: int
    ) -> Click:
        cp = st.current_player
        if st.phase == COMMIT:  # playing Intelligence: the selection is the multiset picked so far
            hand = st.hands[cp]
            picked = (
                list(selected[1])
                if isinstance(selected, tuple) and selected[:1] == ("commit",)
                else [0] * len(hand)
            )
            if not 1 <= value <= len(hand):
                return Click(selected=selected, message=f"there is no {value} card in this game", ok=False)
            if picked[value - 1] >= hand[value - 1]:
                # a chosen card clicked again goes back to the hand: clicking cycles through the copies
                picked[value - 1] = 0
            else:
                picked[value - 1] += 1
            chosen = tuple(picked)
            text = cards_text(chosen)
            return Click(
                selected=("commit", chosen) if sum(chosen) else None,
                message=f"chosen to play: {text} (click 'play {text}' to commit)"
                if sum(chosen)
                else "no cards chosen",
            )
        discard = Discard(cp, value)
        if discard in legal:
            return Click(action=discard)
        return _refused(st, selected, [discard])

    def format_value(self, field: str, value: Any) -> Any:
        """Cubes, tokens, hands and attempted missions in words for the inspector."""
        g = cast(Game1969, self.game)
        if field == "cubes":
            return (
                " ".join(
                    f"{_SHORT[b]}:{''.join(KINDS[k][0].upper() for k in c)}" for b, c in enumerate(value) if c
                )
                or "-"
            )
        if field in ("tokens", "research"):
            return " ".join(f"{_SHORT[b]}:{v}" for b, v in enumerate(value) if v) or "-"
        if field == "hands":
            return cards_text(tuple(value))
        if field == "attempted":
            return ", ".join(g.m_name[m] for m in range(self.missions) if value >> m & 1) or "-"
        return value

    def origin(self, action: Action) -> Hashable | None:
        """The clickable place of an action: its box, its mission track, or its button."""
        t = type(action)
        if t is Hire:
            return ("box", action.sheet, BOXES.index(action.box))
        if t is Launch:
            return ("mission", action.mission)
        if t in (SpendPrestige, Discard, BuyCards, EndPurchases, Pass, Reroll, Commit):
            return ("do", action)
        return None


def _refused(state: State, selected: Hashable | None, meant: Sequence[Action]) -> Click:
    """A refused click, explained by the engine: why each action the click could have meant is illegal.

    Actions refused for the same reason share it; different reasons are listed with the action each
    is about, described for the seat to act (the only seat a click can act for).
    """
    seat = state.current_player
    reasons: dict[str, list[str]] = {}
    for action in meant:
        why = state.why_illegal(action)
        if why is not None:
            reasons.setdefault(why, []).append(state.describe(action, seat))
    if len(reasons) == 1:
        text = next(iter(reasons))
    else:
        text = "; ".join(f"{' / '.join(about)}: {why}" for why, about in reasons.items())
    return Click(selected=selected, message=f"not a legal click: {text}", ok=False)


def _last_launcher(st: State1969) -> int | None:
    """The nation that launched the mission test in ``st.test`` (the last Launch in the history)."""
    for a in reversed(st.history):
        if type(a) is Launch:
            return int(a.seat)
    return None


#: the board of this game package (found by ``isslab_widgets.boards.board_class``); the annotation
#: makes mypy check that the class satisfies the board protocol
BOARD: Callable[[Game], Board] = Board1969
