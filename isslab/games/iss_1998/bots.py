"""Heuristic bots for 1998 ISS: ``greedy`` (the default), ``builder`` and ``scientist``.

All three are :class:`HeuristicBot` objects: a one-ply evaluation that scores each choice from the
tables and the state in points (no search, no look-ahead beyond the action itself), with weights
that make the styles differ:

* ``greedy`` plans experiments it can do, claims goals, and takes the points in reach: tokens,
  long stays, experiments, the shuttle cards of launches it can cause;
* ``builder`` prefers the station: cubes on modules (majorities and their extra actions), installing
  compartments, astronauts on the station, long stays;
* ``scientist`` plans and conducts experiments first, keeps more cards and values materials more.

The bots read only what their seat may see (its own hand, the public board). They need no
randomness and carry no memory between decisions; a decision costs a few list lookups and some
arithmetic per legal action.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from isslab.core import Action, register_bot
from isslab.games.iss_1998.actions import (
    Conduct,
    Construct,
    Install,
    Keep,
    Load,
    LongStay,
    OutsideJobs,
    Place,
    Plan,
    Train,
)
from isslab.games.iss_1998.components import (
    ACTION_INDEX,
    CONDUCT,
    CONSTRUCT,
    INSTALL,
    LOAD,
    LONG_STAY,
    OUTSIDE,
    PLAN,
    SHUTTLE_INDEX,
    SHUTTLE_NATION,
    TRAIN,
    Goal,
)
from isslab.games.iss_1998.legal import card_actions, doable_experiments, performable_mask
from isslab.games.iss_1998.phases import (
    PH_CARGO,
    PH_COUNTDOWN,
    PH_EXTRA,
    PH_GOAL,
    PH_KEEP,
    PH_NORMAL,
    PH_PERFORM,
    PH_PLACE_EXTRA,
    PH_RETRIEVE,
)
from isslab.games.iss_1998.rules import State1998

__all__ = [
    "BUILDER",
    "GREEDY",
    "SCIENTIST",
    "HeuristicBot",
    "Params",
    "builder_bot",
    "greedy_bot",
    "scientist_bot",
]


@dataclass(frozen=True)
class Params:
    """The weights that distinguish the heuristic bots (values in points)."""

    iss_material: float = 0.7  # an ISS material on the track (it pays for experiments and stays)
    astronaut: float = 1.3  # an astronaut on the station while fewer than ``crew`` are there
    crew: int = 3  # astronauts on the station (and on their way) the bot aims for
    plan: float = 2.2  # drawing experiments with room in hand
    hand_target: int = 2  # cards the bot wants in hand
    construct: float = 0.9  # two cubes on the modules
    install_bonus: float = 0.0  # on top of the tokens' points
    conduct_bonus: float = 0.0  # on top of the card's points
    long_stay_bonus: float = 0.6  # on top of the track's points
    goal_step: float = 1.2  # one step towards a goal on offer
    launch: float = 0.3  # causing a launch (besides the shuttle card's points and the cargo)


# the weights were chosen by small sweeps: each against the previous greedy bot at a 4-player
# table and alone against FEDOR (see the package's tests for the kind of game each plays)
GREEDY = Params(construct=0.2, astronaut=3.0, iss_material=1.3, install_bonus=0.5)
#: greedy turned builder (module majorities, installation, long stays): the weights it changes
BUILDER = replace(
    GREEDY, construct=1.2, install_bonus=1.5, crew=4, long_stay_bonus=1.0, plan=1.4, hand_target=1
)
#: greedy turned scientist (plans and conducts experiments first): the weights it changes
SCIENTIST = replace(
    GREEDY, iss_material=1.6, install_bonus=0.0, plan=3.0, hand_target=3, conduct_bonus=1.5, goal_step=1.0
)


class _Eval:
    """The evaluations of one decision: the seat's situation, computed once (the rest on first use).

    Speed: the greedy bot makes some 160 decisions a game; what only some of them read (the worth of
    an astronaut, the column's majorities, the launches) is computed when first asked for.
    """

    __slots__ = (
        "st",
        "tb",
        "p",
        "w",
        "iss",
        "crew",
        "open_goals",
        "final",
        "progress",
        "loaded",
        "v_iss",
        "_mat_w",
        "_astronaut",
        "_bonus_cache",
        "_launch_cache",
    )

    def __init__(self, st: State1998, p: int, params: Params) -> None:
        tb = st.game.tables
        self.st = st
        self.tb = tb
        self.p = p
        self.w = params
        iss = self.iss = st.iss_mat[p]
        cargo = st.cargo_astro
        self.crew = st.unity[p] + st.occ[p].bit_count() + cargo[0][p] + cargo[1][p]
        # the goals on offer, as a bit mask of goal numbers
        open_goals = 0
        for goal, owner in zip(st.goals, st.goal_owner, strict=True):
            if owner < 0:
                open_goals |= 1 << goal
        self.open_goals = open_goals
        self.final = st.ending == 2
        # how far the game has gone: the share of the faster shuttle deck already drawn
        if st.ending:
            progress = 1.0
        else:
            left, decks = st.shuttle_left, tb.deck_cards
            ru, us = left[0] / max(1, decks[0]), left[1] / max(1, decks[1])
            progress = 1.0 - (us if us < ru else ru)
        self.progress = progress
        # ISS materials on the track and on their way
        mat = st.cargo_mat
        self.loaded = mat[0][p] + mat[1][p]
        # the worth of an ISS material before its level's share (see ``material``)
        self._mat_w = params.iss_material * (1.0 - 0.6 * progress)
        # the last ISS material's worth (what spending one costs)
        self.v_iss = self.material(iss - 1) if iss else 0.0
        self._astronaut: float | None = None
        self._bonus_cache: tuple[list[float], int] | None = None
        self._launch_cache: dict[int, float] = {}

    def goal(self, goal: int, have: int, gain: int) -> float:
        """A step towards ``goal`` (if on offer): worth more as the threshold comes near."""
        if not self.open_goals >> goal & 1 or gain <= 0:
            return 0.0
        need = self.tb.goal_threshold[goal]
        if have >= need:
            return 0.0
        close = 1.0 + max(0, 3 - (need - have - gain))
        return self.w.goal_step * min(gain, need - have) * close / 2

    def material(self, level: int) -> float:
        """The worth of the ISS material at ``level`` of the track (0 = the first one).

        Materials pay for experiments and long stays and become points outside: the first few
        are worth much, the last few little (the track's top is 8), and all less late in the game.
        """
        if self.final:
            return 0.0
        w = self._mat_w
        if level < 3:
            return 1.4 * w
        if level < 6:
            return w
        return 0.4 * w

    def astronaut_value(self) -> float:
        """One more astronaut on the station (or on its way): much while short of the crew wanted."""
        found = self._astronaut
        if found is None:
            # astronauts wanted on the station: enough for the hardest card in hand, two at least
            r = self.tb.exp_r
            need = max([2] + [r[c] for c in self.st.hands[self.p]])
            want = max(need, self.w.crew)
            late = 1.0 - 0.5 * self.progress
            w = self.w.astronaut
            found = self._astronaut = (w * 1.5 if self.crew < want else w * 0.3) * late
        return found

    def launch_bonus(self, a: int) -> float:
        """Causing a launch with card ``a``'s countdown: the shuttle card and the cargo's arrival."""
        if self.final:
            return 0.0
        steps = self.tb.countdown_values[a]
        found = self._launch_cache.get(steps)
        if found is None:
            found = self._launch_cache[steps] = self._launch(steps)
        return found

    def _launch(self, steps: int) -> float:
        st, tb, p = self.st, self.tb, self.p
        best = 0.0
        for n in (0, 1):
            t = st.pad[n]
            if t < 0 or not (any(st.cargo_astro[n]) or any(st.cargo_mat[n])):
                continue
            if st.countdown[n] <= steps:
                kinds = sum(1 for c in st.won[p] if c)
                new_kind = not st.won[p][t]
                pts = tb.set_points
                gain = (
                    (pts[kinds] - (pts[kinds - 1] if kinds else 0)) if new_kind and kinds < len(pts) else 0.5
                )
                best = max(best, gain + self.w.launch)
        return best

    # --- card values (the best way of each) -------------------------------------------------------

    def conduct(self, action: Conduct) -> float:
        """A way of Conduct Experiments."""
        tb = self.tb
        c = tb.exp_index[action.card]
        return self.experiment(c, action.sources.count("Unity"))

    def experiment(self, c: int, from_unity: int) -> float:
        """Doing experiment ``c`` with ``from_unity`` astronauts coming out of Unity."""
        tb = self.tb
        cost = tb.exp_iss[c] * self.v_iss + tb.exp_ext[c] * 1.0
        penalty: int = tb.unplayed_penalty
        v = tb.exp_points[c] + penalty - cost + self.w.conduct_bonus
        played = self.st.played[self.p]
        v += self.goal(_EXPERIMENTS, len(played), 1)
        if tb.exp_level[c] == 3:
            level = tb.exp_level
            adv = sum(1 for x in played if level[x] == 3)
            v += self.goal(_ADVANCED, adv, 1)
        if tb.exp_long[c]:
            v -= 0.3 * from_unity  # astronauts tied up
        return v

    def install(self, action: Install) -> float:
        """A way of Install Compartments."""
        moved = len(action.sources) - action.sources.count("Unity")
        return self.tokens(len(action.targets), moved)

    def tokens(self, k: int, moved: int) -> float:
        """Installing ``k`` tokens with ``moved`` astronauts taken out of compartments."""
        have = self.st.tokens[self.p]
        per_token: int = self.tb.installation_points
        v = k * (per_token + self.w.install_bonus)
        v += self.goal(_INSTALLATION_TOKENS, have, k)
        if have == 0:
            v += self.goal(_ALL_ROUND, 0, 1) * 0.5
        # an astronaut leaving a compartment frees it (for others too): prefer Unity's
        return v - 0.05 * moved

    def long_stay(self, action: LongStay | None) -> float:
        """A long stay (any astronaut: they are alike)."""
        tb = self.tb
        lv = self.st.long_stay[self.p]
        gain = tb.ls_points[lv + 1] - tb.ls_points[lv]
        v = gain + self.w.long_stay_bonus - self.v_iss - 0.5 * self.astronaut_value()
        v += self.goal(_LONG_STAY, lv, 1)
        if lv == 0:
            v += self.goal(_ALL_ROUND, 0, 1) * 0.5
        return v

    def outside(self, action: OutsideJobs) -> float:
        """A way of Outside Jobs."""
        return self.convert(action.amount)

    def convert(self, k: int) -> float:
        """Outside jobs converting ``k`` ISS materials."""
        keep = 2 if not self.final else 0  # keep some ISS material for experiments
        spare = max(0, self.iss - keep)
        use = min(k, spare)
        v = use * (1.0 - self.v_iss) + (k - use) * (1.0 - self.w.iss_material) - 0.2
        v += self.goal(_EXTERNAL, self.st.ext_mat[self.p], k)
        return v

    def train(self, action: Train) -> float:
        """A way of Train Astronauts."""
        return self.trained(SHUTTLE_NATION[SHUTTLE_INDEX[action.shuttle]])

    def trained(self, n: int) -> float:
        """An astronaut onto pad ``n``'s shuttle."""
        st, p = self.st, self.p
        v = self.astronaut_value() if not self.final else 0.0
        on = st.cargo_astro[0][p] + st.cargo_astro[1][p]
        v += self.goal(_ASTRONAUTS_ON_SHUTTLES, on, 1)
        v -= 0.05 * st.countdown[n]  # sooner is better
        return v

    def load(self, action: Load) -> float:
        """A way of Load Material."""
        return self.loading(action.amounts[0], action.amounts[1])

    def loading(self, ru: int, us: int) -> float:
        """``ru`` and ``us`` materials onto the shuttles."""
        st, tb = self.st, self.tb
        loaded = self.loaded
        room = max(0, tb.max_iss - self.iss - loaded)
        k = ru + us
        level = self.iss + loaded
        v = 0.0
        for i in range(min(k, room)):
            v += self.material(level + i)
        v = 0.9 * v + self.goal(_MATERIALS_ON_SHUTTLES, loaded, k)
        return v - 0.03 * (ru * st.countdown[0] + us * st.countdown[1])

    def plan(self, action: Plan) -> float:
        """A way of Plan Experiments."""
        return self.planning(action.levels)

    def planning(self, levels: tuple[int, ...]) -> float:
        """Drawing from the decks of ``levels``."""
        held = len(self.st.hands[self.p])
        room = self.tb.hand_limit - held
        if room <= 0 or self.final:
            return -1.0
        want = max(0, self.w.hand_target - held)
        v = self.w.plan * (0.3 + 0.6 * min(want, 2)) * (1.0 - 0.8 * self.progress)
        # advanced cards pay more but need three astronauts
        v += 0.3 * sum(levels) if self.crew >= 3 else 0.2 * (3 - max(levels))
        return v

    def bonuses(self) -> tuple[list[float], int]:
        """Per column space the bonus of a cube there (a majority in reach), and one's best stack."""
        found = self._bonus_cache
        if found is None:
            p = self.p
            bonus = []
            stack = 0
            for row in self.st.ccubes:
                mine = row[p]
                if mine > stack:
                    stack = mine
                # a majority in reach: no rival has two cubes more (``max(row)`` is a rival's count
                # whenever it is above this seat's own)
                bonus.append(0.3 if max(row) <= mine + 1 else 0.0)
            found = self._bonus_cache = (bonus, stack)
        return found

    def spaces(self) -> dict[str, int]:
        """Per module name in the column, its space."""
        mod_name = self.tb.mod_name
        return {mod_name[m]: i for i, m in enumerate(self.st.column) if m >= 0}

    def construct(self, action: Construct) -> float:
        """A way of Construct Modules."""
        where = self.spaces()
        bonus, stack = self.bonuses()
        first, second = where[action.first], where[action.second]
        if self.final:
            return self.goal(_CUBES_ON_MODULE, stack, 2) - 0.5
        v = self.w.construct + self.goal(_CUBES_ON_MODULE, stack, 2 if first == second else 1)
        v += bonus[first] if first == second else bonus[first] + bonus[second]
        return v


#: the goal cards by name (the ``Goal`` members as module names: in Python 3.11 ``Goal.LONG_STAY``
#: is a lookup through the enum class, 0.29 us against 0.02 us, and a decision reads a dozen)
_EXPERIMENTS, _ADVANCED, _ASTRONAUTS_ON_SHUTTLES, _MATERIALS_ON_SHUTTLES = (
    Goal.EXPERIMENTS,
    Goal.ADVANCED,
    Goal.ASTRONAUTS_ON_SHUTTLES,
    Goal.MATERIALS_ON_SHUTTLES,
)
_CUBES_ON_MODULE, _INSTALLATION_TOKENS, _LONG_STAY, _EXTERNAL, _ALL_ROUND = (
    Goal.CUBES_ON_MODULE,
    Goal.INSTALLATION_TOKENS,
    Goal.LONG_STAY,
    Goal.EXTERNAL,
    Goal.ALL_ROUND,
)


#: the evaluation of each kind of card action
_METHODS: dict[type, Any] = {
    Conduct: _Eval.conduct,
    Install: _Eval.install,
    LongStay: _Eval.long_stay,
    OutsideJobs: _Eval.outside,
    Train: _Eval.train,
    Load: _Eval.load,
    Plan: _Eval.plan,
    Construct: _Eval.construct,
}


def _value(ev: _Eval, action: Any) -> float:
    """The value of one card action."""
    v: float = _METHODS[type(action)](ev, action)
    return v


def _best(ev: _Eval, actions: list[Any]) -> tuple[Any, float]:
    """The best of a card's actions (all of one kind) and its value."""
    kind = type(actions[0])
    if kind is Construct and not ev.final:
        return _best_construct(ev, actions)
    method = _METHODS[kind]
    best, best_v = actions[0], -1e9
    for a in actions:
        v = method(ev, a)
        if v > best_v:
            best, best_v = a, v
    return best, best_v


def _best_construct(ev: _Eval, actions: list[Any]) -> tuple[Any, float]:
    """``_best`` for Construct Modules, with the per-space bonuses looked up once."""
    where = ev.spaces()
    bonus, stack = ev.bonuses()
    one = ev.goal(_CUBES_ON_MODULE, stack, 1)
    two = ev.goal(_CUBES_ON_MODULE, stack, 2)
    best, best_v = actions[0], -1e9
    for a in actions:
        i, j = where[a.first], where[a.second]
        v = bonus[i] + two if i == j else bonus[i] + bonus[j] + one
        if v > best_v:
            best, best_v = a, v
    return best, best_v + ev.w.construct


# --- the best way of each card in closed form (the normal action weighs every card this way) -------
#
# Each returns what ``_best`` would over the card's legal ways, without listing them. Where the ways
# differ in one term only, the way with the best term is valued alone: the value is the same float,
# because each step of the arithmetic is monotone in that term.


def _est_train(ev: _Eval) -> float | None:
    # the pads' values differ only by their countdowns: the one that launches soonest is the best
    st, tb = ev.st, ev.tb
    best = -1
    for n in (0, 1):
        t = st.pad[n]
        if t >= 0 and sum(st.cargo_astro[n]) < tb.sh_seats[t]:
            if best < 0 or st.countdown[n] < st.countdown[best]:
                best = n
    return ev.trained(best) if best >= 0 else None


def _est_load(ev: _Eval) -> float | None:
    # two materials however they are split: the ways differ only by the countdowns they wait for,
    # and a split (1, 1) never waits less than both on the sooner shuttle
    st, tb = ev.st, ev.tb
    pad = st.pad
    ru = pad[0] >= 0 and tb.sh_mat[pad[0]]
    us = pad[1] >= 0 and tb.sh_mat[pad[1]]
    if ru and (not us or st.countdown[0] <= st.countdown[1]):
        return ev.loading(2, 0)
    return ev.loading(0, 2) if us else None


def _est_construct(ev: _Eval) -> float | None:
    if ev.final:
        return None
    bonus, stack = ev.bonuses()
    present = [bonus[i] for i, m in enumerate(ev.st.column) if m >= 0]
    top = sorted(present, reverse=True)
    one = ev.goal(_CUBES_ON_MODULE, stack, 1)
    two = ev.goal(_CUBES_ON_MODULE, stack, 2)
    pair = top[0] + top[1] + one if len(top) > 1 else -1e9
    return ev.w.construct + max(top[0] + two, pair)


def _est_plan(ev: _Eval) -> float | None:
    # the pairs of decks differ only by their levels: the two highest with three astronauts (or
    # more), else the two lowest
    st = ev.st
    have = [i + 1 for i in range(3) if st.exp_pool[i] or st.exp_bottom[i]]
    if not have:
        return None
    if len(have) == 1:
        return ev.planning((have[0],))
    return ev.planning((have[-2], have[-1]) if ev.crew >= 3 else (have[0], have[1]))


def _est_long_stay(ev: _Eval) -> float | None:
    return ev.long_stay(None)


def _est_install(ev: _Eval) -> float | None:
    st, p = ev.st, ev.p
    on = st.unity[p] + (st.occ[p] & ~ev.tb.ls_mask).bit_count()
    k = min(2, on, (st.covered & st.docked).bit_count())
    return ev.tokens(k, max(0, k - st.unity[p]))


def _est_outside(ev: _Eval) -> float | None:
    st, p = ev.st, ev.p
    most = min(3, st.iss_mat[p], ev.tb.max_ext - st.ext_mat[p])
    if most < 1:
        return None
    best = ev.convert(1)
    for k in range(2, most + 1):
        v = ev.convert(k)
        if v > best:
            best = v
    return best


def _est_conduct(ev: _Eval) -> float | None:
    st, p, tb = ev.st, ev.p, ev.tb
    best = -1e9
    for c in doable_experiments(st, p):
        need = len(tb.exp_needs[c])
        best = max(best, ev.experiment(c, min(need, st.unity[p]) if tb.exp_long[c] else 0))
    return best


#: per action card (in the order of ``ACTION_NAMES``) the value of its best way in closed form,
#: or None to look at every way
_ESTIMATES: tuple[Callable[[_Eval], float | None], ...] = (
    _est_train,
    _est_load,
    _est_construct,
    _est_plan,
    _est_long_stay,
    _est_install,
    _est_outside,
    _est_conduct,
)
assert (TRAIN, LOAD, CONSTRUCT, PLAN, LONG_STAY, INSTALL, OUTSIDE, CONDUCT) == tuple(range(8))


def _card_value(ev: _Eval, a: int) -> float:
    """The value of placing a cube on card ``a``: its best way, and the launch it may cause."""
    v = _ESTIMATES[a](ev)
    if v is None:
        actions = card_actions(ev.st, ev.p, a)
        if not actions:
            return -1e9
        v = _best(ev, actions)[1]
    return v + ev.launch_bonus(a)


class HeuristicBot:
    """A one-ply heuristic bot: a callable ``(state, rng) -> action`` (see the module)."""

    def __init__(self, name: str, params: Params) -> None:
        self.name = name
        #: the name records and tables show for this bot
        self.__name__ = name
        self.params = params

    def __repr__(self) -> str:
        return f"<1998 ISS bot {self.name!r}>"

    def __call__(self, state: Any, rng: random.Random) -> Action:
        """The bot's action in ``state`` (a decision of a seat); it needs no randomness."""
        return self.decide(state)

    def decide(self, st: State1998) -> Action:
        """The heuristic's action in ``st``."""
        legal = st.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ph = st.phase
        p = st.current_player
        if ph == PH_NORMAL or ph == PH_EXTRA:
            return self._place(st, _Eval(st, p, self.params), legal, ph == PH_EXTRA)
        if ph == PH_PERFORM:
            return _best(_Eval(st, p, self.params), legal)[0]
        if ph == PH_COUNTDOWN:
            return self._countdown(st, legal)
        if ph == PH_PLACE_EXTRA:
            return self._extra_space(st, legal)
        if ph == PH_KEEP:
            return self._keep(st, _Eval(st, p, self.params), legal)
        if ph == PH_GOAL:
            return legal[0]  # a goal is 5 points: claim the first one offered
        if ph == PH_CARGO:
            return min(legal, key=lambda a: st.countdown[SHUTTLE_NATION[SHUTTLE_INDEX[a.shuttle]]])
        if ph == PH_RETRIEVE:
            return self._retrieve(st, p, legal)
        return legal[0]

    def _place(self, st: State1998, ev: _Eval, legal: list[Any], extra: bool) -> Action:
        best, best_v = legal[-1] if extra else legal[0], 0.0 if extra else -1e9
        for a in legal:
            if type(a) is not Place:
                continue
            v = _card_value(ev, ACTION_INDEX[a.card])
            if extra:
                v -= 0.2  # the cube on the extra space keeps some value there
            if v > best_v:
                best, best_v = a, v
        return best

    def _keep(self, st: State1998, ev: _Eval, legal: list[Any]) -> Action:
        tb = st.game.tables
        p = st.actor
        crew = ev.crew
        target = self.params.hand_target + 1
        best, best_v = legal[-1], -1e9
        for a in legal:
            assert isinstance(a, Keep)
            v = 0.0
            size = len(st.hands[p]) + len(a.kept)
            for name in a.kept:
                c = tb.exp_index[name]
                doable = len(tb.exp_needs[c]) <= max(1, crew)
                chance = (0.7 if doable else 0.25) * (1.0 - 0.7 * ev.progress)
                v += (
                    tb.exp_points[c] * chance
                    - (1.0 - chance)
                    - 0.5 * (tb.exp_iss[c] + tb.exp_ext[c]) * chance
                )
            if size > target:
                v -= 2.0 * (size - target)
            if v > best_v:
                best, best_v = a, v
        return best

    def _countdown(self, st: State1998, legal: list[Any]) -> Action:
        p = st.actor
        best, best_v = legal[0], -1e9
        for a in legal:
            n = SHUTTLE_NATION[SHUTTLE_INDEX[a.shuttle]]
            mine = st.cargo_astro[n][p] + st.cargo_mat[n][p]
            theirs = sum(st.cargo_astro[n]) + sum(st.cargo_mat[n]) - mine
            v = 0.3 * mine - 0.1 * theirs
            if st.countdown[n] <= a.steps:  # this turn's launch is ours
                v += 2.0 + (1.5 if not st.won[p][st.pad[n]] else 0.0)
            elif st.countdown[n] - a.steps <= 2:
                v -= 0.8  # sets up the next player's launch
            if v > best_v:
                best, best_v = a, v
        return best

    def _extra_space(self, st: State1998, legal: list[Any]) -> Action:
        able = performable_mask(st, st.actor)

        def key(action: Any) -> tuple[int, int]:
            a = ACTION_INDEX[action.card]
            return (0 if able >> a & 1 else 1, _EXTRA_RANK[a])

        return min(legal, key=key)

    def _retrieve(self, st: State1998, p: int, legal: list[Any]) -> Action:
        tb = st.game.tables

        def key(action: Any) -> tuple[int, int]:
            m = tb.mod_index.get(action.source, -1)
            if m < 0:
                return (1, 0)  # extra-action cubes are worth keeping
            slot = st.column.index(m)
            row = st.ccubes[slot]
            lead = row[p] - max((k for q, k in enumerate(row) if q != p), default=0)
            return (0, -abs(lead))  # where the cube changes no majority

        return min(legal, key=key)


#: the extra-action space a cube goes to, first choice first (among the cards it can perform)
_EXTRA_RANK = {
    a: i for i, a in enumerate((CONDUCT, INSTALL, LONG_STAY, PLAN, TRAIN, LOAD, OUTSIDE, CONSTRUCT))
}

#: the three registered bots
greedy_bot = HeuristicBot("greedy", GREEDY)
builder_bot = HeuristicBot("builder", BUILDER)
scientist_bot = HeuristicBot("scientist", SCIENTIST)
for _bot in (greedy_bot, builder_bot, scientist_bot):
    register_bot("1998-iss", _bot.name)(_bot)
