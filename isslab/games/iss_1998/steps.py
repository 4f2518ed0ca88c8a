"""The steps of 1998 ISS: what each action does to the position (``State._apply``).

:func:`apply` copies the state once and hands the copy to one handler per action type, which
changes its fields in place (the copy is not shared yet) and then calls :func:`run`. ``run`` carries
the turn on through everything automatic, in the rulebook's order, until the next decision or
chance node: the cargo check when only one shuttle takes materials, the module preparation, the
countdown when only one pad may be counted down, the launch and its six steps (:mod:`.launch`), the
end of the turn, FEDOR's whole turn in the solo game. Comments cite the rulebook: "turn step n" (Player Turn),
"Launch step n", "Setup n", "Solo", and "reading n" for the numbered readings of the package
docstring.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from isslab.core import IllegalActionError
from isslab.games.iss_1998 import fedor
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
    GOAL_INDEX,
    SHUTTLE_INDEX,
    SHUTTLE_NATION,
)
from isslab.games.iss_1998.effects import count_down, do_experiment, move
from isslab.games.iss_1998.launch import launch
from isslab.games.iss_1998.legal import can_claim, countdown_pads, performable_mask
from isslab.games.iss_1998.phases import (
    NOBODY,
    PH_CARGO,
    PH_COUNTDOWN,
    PH_EXPERIMENT_DRAW,
    PH_EXTRA,
    PH_FEDOR_TOP,
    PH_FIRST,
    PH_GOAL,
    PH_GOAL_DRAW,
    PH_KEEP,
    PH_MODULE_DRAW,
    PH_NORMAL,
    PH_ORDER_EARTH,
    PH_ORDER_ISS,
    PH_OVER,
    PH_PERFORM,
    PH_RETRIEVE,
    PH_SHUTTLE_DRAW,
    STEP_CARGO,
    STEP_COUNTDOWN,
    STEP_END,
    STEP_EXTRA,
    STEP_FEDOR_COUNTDOWN,
    STEP_FEDOR_LAUNCH,
    STEP_FEDOR_PREPARE,
    STEP_FEDOR_START,
    STEP_GOAL_AFTER_ACTION,
    STEP_GOAL_AT_END,
    STEP_LAUNCH,
    STEP_NORMAL,
    STEP_PREPARE,
    STEP_SETUP,
    Phase,
)
from isslab.games.iss_1998.scoring import (
    EXTRA_USED,
    GOALS_CLAIMED,
    stat,
)
from isslab.games.iss_1998.tables import UNITY
from isslab.games.kit import drop, put, put2

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import State1998

__all__ = ["apply", "begin_turn", "run", "setup_next"]


def apply(st0: State1998, action: Any) -> State1998:
    """The state after the legal ``action`` (``State._apply``: the core has checked it)."""
    st = st0._copy()
    handler = _HANDLERS.get(type(action))
    if handler is None:  # pragma: no cover - resolve() only lets legal actions through
        raise IllegalActionError(f"unknown action {action!r}")
    handler(st, action)
    return st


def card_rows(earth: tuple[int, ...], iss: tuple[int, ...]) -> tuple[int, ...]:
    """The row (module space) beside each action card, from the Earth and ISS columns' orders."""
    rows = [0] * 8
    for r, a in enumerate(earth):
        rows[a] = r
    for r, a in enumerate(iss):
        rows[a] = r
    return tuple(rows)


# --- the driver -----------------------------------------------------------------------------------


def run(st: State1998) -> None:
    """Carry the game on from ``st.step`` until a decision or a chance node (or the end)."""
    fns = _STEP_TABLE
    while True:
        if st.fstate and fedor.resume(st):
            return
        if fns[st.step](st):
            return


def _decide(st: State1998, phase: Phase, actor: int) -> bool:
    st.phase = phase
    st.actor = actor
    return True


def _chance(st: State1998, phase: Phase) -> bool:
    st.phase = phase
    return True


# --- setup ----------------------------------------------------------------------------------------


