"""Conduct Experiments of 1998 ISS: the ways of doing an experiment card (which astronaut serves which
compartment), whether a card can be done at all, and the action list of the card.

The ways are searched once per card over counts of astronauts and compartments (virtual
compartments, memoised by the counts) and then named with the real compartments of the position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from isslab.games.iss_1998.actions import Conduct
from isslab.games.iss_1998.components import ANY
from isslab.games.iss_1998.legal_cards import _lowest, free_mask
from isslab.games.iss_1998.tables import UNITY, Tables, bits

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import State1998

__all__ = ["conduct_plans", "doable_experiments", "servable"]


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
#: per type and count n: the first n virtual ids of the player's own and of the free compartments
_VIRTUAL_OWN = tuple(tuple(tuple(_OWN + 10 * t + k for k in range(n)) for n in range(5)) for t in range(4))
_VIRTUAL_FREE = tuple(tuple(tuple(_FREE + 10 * t + k for k in range(n)) for n in range(5)) for t in range(5))


def _abstract_plans(
    tb: Tables, card: int, u: int, own_n: tuple[int, ...], free_n: tuple[int, ...]
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """``conduct_plans`` over virtual compartments, memoised by the counts it depends on."""
    key = ("plans", card, u, own_n, free_n)
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] | None = tb.memo_conduct.get(key)
    if found is None:
        own = tuple([_VIRTUAL_OWN[t][n] for t, n in enumerate(own_n)])
        free = tuple([_VIRTUAL_FREE[t][n] for t, n in enumerate(free_n)])
        found = conduct_plans(tb, card, u, own, free)
        tb.memo_conduct[key] = found
    return found


def _room(tb: Tables, avail: int, free: int) -> tuple[int, tuple[int, ...]]:
    """The player's movable astronauts and the room per type of :func:`servable`, for the player's
    compartments ``avail`` and the free ones ``free``; the compartments of each type are counted up
    to 4 (no card needs more). Memoised by the two masks."""
    key = (avail, free)
    found = tb.memo_room.get(key)
    if found is None:
        own = [min(4, (avail & m).bit_count()) for m in tb.type_mask[:4]]
        fr = [min(4, (free & m).bit_count()) for m in tb.type_mask]
        room = (own[0] + fr[0], own[1] + fr[1], own[2] + fr[2], own[3] + fr[3], fr[4])
        found = tb.memo_room[key] = (sum(own), room)
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
    for t, n in tb.exp_typed[card]:  # a loop, not all() over a generator: 2x faster on this hot path
        if room[t] < n:
            return False
    return True


def _can_conduct(st: State1998, p: int, avail: int, free: int) -> bool:
    """Whether some experiment in ``p``'s hand can be done now (materials first, then
    :func:`servable` with the counts of :func:`_room`)."""
    tb = st.game.tables
    iss, ext = st.iss_mat[p], st.ext_mat[p]
    cost_iss, cost_ext = tb.exp_iss, tb.exp_ext
    room: tuple[int, ...] = ()
    crew = 0
    for card in st.hands[p]:
        if cost_iss[card] <= iss and cost_ext[card] <= ext:
            if not room:
                movable, room = _room(tb, avail, free)
                crew = st.unity[p] + movable
            if servable(tb, card, crew, room):
                return True
    return False


def doable_experiments(st: State1998, p: int) -> list[int]:
    """The experiment cards in ``p``'s hand that can be done now (in some way)."""
    tb = st.game.tables
    movable, room = _room(tb, st.occ[p] & ~tb.ls_mask, free_mask(st))
    crew = st.unity[p] + movable
    iss, ext = st.iss_mat[p], st.ext_mat[p]
    return [
        card
        for card in st.hands[p]
        if tb.exp_iss[card] <= iss and tb.exp_ext[card] <= ext and servable(tb, card, crew, room)
    ]


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
        # the ways depend on the card, the astronauts in Unity (as many as the card needs), and the
        # lowest ``r`` of each type of the player's astronauts' compartments and of the free ones
        # of the types the card uses (no way uses more of a type than the card's ``r`` requirements)
        u = unity if unity < r else r
        own, room = _lowest(tb, avail, r), _lowest(tb, free & tb.exp_type_mask[card], r)
        key = (p, card, u, own, room)
        found = memo.get(key)
        if found is None:
            found = memo[key] = _conduct_ways(tb, p, card, u, own, room)
        out += found
    return out


def _conduct_ways(tb: Tables, p: int, card: int, u: int, avail: int, free: int) -> list[Conduct]:
    """The ways of doing ``card`` (see :func:`conduct_plans`), as actions with compartment labels.

    ``u``, ``avail`` and ``free`` hold at most as many astronauts and compartments of a type as the
    card has requirements (see :func:`_conduct`), so their counts are those the plans are memoised by.
    """
    tm = tb.type_mask
    own = [bits(avail & tm[t]) for t in range(4)]
    fr = [bits(free & tm[t]) for t in range(5)]
    plans = _abstract_plans(tb, card, u, tuple(map(len, own)), tuple(map(len, fr)))
    if not plans:
        return []
    # the label of each virtual compartment of the plans (see _abstract_plans)
    label = tb.comp_label
    names = {UNITY: "Unity"}
    for t, cs in enumerate(own):
        for k, c in enumerate(cs):
            names[_OWN + 10 * t + k] = label[c]
    for t, cs in enumerate(fr):
        for k, c in enumerate(cs):
            names[_FREE + 10 * t + k] = label[c]
    name = tb.exp_name[card]
    return [
        Conduct(p, name, tuple([names[c] for c in srcs]), tuple([names[c] for c in tgts]))
        for srcs, tgts in plans
    ]
