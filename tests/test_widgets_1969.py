"""The 1969 board without a browser: clicks through the view's handlers, illegal clicks, SVG."""

from __future__ import annotations

import html
import random
import xml.etree.ElementTree as ET
from collections.abc import Hashable
from contextlib import closing
from typing import Any

import pytest

pytest.importorskip("ipycanvas")

import isslab_widgets  # noqa: E402
from helpers_boards import assert_canvas_fits, clicked_to_the_end  # noqa: E402
from isslab_widgets import GameView, Rect, Scene, scene_of  # noqa: E402
from isslab_widgets.boards.game_1969 import CUBE_COLOURS, Board1969  # noqa: E402

import isslab  # noqa: E402
from isslab.games.game_1969 import (  # noqa: E402
    BOXES,
    BUY,
    COMMIT,
    LAUNCH,
    BuyCards,
    Commit,
    Discard,
    EndPurchases,
    Game1969,
    Hire,
    Launch,
    SpendPrestige,
)

SVG = "{http://www.w3.org/2000/svg}"
SEATS = ["human", "greedy", "spy", "moonshot"]


def make_view(seed: int = 0) -> GameView:
    """USA (seat 0, human, First Player) against three bots; nothing moves by itself."""
    return GameView(isslab.make("1969", players=4, first_player=0), SEATS, seed=seed, autoplay=False)


def click_key(view: GameView, key: Hashable) -> bool:
    """Click the canvas pixel at the centre of the region ``key`` (what the browser sends)."""
    region = view.scene.region(key)
    assert region is not None, f"no clickable region {key!r}"
    return bool(view.click(region.x, region.y))


def human_until(view: GameView, phase: int, max_steps: int = 3000) -> None:
    """Let the bots move, and the human play the greedy bot's choice, until the human acts in ``phase``."""
    greedy = isslab.bot("1969", "greedy")
    for _ in range(max_steps):
        view.step_bots()
        st = view.state
        assert not st.is_terminal(), "the game ended before the phase came"
        if st.phase == phase:
            return
        assert view.play_action(greedy(st, random.Random(0)))
    raise AssertionError(f"phase {phase} never came for the human seat")


def cube_at(scene: Scene, board: Board1969, seat: int, box: int, slot: int, colour: str) -> bool:
    """Whether the board layer shows a cube of ``colour`` in that space of that box."""
    x, y = board.cube_xy(seat, box, slot)
    return any(
        isinstance(s, Rect) and s.fill == colour and abs(s.x - x) < 0.01 and abs(s.y - y) < 0.01
        for s in scene.layer("board")
    )


def test_the_1969_board_is_registered() -> None:
    game = isslab.make("1969", players=4, first_player=0)
    board = isslab_widgets.board_for(game)
    assert isinstance(board, Board1969)
    with closing(make_view()) as view:
        assert view.board is board and view.painter is not None
        assert_canvas_fits(view)


def test_button_click_sells_prestige() -> None:
    with closing(make_view()) as view:
        st = view.state
        assert st.current_player == 0 and view.human_to_move()
        sell = SpendPrestige(0, 1)
        assert sell in st.legal_actions()
        assert click_key(view, ("do", sell))
        assert view.state.history[-1] == sell
        assert view.state.money[0] == st.money[0] + 2 and view.state.pp[0] == st.pp[0] - 1


def test_hire_click_selects_the_box_then_a_type_button_hires() -> None:
    with closing(make_view()) as view:
        human_until(view, BUY)
        st, scene0 = view.state, view.scene
        board = view.board
        assert isinstance(board, Board1969)
        box = BOXES.index("simulation")
        key = ("box", 0, box)
        assert click_key(view, key)
        # several scientist types fit: the box is selected, nothing is played yet
        assert view.state is st and view.selected == key
        picked = view.scene
        assert picked.layer("background") == scene0.layer("background")
        assert picked.layer("board") == scene0.layer("board")
        assert picked.layer("pieces") != scene0.layer("pieces")
        famous = Hire(0, "famous", "simulation", 0)
        assert picked.region(("do", famous)) is not None
        assert click_key(view, ("do", famous))
        after = view.state
        assert after.history[-1] == famous and after.move_number == st.move_number + 1
        assert after.cubes[0][box] == (2,) and after.money[0] == st.money[0] - st.hire_cost(0, 2)
        assert view.selected is None
        assert cube_at(view.scene, board, 0, box, 0, CUBE_COLOURS["famous"])
        assert not cube_at(scene0, board, 0, box, 0, CUBE_COLOURS["famous"])
        assert "famous" in view.message


