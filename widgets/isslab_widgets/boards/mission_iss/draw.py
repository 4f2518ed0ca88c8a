"""The Mission ISS board's picture: the tracker, the module cards, the station, the crew, the players.

See :mod:`isslab_widgets.boards.mission_iss` for the layout; the words come from :mod:`.words`, the
clickable places from :mod:`.clicks`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, cast

from isslab import CHANCE, TERMINAL, Action, Game, State
from isslab.games.mission_iss import (
    BONUS_NAMES,
    COLOURS,
    FIELD_CODES,
    FIELD_NAMES,
    MODULES,
    Phase,
    StateMissionISS,
    Via,
    band_of,
)
from isslab_widgets.boards import Viewers
from isslab_widgets.boards.kit import Canvas, build_scene, fit, outline, text_width
from isslab_widgets.boards.mission_iss.clicks import BoardMissionISSClicks
from isslab_widgets.boards.mission_iss.words import (
    _BONUS_TEXT,
    _CARD_NAMES,
    _DRAWS,
    _VIA_SHORT,
    Key,
    _button_label,
    _field,
)
from isslab_widgets.scene import Circle, Line, Polygon, Rect, Scene, Shape, Text

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

_X0 = 8.0
_INNER = WIDTH - 2 * _X0
_HEADER_H = 24
_TRACK_Y = 24.0
_TRACK_H = 31.0
_CARDS_Y = 59.0
_CARD_H = 41.0
_STATION_Y = 104.0
_CELL_H = 76.0
_STATION_H = 340.0
_ROW_H = 24.0
_PLAYER_H = 35.0
_SOLO_H = 90.0
_BAR_H = 52.0

Cell = tuple[int, int]


def station_layout(parents: Sequence[Sequence[int]]) -> tuple[dict[int, Cell], dict[tuple[int, int], Cell]]:
    """Grid cells of the station: module A's fields, and a cell per (module, field it may attach to).

    Module A stands in a column (Tranquility, Rassvet, Soyuz-1); its fields grow sideways, every
    module straight on from its parent, else to the side nearer Rassvet's row, never back. Cells are reserved
    for every pair at once, breadth first from module A, so no two modules can ever share a cell.
    Returns the primary cell of each field (a module's first pair) and the cell of each pair,
    both relative to the primary cell of the parent (see :meth:`BoardMissionISS.cell`).
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
    """The width of ``text`` in pixels, a little generous."""
    return text_width(text, size)


class BoardMissionISS(BoardMissionISSClicks):
    """Draws a Mission ISS position and turns clicks on cards, astronauts and the station into actions."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        t = self.game.tables
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

    def cell(self, st: StateMissionISS, field: int) -> Cell:
        """The grid cell of an attached field (module A's fields, or a module where it is attached)."""
        if field < 3:
            return self.primary[field]
        parent = st.station[field - 3]
        return self._slot_cell(st, field - 3, parent)

    def _slot_cell(self, st: StateMissionISS, module: int, parent: int) -> Cell:
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

    def scene(
        self, state: State, selected: Hashable | None = None, hints: bool = True, viewers: Viewers = ()
    ) -> Scene:
        """The board at ``state``; with ``hints``, the clickable places of the seat to act and its buttons.

        Face-down command cards show for the ``viewers`` only (the others see a count).
        """
        st = cast(StateMissionISS, state)
        cv = Canvas()
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
        top = Canvas()
        plan = self._plan(st) if hints and cp >= 0 else []
        sel = selected if isinstance(selected, tuple) else None
        self._action_bar(top, st, plan, sel, hints)
        if plan:
            self._highlights(top, cv.spots, plan, sel)
        return build_scene(
            WIDTH,
            self.height,
            cv,
            top,
            background=self._background,
            title=f"Mission ISS, {st.year}, move {st.move_number}",
        )

    def _header(self, cv: Canvas, st: StateMissionISS) -> None:
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

    def _track(self, cv: Canvas, st: StateMissionISS) -> None:
        t = self.game.tables
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
                y = _TRACK_Y + 21
                if text == "!":  # the incident symbol: a warning triangle
                    cv.add(Polygon(((mx - 7, y + 6), (mx + 7, y + 6), (mx, y - 7)), fill=colour))
                    cv.add(Text(mx, y + 1, "!", size=MIN_TEXT, bold=True, fill="#ffffff"))
                else:
                    cv.add(Text(mx, y, text, size=MIN_TEXT, bold=True, fill=colour))
                mx += 20

    def _module_cards(self, cv: Canvas, st: StateMissionISS) -> None:
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
                on = fit(f"on {FIELD_NAMES[where]}", cw - 4, MIN_TEXT)
                cv.add(Text(x + cw / 2, y + 29, on, size=MIN_TEXT, fill=_DIM))
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
                cv.add(Rect(ix, y + 22, 13, 15, fill="#c62828", stroke="#7f1010", width=0.6))
                cv.add(Text(ix + 6.5, y + 29.5, str(v), size=MIN_TEXT, bold=True, fill="#ffffff"))
            level = marker + sum(st.incidents[m])
            label = f"module card {letter}: difficulty {marker}" + (
                f" + incident markers = {level}" if st.incidents[m] else ""
            )
            cv.spot_rect(("module", m), x, y, cw, _CARD_H, label + (" (astronaut symbol)" if symbol else ""))

    def _station(self, cv: Canvas, st: StateMissionISS) -> None:
        t = self.game.tables
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
        self, cv: Canvas, st: StateMissionISS, f: int, tiles: list[tuple[int, tuple[tuple[int, int], ...]]]
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

    def _roster(self, cv: Canvas, st: StateMissionISS) -> None:
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

    def _supply(self, cv: Canvas, st: StateMissionISS) -> None:
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

    def _bonuses(self, cv: Canvas, st: StateMissionISS) -> None:
        t = self.game.tables
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
        cv: Canvas,
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

    def _players(self, cv: Canvas, st: StateMissionISS, viewers: frozenset[int]) -> None:
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
            l1, l2 = y + 10, y + 25
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

    def _solo(self, cv: Canvas, st: StateMissionISS) -> None:
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

    def _highlights(
        self,
        cv: Canvas,
        spots: dict[Hashable, list[tuple[float, ...]]],
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
                cv.add(outline(spot, _HINT, 2.5))
        if sel is not None:
            for spot in spots.get(sel, []):
                cv.add(outline(spot, _SELECT, 3.5))

    def _action_bar(
        self,
        cv: Canvas,
        st: StateMissionISS,
        plan: list[tuple[tuple[Key, ...], Action]],
        sel: Key | None,
        hints: bool,
    ) -> None:
        y = self.bar_y
        cp = st.current_player
        prompt = self._prompt(st, plan, sel, hints)
        cv.add(Text(_X0 + 6, y + 12, prompt, size=12, anchor="start", bold=True, fill=_INK))
        x = _X0 + 6
        ly = y + 35
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
            cv.spot_rect(path[0], x, ly - 11, w, 22, label)
            x += w + 6


def _key_of(*prefix: Any) -> Callable[[int], Key | None]:
    """The region key of a card kind on a chip row: ``(*prefix, kind)``."""
    return lambda k: (*prefix, k)


def _no_key(kind: int) -> Key | None:
    """Chips that are not clicked (the top row, covered cards)."""
    return None


def _astronaut_glyph(x: float, y: float) -> list[Shape]:
    """The astronaut symbol of a difficulty marker: a head and shoulders."""
    return [
        Circle(x, y - 4, 3.2, fill="#1b1f24"),
        Polygon(((x - 5.5, y + 6), (x - 4, y), (x + 4, y), (x + 5.5, y + 6)), fill="#1b1f24"),
    ]
