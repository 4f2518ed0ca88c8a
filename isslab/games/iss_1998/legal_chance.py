"""The chance nodes of 1998 ISS: the outcomes of each draw with their probabilities, and a chance
node's legal list (the same shared action objects, so ``State.resolve`` finds a drawn outcome by
identity).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from isslab.core import Action
from isslab.games.iss_1998.components import SHUTTLE_NATION
from isslab.games.iss_1998.phases import PHASE_TEXT, Phase

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import State1998

__all__ = ["chance_outcomes", "offered"]


def _shuttle_types(st: State1998) -> list[int]:
    """The shuttle types the next shuttle card may be: its nation's types still in the deck."""
    nation = 0 if st.pad[0] < 0 and st.shuttle_left[0] > 0 else 1
    pool = st.shuttle_pool
    return [t for t in range(5) if SHUTTLE_NATION[t] == nation and pool[t] > 0]


def _shuttle_outcomes(st: State1998) -> list[tuple[Action, float]]:
    types = _shuttle_types(st)
    pool = st.shuttle_pool
    total = sum(pool[t] for t in types)
    acts = st.game.tables.act_shuttle_draw
    return [(acts[t], pool[t] / total) for t in types]


def _no_outcome(st: State1998) -> list[Any]:
    raise ValueError(f"not a chance node: {PHASE_TEXT[st.phase]}")


#: per chance phase: the cards (or seats ...) drawn from, and the shared action of each (a function
#: of the state's tables); the draw is uniform over them. The other chance phases are below.
_DRAWN_FROM: dict[Phase, Any] = {
    Phase.EXPERIMENT_DRAW: lambda st: (st.exp_pool[st.to_draw[0] - 1], st.game.tables.act_xdraw[st.actor]),
    Phase.FEDOR_EXPERIMENT: lambda st: (st.exp_pool[st.fedor_level - 1], st.game.tables.act_fedor_exp),
    Phase.FEDOR_TOP: lambda st: (st.fedor_pool, st.game.tables.act_fedor_top),
    Phase.MODULE_DRAW: lambda st: (st.module_pool, st.game.tables.act_module_draw),
    Phase.FIRST: lambda st: (range(st.game.tables.n), st.game.tables.act_start),
}


def _uniform_outcomes(draw: Any) -> Any:
    def outcomes(st: State1998) -> list[tuple[Action, float]]:
        items, acts = draw(st)
        p = 1.0 / len(items)
        return [(acts[i], p) for i in items]

    return outcomes


def _uniform_actions(draw: Any) -> Any:
    def actions(st: State1998) -> list[Any]:
        items, acts = draw(st)
        return [acts[i] for i in items]

    return actions


#: ``chance_outcomes`` by phase (the shared action objects of the tables: the legal list at a
#: chance node holds the same objects, so ``State.resolve`` finds a drawn outcome by identity)
_OUTCOMES: tuple[Any, ...] = tuple(
    {
        **{ph: _uniform_outcomes(draw) for ph, draw in _DRAWN_FROM.items()},
        Phase.SHUTTLE_DRAW: _shuttle_outcomes,
        Phase.ORDER_EARTH: lambda st: list(st.game.tables.earth_outcomes),
        Phase.ORDER_ISS: lambda st: list(st.game.tables.iss_outcomes),
        Phase.GOAL_DRAW: lambda st: list(st.game.tables.goal_outcomes),
    }.get(ph, _no_outcome)
    for ph in Phase
)


def chance_outcomes(st: State1998) -> list[tuple[Action, float]]:
    """The outcomes of the chance node ``st`` with their probabilities."""
    out: list[tuple[Action, float]] = _OUTCOMES[st.phase](st)
    return out


#: per phase: the draw of a chance node whose outcomes are shared objects of one table, one per item
#: drawn from (:func:`offered`); None for the other phases
_DRAWS: tuple[Any, ...] = tuple(
    {
        **_DRAWN_FROM,
        Phase.SHUTTLE_DRAW: lambda st: (_shuttle_types(st), st.game.tables.act_shuttle_draw),
    }.get(ph)
    for ph in Phase
)


#: per phase: the ids of the outcome objects of a chance node whose outcomes are fixed tables (the
#: setup's shuffles and goal draw, some 100 outcomes to list), or None
_FIXED_IDS: tuple[Any, ...] = tuple(
    {
        Phase.ORDER_EARTH: lambda tb: tb.earth_ids,
        Phase.ORDER_ISS: lambda tb: tb.iss_ids,
        Phase.GOAL_DRAW: lambda tb: tb.goal_ids,
    }.get(ph)
    for ph in Phase
)


def offered(st: State1998, action: Any) -> bool:
    """True when ``action`` is surely the object of one of this chance node's outcomes.

    ``State.resolve`` asks this before it lists the legal actions: a driver hands back the very
    object it drew from ``chance_outcomes()``, and the list would be built again only to find it
    there (a draw's list is some 30-60 actions, about a tenth of a playout's time at its draws). It
    is answered by identity: the object of the table (``tables.draw_index``) for an item still to
    be drawn; at the setup's shuffles and goal draw, whose outcomes are fixed tables, by the ids of
    their objects (``tables.earth_ids`` ...). Anything else is False, and the list is built as before.
    """
    draw = _DRAWS[st.phase]
    if draw is None:
        fixed = _FIXED_IDS[st.phase]
        return fixed is not None and id(action) in fixed(st.game.tables)
    items, acts = draw(st)
    i = st.game.tables.draw_index.get(id(action), -1)
    return i in items and acts[i] is action


def _chance_list(st: State1998) -> list[Any]:
    """The legal list of a chance node: its outcomes' actions (without the probabilities)."""
    return [a for a, _ in _OUTCOMES[st.phase](st)]
