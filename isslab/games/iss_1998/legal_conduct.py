"""Conduct Experiments of 1998 ISS: the ways of doing an experiment card (which astronaut serves which
compartment), whether a card can be done at all, and the action list of the card.

The ways are searched once per card over counts of astronauts and compartments (virtual
compartments, memoised by the counts) and then named with the real compartments of the position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from isslab.games.iss_1998.actions import Conduct
from isslab.games.iss_1998.components import ANY
from isslab.games.iss_1998.legal_cards import _label, free_mask
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
