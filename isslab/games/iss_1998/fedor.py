"""FEDOR, the solo automaton (Solo mode): its turn, its card actions, its cargo.

FEDOR is the second participant of a solo game (index ``game.fedor``); it makes no decision, so
its turn runs inside :func:`.steps.run` and stops only at chance nodes (a FEDOR card's back, an
experiment card it flips) and when the player must choose which installation token FEDOR takes.

A FEDOR card action goes through ``State.fstate``: flip the top card (a reshuffle card shuffles the
deck and the discards together and the next card is flipped), show the back of the new top card,
act, done. Where the rulebook leaves FEDOR a choice of compartment or astronaut, FEDOR takes the
lowest-numbered compartment and its astronauts in Unity first (reading 17).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from isslab.games.iss_1998.components import ISS_ACTIONS
from isslab.games.iss_1998.effects import count_down, do_experiment, move
from isslab.games.iss_1998.legal import conduct_plans, free_mask
from isslab.games.iss_1998.phases import Phase, Step
from isslab.games.iss_1998.scoring import FEDOR_FAILED, stat
from isslab.games.iss_1998.tables import (
    F_CONDUCT,
    F_INSTALL,
    F_LONG_STAY,
    F_OUTSIDE,
    F_RESHUFFLE,
    UNITY,
    bits,
)
from isslab.games.kit import put, put2

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import State1998

__all__ = [
    "FS_ACT",
    "FS_EXPERIMENT",
    "FS_EXPOSE",
    "FS_FLIP",
    "FS_INSTALL",
    "FS_NONE",
    "FS_TRY",
    "cargo",
    "countdown",
    "flipped",
    "prepare",
    "resume",
    "start_action",
    "take_token",
    "turn_start",
]

#: ``State.fstate``: no FEDOR action in progress, or where it stands
FS_NONE, FS_FLIP, FS_EXPOSE, FS_ACT, FS_INSTALL, FS_EXPERIMENT, FS_TRY = range(7)


def cargo(st: State1998, n: int) -> None:
    """FEDOR's cargo on pad ``n``'s new shuttle: an astronaut on a Soyuz, materials on the others."""
    tb = st.game.tables
    t = st.pad[n]
    if t < 0:
        return
    f = tb.fedor
    if t == tb.soyuz:
        if st.reserve[f] > 0 and sum(st.cargo_astro[n]) < tb.sh_seats[t]:
            st.cargo_astro = put2(st.cargo_astro, n, f, st.cargo_astro[n][f] + 1)
            st.reserve = put(st.reserve, f, st.reserve[f] - 1)
    elif tb.sh_mat[t]:
        room = tb.mat_capacity - st.cargo_mat[0][f] - st.cargo_mat[1][f]
        k = min(tb.fedor_cargo, room)
        if k > 0:
            st.cargo_mat = put2(st.cargo_mat, n, f, st.cargo_mat[n][f] + k)


def turn_start(st: State1998) -> bool:
    """Solo 1-2: recall every FEDOR astronaut to Unity, then flip a card and act."""
    tb = st.game.tables
    f = tb.fedor
    # "including those in long-stay compartments"; the variant option leaves those where they are
    stay = 0 if tb.fedor_recall_long_stays else st.occ[f] & tb.ls_mask
    st.unity = put(st.unity, f, st.unity[f] + (st.occ[f] & ~stay).bit_count())
    st.occ = put(st.occ, f, stay)
    start_action(st, extra=False)
    st.step = Step.FEDOR_PREPARE
    return False


def start_action(st: State1998, extra: bool) -> None:
    """Begin a FEDOR card action: on its turn, or as an extra action after a launch (Solo launch)."""
    st.fmode = 1 if extra else 0
    st.fstate = FS_FLIP
    st.fedor_failed = False
    st.fedor_card = -1


def _finish(st: State1998, failed: bool) -> None:
    st.fedor_failed = failed
    st.fstate = FS_NONE
    if failed:
        stat(st, st.game.tables.fedor, FEDOR_FAILED, 1)
    if st.fmode:  # an extra action places no cube and counts nothing down
        st.fedor_card = -1


def _refill(st: State1998, keep_last: bool) -> bool:
    """A card to expose: the deck, else the discards shuffled into a new deck (reading 19)."""
    if st.fedor_pool:
        return True
    discard = st.fedor_discard
    if keep_last:  # the card being resolved stays out
        pool, keep = discard[:-1], discard[-1:]
    else:
        pool, keep = discard, ()
    if not pool:
        return False
    st.fedor_pool = tuple(sorted(pool))
    st.fedor_discard = keep
    return True


def resume(st: State1998) -> bool:
    """Carry on FEDOR's action; True when stopped at a chance node or the player's decision."""
    tb = st.game.tables
    while True:
        fs = st.fstate
        if fs == FS_FLIP:
            if st.fedor_top < 0:
                if not _refill(st, keep_last=False):
                    _finish(st, True)
                    return False
                st.phase = Phase.FEDOR_TOP
                return True
            c = st.fedor_top
            st.fedor_top = -1
            if tb.f_action[c] == F_RESHUFFLE:  # Solo 2: shuffle the deck and the discards, flip again
                back = (c,) if tb.fedor_reshuffle_returns else ()
                st.fedor_pool = tuple(sorted(st.fedor_pool + st.fedor_discard + back))
                st.fedor_discard = ()
                continue
            st.fedor_discard = st.fedor_discard + (c,)
            st.fedor_card = c
            st.fstate = FS_EXPOSE
            stat(st, tb.fedor, ISS_ACTIONS[tb.f_action[c]], 1)
        elif fs == FS_EXPOSE:
            # the back of the next card shows at once (it decides the countdown, Solo 4)
            st.fstate = FS_ACT
            if st.fedor_top < 0 and _refill(st, keep_last=True):
                st.phase = Phase.FEDOR_TOP
                return True
        elif fs == FS_ACT:
            _act(st)
        elif fs == FS_INSTALL:
            if _install_tokens(st):
                return True
        elif fs == FS_EXPERIMENT:
            i = st.fedor_level - 1
            if st.exp_pool[i]:
                st.phase = Phase.FEDOR_EXPERIMENT
                return True
            bottom = st.exp_bottom[i]
            if not bottom:
                _finish(st, True)  # no card of that level is left to try
                continue
            st.exp_bottom = put(st.exp_bottom, i, bottom[1:])
            flipped(st, bottom[0])
        elif fs == FS_TRY:
            _try_experiment(st)
        else:
            return False


def _avail(st: State1998, f: int) -> int:
    """FEDOR's astronauts on the station that may act (not in a long-stay compartment)."""
    return st.occ[f] & ~st.game.tables.ls_mask


