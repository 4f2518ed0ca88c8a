"""The 1998 ISS board without a browser: pictures at start, middle and end, clicks, refusals, hidden hands."""

from __future__ import annotations

from collections.abc import Hashable
from contextlib import closing
from typing import Any, cast

import pytest

pytest.importorskip("ipycanvas")

import isslab_widgets  # noqa: E402
from helpers_boards import drawn_through_a_game  # noqa: E402
from isslab_widgets import GameView, Scene, Text, board_for  # noqa: E402
from isslab_widgets.boards.iss_1998 import MIN_TEXT, WIDTH, Board1998  # noqa: E402

import isslab  # noqa: E402
from isslab.games.iss_1998 import ACTION_NAMES, Game1998, Phase, Place, State1998  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
MAX_HEIGHT = 800


def played(players: int, seed: int = 1) -> list[State1998]:
    return isslab.play(Game1998(players=players), "greedy", seed=seed).states()  # type: ignore[return-value]


def texts(scene: Scene) -> str:
    return "\n".join(s.text for s in scene.shapes() if isinstance(s, Text))


def make_view(players: int, seed: int = 0, state: Any = None) -> GameView:
    seats = ["human"] + ["greedy"] * (players - 1)
    start: Any = state if state is not None else isslab.make("1998-iss", players=players)
    return GameView(start, seats, seed=seed, autoplay=False)


def click_key(view: GameView, key: Hashable) -> bool:
    region = view.scene.region(key)
    assert region is not None, f"no clickable region {key!r}"
    hit = view.scene.hit(region.x, region.y)
    assert hit is not None and hit.key == key, f"{key!r} is covered by {hit!r}"
    return bool(view.click(region.x, region.y))


def to_normal_action(view: GameView) -> None:
    """Let the bots and chance play until the human seat (0) must place a cube on an action card."""
    for _ in range(400):
        st = cast(State1998, view.state)
        if st.current_player == 0 and st.phase == Phase.NORMAL:
            return
        if st.current_player == 0:
            assert view.play_action(st.legal_actions()[0])
        else:
            view.step_bots()
    raise AssertionError("the human seat never had a normal action")


def test_the_board_is_found_by_convention() -> None:
    game = isslab.make("1998-iss", players=2)
    board = isslab_widgets.board_for(game)
    assert isinstance(board, Board1998)
    with pytest.raises(TypeError):
        Board1998(isslab.make("mission-iss", players=2))


