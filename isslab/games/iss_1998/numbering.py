"""1998 ISS action numbers: the fixed numbering that PettingZoo and OpenSpiel see.

The core contract (``Game.num_distinct_actions``, ``max_chance_outcomes``, ``action_index``) asks
for a number per action that reads the action alone and never gives two legal actions of one state
the same number. The acting seat is the state's, so it takes no number; neither does what the
state fixes (the shuttles of a ``Load``, the steps of a ``Countdown``, the long-stay compartment a
``LongStay`` goes to, the cards a ``Keep`` returns). The legal lists offer one action per *kind* of
astronaut and compartment (reading 6, see :mod:`.legal`), so astronauts are numbered by where they
come from, as a *source*: ``0`` Unity, ``1 + type`` an own compartment of type ``LAB, COM, CRN,
EVA`` (long-stay astronauts never move). Player actions take consecutive blocks, in this order:

===============  =============================================================  ====================
block            number within the block                                        size
===============  =============================================================  ====================
``Cargo``        shuttle (``Soyuz, Progress, Endeavour, Atlantis, Discovery``)  5
``SkipExtra``    0                                                              1
``Place``        card * 2 + extra (cards ``Train`` ... ``Conduct``, 0..7)       16
``NoAction``     0                                                              1
``Retrieve``     module number, or ``M`` + card for an extra-action space       ``M`` + 8
``Train``        shuttle                                                        5
``Load``         amounts ``(2, 0)``, ``(1, 1)``, ``(0, 2)``: 0, 1, 2            3
``Construct``    ``b * (b + 1) / 2 + a`` for modules ``a <= b``                 ``M * (M + 1) / 2``
``Plan``         decks ``(1, 2), (1, 3), (2, 3), (1,), (2,), (3,)``: 0 .. 5     6
``Keep``         the levels kept as bits (basic 1, medium 2, advanced 4)        8
``LongStay``     source                                                         5
``Install``      sources and targets, see below                                 ``5 T1 + 15 T2``
``OutsideJobs``  source * 3 + amount - 1 (a crane source stays on its crane)    15
``Conduct``      the card's first number + the rank of the outcome              see below
``Countdown``    shuttle                                                        5
``Claim``        goal card (``Goal``, 0..9)                                     10
``NoClaim``      0                                                              1
``PlaceExtra``   card                                                           8
``FedorToken``   compartment (solo game only)                                   ``C`` (solo), else 0
===============  =============================================================  ====================

with ``M`` modules (the central piece, the initial modules and the module deck, numbered as in
:mod:`.tables`) and ``C`` compartments (their bit positions). A ``Construct`` on one module twice is
``a = b``; the column holds each module once, so the pair of modules names the action.

``Install``: with one astronaut, ``source * T1 + target``; with two, ``5 * T1 + s * T2 + t`` where
``s`` and ``t`` number the pair of sources and of targets as ``y * (y + 1) / 2 + x`` (``x <= y``).
Targets are compartment types ``LAB .. LS`` (``T1 = 5``, ``T2 = 15``) in the multi-player game,
where one covered compartment of each type is offered; in the solo game (FEDOR takes tokens by
module number, so every covered compartment is offered) they are compartments (``T1 = C``, and a
pair ``x < y`` is ``y * (y - 1) / 2 + x``, ``T2 = C (C - 1) / 2``).

``Conduct``: each experiment card (in deck order) has a block as long as its *outcomes*, the
different ends the legal list tells apart (:func:`.legal.conduct_plans`): for a long-term task,
the astronauts taken from Unity, per type ``LAB .. EVA`` the player's astronauts newly there minus
those that left, and those newly in long-stay compartments; for a short-term task, the astronauts
taken from Unity and those taken from each type. An outcome is numbered by its rank among all
outcomes the card's compartments allow (sorted as tuples), computed from the options alone.

A ``Keep`` is numbered by levels: a Plan draws at most one card from each deck, so the levels
kept name the cards kept.

Chance outcomes (each chance node draws one kind, so the kinds share their numbers):
``StartPlayer`` seat; ``ColumnOrder`` the rank of the order among the 24 orders of the column's cards
(lexicographic by the cards' numbers, ``Train`` ... ``Conduct``); ``ModuleDraw`` module;
``ShuttleDraw`` shuttle; ``GoalDraw`` the combinatorial rank ``sum C(g_i, i + 1)`` of the goal cards
``g_0 < g_1 < ...``; ``ExperimentDraw`` and ``FedorExperiment`` the experiment card (deck order);
``FedorTop`` the FEDOR card's number.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb, factorial
from typing import TYPE_CHECKING, Any, NamedTuple

from isslab.games.iss_1998.actions import (
    Cargo,
    Claim,
    ColumnOrder,
    Conduct,
    Construct,
    Countdown,
    ExperimentDraw,
    FedorExperiment,
    FedorToken,
    FedorTop,
    GoalDraw,
    Install,
    Keep,
    Load,
    LongStay,
    ModuleDraw,
    NoAction,
    NoClaim,
    OutsideJobs,
    Place,
    PlaceExtra,
    Plan,
    Retrieve,
    ShuttleDraw,
    SkipExtra,
    StartPlayer,
    Train,
)
from isslab.games.iss_1998.components import (
    ACTION_INDEX,
    ACTION_NAMES,
    ANY,
    EARTH_ACTIONS,
    GOAL_INDEX,
    GOALS,
    ISS_ACTIONS,
    LS,
    SHUTTLE_INDEX,
    SHUTTLE_NAMES,
)
from isslab.games.iss_1998.legal import extra_label
from isslab.games.kit import subset_rank

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import Game1998

__all__ = ["action_index", "max_chance_outcomes", "num_distinct_actions"]

_LOAD = {(2, 0): 0, (1, 1): 1, (0, 2): 2}
_PLAN = {(1, 2): 0, (1, 3): 1, (2, 3): 2, (1,): 3, (2,): 4, (3,): 5}
_COLUMNS = {"Earth": EARTH_ACTIONS, "ISS": ISS_ACTIONS}
#: sources: Unity, then an own compartment of LAB, COM, CRN, EVA
_SOURCES = 5
_UNITY = "Unity"

#: an outcome of Conduct Experiments (see the module docstring), a flat tuple of counts
_Outcome = tuple[int, ...]


class _Layout(NamedTuple):
    """Where each block of player actions starts, and the tables of one game's options."""

    starts: dict[type, int]
    total: int
    chance: int
    modules: int
    t1: int  # Install: numbers of one target
    t2: int  # Install: numbers of a pair of targets
    conduct: tuple[tuple[int, dict[_Outcome, int]], ...]  # per card: first number, outcome ranks