def setup_next(st: State1998) -> bool:
    """The next chance node of the setup, or the start of the first turn (Setup 1-12)."""
    tb = st.game.tables
    if st.start < 0:
        return _chance(st, PH_FIRST)
    if not st.earth:
        return _chance(st, PH_ORDER_EARTH)
    if not st.iss:
        return _chance(st, PH_ORDER_ISS)
    if -1 in st.column and st.module_pool:
        return _chance(st, PH_MODULE_DRAW)
    if st.pad[0] < 0 or st.pad[1] < 0:
        return _chance(st, PH_SHUTTLE_DRAW)
    if len(st.goals) < tb.goals_in_play and not tb.solo:
        return _chance(st, PH_GOAL_DRAW)
    for q in range(tb.P):
        if q != tb.fedor and len(st.hands[q]) < 2:
            # Setup 10: a basic card, then a medium one
            st.actor = q
            st.to_draw = (len(st.hands[q]) + 1,)
            return _chance(st, PH_EXPERIMENT_DRAW)
    if tb.solo and st.fedor_top < 0:
        return _chance(st, PH_FEDOR_TOP)
    _finish_setup(st)
    return False


def _finish_setup(st: State1998) -> None:
    """Setup 12 (the discs that depend on the start player), the solo setup, then the first turn."""
    tb = st.game.tables
    iss = [tb.start_iss] * tb.P
    ext = [tb.start_ext] * tb.P
    iss[st.start] = tb.start_player_iss
    st.to_draw = ()
    st.actor = NOBODY
    if tb.solo:
        f = tb.fedor
        iss[f] = tb.fedor_iss  # Solo setup: FEDOR's discs on 6 and 2
        ext[f] = tb.fedor_ext
        for n in (0, 1):
            fedor.cargo(st, n)
    st.iss_mat = tuple(iss)
    st.ext_mat = tuple(ext)
    begin_turn(st, st.start)


def begin_turn(st: State1998, p: int) -> None:
    """The start of ``p``'s turn."""
    st.turn = p
    st.actor = p
    st.claimed = False
    st.doing = -1
    st.in_extra = False
    st.step = STEP_FEDOR_START if p == st.game.tables.fedor else STEP_CARGO


# --- the turn -------------------------------------------------------------------------------------


def _cargo_check(st: State1998) -> bool:
    """Turn step 1: with both shuttles empty, a material from the reserve goes on one of them."""
    st.step = STEP_EXTRA
    tb = st.game.tables
    none = tb.no_cargo
    ca, cm = st.cargo_astro, st.cargo_mat
    if ca[0] != none or ca[1] != none or cm[0] != none or cm[1] != none:
        return False
    p = st.turn
    pads = [n for n in (0, 1) if st.pad[n] >= 0 and tb.sh_mat[st.pad[n]]]
    if len(pads) == 2:
        st.step = STEP_CARGO
        return _decide(st, PH_CARGO, p)
    if pads:  # one shuttle takes materials: no choice to make (the Soyuz example)
        n = pads[0]
        st.cargo_mat = put2(st.cargo_mat, n, p, st.cargo_mat[n][p] + 1)
    return False


def _extra_offer(st: State1998) -> bool:
    """Turn step 2: a cube on an extra-action space may be returned to play that card's action."""
    p = st.turn
    st.step = STEP_NORMAL
    if p not in st.extra:
        return False
    mine = 0
    for a, q in enumerate(st.extra):
        if q == p:
            mine |= 1 << a
    if performable_mask(st, p) & mine:
        st.step = STEP_EXTRA
        return _decide(st, PH_EXTRA, p)
    return False


def _normal(st: State1998) -> bool:
    """Turn step 3: a cube from the reserve (or taken back from the board) onto an action card."""
    p = st.turn
    if st.ending != 2 and st.cubes[p] <= 0:
        st.need = 1
        return _decide(st, PH_RETRIEVE, p)
    st.phase = PH_NORMAL  # _decide written out: a step of every turn
    st.actor = p
    return True


