"""The rules of 1969: :class:`Game1969` (options, tables) and :class:`State1969` (an immutable position).

Sections cited as "§1" ... "§4" are those of the rulebook (Income, Purchase, Mission, End of the
Round); "A7.n" are the rule-gap choices of ``1969.components.md``.

Speed: a game plays about 240 steps, each of which builds the legal list (``State.resolve`` checks
every action against it) and a copy of the state. So every action object exists once per game
object (``Game1969.*_actions`` tables, :meth:`Game1969.launch_action`), legal lists are cached on
the game by exactly what they depend on (purchases, launches, commitments, re-rolls, draws) and
shared between states (the core never mutates them), and a step rebuilds only the tuples it
changes. Bots that hand back these very objects are matched by identity.
"""

from __future__ import annotations

from functools import cache, lru_cache
from math import comb
from operator import add, sub
from typing import Any, ClassVar

from isslab.core import (
    CHANCE,
    TERMINAL,
    EndReason,
    Game,
    GameInfo,
    IllegalActionError,
    ReturnsKind,
    State,
    register_game,
)
from isslab.games.game_1969.actions import (
    ACTION_TYPES,
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
    cards_text,
)
from isslab.games.game_1969.components import (
    BASIC,
    BOX_LABELS,
    BOXES,
    GROUND_CONTROL,
    INSURANCE,
    INTELLIGENCE,
    INVESTORS,
    KINDS,
    NATIONS,
    OPTIONS,
    RESEARCHERS,
    ROBOTICS,
    SIMULATION,
    SPY,
    SYMBOLS,
)
from isslab.games.game_1969.exact import dice_law

__all__ = ["End1969", "Game1969", "State1969", "PHASES", "STAT_NAMES", "cards_value"]


class End1969(EndReason):
    """How a game of 1969 ends: always after the 1969 round (End of the Game)."""

    FINAL_YEAR = "the 1969 round is over"


# phases ---------------------------------------------------------------------------------------
(FIRST, INCOME_DRAW, INCOME_DISCARD, INCOME_SPEND, BUY, BUY_DRAW) = range(6)
(LAUNCH, ROLL, REROLL, REROLL_ROLL, COMMIT, OVER) = range(6, 12)
#: readable phase names, by phase code
PHASES: tuple[str, ...] = (
    "choose first player",
    "income: free intelligence draw",
    "income: discard to the hand limit",
    "income: sell prestige",
    "purchase",
    "purchase: card draw",
    "mission: launch",
    "mission: roll",
    "mission: re-roll",
    "mission: re-roll dice",
    "mission: play intelligence",
    "game over",
)
_WHO = (CHANCE, CHANCE, 0, 0, 0, CHANCE, 0, CHANCE, 0, CHANCE, 0, TERMINAL)  # 0: the actor

# per-seat statistics counters ---------------------------------------------------------------
STAT_NAMES: tuple[str, ...] = (
    "pp_missions",
    "pp_moon",
    "pp_sold",
    "missions_attempted",
    "missions_perfected",
    "intel_spent",
    "insurance_income",
    "cards_bought",
    "hired_basic",
    "hired_rookie",
    "hired_famous",
    "hired_genius",
    "hired_spy",
)
(
    ST_PP_MISSIONS,
    ST_PP_MOON,
    ST_PP_SOLD,
    ST_ATTEMPTED,
    ST_PERFECT,
    ST_INTEL,
    ST_INSURANCE,
    ST_CARDS,
    ST_HIRED,
) = range(9)

_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
_BOX_INDEX = {b: i for i, b in enumerate(BOXES)}