def _pair(x: int, y: int) -> int:
    """``x <= y`` as one number (``y * (y + 1) / 2 + x``)."""
    return y * (y + 1) // 2 + x


def _outcomes(needs: tuple[int, ...], long: bool) -> list[_Outcome]:
    """Every outcome of an experiment with requirements ``needs``, sorted (see the module docstring).

    Requirement by requirement over the set of partial outcomes: a requirement of type ``t`` (any
    type for ``ANY``) is served in place (``t`` not LS), from Unity, or by an astronaut moved from
    an own compartment of type ``s``, with as many astronauts and compartments as needed.
    """
    # long: (unity, net LAB, net COM, net CRN, net EVA, new LS); short: (unity, used LAB .. EVA)
    layer: set[_Outcome] = {(0,) * (6 if long else 5)}
    for need in needs:
        types = range(5) if need == ANY else (need,)
        nxt: set[_Outcome] = set()
        for o in layer:
            for t in types:
                if t != LS:  # in place
                    nxt.add(o if long else _bump(o, 1 + t, 1))
                arrive = 1 + t
                nxt.add(_bump(_bump(o, 0, 1), arrive, 1) if long else _bump(o, 0, 1))
                for s in range(4):
                    nxt.add(_bump(_bump(o, 1 + s, -1), arrive, 1) if long else _bump(o, 1 + s, 1))
        layer = nxt
    return sorted(layer)


def _bump(o: _Outcome, i: int, by: int) -> _Outcome:
    return o[:i] + (o[i] + by,) + o[i + 1 :]


