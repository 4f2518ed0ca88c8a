"""Legal actions and chance outcomes of 1969, and the rule that forbids an action that is not legal.

Speed: a game plays about 240 steps, each of which builds the legal list (``State.resolve`` checks
the applied action against it). So every action object exists once per game object (the
``Game1969.*_actions`` tables and ``launch_table``), the lists are memoised on the game by exactly
what they depend on (in the game's bounded ``*_memo`` objects: purchases, launches, commitments,
re-rolls, draws) and shared between states. The core never mutates a legal list (it hands out
copies), so sharing is safe. Bots that hand back these very objects are matched by identity.

The order of every list is part of the contract (seeded games replay the same): hires by kind then
box (own sheet), then spies by sheet and box, then ``BuyCards`` 1.., then discards (full hand), then
``EndPurchases``; launches by mission then ``Pass``; commitments by multiset, the empty one first.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, Any, NamedTuple

from isslab.core import CHANCE, TERMINAL, Action
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
    BASIC,
    BOXES,
    INVESTORS,
    KINDS,
    NATIONS,
    ROBOTICS,
    SIMULATION,
    SPY,
)
from isslab.games.game_1969.exact import dice_law
from isslab.games.game_1969.phases import (
    BUY,
    BUY_DRAW,
    COMMIT,
    FIRST,
    INCOME_DISCARD,
    INCOME_DRAW,
    INCOME_SPEND,
    LAUNCH,
    PHASES,
    REROLL,
    REROLL_ROLL,
    ROLL,
)

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


def dice_outcomes(k: int, faces: tuple[int, int, int]) -> tuple[tuple[tuple[int, int, int], float], ...]:
    """Multinomial law of the (green, blue, red) counts of ``k`` dice with the given faces (§3.1).

    The engine's chance node and :mod:`.exact` share one law: these are its exact fractions, rounded.
    """
    return tuple((counts, float(p)) for counts, p in dice_law(k, faces))


class Draws(NamedTuple):
    """The chance node of a card draw, both ways round."""

    #: ``(CardDraw, probability)`` pairs
    outcomes: list[tuple[CardDraw, float]]
    #: the ``CardDraw`` actions alone (the legal list)
    actions: list[Any]


def draw_list(g: Game1969, seat: int, deck: tuple[int, ...], k: int) -> Draws:
    """The ``CardDraw`` outcomes of drawing ``k`` cards for ``seat`` (memoised)."""
    key = (seat, deck, k)
    found = g.draw_memo.get(key)
    if found is None:
        outcomes = [(CardDraw(seat, c), p) for c, p in draw_outcomes(deck, k)]
        found = Draws(outcomes, [a for a, _ in outcomes])
        g.draw_memo[key] = found
    return found


def chance_outcomes(st: State1969) -> list[tuple[Action, float]]:
    """The outcomes of the chance node ``st`` with their probabilities (a copy the caller may keep)."""
    ph = st.phase
    if ph == ROLL or ph == REROLL_ROLL:
        return list(st.game.dice_table[st.pending])
    if ph == INCOME_DRAW or ph == BUY_DRAW:
        return list(draw_list(st.game, st.actor, st.deck, st.pending).outcomes)
    return list(st.game.first_outcomes)


# --- purchases -----------------------------------------------------------------------------------


def prices(g: Game1969, robotics: int) -> tuple[int, ...]:
    """Scientist prices with ``robotics`` Robotics researchers counting (-1: none, already hired)."""
    found = g.price_memo.get(robotics)
    if found is None:
        o = g._options
        costs: tuple[int, ...] = o["scientist_costs"]
        if robotics >= 0:  # Research, Robotics: costs never go below 0
            disc = o["robotics_discount"] * robotics
            costs = tuple(max(0, c - disc) for c in costs)
        found = costs
        g.price_memo[robotics] = found
    return found


def hire_cost(st: State1969, seat: int, kind: int) -> int:
    """What ``seat`` pays now for a scientist of ``kind`` (Robotics: a discount on the first one)."""
    return prices(st.game, -1 if st.hired[seat] else st.research[seat][ROBOTICS])[kind]


def box_accepts(st: State1969, sheet: int, box: int, kind: int) -> bool:
    """Whether an empty space of ``sheet``'s ``box`` may take a cube of ``kind`` (§2.1 Important)."""
    cubes = st.cubes[sheet][box]
    if len(cubes) >= 2:
        return False
    if cubes and cubes[0] == kind and kind != BASIC:
        return kind == SPY and not st.game._options["spy_box_rule"]
    return True


