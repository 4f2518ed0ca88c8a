"""``State1998.resample_hidden``: a position a seat cannot tell from the real one.

What a seat does not know in 1998 ISS: which experiment cards the others drew (their hands, the cards
they put back under a deck), the order of the decks, and, in the solo game, the face of the top
FEDOR card (its back is public). The core's generic resampler redraws every masked draw along the
history, but a card drawn early and performed later would then have to be drawn again by luck
(a performed card is named in public), so replays would nearly always run into a dead end.

This one relabels instead. Experiment cards of one level are alike to the rules until someone sees
them (a card's face matters only when its holder performs it, and then it is public), so the cards
of a level that the seat has never seen are permuted at random, all through the history: every
draw, keep and return that names one names its image instead. The new history is replayed through
the rules; it is legal and looks the same to the seat (its texts show the level, never the card).
In the solo game the top FEDOR card, whose face nobody has seen, is exchanged for another card of
the deck with the same back (the draw that put it on top names the other card).

A position built by hand (no history) has its unseen cards relabelled in place; a position built
by hand and then played on is returned as it is (its past is unknown).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from isslab.core import IllegalActionError, State
from isslab.games.iss_1998.actions import ExperimentDraw, FedorExperiment, FedorTop, Keep

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import State1998

__all__ = ["resample_hidden"]


def _seen_cards(st: State1998, seat: int, history: tuple[Any, ...]) -> set[int] | None:
    """The experiment cards ``seat`` has seen along ``history`` (None if the replay fails)."""
    g = st.game
    idx = g.exp_index
    seen: set[int] = set()
    state: State1998 = g.new_state()
    try:
        for action in history:
            kind = type(action)
            if kind is FedorExperiment:  # FEDOR flips in public
                seen.add(idx[action.card])
            state = state.apply(action)  # type: ignore[assignment]
            seen.update(state.hands[seat])
            if state.turn == seat:
                seen.update(state.drawn)
    except IllegalActionError:
        return None
    if state != st:
        return None
    for played in st.played:  # performed cards are public
        seen.update(played)
    return seen


def _permutation(st: State1998, seen: set[int], rng: random.Random) -> dict[int, int]:
    """A random relabelling of the unseen cards of each level."""
    g = st.game
    sigma: dict[int, int] = {}
    for level in (1, 2, 3):
        unseen = [c for c in range(len(g.exp_name)) if g.exp_level[c] == level and c not in seen]
        image = unseen[:]
        rng.shuffle(image)
        sigma.update(zip(unseen, image, strict=True))
    return sigma


def _other_top(st: State1998, rng: random.Random) -> int:
    """Another card that could lie on top of the FEDOR deck (same back), or the top itself."""
    g = st.game
    top = st.fedor_top
    same = [c for c in st.fedor_pool if g.f_back[c] == g.f_back[top]] + [top]
    return same[int(rng.random() * len(same))]


def resample_hidden(st: State1998, seat: int, rng: random.Random, tries: int = 20) -> State:
    """A state that ``seat`` cannot tell from ``st``: unseen cards relabelled along the history.

    Same view for ``seat``, same texts of every past action as ``seat`` may know them, same legal
    actions at its turns. ``tries`` is accepted for the core's signature; no retry is needed.
    """
    st._check_seat(seat)
    history = st.history
    if not history:
        return _relabel_in_place(st, seat, rng)
    seen = _seen_cards(st, seat, history)
    if seen is None:
        return st  # a position built by hand, then played on: its past is unknown
    g = st.game
    sigma = _permutation(st, seen, rng)
    names = g.exp_name
    idx = g.exp_index

    def image(name: str) -> str:
        return names[sigma.get(idx[name], idx[name])]

    new = list(history)
    last_top = max((i for i, a in enumerate(history) if type(a) is FedorTop), default=-1)
    for i, a in enumerate(history):
        kind = type(a)
        if kind is ExperimentDraw:
            new[i] = ExperimentDraw(a.seat, a.level, image(a.card))
        elif kind is Keep:
            new[i] = Keep(
                a.seat,
                tuple(image(c) for c in a.kept),
                a.kept_levels,
                tuple(image(c) for c in a.returned),
                a.returned_levels,
            )
    if st.fedor_top >= 0 and last_top >= 0 and history[last_top].number == st.fedor_top:
        c = _other_top(st, rng)
        new[last_top] = FedorTop(c, g.f_label[c], ("RU", "US")[g.f_back[c]])
    state: State = g.new_state()
    try:
        for action in new:
            state = state.apply(action)
    except IllegalActionError:  # pragma: no cover - a relabelled history stays legal
        return st
    return state


def _relabel_in_place(st: State1998, seat: int, rng: random.Random) -> State1998:
    """A position without history: its unseen cards (other hands, the decks' tops) relabelled."""
    g = st.game
    seen: set[int] = set(st.hands[seat])
    for played in st.played:
        seen.update(played)
    for bottom in st.exp_bottom:  # who knows the cards under a deck is not recorded: keep them
        seen.update(bottom)
    seen.update(st.drawn)  # cards just drawn stay where they are: their holder is deciding
    sigma = _permutation(st, seen, rng)

    def relabel(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(sigma.get(c, c) for c in cards))

    new = st._copy()
    new._hist, new._nhist = None, 0
    new.hands = tuple(h if s == seat else relabel(h) for s, h in enumerate(st.hands))
    new.exp_pool = tuple(relabel(p) for p in st.exp_pool)
    if g.solo and st.fedor_top >= 0:
        c = _other_top(st, rng)
        new.fedor_top = c
        new.fedor_pool = tuple(sorted(x for x in (*st.fedor_pool, st.fedor_top) if x != c))
    return new
