"""The Mission ISS board without a browser: clicks through the view, refusals, hidden cards, pictures."""

from __future__ import annotations

import random
from collections.abc import Hashable
from contextlib import closing
from typing import Any

import pytest

pytest.importorskip("ipycanvas")

import isslab_widgets  # noqa: E402
from helpers_boards import assert_canvas_fits, clicked_to_the_end, drawn_through_a_game  # noqa: E402
from isslab_widgets import GameView, Scene, Text  # noqa: E402
from isslab_widgets.boards import animation  # noqa: E402
from isslab_widgets.boards.mission_iss import MIN_TEXT, WIDTH, BoardMissionISS, station_layout  # noqa: E402

import isslab  # noqa: E402
from isslab.games.mission_iss import (  # noqa: E402
    Assemble,
    EndShift,
    Exercise,
    Move,
    Phase,
    Research,
    Select,
    StateMissionISS,
    Via,
)

SVG = "{http://www.w3.org/2000/svg}"
MOVE, RESEARCH, ASSEMBLE, EXERCISE, WILD = range(5)
#: the game view's budget: about 900 x 1000 px for the whole view, the board beside a 270 px panel
MAX_HEIGHT = 800


def make_view(players: int = 4, seed: int = 0, state: StateMissionISS | None = None) -> GameView:
    """Houston (seat 0) is human, the other seats planner bots; nothing moves by itself."""
    seats = ["human"] + ["planner"] * (players - 1)
    start: Any = state if state is not None else isslab.make("mission-iss", players=players)
    return GameView(start, seats, seed=seed, autoplay=False)


def click_key(view: GameView, key: Hashable) -> bool:
    """Click a canvas pixel of the region ``key`` that no smaller region covers (as a person would)."""
    assert view.scene.region(key) is not None, f"no clickable region {key!r}"
    point = view.scene.point_of(key)
    assert point is not None, f"{key!r} is covered by other regions everywhere"
    return bool(view.click(*point))


def board_of(view: GameView) -> BoardMissionISS:
    board = view.board
    assert isinstance(board, BoardMissionISS)
    return board


def click_action(view: GameView, action: Any, longest: bool = True) -> None:
    """Play ``action`` for the human seat through clicks only (the longest or the shortest way)."""
    paths = [p for p, a in board_of(view)._plan(view.state) if a == action]  # type: ignore[arg-type]
    assert paths, f"no clicks give {action}"
    path = max(paths, key=len) if longest else min(paths, key=len)
    n = view.state.move_number
    for key in path:
        assert click_key(view, key), view.message
    assert view.state.move_number == n + 1 and view.state.history[-1] == action, view.message


def texts(scene: Scene) -> list[str]:
    return [s.text for s in scene.shapes() if isinstance(s, Text)]


def played(players: int, seed: int = 3) -> list[StateMissionISS]:
    """The states of a game of planner bots."""
    record = isslab.play(isslab.make("mission-iss", players=players), "planner", seed=seed)
    return record.states()  # type: ignore[return-value]


def test_the_board_is_found_by_convention_and_the_canvas_takes_its_size() -> None:
    game = isslab.make("mission-iss", players=3)
    board = isslab_widgets.board_for(game)
    assert isinstance(board, BoardMissionISS)
    with closing(make_view(3)) as view:
        assert view.board is isslab_widgets.board_for(view.game) and view.painter is not None
        assert_canvas_fits(view)
        assert view.scene.width == WIDTH


def test_two_card_clicks_pick_the_cards_and_astronaut_then_field_moves_it() -> None:
    with closing(make_view(4)) as view:
        view.step_bots()
        st = view.state
        assert st.current_player == 0 and st.phase == Phase.SELECT
        scene0 = view.scene
        # one's own Move card: selected, nothing played; only the top layer changes
        assert click_key(view, ("card", 0, MOVE))
        assert view.state is st and view.selected == ("card", 0, MOVE)
        assert view.scene.layer("board") == scene0.layer("board")
        assert view.scene.layer("pieces") != scene0.layer("pieces")
        # then Tsukuba's Research card: the pick
        assert click_key(view, ("card", 2, RESEARCH))
        pick = Select(0, MOVE, 2, RESEARCH)
        after = view.state
        assert after.history[-1] == pick and after.phase == Phase.COMMAND
        assert after.face_up[2][RESEARCH] == st.face_up[2][RESEARCH] - 1
        assert "Research card" in view.scene.to_svg()  # the commands still to give, in the action bar
        # a command: astronaut 1, then Soyuz-1
        assert click_key(view, ("astro", 0))
        assert view.selected == ("astro", 0) and "move" in view.message
        assert click_key(view, ("field", 2))
        move = view.state.history[-1]
        assert move == Move(0, Via.MOVE_CARD, 0, 2) and view.state.astronauts[0] == 2
        assert view.selected is None and not view.errors