def test_clicking_a_selected_box_again_deselects_it() -> None:
    with closing(make_view()) as view:
        human_until(view, BUY)
        st = view.state
        assert click_key(view, ("box", 0, 0)) and view.selected == ("box", 0, 0)
        assert click_key(view, ("box", 0, 0))
        assert view.selected is None and view.state is st and "deselected" in view.message


def test_a_spy_click_on_a_rival_box_asks_before_it_hires() -> None:
    with closing(make_view()) as view:
        human_until(view, BUY)
        st = view.state
        if st.money[0] < st.hire_cost(0, 4):
            pytest.skip("USA cannot afford a spy in this game")
        rival_box = next(b for b in range(12) if not st.cubes[1][b])
        key = ("box", 1, rival_box)
        spy = Hire(0, "spy", BOXES[rival_box], 1)
        # one scientist type fits (a spy), yet money is spent only after the button says so
        assert click_key(view, key)
        assert view.state is st and view.selected == key and "spy" in view.message
        price = st.hire_cost(0, 4)
        assert any(getattr(t, "text", "") == f"hire spy ({price}M)" for t in view.scene.layer("pieces"))
        assert click_key(view, ("do", spy))
        after = view.state
        assert after.history[-1] == spy and after.money[0] == st.money[0] - price
        assert after.cubes[1][rival_box] == (4,) and after.tokens[0][rival_box] == 1
        assert cube_at(view.scene, view.board, 1, rival_box, 0, CUBE_COLOURS["spy"])  # type: ignore[arg-type]


def test_text_is_at_least_11_px_and_prompts_ask_only_for_what_is_affordable() -> None:
    from isslab_widgets.boards.game_1969 import MIN_TEXT
    from isslab_widgets.scene import Text

    game = isslab.make("1969", players=5)
    board = isslab_widgets.board_for(game)
    assert isinstance(board, Board1969) and MIN_TEXT >= 11
    record = isslab.play(game, ["greedy", "spy", "moonshot", "greedy", "random"], seed=4)
    prompts = 0
    for st in record.states()[::3]:
        cp = st.current_player
        scene = board.scene(st, hints=True, viewers=(max(cp, 0),))
        assert min(s.size for s in scene.shapes() if isinstance(s, Text)) >= 11
        if st.phase == BUY and cp >= 0:
            prompts += 1
            texts = [getattr(s, "text", "") for s in scene.layer("pieces")]
            prompt = next(t for t in texts if t.startswith(game.seat_name(cp)))
            legal = st.legal_actions()
            can_hire = any(type(a) is Hire for a in legal)
            assert ("click a highlighted box to hire" in prompt) == can_hire
            assert ("buy cards" in prompt) == any(type(a) is BuyCards for a in legal)
            # every button's price is payable: buttons come from the legal actions only
            for t in texts:
                if t.startswith("buy "):
                    assert int(t.split("(")[1].rstrip("M)")) <= st.money[cp]
    assert prompts > 10


def test_launch_click_starts_the_mission_and_the_rocket_shows() -> None:
    with closing(make_view()) as view:
        human_until(view, LAUNCH)
        st = view.state
        launch = next(a for a in st.legal_actions() if type(a) is Launch)
        before = view.scene
        assert click_key(view, ("mission", launch.mission))
        after = view.state
        assert after.history[-1] == launch and after.launched[0] == launch.mission
        assert after.money[0] == st.money[0] - launch.cost and after.is_chance_node()
        assert view.scene.layer("board") != before.layer("board")
        assert view.roll()  # the dice: the rocket of USA now stands on its track
        assert "1963" in view.scene.title or "year" in view.scene.title
        assert any("Mission test" == getattr(s, "text", "") for s in view.scene.layer("board"))
        assert any(f"USA: {launch.name}" == getattr(s, "text", "") for s in view.scene.layer("board"))


