"""Legal actions and chance outcomes of 1998 ISS, and the rule that forbids an action that is not legal.

Compartments of one type are interchangeable for every rule (all of them ask for a type; only
FEDOR's "lowest number first" tells modules apart, and it does so among free compartments of the
one type it needs), so where a player sends an astronaut to a free compartment the engine offers the
lowest-numbered free compartment of each type, and where an astronaut leaves a compartment, the
lowest-numbered one of each type the player occupies (reading 6). Installation tokens are offered
one per type too, except in the solo game, where FEDOR takes tokens by module number and every
covered compartment is offered.

Speed: every list is memoised on the game (bounded ``Memo`` objects, see :mod:`.tables`) by exactly
what it depends on, and the lists hold shared action objects. The core never mutates a legal list.

The order of the normal action's list is the order of the action cards (Train ... Conduct), each
card's actions in a fixed order; every other list has a fixed order too (seeded games replay).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from isslab.core import Action, short_repr
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
    ACTION_NAMES,
    ANY,
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
    SHUTTLE_NATION,
    TRAIN,
)
from isslab.games.iss_1998.phases import PHASE_TEXT, Phase
from isslab.games.iss_1998.tables import UNITY, Tables, bits
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
    "extra_label",
    "free_mask",
    "illegal_reason",
    "legal_actions",
    "performable",
    "performable_mask",
]

#: source categories: Unity, then own compartments of LAB, COM, CRN, EVA (LS astronauts are locked)
_SRC_TYPES = (UNITY, 0, 1, 2, 3)


def extra_label(a: int) -> str:
    """The name of the extra-action space of action card ``a`` (a ``Retrieve`` source)."""
    return f"{ACTION_NAMES[a]} extra space"


def free_mask(st: State1998) -> int:
    """Compartments on the station that are installed and unoccupied."""
    occ = 0
    for m in st.occ:
        occ |= m
    return st.docked & ~st.covered & ~occ


def _label(tb: Tables, c: int) -> str:
    return "Unity" if c == UNITY else tb.comp_label[c]


# --- the eight cards ------------------------------------------------------------------------------


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


def _lowest2(tb: Tables, mask: int) -> int:
    """The two lowest compartments of each type in ``mask`` (memoised by the mask)."""
    found = tb.memo_lowest2.get(mask)
    if found is None:
        found = 0
        for m in tb.type_mask:
            part = mask & m
            for _ in range(2):
                low = part & -part
                found |= low
                part ^= low
        tb.memo_lowest2[mask] = found
    return found


def _install_targets(tb: Tables, covered: int, k: int) -> list[tuple[int, ...]]:
    """The sets of ``k`` covered compartments offered to Install Compartments.

    In the solo game every set (FEDOR takes tokens by module number, so which module stays covered
    matters); else one set per multiset of types, the lowest compartments of each (reading 6).
    """
    key = ("targets", covered, k)
    found: list[tuple[int, ...]] | None = tb.memo_misc.get(key)
    if found is None:
        found = tb.memo_misc[key] = _targets(tb, covered, k)
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
    avail = _lowest2(tb, avail)
    if not tb.solo:
        covered = _lowest2(tb, covered)
    key = (INSTALL, p, u, avail, covered)
    found: list[Any] | None = tb.memo_iss.get(key)
    if found is None:
        found = []
        for k in (1, 2):
            targets = [tuple(_label(tb, c) for c in tgts) for tgts in _install_targets(tb, covered, k)]
            for srcs in _sources(tb, u, avail, k):
                s_labels = tuple(_label(tb, c) for c in srcs)
                found += [Install(p, s_labels, t_labels) for t_labels in targets]
        tb.memo_iss[key] = found
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


def conduct_plans(
    tb: Tables, card: int, u: int, own: tuple[tuple[int, ...], ...], free: tuple[tuple[int, ...], ...]
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The ways to do experiment ``card``: (sources, targets) per requirement, one per outcome.

    ``own[t]``: the player's movable astronauts' compartments of type t (LAB..EVA), ``free[t]``: the
    free compartments of type t (LAB..LS), ``u``: astronauts in Unity. A requirement is served by a
    distinct astronaut in a distinct compartment: either the astronaut already there (its own
    compartment, of the right type) or one that comes from Unity or another compartment into a free
    one. A long-term task leaves the astronauts in the targets; a short-term task sends them all to
    Unity. Outcomes that differ only by which of two same-type compartments is used are one outcome
    (reading 6), so each way is canonical: the lowest compartments first.

    The search goes requirement by requirement over partial states (how many astronauts came from
    Unity, and per type how many of the player's astronauts stayed or moved and how many free
    compartments were taken), keeping one way per partial state: its size is bounded by the counts,
    not by the number of orders, so a card of four "?" costs little.
    """
    needs = tb.exp_needs[card]
    long = tb.exp_long[card]
    own_n = [len(x) for x in own]
    free_n = [len(x) for x in free]
    # partial state -> the way it was first reached; a state is (unity, stayed, moved, newly)
    Key = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    Way = tuple[tuple[int, ...], tuple[int, ...]]
    layer: dict[Key, Way] = {(0, (0,) * 4, (0,) * 4, (0,) * 5): ((), ())}
    for need in needs:
        types = range(5) if need == ANY else (need,)
        nxt: dict[Key, Way] = {}
        for (unity, stayed, moved, newly), (srcs, tgts) in layer.items():
            used = [stayed[t] + moved[t] for t in range(4)]
            for t in types:
                # served in place by the player's astronaut already there (not LS: those are locked)
                if t < 4 and used[t] < own_n[t]:
                    c = own[t][used[t]]
                    key = (unity, stayed[:t] + (stayed[t] + 1,) + stayed[t + 1 :], moved, newly)
                    if key not in nxt:
                        nxt[key] = (srcs + (c,), tgts + (c,))
                # a free compartment of type t, reached from Unity or from another compartment
                if newly[t] < free_n[t]:
                    dst = free[t][newly[t]]
                    grown = newly[:t] + (newly[t] + 1,) + newly[t + 1 :]
                    if unity < u:
                        key = (unity + 1, stayed, moved, grown)
                        if key not in nxt:
                            nxt[key] = (srcs + (UNITY,), tgts + (dst,))
                    for s in range(4):
                        if used[s] < own_n[s]:
                            key = (unity, stayed, moved[:s] + (moved[s] + 1,) + moved[s + 1 :], grown)
                            if key not in nxt:
                                nxt[key] = (srcs + (own[s][used[s]],), tgts + (dst,))
        layer = nxt
    out: list[Way] = []
    seen: set[tuple[Any, ...]] = set()
    for (unity, stayed, moved, newly), way in layer.items():
        if long:  # the astronauts stay: what counts is how many of each type end where
            sig: tuple[Any, ...] = (unity, tuple(newly[t] - moved[t] for t in range(4)), newly[4])
        else:  # everybody used goes back to Unity: what counts is who was used
            sig = (unity, tuple(stayed[t] + moved[t] for t in range(4)))
        if sig not in seen:
            seen.add(sig)
            out.append(way)
    return out