def _prepare(st: State1998) -> bool:
    """Turn step 4: the cube on the action card moves to the module beside it."""
    st.step = STEP_GOAL_AFTER_ACTION
    a = st.doing
    if a < 0 or st.ending == 2:  # the final round places no cubes in modules (Endgame)
        return False
    p = st.turn
    slot = st.rows[a]
    if st.column[slot] >= 0:
        st.ccubes = put2(st.ccubes, slot, p, st.ccubes[slot][p] + 1)
    else:  # no module beside the card (the deck ran out): the cube goes back (reading 13)
        st.cubes = put(st.cubes, p, st.cubes[p] + 1)
    return False


def _goal_window(st: State1998) -> bool:
    """Goals: once per turn, a goal whose requirement is met may be claimed (reading 9)."""
    after_action = st.step == STEP_GOAL_AFTER_ACTION
    tb = st.game.tables
    if after_action and not tb.goal_after_action:
        st.step = STEP_COUNTDOWN
        return False
    p = st.turn
    if st.goals and can_claim(st, p):
        return _decide(st, PH_GOAL, p)
    if not after_action:
        st.step = STEP_END
        return False
    # Speed: no goal after the action, so the countdown runs here, and when no launch follows the
    # window at the end is skipped: the countdown changes nothing a goal reads, so that window
    # would find no goal either (can_claim, some 1.5% of a playout's instructions)
    st.step = STEP_COUNTDOWN
    if _countdown(st):
        return True
    if st.launch_pad < 0 and _launching_pad(st) < 0:
        st.step = STEP_END
    return False


def _countdown(st: State1998) -> bool:
    """Turn step 5: the action card's value off the countdown of a pad with cargo."""
    st.step = STEP_LAUNCH
    if st.doing < 0 or st.ending == 2:  # no countdown in the final round (Endgame)
        return False
    pads = countdown_pads(st)
    if len(pads) == 2:
        st.step = STEP_COUNTDOWN
        return _decide(st, PH_COUNTDOWN, st.turn)
    if pads:
        count_down(st, pads[0], st.game.tables.countdown_values[st.doing])
    return False


def _launching_pad(st: State1998) -> int:
    """The first pad whose shuttle's countdown is on 0 (it launches now), or -1."""
    cd = st.countdown
    if cd[0] and cd[1]:  # neither cube on 0 (most turns)
        return -1
    for n in (0, 1):
        if st.pad[n] >= 0 and cd[n] == 0:
            return n
    return -1


def _launch_step(st: State1998) -> bool:
    """Turn step 6: a pad at 0 launches its shuttle (Launch); then the turn goes on."""
    if st.launch_pad < 0:
        n = _launching_pad(st)
        if n < 0:
            fedor_turn = st.turn == st.game.tables.fedor
            st.step = STEP_END if fedor_turn else STEP_GOAL_AT_END
            return False
        st.launch_pad = n
        st.launcher = st.turn
        st.lstep = 0
    return launch(st)


def _end_turn(st: State1998) -> bool:
    """The next player clockwise; the end trigger, the final round and the end (Endgame)."""
    tb = st.game.tables
    p = st.turn
    st.turns += 1
    st.doing = -1
    if p == (st.start - 1) % tb.P:  # the player to the right of the start player ends a round
        if st.ending == 1:
            st.ending = 2
        elif st.ending == 2:
            st.phase = PH_OVER
            st.actor = NOBODY
            st.step = STEP_END
            return True
        st.start = st.round_first()  # the turn-order hook: the same start player unless a variant says so
        begin_turn(st, st.start)
        return False
    begin_turn(st, (p + 1) % tb.P)
    return False


# --- card actions ---------------------------------------------------------------------------------


def _place(st: State1998, action: Place) -> None:
    """Turn steps 2-3: the cube goes back to the reserve (extra) or onto the card (normal)."""
    p = action.seat
    a = ACTION_INDEX[action.card]
    if action.extra:
        st.extra = put(st.extra, a, -1)
        st.cubes = put(st.cubes, p, st.cubes[p] + 1)
        st.in_extra = True
        stat(st, p, EXTRA_USED, 1)
    else:
        st.in_extra = False
        if st.ending != 2:  # no cube placement in the final round (Endgame)
            st.cubes = put(st.cubes, p, st.cubes[p] - 1)
    stat(st, p, a, 1)
    st.doing = a
    st.phase = PH_PERFORM  # _decide written out: an action of every turn
    st.actor = p