def _first_source(st: State1998, f: int) -> int:
    """The astronaut FEDOR sends: from Unity first, else the lowest compartment (reading 17)."""
    if st.unity[f] > 0:
        return UNITY
    avail = _avail(st, f)
    return (avail & -avail).bit_length() - 1 if avail else -2


def _act(st: State1998) -> None:
    """Solo 2: the action of the flipped card, or a failure (Solo 3: the compensation cube)."""
    tb = st.game.tables
    f = tb.fedor
    code = tb.f_action[st.fedor_card]
    if code == F_LONG_STAY:
        # as many astronauts as possible, each for one ISS material and one step of the track
        done = 0
        while st.iss_mat[f] > 0 and st.long_stay[f] < tb.ls_max:
            free_ls = free_mask(st) & tb.ls_mask
            src = _first_source(st, f)
            if not free_ls or src == -2:
                break
            move(st, f, src, (free_ls & -free_ls).bit_length() - 1)
            st.iss_mat = put(st.iss_mat, f, st.iss_mat[f] - 1)
            st.long_stay = put(st.long_stay, f, st.long_stay[f] + 1)
            done += 1
        _finish(st, done == 0)
    elif code == F_OUTSIDE:
        # "based on how many ISS materials it has": all of them, up to a player's 3 (reading 17)
        amount = min(tb.fedor_outside_max, st.iss_mat[f], tb.max_ext - st.ext_mat[f])
        own_crane = _avail(st, f) & tb.crn_mask
        free_crane = free_mask(st) & tb.crn_mask
        src = _first_source(st, f)
        if amount < 1 or (not own_crane and (not free_crane or src == -2)):
            _finish(st, True)
            return
        if not own_crane:  # reuse an astronaut already on a crane, else send one to a free crane
            move(st, f, src, (free_crane & -free_crane).bit_length() - 1)
        st.iss_mat = put(st.iss_mat, f, st.iss_mat[f] - amount)
        st.ext_mat = put(st.ext_mat, f, st.ext_mat[f] + amount)
        _finish(st, False)
    elif code == F_INSTALL:
        # one token per astronaut on the station (not in long stay), lowest module first; the Solo
        # rule sets no limit of two (option fedor_install_limit, reading 17)
        astronauts = st.unity[f] + _avail(st, f).bit_count()
        k = min(astronauts, (st.covered & st.docked).bit_count())
        if tb.fedor_install_limit:
            k = min(k, tb.fedor_install_limit)
        if k == 0:
            _finish(st, True)
            return
        while st.unity[f] < k:  # the astronauts used end in Unity, as for any player
            avail = _avail(st, f)
            move(st, f, (avail & -avail).bit_length() - 1, UNITY)
        st.fedor_left = k
        st.fstate = FS_INSTALL
    elif code == F_CONDUCT:
        astronauts = st.unity[f] + _avail(st, f).bit_count()
        if astronauts == 0:
            _finish(st, True)
            return
        st.fedor_level = min(3, astronauts)  # level 1/2/3 for 1/2/3+ astronauts
        st.fedor_tries = 0
        st.fstate = FS_EXPERIMENT
    else:  # pragma: no cover - reshuffle cards are handled when flipped
        _finish(st, True)


