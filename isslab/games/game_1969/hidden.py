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
cards, every public action, the sizes of the hidden ones, the discards and the face-down plays
revealed later): the rivals' draws and their face-down plays not yet revealed are chosen again, by
a depth-first search that tries the greedy choice first (each rival draws what it shows later) and
backtracks when a later step becomes illegal, the nation's own hand comes out other than it saw it
(it took the whole deck), or counting shows that a rival can no longer get a card it shows later.
The real history proves that one exists, so the search always finds one; greedy alone missed about
a quarter of the positions after a reshuffle. Before any reshuffle the hidden cards are then dealt
afresh (every hidden card may stand anywhere); after one, the pairwise exchanges run from the
canonical start. The search is bounded (``_NODE_LIMIT`` applied actions, about thirty times the
most that some 5,500 late positions of random games at four and five nations needed, 7,064; the
median is two replays of the history); should it ever give up, the hidden cards are dealt again
from the public facts alone, as for a position without history, and never from the real deal.

A card taken without a draw (the whole deck, when it holds no more cards than are drawn) stays
where it is: it left the deck with every other card, so there is nothing to exchange it with.
A position built by hand (no history) has its hidden cards dealt again at random instead; a
position built by hand and then played on is returned as it is (its past is unknown).
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Iterator
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
        #: the steps in which the discards became the deck (public: the deck grows, the discards empty)
        self.reshuffles: list[int] = []

    def copy(self) -> _Cards:
        """A copy to exchange cards in (values, entries and whole-deck takes never change after a replay)."""
        new = object.__new__(_Cards)
        new.value, new.entered, new.implicit = self.value, self.entered, self.implicit
        new.reshuffles = self.reshuffles
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
        return tuple(map(len, self.places[place]))

    def size(self, place: _Place) -> int:
        return sum(map(len, self.places[place]))

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
        self.reshuffles.append(step)
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
                down = _down(s)
                if any(self.places[down]):
                    self.move(down, _DISCARD, self.counts(down))
        # cards taken without a draw: the whole deck, maybe again after a reshuffle (reading 14)
        for s in range(n):
            want = sum(after.hands[s])
            hand = _hand(s)
            while self.size(hand) < want:
                if self.size(_DECK):
                    for i in self.move(_DECK, hand, self.counts(_DECK)):
                        self.drawn[i] = step
                        self.implicit[i] = True
                elif self.size(_DISCARD):
                    self.reshuffle(step)
                else:
                    return False
        deck = self.counts(_DECK)
        if deck != after.deck and not sum(deck):
            self.reshuffle(step)
            deck = self.counts(_DECK)
        return (
            deck == after.deck
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
    found = g.tables.hidden_memo.get(key)
    if found is None:
        found = g.tables.hidden_memo[key] = _prepare(g, history, seat)
    base, tracked, replayed, searched = found
    if tracked is None or replayed != st:
        return st  # a position built by hand, then played on: its past is unknown
    if not searched:
        # the search for a canonical history hit its limit (never seen in play): deal the hidden
        # cards again from the public facts alone rather than start from the real deal
        return _deal_again(st, seat, rng)
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


class _Start(NamedTuple):
    """What the exchanges of one position and nation start from (memoised per history and nation)."""

    base: tuple[Any, ...]  # the canonical history
    cards: _Cards | None  # its card tracking (None: the real history does not replay, see resample_hidden)
    real: State | None  # the real position, which a call must match
    found: bool  # False: the search for a canonical history hit its limit (see _NODE_LIMIT)


#: the applied actions the search for a canonical history may spend on one position and nation:
#: about thirty times the most measured on late positions (see the module docstring), so it only
#: bounds a pathological case (some seconds of work, once per position and nation)
_NODE_LIMIT = 200_000


class _LimitHit(Exception):
    """The search for a canonical history spent its budget."""


class _Known(NamedTuple):
    """What ``seat`` knows of a history, as the search for a canonical history needs it."""

    revealed: frozenset[int]  # steps of the face-down plays revealed later
    shows: dict[int, list[tuple[int, tuple[int, ...]]]]  # rival -> (step, cards) it shows, in order
    mine: list[tuple[int, tuple[int, ...]]]  # (step, cards) drawn by ``seat``
    hands: list[tuple[int, ...]]  # ``seat``'s hand after each step
    gained: list[tuple[int, ...]]  # gained[u]: the cards ``seat`` took from the deck in steps < u
    rival_gained: dict[int, list[int]]  # rival -> how many cards it took from the deck in steps < u
    reshuffles: list[int]  # the steps in which the discards became the deck (sorted)
    view: dict[str, Any]  # ``seat``'s view of the position


def _prepare(g: Game1969, history: tuple[Any, ...], seat: int) -> _Start:
    """The history the exchanges start from, its card tracking, and the real position.

    The exchanges start from :func:`_canonical_history`, which is built from what ``seat`` knows
    alone, so that the positions drawn do not depend on the real deal. The real history is replayed
    here only to check that the position is what it claims (its past is known) and to read what
    ``seat`` saw along it (its own hand, sizes, discards, reveals, the reshuffles).
    """
    states: list[State1969] = []
    real_cards, real = _follow(g, history, states)
    if real_cards is None or real is None:
        return _Start(history, None, None, False)
    known = _knowledge(g, history, seat, states, real_cards)
    try:
        found = _canonical_history(g, history, seat, known, _NODE_LIMIT)
    except _LimitHit:
        return _Start(history, real_cards, real, False)
    canonical, cards, _ = found
    return _Start(canonical, cards, real, True)


def _knowledge(
    g: Game1969, history: tuple[Any, ...], seat: int, states: list[State1969], cards: _Cards
) -> _Known:
    """What ``seat`` knows of ``history`` (``states``: the position after each step)."""
    nv, n = g.tables.nvalues, g.tables.n
    revealed: set[int] = set()
    waiting: list[int] = []
    for t, action in enumerate(history):
        if isinstance(action, Commit):
            waiting.append(t)
        if waiting and all(c is None for c in states[t].commits):
            revealed.update(waiting)
            waiting = []
    shows: dict[int, list[tuple[int, tuple[int, ...]]]] = {s: [] for s in range(n) if s != seat}
    mine: list[tuple[int, tuple[int, ...]]] = []
    gained = [(0,) * nv]
    rival_gained = {s: [0] for s in shows}
    before: State1969 = g.new_state()
    for t, action in enumerate(history):
        after = states[t]
        shown: tuple[int, ...] = (0,) * nv  # what the acting nation took from its hand
        if isinstance(action, Discard):
            shown = tuple(int(v == action.value - 1) for v in range(nv))
        elif isinstance(action, Commit):
            shown = action.cards
        actor = action.seat if isinstance(action, (Discard, Commit)) else -1
        if actor in shows and (isinstance(action, Discard) or t in revealed):
            shows[actor].append((t, shown))
        elif isinstance(action, CardDraw) and action.seat == seat:
            mine.append((t, action.cards))
        for s in range(n):
            back = shown if s == actor else (0,) * nv
            got = [a - b + c for a, b, c in zip(after.hands[s], before.hands[s], back, strict=True)]
            if s == seat:
                gained.append(tuple(x + y for x, y in zip(gained[-1], got, strict=True)))
            else:
                rival_gained[s].append(rival_gained[s][-1] + sum(got))
        before = after
    return _Known(
        revealed=frozenset(revealed),
        shows=shows,
        mine=mine,
        hands=[st.hands[seat] for st in states],
        gained=gained,
        rival_gained=rival_gained,
        reshuffles=sorted(set(cards.reshuffles)),
        view=before.view(seat),
    )


def _canonical_history(
    g: Game1969, history: tuple[Any, ...], seat: int, known: _Known, limit: int
) -> tuple[tuple[Any, ...], _Cards, State]:
    """A history ``seat`` cannot tell from ``history``, built from what it knows alone.

    Everything ``seat`` has seen is kept: its own draws and plays, every public action, the
    discards and the face-down plays that were later revealed. The hidden choices are made again,
    in order: each rival's draw (``CardDraw``) and each face-down play not yet revealed
    (``Commit``). The first candidate at each is the greedy one (:func:`_greedy_draw`; the lowest
    values of the hand for a play); when a later step becomes illegal, ``seat``'s own hand comes
    out other than it saw it, or a rival can no longer get the cards it shows later
    (:func:`_feasible`), the search backtracks to the latest choice and tries the next candidate,
    in a fixed order (nearest to the first one first). Positions already found to lead nowhere
    are remembered. The real history proves that a canonical one exists, so the search finds one;
    it raises ``_LimitHit`` after ``limit`` applied actions. The result depends on ``history``
    only through what ``seat`` knows (``known``, the public actions and the sizes of the hidden ones).
    """
    choices: dict[int, int] = {}  # step -> how many cards are chosen there
    for t, action in enumerate(history):
        if isinstance(action, CardDraw) and action.seat != seat:
            choices[t] = sum(action.cards)
        elif isinstance(action, Commit) and action.seat != seat and t not in known.revealed:
            choices[t] = sum(action.cards)
    flat_shows = sorted((t, s, cards) for s, seq in known.shows.items() for t, cards in seq)
    out = list(history)
    dead: set[tuple[int, State]] = set()
    spent = 0
    end = len(history)

    # depth first, without recursion (a late position has dozens of hidden choices): one frame per
    # choice on the path, with the candidates it has not tried yet
    frames: list[tuple[int, State1969, Iterator[tuple[int, ...]]]] = []
    state: State1969 = g.new_state()
    t = 0
    while True:
        # from a choice made (or the start): the steps everyone sees, up to the next choice
        alive = True
        while alive and t < end and t not in choices:
            if spent >= limit:
                raise _LimitHit
            spent += 1
            try:
                state = state.apply(history[t])  # type: ignore[assignment]
            except IllegalActionError:
                alive = False
                break
            # ``seat`` sees its hand: it took the cards it did with the whole deck
            alive = state.hands[seat] == known.hands[t]
            t += 1
        if alive and t == end:
            tracked, last = _follow(g, tuple(out))
            if tracked is not None and last is not None and last.view(seat) == known.view:
                return tuple(out), tracked, last
        elif alive and (t, state) not in dead:
            if _feasible(state, t, known):
                frames.append(
                    (t, state, iter(_candidates(state, history[t], choices[t], t, flat_shows, known)))
                )
            else:
                dead.add((t, state))
        # the next candidate of the latest choice that has one left
        while frames:
            at, before, untried = frames[-1]
            for counts in untried:
                if spent >= limit:
                    raise _LimitHit
                spent += 1
                chosen = type(history[at])(history[at].seat, counts)
                try:
                    state = before.apply(chosen)  # type: ignore[assignment]
                except IllegalActionError:
                    continue
                if state.hands[seat] != known.hands[at]:
                    continue  # the step went on to ``seat`` taking the whole deck, other cards than it did
                out[at] = chosen
                t = at + 1
                break
            else:
                frames.pop()
                dead.add((at, before))  # every candidate leads nowhere from this position
                continue
            break
        else:  # pragma: no cover - the real history is one, so the search cannot miss
            raise RuntimeError(f"1969: no canonical history for seat {seat} after {end} actions")


def _candidates(
    st: State1969,
    action: CardDraw | Commit,
    k: int,
    t: int,
    shows: list[tuple[int, int, tuple[int, ...]]],
    known: _Known,
) -> list[tuple[int, ...]]:
    """The values a rival's hidden draw or face-down play may take, the greedy choice first."""
    if isinstance(action, CardDraw):
        return _multisets(st.deck, k, _greedy_draw(st, action.seat, k, t, shows, known.mine))
    hand = st.hands[action.seat]
    return _multisets(hand, k, _lowest(hand, k))


def _multisets(pool: tuple[int, ...], k: int, first: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every choice of ``k`` cards from ``pool`` (counts per value): ``first``, then the nearest to it."""
    found: list[tuple[int, ...]] = []

    def grow(prefix: tuple[int, ...], left: int) -> None:
        v = len(prefix)
        if v == len(pool) - 1:
            if left <= pool[v]:
                found.append((*prefix, left))
            return
        for c in range(min(left, pool[v]), -1, -1):
            grow((*prefix, c), left - c)

    grow((), k)
    found.sort(key=lambda c: sum(abs(a - b) for a, b in zip(c, first, strict=True)))
    return found


def _feasible(st: State1969, t: int, known: _Known) -> bool:
    """Whether the rivals can still get every card they show later (counting; False: certainly not).

    Each rival must take the cards it shows beyond those it holds from the deck before it shows
    them, and it takes a known number of cards; until the next reshuffle every card comes from
    the deck as it is now, which must also hold what ``seat`` takes from it meanwhile.
    """
    nxt = bisect.bisect_left(known.reshuffles, t)
    until = known.reshuffles[nxt] if nxt < len(known.reshuffles) else len(known.hands)
    lo, hi = known.gained[t], known.gained[until]
    supply = [d - (b - a) for d, a, b in zip(st.deck, lo, hi, strict=True)]
    for s, seq in known.shows.items():
        hand = list(st.hands[s])
        taken = known.rival_gained[s]
        short: list[int] | None = None
        for u, cards in seq:
            if u < t:
                continue
            for v, c in enumerate(cards):
                hand[v] -= c
            missing = [max(0, -h) for h in hand]
            if sum(missing) > taken[u] - taken[t]:
                return False
            if u <= until:
                short = missing
        if short is not None:
            for v, c in enumerate(short):
                supply[v] -= c
    return min(supply, default=0) >= 0


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


def _follow(
    g: Game1969, history: tuple[Any, ...], states: list[State1969] | None = None
) -> tuple[_Cards | None, State | None]:
    """Replay ``history`` following every card; (None, None) when the cards do not add up.

    ``states``, if given, receives the position after each step.
    """
    cards = _Cards(g.tables.deck0, g.tables.n)
    state: State = g.new_state()
    try:
        for step, action in enumerate(history):
            state = state.apply(action)
            if not cards.follow(step, action, state):  # type: ignore[arg-type]
                return None, None
            if states is not None:
                states.append(state)  # type: ignore[arg-type]
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
    place_of, hidden, play_of = _hidden_cards(cards, seat)
    drawn = [i for i in hidden if place_of[i] != _DECK]
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
        _swap(cards, a, b, place_of, play_of, changed)
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
    n = st.game.tables.n
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
        out = [0] * st.game.tables.nvalues
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