#: virtual compartment ids of the abstract plans: own[t][k] and free[t][k] (k < 10)
_OWN, _FREE = 1000, 2000


def _abstract_plans(
    tb: Tables, card: int, u: int, own_n: tuple[int, ...], free_n: tuple[int, ...]
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """``conduct_plans`` over virtual compartments, memoised by the counts it depends on."""
    key = ("plans", card, u, own_n, free_n)
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] | None = tb.memo_conduct.get(key)
    if found is None:
        own = tuple(tuple(_OWN + 10 * t + k for k in range(own_n[t])) for t in range(4))
        free = tuple(tuple(_FREE + 10 * t + k for k in range(free_n[t])) for t in range(5))
        found = conduct_plans(tb, card, u, own, free)
        tb.memo_conduct[key] = found
    return found


def _counts4(tb: Tables, mask: int) -> tuple[int, ...]:
    """Per compartment type (LAB ... LS), how many compartments of ``mask``, capped at 4 (no card
    needs more); memoised by the mask."""
    found = tb.memo_counts.get(mask)
    if found is None:
        found = tb.memo_counts[mask] = tuple(min(4, (mask & m).bit_count()) for m in tb.type_mask)
    return found


def servable(tb: Tables, card: int, crew: int, room: tuple[int, ...]) -> bool:
    """Whether the compartments of experiment ``card`` can be served (Conduct Experiments).

    ``crew``: the astronauts that may act (in Unity, or in the player's compartments outside the
    long stays); ``room[t]``: the compartments of type t a requirement of that type may use (the
    player's own, where its astronaut serves in place, and the free ones). Each requirement takes
    its own astronaut and compartment, and any astronaut may move to any free compartment, so the
    card can be done exactly when there are astronauts and compartments for all its requirements
    and enough of each type for those of that type (the "?" ones take any). This is
    :func:`conduct_plans` found non-empty, without listing the ways (a test checks they agree).
    """
    r = tb.exp_r[card]
    if crew < r or sum(room) < r:
        return False
    return all(room[t] >= n for t, n in tb.exp_typed[card])


