"""The headless game session behind the game view, driven without any widget."""

from __future__ import annotations

import html
import random
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from helpers_session import play_until
from isslab_widgets import panels
from isslab_widgets.boards import Board, board_for, board_module
from isslab_widgets.boards.space_1999 import Board1999
from isslab_widgets.session import HUMAN, Session

import isslab
from isslab import CHANCE, TERMINAL, State
from isslab.games.game_1969 import Game1969
from isslab.games.space_1999 import Move

ROOT = Path(__file__).resolve().parents[1]
TWO = isslab.make("space-1999", players=2)


def others_hidden_moves(state: State, seat: int) -> bool:
    """True once another seat has drawn cards and another has played cards face down."""
    kinds = {(type(a).__name__, a.seat != seat) for a in state.history if hasattr(a, "seat")}
    return ("CardDraw", True) in kinds and ("Commit", True) in kinds


# --- headless ------------------------------------------------------------------------------------


def test_the_session_and_the_boards_load_without_the_widget_libraries() -> None:
    code = (
        "import sys, isslab, isslab_widgets.session as s, isslab_widgets.boards.game_1969\n"
        "sess = s.Session('space-1999', ['greedy'], seed=1); sess.step_bots(20)\n"
        "bad = [m for m in ('ipywidgets', 'ipycanvas', 'IPython') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    env_path = f"{ROOT}:{ROOT / 'widgets'}"
    subprocess.run([sys.executable, "-c", code], check=True, env={"PYTHONPATH": env_path})


@pytest.mark.parametrize(
    ("game_id", "bots"), [("space-1999", ["greedy", "random"]), ("1969", ["greedy", "spy"])]
)
def test_bots_play_a_whole_game_the_same_for_the_same_seed(game_id: str, bots: list[str]) -> None:
    """The dice and the bots' choices follow from the seed and the position (not isslab.play's streams)."""
    game = isslab.make(game_id, players=2)
    one, two = Session(game, bots, seed=11), Session(game, bots, seed=11)
    assert one.step_bots() == two.step_bots() > 0
    assert one.state.is_terminal() and one.tree.actions() == two.tree.actions()
    other = Session(game, bots, seed=12)
    other.step_bots()
    assert other.state.is_terminal() and other.tree.actions() != one.tree.actions()


def first_draw(line: list[State], actions: list[Any]) -> tuple[int, tuple[Any, ...], Any] | None:
    """The first chance step of a line (after its first position): its index, its outcomes and the draw."""
    for k in range(1, len(actions)):
        if line[k].is_chance_node():
            return k, tuple(a for a, _ in line[k].chance_outcomes()), actions[k]
    return None


@pytest.mark.parametrize("game_id", ["space-1999", "1969", "mission-iss", "1998-iss"])
def test_an_undo_and_the_same_decision_meet_the_same_dice_and_another_decision_draws_afresh(
    game_id: str,
) -> None:
    game = isslab.make(game_id, players=2)
    assert game.info.chance
    drawn_apart = compared = 0
    for seed in range(8):
        session = Session(game, seed=seed)  # a person and the game's default bot
        tree = session.tree
        for _ in range(40):  # the person's decisions, until two of them meet the same kind of draw
            session.step_bots()
            st = session.state
            assert not st.is_terminal()
            i, legal = tree.cursor, st.legal_actions()
            a, b = legal[0], legal[-1]
            assert session.play(a)
            session.step_bots()
            line_a, after_a = [tree.at(k) for k in range(i, tree.size)], tree.actions()[i:]
            for _ in range(3):  # undo as often as you like: the same decision meets the same dice
                assert session.undo() and tree.cursor == i and tree.size == i + 1
                assert session.play(a)
                session.step_bots()
                assert tree.actions()[i:] == after_a
            if a == b:
                continue
            assert session.undo() and session.play(b)
            session.step_bots()
            draw_a = first_draw(line_a, after_a)
            draw_b = first_draw([tree.at(k) for k in range(i, tree.size)], tree.actions()[i:])
            assert session.undo() and session.play(a)
            session.step_bots()
            if draw_a is not None and draw_b is not None and draw_a[:2] == draw_b[:2]:
                compared += 1  # the same step of the game, another position: its own draw
                drawn_apart += draw_a[2] != draw_b[2]
                break
        if drawn_apart:
            break
    assert compared and drawn_apart, (compared, drawn_apart)


def test_the_dice_are_a_function_of_the_seed_and_the_position() -> None:
    game = isslab.make("1969", players=2)
    state = game.new_state()
    one, two = Session(game, seed=7), Session(game, seed=7)
    assert one.rng_at(state).random() == two.rng_at(state).random() == one.rng_at(state).random()
    assert Session(game, seed=8).rng_at(state).random() != one.rng_at(state).random()
    later = state.apply(state.sample_chance(one.rng_at(state)))
    assert one.rng_at(later).random() != one.rng_at(state).random()
    assert one.rng_at(state, "greedy").random() != one.rng_at(state).random()  # bots: their own stream
    with pytest.raises(ValueError, match="seed must be an int"):
        Session(game, seed=-1)


def test_seats_default_to_one_human_and_the_games_default_bot() -> None:
    for game_id in ("space-1999", "1969"):
        game = isslab.make(game_id, players=3)
        session = Session(game)
        assert session.seats == [HUMAN, game.info.default_bot, game.info.default_bot]
    two = isslab.make("space-1999", players=2)
    assert Session(two, ["random"]).seats == ["random", "random"]
    with pytest.raises(ValueError, match="unknown seat player"):
        Session(two, ["human", "nobody"])
    with pytest.raises(ValueError, match="needs 2 seats"):
        Session(two, ["human", "greedy", "greedy"])
    session = Session(two, ["human", "greedy"])
    with pytest.raises(ValueError, match="unknown seat player"):
        session.set_seat(1, "nobody")
    assert session.set_seat(1, HUMAN) and session.humans() == (0, 1)


def test_undo_redo_go_to_and_branches() -> None:
    session = Session(TWO, ["greedy", "greedy"], seed=4)
    session.step_bots(12)
    line = [session.tree.at(i) for i in range(session.tree.size)]
    assert session.undo() and session.undo() and session.state == line[-3]
    assert session.redo() and session.state == line[-2]
    assert session.go_to(3) and session.state == line[3] and "step 3 of 12" in session.message
    assert session.go_to(0) and not session.undo() and session.message == "already at the start"
    session.go_to(999)
    assert session.tree.at_tip() and not session.redo()
    # a different action at an earlier step starts a branch; the old line is kept
    session.go_to(5)
    old = line[6].history[-1]
    other = next(a for a in session.state.legal_actions() if a != old)
    assert session.play(other) and session.tree.branches == 1 and session.tree.at_tip()
    session.undo()
    assert session.play(old) and session.tree.tip == line[-1]


def test_an_illegal_action_is_refused_with_the_engines_reason_and_changes_nothing() -> None:
    session = Session(TWO, ["human", "greedy"], seed=3)
    session.step_bots()
    state, size = session.state, session.tree.size
    assert session.play("red flies to the moon") is False
    assert not session.ok and session.message == state.why_illegal("red flies to the moon")
    assert session.state is state and session.tree.size == size
    assert session.roll() is False and "not a chance step" in session.message
    assert session.advance() is False and "human" in session.message


def test_clicks_select_then_move_through_the_board() -> None:
    session = Session(TWO, ["human", "greedy"], seed=3)
    session.step_bots()
    board = session.board
    assert board is not None
    move = next(a for a in session.state.legal_actions() if a.path)
    origin, target = move.path[0], move.path[-1]
    state = session.state
    assert session.click(origin) and session.selected == origin and session.state is state
    assert "click a highlighted destination" in session.message
    assert session.click(target)
    assert session.state.history[-1].path[0] == origin and session.state.history[-1].path[-1] == target
    played = session.state.history[-1]
    assert session.selected is None and session.message.startswith(session.describe(played))
    # a click while a bot is to move is refused
    play_until(session, lambda s: s.current_player == 1)
    assert not session.click((-1, 1)) and "greedy bot" in session.message


def test_whose_eyes_the_screen_shows() -> None:
    game = isslab.make("1969", players=3, first_player=0)
    # one person: that seat, whoever acts
    one = Session(game, ["greedy", "human", "spy"], seed=1)
    assert one.eyes() == 1 and one.viewers() == (1,) and one.hides()
    one.step_bots(5)
    assert one.eyes() == 1
    # bots only: omniscient, every seat's cards on the board
    bots = Session(game, ["greedy", "greedy", "spy"], seed=1)
    assert bots.eyes() is None and bots.viewers() == (0, 1, 2) and not bots.hides()
    # hot-seat: the person at the screen, until the screen passes to the next person to act
    hot = Session(game, ["human", "greedy", "human"], seed=1)
    assert hot.state.current_player == 0 and hot.eyes() == 0 and hot.handover() is None
    assert hot.play(hot.state.legal_actions()[0])
    assert hot.state.current_player == 1 and hot.eyes() == 0
    hot.step_bots()
    assert hot.state.current_player == 2 and hot.eyes() == 0 and hot.handover() == 2
    assert hot.choices().actions == [] and "pass the screen" in hot.choices().note
    assert "Pass the screen to" in " ".join(t.text for t in hot.scene().layer("pieces") if hasattr(t, "text"))
    assert hot.take_screen() and hot.eyes() == 2 and hot.handover() is None
    # looking back keeps the eyes of the person at the screen, with no cover (the game waits for that
    # person): its view of each step, and not the other person's options, highlights or clicks
    hot.go_to(0)
    assert hot.eyes() == 2 and hot.handover() is None and hot.viewers() == (2,)
    assert hot.state.current_player == 0 and not hot.my_turn() and hot.choices().actions == []
    assert not any(r.key for r in hot.scene().regions if isinstance(r.key, tuple) and r.key[0] == "do")
    assert not hot.click(("do", hot.state.legal_actions()[0])) and "its options are its own" in hot.message
    # a game without hidden information hides nothing from anyone
    assert not Session(TWO, ["human", "greedy"]).hides()


def test_under_the_hot_seat_cover_the_session_computes_nothing_for_a_seat() -> None:
    """The cover comes when the game waits for another person, and holds wherever the slider goes."""
    game = isslab.make("1998-iss", players=2)
    hot = Session(game, ["human", "human"], seed=2)
    while hot.last_decision() is None or hot.handover() is None:  # each person plays at its turn
        if hot.handover() is not None:
            assert hot.take_screen()
        play_until(hot, lambda s: hot.handover() is not None)
    to = hot.handover()
    leaving = hot.eyes()
    assert to is not None and leaving is not None and to != leaving and hot.sight() == (leaving, to)
    for step in (hot.tree.size - 1, hot.tree.size - 2, 0):  # stepping back keeps the cover
        assert hot.go_to(step) and hot.sight().covered
        assert hot.log() == [] and hot.result() is None and hot.recap() is None
        assert hot.choices().actions == [] and hot.scene().regions == ()
        with pytest.raises(ValueError, match="passing to"):
            hot.simulation_start(0)
        size = hot.tree.size
        assert not hot.click(("anything",)) and "pass the screen" in hot.message and hot.tree.size == size
    # an undo under the cover: the person who decides again takes the screen first
    hot.go_to(hot.tree.size - 1)
    assert hot.undo() and hot.sight() == (leaving, leaving)
    assert hot.take_screen() and hot.sight() == (leaving, None) and hot.state.current_player == leaving
    assert hot.log() and hot.choices().actions


def test_the_action_list_holds_only_the_eyes_own_actions_in_a_hidden_game() -> None:
    session = Session(isslab.make("1969", players=3), ["human", "greedy", "spy"], seed=2)
    assert session.state.is_chance_node()
    assert session.choices().actions == [] and "Roll" in session.choices().note  # no odds of the deck
    play_until(session, lambda s: s.current_player == 1)
    assert session.choices().actions == [] and "its own" in session.choices().note
    play_until(session, lambda s: s.current_player == 0)
    choices = session.choices()
    legal = session.state.legal_actions()
    assert choices.actions == legal and choices.labels == [session.state.describe(a, 0) for a in legal]
    # bots only (an analysis): chance outcomes are listed with their odds once the teacher asks
    analyst = Session(isslab.make("1969", players=3), ["greedy", "greedy", "spy"], seed=2)
    assert analyst.choices().actions == [] and "choose the dice" in analyst.choices().note
    analyst.choose_dice = True
    labels = analyst.choices().labels
    assert labels and all("(p = " in label for label in labels)


def test_chance_outcomes_are_never_offered_unless_the_teaching_switch_is_on() -> None:
    session = Session(TWO, ["human", "greedy"], seed=1)
    assert session.state.is_chance_node()  # the roll-off
    assert session.choices().actions == [] and "Roll" in session.choices().note
    session.choose_dice = True  # "choose the dice": a teacher forces an outcome from the list
    choices = session.choices()
    assert choices.actions == session.state.legal_actions()
    assert all("(p = " in label for label in choices.labels)
    assert session.play(choices.actions[1]) and session.state.current_player == 1  # blue won the roll-off
    # a bot's turn: its moves are its own, not a list for the person to pick from
    assert session.choices().actions == [] and "greedy bot" in session.choices().note
    session.choose_dice = False
    session.step_bots()
    while not session.state.is_terminal():
        choices = session.choices()
        if session.state.is_chance_node():
            assert choices.actions == []
        else:
            assert choices.actions and all(a.seat == 0 for a in choices.actions)
            assert session.play(choices.actions[0])
        session.step_bots()
        if session.state.rounds > 3:
            break


def test_save_load_and_adopt(tmp_path: Path) -> None:
    session = Session(TWO, ["greedy", "greedy"], seed=5)
    session.step_bots(30)
    path = session.save(tmp_path / "game.json")
    assert isslab.load(path.read_text()) == session.tree.tip
    other = Session(isslab.make("space-1999", players=4))
    assert other.load(str(path)) and other.state == session.state and other.tree.size == 31
    assert other.game.num_players == 2 and len(other.seats) == 2
    bad = tmp_path / "bad.json"
    bad.write_text(path.read_text().replace('"theta":', '"theta_":'))
    state = other.state
    assert not other.load(str(bad)) and other.state is state and "cannot load" in other.message
    assert not other.load(str(tmp_path / "missing.json")) and "no file" in other.message
    assert other.load(path.read_text()) and other.message == "loaded 30 steps from text"
    # another game: its board and seats come with it
    nineteen = isslab.play(isslab.make("1969", players=2), "greedy", seed=1).final_state()
    assert other.adopt(nineteen) and other.game.id == "1969" and other.seats == ["human", "greedy"]
    assert other.board is board_for(nineteen.game) and other.tree.size == nineteen.move_number + 1


def test_bots_and_dice_move_by_themselves_on_the_timer() -> None:
    session = Session(isslab.make("space-1999", players=2, eagles=1), ["greedy", "greedy"], seed=8)
    steps: list[int] = []
    session.on_step = lambda: steps.append(session.state.move_number)
    session.autoplay, session.delay = True, 0.0
    session.schedule()
    try:
        deadline = time.monotonic() + 60
        while not session.state.is_terminal() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert session.state.is_terminal() and "won" in session.turn_text() and not session.errors
        assert steps and steps[-1] == session.state.move_number
        assert session.due() is None
    finally:
        session.close()
    # looking back stops the timer; a human seat to move too
    with closing(Session(TWO, ["greedy", "greedy"], seed=1, autoplay=True, delay=10.0)) as back:
        assert back.due() == 2.5  # the roll-off: chance waits a quarter of the delay
        back.step_bots(6)
        assert back.due() is not None
        back.undo()
        assert back.due() is None
        back.go_to(999)
        while back.state.is_chance_node():
            back.roll()
        back.set_seat(back.state.current_player, HUMAN)
        assert back.due() is None
        with pytest.raises(ValueError, match="no seat"):
            back.set_seat(CHANCE, HUMAN)


def test_a_crashing_bot_is_reported_not_raised_on_the_timer(monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session(TWO, ["greedy", "greedy"], seed=2)
    session.advance()

    def broken(game_id: str, name: str) -> Any:
        def bot(state: State, rng: random.Random) -> Any:
            raise RuntimeError("bot crashed")

        return bot

    monkeypatch.setattr(isslab, "bot", broken)
    session._tick(session._gen)  # what the timer thread runs
    assert session.message.startswith("error: RuntimeError") and "bot crashed" in session.errors[-1]


def test_every_game_board_is_found_by_convention_and_satisfies_the_protocol() -> None:
    for game_id in isslab.games():
        game = isslab.make(game_id)
        assert board_module(game) == "isslab_widgets.boards." + type(game).__module__.split(".")[2]
        board = board_for(game)
        assert isinstance(board, Board)
        assert board_for(isslab.make(game_id)) is board  # built once per game


def test_what_if_in_a_hidden_game_starts_from_what_the_eyes_may_imagine() -> None:
    session = Session(isslab.make("1969", players=3), ["human", "greedy", "spy"], seed=3)
    play_until(session, lambda s: others_hidden_moves(s, 0))
    start, note = session.simulation_start(seed=1)
    assert "redrawn" in note and start.move_number == session.state.move_number
    assert [start.describe(a, 0) for a in start.history] == [
        session.state.describe(a, 0) for a in session.state.history
    ]
    assert start.view(0) == session.state.view(0)
    bots_only = Session(TWO, ["greedy", "greedy"], seed=1)
    assert bots_only.simulation_start(seed=1) == (bots_only.state, "")


# --- what a seat is told: state.describe(action, seat), nothing else ----------------------------------


def test_log_and_status_describe_actions_for_the_human_seat() -> None:
    session = Session(isslab.make("1969", players=4), ["human", "greedy", "spy", "moonshot"], seed=4)
    play_until(session, lambda s: others_hidden_moves(s, 0))
    state = session.state
    history = state.history
    assert [line.text for line in session.log()] == [state.describe(a, 0) for a in history]
    movers = [session.tree.at(i).current_player for i in range(len(history))]
    assert [line.mover for line in session.log()] == movers
    page = panels.log_html(session, before=10_000)
    for a in history:  # whole lines: "USSR draws 1" is a prefix of the masked "USSR draws 1 card"
        assert html.escape(state.describe(a, 0)) + "</div>" in page
        if state.describe(a, 0) != state.describe(a):  # a value hidden from the human: never shown
            assert html.escape(state.describe(a)) + "</div>" not in page


def masking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stand-ins for the engine: ``describe_action`` masks other seats' actions, ``str`` is marked.

    The masked text is what a seat is told about another seat's action; any text built with
    ``str(action)`` (or the omniscient description) instead would carry a marker.
    """

    def describe(self: Any, action: Any, seat: int | None) -> str:
        fields = ",".join(map(str, action))
        if seat is None:
            return f"OMNISCIENT {type(action).__name__}({fields})"
        actor = getattr(action, "seat", None)
        if actor == seat:
            return f"own {type(action).__name__}({fields})"
        return f"{type(action).__name__} masked for {self.seat_name(seat)}"

    monkeypatch.setattr(Game1969, "describe_action", describe)
    for cls in Game1969.ACTION_TYPES:
        monkeypatch.setattr(cls, "__str__", lambda self: "STR-OF-AN-ACTION")


def shown_by(session: Session) -> str:
    """Every text the session gives a screen: status, log, action list, inspector, JSON, board picture."""
    choices = session.choices()
    return "\n".join(
        [
            session.message,
            panels.log_html(session, before=10_000),
            *choices.labels,
            choices.note,
            panels.inspector_html(session),
            panels.json_text(session),
            panels.text_board_html(session),
            session.scene().to_svg(),
        ]
    )


def test_no_text_for_the_human_seat_is_built_from_str_or_the_omniscient_description(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    masking(monkeypatch)
    session = Session(isslab.make("1969", players=4), ["human", "greedy", "spy", "moonshot"], seed=4)
    play_until(session, lambda s: others_hidden_moves(s, 0))
    session.step_bots(6)  # bots' steps pile up on the status line
    texts = [shown_by(session)]
    assert "masked for USA" in session.message or "own " in session.message
    lines = [line.text for line in session.log()]
    assert any("CardDraw masked for USA" == t for t in lines)
    assert any("Commit masked for USA" == t for t in lines)
    assert any(t.startswith("own ") for t in lines)
    # every step back through the game, the human's own decisions included
    for step in range(0, session.tree.size, 7):
        session.go_to(step)
        texts.append(shown_by(session))
        if session.human_to_move():
            session.play(session.state.legal_actions()[0])
            texts.append(shown_by(session))
    everything = "\n".join(texts)
    assert "OMNISCIENT" not in everything and "STR-OF-AN-ACTION" not in everything


def test_bots_only_sessions_are_omniscient(monkeypatch: pytest.MonkeyPatch) -> None:
    masking(monkeypatch)
    session = Session(isslab.make("1969", players=3), ["greedy", "spy", "moonshot"], seed=4)
    session.step_bots(40)
    assert all(line.text.startswith("OMNISCIENT") for line in session.log())
    assert "masked" not in shown_by(session)


def test_hidden_game_inspector_and_json_show_the_eyes_view_only() -> None:
    session = Session(isslab.make("1969", players=3), ["human", "greedy", "spy"], seed=6)
    play_until(session, lambda s: s.current_player not in (0, CHANCE, TERMINAL) and sum(s.hands[1]) > 0)
    st = session.state
    assert "What USA sees" in panels.inspector_html(session)
    assert "state.view(0)" in panels.json_text(session) and '"hands"' not in panels.json_text(session)
    # the other nations' hands appear nowhere: the inspector has no column of hands
    assert "cards in hand" not in panels.inspector_html(session)
    analyst = Session(st, ["greedy", "greedy", "spy"])
    assert '"hands"' in panels.json_text(analyst) and "cards in hand" in panels.inspector_html(analyst)


def test_select_then_move_asks_the_engine_when_the_board_names_the_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = Session(TWO, ["human", "greedy"], seed=3)
    session.step_bots()
    board = session.board
    assert isinstance(board, Board1999)
    state = session.state
    origin = next(a.path[0] for a in state.legal_actions() if a.path)
    reachable = {a.path[-1] for a in board.moves_from(state, origin)}
    far = next(r.key for r in session.scene().regions if r.key not in reachable and r.key != origin)
    meant = Move(0, "step", (origin, far), "")
    # a board whose actions are just "this piece to that place" names the move; the engine judges it
    monkeypatch.setattr(Board1999, "candidate", lambda self, st, a, b: Move(0, "step", (a, b), ""))
    assert session.click(origin) and not session.click(far)
    assert session.message == f"not a legal click: {state.why_illegal(meant)}"
    assert session.selected == origin and session.state is state


def test_mistaken_input_gets_its_own_message_and_changes_nothing(tmp_path: Path) -> None:
    session = Session(TWO, ["greedy", "greedy"], seed=5)
    session.step_bots(10)
    state, size = session.state, session.tree.size
    for step in ("x", None, 2.5, True):
        assert not session.go_to(step)  # type: ignore[arg-type]
        assert "a step is a whole number from 0 to 10" in session.message
    assert not session.load(b"\xff\xfe{}") and "not UTF-8 text" in session.message
    latin = tmp_path / "latin1.json"
    latin.write_bytes('{"game": "caf\xe9"}'.encode("latin-1"))
    assert not session.load(str(latin)) and "not UTF-8 text" in session.message
    assert not session.load("[1, 2, 3]") and "not an isslab save file" in session.message
    assert not session.load("x" * 100_000)
    assert "cannot load" in session.message and len(session.message) < 300
    assert not session.load(42) and "give a path, JSON text or bytes" in session.message  # type: ignore[arg-type]
    assert not session.load(str(tmp_path)) and "no file" in session.message
    assert session.state is state and session.tree.size == size and not session.errors
    assert (
        session.load(session.tree.tip.to_json().encode(), discard=True)
        and "from the upload" in session.message
    )
