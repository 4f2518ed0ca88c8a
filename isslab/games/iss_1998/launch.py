"""The launch of 1998 ISS: a pad at 0 sends its shuttle up (Launch steps 1-6), then the extra actions won.

:func:`launch` is turn step 6 of :mod:`.steps` once a pad has counted down to 0 (a FEDOR turn's
too): astronaut replacement, new astronauts and materials, the module with the most cubes, a
Soyuz's inspection, the shuttle card kept, and the extra actions won at the launch, clockwise from
the launcher (Extra Action; Solo launch 1, 4-5 for FEDOR). Like every step it changes the fields of
the state copy in place and returns True where it stops at a decision or a chance node.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from isslab.games.iss_1998 import fedor
from isslab.games.iss_1998.phases import PH_MODULE_DRAW, PH_PLACE_EXTRA, PH_SHUTTLE_DRAW
from isslab.games.iss_1998.scoring import EXTRA_WON, LAUNCHES, stat
from isslab.games.kit import put, put2

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import State1998

__all__ = ["launch"]


def launch(st: State1998) -> bool:
    """Launch steps 1-6, then the extra actions won (Extra Action); True when stopped."""
    tb = st.game.tables
    n = st.launch_pad
    t = st.pad[n]
    P = tb.P
    f = tb.fedor
    if st.lstep == 0:
        # step 1: astronaut replacement
        if tb.sh_repl[t]:
            ls = tb.ls_mask
            reserve, unity, occ = list(st.reserve), list(st.unity), list(st.occ)
            for q in range(P):
                in_ls = (occ[q] & ls).bit_count()
                if q == f:  # Solo launch 1: FEDOR's astronauts stay on the station
                    unity[q] += in_ls
                    occ[q] &= ~ls
                else:
                    reserve[q] += unity[q] + (occ[q] & ~ls).bit_count()
                    unity[q] = in_ls
                    occ[q] = 0
            st.reserve, st.unity, st.occ = tuple(reserve), tuple(unity), tuple(occ)
        # step 2: new astronauts into Unity
        if any(st.cargo_astro[n]):
            st.unity = tuple(u + a for u, a in zip(st.unity, st.cargo_astro[n], strict=True))
            st.cargo_astro = put(st.cargo_astro, n, (0,) * P)
        # step 3: materials, up to the top of the track
        if any(st.cargo_mat[n]):
            top = tb.max_iss
            st.iss_mat = tuple(min(top, v + m) for v, m in zip(st.iss_mat, st.cargo_mat[n], strict=True))
            st.cargo_mat = put(st.cargo_mat, n, (0,) * P)
        st.lstep = 1
    if st.lstep == 1:
        st.lstep = 2
        # step 4: the module with the most cubes (the higher on ties) goes up
        if tb.sh_mod[t] and any(m >= 0 for m in st.column):
            if _launch_module(st):
                return True
    if st.lstep == 2:
        # step 5: a Soyuz inspects the modules under construction
        if t == tb.soyuz:
            _inspect(st)
        # step 6: the launcher keeps the shuttle card; a new one goes on the pad
        st.won = put2(st.won, st.launcher, t, st.won[st.launcher][t] + 1)
        stat(st, st.launcher, LAUNCHES + t, 1)
        st.pad = put(st.pad, n, -1)
        st.countdown = put(st.countdown, n, 0)
        st.lstep = 3
        if st.shuttle_left[n] > 0:
            st.phase = PH_SHUTTLE_DRAW  # a chance node: the pad's new shuttle
            return True
    # the extra actions won at this launch, clockwise from the launcher (Extra Action)
    while st.queue:
        q = st.queue[0]
        st.queue = st.queue[1:]
        if q == f:  # Solo launch 4-5: FEDOR plays a FEDOR card at once
            fedor.start_action(st, extra=True)
            return False
        if st.cubes[q] > 0 and -1 in st.extra:
            st.phase, st.actor = PH_PLACE_EXTRA, q  # q decides where to place it
            return True
    st.launch_pad = -1
    st.lstep = 0
    st.actor = st.turn
    return False


def _winners(st: State1998, counts: list[int]) -> list[int]:
    """Participants with the most (at least one), clockwise from the launcher (Extra Action)."""
    best = max(counts)
    if best <= 0:
        return []
    P = st.game.tables.P
    start = st.launcher
    return [(start + i) % P for i in range(P) if counts[(start + i) % P] == best]


def _queue(st: State1998, winners: list[int]) -> None:
    """Add ``winners`` to the extra actions to place, keeping the clockwise order from the launcher."""
    for q in winners:
        stat(st, q, EXTRA_WON, 1)
    P = st.game.tables.P
    start = st.launcher
    merged = list(st.queue) + winners
    merged.sort(key=lambda q: (q - start) % P)  # stable: module winners before inspection winners
    st.queue = tuple(merged)


def _launch_module(st: State1998) -> bool:
    """Launch step 4: the module goes up, its cubes go home, majority, the column moves up."""
    tb = st.game.tables
    column = st.column
    totals = [sum(st.ccubes[i]) if column[i] >= 0 else -1 for i in range(4)]
    slot = totals.index(max(totals))  # the first (highest) of the most
    m = column[slot]
    cubes_there = st.ccubes[slot]
    _queue(st, _winners(st, list(cubes_there)))
    st.cubes = tuple(c + k for c, k in zip(st.cubes, cubes_there, strict=True))
    st.station = st.station + (m,)
    st.docked |= tb.mod_mask[m]
    # two installation tokens from the pool (as many as remain when it runs low, reading 14)
    left = st.token_pool
    for c in tb.mod_comps[m]:
        if left <= 0:
            break
        st.covered |= 1 << c
        left -= 1
    st.token_pool = left
    P = tb.P
    st.column = column[:slot] + column[slot + 1 :] + (-1,)
    st.ccubes = st.ccubes[:slot] + st.ccubes[slot + 1 :] + ((0,) * P,)
    if st.module_pool:
        st.phase = PH_MODULE_DRAW  # a chance node: the module that moves up the column
        return True
    return False


def _inspect(st: State1998) -> None:
    """Launch step 5: each takes one cube back from every module it has cubes on; most wins."""
    tb = st.game.tables
    P = tb.P
    got = [0] * P
    rows = []
    for row in st.ccubes:
        new = []
        for q in range(P):
            if row[q] > 0:
                got[q] += 1
                new.append(row[q] - 1)
            else:
                new.append(0)
        rows.append(tuple(new))
    st.ccubes = tuple(rows)
    st.cubes = tuple(c + k for c, k in zip(st.cubes, got, strict=True))
    _queue(st, _winners(st, got))
