"""The tables a 1969 game computes once from its options: :class:`Tables` (``Game1969.tables``).

``Tables(options)`` first checks the options against each other (:func:`check_options`: a First
Player beyond the table, a malformed mission row ...; errors are ``ValueError`` naming the
option), then builds everything the hot paths read: the board as :class:`Mission` records (the
Moon Mission last) and its columns, every option value as a typed attribute, the scientists'
prices for each Robotics count, which kinds each box content accepts, and one shared object per
action (``State.resolve`` then matches a bot's answer by identity). The legal lists, the steps
and the bots read these attributes and never the option dictionary.

The bounded memos the legal lists and the scores fill (``*_memo``) live here too, so the game
object holds exactly one thing built from its options. A memo is kept only where it pays in
random play as well as in bot play: the purchase lists are built afresh every time from the
acceptance tables, which is faster than a memo that random play almost never hits and whose
entries the garbage collector would have to walk (measured: random playouts ran 2.4 times as fast
with the collector off while the old purchase memos were full).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from itertools import combinations_with_replacement
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from isslab.core import Memo, short_repr
from isslab.games.game_1969.actions import (
    BuyCards,
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
    BOX_INDEX,
    BOXES,
    KINDS,
    MOST_RESEARCHERS,
    RESEARCHERS,
    SPY,
    SYMBOLS,
    FlagPenalty,
    IntelResolution,
    SpyPenalty,
)
from isslab.games.game_1969.exact import dice_law
from isslab.games.game_1969.phases import NO_MISSION

if TYPE_CHECKING:
    from isslab.games.game_1969.legal import Draws

__all__ = ["KIND_OF", "Mission", "Tables", "board", "check_options", "dice_outcomes", "researchers"]

_ROW_FORM = "rows (name, (symbols...), cost, intelligence cost, (PP of each space...))"
#: every content a research box can have: the sorted kind codes of at most two cubes
BOX_CONTENTS: tuple[tuple[int, ...], ...] = (
    (),
    *((k,) for k in range(len(KINDS))),
    *combinations_with_replacement(range(len(KINDS)), 2),
)
#: ``KIND_OF[k]`` reads the entry of kind ``k`` from a box's acceptance tuple (C-level, for ``map``)
KIND_OF: tuple[itemgetter[Any], ...] = tuple(itemgetter(k) for k in range(len(KINDS)))


class Mission(NamedTuple):
    """One mission of the board (Mission Anatomy)."""

    name: str
    #: the research boxes of its symbols (indices into ``BOXES``), sorted
    boxes: tuple[int, ...]
    #: cost in M
    cost: int
    #: Intelligence Cost: the Intelligence that moves the rocket one space (§3.2)
    ic: int
    #: PP of each space of its track, start space first
    values: tuple[int, ...]


@lru_cache(maxsize=4096)
def researchers(cubes: tuple[int, ...]) -> int:
    """Researcher value of the cubes in one box (Scientists): basic, rookie, famous 1, genius 2, spy 0."""
    return sum(RESEARCHERS[k] for k in cubes)


def dice_outcomes(k: int, faces: tuple[int, int, int]) -> tuple[tuple[tuple[int, int, int], float], ...]:
    """Multinomial law of the (green, blue, red) counts of ``k`` dice with the given faces (§3.1).

    The engine's chance node and :mod:`.exact` share one law: these are its exact fractions, rounded.
    """
    return tuple((counts, float(p)) for counts, p in dice_law(k, faces))


def _check_int(name: str, v: Any, lo: int, what: str, hi: int = 10**9) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ValueError(f"option {name}: {what} must be an int from {lo} to {hi}, got {short_repr(v)}")
    return v


def _mission(i: int, row: Any) -> Mission:
    if not isinstance(row, tuple) or len(row) != 5:
        raise ValueError(f"option missions: row {i} is {short_repr(row)}; use {_ROW_FORM}")
    name, syms, cost, ic, vals = row
    if not isinstance(name, str) or not 0 < len(name) <= 40:
        raise ValueError(
            f"option missions: row {i} needs a name of 1 to 40 characters, got {short_repr(name)}"
        )
    if not isinstance(syms, tuple) or not syms or any(s not in SYMBOLS for s in syms):
        raise ValueError(
            f"option missions: row {i} ({name}) has symbols {syms!r}; use a non-empty tuple of "
            f"{', '.join(SYMBOLS)}"
        )
    if len(set(syms)) != len(syms):
        raise ValueError(f"option missions: row {i} ({name}) repeats a symbol: {syms!r}")
    _check_int("missions", cost, 0, f"the cost of {name}", 100)
    _check_int("missions", ic, 1, f"the intelligence cost of {name}", 10)
    if not isinstance(vals, tuple) or not 2 <= len(vals) <= 30:
        raise ValueError(f"option missions: {name} needs 2 to 30 space values, got {short_repr(vals)}")
    for v in vals:
        _check_int("missions", v, 0, f"each space value of {name}", 100)
    return Mission(name, tuple(sorted(BOX_INDEX[s] for s in syms)), cost, ic, vals)


def board(o: Mapping[str, Any]) -> tuple[Mission, ...]:
    """The ordinary missions of option ``missions`` then the Moon Mission (all six symbols)."""
    missions = [_mission(i, row) for i, row in enumerate(o["missions"])]
    if len(missions) > 20:
        raise ValueError(f"option missions: at most 20 missions, got {len(missions)}")
    moon_vals = o["moon_values"]
    if len(moon_vals) < 2:
        raise ValueError(f"option moon_values needs at least 2 spaces, got {list(moon_vals)!r}")
    for v in moon_vals:
        _check_int("moon_values", v, 0, "each space value")
    moon_boxes = tuple(BOX_INDEX[s] for s in SYMBOLS)  # the Moon Mission shows every symbol
    missions.append(Mission("Moon Mission", moon_boxes, o["moon_cost"], o["moon_ic"], moon_vals))
    return tuple(missions)


def check_options(o: Mapping[str, Any]) -> None:
    """Check the options against each other and their entries, but the board (see :func:`board`)."""
    n = o["players"]
    if o["first_player"] >= n:
        raise ValueError(f"option first_player={o['first_player']} is not allowed: use -1 or 0..{n - 1}")
    for name in ("income", "pp_limits"):
        for v in o[name]:
            _check_int(name, v, 0, "each entry")
    faces = o["die_faces"]
    if len(faces) != 3 or min(faces) < 0 or sum(faces) <= 0:
        raise ValueError(f"option die_faces={list(faces)!r} is not allowed: use 3 counts >= 0, not all 0")
    deck = o["intel_deck"]
    for v in deck:
        _check_int("intel_deck", v, 0, "each count")
    if sum(deck) == 0:
        raise ValueError("option intel_deck needs at least one card")
    if o["hand_limit"] > sum(deck):
        raise ValueError(
            f"option hand_limit={o['hand_limit']} can never be reached with intel_deck={list(deck)!r} "
            f"({sum(deck)} cards): use a hand_limit from 0 to {sum(deck)}, or a larger deck"
        )
    for name in ("scientist_costs", "scientist_supply"):
        for v in o[name]:
            _check_int(name, v, 0, "each entry")


class Tables:
    """Everything a 1969 game precomputes from its options (see the module)."""

    def __init__(self, o: Mapping[str, Any]) -> None:
        check_options(o)
        self._options(o)
        self._board(board(o))
        self._boxes(o)
        self._actions()
        self._memos()

    def _options(self, o: Mapping[str, Any]) -> None:
        """Every option value the rules read, as a typed attribute (named as the option)."""
        self.n: int = o["players"]
        self.first_player: int = o["first_player"]
        self.income: tuple[int, ...] = tuple(o["income"])
        self.rounds = len(self.income)
        self.pp_limits: tuple[int, ...] = tuple(o["pp_limits"])
        self.pp_money: int = o["pp_money"]
        self.start_prestige: int = o["start_prestige"]
        self.dice: int = o["dice"]
        self.die_faces = cast(tuple[int, int, int], tuple(o["die_faces"]))
        self.deck0: tuple[int, ...] = tuple(o["intel_deck"])
        self.intel_cost: int = o["intel_cost"]
        self.hand_limit: int = o["hand_limit"]
        self.hand_limit_after_draws: bool = o["hand_limit_after_draws"]
        self.scientist_costs: tuple[int, ...] = tuple(o["scientist_costs"])
        self.scientist_supply: tuple[int, ...] = tuple(o["scientist_supply"])
        self.end_bonus: tuple[int, ...] = tuple(o["end_bonus"])
        self.spy_penalty = SpyPenalty(o["spy_penalty_to"])
        self.spy_box_rule: bool = o["spy_box_rule"]
        self.bonus_tokens: int = o["bonus_tokens"]
        self.robotics_discount: int = o["robotics_discount"]
        self.investors_discount: int = o["investors_discount"]
        self.insurance_pay: int = o["insurance_pay"]
        self.reroll_successes: bool = o["reroll_successes"]
        self.intel_resolution = IntelResolution(o["intel_resolution"])
        self.flag_penalty = FlagPenalty(o["flag_penalty"])
        n = self.n
        self.nvalues = len(self.deck0)
        self.no_cards: tuple[int, ...] = (0,) * self.nvalues
        self.no_commits: tuple[None, ...] = (None,) * n
        self.no_launches: tuple[int, ...] = (NO_MISSION,) * n
        #: each seat's rivals, from its left (the order of the spy placements)
        self.rivals = tuple(tuple(s for s in range(n) if s != seat) for seat in range(n))

    def _board(self, missions: tuple[Mission, ...]) -> None:
        """The missions, and their columns for the hot paths and the board."""
        self.missions = missions
        #: the index of the Moon Mission (the last mission)
        self.moon = len(missions) - 1
        self.num_missions = self.moon
        self.m_name = tuple(m.name for m in missions)
        self.m_boxes = tuple(m.boxes for m in missions)
        self.m_cost = tuple(m.cost for m in missions)
        self.m_ic = tuple(m.ic for m in missions)
        self.m_values = tuple(m.values for m in missions)
        self.max_mission_cost = max(self.m_cost)

    def _boxes(self, o: Mapping[str, Any]) -> None:
        """Prices by Robotics count, and which kinds each box content accepts (§2.1, Scientists)."""
        #: money beyond the dearest scientist changes no purchase
        self.max_price = max(self.scientist_costs, default=0)
        # Research, Robotics: the first scientist of a round costs less per Robotics researcher,
        # never below 0; -1 is a nation that has hired this round (no discount)
        self.prices: dict[int, tuple[int, ...]] = {-1: self.scientist_costs}
        for r in range(MOST_RESEARCHERS + 1):
            disc = self.robotics_discount * r
            self.prices[r] = tuple(max(0, c - disc) for c in self.scientist_costs)
        # §2.1 Important: two different types per box, unless both basic; a box holds two cubes.
        # ``own_accepts[content][kind]``: whether a box with ``content`` takes a hired ``kind``
        self.own_accepts: dict[tuple[int, ...], tuple[bool, ...]] = {
            c: tuple(len(c) < 2 and (not c or c[0] != k or k == BASIC) for k in range(len(KINDS)))
            for c in BOX_CONTENTS
        }
        # reading 6: a spy only on an empty space, and two spies in one box only without the rule
        self.spy_accepts: dict[tuple[int, ...], bool] = {
            c: len(c) < 2 and (not c or c[0] != SPY or not self.spy_box_rule) for c in BOX_CONTENTS
        }

    def _actions(self) -> None:
        """One shared object per action, so that bots hand back the very objects the lists hold."""
        n, dice, seats = self.n, self.dice, range(self.n)
        self.dice_table: tuple[tuple[tuple[DiceRoll, float], ...], ...] = tuple(
            tuple((DiceRoll(*c), p) for c, p in dice_outcomes(k, self.die_faces)) for k in range(dice + 1)
        )
        # lists handed out as legal-action lists: ``State`` never mutates them (it copies on access)
        self.dice_actions: tuple[list[Any], ...] = tuple([a for a, _ in row] for row in self.dice_table)
        self.first_outcomes = tuple((FirstPlayer(s), 1.0 / n) for s in seats)
        #: ``[seat][kind][sheet][box]``
        self.hire_table: tuple[tuple[tuple[tuple[Hire, ...], ...], ...], ...] = tuple(
            tuple(tuple(tuple(Hire(s, k, b, t) for b in BOXES) for t in seats) for k in KINDS) for s in seats
        )
        self.end_actions = tuple(EndPurchases(s) for s in seats)
        self.pass_actions = tuple(Pass(s) for s in seats)
        #: ``[seat][k]`` is ``BuyCards(seat, k)``; k = 0 is never legal and only keeps the index simple
        self.buy_actions = tuple(tuple(BuyCards(s, k) for k in range(self.hand_limit + 1)) for s in seats)
        #: ``[seat][k]``: the card buys 1..k, as a purchase list takes them
        self.buy_lists = tuple(tuple(row[1 : k + 1] for k in range(len(row))) for row in self.buy_actions)
        #: ``[seat][value - 1]``
        self.discard_actions = tuple(tuple(Discard(s, v + 1) for v in range(self.nvalues)) for s in seats)
        #: ``[seat][points]``
        self.spend_actions = tuple(
            tuple(SpendPrestige(s, k) for k in range(max(self.pp_limits, default=0) + 1)) for s in seats
        )
        #: ``[seat][limit]``: the sales 0..limit
        self.spend_lists = tuple([list(row[: k + 1]) for k in range(len(row))] for row in self.spend_actions)
        #: ``[seat][red][blue]``
        self.reroll_actions = tuple(
            tuple(tuple(Reroll(s, i, j) for j in range(dice + 1)) for i in range(dice + 1)) for s in seats
        )
        #: ``[seat][mission][cost]``
        self.launch_table = tuple(
            tuple(
                tuple(Launch(s, i, m.name, c) for c in range(m.cost + 1)) for i, m in enumerate(self.missions)
            )
            for s in seats
        )

    def _memos(self) -> None:
        """The bounded memos of legal lists and scores (filled by :mod:`.legal` and :mod:`.scoring`)."""
        self.launch_memo: Memo[Any, list[Any]] = Memo()
        # draw and commit lists grow with the deck (hundreds of outcomes at the largest options):
        # fewer entries keep their memory bounded (about 100 MB at the option maxima)
        self.draw_memo: Memo[Any, Draws] = Memo(5_000)
        self.commit_memo: Memo[Any, list[Any]] = Memo(5_000)
        self.reroll_memo: Memo[Any, list[Any]] = Memo()
        self.points_memo: Memo[Any, tuple[int, ...]] = Memo(10_000)
        # the card tracking of a history, for resample_hidden (a few kB each)
        self.hidden_memo: Memo[Any, Any] = Memo(64)
