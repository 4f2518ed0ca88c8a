"""The notebook front-end without a browser: clicks through the handlers, history, save/load, what-if."""

from __future__ import annotations

import random
import time
import xml.etree.ElementTree as ET
from contextlib import closing

import pytest

pytest.importorskip("ipycanvas")

import isslab_widgets  # noqa: E402
from isslab_widgets import GameView, Line, Scene, scene_of  # noqa: E402

import isslab  # noqa: E402
from isslab.core import Memo  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


def human_turn_view(seed: int = 3, players: int = 2) -> GameView:
    """A view where seat 0 (red, human) is to move after the bots and dice have gone."""
    seats = ["human"] + ["greedy"] * (players - 1)
    view = GameView(isslab.make("space-1999", players=players), seats, seed=seed, autoplay=False)
    view.step_bots()
    assert view.state.current_player == 0
    return view


def click_at(view: GameView, key: object) -> bool:
    """Click the canvas pixel at the centre of the region ``key`` (what the browser sends)."""
    region = view.scene.region(key)
    assert region is not None, f"no clickable region {key!r}"
    return bool(view.click(region.x, region.y))


def eagle_at(scene: Scene, x: float, y: float, colour: str) -> bool:
    return any(
        type(s).__name__ == "Circle" and abs(s.x - x) < 0.01 and abs(s.y - y) < 0.01 and s.fill == colour
        for s in scene.layer("pieces")
    )


def test_select_then_move_changes_state_and_scene() -> None:
    view = human_turn_view()
    board = view.board
    state = view.state
    first = state.legal_actions()[0]
    origin = board.origin(first)
    before = view.scene
    assert click_at(view, origin)
    assert view.selected == origin and view.state is state
    selected_scene = view.scene
    # selection only touches the pieces layer: the fixed board and the disc are not redrawn
    assert selected_scene.layer("background") == before.layer("background")
    assert selected_scene.layer("board") == before.layer("board")
    assert selected_scene.layer("pieces") != before.layer("pieces")
    # every destination of the selected eagle is highlighted in the highlight colour
    targets = {board.target(a) for a in board.moves_from(state, origin)}
    for t in targets:
        r = selected_scene.region(t)
        assert eagle_at(selected_scene, r.x, r.y, "#39ff14"), t

    move = board.moves_from(state, origin)[0]
    assert click_at(view, board.target(move))
    assert view.state.move_number == state.move_number + 1
    assert view.state.history[-1] == move
    assert view.selected is None
    dest = view.scene.region(board.target(move))
    assert eagle_at(view.scene, dest.x, dest.y, view.game.info.seat_colours[0])
    assert "red" in view.message


def occupant(state: isslab.State, key: tuple[int, int]) -> int | None:
    """The seat whose eagle stands on the dot ``key`` (None: a pad or an empty dot)."""
    if key[0] < 0:
        return None
    v = state.board[state.game.dot_index(*key)]
    return v - 1 if v else None


def test_illegal_clicks_change_nothing() -> None:
    view = human_turn_view(seed=4)  # blue has an eagle on the board at red's first turn
    state, size, scene = view.state, view.tree.size, view.scene
    # an empty dot that no move starts from, a point outside every region, and an opponent's eagle
    origins = {view.board.origin(a) for a in state.legal_actions()}
    empty = next(r.key for r in scene.regions if r.key not in origins and r.key[0] >= 0)
    assert view.click_key(empty) is False
    assert view.message == f"not a legal click: no legal move of red starts at {view.board.place_name(empty)}"
    assert view.click(2, 2) is False
    assert "no dot or pad" in view.message
    blue = [r.key for r in scene.regions if occupant(state, r.key) == 1]
    assert blue
    for key in blue:
        assert view.click_key(key) is False
        assert "no legal move of red starts at" in view.message
    assert view.state is state and view.tree.size == size and view.scene is scene
    # with an eagle selected, a dot it cannot reach keeps the selection and the position
    origin = view.board.origin(state.legal_actions()[0])
    assert view.click_key(origin)
    selected_scene = view.scene
    reachable = {view.board.target(a) for a in view.board.moves_from(state, origin)}
    far = next(
        r.key
        for r in scene.regions
        if r.key not in reachable and r.key != origin and r.key[0] >= 0 and occupant(state, r.key) is None
    )
    assert view.click_key(far) is False
    assert f"no legal move of red goes from {view.board.place_name(origin)}" in view.message
    assert view.selected == origin and view.scene is selected_scene and view.state is state
    assert not view.errors


def test_clicks_refused_while_a_bot_is_to_move() -> None:
    view = GameView(isslab.make("space-1999", players=2), ["greedy", "human"], seed=1, autoplay=False)
    view.advance()  # the roll-off
    while view.state.current_player != 0:
        view.advance()
    state = view.state
    assert view.click_key((-1, 0)) is False
    assert "bot" in view.message and view.state is state
    assert view.advance() and view.state.history[-1].seat == 0


