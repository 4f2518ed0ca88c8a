"""The 1998 ISS board: the station, the action columns with their modules, the pads, tracks and hands.

Layout (top to bottom, :data:`WIDTH` pixels wide): a header (round, whose turn, what is asked); the
station, module by module in docking order (Zarya first), each compartment a box with its type,
an installation token ("T") or the colour of the astronaut in it, and the Unity common area with
every participant's astronauts; the column, a row per module space (the Earth action card, the
module with its cubes, the ISS action card; each card with its countdown value and its
extra-action space); the Russian and US launch pads (the shuttle, the countdown cube, the seats
and the cargo of every colour); the goals on offer (solo: the FEDOR deck); a row per participant
(materials ISS and external, long stay, tokens, cubes, astronauts on Earth, shuttle cards,
experiments done, the hand); and the action bar (what to click, buttons for the choices).

Clicks: an action card plays "a cube on that card" (its extra-action space: the extra action, or
placing a won extra-action cube); a pad trains an astronaut for it, counts it down or loads the
cargo-check material; a goal claims it; every other choice (which materials, experiments,
compartments) is a button of the action bar or a line of the list of moves. Every click is matched
against ``legal_actions()``; a refused click is explained by ``state.why_illegal`` of the action it
would have meant.

Hidden information: experiment cards in hand are written only for the ``viewers`` (the human
seat); the other seats show how many cards they hold and of which levels, as at the table.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, cast

from isslab import Action, Game, State
from isslab.games.iss_1998 import (
    ACTION_NAMES,
    FEDOR_NAME,
    GOALS,
    SHUTTLE_NAMES,
    Cargo,
    Claim,
    Countdown,
    Game1998,
    Phase,
    Place,
    PlaceExtra,
    State1998,
    Train,
)
from isslab.games.iss_1998.actions import level_text
from isslab.games.iss_1998.components import NATION_NAMES, SHUTTLE_NATION
from isslab.games.iss_1998.phases import PHASE_TEXT
from isslab_widgets.boards import Board, Click, Viewers, no_click_now
from isslab_widgets.boards.kit import PALETTE, Canvas, build_scene, fit, fit_distinct, readable, wrap
from isslab_widgets.scene import Circle, Rect, Scene, Text

__all__ = ["BOARD", "MIN_TEXT", "WIDTH", "Board1998"]

#: the smallest text drawn, in pixels
MIN_TEXT = 11
#: the picture's width in pixels
WIDTH = 630

Key = tuple[Any, ...]
_INK = PALETTE.ink
_DIM = PALETTE.dim
_PANEL = PALETTE.panel
_HINT = PALETTE.hint
_SPACE = PALETTE.space
_TOKEN = "#9e9e9e"
_EARTH_CARD = "#dcebd9"
_ISS_CARD = "#dde7f3"
_X0 = 10.0
_INNER = WIDTH - 2 * _X0
_MOD_COLS = 7
_MOD_W = _INNER / _MOD_COLS
_MOD_H = 44.0
_ROW_H = 31.0
_PAD_H = 50.0
_GOAL_H = 42.0
_PLAYER_H = 17.0
_BUTTON_COLS = 2
_BUTTON_ROWS = 2
_BUTTON_H = 22.0
#: compartment types in words (the components' codes: LAB, COM, CRN, EVA, LS, ANY)
TYPE_WORDS: tuple[str, ...] = ("lab", "comms", "crane", "space walk", "long stay", "any")
#: the columns of the participants' table: heading (two lines) and width
_COLUMNS = (
    ("ISS", "material", 50),
    ("outside", "material", 50),
    ("long", "stay", 38),
    ("tokens", "", 42),
    ("cubes", "", 38),
    ("on", "Earth", 38),
    ("shuttle", "cards", 46),
    ("experi-", "ments done", 62),
    ("hand:", "basic/medium/adv.", 110),
)
#: the sources of points in words (``view``'s ``points``)
_SOURCE_WORDS = {
    "installation": "installation",
    "external": "outside material",
    "long_stay": "long stay",
    "goals": "goals",
    "shuttles": "shuttle cards",
    "experiments": "experiments",
    "unplayed": "cards left in hand",
}
#: FEDOR's public counters, in words (what ``tell`` reports)
_FEDOR_WORDS = (
    ("iss_material", "ISS material"),
    ("external_material", "outside material"),
    ("long_stay", "long stay"),
    ("installation_tokens", "installation tokens"),
    ("cubes", "cubes"),
    ("astronauts_in_unity", "astronauts in Unity"),
    ("astronauts_on_earth", "astronauts on Earth"),
)
#: per-participant fields the inspector shows as they are
_PLAIN = frozenset({"unity", "reserve", "iss_mat", "ext_mat", "long_stay", "tokens", "cubes"})


def card_words(game: Game1998, c: int) -> str:
    """An experiment card with what it asks and gives: ``E1-03 basic · 3 points · needs crane ...``."""
    g = game.tables
    needs = " + ".join(TYPE_WORDS[t] for t in g.exp_needs[c])
    stuff = []
    if g.exp_iss[c]:
        stuff.append(f"{g.exp_iss[c]} ISS")
    if g.exp_ext[c]:
        stuff.append(f"{g.exp_ext[c]} outside")
    material = (" + ".join(stuff) + " material") if stuff else "no material"
    task = "long task" if g.exp_long[c] else "short task"
    return (
        f"{g.exp_name[c]} {level_text(g.exp_level[c])}: {g.exp_points[c]} points · needs {needs} · "
        f"{material} · {task}"
    )


class Board1998:
    """Draws a 1998 ISS position and turns clicks on cards, pads, goals and buttons into actions."""

    def __init__(self, game: Game) -> None:
        if not isinstance(game, Game1998):
            raise TypeError(f"the 1998 ISS board draws 1998 ISS games, not {game!r}")
        self.game: Game1998 = game
        self.P: int = game.tables.P
        self.colours: tuple[str, ...] = game.info.seat_colours
        total = len(game.tables.mod_name)
        self.station_rows: int = -(-total // _MOD_COLS)
        self.station_y: float = 24.0
        self.unity_y: float = self.station_y + 14 + self.station_rows * _MOD_H
        self.column_y: float = self.unity_y + 24
        self.pads_y: float = self.column_y + 4 * _ROW_H + 4
        self.goals_y: float = self.pads_y + _PAD_H + 4
        #: the goal cards' height: their longest text wrapped, never cut (the FEDOR panel in solo)
        self.goal_h: float = self._goal_height()
        self.players_y: float = self.goals_y + self.goal_h + 2
        self.hand_y: float = self.players_y + 28 + self.P * _PLAYER_H
        self.bar_y: float = self.hand_y + 58
        self.height: int = int(self.bar_y + 24 + _BUTTON_ROWS * (_BUTTON_H + 4) + 6)

    def _name(self, p: int) -> str:
        return FEDOR_NAME if p == self.game.tables.fedor else self.game.info.seat_names[p]

    def _colour(self, p: int) -> str:
        return self.colours[p % len(self.colours)]

    # --- the picture --------------------------------------------------------------------------------

    def scene(
        self, state: State, selected: Hashable | None = None, hints: bool = True, viewers: Viewers = ()
    ) -> Scene:
        """The board at ``state``; with ``hints`` the clickable places of the seat to act are ringed.

        Experiment cards in hand are written for the ``viewers`` only (the others: counts by level).
        """
        st = cast(State1998, state)
        cv = Canvas()
        self._header(cv, st)
        self._station(cv, st)
        self._column(cv, st)
        self._pads(cv, st)
        self._goals(cv, st)
        self._players(cv, st, frozenset(viewers))
        top = Canvas()
        plan = self._plan(st) if hints and st.current_player >= 0 else []
        # the choices are written only for the seat whose eyes the picture shows (a Conduct names a card)
        self._bar(top, st, plan, buttons=st.current_player in viewers)
        top.ring({k for k, _ in plan}, cv, _HINT, 2.5)
        return build_scene(WIDTH, self.height, cv, top, title=f"1998 ISS, move {st.move_number}")

    def _header(self, cv: Canvas, st: State1998) -> None:
        text = f"1998 ISS · {self.game.round_label(st.rounds)}"
        cp = st.current_player
        if st.phase == Phase.OVER:
            final = st.scores()
            text = "game over · points: " + ", ".join(f"{self._name(p)} {final[p]}" for p in range(self.P))
        elif cp >= 0 and cp != st.turn:
            text += f" · {self._name(cp)} to act"
            if st.turn >= 0:
                text += f" (in {self._name(st.turn)}'s turn)"
        elif st.turn >= 0:
            text += f" · {self._name(st.turn)}'s turn"
        if st.ending == 1 and st.phase != Phase.OVER:
            text += " · end triggered"
        elif st.ending == 2 and st.phase != Phase.OVER:
            text += " · final round"
        cv.add(Text(_X0, 11, fit(text, _INNER, 13), size=13, anchor="start", bold=True, fill=_INK))

    def _station(self, cv: Canvas, st: State1998) -> None:
        g = self.game.tables
        y0 = self.station_y
        h = self.unity_y + 20 - y0
        cv.add(Rect(_X0 - 2, y0, _INNER + 4, h, fill=_SPACE))
        cv.add(
            Text(
                _X0 + 4,
                y0 + 7,
                "the station (a compartment shows the astronaut in it; grey: token installed)",
                size=MIN_TEXT,
                anchor="start",
                fill=PALETTE.on_space,
            )
        )
        owner: dict[int, int] = {}
        for p, mask in enumerate(st.occ):
            for c in range(g.n_comps):
                if mask >> c & 1:
                    owner[c] = p
        for i, m in enumerate(st.station):
            x = _X0 + (i % _MOD_COLS) * _MOD_W + 2
            y = y0 + 14 + (i // _MOD_COLS) * _MOD_H
            w = _MOD_W - 4
            cv.add(Rect(x, y, w, _MOD_H - 3, fill="#e8eef6", stroke="#6b86b3", width=1.0))
            cv.add(Text(x + 3, y + 7, fit(g.mod_name[m], w - 6, MIN_TEXT), size=MIN_TEXT, anchor="start"))
            comps = g.mod_comps[m]
            cw = (w - 4) / max(1, len(comps))
            for j, c in enumerate(comps):
                cx, cy = x + 2 + j * cw, y + 15
                p = owner.get(c, -1)
                covered = bool(st.covered >> c & 1)
                fill = _TOKEN if covered else (self._colour(p) if p >= 0 else _PANEL)
                word = TYPE_WORDS[g.comp_type[c]]
                cv.add(Rect(cx + 1, cy, cw - 2, 24, fill=fill, stroke="#33415c", width=0.8))
                ink = (
                    "#ffffff"
                    if (p >= 0 and readable(self._colour(p)) == self._colour(p)) or covered
                    else _INK
                )
                lines = wrap(word, cw - 4, MIN_TEXT, 2)
                for k, line in enumerate(lines):
                    ly = cy + 12 + (k - (len(lines) - 1) / 2) * 11.0
                    cv.add(Text(cx + cw / 2, ly, line, size=MIN_TEXT, fill=ink))
                who = f", {self._name(p)}'s astronaut" if p >= 0 else ""
                done = ", token installed" if covered else ""
                cv.spot_rect(("comp", c), cx + 1, cy, cw - 2, 24, f"{g.comp_label[c]}{who}{done}")
        y = self.unity_y
        cv.add(
            Text(_X0 + 4, y + 9, "Unity:", size=MIN_TEXT, anchor="start", bold=True, fill=PALETTE.on_space)
        )
        x = _X0 + 48
        for p in range(self.P):
            cv.add(Circle(x + 6, y + 9, 6, fill=self._colour(p), stroke="#ffffff"))
            cv.add(Text(x + 16, y + 9, f"{st.unity[p]}", size=MIN_TEXT, anchor="start", fill="#ffffff"))
            x += 34
        text = f"installation tokens left {st.token_pool} · modules in the deck {len(st.module_pool)}"
        cv.add(Text(WIDTH - _X0 - 4, y + 9, text, size=MIN_TEXT, anchor="end", fill=PALETTE.on_space))

    def _card(self, cv: Canvas, st: State1998, a: int, x: float, y: float, w: float, earth: bool) -> None:
        g = self.game.tables
        fill = _EARTH_CARD if earth else _ISS_CARD
        cw = w - 28
        cv.add(Rect(x, y, cw, _ROW_H - 4, fill=fill, stroke="#6d7a8a", width=1.0))
        cv.add(Text(x + 4, y + 8, fit(ACTION_NAMES[a], cw - 22, MIN_TEXT), size=MIN_TEXT, anchor="start"))
        cv.add(
            Text(
                x + 4, y + 20, f"countdown {g.countdown_values[a]}", size=MIN_TEXT, anchor="start", fill=_DIM
            )
        )
        if st.doing == a and st.turn >= 0 and not st.in_extra:  # the cube of the turn's action card
            cv.add(Rect(x + cw - 17, y + 7, 13, 13, fill=self._colour(st.turn), stroke=_INK, width=0.8))
        cv.spot_rect(("card", a), x, y, cw, _ROW_H - 4, ACTION_NAMES[a])
        who = st.extra[a]
        ex = x + w - 25
        cv.add(Rect(ex, y + 2, 22, _ROW_H - 8, fill=_PANEL, stroke="#6d7a8a", width=1.0))
        if who >= 0:
            cv.add(Rect(ex + 4, y + 6, 14, 14, fill=self._colour(who), stroke=_INK, width=0.8))
        else:
            cv.add(Text(ex + 11, y + 13, "+", size=MIN_TEXT, fill=_DIM))
        cv.spot_rect(("extra", a), ex, y + 2, 22, _ROW_H - 8, f"extra-action space of {ACTION_NAMES[a]}")

    def _column(self, cv: Canvas, st: State1998) -> None:
        g = self.game.tables
        y0 = self.column_y
        cw, mw = 186.0, _INNER - 2 * 186.0
        if not st.earth or not st.iss:  # the column is dealt a card at a time
            cv.add(Text(_X0, y0 + 20, "the action cards are being dealt", size=MIN_TEXT, anchor="start"))
            return
        for slot in range(4):
            y = y0 + slot * _ROW_H
            self._card(cv, st, st.earth[slot], _X0, y, cw, True)
            self._card(cv, st, st.iss[slot], _X0 + cw + mw, y, cw, False)
            mx, bw = _X0 + cw + 2, mw - 4  # between the Earth card's extra space and the ISS card
            m = st.column[slot]
            cv.add(Rect(mx, y, bw, _ROW_H - 4, fill=_PANEL, stroke=PALETTE.frame, width=1.0))
            if m < 0:
                cv.add(Text(mx + 6, y + 13, "no module", size=MIN_TEXT, anchor="start", fill=_DIM))
                continue
            comps = ", ".join(TYPE_WORDS[g.comp_type[c]] for c in g.mod_comps[m])
            cv.add(
                Text(
                    mx + 6,
                    y + 8,
                    fit(f"{g.mod_name[m]}: {comps}", bw - 12, MIN_TEXT),
                    size=MIN_TEXT,
                    anchor="start",
                )
            )
            x = mx + 6
            for p, k in enumerate(st.ccubes[slot]):
                if k:
                    cv.add(Rect(x, y + 14, 10, 10, fill=self._colour(p), stroke=_INK, width=0.6))
                    cv.add(Text(x + 13, y + 19, str(k), size=MIN_TEXT, anchor="start"))
                    x += 28
            cv.spot_rect(("module", slot), mx, y, bw, _ROW_H - 4, f"module {g.mod_name[m]}")

    def _pads(self, cv: Canvas, st: State1998) -> None:
        g = self.game.tables
        y = self.pads_y
        w = _INNER / 2 - 4
        for n in (0, 1):
            x = _X0 + n * (w + 8)
            cv.add(Rect(x, y, w, _PAD_H, fill=_PANEL, stroke="#6d7a8a", width=1.0))
            t = st.pad[n]
            if t < 0:
                title = f"{NATION_NAMES[n]} pad: empty ({st.shuttle_left[n]} shuttle cards left)"
                cv.add(
                    Text(x + 6, y + 9, fit(title, w - 12, MIN_TEXT), size=MIN_TEXT, anchor="start", bold=True)
                )
                cv.spot_rect(("pad", n), x, y, w, _PAD_H, f"{NATION_NAMES[n]} pad")
                continue
            cargo = [k for k, on in (("materials", g.sh_mat[t]), ("a module", g.sh_mod[t])) if on]
            title = f"{NATION_NAMES[n]} pad: {SHUTTLE_NAMES[t]} · {st.shuttle_left[n]} cards left"
            cv.add(Text(x + 6, y + 9, fit(title, w - 36, MIN_TEXT), size=MIN_TEXT, anchor="start", bold=True))
            cv.add(Circle(x + w - 16, y + 13, 10, fill="#c62828"))
            cv.add(Text(x + w - 16, y + 13, str(st.countdown[n]), size=12, bold=True, fill="#ffffff"))
            seats = f"{g.sh_seats[t]} seats" if g.sh_seats[t] else "no seats"
            info = f"{seats}, takes {' and '.join(cargo) or 'no cargo'}"
            cv.add(Text(x + 6, y + 22, fit(info, w - 36, MIN_TEXT), size=MIN_TEXT, anchor="start", fill=_DIM))
            cx = x + 6
            for p in range(self.P):
                a, m = st.cargo_astro[n][p], st.cargo_mat[n][p]
                if a or m:
                    cv.add(Rect(cx, y + 31, 10, 10, fill=self._colour(p), stroke=_INK, width=0.6))
                    cv.add(Text(cx + 13, y + 37, f"{a} astr. {m} mat.", size=MIN_TEXT, anchor="start"))
                    cx += 92
            cv.spot_rect(("pad", n), x, y, w, _PAD_H, f"{NATION_NAMES[n]} pad")

    def _goals(self, cv: Canvas, st: State1998) -> None:
        g = self.game.tables
        y = self.goals_y
        if g.solo:
            top = st.fedor_top
            back = NATION_NAMES[g.f_back[top]] if top >= 0 else "none"
            deck = len(st.fedor_pool) + (1 if top >= 0 else 0)
            text = f"{FEDOR_NAME}'s deck: {deck} cards; the next card's back: {back}"
            last = st.fedor_card if st.fedor_card >= 0 else (st.fedor_discard[-1] if st.fedor_discard else -1)
            doing = (
                f"{FEDOR_NAME}'s card: {g.f_label[last]}"
                if last >= 0
                else f"{FEDOR_NAME} has played no card yet"
            )
            cv.add(Rect(_X0, y, _INNER, self.goal_h - 4, fill=_PANEL, stroke=PALETTE.frame, width=1.0))
            cv.add(Text(_X0 + 6, y + 10, fit(text, _INNER - 12, MIN_TEXT), size=MIN_TEXT, anchor="start"))
            cv.add(
                Text(
                    _X0 + 6,
                    y + 26,
                    fit(doing, _INNER - 12, MIN_TEXT),
                    size=MIN_TEXT,
                    anchor="start",
                    bold=True,
                )
            )
            return
        w = self._goal_w()
        for i, goal in enumerate(st.goals):
            x = _X0 + i * w
            who = st.goal_owner[i]
            fill = self._colour(who) if who >= 0 else _PANEL
            h = self.goal_h - 4
            cv.add(Rect(x + 2, y, w - 4, h, fill=fill, stroke=PALETTE.frame, width=1.0, alpha=0.9))
            for j, (line, bold) in enumerate(self._goal_lines(goal, self._name(who) if who >= 0 else "", w)):
                cv.add(Text(x + 6, y + 8 + 11 * j, line, size=MIN_TEXT, anchor="start", bold=bold))
            req = GOALS[goal][2].format(g.goal_threshold[goal])
            cv.spot_rect(("goal", i), x + 2, y, w - 4, self.goal_h - 4, f"goal {GOALS[goal][0]}: {req}")

    def _goal_w(self) -> float:
        """The width of a goal card: the goals in play share the row."""
        return _INNER / max(1, self.game.tables.goals_in_play)

    def _goal_lines(self, goal: int, owner: str, w: float) -> list[tuple[str, bool]]:
        """A goal card's lines, (text, bold): its name (and who claimed it), then what it asks, all of it."""
        title = GOALS[goal][0] + (f" ({owner})" if owner else "")
        req = GOALS[goal][2].format(self.game.tables.goal_threshold[goal])
        return [(line, True) for line in wrap(title, w - 12, MIN_TEXT, 9)] + [
            (line, False) for line in wrap(req, w - 12, MIN_TEXT, 9)
        ]

    def _goal_height(self) -> float:
        """The goal row's height: the card with the most lines, any goal claimed by any seat (never cut)."""
        g = self.game.tables
        if g.solo or not g.goals_in_play:
            return _GOAL_H
        w = self._goal_w()
        names = [self._name(p) for p in range(g.n)]
        lines = max(len(self._goal_lines(goal, name, w)) for goal in range(len(GOALS)) for name in names)
        return max(_GOAL_H, 8 + 11 * lines)

    def _players(self, cv: Canvas, st: State1998, viewers: frozenset[int]) -> None:
        g = self.game.tables
        y = self.players_y
        xs = []
        x = _X0 + 84
        for top, bottom, w in _COLUMNS:
            cv.add(Text(x, y + 6, top, size=MIN_TEXT, anchor="start", fill=_DIM))
            cv.add(Text(x, y + 17, bottom, size=MIN_TEXT, anchor="start", fill=_DIM))
            xs.append(x)
            x += w
        for p in range(self.P):
            ry = y + 26 + p * _PLAYER_H
            cv.add(Rect(_X0, ry + 1, 11, 11, fill=self._colour(p), stroke=_INK, width=0.6))
            bold = p == st.current_player
            cv.add(Text(_X0 + 15, ry + 6.5, self._name(p), size=MIN_TEXT, anchor="start", bold=bold))
            hand = st.hands[p]
            levels = "/".join(str(sum(1 for c in hand if g.exp_level[c] == v)) for v in (1, 2, 3))
            cells = (
                st.iss_mat[p],
                st.ext_mat[p],
                st.long_stay[p],
                st.tokens[p],
                st.cubes[p],
                st.reserve[p],
                sum(st.won[p]),
                len(st.played[p]),
                f"{len(hand)} ({levels})",
            )
            for cx, value in zip(xs, cells, strict=True):
                cv.add(Text(cx + 4, ry + 6.5, str(value), size=MIN_TEXT, anchor="start"))
        y = self.hand_y
        seat = next(iter(sorted(viewers)), None)
        if seat is None or seat >= g.n:
            cv.add(
                Text(
                    _X0,
                    y + 8,
                    "experiment cards: hidden (counts above)",
                    size=MIN_TEXT,
                    anchor="start",
                    fill=_DIM,
                )
            )
            return
        own = list(st.hands[seat])
        drawn = list(st.drawn) if st.drawn and st.turn == seat else []
        title = f"{self._name(seat)}'s experiments ({len(own)})" + ("" if own else ": none")
        if drawn:
            title += f" · just drawn ({len(drawn)}), to keep or return: marked 'drawn'"
        cv.add(Text(_X0, y + 6, fit(title, _INNER, MIN_TEXT), size=MIN_TEXT, anchor="start", bold=True))
        cards = [(c, False) for c in own] + [(c, True) for c in drawn]
        cw = _INNER / max(3, len(cards))
        for i, (c, new) in enumerate(cards):
            x = _X0 + i * cw
            cv.add(
                Rect(
                    x + 1,
                    y + 13,
                    cw - 2,
                    42,
                    fill="#fff8e1" if new else _PANEL,
                    stroke=PALETTE.frame,
                    width=1.0,
                )
            )
            mark = "drawn: " if new else ""
            head = f"{mark}{g.exp_name[c]} {level_text(g.exp_level[c])} · {g.exp_points[c]} points"
            words = card_words(self.game, c).split(" · ", 2)[-1]  # what it needs, its material and task
            cv.add(Text(x + 4, y + 21, fit(head, cw - 8, MIN_TEXT), size=MIN_TEXT, anchor="start", bold=new))
            for j, line in enumerate(wrap(words, cw - 8, MIN_TEXT, 2)):
                cv.add(Text(x + 4, y + 34 + 11 * j, line, size=MIN_TEXT, anchor="start", fill=_DIM))

    def _bar(self, cv: Canvas, st: State1998, plan: list[tuple[Key, Action]], buttons: bool) -> None:
        y = self.bar_y
        cv.add(
            Rect(_X0 - 2, y, _INNER + 4, self.height - y - 4, fill="#e6ecf4", stroke=PALETTE.frame, width=1.0)
        )
        cp = st.current_player
        if st.phase == Phase.OVER:
            win = st.winners()
            text = "winner: " + (", ".join(self._name(p) for p in win) if win else FEDOR_NAME)
        elif cp < 0:
            text = "next: a draw (chance)"
        else:
            text = f"{self._name(cp)}: {PHASE_TEXT[st.phase]}"
            if plan:
                text += " (click a ringed place or a button)"
        cv.add(Text(_X0 + 4, y + 11, fit(text, _INNER - 8, 12), size=12, anchor="start", bold=True))
        choices = [a for key, a in plan if key[0] == "do"] if buttons else []
        most = _BUTTON_COLS * _BUTTON_ROWS
        shown = choices[:most] if len(choices) <= most else choices[: most - 1]
        w = _INNER / _BUTTON_COLS
        labels = fit_distinct([self.game.describe_action(a, cp) for a in shown], w - 12, MIN_TEXT)
        for i, (action, label) in enumerate(zip(shown, labels, strict=True)):
            bx = _X0 + (i % _BUTTON_COLS) * w + 2
            by = y + 24 + (i // _BUTTON_COLS) * (_BUTTON_H + 4)
            cv.add(Rect(bx, by, w - 4, _BUTTON_H, fill=PALETTE.button))
            cv.add(Text(bx + 4, by + _BUTTON_H / 2, label, size=MIN_TEXT, anchor="start", fill="#ffffff"))
            cv.spot_rect(("do", action), bx, by, w - 4, _BUTTON_H, self.game.describe_action(action, cp))
        if len(choices) > len(shown):
            bx = _X0 + (len(shown) % _BUTTON_COLS) * w + 2
            by = y + 24 + (len(shown) // _BUTTON_COLS) * (_BUTTON_H + 4)
            more = f"{len(choices) - len(shown)} more choices: in the list of moves"
            cv.add(Text(bx + 4, by + _BUTTON_H / 2, more, size=MIN_TEXT, anchor="start", fill=_DIM))

    def summary(self, state: State) -> list[str]:
        """The game-over panel's lead: each participant's points by source, and its hand revealed."""
        st = cast(State1998, state)
        g = self.game.tables
        final = st.scores()
        view = st.view(0)
        out = []
        order = sorted(range(self.P), key=lambda p: -final[p])
        for p in order:
            pts = view["players"][p]["points"]
            parts = ", ".join(f"{_SOURCE_WORDS.get(k, k)} {v}" for k, v in pts.items() if v)
            out.append(f"{self._name(p)} {final[p]} points: {parts or 'none'}")
            hand = st.hands[p]
            if hand and p < g.n:  # at the end the hands are shown: unplayed cards cost points
                cards = "; ".join(f"{g.exp_name[c]} {level_text(g.exp_level[c])}" for c in hand)
                out.append(f"{self._name(p)}'s hand: {cards}")
        return out

    # --- what FEDOR did (the automaton makes no decision, so no action of its own tells it) -------------

    def tell(self, before: State, after: State, seat: int | None) -> str:
        """What FEDOR did in the step from ``before`` to ``after``, in public facts (solo only).

        FEDOR's turn runs inside the engine's steps (its card, its action, its countdown), so the
        log would say only "the next FEDOR card shows a US back". This names the card FEDOR played
        and what it gained, from the view every seat has: ``"FEDOR plays Long Stay (RU): long stay
        2 → 4, points 5 → 7"``.
        """
        b, a = cast(State1998, before), cast(State1998, after)
        g = self.game.tables
        if not g.solo:
            return ""
        f = g.fedor
        card = a.fedor_discard[-1] if a.fedor_discard and a.fedor_discard != b.fedor_discard else -1
        fields = ("iss_mat", "ext_mat", "long_stay", "tokens", "cubes", "unity", "reserve", "played", "won")
        if card < 0 and all(getattr(b, k)[f] == getattr(a, k)[f] for k in fields):
            return ""
        eyes = 0 if seat is None else seat
        old, new = b.view(eyes)["players"][f], a.view(eyes)["players"][f]
        parts = []
        for key, words in _FEDOR_WORDS:
            if old[key] != new[key]:
                parts.append(f"{words} {old[key]} → {new[key]}")
        done = [e for e in new["experiments_done"] if e not in old["experiments_done"]]
        if done:
            parts.append("experiment " + ", ".join(done) + " done")
        if old["points"] != new["points"]:
            parts.append(f"points {sum(old['points'].values())} → {sum(new['points'].values())}")
        head = f"{FEDOR_NAME} plays {g.f_label[card]}" if card >= 0 else FEDOR_NAME
        return head + (": " + ", ".join(parts) if parts else "")

    # --- what a click means ---------------------------------------------------------------------------

    def _key(self, action: Action) -> Key:
        """The place whose click gives ``action``; ("do", action) for a button."""
        kind = type(action)
        if kind is Place:
            a = ACTION_NAMES.index(action.card)
            return ("extra", a) if action.extra else ("card", a)
        if kind is PlaceExtra:
            return ("extra", ACTION_NAMES.index(action.card))
        if kind in (Train, Countdown, Cargo):
            return ("pad", SHUTTLE_NATION[SHUTTLE_NAMES.index(action.shuttle)])
        return ("do", action)

    def _plan(self, st: State1998) -> list[tuple[Key, Action]]:
        """Every legal action of the seat to act with the click that gives it."""
        if st.current_player < 0:
            return []
        out: list[tuple[Key, Action]] = []
        names = [GOALS[goal][0] for goal in st.goals]
        for action in st.legal_actions():
            if type(action) is Claim:
                out.append((("goal", names.index(action.goal)), action))
            else:
                out.append((self._key(action), action))
        return out

    def _meant(self, st: State1998, key: Key) -> Action | None:
        """The action a click on ``key`` would mean, for the engine to say why it is refused."""
        seat = st.current_player
        t = key[0]
        if t == "card":
            return Place(seat, ACTION_NAMES[key[1]], False)
        if t == "extra":
            if st.phase == Phase.PLACE_EXTRA:
                return PlaceExtra(seat, ACTION_NAMES[key[1]])
            return Place(seat, ACTION_NAMES[key[1]], True)
        if t == "goal" and key[1] < len(st.goals):
            return Claim(seat, GOALS[st.goals[key[1]]][0])
        if t == "pad" and st.pad[key[1]] >= 0:
            return Train(seat, SHUTTLE_NAMES[st.pad[key[1]]])
        return None

    def click(self, state: State, selected: Hashable | None, key: Hashable | None) -> Click:
        """A click on an action card, an extra-action space, a pad, a goal or a button."""
        st = cast(State1998, state)
        if (refused := no_click_now(st, None, "a draw comes first: the next step is chance")) is not None:
            return refused
        if not isinstance(key, tuple) or not key:
            return Click(
                message="nothing to click there: click an action card, a pad, a goal or a button", ok=False
            )
        chosen = [a for k, a in self._plan(st) if k == key]
        if chosen:
            more = len(chosen) - 1
            return Click(
                action=chosen[0],
                message=f"{more} other choices there are in the list of moves" if more else "",
            )
        if key[0] == "do":
            reason = st.why_illegal(key[1]) or "not a legal action now"
            return Click(message=f"not a legal click: {reason}", ok=False)
        meant = self._meant(st, key)
        why = st.why_illegal(meant) if meant is not None else None
        if why is None:
            why = f"no legal action of {self._name(st.current_player)} at {self.place_name(key)}"
        return Click(message=f"not a legal click: {why}", ok=False)

    def place_name(self, key: Hashable) -> str:
        """A place in words: ``the Long Stay card``, ``the US pad``, ``goal Installer``."""
        if not isinstance(key, tuple) or not key:
            return str(key)
        t = key[0]
        if t == "card":
            return f"the {ACTION_NAMES[key[1]]} card"
        if t == "extra":
            return f"the extra-action space of {ACTION_NAMES[key[1]]}"
        if t == "pad":
            return f"the {NATION_NAMES[key[1]]} pad"
        if t == "goal":
            return f"goal {key[1] + 1}"
        if t == "module":
            return f"module space {key[1] + 1}"
        if t == "comp":
            return self.game.tables.comp_label[key[1]]
        if t == "do":
            return str(key[1])
        return str(key)

    def format_value(self, field: str, value: Any) -> Any:
        """Per-seat fields in words for the inspector: a hand as a count, never its cards."""
        if field in ("hands", "played"):
            return f"{len(value)} card{'s' if len(value) != 1 else ''}"
        if isinstance(value, int) and field in _PLAIN:
            return value
        return None


#: the board class the game view finds by convention
BOARD: Callable[[Game], Board] = Board1998
