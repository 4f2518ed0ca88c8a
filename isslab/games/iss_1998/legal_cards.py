"""The ways of performing seven of the eight action cards of 1998 ISS (Train Astronauts ... Outside
Jobs; Conduct Experiments is :mod:`.legal_conduct`), and the station facts they read.

Where a player sends an astronaut to a free compartment the lists offer the lowest-numbered free
compartment of each type, and where an astronaut leaves a compartment, the lowest-numbered one of
each type the player occupies (reading 6; see :mod:`.legal`). Every list is memoised on the game's
tables by exactly what it depends on, except Install Compartments' (its parts are; see :func:`_install`).
"""

from __future__ import annotations

import itertools
from functools import reduce
from operator import or_
from typing import TYPE_CHECKING, Any

from isslab.games.iss_1998.actions import Install, Load, LongStay, OutsideJobs, Plan
from isslab.games.iss_1998.components import LOAD, LONG_STAY, OUTSIDE, PLAN, SHUTTLE_NAMES
from isslab.games.iss_1998.tables import UNITY, Tables, bits

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import State1998

__all__ = ["free_mask"]


def free_mask(st: State1998) -> int:
    """Compartments on the station that are installed and unoccupied."""
    # every participant's compartments at once: reduce over the C ``or`` is no Python loop
    return st.docked & ~st.covered & ~reduce(or_, st.occ)


def _label(tb: Tables, c: int) -> str:
    return "Unity" if c == UNITY else tb.comp_label[c]


def _own_by_type(tb: Tables, avail: int) -> tuple[tuple[int, ...], ...]:
    """The player's movable astronauts' compartments per type LAB, COM, CRN, EVA (lowest first)."""
    tm = tb.type_mask
    return tuple(bits(avail & tm[t]) for t in range(4))


def _sources(tb: Tables, u: int, avail: int, k: int) -> list[tuple[int, ...]]:
    """Multisets of ``k`` source astronauts: Unity, or the lowest own compartments of a type.

    Astronauts in two compartments of one type are interchangeable (reading 6), so a multiset is a
    count per category (Unity, LAB, COM, CRN, EVA), and the compartments are the lowest of each type.
    """
    key = ("src", u if u < k else k, avail, k)
    found: list[tuple[int, ...]] | None = tb.memo_misc.get(key)
    if found is not None:
        return found
    own = _own_by_type(tb, avail)
    limits = [min(u, k)] + [min(len(own[t]), k) for t in range(4)]
    found = []

    def rec(cat: int, left: int, acc: list[int]) -> None:
        if cat == 5:
            if not left:
                found.append(tuple(acc))
            return
        for take in range(min(limits[cat], left), -1, -1):
            if cat == 0:
                part = [UNITY] * take
            else:
                part = list(own[cat - 1][:take])
            rec(cat + 1, left - take, acc + part)

    rec(0, k, [])
    tb.memo_misc[key] = found
    return found


def _train(st: State1998, p: int) -> list[Any]:
    """Train Astronauts: an astronaut onto a shuttle with a free seat."""
    if st.reserve[p] <= 0:
        return []
    tb = st.game.tables
    out = []
    for n in (0, 1):
        t = st.pad[n]
        if t >= 0 and sum(st.cargo_astro[n]) < tb.sh_seats[t]:
            out.append(tb.act_train[p][t])
    return out


def _load(st: State1998, p: int) -> list[Any]:
    """Load Material: two materials on one shuttle or one on each (only shuttles that carry them)."""
    tb = st.game.tables
    ru, us = st.pad
    can = [t >= 0 and tb.sh_mat[t] for t in (ru, us)]
    if not can[0] and not can[1]:
        return []
    room = tb.mat_capacity - st.cargo_mat[0][p] - st.cargo_mat[1][p]
    if room < 2:
        return []
    key = (LOAD, p, ru if can[0] else -1, us if can[1] else -1)
    found: list[Any] | None = tb.memo_earth.get(key)
    if found is None:
        names = (SHUTTLE_NAMES[ru] if can[0] else "-", SHUTTLE_NAMES[us] if can[1] else "-")
        found = []
        for amounts in ((2, 0), (1, 1), (0, 2)):
            if (amounts[0] and not can[0]) or (amounts[1] and not can[1]):
                continue
            found.append(Load(p, amounts, names))
        tb.memo_earth[key] = found
    return found


def _construct(st: State1998, p: int) -> list[Any]:
    """Construct Modules: two cubes on one or two modules of the column."""
    tb = st.game.tables
    if st.ending == 2 and not tb.final_construct:
        return []
    acts = tb.act_construct[p]
    col = [m for m in st.column if m >= 0]
    return [acts[a][b] for i, a in enumerate(col) for b in col[i:]]


def _plan(st: State1998, p: int) -> list[Any]:
    """Plan Experiments: one card from each of two different decks (one deck if only one has cards)."""
    tb = st.game.tables
    have = tuple(bool(st.exp_pool[i] or st.exp_bottom[i]) for i in range(3))
    key = (PLAN, p, have)
    found: list[Any] | None = tb.memo_earth.get(key)
    if found is None:
        levels = [i + 1 for i in range(3) if have[i]]
        if len(levels) >= 2:
            found = [Plan(p, pair) for pair in itertools.combinations(levels, 2)]
        elif levels:
            found = [Plan(p, (levels[0],))]
        else:
            found = []
        tb.memo_earth[key] = found
    return found


