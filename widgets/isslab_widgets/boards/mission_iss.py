"""The Mission ISS board: the station as it grows, the crew, the tracker, the cards of mission control.

Layout (top to bottom, :data:`WIDTH` pixels wide): a header (year, modules attached, who acts);
the Earth progress tracker (a box per year, the incident and ISS symbols, the ISS marker); the
twelve module cards (difficulty marker, astronaut symbol, incident markers); the station, field by
field (module A's Tranquility, Rassvet and Soyuz-1 in a column, every module in the cell its
parent gives it); the crew roster with each astronaut's orange, blue and grey values; the Soyuz
capsule (robonauts, exercise markers), the free dice, the piles and the wild cards; the completed
research tiles whose bonus waits; a row per player (face-up command cards, face-down cards,
exercise markers held) or the single player's hand and rows; and the action bar (what to click,
the commands still to give, the buttons).

The station never jumps: :func:`station_layout` gives every module a cell for each field it may be
attached to, all reserved at once from the game's ``module_parents``, so a module appears where its
open port was drawn (a dashed outline with its letter and level of difficulty) and stays there.

Clicks follow the rulebook's order: one's own face-up card, then a fellow player's card or the wild
cards (single player: a hand card, then a free middle-row card or a second hand card); then for each
command an astronaut, then where it goes (a field), a die of a research tile in its field, a
highlighted module outline or module card, or a robonaut source; an exercise marker in the capsule;
a completed research tile for its bonus. Every click is matched against the legal actions of the
state (never a rule of the board's own), and a refused click is explained by ``state.why_illegal``
of the action the click would have meant. Research, Assemble and robonaut commands have the same
effect for every astronaut of a field, so a click on any of them gives the engine's action for that
field. When a command could come from two sources (the Move card or a wild card), the command card
goes first and the wild card is kept; the list of moves offers both.

Face-down command cards are drawn only for the ``viewers`` (the human seat): the others show a
card back with a count, as at the table, where only the owner may look at them again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, cast

from isslab import CHANCE, TERMINAL, Action, Game, State
from isslab.games.mission_iss import (
    BONUS_NAMES,
    COLOURS,
    FIELD_CODES,
    FIELD_NAMES,
    MODULES,
    VIA_COMMANDS,
    Arrive,
    Assemble,
    Deploy,
    DrawIncident,
    DrawMarker,
    DrawTile,
    EndShift,
    EndTurn,
    Exercise,
    GameISS,
    Move,
    Phase,
    Play,
    Research,
    ResearchOn,
    ResearchStop,
    Select,
    Skip,
    StateISS,
    Task,
    Train,
    UseBonus,
    Via,
    band_of,
)
from isslab_widgets.boards import Board, Click, SelectThenMove
from isslab_widgets.scene import Circle, Line, Polygon, Rect, Region, Scene, Shape, Text

__all__ = ["BOARD", "CARD_COLOURS", "MIN_TEXT", "SKILL_COLOURS", "WIDTH", "MissionISSBoard", "station_layout"]

#: the smallest text on the board, in pixels
MIN_TEXT = 11
#: the board's width in pixels (the game view puts the player panel to its right)
WIDTH = 630
#: command card colours by kind: Move, Research, Assemble, Exercise, wild card (dark enough for white text)
CARD_COLOURS: tuple[str, ...] = ("#c2410c", "#1f5fbf", "#5f6670", "#0e7c7b", "#6d3a9c")
#: skill colours of the number disks and exercise markers: orange, blue, grey
SKILL_COLOURS: tuple[str, ...] = ("#c2410c", "#1f5fbf", "#5f6670")
_DIE = ("#1f5fbf", "#c62828")
_BG = "#f3f5f8"
_INK = "#1b1f24"
_DIM = "#5b6370"
_PANEL = "#ffffff"
_HINT = "#f59f00"
_SELECT = "#00a0d8"
_BUTTON = "#27476e"
_MODULE = "#e8eef6"
_MODULE_A = "#dde7f3"
_TILE = "#fff3c4"
_ASTRO = "#ffffff"
_EARTH = "#bfe0ff"
_CONNECT = "#9aa7b8"
_CARD_NAMES = ("Move", "Research", "Assemble", "Exercise", "Module card")
_BONUS_TEXT = {
    "none": "no bonus",
    "boost_move": "+2 move",
    "boost_research": "+2 research",
    "boost_assemble": "+2 assemble",
    "extra_move": "extra Move",
    "extra_research": "extra Research",
    "free_robonaut": "free robonaut",
    "free_exercise": "free exercise",
    "recover": "card back up",
}
_VIA_SHORT = (
    "Move card",
    "Research card",
    "Assemble card",
    "Exercise card",
    "wild card",
    "extra Move",
    "extra Research",
    "free robonaut",
    "free exercise",
)
#: the card a command comes from when no source is in the turn's pool (to name a refused click)
_CARD_VIA = {Move: Via.MOVE_CARD, Research: Via.RESEARCH_CARD, Assemble: Via.ASSEMBLE_CARD}

_X0 = 8.0
_INNER = WIDTH - 2 * _X0
_HEADER_H = 24
_TRACK_Y = 26.0
_TRACK_H = 34.0
_CARDS_Y = 66.0
_CARD_H = 44.0
_STATION_Y = 116.0
_CELL_H = 84.0
_STATION_H = 380.0
_ROW_H = 26.0
_PLAYER_H = 40.0
_SOLO_H = 92.0
_BAR_H = 58.0

Key = tuple[Any, ...]
Cell = tuple[int, int]


def station_layout(parents: Sequence[Sequence[int]]) -> tuple[dict[int, Cell], dict[tuple[int, int], Cell]]:
    """Grid cells of the station: module A's fields, and a cell per (module, field it may attach to).

    Module A stands in a column (Tranquility, Rassvet, Soyuz-1); its fields grow sideways, every
    module straight on from its parent, else to the side nearer Rassvet's row, never back. Cells are reserved
    for every pair at once, breadth first from module A, so no two modules can ever share a cell.
    Returns the primary cell of each field (a module's first pair) and the cell of each pair,
    both relative to the primary cell of the parent (see :meth:`MissionISSBoard.cell`).
    """
    primary: dict[int, Cell] = {0: (0, 0), 1: (0, 1), 2: (0, 2)}
    heading: dict[int, Cell] = {}
    taken: set[Cell] = set(primary.values())
    slots: dict[tuple[int, int], Cell] = {}
    level = [0, 1, 2]
    todo = {(m, p) for m, ps in enumerate(parents) for p in ps}
    while level and todo:
        pairs = sorted((m, p) for m, p in todo if p in level)
        nxt = []
        for m, p in pairs:
            todo.discard((m, p))
            px, py = primary[p]
            if p < 3:  # module A: sideways first, then up from Tranquility or down from Soyuz-1
                prefs = [(-1, 0), (1, 0)] + ([(0, -1)] if p == 0 else []) + ([(0, 1)] if p == 2 else [])
            else:
                dx, dy = heading[p]
                # a turn goes toward Rassvet's row first: the station stays low and wide
                sides = sorted([(dy, -dx), (-dy, dx)], key=lambda d: (abs(py + d[1] - 1), d[1], d[0]))
                prefs = [(dx, dy), *sides]
            cell = next(((px + dx, py + dy) for dx, dy in prefs if (px + dx, py + dy) not in taken), None)
            if cell is None:  # crowded (unusual options): the nearest free cell, by rings
                cell = _nearest_free((px, py), taken)
            taken.add(cell)
            slots[(m, p)] = cell
            f = 3 + m
            if f not in primary:
                primary[f] = cell
                heading[f] = (_sign(cell[0] - px), _sign(cell[1] - py)) if cell != (px, py) else (-1, 0)
                nxt.append(f)
        level = nxt
    return primary, slots


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def _nearest_free(at: Cell, taken: set[Cell]) -> Cell:
    x, y = at
    for ring in range(2, 20):
        for dy in range(-ring, ring + 1):
            for dx in range(-ring, ring + 1):
                if max(abs(dx), abs(dy)) == ring and (x + dx, y + dy) not in taken:
                    return (x + dx, y + dy)
    raise ValueError("no free cell for a module near the station")  # pragma: no cover - 12 modules


def _text_w(text: str, size: float = MIN_TEXT) -> float:
    """The width of ``text`` in pixels, a little generous (sans-serif averages 0.56 em a character)."""
    return 0.58 * size * len(text)


def _rect_regions(key: Key, x: float, y: float, w: float, h: float, label: str) -> list[Region]:
    """Circular regions covering a ``w`` x ``h`` rectangle (regions are discs)."""
    r = min(w, h) / 2
    long, short = (w, h) if w >= h else (h, w)
    k = max(1, round(long / short))
    step = (long - 2 * r) / (k - 1) if k > 1 else 0.0
    if w >= h:
        return [Region(key, x + r + i * step, y + h / 2, r * 1.08, label) for i in range(k)]
    return [Region(key, x + w / 2, y + r + i * step, r * 1.08, label) for i in range(k)]


class _Canvas:
    """Shapes of one layer plus the clickable spots drawn on it (their outlines for highlights)."""

    def __init__(self) -> None:
        self.shapes: list[Shape] = []
        self.regions: list[Region] = []
        #: key -> outlines (a circle ``(x, y, r)`` or a rectangle ``(x, y, w, h)``)
        self.spots: dict[Key, list[tuple[float, ...]]] = {}

    def add(self, *shapes: Shape) -> None:
        self.shapes.extend(shapes)

    def spot_rect(self, key: Key, x: float, y: float, w: float, h: float, label: str) -> None:
        self.regions += _rect_regions(key, x, y, w, h, label)
        self.spots.setdefault(key, []).append((x, y, w, h))

    def spot_circle(self, key: Key, x: float, y: float, r: float, label: str) -> None:
        self.regions.append(Region(key, x, y, r + 2, label))
        self.spots.setdefault(key, []).append((x, y, r))


class MissionISSBoard(SelectThenMove):
    """Draws a Mission ISS position and turns clicks on cards, astronauts and the station into actions."""

    nothing_here = "nothing to click there: click a card, an astronaut, a field or a die"

    def __init__(self, game: Game) -> None:
        if not isinstance(game, GameISS):
            raise TypeError(f"the Mission ISS board draws Mission ISS games, not {game!r}")
        self.game: GameISS = game
        t = game.t
        self.n: int = t.n
        self.solo: bool = t.solo
        self.names: tuple[str, ...] = game.info.seat_names
        self.colours: tuple[str, ...] = game.info.seat_colours
        self.primary, self.slots = station_layout(t.parents)
        xs = [c[0] for c in (*self.primary.values(), *self.slots.values())]
        ys = [c[1] for c in (*self.primary.values(), *self.slots.values())]
        self.cmin, self.rmin = min(xs), min(ys)
        cols, rows = max(xs) - self.cmin + 1, max(ys) - self.rmin + 1
        self.cell_w: float = min(112.0, _INNER / cols)
        # 4 rows at the default options; taller stations get shorter cells, wider ones narrower
        self.cell_h: float = min(_CELL_H, _STATION_H / rows)
        self.station_x: float = _X0 + (_INNER - cols * self.cell_w) / 2
        self.roster_y: float = _STATION_Y + rows * self.cell_h + 4
        self.supply_y: float = self.roster_y + _ROW_H + 2
        self.bonus_y: float = self.supply_y + _ROW_H
        self.players_y: float = self.bonus_y + _ROW_H + 2
        self.bar_y: float = self.players_y + (_SOLO_H if self.solo else self.n * _PLAYER_H) + 4
        self.height: int = int(self.bar_y + _BAR_H + 6)
        self._background = self._build_background()

    # --- geometry ---------------------------------------------------------------------------------

    def cell(self, st: StateISS, field: int) -> Cell:
        """The grid cell of an attached field (module A's fields, or a module where it is attached)."""
        if field < 3:
            return self.primary[field]
        parent = st.station[field - 3]
        return self._slot_cell(st, field - 3, parent)

    def _slot_cell(self, st: StateISS, module: int, parent: int) -> Cell:
        """The cell of ``module`` attached to ``parent``, shifted as the parent stands (see the module)."""
        sx, sy = self.slots[(module, parent)]
        px, py = self.cell(st, parent)
        qx, qy = self.primary[parent]
        return sx + px - qx, sy + py - qy

    def box(self, cell: Cell) -> tuple[float, float, float, float]:
        """The field box ``(x, y, w, h)`` drawn in a grid cell."""
        x = self.station_x + (cell[0] - self.cmin) * self.cell_w
        y = _STATION_Y + (cell[1] - self.rmin) * self.cell_h
        return x + 4, y + 4, self.cell_w - 8, self.cell_h - 8

    # --- the fixed frame --------------------------------------------------------------------------

    def _build_background(self) -> tuple[Shape, ...]:
        out: list[Shape] = []
        top, bottom = _STATION_Y, self.roster_y - 2
        out.append(Rect(_X0 - 2, top - 2, _INNER + 4, bottom - top + 4, fill="#0f1d33"))
        out.append(Text(_X0 + 4, top + 8, "ISS", size=MIN_TEXT, anchor="start", bold=True, fill="#c8d3e6"))
        for y, h in ((self.roster_y, _ROW_H), (self.supply_y, _ROW_H), (self.bonus_y, _ROW_H)):
            out.append(Rect(_X0 - 2, y, _INNER + 4, h - 2, fill=_PANEL, stroke="#d3d8e0", width=0.8))
        out.append(Rect(_X0 - 2, self.bar_y, _INNER + 4, _BAR_H, fill="#e6ecf4", stroke="#aab6c8", width=1.0))
        # module A: its three fields in one frame
        xs, ys = [], []
        for f in range(3):
            x, y, w, h = self.box(self.primary[f])
            xs += [x, x + w]
            ys += [y, y + h]
        out.append(
            Rect(
                min(xs) - 3,
                min(ys) - 3,
                max(xs) - min(xs) + 6,
                max(ys) - min(ys) + 6,
                stroke="#6b86b3",
                width=1.5,
            )
        )
        return tuple(out)

    # --- the position -----------------------------------------------------------------------------

    def scene(
        self,
        state: State,
        selected: Hashable | None = None,
        hints: bool = True,
        viewers: tuple[int, ...] = (),
    ) -> Scene:
        """The board at ``state``; with ``hints``, the clickable places of the seat to act and its buttons.

        Face-down command cards show for the ``viewers`` only (the others see a count).
        """
        st = cast(StateISS, state)
        cv = _Canvas()
        cp = st.current_player
        self._header(cv, st)
        self._track(cv, st)
        self._module_cards(cv, st)
        self._station(cv, st)
        self._roster(cv, st)
        self._supply(cv, st)
        self._bonuses(cv, st)
        if self.solo:
            self._solo(cv, st)
        else:
            self._players(cv, st, frozenset(viewers))
        top = _Canvas()
        plan = self._plan(st) if hints and cp >= 0 else []
        sel = selected if isinstance(selected, tuple) else None
        self._action_bar(top, st, plan, sel, hints)
        if plan:
            self._highlights(top, cv.spots, plan, sel)
        return Scene(
            WIDTH,
            self.height,
            {"background": self._background, "board": tuple(cv.shapes), "pieces": tuple(top.shapes)},
            tuple(cv.regions + top.regions),
            title=f"Mission ISS, {st.year}, move {st.move_number}",
            background=_BG,
        )

    def _header(self, cv: _Canvas, st: StateISS) -> None:
        cp = st.current_player
        attached = sum(1 for p in st.station if p >= 0)
        if cp == TERMINAL:
            verdict = "success" if st.success() else "failure"
            band = band_of(attached).name.replace("_", " ").lower()
            text = f"game over: {verdict}, {attached} modules ({band})"
        elif cp == CHANCE:
            task = st.queue[0][0] if st.queue else 0
            text = "chance: " + ("setting up" if st.phase == Phase.SETUP else _DRAWS.get(int(task), "a draw"))
        else:
            text = f"{self.names[cp]} to act"
        head = f"Mission ISS · {st.year} · {attached} of {len(MODULES)} modules · {text}"
        cv.add(Text(_X0 + 2, 12, head, size=13, anchor="start", bold=True, fill=_INK))

    def _track(self, cv: _Canvas, st: StateISS) -> None:
        t = self.game.t
        years = t.years
        w = _INNER / len(years)
        for i, year in enumerate(years):
            x = _X0 + i * w
            now = i == min(st.track, t.last_space)
            fill = "#ffd54a" if now else ("#d5d9e0" if i < st.track else _PANEL)
            cv.add(
                Rect(
                    x + 1,
                    _TRACK_Y,
                    w - 2,
                    _TRACK_H,
                    fill=fill,
                    stroke="#1b1f24" if now else "#9aa5b5",
                    width=2.0 if now else 0.8,
                )
            )
            cv.add(Text(x + w / 2, _TRACK_Y + 9, str(year), size=MIN_TEXT, bold=now, fill=_INK))
            marks: list[tuple[str, str]] = []
            if i in t.incident_spaces:
                marks.append(("!", "#c62828"))
            if i in t.milestones:
                marks.append((f"ISS {t.milestones[i]}", "#1f3f7a"))
            if i == t.last_space and not marks:
                marks.append(("end", "#1f3f7a"))
            mx = x + w / 2 - (len(marks) - 1) * 10
            for text, colour in marks:
                y = _TRACK_Y + 24
                if text == "!":  # the incident symbol: a warning triangle
                    cv.add(Polygon(((mx - 7, y + 6), (mx + 7, y + 6), (mx, y - 7)), fill=colour))
                    cv.add(Text(mx, y + 1, "!", size=MIN_TEXT, bold=True, fill="#ffffff"))
                else:
                    cv.add(Text(mx, y, text, size=MIN_TEXT, bold=True, fill=colour))
                mx += 20

    def _module_cards(self, cv: _Canvas, st: StateISS) -> None:
        w = _INNER / len(MODULES)
        for m, letter in enumerate(MODULES):
            x = _X0 + m * w + 2
            y = _CARDS_Y
            cw = w - 4
            marker, symbol = st.difficulty[m]
            where = st.station[m]
            if where >= 0:  # attached: the card was turned over (a wild card)
                cv.add(Rect(x, y, cw, _CARD_H, fill="#d9dde3", stroke="#9aa5b5", width=0.8))
                cv.add(Text(x + 7, y + 11, letter, size=13, anchor="start", bold=True, fill=_DIM))
                cv.add(Text(x + cw / 2, y + 31, f"on {FIELD_CODES[where]}", size=MIN_TEXT, fill=_DIM))
                cv.spot_rect(("module", m), x, y, cw, _CARD_H, f"module card {letter}: attached")
                continue
            cv.add(Rect(x, y, cw, _CARD_H, fill=_PANEL, stroke="#4a5a70", width=1.0))
            cv.add(Text(x + 7, y + 11, letter, size=13, anchor="start", bold=True, fill=_INK))
            cv.add(Circle(x + cw - 11, y + 11, 8.5, fill="#fff7d6", stroke="#8a6d00", width=1.0))
            cv.add(Text(x + cw - 11, y + 11, str(marker) if marker >= 0 else "?", size=12, bold=True))
            if symbol:
                cv.add(*_astronaut_glyph(x + cw / 2 + 1, y + 12))
            for i, v in enumerate(st.incidents[m]):
                ix = x + 3 + i * 14
                cv.add(Rect(ix, y + 24, 13, 15, fill="#c62828", stroke="#7f1010", width=0.6))
                cv.add(Text(ix + 6.5, y + 31.5, str(v), size=MIN_TEXT, bold=True, fill="#ffffff"))
            level = marker + sum(st.incidents[m])
            label = f"module card {letter}: difficulty {marker}" + (
                f" + incident markers = {level}" if st.incidents[m] else ""
            )
            cv.spot_rect(("module", m), x, y, cw, _CARD_H, label + (" (astronaut symbol)" if symbol else ""))

    def _station(self, cv: _Canvas, st: StateISS) -> None:
        t = self.game.t
        attached = [f for f in range(len(FIELD_CODES)) if f < 3 or st.station[f - 3] >= 0]
        # the lines between fields, under the boxes: module A's links, each module to its parent
        links = [(0, 1), (1, 2)] + [(st.station[f - 3], f) for f in attached if f >= 3]
        for a, b in links:
            (ax, ay, aw, ah), (bx, by, bw, bh) = self.box(self.cell(st, a)), self.box(self.cell(st, b))
            cv.add(Line(((ax + aw / 2, ay + ah / 2), (bx + bw / 2, by + bh / 2)), stroke=_CONNECT, width=8.0))
        # open ports: modules not attached whose parent is, as dashed outlines with their level
        for m in range(len(MODULES)):
            if st.station[m] >= 0 or st.difficulty[m][0] < 0:
                continue
            for p in t.parents[m]:
                if p >= 3 and st.station[p - 3] < 0:
                    continue
                x, y, w, h = self.box(self._slot_cell(st, m, p))
                px, py, pw, ph = self.box(self.cell(st, p))
                cv.add(
                    Line(
                        ((px + pw / 2, py + ph / 2), (x + w / 2, y + h / 2)),
                        stroke="#4d5d78",
                        width=2.0,
                        dash=(4, 4),
                    )
                )
                corners = ((x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y))
                cv.add(Rect(x, y, w, h, fill="#14264a"))
                cv.add(Line(corners, stroke="#7d8fb0", width=1.2, dash=(5, 4)))
                level = st.difficulty[m][0] + sum(st.incidents[m])
                cv.add(Text(x + w / 2, y + h / 2 - 8, MODULES[m], size=14, bold=True, fill="#c8d3e6"))
                cv.add(Text(x + w / 2, y + h / 2 + 10, f"level {level}", size=MIN_TEXT, fill="#c8d3e6"))
                name = (
                    f"module {MODULES[m]} ({FIELD_NAMES[3 + m]}) on {_field(p)}: level of difficulty {level}"
                )
                cv.spot_rect(("slot", m, p), x, y, w, h, name)
        tiles_by_field: dict[int, list[tuple[int, tuple[tuple[int, int], ...]]]] = {}
        for tile, f, dice in st.tiles:
            tiles_by_field.setdefault(f, []).append((tile, dice))
        for f in attached:
            self._field(cv, st, f, tiles_by_field.get(f, []))

    def _field(
        self, cv: _Canvas, st: StateISS, f: int, tiles: list[tuple[int, tuple[tuple[int, int], ...]]]
    ) -> None:
        x, y, w, h = self.box(self.cell(st, f))
        cv.add(Rect(x, y, w, h, fill=_MODULE_A if f < 3 else _MODULE, stroke="#4a5a70", width=1.2))
        label = FIELD_NAMES[f] if f < 3 else f"{FIELD_CODES[f]} {FIELD_NAMES[f]}"
        cv.add(Text(x + 4, y + 8, label, size=MIN_TEXT, anchor="start", bold=True, fill=_INK))
        cv.spot_rect(("field", f), x, y, w, h, _field(f))
        # research tiles: a frame with the tile's number and its dice, flowing over two lines
        tx, ty = x + 3, y + 16
        for tile, dice in tiles:
            label_w = _text_w(f"#{tile}") + 4
            tw = label_w + 19 * len(dice)
            if tx + tw > x + w - 2 and tx > x + 3:
                tx, ty = x + 3, ty + 20
            cv.add(Rect(tx, ty, tw, 19, fill=_TILE, stroke="#a07c00", width=0.8))
            cv.add(Text(tx + label_w / 2, ty + 9.5, f"#{tile}", size=MIN_TEXT, fill="#5a4500"))
            for i, (colour, value) in enumerate(dice):
                dx = tx + label_w + 19 * i
                key = ("die", tile, i)
                if colour == 2:  # a dice field waiting for a die
                    cv.add(Rect(dx + 1, ty + 2, 15, 15, fill="#ffffff", stroke="#8a8a8a", width=1.0))
                    cv.add(Text(dx + 8.5, ty + 9.5, "·", size=MIN_TEXT, fill=_DIM))
                    text = f"tile #{tile}: dice field {i + 1} waits for a die"
                else:
                    cv.add(Rect(dx + 1, ty + 2, 15, 15, fill=_DIE[colour], stroke="#101010", width=0.8))
                    cv.add(Text(dx + 8.5, ty + 9.5, str(value), size=12, bold=True, fill="#ffffff"))
                    text = f"tile #{tile}: {'blue' if colour == 0 else 'red'} die {i + 1} showing {value}"
                cv.spot_circle(key, dx + 8.5, ty + 9.5, 8.5, text)
            tx += tw + 3
        # astronauts and robonauts along the bottom, squeezed when many share the field
        pieces: list[tuple[str, int]] = [("astro", a) for a, where in enumerate(st.astronauts) if where == f]
        pieces += [("robot", i) for i, where in enumerate(st.robonauts) if where == f]
        if not pieces:
            return
        step = min(19.0, (w - 20) / max(1, len(pieces) - 1)) if len(pieces) > 1 else 0.0
        py = y + h - 11
        for i, (kind, a) in enumerate(pieces):
            px = x + 11 + i * step
            if kind == "astro":
                cv.add(*self._astronaut(px, py, a, on_earth=False))
                o, b, g = st.skills[a]
                cv.spot_circle(("astro", a), px, py, 8.5, f"astronaut {a + 1} on {_field(f)}: {o}/{b}/{g}")
            else:
                cv.add(Rect(px - 7, py - 7, 14, 14, fill="#a8b0bb", stroke="#303840", width=1.0))
                cv.add(Text(px, py, "R", size=MIN_TEXT, bold=True, fill="#1b1f24"))
                cv.spot_rect(("robonaut", f), px - 7, py - 7, 14, 14, f"a robonaut on {_field(f)}")

    def _astronaut(self, x: float, y: float, a: int, on_earth: bool) -> list[Shape]:
        return [
            Circle(x, y, 8.5, fill=_EARTH if on_earth else _ASTRO, stroke="#1b1f24", width=1.2),
            Text(x, y + 0.5, str(a + 1), size=MIN_TEXT, bold=True, fill=_INK),
        ]

    def _roster(self, cv: _Canvas, st: StateISS) -> None:
        y = self.roster_y + (_ROW_H - 2) / 2
        cv.add(Text(_X0 + 4, y, "crew", size=MIN_TEXT, anchor="start", bold=True, fill=_DIM))
        x = _X0 + 36
        na = len(st.astronauts)
        step = min(76.0, (_INNER - 40) / max(1, na))
        for a, f in enumerate(st.astronauts):
            ax = x + a * step
            cv.add(*self._astronaut(ax + 9, y, a, on_earth=f < 0))
            for c in range(3):
                sx = ax + 21 + c * 16
                cv.add(Rect(sx, y - 7.5, 15, 15, fill=SKILL_COLOURS[c], stroke="#101010", width=0.5))
                cv.add(Text(sx + 7.5, y, str(st.skills[a][c]), size=MIN_TEXT, bold=True, fill="#ffffff"))
            where = "waiting on the Earth board" if f < 0 else f"on {_field(f)}"
            o, b, g = st.skills[a]
            cv.spot_circle(
                ("astro", a),
                ax + 9,
                y,
                8.5,
                f"astronaut {a + 1} {where}: move {o}, research {b}, assemble {g}",
            )
        legend = "pale blue: on Earth" if any(f < 0 for f in st.astronauts) else ""
        lx = x + na * step + 4
        if legend and lx + _text_w(legend) < _X0 + _INNER:
            cv.add(Text(lx, y, legend, size=MIN_TEXT, anchor="start", fill=_DIM))

    def _supply(self, cv: _Canvas, st: StateISS) -> None:
        y = self.supply_y + (_ROW_H - 2) / 2
        x = _X0 + 4
        cv.add(Text(x, y, "Soyuz:", size=MIN_TEXT, anchor="start", bold=True, fill=_DIM))
        x += 40
        capsule = st.robonauts.count(-1)
        for i in range(capsule):
            cv.add(Rect(x + i * 15, y - 7, 14, 14, fill="#a8b0bb", stroke="#303840", width=1.0))
            cv.add(Text(x + i * 15 + 7, y, "R", size=MIN_TEXT, bold=True, fill=_INK))
        if capsule:
            cv.spot_rect(
                ("capsule",), x, y - 7, 15 * capsule, 14, f"{capsule} robonaut(s) in the Soyuz capsule"
            )
        else:
            cv.add(Text(x, y, "no robonaut", size=MIN_TEXT, anchor="start", fill=_DIM))
        x += max(15 * capsule, 66) + 6
        for c in range(3):
            cv.add(Rect(x, y - 7.5, 15, 15, fill=SKILL_COLOURS[c], stroke="#101010", width=0.5))
            cv.add(Text(x + 7.5, y, "+1", size=MIN_TEXT, bold=True, fill="#ffffff"))
            cv.add(Text(x + 18, y, f"{st.exercise_supply[c]}", size=MIN_TEXT, anchor="start", fill=_INK))
            label = f"{COLOURS[c]} exercise markers in the capsule: {st.exercise_supply[c]}"
            cv.spot_rect(("exercise", c), x, y - 7.5, 26, 15, label)
            x += 32
        x += 6
        blue, red = st.dice_free
        cv.add(Text(x, y, "dice free", size=MIN_TEXT, anchor="start", fill=_DIM))
        x += 50
        for colour, count in ((_DIE[0], blue), (_DIE[1], red)):
            cv.add(Rect(x, y - 7, 14, 14, fill=colour, stroke="#101010", width=0.5))
            cv.add(Text(x + 17, y, str(count), size=MIN_TEXT, anchor="start", fill=_INK))
            x += 30
        gj = st.incident_pile[-1]
        text = f"tiles {len(st.tile_pile)} · incidents {sum(st.incident_pile)} ({gj} Good Job)"
        cv.add(Text(x, y, text, size=MIN_TEXT, anchor="start", fill=_INK))
        x += _text_w(text) + 4
        if not self.solo:
            wx = _X0 + _INNER - 62
            cv.add(
                Rect(
                    wx,
                    y - 9,
                    60,
                    18,
                    fill=CARD_COLOURS[4] if st.wild else "#c9c2d3",
                    stroke="#2a1640",
                    width=1.0,
                )
            )
            cv.add(Text(wx + 30, y, f"wild × {st.wild}", size=MIN_TEXT, bold=True, fill="#ffffff"))
            cv.spot_rect(("wild",), wx, y - 9, 60, 18, f"command wild cards in the supply: {st.wild}")

    def _bonuses(self, cv: _Canvas, st: StateISS) -> None:
        t = self.game.t
        y = self.bonus_y + (_ROW_H - 2) / 2
        x = _X0 + 4
        cv.add(Text(x, y, "bonuses", size=MIN_TEXT, anchor="start", bold=True, fill=_DIM))
        x += 52
        if not st.bonuses:
            cv.add(
                Text(
                    x, y, "none waiting (complete a research tile)", size=MIN_TEXT, anchor="start", fill=_DIM
                )
            )
        for tile in st.bonuses:
            text = f"#{tile} {_BONUS_TEXT[BONUS_NAMES[t.tile_bonus[tile]]]}"
            w = _text_w(text) + 10
            if x + w > _X0 + _INNER - 150:
                cv.add(Text(x, y, "…", size=MIN_TEXT, anchor="start", fill=_DIM))
                break
            cv.add(Rect(x, y - 9, w, 18, fill=_TILE, stroke="#a07c00", width=1.0))
            cv.add(Text(x + w / 2, y, text, size=MIN_TEXT, fill="#3d2f00"))
            cv.spot_rect(
                ("bonus", tile),
                x,
                y - 9,
                w,
                18,
                f"research tile #{tile}'s bonus: {text[len(str(tile)) + 2 :]}",
            )
            x += w + 4
        red = t.dice_total[1] - st.dice_free[1]
        if red:
            cv.add(
                Text(
                    _X0 + _INNER - 4,
                    y,
                    "WORK STOPPAGE: red dice",
                    size=12,
                    anchor="end",
                    bold=True,
                    fill="#c62828",
                )
            )

    def _chips(
        self,
        cv: _Canvas,
        x: float,
        y: float,
        counts: Sequence[int],
        key: Callable[[int], Key | None],
        owner: str,
        pale: bool = False,
    ) -> float:
        """One chip per card kind held (``Move 2``), clickable as ``key(kind)``; returns the x after them."""
        for k, c in enumerate(counts):
            if not c:
                continue
            text = f"{_CARD_NAMES[k]} {c}" if c > 1 or pale else _CARD_NAMES[k]
            w = _text_w(text) + 10
            if pale:
                cv.add(Rect(x, y - 8, w, 16, fill="#ffffff", stroke=CARD_COLOURS[k], width=1.5))
                cv.add(Text(x + w / 2, y, text, size=MIN_TEXT, fill=CARD_COLOURS[k], bold=True))
            else:
                cv.add(Rect(x, y - 9, w, 18, fill=CARD_COLOURS[k], stroke="#101010", width=0.8))
                cv.add(Text(x + w / 2, y, text, size=MIN_TEXT, fill="#ffffff", bold=True))
            kk = key(k)
            if kk is not None:
                cv.spot_rect(kk, x, y - 9, w, 18, f"{owner}: {c} {_CARD_NAMES[k]} card{'s' if c > 1 else ''}")
            x += w + 4
        return x

    def _players(self, cv: _Canvas, st: StateISS, viewers: frozenset[int]) -> None:
        cp = st.current_player
        for s in range(self.n):
            y = self.players_y + s * _PLAYER_H
            here = s == st.seat and cp != TERMINAL
            cv.add(
                Rect(
                    _X0 - 2,
                    y,
                    _INNER + 4,
                    _PLAYER_H - 3,
                    fill="#fff6cc" if here else _PANEL,
                    stroke="#c8ced8",
                    width=0.8,
                )
            )
            cv.add(Rect(_X0 - 2, y, 6, _PLAYER_H - 3, fill=self.colours[s]))
            l1, l2 = y + 11, y + 28
            cv.add(
                Text(_X0 + 10, l1, self.names[s], size=12, anchor="start", bold=True, fill=self.colours[s])
            )
            if here and cp >= 0:
                cv.add(Text(_X0 + 10, l2, "▶ to act", size=MIN_TEXT, anchor="start", bold=True, fill=_INK))
            cv.add(Text(_X0 + 84, l1, "up:", size=MIN_TEXT, anchor="start", fill=_DIM))
            if sum(st.face_up[s]):
                self._chips(cv, _X0 + 120, l1, st.face_up[s], _key_of("card", s), self.names[s])
            else:
                cv.add(Text(_X0 + 120, l1, "no card", size=MIN_TEXT, anchor="start", fill=_DIM))
            down = st.face_down[s]
            total = sum(down)
            dx = _X0 + 84
            cv.add(Text(dx, l2, "down:", size=MIN_TEXT, anchor="start", fill=_DIM))
            dx += 36
            if total and s in viewers:
                self._chips(cv, dx, l2, down, _key_of("down", s), f"{self.names[s]} (face down)", pale=True)
            elif total:
                for i in range(min(total, 6)):  # card backs, fanned
                    cv.add(Rect(dx + 4 * i, l2 - 7, 14, 14, fill="#33415c", stroke="#cfd6e2", width=0.8))
                cv.add(
                    Text(
                        dx + 4 * min(total, 6) + 16,
                        l2,
                        f"{total} face down",
                        size=MIN_TEXT,
                        anchor="start",
                        fill=_INK,
                    )
                )
            else:
                cv.add(Text(dx, l2, "none", size=MIN_TEXT, anchor="start", fill=_DIM))
            held = st.held[s]
            hx = _X0 + _INNER - 100
            cv.add(Text(hx - 4, l1, "exercise", size=MIN_TEXT, anchor="end", fill=_DIM))
            for c in range(3):
                cv.add(
                    Rect(hx + c * 33, l1 - 7.5, 15, 15, fill=SKILL_COLOURS[c], alpha=1.0 if held[c] else 0.3)
                )
                cv.add(Text(hx + c * 33 + 18, l1, str(held[c]), size=MIN_TEXT, anchor="start", fill=_INK))

    def _solo(self, cv: _Canvas, st: StateISS) -> None:
        y = self.players_y
        cv.add(Rect(_X0 - 2, y, _INNER + 4, _SOLO_H - 3, fill="#fff6cc", stroke="#c8ced8", width=0.8))
        cv.add(Rect(_X0 - 2, y, 6, _SOLO_H - 3, fill=self.colours[0]))
        top, free, covered, bottom = st.rows
        lines: list[tuple[str, Sequence[int], Callable[[int], Key | None], bool]] = [
            ("hand", st.hand, _key_of("hand"), False),
            ("top row", top, _no_key, True),
            ("middle row", free, _key_of("middle"), False),
            ("bottom row", bottom, _key_of("bottom"), False),
        ]
        for i, (label, counts, key, pale) in enumerate(lines):
            ly = y + 11 + i * 21
            cv.add(Text(_X0 + 10, ly, label, size=MIN_TEXT, anchor="start", bold=True, fill=_INK))
            x = _X0 + 84
            hidden_under = label == "middle row" and any(covered)
            if not any(counts) and not hidden_under:
                cv.add(Text(x, ly, "empty", size=MIN_TEXT, anchor="start", fill=_DIM))
                continue
            x = self._chips(cv, x, ly, counts, key, label, pale=pale)
            if hidden_under:
                cv.add(Text(x + 4, ly, "covered:", size=MIN_TEXT, anchor="start", fill=_DIM))
                self._chips(cv, x + 56, ly, covered, _no_key, "covered", pale=True)
        held = st.held[0]
        hx = _X0 + _INNER - 100
        cv.add(Text(hx - 4, y + 11, "exercise", size=MIN_TEXT, anchor="end", fill=_DIM))
        for c in range(3):
            cv.add(Rect(hx + c * 33, y + 3.5, 15, 15, fill=SKILL_COLOURS[c], alpha=1.0 if held[c] else 0.3))
            cv.add(Text(hx + c * 33 + 18, y + 11, str(held[c]), size=MIN_TEXT, anchor="start", fill=_INK))

    # --- what a click means -------------------------------------------------------------------------

    def _plan(self, st: StateISS) -> list[tuple[tuple[Key, ...], Action]]:
        """Every legal action of the seat to act with the clicks that give it (one or two places)."""
        if st.current_player < 0:
            return []
        out: list[tuple[tuple[Key, ...], Action]] = []
        field_of = st.astronauts
        crew: dict[int, list[int]] = {}
        for a, f in enumerate(field_of):
            if f >= 0:
                crew.setdefault(f, []).append(a)
        for action in st.legal_actions():
            kind = type(action)
            second: Key
            if kind is Select:
                second = ("wild",) if action.partner < 0 else ("card", action.partner, action.kind)
                out.append(((("card", action.seat, action.own), second), action))
            elif kind is Play:
                second = ("hand", action.under) if action.from_hand else ("middle", action.under)
                out.append(((("hand", action.top), second), action))
            elif kind is Move:
                out.append(((("astro", action.astronaut), ("field", action.dest)), action))
            elif kind in (Research, Assemble, Deploy):
                f = field_of[action.astronaut]
                if kind is Research:
                    targets: list[Key] = [("die", action.tile, action.die)]
                elif kind is Assemble:
                    targets = [("slot", action.module, f), ("module", action.module)]
                else:
                    targets = [("capsule",) if action.source < 0 else ("robonaut", action.source)]
                for a in crew.get(f, []):  # the same effect whoever in the field receives it
                    out += [((("astro", a), target), action) for target in targets]
                if kind is not Deploy:  # a die or an outline names the field by itself
                    out.append(((targets[0],), action))
            elif kind is Exercise:
                out.append(((("exercise", action.colour),), action))
            elif kind in (Arrive, Train):
                out.append(((("astro", action.astronaut),), action))
            elif kind is ResearchOn:
                out.append(((("die", action.tile, action.die),), action))
            elif kind is UseBonus:
                if action.choice < 0:
                    out.append(((("bonus", action.tile),), action))
                else:
                    where = ("bottom", action.choice) if self.solo else ("down", action.seat, action.choice)
                    out.append(((("bonus", action.tile), where), action))
            else:  # EndShift, EndTurn, Skip, ResearchStop: buttons
                out.append(((("do", action),), action))
        return out

    def click(self, state: State, selected: Hashable | None, key: Hashable | None) -> Click:
        """A click on a card, an astronaut, a field, a die, an outline, a marker or a button."""
        st = cast(StateISS, state)
        if st.is_terminal():
            return Click(selected=selected, message="the game is over", ok=False)
        if st.is_chance_node():
            return Click(selected=selected, message="a draw comes first: the next step is chance", ok=False)
        sel = selected if isinstance(selected, tuple) else None
        if not isinstance(key, tuple) or not key:
            if sel is not None:
                return Click(selected=None, message=f"{self.place_name(sel)} deselected")
            return Click(selected=None, message=self.nothing_here, ok=False)
        if key[0] == "do":
            action = key[1]
            if action in st.legal_actions():
                return Click(action=action)
            return self._refused(st, sel, action)
        plan = self._plan(st)
        if sel is not None:
            chosen = [a for path, a in plan if path == (sel, key)]
            if chosen:
                return self._play(chosen)
            if key == sel:
                return Click(selected=None, message=f"{self.place_name(sel)} deselected")
        singles = [a for path, a in plan if path == (key,)]
        starts = [path[1] for path, _ in plan if len(path) == 2 and path[0] == key]
        targets_of_sel = (
            sel is not None
            and sel[0] in ("astro", "card", "hand", "bonus")
            and key[0]
            not in (
                "astro",
                "card",
                "hand",
                "bonus",
                "exercise",
            )
        )
        if singles and not targets_of_sel:
            return self._play(singles)
        if starts:
            return Click(selected=key, message=self._next_prompt(st, key, starts))
        meant = self.candidate(st, sel, key) if sel is not None else self._meant(st, key)
        if meant is None:
            return Click(
                selected=sel, message=f"not a legal click: {self._no_action(st, sel, key)}", ok=False
            )
        return self._refused(st, sel, meant)

    def _play(self, chosen: list[Action]) -> Click:
        """The action of a click: a command card before a wild card (the list of moves has the others)."""
        ordered = sorted(chosen, key=_via_order)
        best = ordered[0]
        others = sorted({_VIA_SHORT[a.via] for a in ordered[1:] if hasattr(a, "via") and a.via != best.via})
        if others:
            return Click(
                action=best, message=f"the list of moves can give it with the {', '.join(others)} instead"
            )
        return Click(action=best)

    def _refused(self, st: StateISS, sel: Key | None, action: Action) -> Click:
        why = st.why_illegal(action) or "not a legal action now"
        return Click(selected=sel, message=f"not a legal click: {why}", ok=False)

    def _next_prompt(self, st: StateISS, key: Key, targets: list[Key]) -> str:
        """What to click after selecting ``key``, from the legal actions that start there."""
        name = self.place_name(key)
        kinds = {t[0] for t in targets}
        if key[0] == "card":
            return f"{name} chosen: click a fellow player's highlighted card" + (
                " or the wild cards" if "wild" in kinds else ""
            )
        if key[0] == "hand":
            return f"{name} chosen: click a free middle-row card or a second hand card"
        if key[0] == "bonus":
            return f"{name}: click the face-down card to turn face up"
        if key[0] == "astro":
            a = key[1]
            f = st.astronauts[a]
            words = [
                w
                for k, w in (
                    ("field", "a field to move to"),
                    ("die", "a die to research"),
                    ("slot", "a module outline to attach"),
                    ("module", ""),
                    ("capsule", "the capsule for a robonaut"),
                    ("robonaut", "a robonaut to bring over"),
                )
                if k in kinds and w
            ]
            totals = _totals(st, f)
            return (
                f"astronaut {a + 1} on {_field(f)} (with assistance: move {totals[0]}, research "
                f"{totals[1]}, assemble {totals[2]}): click {' or '.join(words)}"
            )
        return f"{name} selected"

    def _via_for(self, st: StateISS, flag: int, default: int) -> int:
        """A source in the pool that can give command ``flag``, else ``default`` (to name a refusal)."""
        return next(
            (v for v in sorted(st.pool, key=lambda v: (v == Via.WILD_CARD, v)) if VIA_COMMANDS[v][flag]),
            default,
        )

    def _canon(self, st: StateISS, a: int) -> int:
        """The lowest-numbered astronaut in ``a``'s field (the engine lists field commands for it)."""
        f = st.astronauts[a]
        return next((b for b, g in enumerate(st.astronauts) if g == f), a) if f >= 0 else a

    def candidate(self, state: State, origin: Hashable, target: Hashable) -> Action | None:
        """The action a click on ``target`` after ``origin`` would be, for the engine to judge."""
        st = cast(StateISS, state)
        seat = st.seat
        if not isinstance(origin, tuple) or not isinstance(target, tuple) or not origin or not target:
            return None
        o, t = origin[0], target[0]
        if o == "astro":
            a = origin[1]
            c = self._canon(st, a)
            if t == "field":
                return Move(seat, self._via_for(st, 0, Via.MOVE_CARD), a, target[1])
            if t == "die":
                return Research(seat, self._via_for(st, 1, Via.RESEARCH_CARD), c, target[1], target[2])
            if t in ("slot", "module"):
                return Assemble(seat, self._via_for(st, 2, Via.ASSEMBLE_CARD), c, target[1])
            if t == "capsule":
                return Deploy(seat, self._via_for(st, 3, Via.ASSEMBLE_CARD), c, -1)
            if t == "robonaut":
                return Deploy(seat, self._via_for(st, 3, Via.ASSEMBLE_CARD), c, target[1])
        if o == "card" and origin[1] == seat:
            if t == "card":
                return Select(seat, origin[2], target[1], target[2])
            if t == "wild":
                return Select(seat, origin[2], -1, 4)
        if o == "hand":
            if t == "middle":
                return Play(seat, origin[1], target[1], False)
            if t == "hand":
                return Play(seat, origin[1], target[1], True)
        if o == "bonus" and t in ("down", "bottom"):
            tile = origin[1]
            return UseBonus(seat, tile, int(self.game.t.tile_bonus[tile]), target[-1])
        return self._meant(st, target)

    def _meant(self, st: StateISS, key: Key) -> Action | None:
        """The action a click on ``key`` alone would mean, for the engine to say why it is refused."""
        seat = st.seat
        t = key[0]
        if t == "card" and key[1] == seat:
            partner = next((p for p in range(self.n) if p != seat), -1)
            return Select(seat, key[2], partner, next((k for k in range(4) if st.face_up[partner][k]), 0))
        if t == "wild":
            own = next((k for k in range(4) if st.face_up[seat][k]), 0) if not self.solo else 0
            return Select(seat, own, -1, 4)
        if t == "hand":
            return Play(seat, key[1], key[1], True)
        if t == "astro":
            a = key[1]
            if st.queue and st.queue[0][0] == Task.ARRIVE or st.astronauts[a] < 0:
                return Arrive(seat, a)
            if st.phase == Phase.TRAIN:
                held = st.held[seat]
                return Train(seat, next((c for c in range(3) if held[c]), 0), a)
            return Move(seat, self._via_for(st, 0, Via.MOVE_CARD), a, st.astronauts[a])
        if t == "die":
            tile = key[1]
            if st.phase == Phase.RESEARCH_MORE:
                return ResearchOn(seat, tile, key[2])
            f = next((g for x, g, _ in st.tiles if x == tile), -1)
            a = next((b for b, g in enumerate(st.astronauts) if g == f and f >= 0), None)
            if a is None:  # no tile there, or nobody in its field: the board says so
                return None
            return Research(seat, self._via_for(st, 1, Via.RESEARCH_CARD), a, tile, key[2])
        if t in ("slot", "module"):
            m = key[1]
            f = key[2] if t == "slot" else st.station[m]
            a = next((b for b, g in enumerate(st.astronauts) if g == f and f >= 0), None)
            if a is None:
                return None
            return Assemble(seat, self._via_for(st, 2, Via.ASSEMBLE_CARD), a, m)
        if t == "exercise":
            return Exercise(seat, self._via_for(st, 4, Via.EXERCISE_CARD), key[1])
        if t == "bonus":
            tile = key[1]
            return UseBonus(seat, tile, int(self.game.t.tile_bonus[tile]), -1)
        return None

    def _no_action(self, st: StateISS, sel: Key | None, key: Key) -> str:
        """Why a click names no action at all (a place, not a move): what to click instead."""
        who = self.names[st.seat]
        t = key[0]
        if t == "card" and key[1] != st.seat:
            return f"{who} first clicks one of its own face-up cards, then a fellow player's"
        if t == "field":
            return "click an astronaut first, then the field it moves to"
        if t in ("slot", "module"):
            return f"no astronaut stands where module {MODULES[key[1]]} attaches: move one there first"
        if t in ("capsule", "robonaut"):
            return "click the astronaut who receives the robonaut first (an Assemble command)"
        if t == "down":
            return "face-down cards are turned up by a research bonus (click the bonus first)"
        if t == "die":
            where = next((_field(g) for x, g, _ in st.tiles if x == key[1]), None)
            if where is None:
                return f"research tile #{key[1]} is not on the station"
            return f"no astronaut stands on {where} to research it: move one there first"
        return f"nothing of {who}'s to do with {self.place_name(key)} now"

    # --- drawing the clickable places ---------------------------------------------------------------

    def _highlights(
        self,
        cv: _Canvas,
        spots: dict[Key, list[tuple[float, ...]]],
        plan: list[tuple[tuple[Key, ...], Action]],
        sel: Key | None,
    ) -> None:
        if sel is not None and any(len(p) == 2 and p[0] == sel for p, _ in plan):
            lit = {p[1] for p, _ in plan if len(p) == 2 and p[0] == sel}
        else:
            sel = None
            lit = {p[0] for p, _ in plan}
        for key in lit:
            for spot in spots.get(key, []):
                cv.add(_outline(spot, _HINT, 2.5))
        if sel is not None:
            for spot in spots.get(sel, []):
                cv.add(_outline(spot, _SELECT, 3.5))

    def _action_bar(
        self,
        cv: _Canvas,
        st: StateISS,
        plan: list[tuple[tuple[Key, ...], Action]],
        sel: Key | None,
        hints: bool,
    ) -> None:
        y = self.bar_y
        cp = st.current_player
        prompt = self._prompt(st, plan, sel, hints)
        cv.add(Text(_X0 + 6, y + 12, prompt, size=12, anchor="start", bold=True, fill=_INK))
        x = _X0 + 6
        ly = y + 38
        if cp >= 0 and st.pool:
            cv.add(Text(x, ly, "to give:", size=MIN_TEXT, anchor="start", fill=_DIM))
            x += 48
            for via in st.pool:
                text = _VIA_SHORT[via]
                w = _text_w(text) + 10
                colour = CARD_COLOURS[min(int(via), 4)] if via <= Via.WILD_CARD else "#8a6d00"
                cv.add(Rect(x, ly - 9, w, 18, fill="#ffffff", stroke=colour, width=2.0))
                cv.add(Text(x + w / 2, ly, text, size=MIN_TEXT, bold=True, fill=colour))
                x += w + 4
            boost = [
                f"+{b} {n}" for b, n in zip(st.boost, ("move", "research", "assemble"), strict=True) if b
            ]
            if boost:
                text = "boost " + ", ".join(boost)
                cv.add(Text(x + 2, ly, text, size=MIN_TEXT, anchor="start", fill="#8a6d00", bold=True))
                x += _text_w(text) + 8
        if not hints or cp < 0:
            return
        for path, action in plan:
            if path[0][0] != "do":
                continue
            label = _button_label(action)
            w = _text_w(label, 12) + 16
            if x + w > _X0 + _INNER - 4:
                break
            cv.add(Rect(x, ly - 11, w, 22, fill=_BUTTON, stroke="#0f2440", width=1.0))
            cv.add(Text(x + w / 2, ly, label, size=12, fill="#ffffff"))
            cv.regions += _rect_regions(path[0], x, ly - 11, w, 22, label)
            x += w + 6

    def _prompt(
        self, st: StateISS, plan: list[tuple[tuple[Key, ...], Action]], sel: Key | None, hints: bool
    ) -> str:
        cp = st.current_player
        if cp == TERMINAL:
            reason = st.end_reason
            return reason.value if reason is not None else "the game is over"
        if cp == CHANCE:
            return "a draw: the tiles, incident cards and markers come from their piles"
        name = self.names[cp]
        if not hints:
            return f"{name} ({_PHASE_TEXT.get(int(st.phase), 'to act')})"
        if sel is not None and any(len(p) == 2 and p[0] == sel for p, _ in plan):
            targets = [p[1] for p, _ in plan if len(p) == 2 and p[0] == sel]
            return self._next_prompt(st, sel, targets)
        if st.queue and st.queue[0][0] == Task.ARRIVE:
            return f"{name}: click the astronaut on the Earth board (crew row) who arrives on Rassvet"
        ph = st.phase
        if ph == Phase.SELECT:
            if self.solo:
                return f"{name}: click a hand card, then a free middle-row card or a second hand card"
            return f"{name}: click your face-up card, then a fellow player's card (or the wild cards)"
        if ph == Phase.COMMAND:
            return f"{name}: click an astronaut, then its target; an exercise marker; or skip"
        if ph == Phase.RESEARCH_MORE:
            return f"{name}: points left over: click another die in the same field, or forfeit them"
        if ph == Phase.FINISH:
            return f"{name}: use a research bonus, or end the turn"
        if ph == Phase.TRAIN:
            held = st.held[cp]
            c = next((i for i in range(3) if held[i]), 0)
            return f"{name}: end of shift: click an astronaut to raise its {COLOURS[c]} value by one"
        return f"{name} to act"

    # --- the rest of the board protocol ------------------------------------------------------------

    def place_name(self, key: Hashable) -> str:
        """A place in words: ``astronaut 3``, ``die 1 of tile #7``, ``Moscow's Move card``."""
        if not isinstance(key, tuple) or not key:
            return str(key)
        t = key[0]
        if t == "astro":
            return f"astronaut {key[1] + 1}"
        if t == "field":
            return _field(key[1])
        if t == "die":
            return f"die {key[2] + 1} of tile #{key[1]}"
        if t == "slot":
            return f"module {MODULES[key[1]]} on {_field(key[2])}"
        if t == "module":
            return f"module card {MODULES[key[1]]}"
        if t == "card":
            return f"{self.names[key[1]]}'s {_CARD_NAMES[key[2]]} card"
        if t == "down":
            return f"{self.names[key[1]]}'s face-down {_CARD_NAMES[key[2]]} card"
        if t in ("hand", "middle", "bottom"):
            return (
                f"the {_CARD_NAMES[key[1]]} card {'in the hand' if t == 'hand' else 'on the ' + t + ' row'}"
            )
        if t == "wild":
            return "the wild cards"
        if t == "exercise":
            return f"a {COLOURS[key[1]]} exercise marker"
        if t == "capsule":
            return "a robonaut in the Soyuz capsule"
        if t == "robonaut":
            return f"the robonaut on {_field(key[1])}"
        if t == "bonus":
            return f"the bonus of tile #{key[1]}"
        if t == "do":
            return self.game.describe_action(key[1], None)
        return str(key)

    def format_value(self, field: str, value: Any) -> Any:
        """Per-seat fields for the inspector: face-up cards in words, face-down as a count, markers held."""
        if field == "face_up":
            return _cards(value) or "-"
        if field == "face_down":
            return f"{sum(value)} card{'s' if sum(value) != 1 else ''}"
        if field == "held":
            return ", ".join(f"{c} {COLOURS[i]}" for i, c in enumerate(value) if c) or "-"
        return None

    def field_label(self, field: str) -> str:
        """The inspector's heading for a per-seat field."""
        return {"face_up": "cards face up", "face_down": "face down", "held": "exercise markers"}.get(
            field, field
        )

    def origin(self, action: Action) -> Hashable | None:
        """Where an action starts: the astronaut commanded, the own card picked, the bonus used."""
        kind = type(action)
        if kind in (Move, Research, Assemble, Deploy, Arrive, Train):
            return ("astro", action.astronaut)
        if kind is Select:
            return ("card", action.seat, action.own)
        if kind is UseBonus:
            return ("bonus", action.tile)
        if kind is Exercise:
            return ("exercise", action.colour)
        return None

    def target(self, action: Action) -> Hashable | None:
        """Where an action lands on the board (the animation rings it): a field, a module card."""
        kind = type(action)
        if kind is Move:
            return ("field", action.dest)
        if kind is Assemble:
            return ("field", 3 + action.module)
        if kind is DrawTile:
            return ("field", action.field)
        if kind is DrawMarker:
            return ("module", action.module)
        if kind is DrawIncident:
            card = action.card
            return (
                ("module", MODULES.index(card)) if card in MODULES else ("field", 0) if card == "A" else None
            )
        return self.origin(action)


# --- helpers ---------------------------------------------------------------------------------------

_DRAWS = {
    0: "difficulty markers are dealt",
    1: "a research tile is drawn",
    2: "an incident card is turned",
    3: "an incident marker is drawn",
    4: "the cards are dealt",
}
_PHASE_TEXT = {
    int(p): text
    for p, text in zip(
        Phase,
        (
            "setting up",
            "choosing two cards",
            "giving commands",
            "carrying research points",
            "using bonuses or ending the turn",
            "training the crew",
            "game over",
        ),
        strict=True,
    )
}


def _key_of(*prefix: Any) -> Callable[[int], Key | None]:
    """The region key of a card kind on a chip row: ``(*prefix, kind)``."""
    return lambda k: (*prefix, k)


def _no_key(kind: int) -> Key | None:
    """Chips that are not clicked (the top row, covered cards)."""
    return None


def _field(f: int) -> str:
    return FIELD_NAMES[f] if f < 3 else f"{FIELD_NAMES[f]} ({FIELD_CODES[f]})"


def _cards(counts: Iterable[int]) -> str:
    return ", ".join(f"{c} {_CARD_NAMES[k]}" for k, c in enumerate(counts) if c)


def _via_order(action: Action) -> tuple[int, int]:
    via = getattr(action, "via", 0)
    return (int(via == Via.WILD_CARD), int(via))


def _totals(st: StateISS, f: int) -> tuple[int, int, int]:
    """The assisted values of a field: every astronaut's values there, plus 1 per robonaut (Assistance)."""
    out = [0, 0, 0]
    for a, g in enumerate(st.astronauts):
        if g == f:
            for c in range(3):
                out[c] += st.skills[a][c]
    robots = st.robonauts.count(f)
    return out[0] + robots, out[1] + robots, out[2] + robots


def _button_label(action: Action) -> str:
    kind = type(action)
    if kind is EndShift:
        return "End shift"
    if kind is EndTurn:
        return "End turn"
    if kind is ResearchStop:
        return "Forfeit the points"
    if kind is Skip:
        return f"Skip {_VIA_SHORT[action.via]}"
    return str(action)


def _outline(spot: tuple[float, ...], colour: str, width: float) -> Shape:
    if len(spot) == 3:
        x, y, r = spot
        return Circle(x, y, r + 2.5, stroke=colour, width=width)
    x, y, w, h = spot
    return Rect(x - 2, y - 2, w + 4, h + 4, stroke=colour, width=width)


def _astronaut_glyph(x: float, y: float) -> list[Shape]:
    """The astronaut symbol of a difficulty marker: a head and shoulders."""
    return [
        Circle(x, y - 4, 3.2, fill="#1b1f24"),
        Polygon(((x - 5.5, y + 6), (x - 4, y), (x + 4, y), (x + 5.5, y + 6)), fill="#1b1f24"),
    ]


#: the board of this game package (found by ``isslab_widgets.boards.board_class``); the annotation
#: makes mypy check that the class satisfies the board protocol
BOARD: Callable[[Game], Board] = MissionISSBoard