def position_far_from_j() -> StateMissionISS:
    """Houston's turn; astronaut 1 alone on Soyuz-1, module J attached far away on the left."""
    game = isslab.make("mission-iss", players=2)
    st = game.position(
        attached={"B": "T", "E": "B", "J": "E"},
        astronauts=["S", "T", "T", None, None, None],
        tiles=[(5, "E", [3])],
        difficulty={"C": (5, True), "K": (2, False)},  # a swap of two markers
    )
    assert isinstance(st, StateMissionISS)
    return st


def test_refused_clicks_are_explained_by_the_engine_and_change_nothing() -> None:
    with closing(make_view(2, state=position_far_from_j())) as view:
        st = view.state
        size = view.tree.size
        refusals = [
            (("astro", 0), st.why_illegal(Move(0, Via.MOVE_CARD, 0, 2))),  # commands come after the cards
            (("exercise", 1), st.why_illegal(Exercise(0, Via.EXERCISE_CARD, 1))),
            (("wild",), st.why_illegal(Select(0, MOVE, -1, WILD))),  # no wild card yet
            (("card", 1, MOVE), "first clicks one of its own face-up cards"),  # the order of the clicks
        ]
        for key, why in refusals:
            assert why
            assert not click_key(view, key)
            assert why in view.message and view.message.startswith("not a legal click"), view.message
            assert view.state is st and view.tree.size == size and view.selected is None
        assert not view.click(1.0, 1.0) and "nothing to click" in view.message
        # a legal pick, then a move that is too far: the engine's reason, the selection kept
        assert click_key(view, ("card", 0, MOVE)) and click_key(view, ("card", 1, ASSEMBLE))
        st = view.state
        assert click_key(view, ("astro", 0))
        j = 3 + "BCDEFGHIJKLM".index("J")
        assert not click_key(view, ("field", j))
        why = st.why_illegal(Move(0, Via.MOVE_CARD, 0, j))
        assert why is not None and "farther" in why and why in view.message
        assert view.state is st and view.selected == ("astro", 0)
        # astronaut 1 cannot research the die on Destiny (E): the engine says why
        assert not click_key(view, ("die", 5, 0))
        assert "not a legal click" in view.message and view.state is st
        # the Assemble card: module C (level 5) is too hard for the two astronauts on Tranquility
        assert click_key(view, ("astro", 2)) and view.selected == ("astro", 2)
        assert not click_key(view, ("slot", 1, 0))
        why = st.why_illegal(Assemble(0, Via.ASSEMBLE_CARD, 1, 1))
        assert why is not None and "difficulty 5" in why and why in view.message
        assert view.state is st


def test_any_astronaut_of_a_field_gives_the_fields_research_and_a_die_alone_does_too() -> None:
    game = isslab.make("mission-iss", players=2)
    st = game.position(astronauts=["T", "T", "T", None, None, None], tiles=[(5, "T", [3])])
    with closing(make_view(2, state=st)) as view:  # type: ignore[arg-type]
        assert click_key(view, ("card", 0, RESEARCH)) and click_key(view, ("card", 1, RESEARCH))
        before = view.state
        # astronaut 3 is not the one the engine lists (astronaut 1 is): same effect, same action
        assert click_key(view, ("astro", 2)) and click_key(view, ("die", 5, 0))
        research = view.state.history[-1]
        assert type(research) is Research and research.astronaut == 0 and research.tile == 5
        assert view.state.move_number == before.move_number + 1
        # the second Research card: a click on the die alone (no astronaut selected) gives it too
        if any(type(a) is Research for a in view.state.legal_actions()):
            tile, _, dice = next(x for x in view.state.tiles)
            assert click_key(view, ("die", tile, 0))
            assert type(view.state.history[-1]) is Research


def test_face_down_cards_of_other_seats_are_not_drawn() -> None:
    states = played(4)
    st = next(s for s in states if s.current_player >= 0 and all(sum(s.face_down[p]) for p in range(4)))
    board = isslab_widgets.board_for(st.game)
    assert isinstance(board, BoardMissionISS)
    mine = board.scene(st, hints=False, viewers=(0,))
    keys = {r.key for r in mine.regions}
    assert {k for k in keys if k[0] == "down"} == {("down", 0, k) for k in range(4) if st.face_down[0][k]}
    written = texts(mine)
    for p in (1, 2, 3):
        assert f"{sum(st.face_down[p])} face down" in written
    # a static picture (nobody's eyes) shows every face-down pile as backs
    nobody = board.scene(st, hints=False)
    assert not any(r.key[0] == "down" for r in nobody.regions)
    assert f"{sum(st.face_down[0])} face down" in texts(nobody)
    # the game view passes the human seat's eyes
    with closing(make_view(4)) as view:
        assert view.viewers() == (0,)


