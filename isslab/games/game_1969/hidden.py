"""``State1969.resample_hidden``: a position a nation cannot tell from the real one.

What a nation does not see in 1969 is which cards went where: the values another nation drew, the
values it holds and has played face down on the current mission, the order of the deck. The
generic resampler of the core replays the history and redraws every action the nation sees only
masked; for 1969 that would also redraw the cards played on earlier missions, whose values became
public at the reveal (and in the discard pile), so the replay would show another past.

This one follows the cards themselves. It replays the history once and tracks every card (an id
with a fixed value) through the deck, the hands, the face-down plays and the discard pile, noting
when each card last entered the deck (at the start, or at a reshuffle) and at which draw it left it.
Then it exchanges pairs of cards that are both out of the nation's sight since before the earlier
of their two draws: another nation drew the one where it really drew the other. Both cards were in
the deck at that draw, and neither has been seen since, so every later action stays legal and the
nation sees the same thing; only the hidden draws (``CardDraw`` of other nations) and the
face-down plays not yet revealed (``Commit``) change, and their masked texts do not. The new
history is replayed through the rules (a swap that broke a rule would raise; none does).

The exchanges must not start from the real deal: a search bot (``ismcts``) plays from these
positions, and two positions a nation cannot tell apart must give it the same draws from the same
seed. So they start from a *canonical* history built from what the nation knows alone (its own
cards, every public action, the discards and the face-down plays revealed later), the rivals'
draws dealt again greedily so that each rival holds what it shows later. Before any reshuffle the
hidden cards are then dealt afresh (every hidden card may stand anywhere); after one, the pairwise
exchanges run from the canonical start. When the greedy deal finds no history (a few positions in
a hundred with four or five nations, after reshuffles) the exchanges start from the real deal, the
one case where a draw can still depend on cards the nation has not seen.

A card taken without a draw (the whole deck, when it holds no more cards than are drawn) stays
where it is: it left the deck with every other card, so there is nothing to exchange it with.
A position built by hand (no history) has its hidden cards dealt again at random instead; a
position built by hand and then played on is returned as it is (its past is unknown).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NamedTuple

from isslab.core import IllegalActionError, State
from isslab.games.game_1969.actions import CardDraw, Commit, Discard

if TYPE_CHECKING:
    from isslab.games.game_1969.rules import Game1969, State1969

__all__ = ["resample_hidden"]

_NEVER = 1 << 60  # the draw time of a card still in the deck


class _Place(NamedTuple):
    """Where a card lies: the deck, the discards, or a nation's hand or face-down play."""

    kind: str
    seat: int = -1


_DECK, _DISCARD = _Place("deck"), _Place("discard")


def _hand(seat: int) -> _Place:
    return _Place("hand", seat)


def _down(seat: int) -> _Place:
    return _Place("down", seat)


