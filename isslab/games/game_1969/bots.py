"""Heuristic bots for 1969: ``greedy`` (research, then missions), ``spy`` and ``moonshot``.

All three are :class:`HeuristicBot` objects sharing one planner that values things in Prestige
Points (PP):

* the expected PP of a mission comes from the exact test law of :mod:`.exact` (per mission, start
  space, flag penalty and Simulation / Ground Control researchers, as a row over the symbol bonus),
  plus a weight for ending on the last space (a Moon head-start step);
* money is worth ``lam`` PP per M (nothing in the last round but the tie-break);
* the plan for the remaining rounds is the best ordinary missions plus the Moon in the last round;
  a scientist is hired when its gain over that plan, plus its end-of-game PP, beats its price;
* re-rolls follow :func:`.exact.reroll_policy`; Intelligence Cards are played when the steps they
  buy are worth more than the cards.

The bots read only public information and their own hand. Each decision is O(actions) arithmetic
over memoised tables. A bot is an object that owns its memory: per game object a bounded
:class:`~isslab.core.Memo` of planners keyed by what a planner depends on (seat, year, research,
missions attempted, flags, Moon flag), with its plan, box gains, launch choice and best hires, and
memos of the mission value rows and of the commitment choices.
The decisions are exactly those of a fresh computation. The bots return the game's shared action
objects (see :mod:`.legal`), which ``State.resolve`` matches by identity.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from isslab.core import Action, Memo, register_bot
from isslab.games.game_1969.components import (
    BASIC,
    GENIUS,
    GROUND_CONTROL,
    INSURANCE,
    INTELLIGENCE,
    INVESTORS,
    ROBOTICS,
    SIMULATION,
    SPY,
    SpyPenalty,
)
from isslab.games.game_1969.exact import reroll_policy, test_distribution
from isslab.games.game_1969.legal import commit_list, prices
from isslab.games.game_1969.phases import BUY, COMMIT, INCOME_DISCARD, INCOME_SPEND, LAUNCH, REROLL
from isslab.games.game_1969.rules import Game1969, State1969
from isslab.games.game_1969.steps import cards_value

__all__ = [
    "GREEDY",
    "MOONSHOT",
    "SPY_PARAMS",
    "HeuristicBot",
    "Params",
    "greedy_bot",
    "moonshot_bot",
    "spy_bot",
]

_MAX_BONUS = 40


@dataclass(frozen=True)
class Params:
    """The knobs that distinguish the heuristic bots."""

    lam: float = 0.3  # PP per M before the last round
    head_start: float = 1.5  # PP for ending an ordinary mission on its last space (a Moon step)
    deny: float = 0.6  # weight of a rival's loss (Intelligence played against it, spies)
    spy_bias: float = 0.0  # extra PP credited to every spy placement
    sell_rounds_left: int = 5  # sell PP in the Income Phase while at least this many rounds remain
    cards_wanted: int = 2  # cards to keep in hand before the last round
    card_pp: float = 0.25  # PP value of one point of Intelligence kept in hand


GREEDY = Params()
SPY_PARAMS = Params(deny=1.5, spy_bias=2.0, cards_wanted=4)
MOONSHOT = Params(head_start=3.0, lam=0.25, sell_rounds_left=4, cards_wanted=3)


@lru_cache(maxsize=1024)
def _base_law(sim: int, gc: int, dice: int, faces: tuple[int, int, int]) -> tuple[tuple[int, float], ...]:
    """Float law of the base test score (without the symbol bonus)."""
    law: dict[int, float] = {}
    for (score, _), p in test_distribution(min(sim, dice), gc, dice, faces).items():
        law[score] = law.get(score, 0.0) + float(p)
    return tuple(sorted(law.items()))


@lru_cache(maxsize=16384)
def _ev_row(
    values: tuple[int, ...],
    start: int,
    penalty: int,
    sim: int,
    gc: int,
    dice: int,
    faces: tuple[int, int, int],
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """For each symbol bonus 0.._MAX_BONUS: (expected PP, probability of the last space)."""
    law = _base_law(sim, gc, dice, faces)
    last = len(values) - 1
    evs, perfect = [], []
    for bonus in range(_MAX_BONUS + 1):
        ev = pf = 0.0
        for score, p in law:
            space = min(last, max(0, start + score + bonus))
            ev += p * max(0, values[space] - penalty)
            if space == last:
                pf += p
        evs.append(ev)
        perfect.append(pf)
    return tuple(evs), tuple(perfect)


class _Planner:
    """Evaluations for one seat, given what they depend on (shared by every decision with that key).

    Everything here is a function of (seat, year, research, missions attempted, flags, Moon flag)
    and the bot's params: a purchase turn's later decisions, and other games that reach the same key,
    reuse the mission values, the plan, the box gains and the launch choice instead of recomputing.
    """

    def __init__(
        self,
        g: Game1969,
        rows: Memo[tuple[int, ...], Any],
        seat: int,
        year: int,
        res: tuple[int, ...],
        done: int,
        flags: tuple[int, ...],
        moon_flag: int,
        params: Params,
    ) -> None:
        self.g = g
        self.seat = seat
        self.p = params
        self.year = year
        self.done = done
        self.flags = flags
        self.moon_flag = moon_flag
        t = g.tables
        self.dice: int = t.dice
        self.faces: tuple[int, int, int] = t.die_faces
        self.left = g.tables.rounds - year  # rounds left, this one included
        self.lam = params.lam if self.left > 1 else 0.01
        self.moon_open = moon_flag >= 0
        self.res = res
        self.sim = min(res[SIMULATION], self.dice)
        self.gc = res[GROUND_CONTROL]
        self.hs = params.head_start if self.moon_open and self.left > 1 else 0.0
        self.open = [m for m in range(g.tables.moon + 1) if not done >> m & 1]
        # the bot's rows of this game: the key hashes small ints, not the value tuples
        self.cache = rows
        self.bonus = {m: min(_MAX_BONUS, sum(res[b] for b in g.tables.m_boxes[m])) for m in self.open}
        self.disc = t.investors_discount * res[INVESTORS]
        self.costs = {m: self.cost(m) for m in self.open}
        self.now = {m: self.mval(m, self.bonus[m], self.sim, self.gc) for m in self.open}
        self._gains: list[tuple[float, float]] | None = None
        self._launch: dict[int, int] = {}  # money -> launch_choice(money)
        # (own sheet row, affordable kinds, hired) -> (best own hire or None, its value)
        self.hires: dict[tuple[Any, ...], tuple[Any, float]] = {}
        self._spies: dict[tuple[Any, ...], list[tuple[int, float]]] = {}
        self._budget: dict[int, int] = {}  # money -> budget(money)
        self._affordable: dict[tuple[Any, ...], tuple[tuple[int, ...], bool]] = {}

    def budget(self, money: int) -> int:
        """What ``money`` leaves for purchases after the mission to launch this round (the Moon last)."""
        found = self._budget.get(money)
        if found is None:
            m = self.launch_choice(money)
            reserve = self.costs[m] if m >= 0 else 0
            if self.moon_open and self.left == 1:
                reserve = max(reserve, self.costs[self.g.tables.moon])
            found = self._budget[money] = money - reserve
        return found

    def affordable(self, hired: bool, budget: int, supply: tuple[int, ...]) -> tuple[tuple[int, ...], bool]:
        """The non-spy kinds in the supply within ``budget``, and whether a spy is."""
        key = (hired, budget, supply)
        found = self._affordable.get(key)
        if found is None:
            costs = self.hire_costs(hired)
            kinds = tuple(k for k in range(4) if supply[k] and costs[k] <= budget)
            found = self._affordable[key] = (kinds, bool(supply[SPY]) and costs[SPY] <= budget)
        return found

    def spy_value(self, hired: bool) -> float:
        """A spy's worth before its Bonus Token: bias, denial, price and (for its hirer) its end PP."""
        p, t = self.p, self.g.tables
        v0 = p.spy_bias + p.deny * 0.5 - self.lam * self.hire_costs(hired)[SPY]
        if t.spy_penalty is SpyPenalty.HIRER:
            v0 += t.end_bonus[SPY]
        return v0

    def hire_costs(self, hired: bool) -> tuple[int, ...]:
        """The price of each kind (as ``State1969.hire_cost``): Robotics helps the first hire only."""
        return prices(self.g, -1 if hired else self.res[ROBOTICS])

    def spy_boxes(
        self, v0: float, tokens: tuple[int, ...], token_left: bool, floor: float
    ) -> list[tuple[int, float]]:
        """The boxes (in order) where a spy is worth more than ``floor``, with that worth."""
        key = (v0, tokens, token_left, floor)
        found = self._spies.get(key)
        if found is None:
            gains = self.gains()
            found = []
            for box in range(12):
                # the Bonus Token would add a researcher to the same box of one's own sheet
                one, _ = gains[box]
                v = v0 + (one if not tokens[box] and token_left else 0.0)
                if v > floor:
                    found.append((box, v))
            self._spies[key] = found
        return found

    def row(self, m: int, sim: int, gc: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Cached (expected PP, P(last space)) by symbol bonus for mission ``m``."""
        g = self.g
        start = max(0, self.moon_flag) if m == g.tables.moon else 0
        key = (m, start, self.flags[m], sim, gc)
        row = self.cache.get(key)
        if row is None:
            row = self.cache[key] = _ev_row(
                g.tables.m_values[m], start, key[2], sim, gc, self.dice, self.faces
            )
        return row

    def mval(self, m: int, bonus: int, sim: int, gc: int) -> float:
        """Expected PP of mission ``m`` (with the head-start credit), without its price."""
        evs, perfect = self.row(m, sim, gc)
        bonus = min(bonus, _MAX_BONUS)
        if m == self.g.tables.moon:
            return evs[bonus]
        return evs[bonus] + self.hs * perfect[bonus]

    def cost(self, m: int) -> int:
        """The price of ``m`` for this seat now (as ``State1969.mission_cost``)."""
        g = self.g
        return g.tables.m_cost[m] if m == g.tables.moon else max(0, g.tables.m_cost[m] - self.disc)

    def plan(self) -> list[int]:
        """The missions this seat expects to launch in the rounds left (the Moon last)."""
        moon = self.g.tables.moon
        costs, now, lam = self.costs, self.now, self.lam
        ordinary = [m for m in self.open if m != moon]
        scored = sorted(ordinary, key=lambda m: lam * costs[m] - now[m])
        slots = self.left - (1 if self.moon_open else 0)
        out = scored[: max(0, slots)]
        if self.moon_open:
            out.append(moon)
        return out

    def launch_choice(self, money: int) -> int:
        """The mission to launch now (-1: none) among those affordable with ``money``."""
        found = self._launch.get(money)
        if found is not None:
            return found
        moon = self.g.tables.moon
        best, best_v = -1, 0.0
        others = len(self.open) - (1 if self.moon_open else 0)
        for m in self.open:
            cost = self.costs[m]
            if cost > money:
                continue
            if m == moon and self.left > 1 and others:
                continue  # the Moon waits for the last round unless nothing else is left
            v = self.now[m] - self.lam * cost
            if m == moon and self.left == 1:
                v += 100.0  # the last chance at the largest mission
            if v > best_v:
                best, best_v = m, v
        self._launch[money] = best
        return best

    def gains(self) -> list[tuple[float, float]]:
        """``box_gains(plan())``, computed once."""
        if self._gains is None:
            self._gains = self.box_gains(self.plan())
        return self._gains

    def box_gains(self, plan: list[int]) -> list[tuple[float, float]]:
        """PP gained over ``plan`` by one and by two more researchers in each box."""
        g = self.g
        t = g.tables
        later = self.left - 1
        n_ordinary = sum(1 for m in plan if m != g.tables.moon)
        sim, gc, top = self.sim, self.gc, self.dice
        one = [0.0] * 12
        two = [0.0] * 12
        one[INTELLIGENCE] = later * 2 * self.p.card_pp
        one[ROBOTICS] = float(t.robotics_discount * self.lam * later)
        one[INVESTORS] = float(t.investors_discount * self.lam * n_ordinary)
        one[INSURANCE] = float(t.insurance_pay * self.lam * 0.6 * len(plan))
        for box in (INTELLIGENCE, ROBOTICS, INVESTORS, INSURANCE):
            two[box] = 2 * one[box]
        for m in plan:
            bonus = self.bonus[m]
            base = self.now[m]
            # a symbol researcher adds the same to every box of the mission's symbols
            d1 = self.mval(m, bonus + 1, sim, gc) - base
            d2 = self.mval(m, bonus + 2, sim, gc) - base
            for box in g.tables.m_boxes[m]:
                one[box] += d1
                two[box] += d2
            one[SIMULATION] += self.mval(m, bonus, min(sim + 1, top), gc) - base
            two[SIMULATION] += self.mval(m, bonus, min(sim + 2, top), gc) - base
            one[GROUND_CONTROL] += self.mval(m, bonus, sim, gc + 1) - base
            two[GROUND_CONTROL] += self.mval(m, bonus, sim, gc + 2) - base
        return list(zip(one, two, strict=True))


class _Memory:
    """What a bot remembers about one game: planners, value rows, commitment choices (all bounded)."""

    __slots__ = ("game", "planners", "last", "rows", "commits")

    def __init__(self, game: Game1969 | None) -> None:
        #: the game remembered (held, so that its id stays its own while it is remembered)
        self.game = game
        #: (seat, year, research, attempted, flags, Moon flag) -> planner
        self.planners: Memo[tuple[Any, ...], _Planner] = Memo(20_000)
        #: seat -> its last planner (tried by identity first)
        self.last: dict[int, _Planner] = {}
        #: (mission, start, flags, Simulation, Ground Control) -> (expected PP, P(last space)) by bonus
        self.rows: Memo[tuple[int, ...], Any] = Memo(20_000)
        #: what a commitment depends on -> the index of the choice in the legal list
        self.commits: Memo[tuple[Any, ...], int] = Memo(50_000)


def _planner(state: State1969, seat: int, params: Params, mem: _Memory) -> _Planner:
    """The (memoised) planner of ``seat`` in ``state``."""
    g = state.game
    res, done, flags, mf = state.research[seat], state.attempted[seat], state.flags, state.moon_flag[seat]
    year = state.year
    # a nation's decisions in a round mostly share the very research and flags tuples: try its last
    # planner by identity before hashing the key
    last = mem.last.get(seat)
    if (
        last is not None
        and last.res is res
        and last.flags is flags
        and last.year == year
        and last.done == done
        and last.moon_flag == mf
    ):
        return last
    key = (seat, year, res, done, flags, mf)
    found = mem.planners.get(key)
    if found is None:
        found = _Planner(g, mem.rows, seat, year, res, done, flags, mf, params)
        mem.planners[key] = found
    else:
        # equal values: hold the newest objects so that the identity test above hits next time
        found.res, found.flags = res, flags
    mem.last[seat] = found
    return found


def _purchase(state: State1969, seat: int, p: Params, mem: _Memory) -> Any:
    """§2: the best hire if one beats its price, else a card while the hand is short, else the end."""
    pl = _planner(state, seat, p, mem)
    g = pl.g
    money = state.money[seat]
    budget = pl.budget(money)
    hired = state.hired[seat]
    costs = pl.hire_costs(hired)
    supply = state.supply
    affordable, spy_ok = pl.affordable(hired, budget, supply)
    best: Any = None
    best_v = 0.0
    if affordable:
        row = state.cubes[seat]
        # the prices depend only on the Robotics research (in the planner's key) and on ``hired``
        key = (row, affordable, hired)
        found = pl.hires.get(key)
        if found is None:
            gains = pl.gains()
            end_pp = g.tables.end_bonus
            for box, cubes in enumerate(row):
                if len(cubes) >= 2:
                    continue
                one, two = gains[box]
                for kind in affordable:
                    if cubes and cubes[0] == kind and kind != BASIC:
                        continue  # §2.1: two different types per box unless both basic
                    v = (two if kind == GENIUS else one) + end_pp[kind] - pl.lam * costs[kind]
                    if v > best_v:
                        best, best_v = g.tables.hire_table[seat][kind][seat][box], v
            found = pl.hires[key] = (best, best_v)
        best, best_v = found
    if spy_ok:
        v0 = pl.spy_value(hired)
        if v0 + 4.0 > best_v:
            order: list[int] | None = None
            for box, v in pl.spy_boxes(v0, state.tokens[seat], state.bonus_left > 0, best_v):
                if v <= best_v:
                    continue
                # the rival with the most prestige that has room in this box
                if order is None:
                    order = sorted(range(g.tables.n), key=lambda s: -state.pp[s])
                for sheet in order:
                    if sheet != seat and state.box_accepts(sheet, box, SPY):
                        best, best_v = g.tables.hire_table[seat][SPY][sheet][box], v
                        break
    if best is not None:
        return best
    t = g.tables
    # §2.2: never aim past the hand limit (a limit below ``cards_wanted`` made the bot buy illegally)
    want = t.hand_limit if pl.left == 1 else min(p.cards_wanted, t.hand_limit)
    if sum(state.hands[seat]) < want and budget >= t.intel_cost and sum(state.deck) + sum(state.discard):
        return g.tables.buy_actions[seat][1]
    return g.tables.end_actions[seat]


def _commit(state: State1969, seat: int, p: Params, mem: _Memory) -> Any:
    """§3.2: help one's own rocket up, or push a threatening rival's down, when the steps pay."""
    g = state.game
    active = state.launcher
    m, space = state.mission, state.space
    penalty = state.flags[m]
    left = g.tables.rounds - state.year
    hand = state.hands[seat]
    if active == seat:
        extra = float(state.moon_flag[seat] >= 0)
    else:
        # an opponent: hurt the active nation if it is a threat
        pp = state.pp
        rivals = [pp[s] for s in range(g.tables.n) if s != seat]
        extra = p.deny if pp[active] >= max(rivals) or pp[active] >= pp[seat] else p.deny * 0.3
    # the choice depends on nothing else: memoise its index in the (memoised) legal list
    key = (seat, hand, active == seat, m, space, penalty, left > 1, extra)
    found = mem.commits.get(key)
    legal = commit_list(g, seat, hand)
    if found is not None:
        return legal[found]
    values = g.tables.m_values[m]
    last = len(values) - 1
    ic = g.tables.m_ic[m]
    card_pp = p.card_pp if left > 1 else 0.01

    def pp_at(sp: int) -> float:
        return max(0, values[sp] - penalty)

    best = 0
    best_v = -1e9
    if active == seat:
        moon_open = bool(extra)
        for i, a in enumerate(legal):
            total = cards_value(a.cards)
            new = min(last, space + total // ic)
            v = pp_at(new) - pp_at(space) - card_pp * total
            if new == last and space != last and m != g.tables.moon and moon_open and left > 1:
                v += p.head_start
            if v > best_v:
                best, best_v = i, v
    else:
        weight = extra
        for i, a in enumerate(legal):
            total = cards_value(a.cards)
            new = max(0, space - total // ic)
            v = weight * (pp_at(space) - pp_at(new)) - card_pp * total
            if v > best_v:
                best, best_v = i, v
    mem.commits[key] = best
    return legal[best]


class HeuristicBot:
    """A planner bot: a callable ``(state, rng) -> action`` that owns its memory (see the module)."""

    def __init__(self, name: str, params: Params) -> None:
        self.name = name
        #: the name records and tables show for this bot
        self.__name__ = name
        self.params = params
        # by game object: the memory holds the game's own action objects (equal games would do for
        # the values, but a bot hands back the very objects of the game's legal lists)
        self._memory: Memo[int, _Memory] = Memo(16)
        self._mem = _Memory(None)

    def __repr__(self) -> str:
        return f"<1969 bot {self.name!r}>"

    def __call__(self, state: Any, rng: random.Random) -> Action:
        """The bot's action in ``state`` (a decision of a seat); it needs no randomness."""
        return self.decide(state)

    def memory(self, g: Game1969) -> _Memory:
        """The memory of game ``g`` (made on first use)."""
        if self._mem.game is g:
            return self._mem
        found = self._memory.get(id(g))
        if found is None or found.game is not g:
            found = _Memory(g)
            self._memory[id(g)] = found
        self._mem = found
        return found

    def decide(self, state: State1969) -> Action:
        """The planner's action in ``state``."""
        p = self.params
        mem = self.memory(state.game)
        seat = state.current_player
        ph = state.phase
        if ph == BUY:
            return _purchase(state, seat, p, mem)
        if ph == COMMIT:
            return _commit(state, seat, p, mem)
        if ph == LAUNCH:
            pl = _planner(state, seat, p, mem)
            m = pl.launch_choice(state.money[seat])
            if m < 0:
                return state.game.tables.pass_actions[seat]
            return state.game.tables.launch_table[seat][m][pl.costs[m]]
        if ph == REROLL:
            res = state.research[seat]
            sim, gc = res[SIMULATION], res[GROUND_CONTROL]
            red, blue = reroll_policy(state.green, state.blue, state.red, sim, gc)
            return state.game.tables.reroll_actions[seat][red][blue]
        if ph == INCOME_SPEND:
            left = state.game.tables.rounds - state.year
            limit = min(state.game.tables.pp_limits[state.year], state.pp[seat])
            return state.game.tables.spend_actions[seat][limit if left >= p.sell_rounds_left else 0]
        if ph == INCOME_DISCARD:
            hand = state.hands[seat]
            return state.game.tables.discard_actions[seat][next(v for v, c in enumerate(hand) if c)]
        return state.legal_actions()[0]


#: the three registered bots
greedy_bot = HeuristicBot("greedy", GREEDY)
spy_bot = HeuristicBot("spy", SPY_PARAMS)
moonshot_bot = HeuristicBot("moonshot", MOONSHOT)
for _bot in (greedy_bot, spy_bot, moonshot_bot):
    register_bot("1969", _bot.name)(_bot)