def _can_conduct(st: State1998, p: int, avail: int, free: int) -> bool:
    """Whether some experiment in ``p``'s hand can be done now (materials first, then
    :func:`servable` with the counts per type, capped at 4: no card needs more)."""
    tb = st.game.tables
    iss, ext = st.iss_mat[p], st.ext_mat[p]
    cost_iss, cost_ext = tb.exp_iss, tb.exp_ext
    room: tuple[int, ...] = ()
    crew = 0
    for card in st.hands[p]:
        if cost_iss[card] <= iss and cost_ext[card] <= ext:
            if not room:
                own = _counts4(tb, avail)
                fr = _counts4(tb, free)
                room = (own[0] + fr[0], own[1] + fr[1], own[2] + fr[2], own[3] + fr[3], fr[4])
                crew = st.unity[p] + own[0] + own[1] + own[2] + own[3]
            if servable(tb, card, crew, room):
                return True
    return False


def doable_experiments(st: State1998, p: int) -> list[int]:
    """The experiment cards in ``p``'s hand that can be done now (in some way)."""
    tb = st.game.tables
    avail = st.occ[p] & ~tb.ls_mask
    own = _counts4(tb, avail)
    fr = _counts4(tb, free_mask(st))
    room = (own[0] + fr[0], own[1] + fr[1], own[2] + fr[2], own[3] + fr[3], fr[4])
    crew = st.unity[p] + own[0] + own[1] + own[2] + own[3]
    iss, ext = st.iss_mat[p], st.ext_mat[p]
    return [
        card
        for card in st.hands[p]
        if tb.exp_iss[card] <= iss and tb.exp_ext[card] <= ext and servable(tb, card, crew, room)
    ]