def own_hires(g: Game1969, seat: int, row: tuple[tuple[int, ...], ...]) -> tuple[tuple[Hire, ...], ...]:
    """The Hire actions of basic, rookie, famous, genius into ``seat``'s boxes ``row`` (memoised)."""
    key = (seat, row)
    found = g.own_memo.get(key)
    if found is None:
        table = g.hire_table[seat]
        found = tuple(
            tuple(
                table[kind][seat][box]
                for box, cubes in enumerate(row)
                # §2.1 Important: two different types per box, unless both basic
                if len(cubes) < 2 and (not cubes or cubes[0] != kind or kind == BASIC)
            )
            for kind in range(4)
        )
        g.own_memo[key] = found
    return found


def spy_hires(g: Game1969, seat: int, cubes: tuple[tuple[tuple[int, ...], ...], ...]) -> tuple[Hire, ...]:
    """The spy placements of ``seat`` on its rivals' sheets (memoised by the sheets' contents)."""
    key = (seat, cubes)
    found = g.spy_memo.get(key)
    if found is None:
        rule = g._options["spy_box_rule"]
        spies = g.hire_table[seat][SPY]
        found = tuple(
            spies[sheet][box]
            for sheet in range(g.n)
            if sheet != seat
            for box, c in enumerate(cubes[sheet])
            # Scientists, Spy: an empty space of a rival's box only (reading 6: the box rule too)
            if len(c) < 2 and (not c or c[0] != SPY or not rule)
        )
        g.spy_memo[key] = found
    return found