def test_step_back_forward_and_branching() -> None:
    view = human_turn_view()
    for _ in range(3):  # three human moves with the bots answering
        view.play_action(view.state.legal_actions()[0])
        view.step_bots()
    size = view.tree.size
    tip = view.state
    assert view.back() and view.back()
    assert view.tree.cursor == size - 3 and view.redo_button.disabled is False
    assert view.redo() and view.tree.cursor == size - 2
    assert view.back() and view.back() and view.back()
    assert view.tree.cursor == size - 5 and view.slider.value == size - 5 and view.slider.max == size - 1
    # going back and playing something else starts a new branch; the old line is kept in the tree
    back = view.state
    old_next = view.tree.at(view.tree.cursor + 1).history[-1]
    legal = back.legal_actions()
    other = next(a for a in legal if a != old_next)
    assert view.play_action(other)
    assert view.tree.branches == 1 and view.tree.at_tip() and view.tree.size == size - 3
    assert view.state.history[-1] == other
    # playing the original move there again returns to the old continuation, tip included
    view.back()
    assert view.play_action(old_next)
    assert view.tree.size == size and view.tree.tip == tip


def test_undo_takes_back_the_humans_move_with_the_bots_and_dice_after_it() -> None:
    with closing(human_turn_view()) as view:
        before = view.state
        mine = before.legal_actions()[-1]
        assert view.play_action(mine)
        view.step_bots()  # blue's move and the die
        assert view.state.current_player == 0 and view.tree.cursor == before.move_number + 3
        followed = view.tree.actions()[before.move_number :]
        assert not view.undo_button.disabled
        assert view.undo()
        # back where the human decided; the line ends there (no redo of the bots' moves)
        assert view.state == before and view.tree.at_tip() and view.redo_button.disabled
        assert view.human_to_move() and "took back" in view.message and "2 steps after it" in view.message
        # the view says what undo does: the dice are not rolled again
        assert "same dice" in view.message and "not rolled again" in view.undo_button.tooltip
        # the same move again meets the same bot's reply and the same die
        assert view.play_action(mine) and view.tree.at_tip()
        assert view.step_bots() == 2 and view.state.current_player == 0
        assert view.tree.actions()[before.move_number :] == followed


def test_slider_and_replay_walk_the_history() -> None:
    view = human_turn_view()
    for _ in range(4):
        view.play_action(view.state.legal_actions()[-1])
        view.step_bots()
    line = [view.tree.at(i) for i in range(view.tree.size)]
    scenes = set()
    for i in (0, 2, len(line) - 1, 1):
        view.slider.value = i  # what the Play widget does through its link
        assert view.state == line[i] and view.tree.cursor == i
        scenes.add(view.scene.layer("pieces"))
    assert len(scenes) == 4
    assert "▶" in view.log_view.value or "&#9654;" in view.log_view.value


def test_static_layers_are_not_redrawn_every_frame() -> None:
    view = human_turn_view()
    painter = view.painter
    for _ in range(5):
        view.play_action(view.state.legal_actions()[0])
        view.step_bots()
    assert painter.layer_draws["background"] == 1
    assert painter.layer_draws["pieces"] == painter.frames
    assert painter.layer_draws["board"] < painter.frames  # the disc is redrawn only when it turns


def test_multi_jump_destinations_show_their_path() -> None:
    game = isslab.make("space-1999", players=4)
    rng = random.Random(7)
    found = None
    for _ in range(40):  # random games until the player to move has a chain of two or more hops
        state = game.new_state()
        while not state.is_terminal() and found is None:
            if state.is_chance_node():
                state = state.apply(state.sample_chance(rng))
                continue
            jumps = [a for a in state.legal_actions() if a.kind == "jump" and len(a.path) >= 3]
            if jumps:
                found = (state, jumps[0])
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if found:
            break
    assert found is not None, "no multi-hop jump in 40 random games"
    state, jump = found
    view = GameView(state, ["human"] * 4, seed=0, autoplay=False)
    assert view.state == state and view.tree.size == state.move_number + 1
    view.selected = None
    seat = state.current_player
    view.set_seat(seat, "human")
    assert view.click_key(jump.path[0])
    pts = tuple(view.board.point(p, state.theta) for p in jump.path)
    dashed = [s for s in view.scene.layer("pieces") if isinstance(s, Line) and s.dash]
    assert pts in [s.points for s in dashed]
    assert view.click_key(jump.path[-1])
    assert view.state.history[-1] == jump