class _Cards:
    """Every card of one replay: where it is, when it last entered the deck, which draw took it."""

    def __init__(self, deck: tuple[int, ...], n: int) -> None:
        self.value: list[int] = []
        self.entered: list[int] = []  # step of the last entry into the deck (-1: the start)
        self.drawn: list[int] = []  # step of the draw that took it from there (_NEVER: still there)
        self.implicit: list[bool] = []  # taken with the whole deck, without a draw
        # where the cards are: place -> value -> ids
        self.places: dict[_Place, list[list[int]]] = {}
        self.nvalues = len(deck)
        for v, count in enumerate(deck):
            for _ in range(count):
                self._new(v)
        self.places[_DISCARD] = self._empty()
        for s in range(n):
            self.places[_hand(s)] = self._empty()
            self.places[_down(s)] = self._empty()
        #: step -> the ids each explicit draw took, and each face-down play put down
        self.draws: dict[int, list[int]] = {}
        self.plays: dict[int, list[int]] = {}

    def copy(self) -> _Cards:
        """A copy to exchange cards in (values, entries and whole-deck takes never change after a replay)."""
        new = object.__new__(_Cards)
        new.value, new.entered, new.implicit = self.value, self.entered, self.implicit
        new.nvalues = self.nvalues
        new.drawn = list(self.drawn)
        new.places = {p: [list(ids) for ids in by_value] for p, by_value in self.places.items()}
        new.draws = {k: list(v) for k, v in self.draws.items()}
        new.plays = {k: list(v) for k, v in self.plays.items()}
        return new

    def _empty(self) -> list[list[int]]:
        return [[] for _ in range(self.nvalues)]

    def _new(self, v: int) -> None:
        i = len(self.value)
        self.value.append(v)
        self.entered.append(-1)
        self.drawn.append(_NEVER)
        self.implicit.append(False)
        self.places.setdefault(_DECK, self._empty())[v].append(i)

    def counts(self, place: _Place) -> tuple[int, ...]:
        return tuple(len(ids) for ids in self.places[place])

    def move(self, src: _Place, dst: _Place, cards: tuple[int, ...]) -> list[int]:
        """Move ``cards`` (counts per value) from ``src`` to ``dst``; the ids moved."""
        moved = []
        for v, c in enumerate(cards):
            for _ in range(c):
                i = self.places[src][v].pop()
                self.places[dst][v].append(i)
                moved.append(i)
        return moved

    def reshuffle(self, step: int) -> None:
        """The discards become the deck (§2.2)."""
        for i in self.move(_DISCARD, _DECK, self.counts(_DISCARD)):
            self.entered[i] = step
            self.drawn[i] = _NEVER
            self.implicit[i] = False

    def follow(self, step: int, action: object, after: State1969) -> bool:
        """Move the cards as ``action`` did, reaching ``after``; False if the cards do not add up."""
        if isinstance(action, CardDraw):
            ids = self.move(_DECK, _hand(action.seat), action.cards)
            for i in ids:
                self.drawn[i] = step
            self.draws[step] = ids
        elif isinstance(action, Discard):
            cards = tuple(int(v == action.value - 1) for v in range(self.nvalues))
            self.move(_hand(action.seat), _DISCARD, cards)
        elif isinstance(action, Commit):
            self.plays[step] = self.move(_hand(action.seat), _down(action.seat), action.cards)
        n = len(after.hands)
        # the reveal: the face-down cards go to the discards (§3.2)
        if all(c is None for c in after.commits):
            for s in range(n):
                self.move(_down(s), _DISCARD, self.counts(_down(s)))
        # cards taken without a draw: the whole deck, maybe again after a reshuffle (reading 14)
        for s in range(n):
            want = sum(after.hands[s])
            while sum(self.counts(_hand(s))) < want:
                if sum(self.counts(_DECK)):
                    for i in self.move(_DECK, _hand(s), self.counts(_DECK)):
                        self.drawn[i] = step
                        self.implicit[i] = True
                elif sum(self.counts(_DISCARD)):
                    self.reshuffle(step)
                else:
                    return False
        if self.counts(_DECK) != after.deck and not sum(self.counts(_DECK)):
            self.reshuffle(step)
        return (
            self.counts(_DECK) == after.deck
            and self.counts(_DISCARD) == after.discard
            and all(self.counts(_hand(s)) == after.hands[s] for s in range(n))
        )


def resample_hidden(st: State1969, seat: int, rng: random.Random, tries: int = 20) -> State:
    """A state that ``seat`` cannot tell from ``st``: hidden cards exchanged along the history.

    Same view for ``seat``, same texts of every past action as ``seat`` may know them, same legal
    actions at its turns. ``tries`` is accepted for the core's signature; no retry is needed.
    """
    st._check_seat(seat)
    g = st.game
    history = st.history
    if not history:
        return _deal_again(st, seat, rng)
    # the preparation is the same on every call for one position and nation (a search bot asks
    # hundreds of times): it is memoised, and each call exchanges cards on a copy
    key = (history, seat)
    found = g.hidden_memo.get(key)
    if found is None:
        found = g.hidden_memo[key] = _prepare(g, history, seat)
    base, tracked, replayed = found
    if tracked is None or replayed != st:
        return st  # a position built by hand, then played on: its past is unknown
    cards = tracked.copy()
    if all(e < 0 for e in cards.entered) and not any(cards.implicit):
        # no card has re-entered the deck and none was taken without a draw (public facts): deal
        # the hidden cards afresh, so the position drawn depends on nothing the nation cannot see
        pending = _deal_canonically(cards, seat, rng)
    else:
        pending = _exchange(cards, seat, rng)
    new = list(base)
    for step, ids in cards.draws.items():
        new[step] = CardDraw(base[step].seat, _counts(cards, ids))
    for step in pending:
        new[step] = Commit(base[step].seat, _counts(cards, cards.plays[step]))
    replay: State = g.new_state()
    for action in new:
        replay = replay.apply(action)
    return replay