def _end_card(st: State1998) -> None:
    """After a card's action: the normal action follows an extra one; module preparation follows it.

    The normal action's card stays in ``doing`` to the end of the turn (its cube and countdown).
    """
    if st.in_extra:
        st.in_extra = False
        st.doing = -1
        st.step = STEP_NORMAL
    else:
        st.step = STEP_PREPARE
    run(st)


def _train(st: State1998, action: Train) -> None:
    p = action.seat
    n = SHUTTLE_NATION[SHUTTLE_INDEX[action.shuttle]]
    st.cargo_astro = put2(st.cargo_astro, n, p, st.cargo_astro[n][p] + 1)
    st.reserve = put(st.reserve, p, st.reserve[p] - 1)
    _end_card(st)


def _load(st: State1998, action: Load) -> None:
    p = action.seat
    cm = st.cargo_mat
    for n in (0, 1):
        if action.amounts[n]:
            cm = put2(cm, n, p, cm[n][p] + action.amounts[n])
    st.cargo_mat = cm
    _end_card(st)


def _construct(st: State1998, action: Construct) -> None:
    p = action.seat
    tb = st.game.tables
    st.targets = (st.column.index(tb.mod_index[action.first]), st.column.index(tb.mod_index[action.second]))
    if st.cubes[p] < 2:  # take back the cubes needed first (Construct Modules)
        st.need = 2 - st.cubes[p]
        _decide(st, PH_RETRIEVE, p)
        return
    _place_construct(st, p)


def _place_construct(st: State1998, p: int) -> None:
    cc = st.ccubes
    for slot in st.targets:
        cc = put2(cc, slot, p, cc[slot][p] + 1)
    st.ccubes = cc
    st.cubes = put(st.cubes, p, st.cubes[p] - 2)
    st.targets = ()
    _end_card(st)


def _retrieve(st: State1998, action: Retrieve) -> None:
    p = action.seat
    tb = st.game.tables
    m = tb.mod_index.get(action.source, -1)
    if m >= 0:
        slot = st.column.index(m)
        st.ccubes = put2(st.ccubes, slot, p, st.ccubes[slot][p] - 1)
    else:
        a = ACTION_INDEX[action.source[: -len(" extra space")]]
        st.extra = put(st.extra, a, -1)
    st.cubes = put(st.cubes, p, st.cubes[p] + 1)
    st.need -= 1
    if st.need > 0:
        return
    if st.targets:
        _place_construct(st, p)
    else:
        st.step = STEP_NORMAL
        run(st)


def _plan(st: State1998, action: Plan) -> None:
    st.to_draw = tuple(action.levels)
    st.drawn = ()
    _draw_next(st)


def _draw_next(st: State1998) -> None:
    """Plan Experiments: draw from the chosen decks; a deck drawn down to the cards put under it
    gives those in order, without a chance node (reading 10). Then the player keeps some."""
    while st.to_draw:
        i = st.to_draw[0] - 1
        if st.exp_pool[i]:
            _chance(st, PH_EXPERIMENT_DRAW)
            return
        bottom = st.exp_bottom[i]
        st.to_draw = st.to_draw[1:]
        if bottom:
            st.drawn = st.drawn + (bottom[0],)
            st.exp_bottom = put(st.exp_bottom, i, bottom[1:])
    _decide(st, PH_KEEP, st.turn)


def _experiment_draw(st: State1998, action: ExperimentDraw) -> None:
    tb = st.game.tables
    c = tb.exp_index[action.card]
    i = action.level - 1
    st.exp_pool = put(st.exp_pool, i, drop(st.exp_pool[i], c))
    if st.step == STEP_SETUP:
        q = action.seat
        st.hands = put(st.hands, q, tuple(sorted(st.hands[q] + (c,))))
        run(st)
        return
    st.drawn = st.drawn + (c,)
    st.to_draw = st.to_draw[1:]
    _draw_next(st)