def test_action_list_plays_the_chosen_action() -> None:
    view = human_turn_view()
    legal = view.state.legal_actions()
    view.action_list.value = len(legal) - 1
    view.play_button.click()
    assert view.state.history[-1] == legal[-1]
    view.step_bots()
    assert [o[0] for o in view.action_list.options] == [
        view.state.describe(a, 0) for a in view.state.legal_actions()
    ]
    view.play_action(view.state.legal_actions()[0])
    while not view.state.is_chance_node():
        view.advance()
    assert all("(p = 0.167)" in o[0] for o in view.action_list.options)  # die faces with their odds


def test_roll_button_and_chance_display() -> None:
    view = GameView(isslab.make("space-1999", players=3), ["human"] * 3, seed=5, autoplay=False)
    assert view.state.is_chance_node() and not view.roll_button.disabled
    view.roll_button.click()
    assert view.state.move_number == 1 and "roll-off" in view.message
    assert view.roll_button.disabled
    state = view.state
    assert view.roll() is False and view.state is state and "not a chance step" in view.message
    assert view.advance() is False and "human" in view.message


def test_save_and_load(tmp_path) -> None:  # noqa: ANN001 - pytest fixture
    view = human_turn_view(seed=11)
    for _ in range(5):
        view.play_action(view.state.legal_actions()[0])
        view.step_bots()
    path = view.save(tmp_path / "game.json")
    assert path is not None and path.is_file()
    assert isslab.load(path.read_text()) == view.tree.tip

    other = GameView(isslab.make("space-1999", players=2), seed=0, autoplay=False)
    assert other.load(str(path))
    assert other.state == view.tree.tip and other.state.history == view.tree.tip.history
    assert other.tree.size == view.tree.size
    # a corrupt file is refused and changes nothing
    bad = tmp_path / "bad.json"
    bad.write_text(path.read_text().replace('"theta":', '"theta_":'))
    state = other.state
    assert other.load(str(bad)) is False and other.state is state and "cannot load" in other.message
    assert other.load(str(tmp_path / "missing.json")) is False
    # a save of a different player count switches the view to that game
    four = GameView(isslab.make("space-1999", players=4), seed=0, autoplay=False)
    assert four.load(str(path)) and four.game.num_players == 2 and len(four.seat_pickers) == 2


def test_what_if_runs_in_a_background_thread() -> None:
    view = human_turn_view()
    state = view.state
    run = view.what_if(games=12, bots=["greedy", "random"], workers=1, seed=4)
    assert view.wi_button.disabled or not run.running()
    # the board stays playable while the games run
    assert view.play_action(state.legal_actions()[0])
    df = run.wait(timeout=120)
    assert len(df) == 12 * 2 and set(df["seat"]) == {0, 1}
    assert view.wi_progress.value == 12 and view.wi_progress.bar_style == "success"
    assert view.wi_plot.value[:8] == b"\x89PNG\r\n\x1a\n"
    assert "win probability" in view.wi_result.value
    assert view.whatif_result is df
    # the progress-counting executor leaves the games exactly as a plain simulate call plays them
    plain = isslab.simulate(state, bots=["greedy", "random"], games=12, seed=4, progress=False)
    assert df["win"].tolist() == plain["win"].tolist() and df["length"].tolist() == plain["length"].tolist()


def test_what_if_errors_are_reported_not_raised() -> None:
    view = human_turn_view()
    view.wi_bots[0].options = ["no-such-bot", *view.wi_bots[0].options]
    view.wi_bots[0].value = "no-such-bot"
    view.wi_button.click()
    assert "no-such-bot" in view.wi_result.value
    assert not view.errors


def test_bot_errors_never_break_the_widget(monkeypatch: pytest.MonkeyPatch) -> None:
    view = GameView(isslab.make("space-1999", players=2), ["greedy", "greedy"], seed=2, autoplay=False)
    view.advance()

    def broken(game_id: str, name: str):  # noqa: ANN202 - a stand-in for isslab.bot
        def bot(state, rng):  # noqa: ANN001, ANN202
            raise RuntimeError("bot crashed")

        return bot

    monkeypatch.setattr(isslab, "bot", broken)
    state = view.state
    assert not view.advance()
    assert view.state is state and view.message.startswith("error: RuntimeError")
    assert view.errors and "bot crashed" in view.errors[-1]


def test_bots_play_by_themselves_on_a_timer() -> None:
    with closing(
        GameView(isslab.make("space-1999", players=2, eagles=1), ["greedy", "greedy"], seed=8, delay=0.0)
    ) as view:
        deadline = time.monotonic() + 60
        while not view.state.is_terminal() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert view.state.is_terminal(), f"bots stopped at step {view.state.move_number}: {view.message}"
        assert "won" in view.session.turn_text() and "won" not in view.message and not view.errors