@pytest.mark.parametrize("players", [1, 4])
def test_the_board_draws_at_start_middle_and_end(players: int) -> None:
    states = played(players)
    middle, end = states[len(states) // 2], states[-1]
    assert WIDTH <= 640 and MIN_TEXT >= 11

    def says(st: State1998, text: str) -> bool:
        return "1998 ISS" in text or st.is_terminal()

    board = drawn_through_a_game(states, Board1998, WIDTH, MAX_HEIGHT, MIN_TEXT, says)
    scene = board.scene(middle, hints=False)
    keys = {r.key for r in scene.regions}
    assert {("card", a) for a in range(8)} <= keys and {("pad", 0), ("pad", 1)} <= keys
    written = texts(scene)
    for m in middle.station:
        assert any(middle.game.tables.mod_name[m][:6] in line for line in written.splitlines())
    head = texts(board.scene(end, hints=False)).splitlines()[0]
    assert head.startswith("game over · points: ") and "…" not in head
    assert all(f"{board._name(p)} {end.scores()[p]}" in head for p in range(board.P))


@pytest.mark.parametrize("players", [1, 4])
def test_a_click_on_an_action_card_gives_the_engines_action(players: int) -> None:
    with closing(make_view(players)) as view:
        to_normal_action(view)
        st = cast(State1998, view.state)
        legal = [a for a in st.legal_actions() if type(a) is Place]
        assert legal
        card = ACTION_NAMES.index(legal[0].card)
        assert click_key(view, ("card", card))
        assert view.state.history[-1] == legal[0]
        assert view.state.move_number == st.move_number + 1
        # its choices follow as buttons (or places) matched against the legal list
        st = cast(State1998, view.state)
        if st.current_player == 0 and st.phase == Phase.PERFORM:
            board = view.board
            assert isinstance(board, Board1998)
            regions = {r.key for r in view.scene.regions}
            key, action = next((k, a) for k, a in board._plan(st) if k in regions)
            assert action in st.legal_actions()
            assert click_key(view, key)
            assert view.state.move_number == st.move_number + 1


def test_a_refused_click_is_explained_by_the_engine() -> None:
    with closing(make_view(2)) as view:
        to_normal_action(view)
        st = cast(State1998, view.state)
        legal = {a.card for a in st.legal_actions() if type(a) is Place}
        refused = [a for a in range(8) if ACTION_NAMES[a] not in legal]
        if refused:
            a = refused[0]
            why = st.why_illegal(Place(0, ACTION_NAMES[a], False))
            assert why
            assert not click_key(view, ("card", a))
            assert view.message.startswith("not a legal click") and why in view.message
            assert view.state is st
        # an extra-action space in the normal step is refused with the engine's reason too
        why = st.why_illegal(Place(0, ACTION_NAMES[0], True))
        assert why
        assert not click_key(view, ("extra", 0))
        assert why in view.message and view.state is st
        assert not view.click(1.0, 1.0)


def test_other_seats_experiment_cards_are_never_drawn() -> None:
    states = played(4, seed=2)
    board = isslab_widgets.board_for(states[0].game)
    assert isinstance(board, Board1998)
    g = states[0].game
    checked = 0
    for st in states[:: max(1, len(states) // 40)]:
        if not any(st.hands[p] for p in (1, 2, 3)):
            continue
        mine = texts(board.scene(st, hints=True, viewers=(0,)))
        nobody = texts(board.scene(st, hints=False))
        own = {g.tables.exp_name[c] for c in st.hands[0]}
        for p in (1, 2, 3):
            for c in st.hands[p]:
                name = g.tables.exp_name[c]
                if name in own or any(name in g.tables.exp_name[d] for q in range(4) for d in st.played[q]):
                    continue
                assert name not in mine and name not in nobody
        for c in st.hands[0]:
            assert g.tables.exp_name[c][:8] in mine
        checked += 1
    assert checked


@pytest.mark.parametrize("players", [1, 3])
def test_a_whole_game_is_playable_by_clicks_alone(players: int) -> None:
    """Blue decides every step by a click on a drawn place or button; bots play the rest."""
    import random

    game = Game1998(players=players)
    board = isslab_widgets.board_for(game)
    assert isinstance(board, Board1998)
    rng = random.Random(players)
    bot = isslab.bot(game.id, "greedy")
    st: Any = game.new_state()
    clicks = 0
    while not st.is_terminal():
        if st.is_chance_node():
            st = st.apply(st.sample_chance(rng))
        elif st.current_player != 0:
            st = st.apply(bot(st, rng))
        else:
            drawn = {r.key for r in board.scene(st, hints=True, viewers=(0,)).regions}
            keys = [k for k, _ in board._plan(st) if k in drawn]
            assert keys, f"nothing to click at {st.legal_actions()}"
            click = board.click(st, None, rng.choice(keys))
            assert click.ok and click.action in st.legal_actions()
            st = st.apply(click.action)
            clicks += 1
    assert clicks > 10


def test_the_solo_game_starts_from_one_seat_with_fedor() -> None:
    from isslab_widgets.view import make_for_seats

    game = make_for_seats("1998-iss", ["human"], {})
    assert game.num_players == 1 and game.tables.fedor == 1
    with closing(GameView(game, ["human"], seed=1, autoplay=False)) as view:
        assert view.seats == ["human"] and "FEDOR" in view.to_svg()
    # a players option given wins; a seat list no table fits keeps the old reading (every seat that player)
    assert make_for_seats("1998-iss", ["human"], {"players": 2}).num_players == 2
    assert make_for_seats("space-1999", ["human"], {}).num_players == 4


def test_the_board_draws_every_step_of_a_recorded_game_and_its_start() -> None:
    for players in (1, 4):
        game = isslab.make("1998-iss", players=players)
        record = isslab.play(game, ["greedy"] * players, seed=3)
        board = board_for(game)
        assert board is not None
        for state in list(record.states())[:12]:  # steps 1 and 2 deal the column card by card
            assert board.scene(state).height > 0 and board.scene(state, viewers=(0,)).width > 0
        view = GameView(game, ["greedy"] * players, seed=3, autoplay=False, auto_roll=False)
        try:
            view.session.adopt(record.final_state())
            for step in (1, 2, 3):
                assert view.go_to(step) and view.errors == [] and view.scene.height > 0
        finally:
            view.close()


def test_the_view_tells_the_decks_a_plan_draws_from_as_describe_does() -> None:
    game = isslab.make("1998-iss", players=2)
    rec = isslab.play(game, ["greedy", "greedy"], seed=2)
    state = game.new_state()
    seen = False
    for action in rec.actions:
        if type(action).__name__ == "Plan":
            after = state.apply(action)
            other = 1 - action.seat
            decks = after.view(other)["decks_to_draw"]
            assert decks and all(name in state.describe(action, other) for name in decks)
            seen = True
        state = state.apply(action)
    assert seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_goal_cards_show_their_whole_text_whoever_claims_them(players: int) -> None:
    from isslab_widgets.boards.kit import text_width

    from isslab.games.iss_1998 import GOALS

    game = Game1998(players=players)
    board = cast(Board1998, board_for(game))
    w = board._goal_w()
    for goal in range(len(GOALS)):
        for owner in ["", *(game.info.seat_names[p] for p in range(players))]:
            lines = board._goal_lines(goal, owner, w)
            assert 8 + 11 * len(lines) <= board.goal_h  # every line inside the card
            assert all(text_width(line, MIN_TEXT) <= w - 12 and "…" not in line for line, _ in lines)
            said = " ".join(line for line, _ in lines)
            assert said == f"{GOALS[goal][0]}{f' ({owner})' if owner else ''} " + GOALS[goal][2].format(
                game.tables.goal_threshold[goal]
            )
    # on the board of a played game, every goal in play is written in full, claimed ones with their owner
    final = played(players)[-1]
    shown = texts(board.scene(final, None, hints=False, viewers=(0,)))
    assert "…" not in shown.split("experiments (")[0]  # above the hand: the station, pads, goals, table
    for i, goal in enumerate(final.goals):
        owner = final.goal_owner[i]
        title = GOALS[goal][0] + (f" ({game.info.seat_names[owner]})" if owner >= 0 else "")
        assert all(word in shown for word in title.split())
