"""Legal actions and chance outcomes of 1969, and the rule that forbids an action that is not legal.

Speed: a game plays about 240 steps, each of which builds the legal list (``State.resolve`` checks
the applied action against it). So every action object exists once per game (the tables of
:class:`~.tables.Tables`), and the lists of few distinct shapes (launches, commitments, re-rolls,
draws) are memoised in the tables' bounded ``*_memo`` objects by exactly what they depend on and
shared between states. Purchase lists depend on the whole sheet and the money, so random play
almost never meets one twice: they are built afresh from the acceptance tables, box by box in
C-level ``compress``/``map`` calls. The core never mutates a legal list (it hands out copies), so
sharing is safe. Bots that hand back these very objects are matched by identity.

The order of every list is part of the contract (seeded games replay the same): hires by kind then
box (own sheet), then spies by sheet and box, then ``BuyCards`` 1.., then discards (full hand), then
``EndPurchases``; launches by mission then ``Pass``; commitments by multiset, the empty one first.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from math import comb
from typing import TYPE_CHECKING, Any, NamedTuple

from isslab.core import Action, short_repr
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
    BOXES,
    INVESTORS,
    KIND_INDEX,
    KINDS,
    NATIONS,
    ROBOTICS,
    SIMULATION,
    SPY,
)
from isslab.games.game_1969.phases import (
    BUY,
    BUY_DRAW,
    COMMIT,
    FIRST,
    INCOME_DISCARD,
    INCOME_DRAW,
    INCOME_SPEND,
    LAUNCH,
    PHASE_TEXT,
    REROLL,
    REROLL_ROLL,
    ROLL,
)
from isslab.games.game_1969.tables import KIND_OF, dice_outcomes
from isslab.games.kit import turn_gate

if TYPE_CHECKING:
    from isslab.games.game_1969.rules import Game1969, State1969

__all__ = [
    "Draws",
    "box_accepts",
    "chance_outcomes",
    "commit_list",
    "dice_outcomes",
    "draw_list",
    "draw_outcomes",
    "hire_cost",
    "illegal_reason",
    "launch_list",
    "legal_actions",
    "mission_cost",
    "offered",
    "own_hires",
    "prices",
    "purchase_actions",
    "reroll_list",
    "spy_hires",
]


# --- chance laws -----------------------------------------------------------------------------


@lru_cache(maxsize=8192)
def draw_outcomes(deck: tuple[int, ...], k: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Multivariate hypergeometric law of drawing ``k`` cards from a deck of counts per value."""
    total = sum(deck)
    denom = comb(total, k)
    out: list[tuple[tuple[int, ...], float]] = []

    def rec(i: int, left: int, prefix: tuple[int, ...], ways: int) -> None:
        if i == len(deck) - 1:
            if left <= deck[i]:
                w = ways * comb(deck[i], left)
                out.append((prefix + (left,), w / denom))
            return
        for c in range(min(left, deck[i]) + 1):
            rec(i + 1, left - c, prefix + (c,), ways * comb(deck[i], c))

    rec(0, k, (), 1)
    return tuple((c, p) for c, p in out if p > 0)


class Draws(NamedTuple):
    """The chance node of a card draw, both ways round."""

    #: ``(CardDraw, probability)`` pairs
    outcomes: list[tuple[CardDraw, float]]
    #: the ``CardDraw`` actions alone (the legal list)
    actions: list[Any]


def draw_list(g: Game1969, seat: int, deck: tuple[int, ...], k: int) -> Draws:
    """The ``CardDraw`` outcomes of drawing ``k`` cards for ``seat`` (memoised)."""
    key = (seat, deck, k)
    memo = g.tables.draw_memo
    found = memo.get(key)
    if found is None:
        outcomes = [(CardDraw(seat, c), p) for c, p in draw_outcomes(deck, k)]
        found = Draws(outcomes, [a for a, _ in outcomes])
        memo[key] = found
    return found


