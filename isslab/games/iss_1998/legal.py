"""Legal actions and chance outcomes of 1998 ISS, and the rule that forbids an action that is not legal.

Compartments of one type are interchangeable for every rule (all of them ask for a type; only
FEDOR's "lowest number first" tells modules apart, and it does so among free compartments of the
one type it needs), so where a player sends an astronaut to a free compartment the engine offers the
lowest-numbered free compartment of each type, and where an astronaut leaves a compartment, the
lowest-numbered one of each type the player occupies (reading 6). Installation tokens are offered
one per type too, except in the solo game, where FEDOR takes tokens by module number and every
covered compartment is offered.

Speed: every list is memoised on the game (bounded ``Memo`` objects, see :mod:`.tables`) by exactly
what it depends on, and the lists hold shared action objects (Install Compartments' list is built
from memoised parts each time: see :func:`.legal_cards._install`). The core never mutates a legal
list.

The order of the normal action's list is the order of the action cards (Train ... Conduct), each
card's actions in a fixed order; every other list has a fixed order too (seeded games replay).

The rules of each family live beside this entry: :mod:`.legal_cards` (seven of the action cards),
:mod:`.legal_conduct` (Conduct Experiments), :mod:`.legal_goals` (the goal cards) and
:mod:`.legal_chance` (the draws); this module holds which cards can be performed, the list of each
phase and why an action is not legal, and the rest of the package imports from it.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from isslab.core import Action, short_repr
from isslab.games.iss_1998.actions import (
    CARD_ACTIONS,
    CHANCE_ACTIONS,
    Cargo,
    Claim,
    Conduct,
    Construct,
    Countdown,
    FedorToken,
    Install,
    Keep,
    Load,
    LongStay,
    NoAction,
    NoClaim,
    OutsideJobs,
    Place,
    PlaceExtra,
    Plan,
    Retrieve,
    SkipExtra,
    Train,
)
from isslab.games.iss_1998.components import (
    ACTION_INDEX,
    ACTION_NAMES,
    CONDUCT,
    CONSTRUCT,
    GOALS,
    INSTALL,
    LOAD,
    LONG_STAY,
    OUTSIDE,
    PLAN,
    SEAT_NAMES,
    SHUTTLE_NAMES,
    TRAIN,
)
from isslab.games.iss_1998.legal_cards import (
    _construct,
    _install,
    _load,
    _long_stay,
    _outside,
    _plan,
    _train,
    free_mask,
)
from isslab.games.iss_1998.legal_chance import (
    _DRAWN_FROM,
    _chance_list,
    _shuttle_types,
    _uniform_actions,
    chance_outcomes,
    offered,
)
from isslab.games.iss_1998.legal_conduct import (
    _can_conduct,
    _conduct,
    conduct_plans,
    doable_experiments,
    servable,
)
from isslab.games.iss_1998.legal_goals import can_claim, claimable_goals
from isslab.games.iss_1998.legal_goals import goal_met as goal_met
from isslab.games.iss_1998.phases import PHASE_TEXT, Phase
from isslab.games.iss_1998.tables import bits
from isslab.games.kit import turn_gate

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import State1998

__all__ = [
    "card_actions",
    "doable_experiments",
    "chance_outcomes",
    "can_claim",
    "claimable_goals",
    "servable",
    "conduct_plans",
    "countdown_pads",
    "extra_label",
    "free_mask",
    "illegal_reason",
    "legal_actions",
    "offered",
    "performable",
    "performable_mask",
]


# --- the eight cards ------------------------------------------------------------------------------


_CARD_LISTS = (_train, _load, _construct, _plan, _long_stay, _install, _outside, _conduct)


def card_actions(st: State1998, p: int, a: int) -> list[Any]:
    """The ways ``p`` can perform card ``a`` now (a shared list when memoised: do not mutate)."""
    return _CARD_LISTS[a](st, p)


def performable_mask(st: State1998, p: int) -> int:
    """The cards ``p`` could perform now, as a bit mask (bit ``a`` for card ``a``; no list is built)."""
    tb = st.game.tables
    mask = 0
    ru, us = st.pad
    if st.reserve[p] > 0 and (
        (ru >= 0 and sum(st.cargo_astro[0]) < tb.sh_seats[ru])
        or (us >= 0 and sum(st.cargo_astro[1]) < tb.sh_seats[us])
    ):
        mask = _TRAIN_BIT
    cargo = st.cargo_mat
    if tb.mat_capacity - cargo[0][p] - cargo[1][p] >= 2 and (
        (ru >= 0 and tb.sh_mat[ru]) or (us >= 0 and tb.sh_mat[us])
    ):
        mask |= _LOAD_BIT
    if (st.ending != 2 or tb.final_construct) and st.column != _EMPTY_COLUMN:
        mask |= _CONSTRUCT_BIT
    pools, bottoms = st.exp_pool, st.exp_bottom
    if pools[0] or pools[1] or pools[2] or bottoms[0] or bottoms[1] or bottoms[2]:
        mask |= _PLAN_BIT
    avail = st.occ[p] & ~tb.ls_mask
    if not st.unity[p] and not avail:
        return mask
    free = free_mask(st)
    iss = st.iss_mat[p]
    if iss >= 1 and st.long_stay[p] < tb.ls_max and free & tb.ls_mask:
        mask |= _LONG_STAY_BIT
    if st.covered & st.docked:
        mask |= _INSTALL_BIT
    if iss >= 1 and st.ext_mat[p] < tb.max_ext and (avail | free) & tb.crn_mask:
        mask |= _OUTSIDE_BIT
    if st.hands[p] and _can_conduct(st, p, avail, free):
        mask |= _CONDUCT_BIT
    return mask


#: the bit of each card in a mask of performable cards
_TRAIN_BIT, _LOAD_BIT, _CONSTRUCT_BIT, _PLAN_BIT = (1 << a for a in (TRAIN, LOAD, CONSTRUCT, PLAN))
_LONG_STAY_BIT, _INSTALL_BIT, _OUTSIDE_BIT, _CONDUCT_BIT = (
    1 << a for a in (LONG_STAY, INSTALL, OUTSIDE, CONDUCT)
)
_EMPTY_COLUMN = (-1, -1, -1, -1)


def performable(st: State1998, p: int, a: int) -> bool:
    """Whether ``p`` could perform card ``a`` now."""
    return bool(performable_mask(st, p) >> a & 1)


# --- the lists ------------------------------------------------------------------------------------


# the lists of the phases take the state alone (the actor decides): one call per list, no lambda


def _normal(st: State1998) -> list[Any]:
    p = st.actor
    return st.game.tables.place_lists[p][performable_mask(st, p)]


def _extra(st: State1998) -> list[Any]:
    p = st.actor
    tb = st.game.tables
    mine = 0
    for a, q in enumerate(st.extra):
        if q == p:
            mine |= 1 << a
    return tb.extra_lists[p][performable_mask(st, p) & mine]


def extra_label(a: int) -> str:
    """The name of the extra-action space of action card ``a`` (a ``Retrieve`` source)."""
    return f"{ACTION_NAMES[a]} extra space"


def retrieve_sources(st: State1998, p: int) -> list[Any]:
    """Where ``p`` may take back a cube: its cubes on the column's modules, then on extra spaces."""
    tb = st.game.tables
    key = ("retrieve", p, tuple(row[p] > 0 for row in st.ccubes), st.column, st.extra)
    found: list[Any] | None = tb.memo_misc.get(key)
    if found is None:
        found = [Retrieve(p, tb.mod_name[st.column[i]]) for i, row in enumerate(st.ccubes) if row[p] > 0]
        found += [Retrieve(p, extra_label(a)) for a in range(8) if st.extra[a] == p]
        tb.memo_misc[key] = found
    return found