def _prepare(
    g: Game1969, history: tuple[Any, ...], seat: int
) -> tuple[tuple[Any, ...], _Cards | None, State | None]:
    """The history the exchanges start from, its card tracking, and the real position.

    The exchanges start from :func:`_canonical_history`, which is built from what ``seat`` knows
    alone, so that the positions drawn do not depend on the real deal; when its greedy deal finds no
    history (rare), they start from the real one.
    """
    real_cards, real = _follow(g, history)
    if real_cards is None or real is None:
        return history, None, None
    canonical = _canonical_history(g, history, seat)
    if canonical is not None:
        cards, state = _follow(g, canonical)
        if cards is not None and state is not None and state.view(seat) == real.view(seat):
            return canonical, cards, real
    return history, real_cards, real


def _canonical_history(g: Game1969, history: tuple[Any, ...], seat: int) -> tuple[Any, ...] | None:
    """A history ``seat`` cannot tell from ``history``, built from what it knows alone (None: none found).

    Everything ``seat`` has seen is kept: its own draws and plays, every public action, the
    discards and the face-down plays that were later revealed. The rivals' draws are dealt again
    greedily, in order: first the values each rival must still get for what it shows later
    (earliest first), then the values with the most to spare in the deck after everything still to
    be shown or drawn by ``seat``; a face-down play not yet revealed takes the lowest values of the
    hand. The result depends on the history only through what ``seat`` knows.
    """
    nv = g.nvalues
    # what is public in hindsight: discards, and face-down plays revealed later (§3.2)
    state: State1969 = g.new_state()
    revealed: set[int] = set()
    waiting: list[int] = []
    for t, action in enumerate(history):
        state = state.apply(action)  # type: ignore[assignment]
        if isinstance(action, Commit):
            waiting.append(t)
        if waiting and all(c is None for c in state.commits):
            revealed.update(waiting)
            waiting = []
    shows: list[tuple[int, int, tuple[int, ...]]] = []  # (step, seat, cards) shown by rivals
    mine: list[tuple[int, tuple[int, ...]]] = []  # (step, cards) drawn by ``seat``
    for t, action in enumerate(history):
        if isinstance(action, Discard) and action.seat != seat:
            shows.append((t, action.seat, tuple(int(v == action.value - 1) for v in range(nv))))
        elif isinstance(action, Commit) and action.seat != seat and t in revealed:
            shows.append((t, action.seat, action.cards))
        elif isinstance(action, CardDraw) and action.seat == seat:
            mine.append((t, action.cards))
    state = g.new_state()
    out: list[Any] = []
    try:
        for t, action in enumerate(history):
            if isinstance(action, CardDraw) and action.seat != seat:
                action = CardDraw(
                    action.seat, _greedy_draw(state, action.seat, sum(action.cards), t, shows, mine)
                )
            elif isinstance(action, Commit) and action.seat != seat and t not in revealed:
                action = Commit(action.seat, _lowest(state.hands[action.seat], sum(action.cards)))
            state = state.apply(action)  # type: ignore[assignment]
            out.append(action)
    except IllegalActionError:
        return None
    return tuple(out)


def _greedy_draw(
    st: State1969,
    who: int,
    k: int,
    t: int,
    shows: list[tuple[int, int, tuple[int, ...]]],
    mine: list[tuple[int, tuple[int, ...]]],
) -> tuple[int, ...]:
    """``k`` values for a rival's draw at step ``t``: what it must show later first, then spare values."""
    nv = len(st.deck)
    avail = list(st.deck)
    # each rival's values still to get: what it shows after t, beyond what it holds now
    owed: dict[int, list[int]] = {}
    held = {s: list(st.hands[s]) for s in range(len(st.hands))}
    for step, s, cards in shows:
        if step <= t:
            continue
        for v, c in enumerate(cards):
            keep = min(held[s][v], c)
            held[s][v] -= keep
            owed.setdefault(s, []).extend([v] * (c - keep))
    demand = [0] * nv
    for values in owed.values():
        for v in values:
            demand[v] += 1
    for step, cards in mine:
        if step > t:
            for v, c in enumerate(cards):
                demand[v] += c
    take = [0] * nv
    for v in owed.get(who, []):
        if sum(take) == k:
            break
        if avail[v]:
            take[v] += 1
            avail[v] -= 1
            demand[v] -= 1
    while sum(take) < k:
        v = max((v for v in range(nv) if avail[v]), key=lambda v: (avail[v] - demand[v], -v))
        take[v] += 1
        avail[v] -= 1
    return tuple(take)