def purchase_actions(st: State1969, seat: int) -> list[Any]:
    """§2 the purchases open to ``seat``: hires, card buys, discards (full hand), then the end."""
    g = st.game
    o = g._options
    money = st.money[seat]
    supply = st.supply
    robotics = -1 if st.hired[seat] else st.research[seat][ROBOTICS]
    price = g.price_memo.get(robotics) or prices(g, robotics)  # as hire_cost (the memo hit inlined)
    hand = st.hands[seat]
    room = o["hand_limit"] - sum(hand)
    can = min(room, money // o["intel_cost"], sum(st.deck) + sum(st.discard))
    # everything the list depends on (money only up to the dearest scientist); the whole sheet
    # set matters only when a spy is affordable
    spy = supply[SPY] and price[SPY] <= money
    sheets = st.cubes if spy else st.cubes[seat]
    key = (seat, robotics, min(money, g.max_price), supply, can, sheets, hand if room <= 0 else None)
    found = g.buy_memo.get(key)
    if found is None:
        found = []
        own = own_hires(g, seat, st.cubes[seat])
        for kind in range(4):
            if supply[kind] and price[kind] <= money:
                found.extend(own[kind])
        if spy:
            found.extend(spy_hires(g, seat, st.cubes))
        buys = g.buy_actions[seat]
        found.extend(buys[k] for k in range(1, can + 1))
        if room <= 0:  # §2.2: a full hand may discard before buying more
            discards = g.discard_actions[seat]
            found.extend(discards[v] for v, c in enumerate(hand) if c)
        found.append(g.end_actions[seat])
        g.buy_memo[key] = found
    return found


# --- missions ------------------------------------------------------------------------------------


def mission_cost(st: State1969, seat: int, mission: int) -> int:
    """What ``seat`` pays to launch ``mission`` (Investors never reduce the Moon Mission)."""
    g = st.game
    cost = g.m_cost[mission]
    if mission != g.moon:
        cost = max(0, cost - g._options["investors_discount"] * st.research[seat][INVESTORS])
    return cost


def launch_list(g: Game1969, seat: int, done: int, investors: int, money: int) -> list[Any]:
    """§3 the launches open to ``seat`` (then ``Pass``), memoised by what they depend on."""
    money = min(money, g.max_mission_cost)  # more money than the dearest mission changes nothing
    key = (seat, done, investors, money)
    found = g.launch_memo.get(key)
    if found is None:
        disc = g._options["investors_discount"] * investors
        table = g.launch_table[seat]
        found = []
        for m in range(g.moon + 1):
            if not done >> m & 1:  # §3 Important: each mission once
                # Investors never reduce the Moon Mission; costs never go below 0
                cost = g.m_cost[m] if m == g.moon else max(0, g.m_cost[m] - disc)
                if cost <= money:
                    found.append(table[m][cost])
        found.append(g.pass_actions[seat])
        g.launch_memo[key] = found
    return found


def launch_actions(st: State1969, seat: int) -> list[Any]:
    """The launches open to ``seat`` in ``st`` (then ``Pass``)."""
    return launch_list(st.game, seat, st.attempted[seat], st.research[seat][INVESTORS], st.money[seat])


def reroll_list(g: Game1969, seat: int, red: int, blue: int, sim: int, green: int = 0) -> list[Any]:
    """The ``Reroll`` choices with ``sim`` Simulation researchers (each die at most once, reading 8).

    ``green`` successes may be re-rolled too (option ``reroll_successes``; 0 when it is off).
    """
    key = (seat, red, blue, sim, green)
    found = g.reroll_memo.get(key)
    if found is None:
        table = g.reroll_actions[seat]
        found = [table[i][j] for i in range(min(red, sim) + 1) for j in range(min(blue, sim - i) + 1)]
        if green:
            found = [
                a if not k else Reroll(seat, a.red, a.blue, k)
                for a in found
                for k in range(min(green, sim - a.red - a.blue) + 1)
            ]
        g.reroll_memo[key] = found
    return found


def commit_list(g: Game1969, seat: int, hand: tuple[int, ...]) -> list[Any]:
    """§3.2 every multiset of ``hand`` (the empty one first) as ``Commit`` actions (memoised)."""
    key = (seat, hand)
    found = g.commit_memo.get(key)
    if found is None:
        combos: list[tuple[int, ...]] = [()]
        for c in hand:
            combos = [p + (k,) for p in combos for k in range(c + 1)]
        found = [Commit(seat, c) for c in combos]
        g.commit_memo[key] = found
    return found


# --- the legal list ------------------------------------------------------------------------------


def legal_actions(st: State1969) -> list[Any]:
    """The legal actions of ``st`` in their fixed order (a shared list: the core copies it)."""
    # tested in the order of how often each phase occurs in a game
    ph = st.phase
    g = st.game
    if ph == BUY:
        return purchase_actions(st, st.actor)
    if ph == ROLL or ph == REROLL_ROLL:
        return g.dice_actions[st.pending]
    seat = st.actor
    if ph == INCOME_SPEND:
        limit = min(g._options["pp_limits"][st.year], st.pp[seat])
        return g.spend_lists[seat][limit] if limit >= 0 else []
    if ph == LAUNCH:
        return launch_actions(st, seat)
    if ph == REROLL:
        green = st.green if g._options["reroll_successes"] else 0
        return reroll_list(g, seat, st.red, st.blue, st.research[seat][SIMULATION], green)
    if ph == COMMIT:
        return commit_list(g, seat, st.hands[seat])
    if ph == INCOME_DRAW or ph == BUY_DRAW:
        return draw_list(g, seat, st.deck, st.pending).actions
    if ph == FIRST:
        return [a for a, _ in g.first_outcomes]
    if ph == INCOME_DISCARD:
        table = g.discard_actions[seat]
        return [table[v] for v, c in enumerate(st.hands[seat]) if c]
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


def illegal_reason(st: State1969, action: Any) -> str | None:
    """The rule that forbids ``action`` in ``st``, in words; None when no rule names it."""
    try:
        return _reason(st, action)
    except (TypeError, ValueError, IndexError, AttributeError):  # a malformed action: the generic text
        return None


def _reason(st: State1969, action: Any) -> str | None:
    kind = type(action)
    cp = st.current_player
    if cp == TERMINAL:
        return "the game is over: the 1969 round has been played"
    if kind in (FirstPlayer, DiceRoll, CardDraw):
        if cp != CHANCE:
            return f"{kind.__name__} is a chance outcome, and it is {NATIONS[cp]}'s turn ({PHASES[st.phase]})"
        return None
    phases = _PHASE_OF.get(kind)
    if phases is None:
        return None
    if cp == CHANCE:
        return f"chance acts now ({PHASES[st.phase]}), not a nation"
    if st.phase not in phases:
        names = " or ".join(PHASES[p] for p in phases)
        return f"{kind.__name__} belongs to the {names} phase; now: {PHASES[st.phase]}"
    seat = action.seat
    if seat != cp:
        return f"it is {NATIONS[cp]}'s turn, not {NATIONS[seat]}'s"
    g = st.game
    o = g._options
    hand = st.hands[seat]
    money = st.money[seat]
    if kind is Hire:
        return _hire_reason(st, action)
    if kind is BuyCards:
        room = o["hand_limit"] - sum(hand)
        if action.number < 1:
            return "buy at least one card"
        if action.number > room:
            return f"the hand limit is {o['hand_limit']} cards and {NATIONS[seat]} holds {sum(hand)} (§2.2)"
        if action.number * o["intel_cost"] > money:
            price = action.number * o["intel_cost"]
            return f"{action.number} cards cost {price}M and {NATIONS[seat]} has {money}M"
        return f"only {sum(st.deck) + sum(st.discard)} cards are left in the deck and the discards"
    if kind is Discard:
        v = action.value
        if not 1 <= v <= len(hand) or not hand[v - 1]:
            return f"{NATIONS[seat]} holds no card of value {v}"
        if st.phase == BUY:
            return f"a nation may discard only with a full hand ({o['hand_limit']} cards, §2.2)"
        return None
    if kind is SpendPrestige:
        limit = o["pp_limits"][st.year]
        if action.points > limit:
            return f"at most {limit} PP may be sold in {st.current_year} (§1)"
        if action.points > st.pp[seat]:
            return f"{NATIONS[seat]} has only {st.pp[seat]} PP (prestige is sold down to 0 at most)"
        return None
    if kind is Launch:
        m = action.mission
        if not 0 <= m <= g.moon:
            return f"there is no mission {m}"
        if st.attempted[seat] >> m & 1:
            return f"{NATIONS[seat]} has already attempted {g.m_name[m]} (§3: each mission once)"
        cost = mission_cost(st, seat, m)
        if cost > money:
            return f"{g.m_name[m]} costs {cost}M and {NATIONS[seat]} has {money}M"
        if action.cost != cost or action.name != g.m_name[m]:
            return f"{g.m_name[m]} costs {NATIONS[seat]} {cost}M: {g.launch_table[seat][m][cost]}"
        return None
    if kind is Reroll:
        sim = st.research[seat][SIMULATION]
        if action.red + action.blue + action.green > sim:
            return f"{NATIONS[seat]} has {sim} Simulation researchers: at most {sim} dice are re-rolled"
        if action.green and not o["reroll_successes"]:
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
        return f"there is no scientist kind {action.kind!r}; the kinds are {', '.join(KINDS)}"
    if action.box not in BOXES:
        return f"there is no research box {action.box!r}"
    if not 0 <= sheet < st.game.n:
        return f"there is no sheet of seat {sheet}"
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