def _keep(st: State1998) -> list[Any]:
    p = st.actor
    tb = st.game.tables
    drawn = st.drawn
    most = min(tb.hand_limit - len(st.hands[p]), len(drawn))  # cards the hand can still take
    key = (p, drawn, most)
    found: list[Any] | None = tb.memo_keep.get(key)
    if found is None:
        found = []
        names, levels = tb.exp_name, tb.exp_level
        for k in range(most, -1, -1):
            for kept in itertools.combinations(drawn, k):
                back = tuple(c for c in drawn if c not in kept)
                found.append(
                    Keep(
                        p,
                        tuple(names[c] for c in kept),
                        tuple(levels[c] for c in kept),
                        tuple(names[c] for c in back),
                        tuple(levels[c] for c in back),
                    )
                )
        tb.memo_keep[key] = found
    return found


def countdown_pads(st: State1998) -> list[int]:
    """Pads whose shuttle carries at least one astronaut or material (turn step 5)."""
    none = st.game.tables.no_cargo
    ca, cm = st.cargo_astro, st.cargo_mat
    return [n for n in (0, 1) if st.pad[n] >= 0 and (ca[n] != none or cm[n] != none)]


def _cargo_pads(st: State1998, p: int) -> list[int]:
    """Pads whose shuttle carries materials (turn step 1)."""
    tb = st.game.tables
    if st.cargo_mat[0][p] + st.cargo_mat[1][p] >= tb.mat_capacity:
        return []
    return [n for n in (0, 1) if st.pad[n] >= 0 and tb.sh_mat[st.pad[n]]]