def _lowest(hand: tuple[int, ...], k: int) -> tuple[int, ...]:
    """The ``k`` lowest values of a hand, as counts."""
    out = [0] * len(hand)
    for v, c in enumerate(hand):
        out[v] = min(c, k - sum(out))
    return tuple(out)


def _follow(g: Game1969, history: tuple[Any, ...]) -> tuple[_Cards | None, State | None]:
    """Replay ``history`` following every card; (None, None) when the cards do not add up."""
    cards = _Cards(g.deck0, g.n)
    state: State = g.new_state()
    try:
        for step, action in enumerate(history):
            state = state.apply(action)
            if not cards.follow(step, action, state):  # type: ignore[arg-type]
                return None, None
    except IllegalActionError:
        return None, None
    return cards, state


def _counts(cards: _Cards, ids: list[int]) -> tuple[int, ...]:
    out = [0] * cards.nvalues
    for i in ids:
        out[cards.value[i]] += 1
    return tuple(out)


def _exchange(cards: _Cards, seat: int, rng: random.Random) -> set[int]:
    """Exchange random pairs of cards hidden from ``seat``; the steps of the face-down plays changed."""
    place_of: dict[int, _Place] = {}
    for place, by_value in cards.places.items():
        for ids in by_value:
            for i in ids:
                place_of[i] = place
    # hidden from ``seat``: the deck, and the cards another nation drew (by a draw) and has not shown
    hidden = [
        i
        for i, place in place_of.items()
        if place == _DECK or (place != _DISCARD and place.seat != seat and not cards.implicit[i])
    ]
    drawn = [i for i in hidden if place_of[i] != _DECK]
    # the face-down play (not yet revealed) each hidden card lies in
    play_of: dict[int, int] = {}
    for step in sorted(cards.plays):
        for i in cards.plays[step]:
            if place_of[i].kind == "down":
                play_of[i] = step
    changed: set[int] = set()
    for _ in range(4 * len(hidden) if drawn else 0):
        a = drawn[int(rng.random() * len(drawn))]
        b = hidden[int(rng.random() * len(hidden))]
        va, vb = cards.value[a], cards.value[b]
        if va == vb:
            continue
        da, db = cards.drawn[a], cards.drawn[b]
        # both were in the deck just before the earlier of the two draws
        if not (cards.entered[a] < db and cards.entered[b] < da):
            continue
        # the draw that took ``a`` takes ``b`` instead, and the other way round
        ids = cards.draws[da]
        ids[ids.index(a)] = b
        if db != _NEVER:
            ids = cards.draws[db]
            ids[ids.index(b)] = a
        cards.drawn[a], cards.drawn[b] = db, da
        sa, sb = play_of.pop(a, None), play_of.pop(b, None)
        if sa is not None:
            ids = cards.plays[sa]
            ids[ids.index(a)] = b
            play_of[b] = sa
            changed.add(sa)
        if sb is not None:
            ids = cards.plays[sb]
            ids[ids.index(b)] = a
            play_of[a] = sb
            changed.add(sb)
        pa, pb = place_of[a], place_of[b]
        cards.places[pa][va].remove(a)
        cards.places[pb][vb].remove(b)
        cards.places[pb][va].append(a)
        cards.places[pa][vb].append(b)
        place_of[a], place_of[b] = pb, pa
        drawn = [i for i in hidden if place_of[i] != _DECK]
    return changed