def _long_stay(st: State1998, p: int) -> list[Any]:
    """Long Stay: an astronaut to the lowest free long-stay compartment, one ISS material spent."""
    tb = st.game.tables
    if st.iss_mat[p] < 1 or st.long_stay[p] >= tb.ls_max:
        return []
    free_ls = free_mask(st) & tb.ls_mask
    if not free_ls:
        return []
    u = min(st.unity[p], 1)
    avail = st.occ[p] & ~tb.ls_mask
    if not u and not avail:
        return []
    target = free_ls & -free_ls
    key = (LONG_STAY, p, u, avail, target)
    found: list[Any] | None = tb.memo_iss.get(key)
    if found is None:
        dst = _label(tb, target.bit_length() - 1)
        found = [LongStay(p, _label(tb, src[0]), dst) for src in _sources(tb, u, avail, 1)]
        tb.memo_iss[key] = found
    return found


def _lowest(tb: Tables, mask: int, k: int) -> int:
    """The ``k`` lowest compartments of each type in ``mask`` (memoised by the mask and ``k``)."""
    key = (mask, k)
    found = tb.memo_lowest.get(key)
    if found is None:
        found = 0
        for m in tb.type_mask:
            part = mask & m
            for _ in range(k):
                low = part & -part
                found |= low
                part ^= low
        tb.memo_lowest[key] = found
    return found


def _install_targets(tb: Tables, covered: int, k: int) -> list[tuple[str, ...]]:
    """The sets of ``k`` covered compartments offered to Install Compartments, as labels.

    In the solo game every set (FEDOR takes tokens by module number, so which module stays covered
    matters); else one set per multiset of types, the lowest compartments of each (reading 6).
    """
    key = ("targets", covered, k)
    found: list[tuple[str, ...]] | None = tb.memo_misc.get(key)
    if found is None:
        label = tb.comp_label
        found = tb.memo_misc[key] = [tuple([label[c] for c in tgts]) for tgts in _targets(tb, covered, k)]
    return found


def _targets(tb: Tables, covered: int, k: int) -> list[tuple[int, ...]]:
    if tb.solo:
        return list(itertools.combinations(bits(covered), k))
    tm = tb.type_mask
    lowest = []  # per type present: its two lowest covered compartments
    for t in range(5):
        m = covered & tm[t]
        if m:
            first = m & -m
            rest = m ^ first
            second = rest & -rest
            lowest.append((first.bit_length() - 1, second.bit_length() - 1 if second else -1))
    if k == 1:
        return [(a,) for a, _ in lowest]
    out: list[tuple[int, ...]] = []
    for i, (a, b) in enumerate(lowest):
        if b >= 0:
            out.append((a, b))
        for c, _ in lowest[i + 1 :]:
            out.append((a, c) if a < c else (c, a))
    return out


def _source_labels(tb: Tables, u: int, avail: int, k: int) -> list[tuple[str, ...]]:
    """:func:`_sources` as labels (memoised alike)."""
    key = ("src labels", u if u < k else k, avail, k)
    found: list[tuple[str, ...]] | None = tb.memo_misc.get(key)
    if found is None:
        found = tb.memo_misc[key] = [
            tuple([_label(tb, c) for c in srcs]) for srcs in _sources(tb, u, avail, k)
        ]
    return found


def _install(st: State1998, p: int) -> list[Any]:
    """Install Compartments: one or two astronauts remove as many installation tokens."""
    tb = st.game.tables
    covered = st.covered & st.docked
    if not covered:
        return []
    u = min(st.unity[p], 2)
    avail = st.occ[p] & ~tb.ls_mask
    if not u and not avail:
        return []
    # one or two astronauts and tokens: only the two lowest compartments of each type matter
    # (reading 6; FEDOR's solo game tells the covered ones apart)
    avail = _lowest(tb, avail, 2)
    if not tb.solo:
        covered = _lowest(tb, covered, 2)
    # speed: the sources and the targets are memoised (as labels), not the list of their pairs: in
    # random playouts three lists in four were new, and the lists kept alive cost the garbage
    # collector more than they saved (about 1% of a playout's instructions)
    found: list[Any] = []
    for k in (1, 2):
        sources = _source_labels(tb, u, avail, k)
        if sources:
            targets = _install_targets(tb, covered, k)
            found += [Install(p, srcs, tgts) for srcs in sources for tgts in targets]
    return found


def _outside(st: State1998, p: int) -> list[Any]:
    """Outside Jobs: an astronaut to a free crane (or staying on its crane); 1-3 materials converted."""
    tb = st.game.tables
    most = min(3, st.iss_mat[p], tb.max_ext - st.ext_mat[p])
    if most < 1:
        return []
    u = min(st.unity[p], 1)
    avail = st.occ[p] & ~tb.ls_mask
    if not u and not avail:
        return []
    free_crn = free_mask(st) & tb.crn_mask
    own_crn = avail & tb.crn_mask
    if not free_crn and not own_crn:
        return []
    target = free_crn & -free_crn
    key = (OUTSIDE, p, u, avail, target, most)
    found: list[Any] | None = tb.memo_iss.get(key)
    if found is None:
        found = []
        pairs: list[tuple[int, int]] = []
        if own_crn:  # reuse the astronaut already on a crane, without moving it
            c = own_crn & -own_crn
            pairs.append((c.bit_length() - 1, c.bit_length() - 1))
        if target:
            dst = target.bit_length() - 1
            for (src,) in _sources(tb, u, avail & ~tb.crn_mask, 1):
                pairs.append((src, dst))
        for src, dst in pairs:
            for amount in range(1, most + 1):
                found.append(OutsideJobs(p, _label(tb, src), _label(tb, dst), amount))
        tb.memo_iss[key] = found
    return found