def _install_tokens(st: State1998) -> bool:
    """FEDOR takes its tokens module by module; the player picks when a module's are too many."""
    tb = st.game.tables
    f = tb.fedor
    while st.fedor_left > 0:
        covered = st.covered & st.docked
        if not covered:
            break
        low = covered & -covered
        mine = covered & tb.mod_mask[tb.comp_module[low.bit_length() - 1]]
        k = mine.bit_count()
        if k > st.fedor_left:  # "choose the one you prefer": the player decides
            st.phase = Phase.FEDOR_TOKEN
            st.actor = 0
            return True
        st.covered &= ~mine
        st.tokens = put(st.tokens, f, st.tokens[f] + k)
        st.fedor_left -= k
    st.fedor_left = 0
    _finish(st, False)
    return False


def take_token(st: State1998, c: int) -> None:
    """The player gives FEDOR the installation token of compartment ``c``."""
    f = st.game.tables.fedor
    st.covered &= ~(1 << c)
    st.tokens = put(st.tokens, f, st.tokens[f] + 1)
    st.fedor_left -= 1
    st.actor = st.turn


def flipped(st: State1998, c: int) -> None:
    """FEDOR has flipped experiment ``c``: try it next."""
    st.fedor_exp = c
    st.fstate = FS_TRY


def _try_experiment(st: State1998) -> None:
    """Do the flipped experiment if FEDOR can; else it goes under its deck and FEDOR tries again."""
    tb = st.game.tables
    f = tb.fedor
    c = st.fedor_exp
    st.fedor_exp = -1
    if tb.exp_iss[c] <= st.iss_mat[f] and tb.exp_ext[c] <= st.ext_mat[f]:
        avail = _avail(st, f)
        free = free_mask(st)
        r = len(tb.exp_needs[c])
        own = tuple(bits(avail & tb.type_mask[t])[:r] for t in range(4))
        fr = tuple(bits(free & tb.type_mask[t])[:r] for t in range(5))
        plans = conduct_plans(tb, c, min(st.unity[f], r), own, fr)
        if plans:
            srcs, tgts = plans[0]
            do_experiment(st, f, c, srcs, tgts)
            _finish(st, False)
            return
    i = tb.exp_level[c] - 1
    st.exp_bottom = put(st.exp_bottom, i, st.exp_bottom[i] + (c,))
    st.fedor_tries += 1
    if st.fedor_tries < tb.fedor_tries:
        st.fstate = FS_EXPERIMENT
    else:
        _finish(st, True)


def prepare(st: State1998) -> bool:
    """Solo 3: a cube on the module beside FEDOR's action, a second one if it failed."""
    st.step = Step.FEDOR_COUNTDOWN
    c = st.fedor_card
    if c < 0 or st.ending == 2:  # the final round places no cubes in modules
        return False
    tb = st.game.tables
    f = tb.fedor
    slot = st.rows[ISS_ACTIONS[tb.f_action[c]]]
    for _ in range(2 if st.fedor_failed else 1):
        if st.column[slot] < 0:
            break  # no module beside the card (reading 13)
        if st.cubes[f] <= 0:
            # "from the lowest module where it has one": the lowest space of the column (reading 18)
            for i in range(3, -1, -1):
                if st.ccubes[i][f] > 0:
                    st.ccubes = put2(st.ccubes, i, f, st.ccubes[i][f] - 1)
                    st.cubes = put(st.cubes, f, st.cubes[f] + 1)
                    break
            else:
                break
        st.ccubes = put2(st.ccubes, slot, f, st.ccubes[slot][f] + 1)
        st.cubes = put(st.cubes, f, st.cubes[f] - 1)
    return False


def countdown(st: State1998) -> bool:
    """Solo 4: the action card's value off the pad of the next FEDOR card's nationality."""
    st.step = Step.FEDOR_LAUNCH
    c = st.fedor_card
    st.fedor_card = -1
    if c < 0 or st.ending == 2 or st.fedor_top < 0:
        return False
    tb = st.game.tables
    n = tb.f_back[st.fedor_top]
    if st.pad[n] >= 0 and (any(st.cargo_astro[n]) or any(st.cargo_mat[n])):  # only a pad with cargo
        count_down(st, n, tb.countdown_values[ISS_ACTIONS[tb.f_action[c]]])
    return False
