"""Heuristic bots for 1969: ``greedy`` (research, then missions), ``spy`` and ``moonshot``.

All three share one planner that values things in Prestige Points (PP):

* the expected PP of a mission comes from the exact test law of :mod:`exact` (cached per mission,
  start space, flag penalty and Simulation / Ground Control researchers, as a row over the symbol
  bonus), plus a weight for ending on the last space (a Moon head-start step);
* money is worth ``lam`` PP per M (nothing in the last round but the tie-break);
* the plan for the remaining rounds is the best ordinary missions plus the Moon in the last round;
  a scientist is hired when its gain over that plan, plus its end-of-game PP, beats its price;
* re-rolls follow :func:`exact.reroll_policy`; Intelligence Cards are played when the steps they buy
  are worth more than the cards.

The bots read only public information and their own hand. Each decision is O(actions) arithmetic
over cached tables.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from isslab.core import register_bot
from isslab.games.game_1969.actions import (
    BuyCards,
    Discard,
    EndPurchases,
    Hire,
    Launch,
    Pass,
    Reroll,
    SpendPrestige,
)
from isslab.games.game_1969.components import (
    BOXES,
    GENIUS,
    GROUND_CONTROL,
    INSURANCE,
    INTELLIGENCE,
    INVESTORS,
    KINDS,
    ROBOTICS,
    SIMULATION,
    SPY,
)
from isslab.games.game_1969.exact import reroll_policy, test_distribution
from isslab.games.game_1969.rules import (
    BUY,
    COMMIT,
    INCOME_DISCARD,
    INCOME_SPEND,
    LAUNCH,
    REROLL,
    Game1969,
    State1969,
)

__all__ = ["Params", "decide", "greedy_bot", "moonshot_bot", "spy_bot"]

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


@cache
def _base_law(sim: int, gc: int, dice: int, faces: tuple[int, int, int]) -> tuple[tuple[int, float], ...]:
    """Float law of the base test score (without the symbol bonus)."""
    law: dict[int, float] = {}
    for (score, _), p in test_distribution(min(sim, dice), gc, dice, faces).items():
        law[score] = law.get(score, 0.0) + float(p)
    return tuple(sorted(law.items()))


@cache
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
    """Evaluations for one seat in one position."""

    def __init__(self, state: State1969, seat: int, params: Params) -> None:
        self.s = state
        self.seat = seat
        self.p = params
        g: Game1969 = state.game
        self.g = g
        o = g._options
        self.dice = o["dice"]
        self.faces = o["die_faces"]
        self.left = g.rounds - state.year  # rounds left, this one included
        self.lam = params.lam if self.left > 1 else 0.01
        self.moon_open = not state.attempted[seat] >> g.moon & 1

    def value(self, m: int, res: tuple[int, ...], with_cost: bool = True) -> float:
        """Expected PP of launching ``m`` with research ``res`` (minus its price in PP if asked)."""
        s, g = self.s, self.g
        start = 0
        if m == g.moon:
            start = max(0, s.moon_flag[self.seat])
        evs, perfect = _ev_row(
            g.m_values[m], start, s.flags[m], min(res[SIMULATION], self.dice), res[GROUND_CONTROL],
            self.dice, self.faces,
        )
        bonus = min(_MAX_BONUS, sum(res[b] for b in g.m_boxes[m]))
        v = evs[bonus]
        if m != g.moon and self.moon_open and self.left > 1:
            v += self.p.head_start * perfect[bonus]
        if with_cost:
            cost = g.m_cost[m]
            if m != g.moon:
                cost = max(0, cost - g._options["investors_discount"] * res[INVESTORS])
            v -= self.lam * cost
        return v

    def plan(self) -> list[int]:
        """The missions this seat expects to launch in the rounds left (the Moon last)."""
        s, g = self.s, self.g
        res = s.research[self.seat]
        done = s.attempted[self.seat]
        ordinary = [m for m in range(g.num_missions) if not done >> m & 1]
        slots = self.left - (1 if self.moon_open else 0)
        ordinary.sort(key=lambda m: -self.value(m, res))
        out = ordinary[: max(0, slots)]
        if self.moon_open:
            out.append(g.moon)
        return out

    def launch_choice(self, money: int) -> int:
        """The mission to launch now (-1: none) among those affordable with ``money``."""
        s, g = self.s, self.g
        res = s.research[self.seat]
        done = s.attempted[self.seat]
        best, best_v = -1, 0.0
        for m in range(g.moon + 1):
            if done >> m & 1 or s.mission_cost(self.seat, m) > money:
                continue
            if m == g.moon and self.left > 1 and self.moon_open:
                # the Moon waits for the last round unless nothing else is left
                if any(not done >> x & 1 for x in range(g.num_missions)):
                    continue
            v = self.value(m, res)
            if m == g.moon and self.left == 1:
                v += 100.0  # the last chance at the largest mission
            if v > best_v:
                best, best_v = m, v
        return best

    def plan_value(self, plan: list[int], res: tuple[int, ...]) -> float:
        return sum(self.value(m, res, with_cost=False) for m in plan)

    def box_gain(self, owner_res: tuple[int, ...], box: int, d: int, plan: list[int], base: float) -> float:
        """PP gained over the plan by ``d`` more researchers in ``box``."""
        o = self.g._options
        later = self.left - 1
        if box == INTELLIGENCE:
            return d * later * 2 * self.p.card_pp
        if box == ROBOTICS:
            return float(d * o["robotics_discount"] * self.lam * later)
        if box == INVESTORS:
            n = sum(1 for m in plan if m != self.g.moon)
            return float(d * o["investors_discount"] * self.lam * n)
        if box == INSURANCE:
            return float(d * o["insurance_pay"] * self.lam * 0.6 * len(plan))
        res = owner_res[:box] + (owner_res[box] + d,) + owner_res[box + 1 :]
        if box == SIMULATION and owner_res[SIMULATION] >= self.dice:
            return 0.0
        return self.plan_value(plan, res) - base


def _purchase(state: State1969, seat: int, p: Params) -> Any:
    pl = _Planner(state, seat, p)
    g = state.game
    o = g._options
    money = state.money[seat]
    m = pl.launch_choice(money)
    reserve = state.mission_cost(seat, m) if m >= 0 else 0
    if pl.moon_open and pl.left == 1:
        reserve = max(reserve, state.mission_cost(seat, g.moon))
    budget = money - reserve
    res = state.research[seat]
    plan = pl.plan()
    base = pl.plan_value(plan, res)
    bonus_pp = o["end_bonus"]
    best: Any = None
    best_v = 0.0
    gains: dict[tuple[int, int], float] = {}
    for a in state.legal_actions():
        if type(a) is not Hire:
            continue
        kind = KINDS.index(a.kind)
        cost = state.hire_cost(seat, kind)
        if cost > budget:
            continue
        box = BOXES.index(a.box)
        if kind == SPY:
            v = p.spy_bias + p.deny * 0.5
            if o["spy_penalty_to"] == "hirer":
                v += bonus_pp[SPY]
            if not state.tokens[seat][box] and state.bonus_left > 0:
                key = (box, 1)
                if key not in gains:
                    gains[key] = pl.box_gain(res, box, 1, plan, base)
                v += gains[key]
        else:
            d = 2 if kind == GENIUS else 1
            key = (box, d)
            if key not in gains:
                gains[key] = pl.box_gain(res, box, d, plan, base)
            v = gains[key] + bonus_pp[kind]
        v -= pl.lam * cost
        if v > best_v:
            best, best_v = a, v
    if best is not None:
        return best
    hand = state.hands[seat]
    size = sum(hand)
    want = o["hand_limit"] if pl.left == 1 else p.cards_wanted
    if size < want and budget >= o["intel_cost"]:
        buy = BuyCards(seat, 1)
        if buy in state.legal_actions():
            return buy
    return EndPurchases(seat)


def _commit(state: State1969, seat: int, p: Params) -> Any:
    g = state.game
    active = (state.first + state.turn) % g.n
    m, _, _, _, _, space = state.test
    values = g.m_values[m]
    last = len(values) - 1
    ic = g.m_ic[m]
    penalty = state.flags[m]
    left = g.rounds - state.year
    card_pp = p.card_pp if left > 1 else 0.01

    def pp_at(sp: int) -> float:
        return max(0, values[sp] - penalty)

    best: Any = None
    best_v = -1e9
    if active == seat:
        moon_open = state.moon_flag[seat] >= 0
        for a in state.legal_actions():
            total = sum((v + 1) * c for v, c in enumerate(a.cards))
            new = min(last, space + total // ic)
            v = pp_at(new) - pp_at(space) - card_pp * total
            if new == last and space != last and m != g.moon and moon_open and left > 1:
                v += p.head_start
            if v > best_v:
                best, best_v = a, v
        return best
    # an opponent: hurt the active nation if it is a threat
    pp = state.pp
    rivals = [pp[s] for s in range(g.n) if s != seat]
    weight = p.deny if pp[active] >= max(rivals) or pp[active] >= pp[seat] else p.deny * 0.3
    for a in state.legal_actions():
        total = sum((v + 1) * c for v, c in enumerate(a.cards))
        new = max(0, space - total // ic)
        v = weight * (pp_at(space) - pp_at(new)) - card_pp * total
        if v > best_v:
            best, best_v = a, v
    return best


def decide(state: State1969, params: Params) -> Any:
    """The heuristic planner's action in ``state`` (which must be a decision of a seat)."""
    seat = state.current_player
    ph = state.phase
    if ph == BUY:
        return _purchase(state, seat, params)
    if ph == COMMIT:
        return _commit(state, seat, params)
    if ph == LAUNCH:
        m = _Planner(state, seat, params).launch_choice(state.money[seat])
        if m < 0:
            return Pass(seat)
        return Launch(seat, m, state.game.m_name[m], state.mission_cost(seat, m))
    if ph == REROLL:
        _, g, b, r, _, _ = state.test
        res = state.research[seat]
        red, blue = reroll_policy(g, b, r, res[SIMULATION], res[GROUND_CONTROL])
        return Reroll(seat, red, blue)
    if ph == INCOME_SPEND:
        left = state.game.rounds - state.year
        limit = min(state.game._options["pp_limits"][state.year], state.pp[seat])
        return SpendPrestige(seat, limit if left >= params.sell_rounds_left else 0)
    if ph == INCOME_DISCARD:
        hand = state.hands[seat]
        return Discard(seat, next(v + 1 for v, c in enumerate(hand) if c))
    return state.legal_actions()[0]


@register_bot("1969", "greedy")
def greedy_bot(state: Any, rng: random.Random) -> Any:
    """A solid heuristic planner: research for the planned missions, then launch the best one."""
    return decide(state, GREEDY)


@register_bot("1969", "spy")
def spy_bot(state: Any, rng: random.Random) -> Any:
    """The greedy planner that places spies and plays Intelligence against rivals eagerly."""
    return decide(state, SPY_PARAMS)


@register_bot("1969", "moonshot")
def moonshot_bot(state: Any, rng: random.Random) -> Any:
    """The greedy planner that prizes perfect missions for a long Moon head start."""
    return decide(state, MOONSHOT)