def chance_outcomes(st: State1969) -> list[tuple[Action, float]]:
    """The outcomes of the chance node ``st`` with their probabilities (a copy the caller may keep)."""
    ph = st.phase
    if ph == ROLL or ph == REROLL_ROLL:
        return list(st.game.tables.dice_table[st.pending])
    if ph == INCOME_DRAW or ph == BUY_DRAW:
        return list(draw_list(st.game, st.actor, st.deck, st.pending).outcomes)
    return list(st.game.tables.first_outcomes)


# --- purchases -----------------------------------------------------------------------------------


def prices(g: Game1969, robotics: int) -> tuple[int, ...]:
    """Scientist prices with ``robotics`` Robotics researchers counting (-1: none, already hired)."""
    return g.tables.prices[robotics]


def hire_cost(st: State1969, seat: int, kind: int) -> int:
    """What ``seat`` pays now for a scientist of ``kind`` (Robotics: a discount on the first one)."""
    return st.game.tables.prices[-1 if st.hired[seat] else st.research[seat][ROBOTICS]][kind]


def box_accepts(st: State1969, sheet: int, box: int, kind: int) -> bool:
    """Whether an empty space of ``sheet``'s ``box`` may take a cube of ``kind`` (§2.1 Important)."""
    t = st.game.tables
    cubes = st.cubes[sheet][box]
    return t.spy_accepts[cubes] if kind == SPY else t.own_accepts[cubes][kind]


def own_hires(g: Game1969, seat: int, row: tuple[tuple[int, ...], ...]) -> tuple[tuple[Hire, ...], ...]:
    """The Hire actions of basic, rookie, famous, genius into ``seat``'s boxes ``row``."""
    t = g.tables
    accepts = list(map(t.own_accepts.__getitem__, row))
    table = t.hire_table[seat]
    # §2.1 Important: two different types per box, unless both basic
    return tuple(tuple(compress(table[kind][seat], map(KIND_OF[kind], accepts))) for kind in range(4))


def spy_hires(g: Game1969, seat: int, cubes: tuple[tuple[tuple[int, ...], ...], ...]) -> tuple[Hire, ...]:
    """The spy placements of ``seat`` on its rivals' sheets, by sheet then box."""
    t = g.tables
    spies = t.hire_table[seat][SPY]
    accepts = t.spy_accepts.__getitem__
    out: list[Hire] = []
    for sheet in t.rivals[seat]:  # Scientists, Spy: an empty space of a rival's box only (reading 6)
        out.extend(compress(spies[sheet], map(accepts, cubes[sheet])))
    return tuple(out)