def _deal_canonically(cards: _Cards, seat: int, rng: random.Random) -> set[int]:
    """Deal the cards hidden from ``seat`` afresh; the steps of the face-down plays changed.

    Only while every card is in its first pass through the deck and none was taken without a draw:
    then any hidden card may stand where any other does, the values hidden from ``seat`` are the
    deck's minus those it has seen, and the hidden places (each rival's face-down play and hand,
    and the deck) and their sizes are public. The hidden values, sorted, are shuffled with ``rng``
    and dealt to the places in that fixed order; cards are then exchanged along the history (as
    :func:`_exchange` does) until each place holds its share. The position drawn is so a function of
    what ``seat`` knows and of ``rng`` alone, which a search bot's decisions rely on (the real
    assignment only decides which past draw took which card, and that leaves no trace in the position).
    """
    place_of, hidden, play_of = _hidden_cards(cards, seat)
    n = len({p.seat for p in cards.places if p.kind == "hand"})
    order = [p for s in range(n) if s != seat for p in (_down(s), _hand(s))] + [_DECK]
    values = sorted(cards.value[i] for i in hidden)
    rng.shuffle(values)
    members = {p: sorted(i for i in hidden if place_of[i] == p) for p in order}
    changed: set[int] = set()
    at = 0
    for k, p in enumerate(order):
        size = len(members[p])
        want = [0] * cards.nvalues
        for v in values[at : at + size]:
            want[v] += 1
        at += size
        have = [0] * cards.nvalues
        for i in members[p]:
            have[cards.value[i]] += 1
        later = [i for q in order[k + 1 :] for i in members[q]]
        while have != want:
            # a card of a value p holds too many of, for one of a value it lacks from a later place
            a = next(i for i in members[p] if have[cards.value[i]] > want[cards.value[i]])
            b = next(i for i in later if have[cards.value[i]] < want[cards.value[i]])
            q = place_of[b]
            _swap(cards, a, b, place_of, play_of, changed)
            members[p][members[p].index(a)] = b
            members[q][members[q].index(b)] = a
            later[later.index(b)] = a
            have[cards.value[a]] -= 1
            have[cards.value[b]] += 1
    return changed


def _hidden_cards(cards: _Cards, seat: int) -> tuple[dict[int, _Place], list[int], dict[int, int]]:
    """Where every card is, the cards hidden from ``seat``, and the face-down play of each hidden card."""
    place_of: dict[int, _Place] = {}
    for place, by_value in cards.places.items():
        for ids in by_value:
            for i in ids:
                place_of[i] = place
    # hidden from ``seat``: the deck, and the cards another nation drew (by a draw) and has not shown
    hidden = [
        i
        for i, place in place_of.items()
        if place == _DECK or (place != _DISCARD and place.seat != seat and not cards.implicit[i])
    ]
    play_of: dict[int, int] = {}
    for step in sorted(cards.plays):
        for i in cards.plays[step]:
            if place_of[i].kind == "down":
                play_of[i] = step
    return place_of, hidden, play_of


def _swap(
    cards: _Cards, a: int, b: int, place_of: dict[int, _Place], play_of: dict[int, int], changed: set[int]
) -> None:
    """Exchange two hidden cards along the history: each takes the other's draw, play and place."""
    va, vb = cards.value[a], cards.value[b]
    da, db = cards.drawn[a], cards.drawn[b]
    if da != _NEVER:
        ids = cards.draws[da]
        ids[ids.index(a)] = b
    if db != _NEVER:
        ids = cards.draws[db]
        ids[ids.index(b)] = a
    cards.drawn[a], cards.drawn[b] = db, da
    sa, sb = play_of.pop(a, None), play_of.pop(b, None)
    if sa is not None:
        ids = cards.plays[sa]
        ids[ids.index(a)] = b
        play_of[b] = sa
        changed.add(sa)
    if sb is not None:
        ids = cards.plays[sb]
        ids[ids.index(b)] = a
        play_of[a] = sb
        changed.add(sb)
    pa, pb = place_of[a], place_of[b]
    cards.places[pa][va].remove(a)
    cards.places[pb][vb].remove(b)
    cards.places[pb][va].append(a)
    cards.places[pa][vb].append(b)
    place_of[a], place_of[b] = pb, pa


def _deal_again(st: State1969, seat: int, rng: random.Random) -> State1969:
    """A position without history: deal the cards ``seat`` cannot see again at random."""
    n = st.game.n
    others = [s for s in range(n) if s != seat]
    pool: list[int] = []
    for v, c in enumerate(st.deck):
        pool += [v] * c
    for s in others:
        for v, c in enumerate(st.hands[s]):
            pool += [v] * c
        down = st.commits[s]
        if down is not None:
            for v, c in enumerate(down):
                pool += [v] * c
    pool.sort()  # the order the cards were gathered in would tell where they were
    rng.shuffle(pool)

    def take(k: int) -> tuple[int, ...]:
        out = [0] * st.game.nvalues
        for _ in range(k):
            out[pool.pop()] += 1
        return tuple(out)

    new = st._copy()
    new._hist, new._nhist = None, 0
    hands = list(st.hands)
    commits = list(st.commits)
    for s in others:
        hands[s] = take(sum(st.hands[s]))
        down = st.commits[s]
        if down is not None:
            commits[s] = take(sum(down))
    new.hands, new.commits = tuple(hands), tuple(commits)
    new.deck = take(len(pool))
    return new