def _keep(st: State1998, action: Keep) -> None:
    p = action.seat
    tb = st.game.tables
    idx = tb.exp_index
    if action.kept:
        hand = st.hands[p] + tuple(idx[name] for name in action.kept)
        st.hands = put(st.hands, p, tuple(sorted(hand)))
    bottom = st.exp_bottom
    for name in action.returned:  # under its own deck (Plan Experiments)
        c = idx[name]
        i = tb.exp_level[c] - 1
        bottom = put(bottom, i, bottom[i] + (c,))
    st.exp_bottom = bottom
    st.drawn = ()
    _end_card(st)


def _long_stay(st: State1998, action: LongStay) -> None:
    p = action.seat
    ci = st.game.tables.comp_index
    move(st, p, ci[action.source], ci[action.target])
    st.iss_mat = put(st.iss_mat, p, st.iss_mat[p] - 1)
    st.long_stay = put(st.long_stay, p, st.long_stay[p] + 1)
    _end_card(st)


def _install(st: State1998, action: Install) -> None:
    p = action.seat
    ci = st.game.tables.comp_index
    for src in action.sources:  # the astronauts used go to Unity
        move(st, p, ci[src], UNITY)
    for tgt in action.targets:
        st.covered &= ~(1 << ci[tgt])
    st.tokens = put(st.tokens, p, st.tokens[p] + len(action.targets))
    _end_card(st)


def _outside(st: State1998, action: OutsideJobs) -> None:
    p = action.seat
    ci = st.game.tables.comp_index
    move(st, p, ci[action.source], ci[action.target])
    st.iss_mat = put(st.iss_mat, p, st.iss_mat[p] - action.amount)
    st.ext_mat = put(st.ext_mat, p, st.ext_mat[p] + action.amount)
    _end_card(st)


def _conduct(st: State1998, action: Conduct) -> None:
    p = action.seat
    tb = st.game.tables
    c = tb.exp_index[action.card]
    st.hands = put(st.hands, p, drop(st.hands[p], c))
    ci = tb.comp_index
    do_experiment(st, p, c, tuple(ci[s] for s in action.sources), tuple(ci[t] for t in action.targets))
    _end_card(st)


def _no_action(st: State1998, action: NoAction) -> None:
    st.doing = -1
    st.step = STEP_PREPARE
    run(st)


def _skip_extra(st: State1998, action: SkipExtra) -> None:
    st.step = STEP_NORMAL
    run(st)


def _cargo(st: State1998, action: Cargo) -> None:
    n = SHUTTLE_NATION[SHUTTLE_INDEX[action.shuttle]]
    p = action.seat
    st.cargo_mat = put2(st.cargo_mat, n, p, st.cargo_mat[n][p] + 1)
    st.step = STEP_EXTRA
    run(st)


def _claim(st: State1998, action: Claim) -> None:
    p = action.seat
    goal = GOAL_INDEX[action.goal]
    i = st.goals.index(goal)
    st.goal_owner = put(st.goal_owner, i, p)
    st.claimed = True
    stat(st, p, GOALS_CLAIMED, 1)
    _after_goal(st)


def _no_claim(st: State1998, action: NoClaim) -> None:
    _after_goal(st)


def _after_goal(st: State1998) -> None:
    st.step = STEP_COUNTDOWN if st.step == STEP_GOAL_AFTER_ACTION else STEP_END
    run(st)


def _count(st: State1998, action: Countdown) -> None:
    n = SHUTTLE_NATION[SHUTTLE_INDEX[action.shuttle]]
    count_down(st, n, action.steps)
    st.step = STEP_LAUNCH
    run(st)


def _place_extra(st: State1998, action: PlaceExtra) -> None:
    q = action.seat
    a = ACTION_INDEX[action.card]
    st.extra = put(st.extra, a, q)
    st.cubes = put(st.cubes, q, st.cubes[q] - 1)
    st.actor = st.turn
    run(st)


def _fedor_token(st: State1998, action: FedorToken) -> None:
    fedor.take_token(st, st.game.tables.comp_index[action.compartment])
    run(st)


# --- chance ---------------------------------------------------------------------------------------


def _start_player(st: State1998, action: StartPlayer) -> None:
    st.start = action.seat
    run(st)