def test_illegal_clicks_change_nothing() -> None:
    with closing(make_view()) as view:
        human_until(view, BUY)
        state, size, scene = view.state, view.tree.size, view.scene
        svg = view.to_svg()
        # a mission in the purchase phase, a point outside every region, a stale button, a card not
        # held: the engine says why (state.why_illegal), the board only for empty space
        game = view.game
        clicks = [
            (("mission", 0), state.why_illegal(Launch(0, 0, game.m_name[0], game.m_cost[0]))),
            (None, "nothing to click"),
            (("do", EndPurchases(1)), state.why_illegal(EndPurchases(1))),
            (("card", 3), state.why_illegal(Discard(0, 3))),
        ]
        for key, why in clicks:
            if key is None:
                assert not view.click(2.0, 2.0)
            elif key[0] in ("do", "card"):  # no such button or card is drawn: the handler path
                assert not view.click_key(key)
            else:
                assert not click_key(view, key)
            assert why in view.message, view.message
            assert view.state is state and view.tree.size == size and view.selected is None
            assert view.scene == scene and view.to_svg() == svg
        # a full box: fill USA's Intelligence with two basics first, through clicks
        for _ in range(2):
            assert click_key(view, ("box", 0, 0))
            assert click_key(view, ("do", Hire(0, "basic", "intelligence", 0)))
        state, size, scene = view.state, view.tree.size, view.scene
        assert not click_key(view, ("box", 0, 0))
        assert state.why_illegal(Hire(0, "basic", "intelligence", 0)) in view.message
        assert view.state is state and view.tree.size == size and view.scene == scene


def test_clicks_while_a_bot_moves_are_refused() -> None:
    with closing(make_view()) as view:
        assert click_key(view, ("do", SpendPrestige(0, 0)))
        view.step_bots(max_steps=0)
        st = view.state
        assert st.current_player == 1  # USSR, the greedy bot, sells next
        size = view.tree.size
        assert not view.click_key(("do", SpendPrestige(1, 0)))
        assert "greedy bot" in view.message and view.state is st and view.tree.size == size


def test_intelligence_cards_are_picked_then_played() -> None:
    with closing(make_view(seed=5)) as view:
        human_until(view, BUY)
        assert click_key(view, ("do", BuyCards(0, 2)))
        view.step_bots()  # the draw is a chance step
        while view.state.phase != COMMIT:
            st = view.state
            assert not st.is_terminal()
            if view.human_to_move():
                # launch nothing, keep buying nothing: wait for a rival's mission to play cards on
                act = next(
                    a
                    for a in st.legal_actions()
                    if type(a).__name__ in ("EndPurchases", "Pass", "SpendPrestige")
                )
                assert view.play_action(act)
            view.step_bots()
        st = view.state
        hand = st.hands[0]
        assert sum(hand) >= 1 and st.current_player == 0
        value = next(v for v, c in enumerate(hand) if c) + 1
        assert click_key(view, ("card", value))
        chosen = tuple(1 if v == value - 1 else 0 for v in range(len(hand)))
        assert view.selected == ("commit", chosen) and view.state is st
        play = Commit(0, chosen)
        assert click_key(view, ("do", play))
        assert view.state.history[-1] == play
        assert sum(view.state.hands[0]) == sum(hand) - 1


def click_action(view: GameView, action: object) -> None:
    """Play ``action`` for the human seat only through clicks on the board."""
    board = view.board
    assert isinstance(board, Board1969)
    n = view.state.move_number
    if type(action) is Commit:
        for v, c in enumerate(action.cards):
            for _ in range(c):
                assert click_key(view, ("card", v + 1)), view.message
        assert click_key(view, ("do", action)), view.message
    else:
        key = board.origin(action)  # type: ignore[arg-type]
        assert key is not None, action
        assert click_key(view, key), view.message
        if view.state.move_number == n:  # a box with several types: choose the type's button
            assert view.selected == key
            assert click_key(view, ("do", action)), view.message
    assert view.state.move_number == n + 1 and view.state.history[-1] == action


