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
from isslab.games.iss_1998.components import NATION_NAMES, SHUTTLE_NATION, TYPE_CODES
from isslab.games.iss_1998.phases import PHASE_TEXT
from isslab_widgets.boards import Board, Click
from isslab_widgets.scene import Circle, Rect, Region, Scene, Shape, Text

__all__ = ["BOARD", "MIN_TEXT", "WIDTH", "ISS1998Board"]

#: the smallest text drawn, in pixels
MIN_TEXT = 11
#: the picture's width in pixels
WIDTH = 630

Key = tuple[Any, ...]
_BG = "#f3f5f8"
_INK = "#1b1f24"
_DIM = "#5b6370"
_PANEL = "#ffffff"
_HINT = "#f59f00"
_SPACE = "#0f1d33"
_TOKEN = "#9e9e9e"
_EARTH_CARD = "#dcebd9"
_ISS_CARD = "#dde7f3"
_X0 = 10.0
_INNER = WIDTH - 2 * _X0
_MOD_COLS = 5
_MOD_W = _INNER / _MOD_COLS
_MOD_H = 44.0
_ROW_H = 34.0
_PAD_H = 58.0
_GOAL_H = 34.0
_PLAYER_H = 20.0
_BUTTONS = 8
_BUTTON_H = 22.0
#: per-participant fields the inspector shows as they are
_PLAIN = frozenset({"unity", "reserve", "iss_mat", "ext_mat", "long_stay", "tokens", "cubes"})


def _fit(text: str, width: float, size: float = MIN_TEXT) -> str:
    """``text`` cut to about ``width`` pixels (0.56 em a character), with an ellipsis."""
    most = max(3, int(width / (0.56 * size)))
    return text if len(text) <= most else text[: most - 1] + "…"


class _Canvas:
    """The shapes and clickable regions of one scene."""

    def __init__(self) -> None:
        self.shapes: list[Shape] = []
        self.regions: list[Region] = []
        self.boxes: dict[Key, tuple[float, float, float, float]] = {}

    def add(self, *shapes: Shape) -> None:
        self.shapes.extend(shapes)

    def spot(self, key: Key, x: float, y: float, w: float, h: float, label: str) -> None:
        """A clickable rectangle, covered by discs (regions are discs)."""
        r = min(w, h) / 2
        k = max(1, round(w / h)) if w >= h else 1
        step = (w - 2 * r) / (k - 1) if k > 1 else 0.0
        self.regions += [Region(key, x + r + i * step, y + h / 2, r * 1.05, label) for i in range(k)]
        self.boxes[key] = (x, y, w, h)