def _column_order(st: State1998, action: ColumnOrder) -> None:
    order = tuple(ACTION_INDEX[name] for name in action.cards)
    if action.column == "Earth":
        st.earth = order
    else:
        st.iss = order
    if st.earth and st.iss:
        st.rows = card_rows(st.earth, st.iss)
    run(st)


def _module_draw(st: State1998, action: ModuleDraw) -> None:
    m = st.game.tables.mod_index[action.module]
    st.module_pool = drop(st.module_pool, m)
    st.column = put(st.column, st.column.index(-1), m)
    run(st)


def _shuttle_draw(st: State1998, action: ShuttleDraw) -> None:
    tb = st.game.tables
    t = SHUTTLE_INDEX[action.shuttle]
    n = SHUTTLE_NATION[t]
    st.pad = put(st.pad, n, t)
    st.countdown = put(st.countdown, n, tb.sh_start[t])  # on the shuttle's initial letter
    st.shuttle_pool = put(st.shuttle_pool, t, st.shuttle_pool[t] - 1)
    st.shuttle_left = put(st.shuttle_left, n, st.shuttle_left[n] - 1)
    if st.step != STEP_SETUP:
        if st.shuttle_left[n] == 0 and st.ending == 0:
            st.ending = 1  # the last card of a deck is on its pad (Endgame)
        if tb.solo:
            fedor.cargo(st, n)  # Solo launch: FEDOR loads the new shuttle
    run(st)


def _goal_draw(st: State1998, action: GoalDraw) -> None:
    st.goals = tuple(GOAL_INDEX[name] for name in action.goals)
    st.goal_owner = (-1,) * len(st.goals)
    run(st)


def _fedor_top(st: State1998, action: FedorTop) -> None:
    c = action.number
    st.fedor_top = c
    st.fedor_pool = drop(st.fedor_pool, c)
    run(st)


def _fedor_experiment(st: State1998, action: FedorExperiment) -> None:
    tb = st.game.tables
    c = tb.exp_index[action.card]
    i = action.level - 1
    st.exp_pool = put(st.exp_pool, i, drop(st.exp_pool[i], c))
    fedor.flipped(st, c)
    run(st)


_HANDLERS: dict[type, Callable[[Any, Any], None]] = {
    Train: _train,
    Load: _load,
    Construct: _construct,
    Plan: _plan,
    LongStay: _long_stay,
    Install: _install,
    OutsideJobs: _outside,
    Conduct: _conduct,
    NoAction: _no_action,
    Place: _place,
    SkipExtra: _skip_extra,
    Cargo: _cargo,
    Retrieve: _retrieve,
    Keep: _keep,
    Claim: _claim,
    NoClaim: _no_claim,
    Countdown: _count,
    PlaceExtra: _place_extra,
    FedorToken: _fedor_token,
    StartPlayer: _start_player,
    ColumnOrder: _column_order,
    ModuleDraw: _module_draw,
    ShuttleDraw: _shuttle_draw,
    GoalDraw: _goal_draw,
    ExperimentDraw: _experiment_draw,
    FedorTop: _fedor_top,
    FedorExperiment: _fedor_experiment,
}


_STEP_FNS: dict[int, Callable[[Any], bool]] = {
    STEP_CARGO: _cargo_check,
    STEP_EXTRA: _extra_offer,
    STEP_NORMAL: _normal,
    STEP_PREPARE: _prepare,
    STEP_GOAL_AFTER_ACTION: _goal_window,
    STEP_COUNTDOWN: _countdown,
    STEP_LAUNCH: _launch_step,
    STEP_GOAL_AT_END: _goal_window,
    STEP_END: _end_turn,
    STEP_FEDOR_START: fedor.turn_start,
    STEP_FEDOR_PREPARE: fedor.prepare,
    STEP_FEDOR_COUNTDOWN: fedor.countdown,
    STEP_FEDOR_LAUNCH: _launch_step,
    STEP_SETUP: setup_next,
}

#: the step functions as a tuple indexed by step (a list lookup is cheaper than a dict's)
_STEP_TABLE: tuple[Callable[[Any], bool], ...] = tuple(
    _STEP_FNS.get(i, setup_next) for i in range(max(_STEP_FNS) + 1)
)