def _perform(st: State1998) -> list[Any]:
    # the card lists are often shared (memoised): the core copies what it hands out
    return _CARD_LISTS[st.doing](st, st.actor)


def _countdown_list(st: State1998) -> list[Any]:
    # the decision is asked only when both pads have cargo (turn step 5)
    tb = st.game.tables
    p = st.actor
    steps = tb.countdown_values[st.doing]
    key = ("count", p, st.pad, steps)
    found: list[Any] | None = tb.memo_misc.get(key)
    if found is None:
        found = [Countdown(p, SHUTTLE_NAMES[st.pad[n]], steps) for n in countdown_pads(st)]
        tb.memo_misc[key] = found
    return found


def _goal_list(st: State1998) -> list[Any]:
    p = st.actor
    names = [GOALS[goal][0] for goal in st.goals]
    return [Claim(p, names[i]) for i in claimable_goals(st, p)] + [st.game.tables.act_noclaim[p]]


def _place_extra_list(st: State1998) -> list[Any]:
    p = st.actor
    return [PlaceExtra(p, ACTION_NAMES[a]) for a in range(8) if st.extra[a] < 0]


def _cargo_list(st: State1998) -> list[Any]:
    p = st.actor
    return [Cargo(p, SHUTTLE_NAMES[st.pad[n]]) for n in _cargo_pads(st, p)]


def _token_list(st: State1998) -> list[Any]:
    tb = st.game.tables
    return [FedorToken(st.actor, tb.comp_label[c]) for c in fedor_token_choices(st)]


def _nothing(st: State1998) -> list[Any]:
    return []


def legal_actions(st: State1998) -> list[Action]:
    """The legal actions of ``st`` in a fixed order (chance outcomes at a chance node)."""
    out: list[Action] = _LEGAL[st.phase](st)
    return out


def fedor_token_choices(st: State1998) -> tuple[int, ...]:
    """The covered compartments of the lowest-numbered module still covered (FEDOR, Install)."""
    tb = st.game.tables
    covered = st.covered & st.docked
    low = covered & -covered
    if not low:
        return ()
    m = tb.comp_module[low.bit_length() - 1]
    return bits(covered & tb.mod_mask[m])


_LEGAL: tuple[Any, ...] = tuple(
    {
        Phase.NORMAL: _normal,
        Phase.PERFORM: _perform,
        Phase.COUNTDOWN: _countdown_list,
        Phase.EXTRA: _extra,
        Phase.GOAL: _goal_list,
        Phase.KEEP: _keep,
        Phase.RETRIEVE: lambda st: retrieve_sources(st, st.actor),
        Phase.PLACE_EXTRA: _place_extra_list,
        Phase.CARGO: _cargo_list,
        Phase.FEDOR_TOKEN: _token_list,
        Phase.OVER: _nothing,
        **{chance: _uniform_actions(draw) for chance, draw in _DRAWN_FROM.items()},
        Phase.SHUTTLE_DRAW: lambda st: [st.game.tables.act_shuttle_draw[t] for t in _shuttle_types(st)],
    }.get(ph, _chance_list)
    for ph in Phase
)


# --- why not --------------------------------------------------------------------------------------


_PHASE_OF: dict[type, tuple[Phase, ...]] = {
    Cargo: (Phase.CARGO,),
    SkipExtra: (Phase.EXTRA,),
    Retrieve: (Phase.RETRIEVE,),
    NoAction: (Phase.NORMAL,),
    Place: (Phase.NORMAL, Phase.EXTRA),
    Keep: (Phase.KEEP,),
    Claim: (Phase.GOAL,),
    NoClaim: (Phase.GOAL,),
    Countdown: (Phase.COUNTDOWN,),
    PlaceExtra: (Phase.PLACE_EXTRA,),
    FedorToken: (Phase.FEDOR_TOKEN,),
    **{t: (Phase.PERFORM,) for t in CARD_ACTIONS},
}


