"""``State1998.resample_hidden``: a position a seat cannot tell from the real one.

What a seat does not know in 1998 ISS: which experiment cards the others drew (their hands, the cards
they put back under a deck), the order of the decks, and, in the solo game, the face of the top
FEDOR card (its back is public). The core's generic resampler redraws every masked draw along the
history, but a card drawn early and performed later would then have to be drawn again by luck
(a performed card is named in public), so replays would nearly always run into a dead end.

This one relabels instead. Experiment cards of one level are alike to the rules until someone sees
them (a card's face matters only when its holder performs it, and then it is public), so the cards
of a level that the seat has never seen are relabelled at random, all through the history: every
draw, keep and return that names one names its image instead. The images are a shuffle of the
unseen cards in sorted order, given in the order the history first names the unseen cards, so the
draw depends only on what the seat knows and on the rng, never on which card really lies where
(the search bots' blindness rests on it). The new history is replayed through the rules; it is
legal and looks the same to the seat (its texts show the level, never the card). In the solo game
the top FEDOR card, whose face nobody has seen, is exchanged for a card drawn from the deck's
cards with the same back, in sorted order (the draw that put it on top names that card).

A position built by hand (no history) has its unseen cards dealt afresh (the other hands keep
their public counts per level); a position built by hand and then played on is returned as it is
(its past is unknown).
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
    tb = st.game.tables
    idx = tb.exp_index
    seen: set[int] = set()
    state: State1998 = st.game.new_state()
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


def _permutation(st: State1998, seen: set[int], first: list[int], rng: random.Random) -> dict[int, int]:
    """A random relabelling of the unseen cards of each level, by the order they are first named.

    The images are a shuffle of the unseen cards in sorted order, given to the unseen cards in the
    order ``first`` names them (the draws along the history), then to the rest in card order. So the
    draw depends on the seat's knowledge and ``rng`` only: two histories the seat cannot tell apart
    name their unseen cards in the same places, and get the same images there.
    """
    tb = st.game.tables
    sigma: dict[int, int] = {}
    for level in (1, 2, 3):
        unseen = [c for c in range(len(tb.exp_name)) if tb.exp_level[c] == level and c not in seen]
        named = [c for c in first if tb.exp_level[c] == level and c not in seen]
        slots = named + [c for c in unseen if c not in set(named)]
        image = unseen[:]
        rng.shuffle(image)
        sigma.update(zip(slots, image, strict=True))
    return sigma


def _first_named(history: tuple[Any, ...], idx: dict[str, int]) -> list[int]:
    """The experiment cards named along ``history``, each once, in the order first named."""
    order: dict[int, None] = {}
    for a in history:
        kind = type(a)
        if kind is ExperimentDraw:
            order.setdefault(idx[a.card])
        elif kind is Keep:
            for name in a.kept + a.returned:
                order.setdefault(idx[name])
    return list(order)


def _other_top(st: State1998, rng: random.Random) -> int:
    """Another card that could lie on top of the FEDOR deck (same back), or the top itself."""
    tb = st.game.tables
    top = st.fedor_top
    # sorted: the candidates must not reveal which of them is the real top
    same = sorted([c for c in st.fedor_pool if tb.f_back[c] == tb.f_back[top]] + [top])
    return same[int(rng.random() * len(same))]


def resample_hidden(st: State1998, seat: int, rng: random.Random, tries: int = 20) -> State:
    """A state that ``seat`` cannot tell from ``st``: unseen cards relabelled along the history.

    Same view for ``seat``, same texts of every past action as ``seat`` may know them, same legal
    actions at its turns. A relabelling can contradict what the seat saw: a player whose new hand
    could have performed the extra action Conduct Experiments would have been asked, where the real
    one skipped it without a word (the replay then fails), or the other way round; and when that
    question is the one asked now, no later action contradicts it, so the view of the new position
    is compared with the real one too. Either way a new relabelling is drawn; after ``tries``
    failures ``st`` itself is returned, as the core's resampler does.
    """
    st._check_seat(seat)
    history = st.history
    if not history:
        return _relabel_in_place(st, seat, rng)
    seen = _seen_cards(st, seat, history)
    if seen is None:
        return st  # a position built by hand, then played on: its past is unknown
    tb = st.game.tables
    names = tb.exp_name
    first = _first_named(history, tb.exp_index)
    last_top = max((i for i, a in enumerate(history) if type(a) is FedorTop), default=-1)
    hidden_top = st.fedor_top >= 0 and last_top >= 0 and history[last_top].number == st.fedor_top
    seen_now = st.view(seat)
    for _ in range(max(1, tries)):
        image = {names[c]: names[v] for c, v in _permutation(st, seen, first, rng).items()}
        new = [_relabel(a, image) for a in history]
        if hidden_top:
            c = _other_top(st, rng)
            new[last_top] = FedorTop(c, tb.f_label[c], ("RU", "US")[tb.f_back[c]])
        state: State = st.game.new_state()
        try:
            for action in new:
                state = state.apply(action)
        except IllegalActionError:  # the relabelled hands contradict a skipped step: draw again
            continue
        # the replay checks the past only: a decision the rules offer now, and only to a hand that
        # can use it (the extra action Conduct Experiments), has no later action to contradict
        if state.view(seat) != seen_now:
            continue
        return state
    return st


def _relabel(action: Any, image: dict[str, str]) -> Any:
    """``action`` naming the image of every experiment card it names (other actions unchanged)."""
    kind = type(action)
    if kind is ExperimentDraw:
        return ExperimentDraw(action.seat, action.level, image.get(action.card, action.card))
    if kind is Keep:
        return Keep(
            action.seat,
            tuple(image.get(c, c) for c in action.kept),
            action.kept_levels,
            tuple(image.get(c, c) for c in action.returned),
            action.returned_levels,
        )
    return action


def _relabel_in_place(st: State1998, seat: int, rng: random.Random) -> State1998:
    """A position without history: its unseen cards (other hands, the decks' tops) dealt afresh."""
    tb = st.game.tables
    seen: set[int] = set(st.hands[seat])
    for played in st.played:
        seen.update(played)
    for bottom in st.exp_bottom:  # who knows the cards under a deck is not recorded: keep them
        seen.update(bottom)
    seen.update(st.drawn)  # cards just drawn stay where they are: their holder is deciding
    # deal the unseen cards of each level, shuffled from sorted order, to the other hands by their
    # public counts per level (seat order), the rest to the deck: the real deal plays no part
    hands = [list(h) if s == seat else [] for s, h in enumerate(st.hands)]
    pools: list[tuple[int, ...]] = []
    for level in (1, 2, 3):
        unseen = [c for c in range(len(tb.exp_name)) if tb.exp_level[c] == level and c not in seen]
        rng.shuffle(unseen)
        for s, h in enumerate(st.hands):
            if s != seat:
                k = sum(1 for c in h if tb.exp_level[c] == level)
                hands[s] += unseen[:k]
                unseen = unseen[k:]
        pools.append(tuple(sorted(unseen)))

    new = st._copy()
    new._hist, new._nhist = None, 0
    new.hands = tuple(tuple(sorted(h)) for h in hands)
    new.exp_pool = tuple(pools)
    if tb.solo and st.fedor_top >= 0:
        c = _other_top(st, rng)
        new.fedor_top = c
        new.fedor_pool = tuple(sorted(x for x in (*st.fedor_pool, st.fedor_top) if x != c))
    return new
