"""Hot-seat play in the game view: while the screen passes, no tab shows or computes anything of a hand.

Two people share one screen in 1969 and 1998 ISS (games with hidden cards), hints on and a
win-chance model loaded. When the game waits for the other person the view is covered until that
person presses *I am ...*: every tab (Game, Win chances, Rules, Position, Log, JSON, What if,
Save/Load) is hidden and holds nothing written for one seat, and nothing is computed for a seat
(no chance, no hint, no what-if start). After *I am ...* everything is computed again for the new
seat, and stepping back shows only what that seat may know.
"""

from __future__ import annotations

import json
import random
from contextlib import closing
from typing import Any

import pytest

pytest.importorskip("ipycanvas")

from helpers_hotseat import assert_covered, hand_texts, page_text, secrets_of, texts, to_next_cover  # noqa: E402
from helpers_winchance import tiny_game, tiny_model  # noqa: E402
from isslab_widgets import GameView, panels, winchance  # noqa: E402
from isslab_widgets.view_base import TAB_TITLES  # noqa: E402

import isslab  # noqa: E402

HIDDEN_GAMES = ("1969", "1998-iss")


class Calls:
    """Records the calls of the computations that read a hand (the strip, the hints, the what-if start)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, view: GameView) -> None:
        self.log: list[tuple[str, Any]] = []
        model = view.winchance.model()
        assert model is not None
        values, hints = model.values, winchance.hints
        monkeypatch.setattr(
            model, "values", lambda state, seat=None: self._note("values", seat, values(state, seat))
        )
        monkeypatch.setattr(
            winchance,
            "hints",
            lambda state, seat=None, **kw: self._note("hints", seat, hints(state, seat, **kw)),
        )
        for name in ("log_html", "inspector_html", "json_text"):
            real = getattr(panels, name)
            monkeypatch.setattr(
                panels, name, lambda s, real=real, name=name: self._note(name, s.eyes(), real(s))
            )
        start = view.session.simulation_start
        monkeypatch.setattr(
            view.session,
            "simulation_start",
            lambda seed: self._note("what if", view.session.eyes(), start(seed)),
        )

    def _note(self, what: str, seat: Any, result: Any) -> Any:
        self.log.append((what, seat))
        return result

    def take(self) -> list[tuple[str, Any]]:
        out, self.log = self.log, []
        return out


def hot_view(game_id: str, seed: int = 3) -> GameView:
    """Two people at one screen of the 2-seat table, the model of the table loaded and hints on."""
    view = GameView(tiny_game(game_id), ["human", "human"], seed=seed, autoplay=False)
    view.winchance._fitted = tiny_model(game_id)
    view.winchance.hint_switch.value = True
    return view


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_under_the_cover_no_tab_shows_anything_of_a_hand(game_id: str) -> None:
    with closing(hot_view(game_id)) as view:
        rng = random.Random(0)
        for turn in range(5):  # hand-overs both ways, each with another tab open when the cover comes
            leaving = view.session.eyes()
            assert leaving is not None
            view.tabs.selected_index = (2 * turn) % len(TAB_TITLES)
            to = to_next_cover(view, rng)
            assert_covered(view, leaving, to)
            secrets = secrets_of(view.state, to) | secrets_of(view.state, leaving)
            for tab, content in zip(TAB_TITLES, view.tabs.children, strict=True):
                shown = "\n".join(texts(content))
                leaked = [secret for secret in secrets if secret in shown]
                assert not leaked, (tab, leaked)
                assert "best moves" not in shown and "sees it" not in shown, tab
            assert view.take_screen() and view.session.eyes() == to
            assert view.tabs.layout.display is None and view.handover_box.layout.display == "none"
        assert secrets, "the game came to no secret: the check above checked nothing"


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_nothing_is_computed_for_a_seat_under_the_cover_and_all_of_it_again_after_i_am(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with closing(hot_view(game_id)) as view:
        calls = Calls(monkeypatch, view)
        rng = random.Random(1)
        to = to_next_cover(view, rng)
        leaving = view.session.eyes()
        calls.take()
        # whatever is pressed under the cover computes nothing for a seat
        view.winchance.hint_switch.value = False
        view.winchance.hint_switch.value = True
        view.winchance.refresh()
        view._refresh()
        view.back()
        view.redo()
        view._start_what_if()
        assert calls.take() == []
        assert "covered" in view.wi_result.value and view.whatif_run is None and view.wi_button.disabled
        assert_covered(view, leaving, to)
        # I am ...: the strip, the hints, the panels, computed again for the new seat only
        assert view.take_screen()
        made = calls.take()
        assert {seat for _, seat in made} == {to}
        assert {"values", "hints", "log_html", "inspector_html", "json_text"} <= {what for what, _ in made}
        assert view.winchance.strip.seat == to and view.winchance.hint_html.value.count("<li>") >= 1
        assert f"as {view.game.seat_name(to)} sees it" in view.winchance.title.value


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_stepping_back_shows_only_what_the_person_at_the_screen_may_know(game_id: str) -> None:
    with closing(hot_view(game_id)) as view:
        rng = random.Random(2)
        for _ in range(12):  # until the other person was told something in secret
            to = to_next_cover(view, rng)
            assert view.take_screen()
            if secrets_of(view.state, to):
                break
        seat = view.session.eyes()
        assert seat == to and secrets_of(view.state, seat)
        other = 1 - seat
        s = view.session
        tip = view.tree.tip
        told = {tip.describe(a, seat) for a in tip.history}  # the log shows the whole line, for its eyes
        for step in range(view.tree.size - 1, -1, -1):
            assert view.go_to(step) and s.eyes() == seat and s.handover() is None
            st = view.state
            text = page_text(view)
            for secret in secrets_of(st, seat):
                assert secret not in text, (step, secret)
            for label in hand_texts(st, other) - told:
                assert label not in text, (step, label)
            assert json.dumps(st.view(other), indent=1) not in text
            assert view.winchance.strip.seat == seat
            if st.current_player == other:  # its turn, long ago: its options and best moves are its own
                assert view.action_list.options == () and view.winchance.hint_html.value == ""
                bare = s.board.scene(st, None, hints=False, viewers=(seat,)) if s.board else None
                assert bare is None or {r.key for r in view.scene.regions} == {r.key for r in bare.regions}


def test_an_undo_under_the_cover_passes_the_screen_to_the_person_who_decides_again() -> None:
    with closing(hot_view("1969")) as view:
        rng = random.Random(0)
        to = to_next_cover(view, rng)
        if view.session.last_decision() is None:  # the first cover came before anyone decided
            assert view.take_screen()
            to = to_next_cover(view, rng)
        leaving = view.session.eyes()
        assert leaving is not None and leaving != to
        assert view.undo()
        # the person who decides again is the one who left: the screen still passes first
        assert view.session.handover() == leaving and view.session.eyes() == leaving
        assert_covered(view, to, leaving)
        assert view.take_screen() and view.session.handover() is None and view.state.current_player == leaving


def test_a_what_if_run_shows_only_to_the_eyes_it_was_made_for() -> None:
    with closing(hot_view("1969")) as view:
        rng = random.Random(0)
        greedy = isslab.bot("1969", "greedy")
        while view.state.is_chance_node() or view.session.handover() is not None:
            if view.session.handover() is not None:
                view.take_screen()
            else:
                view.roll()
        first = view.session.eyes()
        run = view.what_if(games=4, bots=["random", "random"])
        run.wait(120)
        assert "games" in view.wi_result.value and view.wi_plot.value
        shown = view.wi_result.value
        view.play_action(greedy(view.state, rng))
        to = to_next_cover(view, rng)
        assert to != first and "covered" in view.wi_result.value and view.wi_plot.value == b""
        assert view.take_screen()
        assert (
            "made for" in view.wi_result.value and shown not in page_text(view) and view.wi_plot.value == b""
        )