def test_inspector_tables_and_json_follow_the_state() -> None:
    view = human_turn_view()
    view.play_action(view.state.legal_actions()[0])
    html = view.inspector.value
    words = ("landed", "distance", "eagles on the disc", "ring 4 spoke", "red", "blue", "greedy", "human")
    for word in words:
        assert word in html
    for internal in ("theta", "to_move", "-1", "end"):  # engine fields are shown in words or not at all
        assert f">{internal}<" not in html
    assert '"history": [' in view.json_view.value
    assert isslab.load(view.state.to_json()) == view.state


def test_svg_export_is_well_formed() -> None:
    view = human_turn_view()
    view.click_key((-1, 0))
    root = ET.fromstring(view.to_svg())
    assert root.tag == f"{SVG}svg" and root.get("width") == "600"
    circles = root.findall(f"{SVG}circle")
    assert len(circles) > 65  # the disc's dots alone are 65
    state = view.state
    doc = ET.fromstring(state._repr_svg_())
    assert doc.tag == f"{SVG}svg"
    assert scene_of(state).to_svg() == state._repr_svg_()


def test_games_without_a_board_get_the_text_view(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(isslab_widgets.session, "board_for", lambda game: None)
    view = GameView(isslab.make("space-1999", players=2), ["human", "greedy"], seed=1, autoplay=False)
    view.step_bots()
    assert view.painter is None and view.board_box.children == (view.text_board,)
    assert "red to move" in view.text_board.value  # the text rendering of the state
    assert view.click_key((4, 0)) is False and "list" in view.message
    legal = view.state.legal_actions()
    view.action_list.value = 0
    view.play_button.click()
    assert view.state.history[-1] == legal[0]
    root = ET.fromstring(view.to_svg())
    assert "red" in "".join(root.itertext())


def test_play_builds_and_displays(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda obj: shown.append(obj))
    seats = ["human", "random", "greedy"]
    with closing(isslab_widgets.play("space-1999", players=3, seats=seats, seed=1, delay=0.0)) as view:
        assert shown == [view] and view.seats == ["human", "random", "greedy"]
        assert view.game == isslab.make("space-1999", players=3)
        with pytest.raises(ValueError, match="unknown seat player"):
            GameView(isslab.make("space-1999", players=2), ["human", "nobody"])


def test_a_game_without_a_board_module_plays_through_the_text_view(monkeypatch) -> None:
    from isslab_widgets import boards

    # pretend 1969 had no board module, as any newly added game has at first
    real = boards.board_module
    monkeypatch.setattr(
        boards,
        "board_module",
        lambda game: "isslab_widgets.boards.no_such_board" if game.id == "1969" else real(game),
    )
    monkeypatch.setattr(boards, "_MADE", Memo(maxsize=64))
    game = isslab.make("1969")
    view = GameView(game, ["random"] * game.num_players, seed=0, autoplay=False)
    assert view.board is None and view.painter is None
    steps = view.step_bots(max_steps=30)
    assert steps == 30 and view.state.move_number == 30 and not view.errors
    assert view.text_board.value.startswith("<pre") and view.state.history == tuple(view.tree.actions())
    assert view.undo() and view.tree.cursor == 29
    root = ET.fromstring(view.to_svg())
    assert root.tag == f"{SVG}svg" and "".join(root.itertext()).strip()
    assert view.state._repr_svg_() is None  # no board: Jupyter falls back to the text repr


def test_an_unfinished_space_1999_game_names_no_winner_on_the_board() -> None:
    from isslab_widgets.boards import board_for

    game = isslab.make("space-1999", players=2, max_rounds=3)
    end = isslab.play(game, "random", seed=0).final_state()
    assert end.winners() == ()
    svg = board_for(game).scene(end).to_svg()
    assert "unfinished" in svg and "nobody won" in svg and "red won" not in svg and "blue won" not in svg


def test_the_seat_menus_offer_the_difficulty_levels_first_and_play_the_level_picked() -> None:
    from isslab.bots.expert import Expert

    for game_id in isslab.games():
        view = GameView(isslab.make(game_id, players=2), ["human", "greedy"], seed=1, autoplay=False)
        # human, then easy < medium < hard, then every other bot of the game
        options = list(view.seat_pickers[1].options)
        assert options[:4] == ["human", "easy", "medium", "hard"], options
        assert sorted(options[4:]) == sorted(set(isslab.bot_names(game_id)) - {"easy", "medium", "hard"})
        assert isinstance(isslab.bot(game_id, "hard"), Expert)
    # picking a level in a seat's menu hands that seat to the level's bot, which then plays it
    view = GameView(isslab.make("1969", players=2), ["human", "greedy"], seed=1, autoplay=False)
    view.seat_pickers[0].value = "easy"
    assert view.session.seats == ["easy", "greedy"]
    before = view.state
    assert view.step_bots(max_steps=10) == 10 and view.state is not before