def _counts(
    tb: Tables, card: int, unity: int, avail: int, free: int
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    r = tb.exp_r[card]
    tm = tb.type_mask
    own_n = tuple(min(r, (avail & tm[t]).bit_count()) for t in range(4))
    free_n = tuple(min(r, (free & tm[t]).bit_count()) for t in range(5))
    return min(unity, r), own_n, free_n


def _real(v: int, own: list[tuple[int, ...]], free: list[tuple[int, ...]]) -> int:
    """The compartment a virtual id of an abstract plan stands for (Unity stays Unity)."""
    if v >= _FREE:
        return free[(v - _FREE) // 10][(v - _FREE) % 10]
    if v >= _OWN:
        return own[(v - _OWN) // 10][(v - _OWN) % 10]
    return v


def _conduct(st: State1998, p: int) -> list[Any]:
    """Conduct Experiments: every card in hand that can be done now, every way (canonical)."""
    hand = st.hands[p]
    if not hand:
        return []
    tb = st.game.tables
    avail = st.occ[p] & ~tb.ls_mask
    unity = st.unity[p]
    if not unity and not avail:
        return []
    iss, ext = st.iss_mat[p], st.ext_mat[p]
    free = free_mask(st)
    memo = tb.memo_conduct_lists
    out: list[Any] = []
    for card in hand:
        if tb.exp_iss[card] > iss or tb.exp_ext[card] > ext:
            continue
        r = tb.exp_r[card]
        # the ways depend on the card, the astronauts in Unity (as many as the card needs) and
        # where the player's astronauts and the free compartments are
        key = (p, card, unity if unity < r else r, avail, free)
        found = memo.get(key)
        if found is None:
            found = memo[key] = _conduct_ways(tb, p, card, unity, avail, free)
        out += found
    return out


def _conduct_ways(tb: Tables, p: int, card: int, unity: int, avail: int, free: int) -> list[Conduct]:
    """The ways of doing ``card`` (see :func:`conduct_plans`), as actions with compartment labels."""
    u, own_n, free_n = _counts(tb, card, unity, avail, free)
    plans = _abstract_plans(tb, card, u, own_n, free_n)
    if not plans:
        return []
    tm = tb.type_mask
    own = [bits(avail & tm[t]) for t in range(4)]
    fr = [bits(free & tm[t]) for t in range(5)]
    name = tb.exp_name[card]
    return [
        Conduct(
            p,
            name,
            tuple(_label(tb, _real(c, own, fr)) for c in srcs),
            tuple(_label(tb, _real(c, own, fr)) for c in tgts),
        )
        for srcs, tgts in plans
    ]


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
    occ = 0
    for m in st.occ:
        occ |= m
    covered = st.covered
    free = st.docked & ~covered & ~occ
    iss = st.iss_mat[p]
    if iss >= 1 and st.long_stay[p] < tb.ls_max and free & tb.ls_mask:
        mask |= _LONG_STAY_BIT
    if covered & st.docked:
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


# --- goals ----------------------------------------------------------------------------------------


def _ru_us(won: tuple[int, ...]) -> tuple[int, int]:
    ru = won[0] + won[1]
    return ru, sum(won) - ru


#: per goal card: does participant ``p`` meet it with threshold ``th`` (Goals)
_GOAL_TESTS: tuple[Any, ...] = (
    lambda st, p, th: len(st.played[p]) >= th,
    lambda st, p, th: sum(1 for c in st.played[p] if st.game.tables.exp_level[c] == 3) >= th,
    lambda st, p, th: st.cargo_astro[0][p] + st.cargo_astro[1][p] >= th,
    lambda st, p, th: st.cargo_mat[0][p] + st.cargo_mat[1][p] >= th,
    lambda st, p, th: max(row[p] for row in st.ccubes) >= th,
    lambda st, p, th: st.tokens[p] >= th,
    lambda st, p, th: st.long_stay[p] >= th,
    lambda st, p, th: st.ext_mat[p] >= th,
    lambda st, p, th: sum(st.won[p]) >= th,
    lambda st, p, th: st.tokens[p] >= 1 and st.long_stay[p] >= 1 and min(_ru_us(st.won[p])) >= 1,
)


def goal_met(st: State1998, p: int, goal: int) -> bool:
    """Whether ``p`` meets the requirement of goal card ``goal`` now (Goals)."""
    met: bool = _GOAL_TESTS[goal](st, p, st.game.tables.goal_threshold[goal])
    return met


def claimable_goals(st: State1998, p: int) -> list[int]:
    """Indices (into ``st.goals``) of the goals on offer that ``p`` may claim now."""
    if st.claimed:
        return []
    owner = st.goal_owner
    threshold = st.game.tables.goal_threshold
    tests = _GOAL_TESTS
    return [i for i, goal in enumerate(st.goals) if owner[i] < 0 and tests[goal](st, p, threshold[goal])]


def can_claim(st: State1998, p: int) -> bool:
    """Whether ``p`` may claim some goal on offer now (:func:`claimable_goals` is not empty)."""
    if st.claimed:
        return False
    owner = st.goal_owner
    threshold = st.game.tables.goal_threshold
    tests = _GOAL_TESTS
    for i, goal in enumerate(st.goals):
        if owner[i] < 0 and tests[goal](st, p, threshold[goal]):
            return True
    return False


# --- the lists ------------------------------------------------------------------------------------


def _normal(st: State1998, p: int) -> list[Any]:
    return st.game.tables.place_lists[p][performable_mask(st, p)]


def _extra(st: State1998, p: int) -> list[Any]:
    tb = st.game.tables
    mine = 0
    for a, q in enumerate(st.extra):
        if q == p:
            mine |= 1 << a
    return tb.extra_lists[p][performable_mask(st, p) & mine]


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


def _keep(st: State1998, p: int) -> list[Any]:
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


def _countdown_pads(st: State1998) -> list[int]:
    """Pads whose shuttle carries at least one astronaut or material (turn step 5)."""
    return [n for n in (0, 1) if st.pad[n] >= 0 and (any(st.cargo_astro[n]) or any(st.cargo_mat[n]))]


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
        found = [Countdown(p, SHUTTLE_NAMES[st.pad[n]], steps) for n in _countdown_pads(st)]
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


# --- chance ---------------------------------------------------------------------------------------


def _uniform(actions: list[Any]) -> list[tuple[Action, float]]:
    p = 1.0 / len(actions)
    return [(a, p) for a in actions]


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


def _chance_list(st: State1998) -> list[Any]:
    """The legal list of a chance node: its outcomes' actions (without the probabilities)."""
    return [a for a, _ in _OUTCOMES[st.phase](st)]


_LEGAL: tuple[Any, ...] = tuple(
    {
        Phase.NORMAL: lambda st: _normal(st, st.actor),
        Phase.PERFORM: _perform,
        Phase.COUNTDOWN: _countdown_list,
        Phase.EXTRA: lambda st: _extra(st, st.actor),
        Phase.GOAL: _goal_list,
        Phase.KEEP: lambda st: _keep(st, st.actor),
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
    **{t: (Phase.PERFORM,) for t in (Train, Load, Construct, Plan, LongStay, Install, OutsideJobs, Conduct)},
}
_CHANCE_TYPES = (
    StartPlayer,
    ColumnOrder,
    ModuleDraw,
    ShuttleDraw,
    GoalDraw,
    ExperimentDraw,
    FedorTop,
    FedorExperiment,
)
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
_CARD_INDEX = {name: a for a, name in enumerate(ACTION_NAMES)}


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
        chance_types=_CHANCE_TYPES,
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
        a = _CARD_INDEX.get(action.card, -1)
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
