"""Bots of Mission ISS: ``planner`` (plays the whole team) and ``greedy`` (a weaker baseline).

Both read the position through a small :class:`_Look` (field totals with assistance, the crew by
field, the modules that can be attached and their difficulty, the dice of each field) and value
commands in points: an attached module is worth about 100, clearing a red die 45, research,
exercise and robonauts less.

``planner`` thinks in pairs of commands, as a turn gives them. For every pair of command kinds it
knows the best plan: one command each (attach, research, exercise, robonaut, a useful move), or a
plan that needs both in order (move an astronaut into a field, then attach from there with its
help; deploy a robonaut, then attach; clear the last red die, then attach; move, then research a
red die). The crew gathers towards one target: the field with the most red pips during a work
stoppage, else the module that needs the fewest moves to reach its difficulty. At the start of a
turn it picks the two cards whose kinds allow the best plan, less a cost for spending scarce cards
(Assemble cards and wild cards wait for attachments) and for the card it takes: a fellow player
with few cards keeps them (the rulebook's tips: keep the cards spread, never take a player's last
card). The second command of a turn keeps the plan made for the pair unless the first one
attached a module, cleared a die or gained a bonus; then it plans again. It uses a research bonus
that adds a command when a plan needs one, one that recovers a card at once, and a "+2" when the
step it plans needs it. Exercise markers go to the astronaut already best in that colour.

``greedy`` picks the two cards whose best single commands are worth most now, moves towards the
easiest module wherever the crew is, and never plans two steps or thinks of the cards it takes.

Each decision is arithmetic over the position: no search, no lookahead beyond the two commands of
a turn, so a game costs a few milliseconds. ``greedy`` is a function; ``planner`` is a
:class:`Planner` object whose memory is the last position it planned for and the second command
of the turn's plan (both checked against the position before use).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

from isslab.core import Action, register_bot
from isslab.games.mission_iss.actions import Play, Select, UseBonus
from isslab.games.mission_iss.components import (
    ASSEMBLE,
    EXERCISE,
    GREY,
    MAX_SKILL,
    MOVE,
    NUM_FIELDS,
    RESEARCH,
    WILD,
    Bonus,
)
from isslab.games.mission_iss.legal import WAITING, field_totals, red_on_station
from isslab.games.mission_iss.phases import (
    ARRIVE,
    COMMAND,
    FINISH,
    RESEARCH_MORE,
    SELECT,
    TRAIN,
    Via,
)
from isslab.games.mission_iss.scoring import TURNS

if TYPE_CHECKING:
    from isslab.games.mission_iss.rules import StateMissionISS
    from isslab.games.mission_iss.tables import Tables

__all__ = ["Planner", "greedy_bot", "planner_bot"]

_NUM_MODULES = 12
#: the card kind each command source gives (wild: any)
_VIA_KIND = (MOVE, RESEARCH, ASSEMBLE, EXERCISE, WILD, MOVE, RESEARCH, ASSEMBLE, EXERCISE)
_BOOST_OF = {Bonus.BOOST_MOVE: 0, Bonus.BOOST_RESEARCH: 1, Bonus.BOOST_ASSEMBLE: 2}
_EXTRA = (Bonus.EXTRA_MOVE, Bonus.EXTRA_RESEARCH, Bonus.FREE_ROBONAUT, Bonus.FREE_EXERCISE)

# values of outcomes, in points (an attached module is the unit the game is scored in)
ATTACH = 100.0
SYMBOL = 15.0
RED_DIE = 45.0
RED_POINT = 6.0
STOPPAGE_OVER = 20.0
BLUE_POINT = 2.0
TILE_DONE = 12.0
EXERCISE_VALUE = (4.0, 6.0, 10.0)  # orange, blue, grey
ROBONAUT = 6.0
NEAR_ATTACH = 30.0
#: the worth of clearing a blue die when 0, 1, 2+ blue dice are free
BLUE_TIGHT = (30.0, 15.0, 0.0)
#: moving an astronaut to research a red die: base, per blue point it brings
RED_MOVE = (8.0, 4.0)

#: a plan: (value, kinds needed (one or two), first step, second step or ()); a step is a tuple
#: naming an action: ("move", astronaut, field), ("attach", field, module, difficulty),
#: ("research", field, tile, die), ("exercise", colour), ("deploy", field, source)
Plan = tuple[float, tuple[int, ...], tuple[Any, ...], tuple[Any, ...]]
#: what to give next this turn: (kind, step), or None
Follow = tuple[int, tuple[Any, ...]] | None


class _Look:
    """What a decision needs to know of a position, computed once (see the module).

    ``prev``, a look at an earlier position of the same game (the planner's last one): the parts
    of it made from the very same field objects (an unchanged field is the same tuple after
    ``apply``) are taken over instead of computed again.
    """

    __slots__ = (
        "st",
        "t",
        "tot",
        "first",
        "red",
        "open",
        "boost_left",
        "dist",
        "_plan_target",
        "_target_found",
        "dice_at",
        "pips",
        "can_train",
        "_values",
    )

    st: StateMissionISS
    t: Tables
    tot: list[list[int]]
    first: dict[int, int]
    red: int
    open: list[tuple[int, int, int]]
    boost_left: list[int]
    dist: tuple[tuple[int, ...], ...]
    _plan_target: bool
    _target_found: tuple[Any, ...] | None
    dice_at: dict[int, list[tuple[bool, int, int, int]]]
    pips: list[int]
    can_train: list[bool]
    _values: dict[int, float]

    def __init__(
        self, st: StateMissionISS, plan_target: bool = True, light: bool = False, prev: _Look | None = None
    ) -> None:
        self.st = st
        t = st.game.tables
        self.t = t
        if prev is not None and prev.t is not t:
            prev = None
        astronauts = st.astronauts
        skills = st.skills
        if prev is not None and prev.st.astronauts is astronauts:
            self.first = prev.first
            same_crew = prev.st.skills is skills
            self.tot = prev.tot if same_crew and prev.st.robonauts is st.robonauts else field_totals(st)
        else:
            same_crew = False
            self.tot = field_totals(st)
            first = {}
            for a, f in enumerate(astronauts):
                if f >= 0 and f not in first:
                    first[f] = a
            self.first = first
        station = st.station
        self.dist = t.distances(station)
        if light:  # enough to turn a step into an action (see Planner._command)
            return
        self.red = red_on_station(st)
        # the colours an exercise can still raise: some astronaut on the station below the maximum
        if same_crew and prev is not None:
            self.can_train = prev.can_train
        else:
            can_train = [False, False, False]
            for a, f in enumerate(astronauts):
                if f >= 0:
                    for c, v in enumerate(skills[a]):
                        if v < MAX_SKILL:
                            can_train[c] = True
            self.can_train = can_train
        tiles = st.tiles
        if prev is not None and prev.st.tiles is tiles:
            self.dice_at, self.pips = prev.dice_at, prev.pips
        else:
            # the dice of each field that research can reduce: red first, then by value
            dice_at: dict[int, list[tuple[bool, int, int, int]]] = {}
            pips = [0] * NUM_FIELDS  # red pips by field
            for tile, f, ds in tiles:
                for i, (c, v) in enumerate(ds):
                    if c != WAITING:
                        row = dice_at.get(f)
                        if row is None:
                            row = dice_at[f] = []
                        row.append((c != 1, v, tile, i))
                        if c == 1:
                            pips[f] += v
            for row in dice_at.values():
                row.sort()
            self.dice_at, self.pips = dice_at, pips
        diff = st.difficulty
        incidents = st.incidents
        if (
            prev is not None
            and prev.st.station is station
            and prev.st.difficulty is diff
            and prev.st.incidents is incidents
        ):
            self.open = prev.open
        else:
            # modules that can be attached now or later: (module, parent field, difficulty)
            opened = []
            parents = t.parents
            for m in range(_NUM_MODULES):
                if station[m] >= 0:
                    continue
                need = diff[m][0] + sum(incidents[m])
                for f in parents[m]:
                    if f < 3 or station[f - 3] >= 0:
                        opened.append((m, f, need))
            self.open = opened
        # points the unused "+2" bonuses could still add, per colour (and boosts already active)
        left = list(st.boost)
        for tile in st.bonuses:
            colour = _BOOST_OF.get(t.tile_bonus[tile])
            if colour is not None:
                left[colour] += 2
        self.boost_left = left
        # attach_value reads the symbol, whether an astronaut waits on the Earth board, the
        # station and the dice
        if (
            prev is not None
            and prev.st.station is station
            and prev.st.difficulty is diff
            and prev.st.dice_free is st.dice_free
            and (-1 in prev.st.astronauts) == (-1 in astronauts)
        ):
            self._values = prev._values
        else:
            self._values = {}
        self._plan_target = plan_target
        self._target_found = None

    def target(self) -> tuple[Any, ...]:
        """Where the crew gathers (made when a plan first needs it; see _target)."""
        found = self._target_found
        if found is None:
            found = self._target_found = self._target() if self._plan_target else self._naive_target()
        return found

    def attach_value(self, m: int) -> float:
        """The worth of attaching module ``m`` now."""
        v = self._values.get(m)
        if v is not None:
            return v
        st = self.st
        v = ATTACH
        if st.difficulty[m][1] and -1 in st.astronauts:
            v += SYMBOL
        station = st.station
        for k in self.t.children[3 + m]:
            if station[k] < 0:
                v += 3.0
        free_blue = st.dice_free[0]
        if free_blue < 2:  # a new tile brings one or two dice: red ones stop the work
            v -= 8.0 * (2 - free_blue)
        self._values[m] = v
        return v

    def _naive_target(self) -> tuple[Any, ...]:
        """The greedy bot's target: the module with the lowest difficulty, wherever the crew is."""
        if not self.open:
            return ("none",)
        m, f, need = min(self.open, key=lambda x: (x[2], x[0]))
        return ("attach", m, f, need)

    def _target(self) -> tuple[Any, ...]:
        """Where the crew gathers: the field with red dice, else the easiest module to attach."""
        st = self.st
        if self.red:
            pips = self.pips
            return ("red", pips.index(max(pips)))  # the most red pips, the lowest field of a tie
        skills = st.skills
        helpers: list[tuple[int, int, int]] | None = None
        best: tuple[Any, ...] = ("none",)
        best_score = -1e9
        grey = self.tot[GREY]
        boost = self.boost_left[2]
        first = self.first
        values = self._values
        for m, f, need in self.open:
            deficit = need - grey[f] - boost
            moves = 0
            if deficit > 0:
                if helpers is None:  # the strongest assemblers first
                    helpers = sorted(
                        ((skills[a][GREY], a, g) for a, g in enumerate(st.astronauts) if g >= 0),
                        reverse=True,
                    )
                for g, _, where in helpers:
                    if where != f:
                        deficit -= g
                        moves += 1
                        if deficit <= 0:
                            break
            elif f not in first:
                moves = 1
            value = values.get(m)
            if value is None:
                value = self.attach_value(m)
            score = value - 25.0 * moves - 6.0 * (deficit if deficit > 0 else 0) - 0.1 * m
            if score > best_score:
                best_score = score
                best = ("attach", m, f, need)
        return best


# --- plans ----------------------------------------------------------------------------------------


def _research_value(look: _Look, f: int, points: int) -> tuple[float, tuple[Any, ...] | None]:
    """The worth of a research command with ``points`` in field ``f``, and its first die."""
    dice = look.dice_at.get(f)
    if not dice or points <= 0:
        return 0.0, None
    # red dice first, then the dice it clears, smallest first (the order of ``dice_at``)
    value = 0.0
    left = points
    first = dice[0]
    reds_cleared = 0
    # few blue dice left: the next tiles come red, so a cleared blue die spares a stoppage
    tight = BLUE_TIGHT[min(look.st.dice_free[0], 2)]
    for blue, v, _, _ in dice:
        if left <= 0:
            break
        used = left if left < v else v
        if not blue:
            value += RED_POINT * used
            if used == v:
                value += RED_DIE
                reds_cleared += 1
        else:
            value += BLUE_POINT * used
            if used == v:
                value += TILE_DONE + tight
        left -= used
    if reds_cleared and reds_cleared == look.red:
        value += STOPPAGE_OVER
    return value, ("research", f, first[2], first[3])


def _moves_toward(look: _Look, f: int, value_of: Any) -> list[Plan]:
    """Move plans bringing astronauts to field ``f`` (or as close as their points reach)."""
    st = look.st
    plans: list[Plan] = []
    orange = look.tot[0]
    boost = look.boost_left[0]
    dist = look.dist
    toward: tuple[tuple[int, ...], ...] | None = None
    for a, g in enumerate(st.astronauts):
        if g < 0 or g == f:
            continue
        pts = orange[g] + boost
        if dist[g][f] <= pts:
            plans.append((value_of(a), (MOVE,), ("move", a, f), ()))
        elif pts > 0:  # as far as the points reach along the way
            if toward is None:
                toward = look.t.toward(st.station)
            dest = g
            for _ in range(pts):
                dest = toward[dest][f]
            plans.append((0.3 * value_of(a), (MOVE,), ("move", a, dest), ()))
    return plans


def _assemble_plans(look: _Look, held: tuple[int, ...]) -> list[Plan]:
    """Plans of one Assemble command: attach a module, or a robonaut to the target."""
    st = look.st
    grey = look.tot[GREY]
    first = look.first
    plans: list[Plan] = []
    if not look.red:
        boost = look.boost_left[2]
        for m, f, need in look.open:
            if f in first and need <= grey[f] + boost:
                plans.append((look.attach_value(m), (ASSEMBLE,), ("attach", f, m, need), ()))
    # a robonaut at the target (from the capsule, else from another field)
    robots = st.robonauts
    target = look.target()
    if robots and target[0] != "none":
        f = target[2] if target[0] == "attach" else target[1]
        if f in first:
            src = -1 if robots[0] < 0 else next((r for r in robots if r != f), None)
            if src is not None:
                plans.append((ROBONAUT if src < 0 else 2.0, (ASSEMBLE,), ("deploy", f, src), ()))
    return plans


def _research_plans(look: _Look, held: tuple[int, ...]) -> list[Plan]:
    """Plans of one Research command, in every occupied field with dice."""
    plans: list[Plan] = []
    dice_at = look.dice_at
    blue = look.tot[1]
    boost = look.boost_left[1]
    for f in look.first:
        if f in dice_at:
            v, step = _research_value(look, f, blue[f] + boost)
            if step is not None:
                plans.append((v, (RESEARCH,), step, ()))
    return plans


def _exercise_plans(look: _Look, held: tuple[int, ...]) -> list[Plan]:
    """Plans of one Exercise command (``held``: the exercise markers the player has)."""
    plans: list[Plan] = []
    supply = look.st.exercise_supply
    can_train = look.can_train
    for c in range(3):
        if supply[c] and can_train[c]:
            plans.append((EXERCISE_VALUE[c] - 2.0 * held[c], (EXERCISE,), ("exercise", c), ()))
    return plans


def _move_plans(look: _Look, held: tuple[int, ...]) -> list[Plan]:
    """Plans of one Move command: astronauts towards the target."""
    skills = look.st.skills
    target = look.target()
    if target[0] == "attach":
        _, m, f, need = target
        deficit = need - look.tot[GREY][f] - look.boost_left[2]

        def attach_help(a: int) -> float:
            """The worth of bringing astronaut ``a`` to the target's field."""
            g = skills[a][GREY]
            if deficit <= 0 and f not in look.first:
                return NEAR_ATTACH
            if g >= deficit > 0:
                return NEAR_ATTACH
            return 6.0 + 4.0 * float(min(g, max(deficit, 0)))

        return _moves_toward(look, f, attach_help)
    if target[0] == "red":
        return _moves_toward(look, target[1], lambda a: RED_MOVE[0] + RED_MOVE[1] * skills[a][1])
    return []


#: the single plans of each kind (Move, Research, Assemble, Exercise)
_SINGLES = (_move_plans, _research_plans, _assemble_plans, _exercise_plans)
assert (MOVE, RESEARCH, ASSEMBLE, EXERCISE) == (0, 1, 2, 3)


def _double_plans(look: _Look) -> list[Plan]:
    """Plans that need two commands in order (the first step is the one given first)."""
    st = look.st
    tot = look.tot
    plans: list[Plan] = []
    grey = tot[GREY]
    orange = tot[0]
    skills = st.skills
    if not look.red:
        for m, f, need in look.open:
            have = grey[f] + look.boost_left[2]
            if f in look.first and have >= need:
                continue
            # move an astronaut in, then attach with its help
            best = -1
            for a, g in enumerate(st.astronauts):
                if g < 0 or g == f or look.dist[g][f] > orange[g] + look.boost_left[0]:
                    continue
                if have + skills[a][GREY] >= need and (best < 0 or skills[a][GREY] < skills[best][GREY]):
                    best = a  # the weakest helper that suffices: the strong ones stay useful
            if best >= 0:
                plans.append(
                    (look.attach_value(m) - 5.0, (MOVE, ASSEMBLE), ("move", best, f), ("attach", f, m, need))
                )
            # a robonaut first, then attach
            if f in look.first and have + 1 >= need and st.robonauts:
                robots = st.robonauts
                src = -1 if robots[0] < 0 else next((r for r in robots if r != f), None)
                if src is not None:
                    plans.append(
                        (
                            look.attach_value(m) - 8.0,
                            (ASSEMBLE, ASSEMBLE),
                            ("deploy", f, src),
                            ("attach", f, m, need),
                        )
                    )
        return plans
    reds = [(f, v) for _, f, ds in st.tiles for c, v in ds if c == 1]
    fields = {f for f, _ in reds}
    # clear the red dice, then attach (the stoppage is over)
    if len(fields) == 1:
        (f,) = fields
        if f in look.first and tot[1][f] + look.boost_left[1] >= sum(v for _, v in reds):
            step = _research_value(look, f, tot[1][f] + look.boost_left[1])[1]
            attachable = [
                (look.attach_value(m), ("attach", pf, m, need))
                for m, pf, need in look.open
                if pf in look.first and need <= grey[pf] + look.boost_left[2]
            ]
            if attachable and step is not None:
                best_v, then = max(attachable)
                value = RED_DIE * len(reds) + STOPPAGE_OVER + best_v
                plans.append((value, (RESEARCH, ASSEMBLE), step, then))
    # move a helper into a field with red dice, then research
    for f in fields:
        best_a = -1
        for a, g in enumerate(st.astronauts):
            if g < 0 or g == f or look.dist[g][f] > orange[g] + look.boost_left[0]:
                continue
            if best_a < 0 or skills[a][1] > skills[best_a][1]:
                best_a = a
        if best_a >= 0:
            points = tot[1][f] + skills[best_a][1] + look.boost_left[1]
            v, step = _research_value(look, f, points)
            if step is not None:
                plans.append((v - 2.0, (MOVE, RESEARCH), ("move", best_a, f), step))
    return plans


def _conflict(p: Plan, q: Plan) -> bool:
    """Two single plans of one kind that cannot both happen as valued (one field, one mover)."""
    a, b = p[2], q[2]
    return bool(a[0] == b[0] and a[1] == b[1])


_VALUE = operator.itemgetter(0)


class _Plans:
    """The plans of a position by the kinds they need, and the best use of a pair of kinds.

    The plans are made when first asked for: the single plans kind by kind (with one command left,
    or a bonus to weigh, only the kinds it can give are), the plans of two commands with the first
    pair. ``doubles=False``: no plans of two commands (the greedy bot). ``rows``: single plans
    already made for the same board and exercise markers (None: not made).
    """

    __slots__ = ("_doubles", "_pairs", "_rows", "held", "look")

    def __init__(
        self,
        look: _Look,
        held: tuple[int, ...],
        doubles: bool = True,
        rows: list[list[Plan] | None] | None = None,
    ) -> None:
        self.look = look
        self.held = held
        #: pair(k1, k2) at index 5 * k1 + k2, once made
        self._pairs: list[tuple[float, Plan | None, Follow] | None] = [None] * 25
        self._rows: list[list[Plan] | None] = rows if rows is not None else [None, None, None, None]
        self._doubles: dict[tuple[int, int], Plan] | None = None if doubles else {}

    def doubles(self) -> dict[tuple[int, int], Plan]:
        """The best plan of two commands for each pair of kinds (in order) that has one."""
        best = self._doubles
        if best is None:
            best = self._doubles = {}
            for plan in _double_plans(self.look):
                a, b = plan[1]
                key = (a, b) if a <= b else (b, a)
                if key not in best or plan[0] > best[key][0]:
                    best[key] = plan
        return best

    def row(self, k: int) -> list[Plan]:
        """The single plans of kind ``k``, best first."""
        row = self._rows[k]
        if row is None:
            row = _SINGLES[k](self.look, self.held)
            row.sort(key=_VALUE, reverse=True)  # stable: plans of equal value keep their order
            self._rows[k] = row
        return row

    def rows_made(self) -> list[list[Plan] | None]:
        """The rows of single plans made so far (None: not made), for plans of the same board."""
        return list(self._rows)

    def one(self, k: int) -> tuple[float, Plan | None, Follow]:
        """The best single command of kind ``k`` (WILD: of any kind)."""
        if k == WILD:
            found = [row[0] for row in map(self.row, range(4)) if row]
            if not found:
                return 0.0, None, None
            plan = max(found, key=lambda x: x[0])
            return plan[0], plan, None
        row = self.row(k)
        return (row[0][0], row[0], None) if row else (0.0, None, None)

    def pair(self, k1: int, k2: int) -> tuple[float, Plan | None, Follow]:
        """The best value of two commands of kinds ``k1`` and ``k2`` (WILD: any), its first step
        and what follows it (memoised: a turn asks for the same pairs again and again)."""
        found = self._pairs[5 * k1 + k2]
        if found is None:
            found = self._pairs[5 * k1 + k2] = self._pair(k1, k2)
        return found

    def _pair(self, k1: int, k2: int) -> tuple[float, Plan | None, Follow]:
        if k1 == WILD or k2 == WILD:
            other = k2 if k1 == WILD else k1
            best: tuple[float, Plan | None, Follow] = (0.0, None, None)
            for k in range(4):
                found = self.pair(other, k) if other != WILD else self.pair(k, k)
                if found[0] > best[0]:
                    best = found
            if other == WILD:  # two wild cards: any two kinds
                for a in range(4):
                    for b in range(a + 1, 4):
                        found = self.pair(a, b)
                        if found[0] > best[0]:
                            best = found
            return best
        rows = self._rows
        first = rows[k1]
        if first is None:
            first = self.row(k1)
        second = rows[k2]
        if second is None:
            second = self.row(k2)
        best_v = 0.0
        best_p: Plan | None = None
        follow: Follow = None
        if first:
            best_v, best_p = first[0][0], first[0]
        if second and second[0][0] > best_v:
            best_v, best_p = second[0][0], second[0]
        if first and second:
            p = first[0]
            if k1 != k2:
                q = second[0]
                v = p[0] + q[0]
                # the first step: attach, research and exercise before any move (a move may take
                # away an astronaut whose help the other command counts on)
                lead, then = (p, q) if _ORDER[k1] <= _ORDER[k2] else (q, p)
                if v > best_v:
                    best_v, best_p, follow = v, lead, (then[1][0], then[2])
            else:
                for q in first[1:]:
                    if not _conflict(p, q):
                        if p[0] + q[0] > best_v:
                            best_v, best_p, follow = p[0] + q[0], p, (k2, q[2])
                        break
        doubles = self._doubles
        if doubles is None:
            doubles = self.doubles()
        double = doubles.get((k1, k2) if k1 <= k2 else (k2, k1))
        if double is not None and double[0] > best_v:
            best_v, best_p, follow = double[0], double, (double[1][1], double[3])
        return best_v, best_p, follow

    def best(self, have: list[int]) -> tuple[float, Plan | None, Follow]:
        """The best plan for the commands ``have`` (kinds; more than two: the best pair of them)."""
        if len(have) == 1:
            return self.one(have[0])
        best: tuple[float, Plan | None, Follow] = (0.0, None, None)
        for i in range(len(have)):
            for j in range(i + 1, len(have)):
                found = self.pair(have[i], have[j])
                if found[0] > best[0]:
                    best = found
        return best


#: the order of the independent commands of a turn: attach, research, exercise, then move
_ORDER = {ASSEMBLE: 0, RESEARCH: 1, EXERCISE: 2, MOVE: 3}


# --- turning a step into an action ----------------------------------------------------------------


def _via_for(st: StateMissionISS, kind: int) -> int:
    """The command source to use for a command of ``kind``: its own card, a bonus, else a wild card."""
    pool = st.pool
    for via in pool:
        if _VIA_KIND[via] == kind and via != Via.WILD_CARD:
            return int(via)
    if kind == ASSEMBLE and Via.BONUS_ROBONAUT in pool:
        return int(Via.BONUS_ROBONAUT)
    return int(Via.WILD_CARD)


def _step_action(look: _Look, st: StateMissionISS, step: tuple[Any, ...]) -> Action | None:
    """The action of a plan's first step in ``st`` (a boost first when the step needs one).

    ``look`` may have been made for an earlier position with the same board (before the cards
    were picked): the board comes from it, the command sources from ``st``.
    """
    t = look.t
    seat = st.seat
    what = step[0]
    if what == "attach":
        _, f, m, need = step
        if need > look.tot[GREY][f] + st.boost[2]:
            return _boost_action(st, 2)
        via = _via_for(st, ASSEMBLE)
        if via == Via.BONUS_ROBONAUT:
            return None
        return t.assemble_table[seat][via][look.first[f]][m]
    if what == "move":
        _, a, f = step
        g = st.astronauts[a]
        if look.dist[g][f] > look.tot[0][g] + st.boost[0]:
            return _boost_action(st, 0)
        return t.move_table[seat][_via_for(st, MOVE)][a][f]
    if what == "research":
        _, f, tile, die = step
        return t.research_table[seat][_via_for(st, RESEARCH)][look.first[f]][tile][die]
    if what == "exercise":
        return t.exercise_table[seat][_via_for(st, EXERCISE)][step[1]]
    if what == "deploy":
        _, f, src = step
        return t.deploy_table[seat][_via_for(st, ASSEMBLE)][look.first[f]][src + 1]
    return None


def _boost_action(st: StateMissionISS, colour: int) -> Action | None:
    t = st.game.tables
    for tile in st.bonuses:
        if _BOOST_OF.get(t.tile_bonus[tile]) == colour:
            return t.bonus_table[st.seat][tile]
    return None


def _pool_kinds(st: StateMissionISS) -> list[int]:
    return [_VIA_KIND[v] if v != Via.BONUS_ROBONAUT else ASSEMBLE for v in st.pool]


def _fallback(st: StateMissionISS, legal: list[Any]) -> Action:
    """A harmless legal action: leave a command unused, end the turn, or the first one."""
    t = st.game.tables
    if st.pool:
        return t.skip_table[st.seat][st.pool[-1]]
    return legal[0]


def _offered(action: Action, legal: list[Any]) -> bool:
    """Is ``action`` one of the legal action objects (the very object: steps come from the tables)?"""
    for a in legal:
        if a is action:
            return True
    return False


def _checked(st: StateMissionISS, action: Action | None, legal: list[Any]) -> Action:
    if action is not None and _offered(action, legal):
        return action
    return _fallback(st, legal)


# --- decisions shared by both bots -----------------------------------------------------------------


def _arrive(st: StateMissionISS) -> Action:
    """The waiting astronaut who assembles best arrives (grey first, then blue, then orange)."""
    t = st.game.tables
    waiting = [a for a, f in enumerate(st.astronauts) if f < 0]
    a = max(waiting, key=lambda x: (st.skills[x][2], st.skills[x][1], st.skills[x][0], -x))
    return t.arrive_table[st.seat][a]


def _train(st: StateMissionISS, legal: list[Any]) -> Action:
    """An exercise marker raises the astronaut already best in its colour (a specialist assembles alone)."""
    c = legal[0].colour
    return max(legal, key=lambda a: (st.skills[a.astronaut][c], -a.astronaut))


def _research_more(st: StateMissionISS, legal: list[Any]) -> Action:
    """Carry-over points: red dice first, then the die they clear, else the largest."""
    points = st.carry[1]
    best = legal[-1]
    best_key: tuple[int, int, int] | None = None
    dice = {(tile, i): (c, v) for tile, _, ds in st.tiles for i, (c, v) in enumerate(ds)}
    for a in legal[:-1]:
        c, v = dice[(a.tile, a.die)]
        key = (c == 1, v <= points, v if v <= points else -v)
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best


def _late_bonus(st: StateMissionISS, legal: list[Any], plans: _Plans | None = None) -> Action | None:
    """A bonus that recovers a card (always worth it), or that adds a command the plans can use.

    Without ``plans`` (the greedy bot) only a recovered card counts.
    """
    if not st.bonuses:
        return None
    t = st.game.tables
    for a in legal:
        if type(a) is UseBonus:
            b = t.tile_bonus[a.tile]
            if b == Bonus.RECOVER:
                return a
            if plans is not None and b in _EXTRA_KIND:
                kind, what = _EXTRA_KIND[b]
                if any(p[0] >= BONUS_WORTH and p[2][0] in what for p in plans.row(kind)):
                    return a
    return None


#: the kind of plan each extra-command bonus can carry out
_EXTRA_KIND = {
    Bonus.EXTRA_MOVE: (MOVE, ("move",)),
    Bonus.EXTRA_RESEARCH: (RESEARCH, ("research",)),
    Bonus.FREE_ROBONAUT: (ASSEMBLE, ("deploy",)),
    Bonus.FREE_EXERCISE: (EXERCISE, ("exercise",)),
}
#: an extra command is used at once when a plan for it is worth this much (else it waits)
BONUS_WORTH = 5.0


def _strands(ups: list[int], downs: list[int], seat: int, partner: int, wild: int) -> bool:
    """Would a pick by ``seat`` with the card of ``partner`` (-1: one of the ``wild`` cards) leave
    the next player unable to pick a pair, with few face-down cards?

    ``ups`` and ``downs``: the number of face-up and face-down cards of each player. That player's
    shift would end at once turning up almost nothing: a year lost for the team.
    """
    up = list(ups)
    up[seat] -= 1
    if partner < 0:
        wild -= 1
    else:
        up[partner] -= 1
    q = (seat + 1) % len(up)
    others = sum(up) - up[q]
    pairs = up[q] > 0 and (others > 0 or wild > 0)
    return not pairs and downs[q] <= STRANDED


# --- the planner ----------------------------------------------------------------------------------


def _take_cost(up: int, down: int) -> float:
    """What taking a card from a player with ``up`` and ``down`` cards costs: keep cards spread,
    never take someone's last."""
    # a player whose face-up cards run out ends the shift at its next turn, turning up only its
    # face-down cards: the fewer those are, the more of the team's time that shift end wastes
    cost = -TAKE_UP * up - TAKE_DOWN * down
    if up == 1:
        cost += TAKE_LAST * max(0, TAKE_ENOUGH - down)
    return cost


#: taking a fellow player's card: a little cheaper per card it still holds face up or down, and
#: dear when it is the last face-up card of a player with few face-down cards
TAKE_UP = 1.5
TAKE_DOWN = 0.5
TAKE_LAST = 6.0
TAKE_ENOUGH = 6

#: what spending a card of each kind costs (Move, Research, Assemble, Exercise, wild): scarce
#: Assemble cards and one-shot wild cards are kept for the attachments they are needed for
RESERVE = (2.0, 4.0, 12.0, 1.0, 14.0)
#: a player with at most this many face-down cards gains little from a forced end of its shift
STRANDED = 2
#: what leaving the next player unable to pick a pair costs (about a year of the tracker)
STRAND_COST = 300.0
#: the reserve of a wild card when more than one is waiting
WILD_SPARE = 4.0
#: single player: the cost of playing a second hand card instead of a free middle-row card
SOLO_HAND = 4.0


#: the state fields a planner's view of the board depends on (cards and the pool are not among
#: them; of the seat, the plans read only the exercise markers it holds)
_BOARD = (
    "station",
    "astronauts",
    "skills",
    "robonauts",
    "tiles",
    "bonuses",
    "boost",
    "dice_free",
    "difficulty",
    "incidents",
    "exercise_supply",
)


_board_of = operator.attrgetter(*_BOARD)


#: what the planner remembers of a turn's plan: the turn, (kind, step), the position, its action
_Follow: TypeAlias = "tuple[tuple[Any, ...], tuple[int, tuple[Any, ...]], StateMissionISS, Action]"


class Planner:
    """The team planner (see the module): a callable bot with a one-position memory.

    Picking the cards changes nothing on the board, so the plans made for the pick serve the first
    command of the turn too, and a turn that ends without changing the board leaves them to the
    next player (its Exercise plans made again when it holds other exercise markers). The memory
    is the last board planned for, its look and its plans; it is compared field by field by
    identity (an unchanged field is the very same tuple after ``apply``), so a stale entry can
    never be used. A new look takes over the parts of the last one whose fields are unchanged.
    """

    __name__ = "planner"

    def __init__(self) -> None:
        self._board: tuple[Any, ...] = ()
        self._look: _Look | None = None
        self._plans: _Plans | None = None
        self._held: tuple[int, ...] = ()
        self._follow: _Follow | None = None

    def __repr__(self) -> str:
        return "<mission-iss bot 'planner'>"

    def __call__(self, state: Any, rng: random.Random) -> Action:
        """The planner's action in ``state`` (it needs no randomness)."""
        return _by_phase(state, self._command, self._select, self._finish)

    def _finish(self, st: StateMissionISS, legal: list[Action]) -> Action:
        """At the end of a turn: a bonus worth taking now (see :func:`_late_bonus`), else the first action."""
        return _late_bonus(st, legal, self.plans(st)[1]) or legal[0]

    def plans(self, st: StateMissionISS) -> tuple[_Look, _Plans]:
        """The look and the plans of ``st`` (from memory when the board is the one planned last)."""
        board = self._board
        now = _board_of(st)
        held = st.held[st.seat]
        look = self._look
        if board and board[0] is st.game and all(map(operator.is_, now, board[1])):
            assert look is not None and self._plans is not None
            # the same board: the look stands, and the single plans made so far (but Exercise,
            # when the exercise markers held differ)
            if held == self._held:
                return look, self._plans
            rows = self._plans.rows_made()
            rows[EXERCISE] = None
            plans = _Plans(look, held, rows=rows)
        else:
            look = _Look(st, prev=look)
            plans = _Plans(look, held)
        self._board = (st.game, now)
        self._look, self._plans = look, plans
        self._held = held
        return look, plans

    def _select(self, st: StateMissionISS, legal: list[Any]) -> Action:
        t = st.game.tables
        seat = st.seat
        _, plans = self.plans(st)
        bonus = _late_bonus(st, legal, plans)
        if bonus is not None:
            return bonus
        memo: dict[tuple[int, int], float] = {}
        reserve = list(RESERVE)
        wilds = st.hand[WILD] if t.solo else st.wild
        if wilds >= 2:  # a wild card left over at the end is a command lost: spend the spares
            reserve[WILD] = WILD_SPARE
        best: Action | None = None
        best_v = -1e9
        if t.solo:
            for a in legal:
                if type(a) is not Play:
                    continue
                k1, k2 = a.top, a.under
                key = (k1, k2) if k1 <= k2 else (k2, k1)
                v = memo.get(key)
                if v is None:
                    v = memo[key] = plans.pair(k1, k2)[0]
                v -= reserve[k1] + reserve[k2] + (SOLO_HAND if a.from_hand else 0.0)
                if v > best_v:
                    best, best_v = a, v
            return best if best is not None else t.end_shift[0]
        # what taking a card from each partner (the last entry: a wild card) costs
        up = st.face_up
        ups = list(map(sum, up))
        downs = list(map(sum, st.face_down))
        wild = st.wild
        # only a next player with few face-down cards can be stranded (see _strands)
        risky = downs[(seat + 1) % t.n] <= STRANDED
        costs = [0.0] * t.n
        for p in range(t.n):
            if p != seat:
                strand = STRAND_COST if risky and _strands(ups, downs, seat, p, wild) else 0.0
                costs[p] = _take_cost(ups[p], downs[p]) + strand
        costs.append(STRAND_COST if wild and risky and _strands(ups, downs, seat, -1, wild) else 0.0)
        # every pick (own kind, fellow player and kind, or a wild card) without touching the
        # action objects: the legal list holds exactly these (legal.select_actions)
        mine = up[seat]
        table = t.select_table[seat]
        # the kinds some fellow player offers
        offered = [False, False, False, False]
        for p, row in enumerate(up):
            if p != seat:
                for k in range(4):
                    if row[k]:
                        offered[k] = True
        for k1 in range(4):
            if not mine[k1]:
                continue
            base = reserve[k1]
            # the value of the pair with each kind a fellow player offers, less its reserve
            worth = [0.0, 0.0, 0.0, 0.0]
            for k2 in range(4):
                if offered[k2]:
                    worth[k2] = plans.pair(k1, k2)[0] - reserve[k2]
            for p in range(t.n):
                if p == seat:
                    continue
                row = up[p]
                cost = base + costs[p]
                for k2 in range(4):
                    if row[k2]:
                        v = worth[k2] - cost
                        if v > best_v:
                            best, best_v = table[k1][p][k2], v
            if st.wild:
                v = plans.pair(k1, WILD)[0] - base - reserve[WILD] - costs[-1]
                if v > best_v:
                    best, best_v = t.select_wild[seat][k1], v
        if best is None:
            return t.end_shift[seat]
        # ending the shift now (turning up many cards) beats a pick that strands the next player
        if best_v < -STRAND_COST / 2 and downs[seat] > STRANDED:
            return t.end_shift[seat]
        return best

    def _command(self, st: StateMissionISS, legal: list[Any]) -> Action:
        have = _pool_kinds(st)
        # the second command keeps its plan while the first one changed nothing that reshapes the
        # plans: no module attached, no die cleared, no bonus gained (same turn, same objects)
        turn = (st.game, st.seat, st.track, st.tally[TURNS], st.station, st.dice_free, st.bonuses)
        follow = self._follow
        self._follow = None
        # and only in a position reached by the planned first command: a search asks the planner about
        # siblings too (the same turn, another first command), where the planned step may not exist
        if (
            follow is not None
            and len(have) == 1
            and all(map(operator.is_, follow[0], turn))
            and st.step_from(follow[2]) == follow[3]
        ):
            # the second command of the turn's plan: given as planned while it is still legal
            kind, step = follow[1]
            if have[0] == kind or have[0] == WILD:
                action = _step_action(_Look(st, light=True, prev=self._look), st, step)
                if action is not None and _offered(action, legal):
                    return action
        look, plans = self.plans(st)
        bonus = _late_bonus(st, legal, plans)
        if bonus is not None:
            return bonus
        _, plan, then = plans.best(have)
        if plan is None:
            return _fallback(st, legal)
        action = _checked(st, _step_action(look, st, plan[2]), legal)
        if len(have) == 2 and then is not None:
            self._follow = (turn, then, st, action)
        return action


# --- the greedy baseline --------------------------------------------------------------------------


def _greedy_select(st: StateMissionISS, legal: list[Any]) -> Action:
    """The pair of cards with the best single commands now (no two-step plans, no card spreading)."""
    t = st.game.tables
    look = _Look(st, plan_target=False)
    plans = _Plans(look, st.held[st.seat], doubles=False)
    best: Action | None = None
    best_v = -1e9
    for a in legal:
        if type(a) is Select:
            v = plans.pair(a.own, a.kind)[0]
        elif type(a) is Play:
            v = plans.pair(a.top, a.under)[0] - 5.0 * a.from_hand
        else:
            continue
        if v > best_v:
            best, best_v = a, v
    if best is None:
        return t.end_shift[st.seat]
    return best


def _greedy_command(st: StateMissionISS, legal: list[Any]) -> Action:
    """The best single command for the next card in the pool (no pairs, no bonuses)."""
    look = _Look(st, plan_target=False)
    plans = _Plans(look, st.held[st.seat], doubles=False)
    best_v = 0.0
    plan: Plan | None = None
    for k in set(_pool_kinds(st)):
        v, found, _ = plans.one(k)
        if v > best_v:
            best_v, plan = v, found
    if plan is None:
        return _fallback(st, legal)
    return _checked(st, _step_action(look, st, plan[2]), legal)


def greedy_bot(state: Any, rng: random.Random) -> Action:
    """The baseline: the best single command card by card, without pairs or card spreading."""
    # at the end of a turn it leaves its bonuses for later turns
    return _by_phase(state, _greedy_command, _greedy_select, lambda st, _: st.game.tables.end_turn[st.seat])


#: a bot's policy at one kind of decision: the state and its legal actions to the action chosen
_Policy: TypeAlias = "Callable[[StateMissionISS, list[Action]], Action]"


def _by_phase(st: StateMissionISS, command: _Policy, select: _Policy, finish: _Policy) -> Action:
    """The action of a bot made of its ``command``, ``select`` and end-of-turn (``finish``) policies;
    a forced move, an arrival, more research and training are decided alike for every bot."""
    legal = st.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if st.queue and st.queue[0][0] == ARRIVE:
        return _arrive(st)
    ph = st.phase
    if ph == COMMAND:
        return command(st, legal)
    if ph == SELECT:
        return select(st, legal)
    if ph == RESEARCH_MORE:
        return _research_more(st, legal)
    if ph == TRAIN:
        return _train(st, legal)
    if ph == FINISH:
        return finish(st, legal)
    return legal[0]


#: the registered planner (one object: its memory holds one position)
planner_bot = Planner()
register_bot("mission-iss", "planner")(planner_bot)
register_bot("mission-iss", "greedy")(greedy_bot)