def test_a_whole_game_is_playable_by_clicks_alone() -> None:
    with closing(make_view(seed=2)) as view:
        kinds = clicked_to_the_end(view, isslab.bot("1969", "greedy"), random.Random(1), click_action)
        assert not view.errors
        assert {"Hire", "Launch", "EndPurchases", "SpendPrestige"} <= kinds
        final = view.scene
        texts = [getattr(s, "text", "") for s in final.layer("board")]
        assert any("game over" in t for t in texts) and any("final score" in t for t in texts)


def test_svg_is_well_formed_at_every_kind_of_step() -> None:
    game = isslab.make("1969", players=5)
    record = isslab.play(game, ["greedy", "spy", "moonshot", "greedy", "random"], seed=4)
    states = record.states()
    for st in states[:: max(1, len(states) // 25)] + [states[-1]]:
        svg = st._repr_svg_()
        assert svg is not None
        root = ET.fromstring(svg)
        assert root.tag == f"{SVG}svg"
        assert root.find(f"{SVG}title") is not None
        assert "1969" in "".join(root.itertext())
        # five nations: five panels fit inside the picture
        assert scene_of(st).height >= 5 * 82
    board = isslab_widgets.board_for(game)
    assert board is not None
    last = states[-1]
    texts = [getattr(s, "text", "") for s in board.scene(last, hints=False).shapes()]
    assert any(t.startswith("1969 · 1969") and "won" in t for t in texts)


def test_inspector_values_are_readable() -> None:
    board = isslab_widgets.board_for(isslab.make("1969", players=3))
    assert board is not None
    assert board.format_value("cubes", ((), (0, 2)) + ((),) * 10) == "Robotics: basic+famous"
    assert board.format_value("launched", -1) == "-" and board.format_value("moon_flag", -1) == "launched"
    assert board.format_value("research", (0,) * 12) is None  # internal: hidden from the inspector
    assert board.format_value("hands", [1, 0, 2]) == "1+3+3"
    assert board.format_value("attempted", 0b11).startswith("Satellite Launch, Launch Complex Test")


def test_the_single_human_sees_its_own_cards_while_bots_play() -> None:
    view = make_view(seed=3)
    assert view.viewers() == (0,)
    board = view.board
    assert isinstance(board, Board1969)
    # find a position where USA (the human) holds cards and a bot is to act
    rec = isslab.play(view.state.game, ["greedy"] * 4, seed=5)
    state = next(s for s in rec.states() if sum(s.hands[0]) and s.current_player not in (0, isslab.TERMINAL))

    def text(scene: Scene) -> str:
        return "".join(ET.fromstring(scene.to_svg()).itertext())

    shown = text(board.scene(state, hints=False, viewers=(0,)))
    hidden = text(board.scene(state, hints=False))
    assert "cards " in shown and shown != hidden
    # two people at one screen: the screen passes from one to the other, never showing both hands
    with closing(
        GameView(isslab.make("1969", players=2, first_player=1), ["human", "human"], autoplay=False)
    ) as hot_seat:
        assert hot_seat.state.current_player == 1 and hot_seat.session.handover() == 1
        assert "Pass the screen to USSR" in text(hot_seat.scene) and hot_seat.scene.regions == ()
        assert hot_seat.take_screen() and hot_seat.viewers() == (1,)
        hot_seat.play_action(hot_seat.state.legal_actions()[0])
        assert hot_seat.state.current_player == 0 and hot_seat.viewers() == (1,)
        assert hot_seat.session.handover() == 0 and hot_seat.action_list.options == ()
        assert hot_seat.take_screen() and hot_seat.viewers() == (0,)


# --- what the human seat is told: state.describe(action, seat), nothing else -------------------------


def play_to_hidden_moves(view: GameView) -> None:
    """Bots move and the human (USA) plays greedy, until a rival has drawn cards and played some face down."""
    greedy = isslab.bot("1969", "greedy")
    rng = random.Random(0)

    def seen(st: isslab.State) -> set[str]:
        return {type(a).__name__ for a in st.history if getattr(a, "seat", 0) != 0}

    while not {"CardDraw", "Commit"} <= seen(view.state):
        assert not view.state.is_terminal()
        if view.human_to_move():
            assert view.play_action(greedy(view.state, rng)), view.message
        else:
            assert view.advance(), view.message


def shown_text(view: GameView) -> str:
    """Every text of the view: status, log, action list, inspector, JSON, the picture."""
    labels = [str(label) for label, _ in view.action_list.options]
    return "\n".join(
        [
            view.status.value,
            view.log_view.value,
            *labels,
            view.action_note.value,
            view.inspector.value,
            view.json_view.value,
            view.to_svg(),
        ]
    )


def test_the_log_describes_every_action_for_the_human_seat() -> None:
    with closing(make_view(seed=4)) as view:
        play_to_hidden_moves(view)
        state = view.state
        log = view.log_view.value
        for a in state.history[-100:]:
            # each log line ends its <div>: match whole texts ("USSR draws 1" is a prefix of the
            # masked "USSR draws 1 card")
            assert html.escape(state.describe(a, 0)) + "</div>" in log
            if state.describe(a, 0) != state.describe(a):  # hidden from USA: only the masked text
                assert html.escape(state.describe(a)) + "</div>" not in log
        for note in view.message.split(" · "):
            assert note.removeprefix("greedy bot: ").removeprefix("spy bot: ").removeprefix(
                "moonshot bot: "
            ).split(" | ")[0] in {state.describe(a, 0) for a in state.history}


def test_a_masking_engine_never_leaks_into_the_view(monkeypatch: pytest.MonkeyPatch) -> None:
    def describe(self: Any, action: Any, seat: int | None) -> str:
        fields = ",".join(map(str, action))
        if seat is None:
            return f"OMNISCIENT {type(action).__name__}({fields})"
        if getattr(action, "seat", None) == seat:
            return f"own {type(action).__name__}({fields})"
        return f"{type(action).__name__} masked for {self.seat_name(seat)}"

    monkeypatch.setattr(Game1969, "describe_action", describe)
    for cls in Game1969.ACTION_TYPES:  # a text built with str(action) would carry this marker
        monkeypatch.setattr(cls, "__str__", lambda self: "STR-OF-AN-ACTION")
    with closing(make_view(seed=4)) as view:
        play_to_hidden_moves(view)
        view.step_bots(5)
        texts = [shown_text(view)]
        assert "CardDraw masked for USA" in view.log_view.value
        assert "Commit masked for USA" in view.log_view.value
        assert "masked for USA" in view.message or "own " in view.message
        for step in range(0, view.tree.size, 11):
            view.go_to(step)
            texts.append(shown_text(view))
        everything = "\n".join(texts)
        assert "OMNISCIENT" not in everything and "STR-OF-AN-ACTION" not in everything


def test_the_nation_sheet_shows_the_final_score_the_player_panel_shows() -> None:
    # End of the Game: the scientists' points join the track's prestige; sheet, track and panel agree
    game = isslab.make("1969", players=3)
    for seed in range(8):
        final = isslab.play(game, ["greedy", "greedy", "greedy"], seed=seed).final_state()
        if final.scores()[0] != final.pp[0]:
            break
    else:
        raise AssertionError("no game whose scientists changed USA's score")
    shown = [t.text for t in scene_of(final).shapes() if type(t).__name__ == "Text"]
    for seat in range(3):
        panel = dict(final.key_numbers(seat))["prestige"]
        assert panel == f"{final.scores()[seat]} PP"
        assert f"{panel} · {final.money[seat]}M" in shown  # the Scoring Track
    own = f"{final.money[0]}M · {final.scores()[0]} PP"  # the open sheet (seat 0's)
    assert own in shown and "final score" in shown
    assert f"{final.money[0]}M · {final.pp[0]} PP" not in shown  # the track's prestige alone
