"""The steps of a round of 1969: what each action does to the position (``State._apply``).

:func:`apply` copies the state once and hands the copy to the step functions, which change its
fields in place (the copy is not shared yet) and run on until the next decision or chance node:
a nation with nothing to decide is skipped (no cards: no commitment; nothing affordable: no
launch; no prestige to sell: no sale). Each function cites the rule it implements: "§1" ... "§4"
are the rulebook's phases, "Scientists", "Research" and "Appendix" its sections, and "reading n"
the numbered readings of the package docstring.

Speed: a step rebuilds only the tuples it changes (:func:`isslab.games.kit.put`), reads the
game's :class:`~.tables.Tables` (never the option dictionary), and the branches of :func:`apply`
are tested in the order of how often each action occurs in a game.

Cards are counts per value, value 1 first, always with one entry per value, so :func:`add` and
:func:`sub` map over two tuples without a length check.
"""

from __future__ import annotations

from functools import lru_cache
from operator import add as _plus
from operator import sub as _minus
from typing import TYPE_CHECKING, Any

from isslab.core import IllegalActionError
from isslab.games.game_1969.actions import (
    BuyCards,
    CardDraw,
    Commit,
    DiceRoll,
    Discard,
    EndPurchases,
    FirstPlayer,
    Hire,
    Launch,
    Pass,
    Reroll,
    SpendPrestige,
)
from isslab.games.game_1969.components import (
    BOX_INDEX,
    GROUND_CONTROL,
    INSURANCE,
    INTELLIGENCE,
    KIND_INDEX,
    ROBOTICS,
    SIMULATION,
    SPY,
    FlagPenalty,
    IntelResolution,
)
from isslab.games.game_1969.legal import launch_actions
from isslab.games.game_1969.phases import (
    BUY,
    BUY_DRAW,
    COMMIT,
    INCOME_DISCARD,
    INCOME_DRAW,
    INCOME_SPEND,
    LAUNCH,
    MOON_LAUNCHED,
    NO_MISSION,
    NOBODY,
    OVER,
    REROLL,
    REROLL_ROLL,
    ROLL,
)
from isslab.games.game_1969.scoring import (
    ATTEMPTED,
    CARDS,
    HIRED,
    INSURANCE_INCOME,
    INTEL,
    PERFECT,
    PP_MISSIONS,
    PP_MOON,
    PP_SOLD,
)
from isslab.games.game_1969.tables import researchers
from isslab.games.kit import put

if TYPE_CHECKING:
    from isslab.games.game_1969.rules import State1969

__all__ = ["add", "apply", "cards_value", "start_round", "stat", "sub", "with_cube"]


def add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Item-wise sum of two card counts."""
    return tuple(map(_plus, a, b))


def sub(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Item-wise difference of two card counts."""
    return tuple(map(_minus, a, b))


@lru_cache(maxsize=65536)
def cards_value(cards: tuple[int, ...]) -> int:
    """Total Intelligence of some cards given as counts per value (value 1 first)."""
    return sum((v + 1) * c for v, c in enumerate(cards))


