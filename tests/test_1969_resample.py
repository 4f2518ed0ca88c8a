"""1969's ``resample_hidden`` depends on nothing the seat has not seen, late in the game too.

The exchanges start from a canonical history rebuilt from what the seat knows; the positions in
``HARD`` are ones where rebuilding it greedily (no backtracking, the code before the search) found
none and fell back to the real deal. They were found by playing random games at four and five
nations and looking every ten steps; each is (nations, seed of ``isslab.play`` with random bots,
number of actions played, seat).
"""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

import isslab
from isslab.core import IllegalActionError, Memo, State
from isslab.games.game_1969 import State1969, hidden
from isslab.games.game_1969.actions import CardDraw, Commit
from isslab.games.game_1969.rules import Game1969

HARD = [
    (4, 0, 175, 0),  # the greedy deal reaches another hand for the seat (it takes the whole deck)
    (4, 9, 175, 1),
    (5, 2, 155, 1),
    (5, 5, 255, 3),  # the greedy deal leaves a rival without a card it shows later
    (5, 9, 225, 0),
]


def _game(players: int, **options: Any) -> Game1969:
    return cast(Game1969, isslab.make("1969", players=players, **options))


def _states(game: Game1969, seed: int) -> list[State1969]:
    """Every position of a seeded game between random bots, the start excluded."""
    state = game.new_state()
    out = []
    for action in isslab.play(game, "random", seed=seed).actions:
        state = cast(State1969, state.apply(action))
        out.append(state)
    return out


def _position(players: int, seed: int, length: int) -> State1969:
    """The position after ``length`` actions of a seeded game between random bots."""
    return _states(_game(players), seed)[length - 1]


@pytest.fixture(params=HARD, ids=lambda h: f"{h[0]}p-seed{h[1]}-{h[2]}-seat{h[3]}")
def hard(request: pytest.FixtureRequest) -> tuple[State1969, int]:
    """A position of ``HARD`` and the seat whose view is rebuilt."""
    players, seed, length, seat = request.param
    return _position(players, seed, length), seat


def _greedy_only(state: State1969, seat: int) -> bool:
    """The rebuilding before the search: greedy draws, lowest plays; whether it reaches the seat's view."""
    game = state.game
    history = state.history
    states: list[State1969] = []
    cards, real = hidden._follow(game, history, states)
    assert cards is not None and real is not None
    known = hidden._knowledge(game, history, seat, states, cards)
    shows = sorted((t, s, c) for s, seq in known.shows.items() for t, c in seq)
    rebuilt: State1969 = game.new_state()
    try:
        for t, action in enumerate(history):
            if isinstance(action, CardDraw) and action.seat != seat:
                k = sum(action.cards)
                action = CardDraw(
                    action.seat, hidden._greedy_draw(rebuilt, action.seat, k, t, shows, known.mine)
                )
            elif isinstance(action, Commit) and action.seat != seat and t not in known.revealed:
                action = Commit(action.seat, hidden._lowest(rebuilt.hands[action.seat], sum(action.cards)))
            rebuilt = rebuilt.apply(action)  # type: ignore[assignment]
    except IllegalActionError:
        return False
    return rebuilt.view(seat) == real.view(seat)


def test_where_the_greedy_deal_failed_the_search_finds_a_canonical_history(
    hard: tuple[State1969, int],
) -> None:
    state, seat = hard
    assert not _greedy_only(state, seat)
    game = state.game
    history = state.history
    start = hidden._prepare(game, history, seat)
    assert start.found and start.cards is not None and start.real == state
    # the canonical history differs only in what the seat cannot see, and tells the seat the same
    assert len(start.base) == len(history)
    texts = [game.describe_action(a, seat) for a in history]
    assert [game.describe_action(a, seat) for a in start.base] == texts
    for mine, real in zip(start.base, history, strict=True):
        if mine != real:
            assert isinstance(real, (CardDraw, Commit)) and real.seat != seat
    rebuilt: State = game.new_state()
    for action in start.base:
        rebuilt = rebuilt.apply(action)
    assert rebuilt.view(seat) == state.view(seat)


def test_the_drawn_positions_show_the_seat_what_it_sees(hard: tuple[State1969, int]) -> None:
    state, seat = hard
    texts = [state.describe(a, seat) for a in state.history]
    changed = 0
    for i in range(6):
        alt = state.resample_hidden(seat, random.Random(i))
        assert alt.view(seat) == state.view(seat)
        assert [alt.describe(a, seat) for a in alt.history] == texts
        if state.current_player == seat:
            assert alt.legal_actions() == state.legal_actions()
        changed += alt.history != state.history
    assert changed  # the hidden draws are dealt again (the position itself may be forced)


def test_a_position_and_its_resample_give_the_same_draws(hard: tuple[State1969, int]) -> None:
    # the real position and one the seat cannot tell from it (one of its own resamples) must give
    # the same positions from the same seed: the search bots rely on it
    state, seat = hard
    twins = [state.resample_hidden(seat, random.Random(100 + i)) for i in range(3)]
    assert any(t.history != state.history for t in twins)
    for twin in twins:
        assert twin.view(seat) == state.view(seat)
        bases = [hidden._prepare(state.game, s.history, seat).base for s in (state, twin)]
        assert bases[0] == bases[1]
        for i in range(4):
            one = state.resample_hidden(seat, random.Random(i))
            two = twin.resample_hidden(seat, random.Random(i))
            assert one == two and one.history == two.history


@pytest.mark.parametrize("players", [4, 5])
def test_every_late_position_of_a_game_gets_a_canonical_history(players: int) -> None:
    # after the first reshuffle, every tenth position and every seat: the search never gives up
    game = _game(players)
    checked = 0
    for step, state in enumerate(_states(game, 27)):
        if step % 10:
            continue
        cards, _ = hidden._follow(game, state.history)
        if cards is None or not cards.reshuffles:
            continue
        for seat in range(players):
            start = hidden._prepare(game, state.history, seat)
            assert start.found, (players, step, seat)
            checked += 1
    assert checked >= 3 * players


def test_a_search_that_hits_its_limit_deals_from_public_facts(monkeypatch: pytest.MonkeyPatch) -> None:
    # the fallback when the search gives up reads no hidden card: the real position and a twin give
    # the same position, dealt again from the public facts (no history), with the seat's view
    players, seed, length, seat = HARD[3]
    state = _position(players, seed, length)
    twin = state.resample_hidden(seat, random.Random(5))
    assert twin.history != state.history
    monkeypatch.setattr(hidden, "_NODE_LIMIT", 10)
    game = state.game
    monkeypatch.setattr(game.tables, "hidden_memo", Memo(64))
    assert not hidden._prepare(game, state.history, seat).found
    one = state.resample_hidden(seat, random.Random(3))
    two = twin.resample_hidden(seat, random.Random(3))
    assert one == two and one.history == ()
    assert one.view(seat) == state.view(seat)


def test_a_small_deck_reshuffles_often_and_the_draws_stay_blind() -> None:
    # three nations and six cards: many reshuffles, each rival's cards constrained by its discards
    game = _game(3, intel_deck=(2, 2, 2))
    pairs = 0
    for step, state in enumerate(_states(game, 6)):  # six reshuffles
        if step % 5 or step < 20:
            continue
        for seat in range(3):
            twin = state.resample_hidden(seat, random.Random(step))
            assert twin.view(seat) == state.view(seat)
            one = state.resample_hidden(seat, random.Random(1))
            two = twin.resample_hidden(seat, random.Random(1))
            assert one == two and one.history == two.history
            pairs += twin.history != state.history
    assert pairs >= 10