class ISS1998Board:
    """Draws a 1998 ISS position and turns clicks on cards, pads, goals and buttons into actions."""

    def __init__(self, game: Game) -> None:
        if not isinstance(game, Game1998):
            raise TypeError(f"the 1998 ISS board draws 1998 ISS games, not {game!r}")
        self.game: Game1998 = game
        self.P: int = game.P
        self.colours: tuple[str, ...] = game.info.seat_colours
        total = len(game.mod_name)
        self.station_rows: int = -(-total // _MOD_COLS)
        self.station_y: float = 26.0
        self.unity_y: float = self.station_y + 14 + self.station_rows * _MOD_H
        self.column_y: float = self.unity_y + 26
        self.pads_y: float = self.column_y + 4 * _ROW_H + 6
        self.goals_y: float = self.pads_y + _PAD_H + 4
        self.players_y: float = self.goals_y + _GOAL_H + 4
        self.hand_y: float = self.players_y + 16 + self.P * _PLAYER_H
        self.bar_y: float = self.hand_y + 60
        self.height: int = int(self.bar_y + 28 + 2 * (_BUTTON_H + 4) + 6)

    def _name(self, p: int) -> str:
        return FEDOR_NAME if p == self.game.fedor else self.game.info.seat_names[p]

    def _colour(self, p: int) -> str:
        return self.colours[p % len(self.colours)]

    # --- the picture --------------------------------------------------------------------------------

    def scene(
        self,
        state: State,
        selected: Hashable | None = None,
        hints: bool = True,
        viewers: tuple[int, ...] = (),
    ) -> Scene:
        """The board at ``state``; with ``hints`` the clickable places of the seat to act are ringed.

        Experiment cards in hand are written for the ``viewers`` only (the others: counts by level).
        """
        st = cast(State1998, state)
        cv = _Canvas()
        self._header(cv, st)
        self._station(cv, st)
        self._column(cv, st)
        self._pads(cv, st)
        self._goals(cv, st)
        self._players(cv, st, frozenset(viewers))
        top = _Canvas()
        plan = self._plan(st) if hints and st.current_player >= 0 else []
        # the choices are written only for the seat whose eyes the picture shows (a Conduct names a card)
        self._bar(top, st, plan, buttons=st.current_player in viewers)
        for key in {k for k, _ in plan}:
            box = cv.boxes.get(key)
            if box is not None:
                x, y, w, h = box
                top.add(Rect(x - 2, y - 2, w + 4, h + 4, stroke=_HINT, width=2.5))
        return Scene(
            WIDTH,
            self.height,
            {"background": (), "board": tuple(cv.shapes), "pieces": tuple(top.shapes)},
            tuple(cv.regions + top.regions),
            title=f"1998 ISS, move {st.move_number}",
            background=_BG,
        )

    def _header(self, cv: _Canvas, st: State1998) -> None:
        g = self.game
        text = f"1998 ISS · {g.round_label(st.rounds)}"
        if st.turn >= 0:
            text += f" · {self._name(st.turn)}'s turn"
        if st.ending == 1:
            text += " · end triggered"
        elif st.ending == 2:
            text += " · final round"
        if st.phase == Phase.OVER:
            final = st.scores()
            text = "game over: " + ", ".join(f"{self._name(p)} {final[p]}" for p in range(self.P))
        cv.add(Text(_X0, 12, _fit(text, _INNER, 13), size=13, anchor="start", bold=True, fill=_INK))

    def _station(self, cv: _Canvas, st: State1998) -> None:
        g = self.game
        y0 = self.station_y
        h = self.unity_y + 22 - y0
        cv.add(Rect(_X0 - 2, y0, _INNER + 4, h, fill=_SPACE))
        cv.add(Text(_X0 + 4, y0 + 7, "the station", size=MIN_TEXT, anchor="start", fill="#c8d3e6"))
        owner: dict[int, int] = {}
        for p, mask in enumerate(st.occ):
            for c in range(g.n_comps):
                if mask >> c & 1:
                    owner[c] = p
        for i, m in enumerate(st.station):
            x = _X0 + (i % _MOD_COLS) * _MOD_W + 2
            y = y0 + 14 + (i // _MOD_COLS) * _MOD_H
            w = _MOD_W - 4
            cv.add(Rect(x, y, w, _MOD_H - 4, fill="#e8eef6", stroke="#6b86b3", width=1.0))
            cv.add(Text(x + 4, y + 8, _fit(g.mod_name[m], w - 8), size=MIN_TEXT, anchor="start", fill=_INK))
            comps = g.mod_comps[m]
            cw = (w - 8) / max(1, len(comps))
            for j, c in enumerate(comps):
                cx, cy = x + 4 + j * cw, y + 16
                p = owner.get(c, -1)
                covered = bool(st.covered >> c & 1)
                fill = _TOKEN if covered else (self._colour(p) if p >= 0 else _PANEL)
                label = TYPE_CODES[g.comp_type[c]] + (" T" if covered else "")
                cv.add(Rect(cx + 1, cy, cw - 2, 20, fill=fill, stroke="#33415c", width=0.8))
                ink = "#ffffff" if p >= 0 and not covered else _INK
                cv.add(Text(cx + cw / 2, cy + 10, label, size=MIN_TEXT, fill=ink))
                cv.spot(("comp", c), cx + 1, cy, cw - 2, 20, g.comp_label[c])
        y = self.unity_y
        cv.add(Text(_X0 + 4, y + 9, "Unity:", size=MIN_TEXT, anchor="start", bold=True, fill="#c8d3e6"))
        x = _X0 + 52
        for p in range(self.P):
            cv.add(Circle(x + 7, y + 9, 7, fill=self._colour(p), stroke="#ffffff"))
            cv.add(Text(x + 18, y + 9, f"{st.unity[p]}", size=MIN_TEXT, anchor="start", fill="#ffffff"))
            x += 40
        text = f"tokens in pool {st.token_pool} · module deck {len(st.module_pool)}"
        cv.add(Text(WIDTH - _X0 - 4, y + 9, text, size=MIN_TEXT, anchor="end", fill="#c8d3e6"))

    def _card(self, cv: _Canvas, st: State1998, a: int, x: float, y: float, w: float, earth: bool) -> None:
        g = self.game
        fill = _EARTH_CARD if earth else _ISS_CARD
        cv.add(Rect(x, y, w - 30, _ROW_H - 4, fill=fill, stroke="#6d7a8a", width=1.0))
        cv.add(Text(x + 4, y + 9, _fit(ACTION_NAMES[a], w - 40), size=MIN_TEXT, anchor="start", fill=_INK))
        cv.add(
            Text(
                x + 4, y + 22, f"countdown {g.countdown_values[a]}", size=MIN_TEXT, anchor="start", fill=_DIM
            )
        )
        cv.spot(("card", a), x, y, w - 30, _ROW_H - 4, ACTION_NAMES[a])
        who = st.extra[a]
        ex = x + w - 27
        cv.add(Rect(ex, y + 3, 24, _ROW_H - 10, fill=_PANEL, stroke="#6d7a8a", width=1.0))
        if who >= 0:
            cv.add(Rect(ex + 5, y + 7, 14, 14, fill=self._colour(who), stroke=_INK, width=0.8))
        else:
            cv.add(Text(ex + 12, y + 15, "+", size=MIN_TEXT, fill=_DIM))
        cv.spot(("extra", a), ex, y + 3, 24, _ROW_H - 10, f"extra action of {ACTION_NAMES[a]}")

    def _column(self, cv: _Canvas, st: State1998) -> None:
        g = self.game
        y0 = self.column_y
        cw, mw = 190.0, _INNER - 2 * 190.0
        if not st.earth or not st.iss:  # the column is dealt a card at a time
            cv.add(Text(_X0, y0 + 20, "the action cards are not dealt yet", size=MIN_TEXT, anchor="start"))
            return
        for slot in range(4):
            y = y0 + slot * _ROW_H
            self._card(cv, st, st.earth[slot], _X0, y, cw, True)
            self._card(cv, st, st.iss[slot], _X0 + cw + mw, y, cw, False)
            mx, bw = _X0 + cw + 2, mw - 4  # between the Earth card's extra space and the ISS card
            m = st.column[slot]
            cv.add(Rect(mx, y, bw, _ROW_H - 4, fill=_PANEL, stroke="#aab6c8", width=1.0))
            if m < 0:
                cv.add(Text(mx + 6, y + 15, "no module", size=MIN_TEXT, anchor="start", fill=_DIM))
                continue
            comps = "/".join(TYPE_CODES[g.comp_type[c]] for c in g.mod_comps[m])
            cv.add(
                Text(mx + 6, y + 9, _fit(f"{g.mod_name[m]} {comps}", bw - 12), size=MIN_TEXT, anchor="start")
            )
            x = mx + 6
            for p, k in enumerate(st.ccubes[slot]):
                if k:
                    cv.add(Rect(x, y + 16, 11, 11, fill=self._colour(p), stroke=_INK, width=0.6))
                    cv.add(Text(x + 14, y + 22, str(k), size=MIN_TEXT, anchor="start"))
                    x += 30
            cv.spot(("module", slot), mx, y, bw, _ROW_H - 4, f"module {g.mod_name[m]}")

    def _pads(self, cv: _Canvas, st: State1998) -> None:
        g = self.game
        y = self.pads_y
        w = _INNER / 2 - 4
        for n in (0, 1):
            x = _X0 + n * (w + 8)
            cv.add(Rect(x, y, w, _PAD_H, fill=_PANEL, stroke="#6d7a8a", width=1.0))
            t = st.pad[n]
            if t < 0:
                title = f"{NATION_NAMES[n]} pad: empty ({st.shuttle_left[n]} cards left)"
                cv.add(Text(x + 6, y + 10, title, size=MIN_TEXT, anchor="start", bold=True))
                cv.spot(("pad", n), x, y, w, _PAD_H, f"{NATION_NAMES[n]} pad")
                continue
            kinds = [
                k
                for k, on in (("seats", g.sh_seats[t]), ("materials", g.sh_mat[t]), ("module", g.sh_mod[t]))
                if on
            ]
            title = f"{NATION_NAMES[n]} pad: {SHUTTLE_NAMES[t]}"
            cv.add(Text(x + 6, y + 10, title, size=MIN_TEXT, anchor="start", bold=True))
            cv.add(Circle(x + w - 20, y + 14, 11, fill="#c62828"))
            cv.add(Text(x + w - 20, y + 14, str(st.countdown[n]), size=12, bold=True, fill="#ffffff"))
            seats = f"{g.sh_seats[t]} seats" if g.sh_seats[t] else "no seats"
            info = f"{seats}; {'/'.join(kinds[1:]) or 'no cargo'} · {st.shuttle_left[n]} left"
            cv.add(Text(x + 6, y + 25, _fit(info, w - 40), size=MIN_TEXT, anchor="start", fill=_DIM))
            cx = x + 6
            for p in range(self.P):
                a, m = st.cargo_astro[n][p], st.cargo_mat[n][p]
                if a or m:
                    cv.add(Rect(cx, y + 36, 11, 11, fill=self._colour(p), stroke=_INK, width=0.6))
                    cv.add(Text(cx + 14, y + 42, f"{a}a {m}m", size=MIN_TEXT, anchor="start"))
                    cx += 62
            cv.spot(("pad", n), x, y, w, _PAD_H, f"{NATION_NAMES[n]} pad")

    def _goals(self, cv: _Canvas, st: State1998) -> None:
        g = self.game
        y = self.goals_y
        if g.solo:
            top = st.fedor_top
            back = ("RU", "US")[g.f_back[top]] if top >= 0 else "-"
            deck = len(st.fedor_pool) + (1 if top >= 0 else 0)
            text = f"{FEDOR_NAME}: deck {deck} cards, next back {back}"
            if st.fedor_card >= 0:
                text += f", doing {g.f_label[st.fedor_card]}"
            cv.add(Rect(_X0, y, _INNER, _GOAL_H - 4, fill=_PANEL, stroke="#aab6c8", width=1.0))
            cv.add(Text(_X0 + 6, y + 15, _fit(text, _INNER - 12), size=MIN_TEXT, anchor="start"))
            return
        k = max(1, len(st.goals))
        w = _INNER / k
        for i, goal in enumerate(st.goals):
            x = _X0 + i * w
            who = st.goal_owner[i]
            fill = self._colour(who) if who >= 0 else _PANEL
            cv.add(Rect(x + 2, y, w - 4, _GOAL_H - 4, fill=fill, stroke="#aab6c8", width=1.0, alpha=0.9))
            cv.add(Text(x + 6, y + 9, _fit(GOALS[goal][0], w - 12), size=MIN_TEXT, anchor="start", bold=True))
            req = GOALS[goal][2].format(g.goal_threshold[goal])
            cv.add(Text(x + 6, y + 22, _fit(req, w - 12), size=MIN_TEXT, anchor="start", fill=_INK))
            cv.spot(("goal", i), x + 2, y, w - 4, _GOAL_H - 4, f"goal {GOALS[goal][0]}")

    def _players(self, cv: _Canvas, st: State1998, viewers: frozenset[int]) -> None:
        g = self.game
        y = self.players_y
        head = "ISS ext stay tok cubes earth shuttles done hand"
        cv.add(Text(_X0 + 80, y + 6, head, size=MIN_TEXT, anchor="start", fill=_DIM, mono=True))
        for p in range(self.P):
            ry = y + 12 + p * _PLAYER_H
            cv.add(Rect(_X0, ry, 12, 12, fill=self._colour(p), stroke=_INK, width=0.6))
            bold = p == st.turn
            cv.add(Text(_X0 + 16, ry + 6, self._name(p), size=MIN_TEXT, anchor="start", bold=bold))
            hand = st.hands[p]
            levels = "/".join(str(sum(1 for c in hand if g.exp_level[c] == v)) for v in (1, 2, 3))
            cells = (
                f"{st.iss_mat[p]:>3} {st.ext_mat[p]:>3} {st.long_stay[p]:>4} {st.tokens[p]:>3} "
                f"{st.cubes[p]:>5} {st.reserve[p]:>5} {sum(st.won[p]):>8} {len(st.played[p]):>4} "
                f"{len(hand)} ({levels})"
            )
            cv.add(Text(_X0 + 80, ry + 6, cells, size=MIN_TEXT, anchor="start", mono=True))
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
        hand = st.hands[seat]
        title = f"{self._name(seat)}'s experiments ({len(hand)})" + ("" if hand else ": none")
        if st.drawn and st.turn == seat:
            title += " · drawn: " + ", ".join(f"{g.exp_name[c]} L{g.exp_level[c]}" for c in st.drawn)
        cv.add(Text(_X0, y + 7, _fit(title, _INNER), size=MIN_TEXT, anchor="start", bold=True))
        w = _INNER / max(4, len(hand))
        for i, c in enumerate(hand):
            x = _X0 + i * w
            cv.add(Rect(x + 1, y + 15, w - 2, 38, fill=_PANEL, stroke="#aab6c8", width=1.0))
            line1 = f"{g.exp_name[c]} L{g.exp_level[c]} · {g.exp_points[c]} pts"
            needs = ",".join(TYPE_CODES[t] for t in g.exp_needs[c])
            task = "long" if g.exp_long[c] else "short"
            line2 = f"{needs} · {g.exp_iss[c]}+{g.exp_ext[c]} mat · {task}"
            cv.add(Text(x + 5, y + 25, _fit(line1, w - 10), size=MIN_TEXT, anchor="start"))
            cv.add(Text(x + 5, y + 42, _fit(line2, w - 10), size=MIN_TEXT, anchor="start", fill=_DIM))

    def _bar(self, cv: _Canvas, st: State1998, plan: list[tuple[Key, Action]], buttons: bool) -> None:
        y = self.bar_y
        cv.add(Rect(_X0 - 2, y, _INNER + 4, self.height - y - 4, fill="#e6ecf4", stroke="#aab6c8", width=1.0))
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
        cv.add(Text(_X0 + 4, y + 12, _fit(text, _INNER - 8), size=12, anchor="start", bold=True))
        choices = [a for key, a in plan if key[0] == "do"] if buttons else []
        w = _INNER / 4
        for i, action in enumerate(choices[:_BUTTONS]):
            bx = _X0 + (i % 4) * w + 2
            by = y + 26 + (i // 4) * (_BUTTON_H + 4)
            label = self.game.describe_action(action, cp)
            cv.add(Rect(bx, by, w - 4, _BUTTON_H, fill="#27476e"))
            cv.add(
                Text(
                    bx + 4,
                    by + _BUTTON_H / 2,
                    _fit(label, w - 12),
                    size=MIN_TEXT,
                    anchor="start",
                    fill="#ffffff",
                )
            )
            cv.spot(("do", action), bx, by, w - 4, _BUTTON_H, label)
        if len(choices) > _BUTTONS:
            more = f"+{len(choices) - _BUTTONS} more in the list of moves"
            cv.add(Text(WIDTH - _X0 - 4, y + 12, more, size=MIN_TEXT, anchor="end", fill=_DIM))

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
        if st.is_terminal():
            return Click(message="the game is over", ok=False)
        if st.is_chance_node():
            return Click(message="a draw comes first: the next step is chance", ok=False)
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
            return self.game.comp_label[key[1]]
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
BOARD: Callable[[Game], Board] = ISS1998Board