_CARD_OF: dict[type, int] = {
    Train: TRAIN,
    Load: LOAD,
    Construct: CONSTRUCT,
    Plan: PLAN,
    LongStay: LONG_STAY,
    Install: INSTALL,
    OutsideJobs: OUTSIDE,
    Conduct: CONDUCT,
}


def _name(st: State1998, p: int) -> str:
    return "FEDOR" if p == st.game.tables.fedor else SEAT_NAMES[p]


def _who(st: State1998, p: int) -> str:
    """A participant's name for a message, or a short repr of a number that is none."""
    return _name(st, p) if 0 <= p < st.game.tables.P else short_repr(p, 20)


def illegal_reason(st: State1998, action: Any) -> str | None:
    """The rule that forbids ``action`` here, in words (None: the generic message will do)."""
    cp = st.current_player
    gate = turn_gate(
        cp,
        action,
        chance_types=CHANCE_ACTIONS,
        phases_of=_PHASE_OF,
        phase=st.phase,
        phase_text=PHASE_TEXT.__getitem__,
        who=lambda p: _who(st, p),
        over="the game is over: the final round has been played",
    )
    if gate is not None or cp < 0:  # a rule of the turn broken, or a chance outcome offered to chance
        return gate
    kind = type(action)
    if kind is Place:
        a = ACTION_INDEX.get(action.card, -1)
        if a < 0:
            cards = ", ".join(ACTION_NAMES)
            return f"there is no action card {short_repr(action.card, 40)}; the cards are {cards}"
        if bool(action.extra) != (st.phase == Phase.EXTRA):
            if st.phase == Phase.EXTRA:
                return "turn step 2 is the extra action: Place with extra=True, or SkipExtra"
            return "turn step 3 is the normal action: Place with extra=False"
        if action.extra and st.extra[a] != cp:
            return f"{_name(st, cp)} has no cube on the extra-action space of {ACTION_NAMES[a]} (turn step 2)"
        return _card_reason(st, cp, a)
    card = _CARD_OF.get(kind)
    if card is not None:
        if card != st.doing:
            return f"the card being performed is {ACTION_NAMES[st.doing]}, not {ACTION_NAMES[card]}"
        return f"{ACTION_NAMES[card]} cannot be done this way now; legal_actions() lists the ways offered"
    return None


def _card_reason(st: State1998, p: int, a: int) -> str | None:
    """Why card ``a`` cannot be performed by ``p`` now (the rule, in words)."""
    if performable(st, p, a):
        return None
    tb = st.game.tables
    who = _name(st, p)
    avail = st.occ[p] & ~tb.ls_mask
    on_iss = st.unity[p] > 0 or avail
    if a == TRAIN:
        if st.reserve[p] <= 0:
            return f"{who} has no astronaut left on Earth to train"
        return "no shuttle on the pads has a free seat (Train Astronauts)"
    if a == LOAD:
        return "no shuttle on the pads carries materials, or all material tokens are loaded (Load Material)"
    if a == CONSTRUCT:
        if st.ending == 2 and not tb.final_construct:
            return "no cubes go to the modules in the final round (option final_round_construct)"
        return "the column holds no module (Construct Modules)"
    if a == PLAN:
        return "every experiment deck is empty (Plan Experiments)"
    if not on_iss:
        return f"{who} has no astronaut on the station outside the long-stay compartments"
    if a == LONG_STAY:
        if st.iss_mat[p] < 1:
            return "a long stay costs one ISS material (Long Stay)"
        if st.long_stay[p] >= tb.ls_max:
            return "the long-stay track is at its top"
        return "no long-stay compartment is free (installed and unoccupied)"
    if a == INSTALL:
        return "no compartment on the station is covered by an installation token"
    if a == OUTSIDE:
        if st.iss_mat[p] < 1:
            return "outside jobs convert ISS materials, and the ISS material track is at 0"
        if st.ext_mat[p] >= tb.max_ext:
            return "the external material track is at its top"
        return "no crane compartment is free"
    if not st.hands[p]:
        return f"{who} holds no experiment card"
    return "no experiment in hand can be done now: materials, free compartments or astronauts are missing"