@lru_cache(maxsize=64)
def _layout(game: Game1998) -> _Layout:
    """The blocks of one game's options, computed once."""
    tb = game.tables
    m = len(tb.mod_name)
    c = tb.n_comps
    t1, t2 = (c, c * (c - 1) // 2) if tb.solo else (5, 15)
    conduct: list[tuple[int, dict[_Outcome, int]]] = []
    at = 0
    for card in range(len(tb.exp_name)):
        ranks = {o: i for i, o in enumerate(_outcomes(tb.exp_needs[card], tb.exp_long[card]))}
        conduct.append((at, ranks))
        at += len(ranks)
    sizes = (
        (Cargo, len(SHUTTLE_NAMES)),
        (SkipExtra, 1),
        (Place, 2 * len(ACTION_NAMES)),
        (NoAction, 1),
        (Retrieve, m + len(ACTION_NAMES)),
        (Train, len(SHUTTLE_NAMES)),
        (Load, len(_LOAD)),
        (Construct, m * (m + 1) // 2),
        (Plan, len(_PLAN)),
        (Keep, 8),
        (LongStay, _SOURCES),
        (Install, _SOURCES * t1 + _pair(0, _SOURCES) * t2),
        (OutsideJobs, _SOURCES * 3),
        (Conduct, at),
        (Countdown, len(SHUTTLE_NAMES)),
        (Claim, len(GOALS)),
        (NoClaim, 1),
        (PlaceExtra, len(ACTION_NAMES)),
        (FedorToken, c if tb.solo else 0),
    )
    starts: dict[type, int] = {}
    total = 0
    for kind, size in sizes:
        starts[kind] = total
        total += size
    chance = max(
        tb.n,
        24,
        m,
        len(SHUTTLE_NAMES),
        comb(len(GOALS), tb.goals_in_play) if tb.goals_in_play else 0,
        len(tb.exp_name),
        len(tb.f_action) if tb.solo else 0,
    )
    return _Layout(starts, total, chance, m, t1, t2, tuple(conduct))


def num_distinct_actions(game: Game1998) -> int:
    """The numbers of every block of player actions together."""
    return _layout(game).total


def max_chance_outcomes(game: Game1998) -> int:
    """The largest chance node: 24 orders of a column, or more modules, experiments or goal sets."""
    return _layout(game).chance


def action_index(game: Game1998, action: Any) -> int:
    """The number of an action or chance outcome (see the module docstring)."""
    try:
        return _index(game, _layout(game), action)
    except (KeyError, IndexError, TypeError, AttributeError, ValueError) as exc:
        detail = f": {exc}" if isinstance(exc, ValueError) else ""
        raise ValueError(f"no number for the 1998 ISS action {action!r} in {game!r}{detail}") from None


def _comp_type(game: Game1998, label: str) -> int:
    """The type of the compartment ``label`` (KeyError for Unity or an unknown label)."""
    tb = game.tables
    c = tb.comp_index[label]
    if c < 0:
        raise KeyError(label)
    return tb.comp_type[c]


def _source(game: Game1998, label: str) -> int:
    """The source number of an astronaut leaving ``label``: Unity 0, an own LAB .. EVA 1 .. 4."""
    if label == _UNITY:
        return 0
    t = _comp_type(game, label)
    if t == LS:
        raise ValueError(f"an astronaut in the long-stay compartment {label} never moves")
    return 1 + t


def _sources(game: Game1998, labels: tuple[str, ...]) -> int:
    """One source (0..4), or a pair of sources (0..14)."""
    s = sorted(_source(game, x) for x in labels)
    return s[0] if len(s) == 1 else _pair(s[0], s[1])


def _install(game: Game1998, lay: _Layout, action: Install) -> int:
    tb = game.tables
    k = len(action.sources)
    if k not in (1, 2) or len(action.targets) != k:
        raise ValueError("an Install moves one or two astronauts to as many targets")
    src = _sources(game, action.sources)
    if tb.solo:
        comps = sorted(tb.comp_index[x] for x in action.targets)
        if comps[0] < 0 or len(set(comps)) != k:
            raise ValueError("the targets must be different compartments")
        tgt = comps[0] if k == 1 else comps[1] * (comps[1] - 1) // 2 + comps[0]
    else:
        types = sorted(_comp_type(game, x) for x in action.targets)
        tgt = types[0] if k == 1 else _pair(types[0], types[1])
    if k == 1:
        return src * lay.t1 + tgt
    return _SOURCES * lay.t1 + src * lay.t2 + tgt


def _outcome(game: Game1998, card: int, action: Conduct) -> _Outcome:
    """The outcome of a Conduct (see the module docstring)."""
    tb = game.tables
    if len(action.sources) != len(action.targets) or len(action.targets) != tb.exp_r[card]:
        raise ValueError("one source and one target per requirement of the card")
    long = tb.exp_long[card]
    o = [0] * (6 if long else 5)
    for src, tgt in zip(action.sources, action.targets, strict=True):
        t = _comp_type(game, tgt)
        s = _source(game, src)
        if src == tgt:  # served in place: a long-term task leaves everything as it was
            if not long:
                o[s] += 1
            continue
        if long:
            if s:
                o[s] -= 1
            else:
                o[0] += 1
            o[1 + t] += 1
        else:
            o[s] += 1
    return tuple(o)


def _index(game: Game1998, lay: _Layout, action: Any) -> int:
    tb = game.tables
    kind = type(action)
    # chance outcomes
    if kind is ExperimentDraw or kind is FedorExperiment:
        return tb.exp_index[action.card]
    if kind is ModuleDraw:
        return tb.mod_index[action.module]
    if kind is ShuttleDraw:
        return SHUTTLE_INDEX[action.shuttle]
    if kind is FedorTop:
        number = int(action.number)
        if not 0 <= number < len(tb.f_action):
            raise ValueError(f"FEDOR cards are numbered 0 to {len(tb.f_action) - 1}")
        return number
    if kind is StartPlayer:
        seat = int(action.seat)
        if not 0 <= seat < tb.n:
            raise ValueError(f"seats are 0 to {tb.n - 1}")
        return seat
    if kind is ColumnOrder:
        return _order_rank(action)
    if kind is GoalDraw:
        goals = sorted(GOAL_INDEX[name] for name in action.goals)
        if len(goals) != tb.goals_in_play or len(set(goals)) != len(goals):
            raise ValueError(f"a goal draw names {tb.goals_in_play} different goal cards")
        return subset_rank(goals)
    # player actions
    start = lay.starts[kind]
    local: int
    if kind is Cargo or kind is Train or kind is Countdown:
        local = SHUTTLE_INDEX[action.shuttle]
    elif kind is Place:
        local = 2 * ACTION_INDEX[action.card] + (1 if action.extra else 0)
    elif kind is PlaceExtra:
        local = ACTION_INDEX[action.card]
    elif kind is Retrieve:
        local = _retrieve(game, lay, action.source)
    elif kind is Load:
        local = _LOAD[tuple(action.amounts)]
    elif kind is Construct:
        a, b = sorted((tb.mod_index[action.first], tb.mod_index[action.second]))
        local = _pair(a, b)
    elif kind is Plan:
        local = _PLAN[tuple(action.levels)]
    elif kind is Keep:
        local = _keep(game, action)
    elif kind is LongStay:
        local = _source(game, action.source)
    elif kind is Install:
        local = _install(game, lay, action)
    elif kind is OutsideJobs:
        amount = int(action.amount)
        if not 1 <= amount <= 3:
            raise ValueError("Outside Jobs convert 1 to 3 materials")
        local = _source(game, action.source) * 3 + amount - 1
    elif kind is Conduct:
        card = tb.exp_index[action.card]
        first, ranks = lay.conduct[card]
        local = first + ranks[_outcome(game, card, action)]
    elif kind is Claim:
        local = GOAL_INDEX[action.goal]
    elif kind is FedorToken:
        if not tb.solo:
            raise ValueError("FEDOR takes installation tokens in the solo game only")
        local = tb.comp_index[action.compartment]
        if local < 0:
            raise ValueError("FEDOR takes the token of a compartment, not of Unity")
    else:  # SkipExtra, NoAction, NoClaim
        local = 0
    return start + local


def _retrieve(game: Game1998, lay: _Layout, source: str) -> int:
    tb = game.tables
    if source in tb.mod_index:
        return tb.mod_index[source]
    return lay.modules + _EXTRA[source]


_EXTRA = {extra_label(a): a for a in range(len(ACTION_NAMES))}


def _keep(game: Game1998, action: Keep) -> int:
    tb = game.tables
    levels = tuple(action.kept_levels)
    if len(levels) != len(action.kept) or len(set(levels)) != len(levels):
        raise ValueError("a Keep names one level per card kept, each deck at most once")
    mask = 0
    for name, level in zip(action.kept, levels, strict=True):
        if tb.exp_level[tb.exp_index[name]] != level:
            raise ValueError(f"{name} is not a card of level {level}")
        mask |= 1 << (level - 1)
    return mask


def _order_rank(action: ColumnOrder) -> int:
    """The lexicographic rank of a column's order among the permutations of its cards."""
    cards = _COLUMNS[action.column]
    order = [ACTION_INDEX[name] for name in action.cards]
    if sorted(order) != sorted(cards):
        raise ValueError(f"the {action.column} column holds each of its four cards once")
    rank = 0
    rest = sorted(cards)
    for a in order:
        pos = rest.index(a)
        rest.pop(pos)
        rank += pos * factorial(len(rest))
    return rank