@lru_cache(maxsize=4096)
def with_cube(cubes: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """The sorted kind codes of a box after a cube of ``kind`` joins ``cubes``."""
    return tuple(sorted(cubes + (kind,)))


def apply(st0: State1969, action: Any) -> State1969:
    """The state after the legal ``action`` (``State._apply``: the core has checked it)."""
    st = st0._copy()
    kind = type(action)
    seat = st0.actor
    if kind is DiceRoll:
        _dice(st, action)
    elif kind is Hire:
        _hire(st, seat, action)
    elif kind is SpendPrestige:
        if action.points:  # keeping the prestige changes no tuple
            st.pp = put(st.pp, seat, st.pp[seat] - action.points)
            st.money = put(st.money, seat, st.money[seat] + st.game.tables.pp_money * action.points)
            stat(st, seat, PP_SOLD, action.points)
        st.turn += 1
        _next_income(st)
    elif kind is EndPurchases:
        st.turn += 1
        _next_purchase(st)
    elif kind is Launch:
        _launch(st, seat, action.mission, action.cost)
    elif kind is Reroll:
        if action.red + action.blue + action.green == 0:
            _finish_test(st)
        else:
            # Research, Simulation: the re-rolled dice leave the roll and are thrown again
            st.green -= action.green
            st.blue -= action.blue
            st.red -= action.red
            st.pending = action.red + action.blue + action.green
            st.phase = REROLL_ROLL
    elif kind is Commit:
        _commit(st, seat, action.cards)
    elif kind is BuyCards:
        st.money = put(st.money, seat, st.money[seat] - st.game.tables.intel_cost * action.number)
        stat(st, seat, CARDS, action.number)
        _draw(st, seat, action.number, BUY_DRAW)
    elif kind is CardDraw:
        st.hands = put(st.hands, seat, add(st.hands[seat], action.cards))
        st.deck = sub(st.deck, action.cards)  # never empties it: ``_draw`` takes a short deck whole
        st.pending = 0
        if st.phase == INCOME_DRAW:
            _after_income_draw(st)
        else:
            st.phase = BUY
    elif kind is Pass:
        st.turn += 1
        _next_mission(st)
    elif kind is Discard:
        hand = st.hands[seat]
        v = action.value - 1
        st.hands = put(st.hands, seat, put(hand, v, hand[v] - 1))
        st.discard = put(st.discard, v, st.discard[v] + 1)
        _refill(st)
        if st.phase == INCOME_DISCARD:
            _after_income_draw(st)
    elif kind is FirstPlayer:
        st.first = action.seat
        start_round(st)
    else:  # pragma: no cover - resolve() only lets legal actions through
        raise IllegalActionError(f"unknown action {action!r}")
    return st


def stat(st: State1969, seat: int, i: int, delta: int) -> None:
    """Add ``delta`` to counter ``i`` of ``seat``'s tally (statistics only)."""
    row = st.stats[seat]
    st.stats = put(st.stats, seat, put(row, i, row[i] + delta))


# --- §1 Income -----------------------------------------------------------------------------------


def start_round(st: State1969) -> None:
    """§1 Income Phase: every nation receives the income of the year, then takes its Income turn."""
    t = st.game.tables
    inc = t.income[st.year]
    st.money = tuple(m + inc for m in st.money)
    st.hired = (False,) * t.n
    st.turn = 0
    _next_income(st)


def _next_income(st: State1969) -> None:
    """In turn order: free Intelligence draws (Research: Intelligence), then PP sales (§1, reading 10)."""
    n = st.game.tables.n
    while st.turn < n:
        seat = (st.first + st.turn) % n
        st.actor = seat
        if _draw(st, seat, st.research[seat][INTELLIGENCE], INCOME_DRAW):
            return
        if _after_income_draw(st, advance=False):
            return
        st.turn += 1
    st.turn = 0
    _next_purchase(st)


def _after_income_draw(st: State1969, advance: bool = True) -> bool:
    """Discard to the hand limit (reading 5), then offer the PP sale; True if the nation must decide."""
    t = st.game.tables
    seat = st.actor
    if t.hand_limit_after_draws and sum(st.hands[seat]) > t.hand_limit:
        st.phase = INCOME_DISCARD
        return True
    if min(t.pp_limits[st.year], st.pp[seat]) > 0:  # reading 9: only down to 0 PP
        st.phase = INCOME_SPEND
        return True
    if advance:
        st.turn += 1
        _next_income(st)
    return False


# --- §2 Purchases --------------------------------------------------------------------------------


def _next_purchase(st: State1969) -> None:
    """§2: each nation in turn order makes its purchases."""
    n = st.game.tables.n
    if st.turn < n:
        st.phase = BUY
        st.actor = (st.first + st.turn) % n
        return
    st.turn = 0
    if st.mission != NO_MISSION:  # last year's final mission test stays in view until now
        _clear_test(st)
    _next_mission(st)


def _clear_test(st: State1969) -> None:
    """No mission test in view: a new Mission Phase begins."""
    st.mission = NO_MISSION
    st.launcher = NOBODY
    st.green = st.blue = st.red = st.score = st.space = 0
    st.played = st.game.tables.no_commits


def _hire(st: State1969, seat: int, action: Hire) -> None:
    """§2.1 Hire Scientists (and Scientists: Spy)."""
    kind = KIND_INDEX[action.kind]
    box = BOX_INDEX[action.box]
    sheet = action.sheet
    price = st.game.tables.prices[-1 if st.hired[seat] else st.research[seat][ROBOTICS]][kind]
    st.money = put(st.money, seat, st.money[seat] - price)
    if not st.hired[seat]:
        st.hired = put(st.hired, seat, True)
    st.supply = put(st.supply, kind, st.supply[kind] - 1)
    row = st.cubes[sheet]
    cubes = with_cube(row[box], kind)
    st.cubes = put(st.cubes, sheet, put(row, box, cubes))
    if kind == SPY:
        st.spies_hired = put(st.spies_hired, seat, st.spies_hired[seat] + 1)
        # Scientists, Spy: a Bonus Token for the same box of one's own sheet, if empty and one is left
        toks = st.tokens[seat]
        if not toks[box] and st.bonus_left > 0:
            st.bonus_left -= 1
            st.tokens = put(st.tokens, seat, put(toks, box, 1))
            # a spy adds no researcher to the sheet it sits on: only the token counts
            res = st.research[seat]
            st.research = put(st.research, seat, put(res, box, res[box] + 1))
    else:
        stat(st, seat, HIRED + kind, 1)
        # only this box's Researcher value changes
        res = st.research[sheet]
        value = researchers(cubes) + st.tokens[sheet][box]
        st.research = put(st.research, sheet, put(res, box, value))


def _draw(st: State1969, seat: int, k: int, phase: int) -> bool:
    """Draw ``k`` cards for ``seat``; True if a chance node must pick their values (§2.2)."""
    while k > 0:
        total = sum(st.deck)
        if total == 0:
            return False  # every card is in a hand (an empty deck means no discards: _refill)
        if total <= k:  # the whole deck: no randomness in its values (reading 14)
            st.hands = put(st.hands, seat, add(st.hands[seat], st.deck))
            st.deck = st.game.tables.no_cards
            k -= total
            _refill(st)
            continue
        st.pending = k
        st.phase = phase
        st.actor = seat
        return True
    if phase == BUY_DRAW:
        st.phase = BUY
    return False


def _refill(st: State1969) -> None:
    """§2.2 (reading 14): the moment the deck is empty, the discards become the new deck."""
    if not any(st.deck) and any(st.discard):
        st.deck, st.discard = st.discard, st.game.tables.no_cards


# --- §3 Missions ---------------------------------------------------------------------------------


def _next_mission(st: State1969) -> None:
    """§3: each nation in turn order may launch one mission (skipped when none is possible)."""
    n = st.game.tables.n
    while st.turn < n:
        seat = (st.first + st.turn) % n
        if len(launch_actions(st, seat)) > 1:
            st.phase = LAUNCH
            st.actor = seat
            return
        st.turn += 1
    _end_round(st)


def _launch(st: State1969, seat: int, m: int, cost: int) -> None:
    """§3: pay, put the Rocket on the start space (the Moon: on the head-start flag, Appendix)."""
    t = st.game.tables
    st.money = put(st.money, seat, st.money[seat] - cost)
    st.attempted = put(st.attempted, seat, st.attempted[seat] | 1 << m)
    st.launched = put(st.launched, seat, m)
    stat(st, seat, ATTEMPTED, 1)
    start = 0
    if m == t.moon:
        # Appendix, The Moon Mission: the rocket begins where the nation's Moon flag stands, and that
        # flag leaves the head-start track
        start = st.moon_flag[seat]
        st.moon_flag = put(st.moon_flag, seat, MOON_LAUNCHED)
    st.mission = m
    st.launcher = seat
    st.green = st.blue = st.red = st.score = 0
    st.space = start
    st.played = t.no_commits
    st.pending = t.dice
    st.phase = ROLL


def _dice(st: State1969, roll: DiceRoll) -> None:
    """§3.1: record a roll or a re-roll; offer re-rolls (Research: Simulation) after the first."""
    st.green += roll.green
    st.blue += roll.blue
    st.red += roll.red
    st.score = 0
    st.pending = 0
    # Research, Simulation: nothing to decide unless some die may be re-rolled (reading 8)
    if (
        st.phase == ROLL
        and st.research[st.actor][SIMULATION]
        and (st.blue or st.red or (st.green and st.game.tables.reroll_successes))
    ):
        st.phase = REROLL
        return
    _finish_test(st)


def _finish_test(st: State1969) -> None:
    """§3.1 score: successes (Ground Control converts neutrals) - failures + symbol researchers."""
    seat = st.actor
    t = st.game.tables
    m = st.mission
    res = st.research[seat]
    score = st.green + min(st.blue, res[GROUND_CONTROL]) - st.red + sum(map(res.__getitem__, t.m_boxes[m]))
    pay = t.insurance_pay * res[INSURANCE] * st.red  # Research: Insurance (reading 8)
    if pay:
        st.money = put(st.money, seat, st.money[seat] + pay)
        stat(st, seat, INSURANCE_INCOME, pay)
    last = len(t.m_values[m]) - 1
    st.score = score
    st.space = min(last, max(0, st.space + score))  # §3.1: never below the first nor above the last space
    st.phase = COMMIT
    _next_commit(st, seat, -1)


def _next_commit(st: State1969, active: int, pos: int) -> None:
    """§3.2: opponents from the active nation's left, then the active nation, play face down."""
    n = st.game.tables.n
    for p in range(pos + 1, n):
        seat = (active + 1 + p) % n
        if sum(st.hands[seat]):
            st.actor = seat
            st.phase = COMMIT
            return
    _reveal(st, active)


def _commit(st: State1969, seat: int, cards: tuple[int, ...]) -> None:
    """§3.2: ``seat`` plays ``cards`` face down; the next nation in order follows, or the reveal."""
    st.hands = put(st.hands, seat, sub(st.hands[seat], cards))
    st.commits = put(st.commits, seat, cards)
    active = st.launcher
    _next_commit(st, active, (seat - active - 1) % st.game.tables.n)


def _reveal(st: State1969, seat: int) -> None:
    """§3.2 reveal and move (reading 2), then §3.3 prestige (reading 3) and the Moon head start."""
    t = st.game.tables
    m = st.mission
    ic = t.m_ic[m]
    values = t.m_values[m]
    last = len(values) - 1
    own = opp = 0
    discard = st.discard
    for s, cards in enumerate(st.commits):
        if cards is None:
            continue
        total = cards_value(cards)
        if not total:  # nothing played: the stats and the discards stay as they are
            continue
        stat(st, s, INTEL, total)
        discard = add(discard, cards)  # §3.2: all the played cards are discarded
        if s == seat:
            own += total
        else:
            opp += total
    st.discard = discard
    _refill(st)
    st.played = st.commits  # §3.2: revealed, the plays are public
    st.commits = t.no_commits
    space = st.space
    if t.intel_resolution is IntelResolution.NET:
        space = min(last, max(0, space + own // ic - opp // ic))
    else:  # reading 2: down first, then up, clamping after each step
        space = max(0, space - opp // ic)
        space = min(last, space + own // ic)
    st.space = space
    # §3.3: the value of the space minus the flags already on the mission (reading 3), at least 0
    penalty = st.flags[m]
    if t.flag_penalty is FlagPenalty.ALL_ATTEMPTS:
        penalty += sum(1 for s, x in enumerate(st.launched) if x == m and s != seat and _before(st, s))
    gain = max(0, values[space] - penalty)
    if gain:  # no prestige changes no tuple
        st.pp = put(st.pp, seat, st.pp[seat] + gain)
        stat(st, seat, PP_MOON if m == t.moon else PP_MISSIONS, gain)
    if space == last:
        stat(st, seat, PERFECT, 1)
        mf = st.moon_flag[seat]
        if mf != MOON_LAUNCHED:  # §3.3: advance the Moon flag while it is on the head-start track
            st.moon_flag = put(st.moon_flag, seat, min(mf + 1, len(t.m_values[t.moon]) - 1))
    st.turn += 1
    _next_mission(st)


def _before(st: State1969, seat: int) -> bool:
    """Whether ``seat`` acted earlier than the current nation in this round's turn order."""
    return (seat - st.first) % st.game.tables.n < st.turn


# --- §4 End of the Round -------------------------------------------------------------------------


def _end_round(st: State1969) -> None:
    """§4: place the flags, advance the year, pass the First Player marker to the left."""
    flags = list(st.flags)
    for m in st.launched:
        if m != NO_MISSION:
            flags[m] += 1
    st.flags = tuple(flags)
    st.launched = st.game.tables.no_launches
    st.year += 1
    st.first = st.round_first()  # the turn-order hook: the marker passes left unless a variant says otherwise
    if st.year >= st.game.tables.rounds:
        st.phase = OVER  # End of the Game: after the 1969 round
        st.actor = NOBODY
        return
    start_round(st)