def _put(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    """``t`` with item ``i`` replaced by ``v``."""
    # through a list: two allocations instead of the three of ``t[:i] + (v,) + t[i + 1:]``
    out = list(t)
    out[i] = v
    return tuple(out)


@cache
def _with_cube(cubes: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """The sorted kind codes of a box after a cube of ``kind`` joins ``cubes`` (few distinct keys)."""
    return tuple(sorted(cubes + (kind,)))


@cache
def cards_value(cards: tuple[int, ...]) -> int:
    """Total Intelligence of some cards given as counts per value (value 1 first)."""
    return sum((v + 1) * c for v, c in enumerate(cards))


@cache
def _researchers(cubes: tuple[int, ...]) -> int:
    """Researcher value of the cubes in one box (Scientists)."""
    return sum(RESEARCHERS[k] for k in cubes)


# card counts always have one entry per value, so ``map`` (no generator frame) needs no length check
def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(add, a, b))


def _sub(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(sub, a, b))


@lru_cache(maxsize=65536)
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


def _check_int(name: str, v: Any, lo: int, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < lo:
        raise ValueError(f"option {name}: {what} must be an int >= {lo}, got {v!r}")
    return v


@register_game
class Game1969(Game):
    """1969 (Cranio Creations, 2012): 2-5 nations race to the Moon over seven yearly rounds."""

    id = "1969"
    title = "1969"
    INFO = GameInfo(
        title="1969",
        min_players=2,
        max_players=5,
        # 1.0 per winner; a tie on prestige and money is a shared win, so the sum varies
        returns=ReturnsKind.GENERAL_SUM,
        hidden_information=True,
        chance=True,
        seat_names=NATIONS,
        seat_colours=("#1f5fbf", "#c62828", "#e07b00", "#7b3fa0", "#2e7d32"),
        default_bot="greedy",
    )
    OPTIONS = OPTIONS
    ACTION_TYPES = ACTION_TYPES

    # tables built by _setup
    n: int
    rounds: int
    num_missions: int
    moon: int
    m_name: tuple[str, ...]
    m_boxes: tuple[tuple[int, ...], ...]
    m_cost: tuple[int, ...]
    m_ic: tuple[int, ...]
    m_values: tuple[tuple[int, ...], ...]
    dice_table: tuple[tuple[tuple[DiceRoll, float], ...], ...]
    deck0: tuple[int, ...]
    hire_table: tuple[tuple[tuple[tuple[Hire, ...], ...], ...], ...]
    nvalues: int
    no_cards: tuple[int, ...]
    max_price: int
    max_mission_cost: int
    # one shared object per action, so that the bots hand back the very objects the legal lists hold
    # (``State.resolve`` then matches by identity instead of comparing NamedTuples field by field)
    first_outcomes: tuple[tuple[FirstPlayer, float], ...]
    end_actions: tuple[EndPurchases, ...]
    pass_actions: tuple[Pass, ...]
    buy_actions: tuple[tuple[BuyCards, ...], ...]
    discard_actions: tuple[tuple[Discard, ...], ...]
    spend_actions: tuple[tuple[SpendPrestige, ...], ...]
    spend_lists: tuple[list[list[Any]], ...]  # [seat][limit] -> SpendPrestige 0..limit
    reroll_actions: tuple[tuple[tuple[Reroll, ...], ...], ...]
    dice_actions: tuple[list[Any], ...]

    def _setup(self) -> None:
        """Validate options against each other and build the mission and dice tables."""
        o = self._options
        self.n = n = o["players"]
        if o["first_player"] >= n:
            raise ValueError(f"option first_player={o['first_player']} is not allowed: use -1 or 0..{n - 1}")
        for name in ("income", "pp_limits"):
            for v in o[name]:
                _check_int(name, v, 0, "each entry")
        self.rounds = len(o["income"])
        names: list[str] = []
        boxes: list[tuple[int, ...]] = []
        costs: list[int] = []
        ics: list[int] = []
        values: list[tuple[int, ...]] = []
        form = "rows (name, (symbols...), cost, intelligence cost, (PP of each space...))"
        for i, row in enumerate(o["missions"]):
            if not isinstance(row, tuple) or len(row) != 5:
                raise ValueError(f"option missions: row {i} is {row!r}; use {form}")
            name, syms, cost, ic, vals = row
            if not isinstance(name, str) or not name:
                raise ValueError(f"option missions: row {i} needs a non-empty name, got {name!r}")
            if not isinstance(syms, tuple) or not syms or any(s not in SYMBOLS for s in syms):
                raise ValueError(
                    f"option missions: row {i} ({name}) has symbols {syms!r}; use a non-empty tuple of "
                    f"{', '.join(SYMBOLS)}"
                )
            if len(set(syms)) != len(syms):
                raise ValueError(f"option missions: row {i} ({name}) repeats a symbol: {syms!r}")
            _check_int("missions", cost, 0, f"the cost of {name}")
            _check_int("missions", ic, 1, f"the intelligence cost of {name}")
            if not isinstance(vals, tuple) or len(vals) < 2:
                raise ValueError(f"option missions: {name} needs at least 2 space values, got {vals!r}")
            for v in vals:
                _check_int("missions", v, 0, f"each space value of {name}")
            names.append(name)
            boxes.append(tuple(sorted(_BOX_INDEX[s] for s in syms)))
            costs.append(cost)
            ics.append(ic)
            values.append(vals)
        if len(names) > 20:
            raise ValueError(f"option missions: at most 20 missions, got {len(names)}")
        moon_vals = o["moon_values"]
        if len(moon_vals) < 2:
            raise ValueError(f"option moon_values needs at least 2 spaces, got {list(moon_vals)!r}")
        for v in moon_vals:
            _check_int("moon_values", v, 0, "each space value")
        self.num_missions = len(names)
        self.moon = len(names)
        names.append("Moon Mission")
        boxes.append(tuple(_BOX_INDEX[s] for s in SYMBOLS))  # Appendix: all six symbols
        costs.append(o["moon_cost"])
        ics.append(o["moon_ic"])
        values.append(moon_vals)
        self.m_name, self.m_boxes, self.m_cost = tuple(names), tuple(boxes), tuple(costs)
        self.m_ic, self.m_values = tuple(ics), tuple(values)
        faces = o["die_faces"]
        if len(faces) != 3 or min(faces) < 0 or sum(faces) <= 0:
            raise ValueError(f"option die_faces={list(faces)!r} is not allowed: use 3 counts >= 0, not all 0")
        self.dice_table = tuple(
            tuple((DiceRoll(*c), p) for c, p in dice_outcomes(k, faces)) for k in range(o["dice"] + 1)
        )
        deck = o["intel_deck"]
        for v in deck:
            _check_int("intel_deck", v, 0, "each count")
        if sum(deck) == 0:
            raise ValueError("option intel_deck needs at least one card")
        self.deck0 = tuple(deck)
        self._own_cache: dict[Any, tuple[tuple[Hire, ...], ...]] = {}
        self._spy_cache: dict[Any, tuple[Hire, ...]] = {}
        self.hire_table = tuple(
            tuple(tuple(tuple(Hire(s, k, b, t) for b in BOXES) for t in range(n)) for k in KINDS)
            for s in range(n)
        )
        self.nvalues = len(deck)
        self.no_cards = (0,) * self.nvalues
        for name in ("scientist_costs", "scientist_supply"):
            for v in o[name]:
                _check_int(name, v, 0, "each entry")
        seats = range(n)
        self.first_outcomes = tuple((FirstPlayer(s), 1.0 / n) for s in seats)
        self.end_actions = tuple(EndPurchases(s) for s in seats)
        self.pass_actions = tuple(Pass(s) for s in seats)
        # index k is BuyCards(s, k); k = 0 is never legal and only keeps the index simple
        self.buy_actions = tuple(tuple(BuyCards(s, k) for k in range(o["hand_limit"] + 1)) for s in seats)
        self.discard_actions = tuple(tuple(Discard(s, v + 1) for v in range(self.nvalues)) for s in seats)
        self.spend_actions = tuple(
            tuple(SpendPrestige(s, k) for k in range(max(o["pp_limits"], default=0) + 1)) for s in seats
        )
        self.spend_lists = tuple([list(row[: k + 1]) for k in range(len(row))] for row in self.spend_actions)
        dice = o["dice"]
        self.reroll_actions = tuple(
            tuple(tuple(Reroll(s, i, j) for j in range(dice + 1)) for i in range(dice + 1)) for s in seats
        )
        # lists handed out as legal-action lists: ``State`` never mutates them (it copies on access)
        self.dice_actions = tuple([a for a, _ in row] for row in self.dice_table)
        self._launch_cache: dict[tuple[int, ...], list[Any]] = {}
        self._launch_objs: dict[tuple[int, int, int], Launch] = {}
        self._draw_cache: dict[tuple[Any, ...], tuple[list[tuple[Any, float]], list[Any]]] = {}
        self._commit_cache: dict[tuple[Any, ...], list[Any]] = {}
        self._reroll_cache: dict[tuple[int, ...], list[Any]] = {}  # at most seats x dice^3 keys
        self._price_cache: dict[int, tuple[int, ...]] = {}
        self._points_cache: dict[Any, tuple[int, ...]] = {}
        # money beyond the dearest scientist changes no purchase list: the cache key caps it there
        self.max_price = max(o["scientist_costs"], default=0)
        self._buy_cache: dict[tuple[Any, ...], list[Any]] = {}
        # money beyond the dearest mission changes no launch list: the cache key caps it there
        self.max_mission_cost = max(self.m_cost)

    def own_hires(self, seat: int, row: tuple[tuple[int, ...], ...]) -> tuple[tuple[Hire, ...], ...]:
        """The Hire actions of basic, rookie, famous, genius into ``seat``'s boxes ``row`` (cached)."""
        key = (seat, row)
        found = self._own_cache.get(key)
        if found is None:
            if len(self._own_cache) > 50_000:
                self._own_cache.clear()
            table = self.hire_table[seat]
            found = tuple(
                tuple(
                    table[kind][seat][box]
                    for box, cubes in enumerate(row)
                    # §2.1 Important: two different types per box, unless both basic
                    if len(cubes) < 2 and (not cubes or cubes[0] != kind or kind == BASIC)
                )
                for kind in range(4)
            )
            self._own_cache[key] = found
        return found

    def spy_hires(self, seat: int, cubes: tuple[tuple[tuple[int, ...], ...], ...]) -> tuple[Hire, ...]:
        """The spy placements of ``seat`` on its rivals' sheets (cached by the sheets' contents)."""
        key = (seat, cubes)
        found = self._spy_cache.get(key)
        if found is None:
            if len(self._spy_cache) > 50_000:
                self._spy_cache.clear()
            rule = self._options["spy_box_rule"]
            spies = self.hire_table[seat][SPY]
            found = tuple(
                spies[sheet][box]
                for sheet in range(self.n)
                if sheet != seat
                for box, c in enumerate(cubes[sheet])
                # Scientists, Spy: an empty space of a rival's box only (A7.7: the box rule too)
                if len(c) < 2 and (not c or c[0] != SPY or not rule)
            )
            self._spy_cache[key] = found
        return found

    def prices(self, robotics: int) -> tuple[int, ...]:
        """Scientist prices with ``robotics`` Robotics researchers counting (-1: none, already hired)."""
        found = self._price_cache.get(robotics)
        if found is None:
            costs: tuple[int, ...] = self._options["scientist_costs"]
            if robotics >= 0:  # costs never go below 0
                disc = self._options["robotics_discount"] * robotics
                costs = tuple(max(0, c - disc) for c in costs)
            found = self._price_cache[robotics] = costs
        return found

    def launch_action(self, seat: int, mission: int, cost: int) -> Launch:
        """The shared ``Launch`` object of ``seat`` for ``mission`` at ``cost``."""
        key = (seat, mission, cost)
        found = self._launch_objs.get(key)
        if found is None:
            found = self._launch_objs[key] = Launch(seat, mission, self.m_name[mission], cost)
        return found

    def launch_list(self, seat: int, done: int, investors: int, money: int) -> list[Any]:
        """§3 legal launches of ``seat`` (then ``Pass``), cached by what they depend on."""
        money = min(money, self.max_mission_cost)
        key = (seat, done, investors, money)
        found = self._launch_cache.get(key)
        if found is None:
            if len(self._launch_cache) > 50_000:
                self._launch_cache.clear()
            disc = self._options["investors_discount"] * investors
            found = []
            for m in range(self.moon + 1):
                if not done >> m & 1:
                    # Investors never reduce the Moon Mission; costs never go below 0
                    cost = self.m_cost[m] if m == self.moon else max(0, self.m_cost[m] - disc)
                    if cost <= money:
                        found.append(self.launch_action(seat, m, cost))
            found.append(self.pass_actions[seat])
            self._launch_cache[key] = found
        return found

    def draw_list(
        self, seat: int, deck: tuple[int, ...], k: int
    ) -> tuple[list[tuple[Any, float]], list[Any]]:
        """The ``CardDraw`` outcomes of drawing ``k`` cards for ``seat``: (with probabilities, actions)."""
        key = (seat, deck, k)
        found = self._draw_cache.get(key)
        if found is None:
            if len(self._draw_cache) > 50_000:
                self._draw_cache.clear()
            outcomes = [(CardDraw(seat, c), p) for c, p in draw_outcomes(deck, k)]
            found = self._draw_cache[key] = (outcomes, [a for a, _ in outcomes])
        return found

    def reroll_list(self, seat: int, red: int, blue: int, sim: int, green: int = 0) -> list[Any]:
        """The ``Reroll`` choices with ``sim`` Simulation researchers (each die at most once).

        ``green`` successes may be re-rolled too (option ``reroll_successes``; 0 when it is off).
        """
        key = (seat, red, blue, sim, green)
        found = self._reroll_cache.get(key)
        if found is None:
            table = self.reroll_actions[seat]
            found = [table[i][j] for i in range(min(red, sim) + 1) for j in range(min(blue, sim - i) + 1)]
            if green:
                found = [
                    a if not k else Reroll(seat, a.red, a.blue, k)
                    for a in found
                    for k in range(min(green, sim - a.red - a.blue) + 1)
                ]
            self._reroll_cache[key] = found
        return found

    def encode_action(self, action: Any) -> list[Any]:
        """As :meth:`Game.encode_action`, but a ``Reroll`` of no success keeps its three-field form."""
        out = super().encode_action(action)
        if type(action) is Reroll and not action.green:
            out.pop()  # saved games and pinned digests predate the ``green`` field
        return out

    def commit_list(self, seat: int, hand: tuple[int, ...]) -> list[Any]:
        """§3.2 every multiset of ``hand`` (the empty one first) as ``Commit`` actions (cached)."""
        key = (seat, hand)
        found = self._commit_cache.get(key)
        if found is None:
            if len(self._commit_cache) > 50_000:
                self._commit_cache.clear()
            combos: list[tuple[int, ...]] = [()]
            for c in hand:
                combos = [p + (k,) for p in combos for k in range(c + 1)]
            found = self._commit_cache[key] = [Commit(seat, c) for c in combos]
        return found

    def seat_name(self, seat: int) -> str:
        """The nation of a seat (USA, USSR, Canada, France, Germany)."""
        return NATIONS[seat]

    def new_state(self) -> State1969:
        """The position after Setting Up: a chance node choosing the First Player (unless fixed)."""
        return State1969.initial(self)


class State1969(State):
    """A position of 1969. Every field is an int, a bool, None or a tuple (see ``FIELDS``)."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "year",
        "phase",
        "first",
        "turn",
        "actor",
        "money",
        "pp",
        "cubes",
        "tokens",
        "research",
        "supply",
        "bonus_left",
        "hired",
        "hands",
        "deck",
        "discard",
        "flags",
        "attempted",
        "launched",
        "moon_flag",
        "test",
        "commits",
        "pending",
        "stats",
    )
    __slots__ = FIELDS

    game: Game1969
    year: int  # round index 0..rounds (== rounds once over)
    phase: int
    first: int  # First Player seat (-1 before it is chosen)
    turn: int  # position in turn order of the nation whose turn it is (0 = First Player)
    actor: int  # seat to act (or whose cards are drawn)
    money: tuple[int, ...]
    pp: tuple[int, ...]  # Scoring Track
    cubes: tuple[tuple[tuple[int, ...], ...], ...]  # seat -> box -> sorted kind codes
    tokens: tuple[tuple[int, ...], ...]  # seat -> box -> 0/1 Bonus Token
    research: tuple[tuple[int, ...], ...]  # seat -> box -> Researcher value (derived, kept for speed)
    supply: tuple[int, ...]
    bonus_left: int
    hired: tuple[bool, ...]  # hired a scientist this round (Robotics discount spent)
    hands: tuple[tuple[int, ...], ...]  # seat -> card counts per value
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    flags: tuple[int, ...]  # mission -> flags placed in previous rounds
    attempted: tuple[int, ...]  # seat -> bit mask of missions attempted (this round included)
    launched: tuple[int, ...]  # seat -> mission launched this round, or -1
    moon_flag: tuple[int, ...]  # seat -> head-start space on the Moon track, -1 once the Moon is launched
    test: tuple[int, ...]  # mission in progress: (mission, green, blue, red, score, space) or ()
    commits: tuple[tuple[int, ...] | None, ...]  # seat -> cards played face down on this mission
    pending: int  # cards (or dice) waiting to be drawn (rolled) at a chance node
    stats: tuple[tuple[int, ...], ...]

    # construction --------------------------------------------------------------------------

    @classmethod
    def initial(cls, game: Game1969) -> State1969:
        """The set-up position (Setting Up)."""
        o = game._options
        n = game.n
        st = object.__new__(cls)
        st._init_base(game)
        st.year = 0
        st.phase = FIRST
        st.first = -1
        st.turn = 0
        st.actor = -1
        st.money = (0,) * n
        st.pp = (o["start_prestige"],) * n
        st.cubes = (((),) * 12,) * n
        st.tokens = ((0,) * 12,) * n
        st.research = ((0,) * 12,) * n
        st.supply = tuple(o["scientist_supply"])
        st.bonus_left = o["bonus_tokens"]
        st.hired = (False,) * n
        st.hands = ((0,) * game.nvalues,) * n
        st.deck = game.deck0
        st.discard = (0,) * game.nvalues
        st.flags = (0,) * (game.num_missions + 1)
        st.attempted = (0,) * n
        st.launched = (-1,) * n
        st.moon_flag = (0,) * n
        st.test = ()
        st.commits = (None,) * n
        st.pending = 0
        st.stats = ((0,) * (ST_HIRED + 5),) * n
        if o["first_player"] >= 0:
            st.first = o["first_player"]
            st._start_round()
        return st

    def _copy(self) -> State1969:
        # spelled out rather than a getattr/setattr loop: this runs at every step
        new: State1969 = object.__new__(State1969)
        new.game = self.game
        new._legal = None
        new.year = self.year
        new.phase = self.phase
        new.first = self.first
        new.turn = self.turn
        new.actor = self.actor
        new.money = self.money
        new.pp = self.pp
        new.cubes = self.cubes
        new.tokens = self.tokens
        new.research = self.research
        new.supply = self.supply
        new.bonus_left = self.bonus_left
        new.hired = self.hired
        new.hands = self.hands
        new.deck = self.deck
        new.discard = self.discard
        new.flags = self.flags
        new.attempted = self.attempted
        new.launched = self.launched
        new.moon_flag = self.moon_flag
        new.test = self.test
        new.commits = self.commits
        new.pending = self.pending
        new.stats = self.stats
        return new

    # the contract ------------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""
        who = _WHO[self.phase]
        return self.actor if who == 0 else who

    @property
    def rounds(self) -> int:
        """Completed yearly rounds."""
        return self.year

    @property
    def end_reason(self) -> End1969 | None:
        """``End1969.FINAL_YEAR`` once the 1969 round is over."""
        return End1969.FINAL_YEAR if self.phase == OVER else None

    @property
    def current_year(self) -> int:
        """The year on the Game Turn Track (1963 ...)."""
        return 1963 + min(self.year, self.game.rounds - 1)

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        ph = self.phase
        if ph == ROLL or ph == REROLL_ROLL:
            return list(self.game.dice_table[self.pending])
        if ph == INCOME_DRAW or ph == BUY_DRAW:
            return list(self.game.draw_list(self.actor, self.deck, self.pending)[0])
        return list(self.game.first_outcomes)

    # The lists returned here may be shared (cached on the game): the core keeps them as they are
    # and hands out copies, so they are never mutated.
    def _legal_actions(self) -> list[Any]:
        # tested in the order of how often each phase occurs in a game
        ph = self.phase
        g = self.game
        if ph == BUY:
            return self._purchase_actions(self.actor)
        if ph == ROLL or ph == REROLL_ROLL:
            return g.dice_actions[self.pending]
        seat = self.actor
        if ph == INCOME_SPEND:
            limit = min(g._options["pp_limits"][self.year], self.pp[seat])
            return g.spend_lists[seat][limit] if limit >= 0 else []
        if ph == LAUNCH:
            return self._launch_actions(seat)
        if ph == REROLL:
            _, gr, b, r, _, _ = self.test
            gr = gr if g._options["reroll_successes"] else 0
            return g.reroll_list(seat, r, b, self.research[seat][SIMULATION], gr)
        if ph == COMMIT:
            return g.commit_list(seat, self.hands[seat])
        if ph == INCOME_DRAW or ph == BUY_DRAW:
            return g.draw_list(seat, self.deck, self.pending)[1]
        if ph == FIRST:
            return [a for a, _ in self._chance_outcomes()]
        if ph == INCOME_DISCARD:
            table = g.discard_actions[seat]
            return [table[v] for v, c in enumerate(self.hands[seat]) if c]
        return []

    def hire_cost(self, seat: int, kind: int) -> int:
        """What ``seat`` pays now for a scientist of ``kind`` (Robotics discount on the first one)."""
        return self.game.prices(-1 if self.hired[seat] else self.research[seat][ROBOTICS])[kind]

    def box_accepts(self, sheet: int, box: int, kind: int) -> bool:
        """Whether an empty space of ``sheet``'s ``box`` may take a cube of ``kind`` (§2.1 Important)."""
        cubes = self.cubes[sheet][box]
        if len(cubes) >= 2:
            return False
        if cubes and cubes[0] == kind and kind != BASIC:
            return kind == SPY and not self.game._options["spy_box_rule"]
        return True

    def _purchase_actions(self, seat: int) -> list[Any]:
        g = self.game
        o = g._options
        money = self.money[seat]
        supply = self.supply
        robotics = -1 if self.hired[seat] else self.research[seat][ROBOTICS]
        prices = g._price_cache.get(robotics) or g.prices(robotics)  # as hire_cost (inlined cache hit)
        hand = self.hands[seat]
        room = o["hand_limit"] - sum(hand)
        can = min(room, money // o["intel_cost"], sum(self.deck) + sum(self.discard))
        # everything the list depends on (money only up to the dearest scientist); the whole sheet
        # set matters only when a spy is affordable
        spy = supply[SPY] and prices[SPY] <= money
        sheets = self.cubes if spy else self.cubes[seat]
        key = (seat, robotics, min(money, g.max_price), supply, can, sheets, hand if room <= 0 else None)
        found = g._buy_cache.get(key)
        if found is None:
            if len(g._buy_cache) > 50_000:
                g._buy_cache.clear()
            found = []
            own = g.own_hires(seat, self.cubes[seat])
            for kind in range(4):
                if supply[kind] and prices[kind] <= money:
                    found.extend(own[kind])
            if spy:
                found.extend(g.spy_hires(seat, self.cubes))
            buys = g.buy_actions[seat]
            found.extend(buys[k] for k in range(1, can + 1))
            if room <= 0:  # §2.2: a full hand may discard before buying more
                discards = g.discard_actions[seat]
                found.extend(discards[v] for v, c in enumerate(hand) if c)
            found.append(g.end_actions[seat])
            g._buy_cache[key] = found
        return found

    def mission_cost(self, seat: int, mission: int) -> int:
        """What ``seat`` pays to launch ``mission`` (Investors never reduce the Moon Mission)."""
        g = self.game
        cost = g.m_cost[mission]
        if mission != g.moon:
            cost = max(0, cost - g._options["investors_discount"] * self.research[seat][INVESTORS])
        return cost

    def _launch_actions(self, seat: int) -> list[Any]:
        research = self.research[seat][INVESTORS]
        return self.game.launch_list(seat, self.attempted[seat], research, self.money[seat])

    # apply -------------------------------------------------------------------------------------

    def _apply(self, action: Any) -> State:
        st = self._copy()
        kind = type(action)
        seat = self.actor
        # the branches are tested in the order of how often each action occurs in a game
        if kind is DiceRoll:
            st._dice(action)
        elif kind is Hire:
            st._hire(seat, action)
        elif kind is SpendPrestige:
            if action.points:  # keeping the prestige changes no tuple
                o = self.game._options
                st.pp = _put(st.pp, seat, st.pp[seat] - action.points)
                st.money = _put(st.money, seat, st.money[seat] + o["pp_money"] * action.points)
                st._stat(seat, ST_PP_SOLD, action.points)
            st.turn += 1
            st._next_income()
        elif kind is EndPurchases:
            st.turn += 1
            st._next_purchase()
        elif kind is Launch:
            st._launch(seat, action.mission)
        elif kind is Reroll:
            if action.red + action.blue + action.green == 0:
                st._finish_test()
            else:
                m, g_, b, r, _, sp = st.test
                st.test = (m, g_ - action.green, b - action.blue, r - action.red, 0, sp)
                st.pending = action.red + action.blue + action.green
                st.phase = REROLL_ROLL
        elif kind is Commit:
            st._commit(seat, action.cards)
        elif kind is BuyCards:
            o = self.game._options
            st.money = _put(st.money, seat, st.money[seat] - o["intel_cost"] * action.number)
            st._stat(seat, ST_CARDS, action.number)
            if st._draw(seat, action.number, BUY_DRAW):
                return st
        elif kind is CardDraw:
            st._take_cards(seat, action.cards)
            st.deck = _sub(st.deck, action.cards)
            st.pending = 0
            if st.phase == INCOME_DRAW:
                st._after_income_draw()
            else:
                st.phase = BUY
        elif kind is Pass:
            st.turn += 1
            st._next_mission()
        elif kind is Discard:
            hand = st.hands[seat]
            v = action.value - 1
            st.hands = _put(st.hands, seat, _put(hand, v, hand[v] - 1))
            st.discard = _put(st.discard, v, st.discard[v] + 1)
            if st.phase == INCOME_DISCARD:
                st._after_income_draw()
        elif kind is FirstPlayer:
            st.first = action.seat
            st._start_round()
        else:  # pragma: no cover - resolve() only lets legal actions through
            raise IllegalActionError(f"unknown action {action!r}")
        return st

    # the steps of a round (these mutate a fresh copy made by _apply) ---------------------------

    def _stat(self, seat: int, i: int, delta: int) -> None:
        row = self.stats[seat]
        self.stats = _put(self.stats, seat, _put(row, i, row[i] + delta))

    def _take_cards(self, seat: int, cards: tuple[int, ...]) -> None:
        self.hands = _put(self.hands, seat, _add(self.hands[seat], cards))

    def _draw(self, seat: int, k: int, phase: int) -> bool:
        """Draw ``k`` cards for ``seat``; True if a chance node must pick their values (§2.2)."""
        zero = self.game.no_cards
        while k > 0:
            total = sum(self.deck)
            if total == 0:
                if not sum(self.discard):
                    return False  # every card is in a hand: nothing left to draw
                # §2.2: the deck ran out, the discards are shuffled into a new deck
                self.deck, self.discard = self.discard, zero
                continue
            if total <= k:  # the whole deck: no randomness in its values
                self._take_cards(seat, self.deck)
                self.deck = zero
                k -= total
                continue
            self.pending = k
            self.phase = phase
            self.actor = seat
            return True
        if phase == BUY_DRAW:
            self.phase = BUY
        return False

    def _start_round(self) -> None:
        """§1 Income Phase: every nation receives the income of the year."""
        inc = self.game._options["income"][self.year]
        self.money = tuple(m + inc for m in self.money)
        self.hired = (False,) * self.game.n
        self.turn = 0
        self._next_income()

    def _next_income(self) -> None:
        """In turn order: free Intelligence draws (Research: Intelligence), then PP sales (§1)."""
        n = self.game.n
        while self.turn < n:
            seat = (self.first + self.turn) % n
            self.actor = seat
            if self._draw(seat, self.research[seat][INTELLIGENCE], INCOME_DRAW):
                return
            if self._after_income_draw(advance=False):
                return
            self.turn += 1
        self.turn = 0
        self._next_purchase()

    def _after_income_draw(self, advance: bool = True) -> bool:
        """Discard to the hand limit (A7.6), then offer the PP sale; True if a seat must decide."""
        o = self.game._options
        seat = self.actor
        if o["hand_limit_after_draws"] and sum(self.hands[seat]) > o["hand_limit"]:
            self.phase = INCOME_DISCARD
            return True
        if min(o["pp_limits"][self.year], self.pp[seat]) > 0:
            self.phase = INCOME_SPEND
            return True
        if advance:
            self.turn += 1
            self._next_income()
        return False

    def _next_purchase(self) -> None:
        """§2: each nation in turn order makes its purchases."""
        n = self.game.n
        if self.turn < n:
            self.phase = BUY
            self.actor = (self.first + self.turn) % n
            return
        self.turn = 0
        self._next_mission()

    def _next_mission(self) -> None:
        """§3: each nation in turn order may launch one mission (skipped when none is possible)."""
        n = self.game.n
        while self.turn < n:
            seat = (self.first + self.turn) % n
            if len(self._launch_actions(seat)) > 1:
                self.phase = LAUNCH
                self.actor = seat
                return
            self.turn += 1
        self._end_round()

    def _hire(self, seat: int, action: Hire) -> None:
        """§2.1 Hire Scientists (and Scientists: Spy)."""
        kind = _KIND_INDEX[action.kind]
        box = _BOX_INDEX[action.box]
        sheet = action.sheet
        g = self.game
        robotics = -1 if self.hired[seat] else self.research[seat][ROBOTICS]
        price = (g._price_cache.get(robotics) or g.prices(robotics))[kind]  # as hire_cost
        self.money = _put(self.money, seat, self.money[seat] - price)
        if not self.hired[seat]:
            self.hired = _put(self.hired, seat, True)
        self.supply = _put(self.supply, kind, self.supply[kind] - 1)
        row = self.cubes[sheet]
        cubes = _with_cube(row[box], kind)
        self.cubes = _put(self.cubes, sheet, _put(row, box, cubes))
        self._stat(seat, ST_HIRED + kind, 1)
        if kind == SPY:
            # Scientists, Spy: a Bonus Token for the same box of one's own sheet, if empty and left
            toks = self.tokens[seat]
            if not toks[box] and self.bonus_left > 0:
                self.bonus_left -= 1
                self.tokens = _put(self.tokens, seat, _put(toks, box, 1))
                # a spy adds no researcher to the sheet it sits on: only the token counts
                res = self.research[seat]
                self.research = _put(self.research, seat, _put(res, box, res[box] + 1))
        else:
            # only this box's Researcher value changes (the same sum as ``_research``)
            res = self.research[sheet]
            value = _researchers(cubes) + self.tokens[sheet][box]
            self.research = _put(self.research, sheet, _put(res, box, value))

    def _research(self, seat: int) -> None:
        """Recompute all of ``seat``'s Researcher values from its cubes and tokens (test set-ups use it)."""
        row = tuple(
            _researchers(cubes) + tok for cubes, tok in zip(self.cubes[seat], self.tokens[seat], strict=True)
        )
        self.research = _put(self.research, seat, row)

    def _launch(self, seat: int, m: int) -> None:
        """§3: pay, put the Rocket on the start space (the Moon: on the head-start flag)."""
        g = self.game
        self.money = _put(self.money, seat, self.money[seat] - self.mission_cost(seat, m))
        self.attempted = _put(self.attempted, seat, self.attempted[seat] | 1 << m)
        self.launched = _put(self.launched, seat, m)
        self._stat(seat, ST_ATTEMPTED, 1)
        start = 0
        if m == g.moon:
            # Appendix, The Moon Mission: the rocket starts on the flag's space; the flag leaves the track
            start = self.moon_flag[seat]
            self.moon_flag = _put(self.moon_flag, seat, -1)
        self.test = (m, 0, 0, 0, 0, start)
        self.pending = g._options["dice"]
        self.phase = ROLL

    def _dice(self, roll: DiceRoll) -> None:
        """§3.1: record a roll or a re-roll; offer re-rolls (Research: Simulation) after the first."""
        m, g, b, r, _, sp = self.test
        g, b, r = g + roll.green, b + roll.blue, r + roll.red
        self.test = (m, g, b, r, 0, sp)
        self.pending = 0
        # Research, Simulation: nothing to decide unless some die may be re-rolled
        if (
            self.phase == ROLL
            and self.research[self.actor][SIMULATION]
            and (b or r or (g and self.game._options["reroll_successes"]))
        ):
            self.phase = REROLL
            return
        self._finish_test()

    def _finish_test(self) -> None:
        """§3.1 score: successes (Ground Control converts neutrals) - failures + symbol researchers."""
        seat = self.actor
        game = self.game
        m, g, b, r, _, start = self.test
        res = self.research[seat]
        score = g + min(b, res[GROUND_CONTROL]) - r + sum(map(res.__getitem__, game.m_boxes[m]))
        pay = game._options["insurance_pay"] * res[INSURANCE] * r  # Research: Insurance
        if pay:
            self.money = _put(self.money, seat, self.money[seat] + pay)
            self._stat(seat, ST_INSURANCE, pay)
        last = len(game.m_values[m]) - 1
        space = min(last, max(0, start + score))  # §3.1: never below the first or above the last space
        self.test = (m, g, b, r, score, space)
        self.phase = COMMIT
        self.actor = seat
        self._next_commit(seat, -1)

    def _next_commit(self, active: int, pos: int) -> None:
        """§3.2: opponents from the active nation's left, then the active nation, play face down."""
        n = self.game.n
        for p in range(pos + 1, n):
            seat = (active + 1 + p) % n
            if sum(self.hands[seat]):
                self.actor = seat
                self.phase = COMMIT
                return
        self._reveal(active)

    def _commit(self, seat: int, cards: tuple[int, ...]) -> None:
        self.hands = _put(self.hands, seat, _sub(self.hands[seat], cards))
        self.commits = _put(self.commits, seat, cards)
        active = (self.first + self.turn) % self.game.n
        self._next_commit(active, (seat - active - 1) % self.game.n)

    def _reveal(self, seat: int) -> None:
        """§3.2 reveal and move, then §3.3 prestige and the Moon head start."""
        game = self.game
        o = game._options
        m, g, b, r, score, space = self.test
        ic = game.m_ic[m]
        values = game.m_values[m]
        last = len(values) - 1
        own = opp = 0
        discard = self.discard
        for s, cards in enumerate(self.commits):
            if cards is None:
                continue
            total = cards_value(cards)
            if not total:  # nothing played: the stats and the discards stay as they are
                continue
            self._stat(s, ST_INTEL, total)
            discard = _add(discard, cards)  # §3.2: all the played cards are discarded
            if s == seat:
                own += total
            else:
                opp += total
        self.discard = discard
        self.commits = (None,) * game.n
        if o["intel_resolution"] == "net":
            space = min(last, max(0, space + own // ic - opp // ic))
        else:  # A7.1: down first, then up, clamping after each step
            space = max(0, space - opp // ic)
            space = min(last, space + own // ic)
        self.test = (m, g, b, r, score, space)
        # §3.3: the value of the space minus the flags already on the mission (A7.2), at least 0
        penalty = self.flags[m]
        if o["flag_penalty"] == "all_attempts":
            penalty += sum(1 for s, x in enumerate(self.launched) if x == m and s != seat and self._before(s))
        gain = max(0, values[space] - penalty)
        if gain:  # no prestige changes no tuple
            self.pp = _put(self.pp, seat, self.pp[seat] + gain)
            self._stat(seat, ST_PP_MOON if m == game.moon else ST_PP_MISSIONS, gain)
        if space == last:
            self._stat(seat, ST_PERFECT, 1)
            mf = self.moon_flag[seat]
            if mf >= 0:  # §3.3: advance the Moon flag (while it is still on the head-start track)
                self.moon_flag = _put(self.moon_flag, seat, min(mf + 1, len(game.m_values[game.moon]) - 1))
        self.turn += 1
        self._next_mission()

    def _before(self, seat: int) -> bool:
        """Whether ``seat`` acted earlier than the current nation in this round's turn order."""
        n = self.game.n
        return (seat - self.first) % n < self.turn

    def _end_round(self) -> None:
        """§4: place the flags, advance the year, pass the First Player marker to the left."""
        flags = list(self.flags)
        for m in self.launched:
            if m >= 0:
                flags[m] += 1
        self.flags = tuple(flags)
        self.launched = (-1,) * self.game.n
        self.test = ()
        self.year += 1
        self.first = (self.first + 1) % self.game.n
        if self.year >= self.game.rounds:
            self.phase = OVER  # End of the Game: after the 1969 round
            self.actor = -1
            return
        self._start_round()

    # results ----------------------------------------------------------------------------------

    def scientist_points(self) -> tuple[int, ...]:
        """End-of-game PP of each seat from its scientists (Scientists; option ``end_bonus``)."""
        g = self.game
        o = g._options
        spies = tuple(row[ST_HIRED + SPY] for row in self.stats)
        # asked several times at the end of every game (returns, winners, ranks, stats): cached
        key = (self.cubes, spies)
        found = g._points_cache.get(key)
        if found is not None:
            return found
        if len(g._points_cache) > 10_000:
            g._points_cache.clear()
        bonus = o["end_bonus"]
        n = g.n
        out = []
        for s in range(n):
            pts = 0
            for cubes in self.cubes[s]:
                for k in cubes:
                    if k != SPY or o["spy_penalty_to"] == "sheet_owner":
                        pts += bonus[k]
            if o["spy_penalty_to"] == "hirer":
                pts += bonus[SPY] * spies[s]
            out.append(pts)
        found = g._points_cache[key] = tuple(out)
        return found

    def scores(self) -> tuple[int, ...]:
        """Prestige of each seat, with the scientists' end-of-game points (End of the Game)."""
        return tuple(p + q for p, q in zip(self.pp, self.scientist_points(), strict=True))

    def _keys(self) -> list[tuple[int, int]]:
        return list(zip(self.scores(), self.money, strict=True))

    def winners(self) -> tuple[int, ...]:
        """Most prestige, then most money; still tied players share the victory (End of the Game)."""
        if self.phase != OVER:
            return ()
        keys = self._keys()
        best = max(keys)
        return tuple(s for s, k in enumerate(keys) if k == best)

    def returns(self) -> tuple[float, ...]:
        """1.0 for each winner, 0.0 otherwise (zeros before the end)."""
        win = self.winners()
        return tuple(1.0 if s in win else 0.0 for s in range(self.game.n))

    def ranks(self) -> tuple[int, ...]:
        """1 + the number of seats strictly ahead on (prestige, money)."""
        keys = self._keys()
        return tuple(1 + sum(1 for other in keys if other > k) for k in keys)

    def seat_stats(self) -> list[dict[str, float]]:
        """Per seat: money, prestige by source, missions, scientists hired, intelligence spent."""
        sci = self.scientist_points()
        scores = self.scores()
        out = []
        for s in range(self.game.n):
            row: dict[str, float] = {"money": self.money[s], "prestige": scores[s], "pp_track": self.pp[s]}
            row.update({name: v for name, v in zip(STAT_NAMES, self.stats[s], strict=True)})
            row["pp_scientists"] = sci[s]
            out.append(row)
        return out

    def game_stats(self) -> dict[str, float]:
        """Whole game: winning score, cards left in the deck, Moon Missions attempted."""
        scores = self.scores()
        return {
            "best_score": max(scores),
            "moon_attempts": sum(1 for a in self.attempted if a >> self.game.moon & 1),
            "deck_left": sum(self.deck),
        }

    # views and text ------------------------------------------------------------------------------

    def _view(self, seat: int) -> dict[str, Any]:
        g = self.game
        n = g.n
        committed: list[Any] = []
        for s, c in enumerate(self.commits):
            if c is None:
                committed.append(None)
            elif s == seat:
                committed.append(list(c))
            else:
                committed.append("hidden")  # §3.2: face down until the reveal
        research = [
            {
                BOXES[b]: {
                    "cubes": [KINDS[k] for k in self.cubes[s][b]],
                    "token": bool(self.tokens[s][b]),
                    "researchers": self.research[s][b],
                }
                for b in range(12)
            }
            for s in range(n)
        ]
        test: dict[str, Any] | None = None
        if self.test:
            m, gr, bl, rd, score, space = self.test
            test = {
                "mission": g.m_name[m],
                "nation": NATIONS[(self.first + self.turn) % n],
                "green": gr,
                "blue": bl,
                "red": rd,
                "score": score,
                "space": space,
            }
        return {
            "seat": seat,
            "nation": NATIONS[seat],
            "year": self.current_year,
            "phase": PHASES[self.phase],
            "to_move": self.current_player,
            "first_player": self.first,
            "nations": list(NATIONS[:n]),
            "money": list(self.money),
            "prestige": list(self.pp),
            "research": research,
            "hand": list(self.hands[seat]),
            "hand_sizes": [sum(h) for h in self.hands],
            "committed": committed,
            "deck_size": sum(self.deck),
            "discard": list(self.discard),
            "supply": dict(zip(KINDS, self.supply, strict=True)),
            "bonus_tokens": self.bonus_left,
            "flags": dict(zip(g.m_name, self.flags, strict=True)),
            "attempted": [[g.m_name[m] for m in range(g.moon + 1) if a >> m & 1] for a in self.attempted],
            "moon_flags": list(self.moon_flag),
            "mission": test,
            "scores": list(self.scores()) if self.phase == OVER else None,
        }

    def __str__(self) -> str:
        g = self.game
        n = g.n
        lines = [f"1969 - year {self.current_year}, {PHASES[self.phase]}"]
        if self.first >= 0:
            lines[0] += f", first player {NATIONS[self.first]}"
        if self.phase != OVER and self.current_player >= 0:
            lines[0] += f", {NATIONS[self.current_player]} to act"
        for s in range(n):
            boxes = []
            for b in range(12):
                cubes = "".join(KINDS[k][0].upper() for k in self.cubes[s][b])
                tok = "+T" if self.tokens[s][b] else ""
                if cubes or tok:
                    boxes.append(f"{BOX_LABELS[b]}[{cubes}{tok}={self.research[s][b]}]")
            done = [g.m_name[m] for m in range(g.moon + 1) if self.attempted[s] >> m & 1]
            moon = "launched" if self.moon_flag[s] < 0 else f"space {self.moon_flag[s] + 1}"
            lines.append(
                f"  {NATIONS[s]:8} {self.pp[s]:3} PP {self.money[s]:3} M  cards {sum(self.hands[s])}"
                f"  moon flag {moon}"
            )
            lines.append("      research: " + (", ".join(boxes) if boxes else "none"))
            if done:
                lines.append("      missions: " + ", ".join(done))
        if self.test:
            m, gr, bl, rd, score, space = self.test
            lines.append(
                f"  mission {g.m_name[m]}: {gr} success {bl} neutral {rd} failure, "
                f"score {score}, rocket on space {space + 1}/{len(g.m_values[m])}"
            )
        flagged = [f"{g.m_name[m]} x{c}" for m, c in enumerate(self.flags) if c]
        if flagged:
            lines.append("  flags: " + ", ".join(flagged))
        lines.append(
            f"  deck {sum(self.deck)} cards, discards {cards_text(self.discard)}, "
            f"bonus tokens {self.bonus_left}"
        )
        if self.phase == OVER:
            scores = self.scores()
            lines.append(
                "  final: " + ", ".join(f"{NATIONS[s]} {scores[s]}" for s in range(n))
                + " - winner: " + ", ".join(NATIONS[s] for s in self.winners())
            )
        return "\n".join(lines)


Game1969.STATE = State1969