@pytest.mark.parametrize("players", [1, 4])
def test_the_board_draws_at_start_middle_and_end(players: int) -> None:
    states = played(players)
    middle, end = states[len(states) // 2], states[-1]
    assert MIN_TEXT >= 11

    def says(st: StateMissionISS, text: str) -> bool:
        return str(st.year) in text

    board = drawn_through_a_game(states, BoardMissionISS, WIDTH, MAX_HEIGHT, MIN_TEXT, says)
    # every astronaut with its three values; the modules attached are fields of the station
    scene = board.scene(middle, hints=False)
    keys = {r.key for r in scene.regions}
    assert {("astro", a) for a in range(len(middle.astronauts))} <= keys
    assert {("field", 3 + m) for m in range(12) if middle.station[m] >= 0} <= keys
    assert {("module", m) for m in range(12)} <= keys
    assert any("game over: " in t for t in texts(board.scene(end, hints=False)))
    assert end.end_reason is not None and end.end_reason.value in texts(board.scene(end))


def test_attached_modules_never_move() -> None:
    states = played(3, seed=5)
    board = isslab_widgets.board_for(states[0].game)
    assert isinstance(board, BoardMissionISS)
    seen: dict[Any, tuple[float, float]] = {}
    for st in states[:: max(1, len(states) // 60)] + [states[-1]]:
        where = {r.key: (r.x, r.y) for r in board.scene(st, hints=False).regions if r.key[0] == "field"}
        for key, first in seen.items():
            assert where.get(key) == first, key  # once attached, a module stays where it was drawn
        for key, xy in where.items():
            seen.setdefault(key, xy)
    assert len(seen) >= 3 + 4


@pytest.mark.parametrize(
    "parents",
    [
        ("T", "T", "R", "B", "C", "D", "C", "BE", "E", "F", "G", "H"),  # the default
        ("T", "T", "T", "T", "R", "R", "S", "S", "S", "TRS", "BCD", "EFG"),  # crowded around module A
        ("S", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"),  # one long chain
    ],
)
def test_every_port_gets_its_own_cell(parents: tuple[str, ...]) -> None:
    game = isslab.make("mission-iss", players=2, module_parents=parents)
    t = game.tables  # type: ignore[attr-defined]
    primary, slots = station_layout(t.parents)
    cells = [primary[f] for f in range(3)] + list(slots.values())
    assert len(cells) == len(set(cells))
    assert set(slots) == {(m, p) for m in range(12) for p in t.parents[m]}
    board = BoardMissionISS(game)
    assert board.height <= MAX_HEIGHT + 60 and board.cell_w >= 40


@pytest.mark.parametrize(("players", "longest"), [(2, True), (1, False)])
def test_a_whole_game_is_playable_by_clicks_alone(players: int, longest: bool) -> None:
    planner = isslab.bot("mission-iss", "planner")
    with closing(make_view(players, seed=2)) as view:
        kinds = clicked_to_the_end(view, planner, random.Random(1), lambda v, a: click_action(v, a, longest))
        assert not view.errors
        assert {"Move", "Research", "Assemble", "Exercise", "EndShift", "Train"} <= kinds
        assert ("Play" if players == 1 else "Select") in kinds
        # the game-over panel names the end in words
        assert view.state.end_reason is not None
        assert view.state.end_reason.value in view.over_html.value


def test_a_command_from_two_sources_uses_the_card_and_keeps_the_wild_card() -> None:
    game = isslab.make("mission-iss", players=2)
    st = game.position(attached={"B": "T"}, astronauts=["T", "T", "T", None, None, None], wild=1)
    with closing(make_view(2, state=st)) as view:  # type: ignore[arg-type]
        assert click_key(view, ("card", 0, MOVE)) and click_key(view, ("wild",))
        assert view.state.history[-1] == Select(0, MOVE, -1, WILD)
        assert click_key(view, ("astro", 0)) and click_key(view, ("field", 1))
        assert view.state.history[-1] == Move(0, Via.MOVE_CARD, 0, 1)
        assert "wild card" in view.message  # the list of moves offers the other source
        assert view.state.pool == (Via.WILD_CARD,)


def test_buttons_end_the_shift_and_animations_ring_the_target() -> None:
    with closing(make_view(2)) as view:
        view.step_bots()
        st = view.state
        assert click_key(view, ("do", EndShift(0)))
        assert view.state.history[-1] == EndShift(0) and view.state.track == st.track + 1
        board = board_of(view)
        states = played(2)
        i = next(i for i, s in enumerate(states[1:]) if type(s.history[-1]) is Move)
        before, after = states[i], states[i + 1]
        frames = animation(board, before, after.history[-1], after)
        assert frames and all(f.width == WIDTH for f in frames)


def test_inspector_values_are_readable() -> None:
    board = isslab_widgets.board_for(isslab.make("mission-iss", players=2))
    assert board is not None
    assert board.format_value("face_up", (2, 0, 1, 0)) == "2 Move, 1 Assemble"
    assert board.format_value("face_down", (1, 1, 0, 0)) == "2 cards"  # a count, as the board shows
    assert board.format_value("held", (0, 2, 0)) == "2 blue"
    assert board.format_value("seat_tally", (1, 2, 3)) is None
    assert board.place_name(("die", 7, 0)) == "die 1 of tile #7"
    assert board.place_name(("card", 1, 0)) == "Moscow's Move card"