def purchase_actions(st: State1969, seat: int) -> list[Any]:
    """§2 the purchases open to ``seat``: hires, card buys, discards (full hand), then the end."""
    t = st.game.tables
    money = st.money[seat]
    supply = st.supply
    price = t.prices[-1 if st.hired[seat] else st.research[seat][ROBOTICS]]
    hand = st.hands[seat]
    room = t.hand_limit - sum(hand)
    found: list[Any] = []
    hires = t.hire_table[seat]
    accepts: list[tuple[bool, ...]] | None = None
    for kind in range(4):
        if supply[kind] and price[kind] <= money:
            if accepts is None:
                accepts = list(map(t.own_accepts.__getitem__, st.cubes[seat]))
            # §2.1 Important: two different types per box, unless both basic
            found.extend(compress(hires[kind][seat], map(KIND_OF[kind], accepts)))
    if supply[SPY] and price[SPY] <= money:
        spies = hires[SPY]
        spy_ok = t.spy_accepts.__getitem__
        cubes = st.cubes
        for sheet in t.rivals[seat]:  # Scientists, Spy: an empty space of a rival's box (reading 6)
            found.extend(compress(spies[sheet], map(spy_ok, cubes[sheet])))
    can = min(room, money // t.intel_cost, sum(st.deck) + sum(st.discard))
    if can > 0:
        found.extend(t.buy_lists[seat][can])
    if room <= 0:  # §2.2: a full hand may discard before buying more
        found.extend(compress(t.discard_actions[seat], hand))
    found.append(t.end_actions[seat])
    return found


def offered(st: State1969, action: Any) -> bool:
    """True when ``action`` is surely one of the objects :func:`purchase_actions` would list now.

    ``State.resolve`` asks this before it lists the legal actions: the bots hand back the objects
    of the tables, and a purchase list costs as much as the bot's whole decision (the greedy bot
    buys some 74 times a game: 18% of its games' time). Hires (one per box and kind), card buys and
    ``EndPurchases`` are answered by the rules of :func:`purchase_actions`; anything else (a
    discard, another object, another phase) is False, and the list is built as before. A test
    checks that both agree on every table object in played positions.
    """
    if st.phase != BUY:
        return False
    seat = st.actor
    t = st.game.tables
    kind = type(action)
    if kind is Hire:
        k = KIND_INDEX.get(action.kind, -1)
        b = BOX_INDEX.get(action.box, -1)
        sheet = action.sheet
        if k < 0 or b < 0 or type(sheet) is not int or not 0 <= sheet < t.n:
            return False
        # the very table object: its seat, kind, sheet and box are the ones looked up
        if t.hire_table[seat][k][sheet][b] is not action or not st.supply[k]:
            return False
        if t.prices[-1 if st.hired[seat] else st.research[seat][ROBOTICS]][k] > st.money[seat]:
            return False
        if k == SPY:  # Scientists, Spy: an empty space of a rival's box (reading 6)
            return sheet != seat and t.spy_accepts[st.cubes[sheet][b]]
        return sheet == seat and t.own_accepts[st.cubes[seat][b]][k]
    if kind is EndPurchases:
        return action is t.end_actions[seat]
    if kind is BuyCards:
        row = t.buy_actions[seat]
        n = action.number
        if type(n) is not int or not 0 < n < len(row) or row[n] is not action:
            return False
        room = t.hand_limit - sum(st.hands[seat])
        return n <= min(room, st.money[seat] // t.intel_cost, sum(st.deck) + sum(st.discard))
    return False


# --- missions ------------------------------------------------------------------------------------


def mission_cost(st: State1969, seat: int, mission: int) -> int:
    """What ``seat`` pays to launch ``mission`` (Investors never reduce the Moon Mission)."""
    t = st.game.tables
    cost = t.m_cost[mission]
    if mission != t.moon:
        cost = max(0, cost - t.investors_discount * st.research[seat][INVESTORS])
    return cost


def launch_list(g: Game1969, seat: int, done: int, investors: int, money: int) -> list[Any]:
    """§3 the launches open to ``seat`` (then ``Pass``), memoised by what they depend on."""
    t = g.tables
    money = min(money, t.max_mission_cost)  # more money than the dearest mission changes nothing
    key = (seat, done, investors, money)
    found = t.launch_memo.get(key)
    if found is None:
        disc = t.investors_discount * investors
        table = t.launch_table[seat]
        moon = t.moon
        found = []
        for m in range(moon + 1):
            if not done >> m & 1:  # §3 Important: each mission once
                # Investors never reduce the Moon Mission; costs never go below 0
                cost = t.m_cost[m] if m == moon else max(0, t.m_cost[m] - disc)
                if cost <= money:
                    found.append(table[m][cost])
        found.append(t.pass_actions[seat])
        t.launch_memo[key] = found
    return found


def launch_actions(st: State1969, seat: int) -> list[Any]:
    """The launches open to ``seat`` in ``st`` (then ``Pass``)."""
    return launch_list(st.game, seat, st.attempted[seat], st.research[seat][INVESTORS], st.money[seat])


def reroll_list(g: Game1969, seat: int, red: int, blue: int, sim: int, green: int = 0) -> list[Any]:
    """The ``Reroll`` choices with ``sim`` Simulation researchers (each die at most once, reading 8).

    ``green`` successes may be re-rolled too (option ``reroll_successes``; 0 when it is off).
    """
    t = g.tables
    key = (seat, red, blue, sim, green)
    found = t.reroll_memo.get(key)
    if found is None:
        table = t.reroll_actions[seat]
        found = [table[i][j] for i in range(min(red, sim) + 1) for j in range(min(blue, sim - i) + 1)]
        if green:
            found = [
                a if not k else Reroll(seat, a.red, a.blue, k)
                for a in found
                for k in range(min(green, sim - a.red - a.blue) + 1)
            ]
        t.reroll_memo[key] = found
    return found


def commit_list(g: Game1969, seat: int, hand: tuple[int, ...]) -> list[Any]:
    """§3.2 every multiset of ``hand`` (the empty one first) as ``Commit`` actions (memoised)."""
    memo = g.tables.commit_memo
    key = (seat, hand)
    found = memo.get(key)
    if found is None:
        combos: list[tuple[int, ...]] = [()]
        for c in hand:
            combos = [p + (k,) for p in combos for k in range(c + 1)]
        found = [Commit(seat, c) for c in combos]
        memo[key] = found
    return found


# --- the legal list ------------------------------------------------------------------------------


def legal_actions(st: State1969) -> list[Any]:
    """The legal actions of ``st`` in their fixed order (a shared list: the core copies it)."""
    # tested in the order of how often each phase occurs in a game
    ph = st.phase
    if ph == BUY:
        return purchase_actions(st, st.actor)
    t = st.game.tables
    if ph == ROLL or ph == REROLL_ROLL:
        return t.dice_actions[st.pending]
    seat = st.actor
    if ph == COMMIT:
        return commit_list(st.game, seat, st.hands[seat])
    if ph == INCOME_SPEND:
        limit = min(t.pp_limits[st.year], st.pp[seat])
        return t.spend_lists[seat][limit] if limit >= 0 else []
    if ph == INCOME_DRAW or ph == BUY_DRAW:
        return draw_list(st.game, seat, st.deck, st.pending).actions
    if ph == LAUNCH:
        return launch_actions(st, seat)
    if ph == REROLL:
        green = st.green if t.reroll_successes else 0
        return reroll_list(st.game, seat, st.red, st.blue, st.research[seat][SIMULATION], green)
    if ph == FIRST:
        return [a for a, _ in t.first_outcomes]
    if ph == INCOME_DISCARD:
        return list(compress(t.discard_actions[seat], st.hands[seat]))
    return []


# --- why an action is not legal ------------------------------------------------------------------

#: the phase (or phases) in which each kind of player action is taken
_PHASE_OF: dict[type, tuple[int, ...]] = {
    SpendPrestige: (INCOME_SPEND,),
    Discard: (INCOME_DISCARD, BUY),
    Hire: (BUY,),
    BuyCards: (BUY,),
    EndPurchases: (BUY,),
    Launch: (LAUNCH,),
    Pass: (LAUNCH,),
    Reroll: (REROLL,),
    Commit: (COMMIT,),
}


#: the chance outcomes, which no nation plays
_CHANCE_TYPES = (FirstPlayer, DiceRoll, CardDraw)


def _phase_text(phase: int) -> str:
    return PHASE_TEXT[phase]


def illegal_reason(st: State1969, action: Any) -> str | None:
    """The rule that forbids ``action`` in ``st``, in words; None when no rule names it (it may raise on
    a malformed action: the state gives the generic message then)."""
    gate = turn_gate(
        st.current_player,
        action,
        chance_types=_CHANCE_TYPES,
        phases_of=_PHASE_OF,
        phase=st.phase,
        phase_text=_phase_text,
        who=NATIONS.__getitem__,
        over="the game is over: the 1969 round has been played",
    )
    kind = type(action)
    if gate is not None or kind not in _PHASE_OF:
        return gate
    t = st.game.tables
    seat = action.seat
    hand = st.hands[seat]
    money = st.money[seat]
    if kind is Hire:
        return _hire_reason(st, action)
    if kind is BuyCards:
        room = t.hand_limit - sum(hand)
        if action.number < 1:
            return "buy at least one card"
        if action.number > room:
            return f"the hand limit is {t.hand_limit} cards and {NATIONS[seat]} holds {sum(hand)} (§2.2)"
        if action.number * t.intel_cost > money:
            price = action.number * t.intel_cost
            return f"{action.number} cards cost {price}M and {NATIONS[seat]} has {money}M"
        return f"only {sum(st.deck) + sum(st.discard)} cards are left in the deck and the discards"
    if kind is Discard:
        v = action.value
        if not 1 <= v <= len(hand) or not hand[v - 1]:
            return f"{NATIONS[seat]} holds no card of value {v}"
        if st.phase == BUY:
            return f"a nation may discard only with a full hand ({t.hand_limit} cards, §2.2)"
        return None
    if kind is SpendPrestige:
        limit = t.pp_limits[st.year]
        if action.points > limit:
            return f"at most {limit} PP may be sold in {st.current_year} (§1)"
        if action.points > st.pp[seat]:
            return f"{NATIONS[seat]} has only {st.pp[seat]} PP (prestige is sold down to 0 at most)"
        return None
    if kind is Launch:
        m = action.mission
        if not 0 <= m <= t.moon:
            return f"there is no mission {short_repr(m)}"
        if st.attempted[seat] >> m & 1:
            return f"{NATIONS[seat]} has already attempted {t.m_name[m]} (§3: each mission once)"
        cost = mission_cost(st, seat, m)
        if cost > money:
            return f"{t.m_name[m]} costs {cost}M and {NATIONS[seat]} has {money}M"
        if action.cost != cost or action.name != t.m_name[m]:
            return f"{t.m_name[m]} costs {NATIONS[seat]} {cost}M: {t.launch_table[seat][m][cost]}"
        return None
    if kind is Reroll:
        sim = st.research[seat][SIMULATION]
        if action.red + action.blue + action.green > sim:
            return f"{NATIONS[seat]} has {sim} Simulation researchers: at most {sim} dice are re-rolled"
        if action.green and not t.reroll_successes:
            return "successes are not re-rolled (option reroll_successes is off, reading 8)"
        if action.red > st.red or action.blue > st.blue or action.green > st.green:
            return f"the roll shows {st.green} success, {st.blue} neutral and {st.red} failure"
        return None
    if kind is Commit:
        cards = tuple(action.cards)
        if len(cards) != len(hand) or any(c < 0 or c > h for c, h in zip(cards, hand, strict=True)):
            return f"{NATIONS[seat]} does not hold those cards"
        return None
    return None


def _hire_reason(st: State1969, action: Hire) -> str | None:
    """§2.1 and Scientists: why this hire is refused."""
    seat, sheet = action.seat, action.sheet
    if action.kind not in KINDS:
        return f"there is no scientist kind {short_repr(action.kind)}; the kinds are {', '.join(KINDS)}"
    if action.box not in BOXES:
        return f"there is no research box {short_repr(action.box)}"
    if not 0 <= sheet < st.game.tables.n:
        return f"there is no sheet of seat {short_repr(sheet)}"
    kind, box = KINDS.index(action.kind), BOXES.index(action.box)
    if kind == SPY and sheet == seat:
        return "a spy goes on a rival's sheet, never on one's own (Scientists)"
    if kind != SPY and sheet != seat:
        return "only a spy may be placed on a rival's sheet (Scientists)"
    if len(st.cubes[sheet][box]) >= 2:
        return "that box is full: two scientists at most (Research)"
    if not box_accepts(st, sheet, box, kind):
        return f"a box holds two different types unless both are basic (§2.1); it has a {action.kind}"
    if not st.supply[kind]:
        return f"no {action.kind} scientist is left in the supply (§2.1)"
    price = hire_cost(st, seat, kind)
    if price > st.money[seat]:
        return f"a {action.kind} scientist costs {price}M and {NATIONS[seat]} has {st.money[seat]}M"
    return None
