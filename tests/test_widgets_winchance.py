"""The game view's win-chance strip, review panel and hint switch, without a browser."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

pytest.importorskip("ipycanvas")

from helpers_winchance import tiny_game, tiny_model, tiny_table_model  # noqa: E402
from isslab_widgets import GameView, winchance  # noqa: E402
from isslab_widgets.winchance import review_html  # noqa: E402

import isslab  # noqa: E402


def _view(game_id: str, seats: list[str]) -> GameView:
    view = GameView(tiny_game(game_id), seats, seed=2, autoplay=False)
    view.winchance._fitted = tiny_model(game_id)
    view.step_bots()
    view.winchance.refresh()
    return view


def test_during_play_the_strip_shows_every_seat_as_the_person_at_the_screen_may_know_it() -> None:
    view = _view("1969", ["human", "greedy"])
    strip = view.winchance.strip
    tree = view.session.tree
    m = tiny_model("1969")
    assert strip.mode == "play" and strip.seat == 0
    assert len(strip.values) == tree.size >= 2
    assert strip.values == [m.values(tree.at(i), 0) for i in range(tree.size)]
    words = "as USA sees it, if every seat played greedy from here (USA is a person, taken to play so)"
    assert words in view.winchance.title.value


def test_the_strip_leaks_nothing_a_position_the_seat_cannot_tell_apart_draws_the_same_line() -> None:
    view = _view("1998-iss", ["human", "greedy"])
    m = tiny_model("1998-iss")
    rng = random.Random(0)
    tree = view.session.tree
    other = [m.values(tree.at(i).resample_hidden(0, rng), 0) for i in range(tree.size)]
    assert view.winchance.strip.values == other


def test_a_click_on_the_strip_goes_to_that_step() -> None:
    view = _view("space-1999", ["human", "greedy"])
    for _ in range(3):  # a few moves of the person's, the bot's and the dice
        view.play_action(view.state.legal_actions()[0])
        view.step_bots()
    strip = view.winchance.strip
    assert view.session.tree.size > 3 and len(strip.values) == view.session.tree.size
    strip.click(strip.x_of(2), 40)
    assert view.session.tree.cursor == 2
    strip.click(strip.canvas.width, 40)
    assert view.session.tree.cursor == view.session.tree.size - 1


def test_after_the_game_the_strip_shows_the_full_review_and_the_panel_rates_the_decisions() -> None:
    view = _view("space-1999", ["greedy", "greedy"])
    assert view.state.is_terminal()
    panel = view.winchance
    assert panel.strip.mode == "review" and panel.strip.seat is None
    rev = isslab.review(view.state, model_=tiny_model("space-1999"))
    assert panel.strip.values == [list(r) for r in rev.curve()]
    assert "<b>Review</b>" in panel.review_html.value and "went from" in panel.review_html.value


def test_the_review_panel_shows_each_seats_play_the_best_line_at_a_mistake_and_the_marked_luck() -> None:
    view = _view("space-1999", ["random", "greedy"])
    rev = isslab.review(view.state, model_=tiny_model("space-1999"))
    s = rev.summary()
    text = review_html(rev, [0, 1])
    assert f"values: {rev.valuation}" in text and rev.valuation == "rollouts with greedy at every seat"
    for j in range(2):
        assert f"<td>{s.loc[j, 'accuracy']:.0f}</td>" in text and f"<td>{s.loc[j, 'label']}</td>" in text
        assert f"<td>{s.loc[j, 'luck_adjusted']:.2f}</td>" in text
    worst = rev.decisions(0).sort_values("loss", ascending=False).iloc[0]
    assert worst["rating"] != ""  # random's worst move is rated: the panel shows its best line
    line = rev.line(int(worst["step"]))
    assert "best line: " + " → ".join(line) in text.replace("&gt;", ">")
    marked = [
        r
        for j in range(2)
        for r in rev.luckiest(j, 2)["rating"].tolist() + rev.luckiest(j, 2, worst=True)["rating"].tolist()
        if r
    ]
    assert all(f"<b>{m}</b>" in text for m in marked)
    assert review_html(rev, [0], lines=False).count("best line") == 0


def test_hints_are_off_by_default_and_show_three_moves_with_their_chances_when_on() -> None:
    view = _view("space-1999", ["human", "greedy"])
    panel = view.winchance
    assert view.human_to_move()
    assert panel.hint_switch.value is False and panel.hint_html.value == ""
    panel.hint_switch.value = True
    assert panel.hint_html.value.count("<li>") == min(3, len(view.state.legal_actions()))
    assert "The judge's best moves here (rollouts with greedy at every seat)" in panel.hint_html.value


def test_a_table_without_a_model_fits_one_in_the_background_and_meanwhile_shows_rollouts_and_hints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ISSLAB_CACHE", str(tmp_path))
    monkeypatch.setattr(winchance, "FIT_GAMES", 40)  # a small fit: the test checks the way, not the model
    game = isslab.make("space-1999", players=3, eagles=2)
    view = GameView(game, ["human", "greedy", "random"], autoplay=False)
    panel = view.winchance
    try:
        assert panel._job is None and "computed when this tab is opened" in panel.title.value
        view.tabs.selected_index = view.tabs.children.index(panel)  # nothing is fitted unasked
        job = panel._job
        assert job is not None and job.lineup == ("greedy", "greedy", "random")
        if not job.done:  # the fit runs: rollouts at the shown step, the bar and the words say so
            assert panel.strip.mode == "rollouts" and panel.fit_bar.layout.display is None
            assert "fitting one (40 games)" in panel.fit_note.value and "rollouts" in panel.title.value
            shown = panel.strip.values[view.session.tree.cursor]
            assert not any(math.isnan(v) for v in shown) and sum(shown) == pytest.approx(1.0)
        assert (
            "if green played random and every other seat greedy from here (red is a person"
            in panel.title.value
        )
        view.step_bots()  # the roll-off and the bots before the person
        assert view.human_to_move()
        panel.hint_switch.value = True  # hints need no model
        assert panel.hint_html.value.count("<li>") == min(3, len(view.state.legal_actions()))
        fitted = job.result(timeout=600)
        assert fitted is not None and job.error is None
        assert panel.model() is fitted and panel.strip.mode == "play"
        assert panel.fit_bar.layout.display == "none" and "rollouts" not in panel.title.value
    finally:
        view.close()


def test_a_person_is_assumed_to_play_like_the_bot_picked_and_the_chances_follow() -> None:
    view = _view("1969", ["human", "greedy"])
    panel = view.winchance
    panel._fitted = tiny_table_model("1969")
    panel.refresh()
    assert panel.people.layout.display is None and panel.people.value == "greedy"
    assert "every seat played greedy from here (USA is a person, taken to play so)" in panel.title.value
    as_greedy = panel.strip.values
    panel.people.value = "random"
    assert (
        panel.lineup() == ("random", "greedy")
        and "USA played random, USSR played greedy" in panel.title.value
    )
    m = tiny_table_model("1969").for_lineup(["random", "greedy"])
    tree = view.session.tree
    assert panel.strip.values == [m.values(tree.at(i), 0) for i in range(tree.size)] != as_greedy


def test_the_strip_forgets_the_values_of_a_model_it_no_longer_uses() -> None:
    """Values drawn with one model (say, the one on disk when the view opened) never stay in the line."""
    view = _view("1969", ["human", "greedy"])
    tree = view.session.tree
    first = view.winchance.strip.values
    other = isslab.winprob.fit(tiny_game("1969"), games=24, positions=4, seed=1, progress=False)
    view.winchance._fitted = other
    view.winchance.refresh()
    assert view.winchance.strip.values == [other.values(tree.at(i), 0) for i in range(tree.size)] != first


def _texts(view: GameView) -> list[str]:
    return [t.text for t in view.winchance.strip.scene().shapes() if type(t).__name__ == "Text"]


def test_the_strip_has_a_numbered_axis_a_line_per_seat_and_the_shown_step_marked() -> None:
    view = _view("space-1999", ["human", "greedy"])
    for _ in range(3):
        view.play_action(view.state.legal_actions()[0])
        view.step_bots()
    view.go_to(2)
    strip = view.winchance.strip
    shapes = list(strip.scene().shapes())
    texts = _texts(view)
    assert {"0", "0.5", "1"} <= set(texts)  # the value axis, numbered
    assert "step 0" in texts and str(len(strip.values) - 1) in texts and "step 2" in texts
    colours = view.game.info.seat_colours[:2]
    lines = [s for s in shapes if type(s).__name__ == "Line" and s.stroke in colours]
    assert sorted(s.stroke for s in lines) == sorted(colours)  # one line per seat, in its colour
    dots = [s for s in shapes if type(s).__name__ == "Circle"]
    assert [d.x for d in dots] == [strip.x_of(2)] * 2  # each seat's value at the shown step
    assert [d.y for d in dots] == [strip.y_of(v) for v in strip.values[2]]
    legend = view.winchance.legend.value
    assert "win chance at step 2" in legend
    for seat in range(2):
        assert f">{view.game.seat_name(seat)}</b> {strip.values[2][seat]:.2f}" in legend


def test_the_co_op_strip_is_numbered_in_the_games_range() -> None:
    view = _view("mission-iss", ["human", "planner"])
    lo, hi = view.winchance.strip.bounds
    assert (lo, hi) != (0.0, 1.0)
    assert {f"{lo:.3g}", f"{(lo + hi) / 2:.3g}", f"{hi:.3g}"} <= set(_texts(view))
    assert f"expected return (from {lo:g} to {hi:g}) at step" in view.winchance.legend.value


@pytest.mark.parametrize("bad", ["a", None, float("nan"), float("inf"), True, [3]])
def test_a_click_on_the_strip_that_is_not_at_numbers_is_refused_and_changes_nothing(bad: object) -> None:
    view = _view("space-1999", ["human", "greedy"])
    view.play_action(view.state.legal_actions()[0])
    view.step_bots()
    before = (view.session.tree.cursor, view.session.tree.size, view.winchance.strip.values)
    strip = view.winchance.strip
    for x, y in ((bad, 40), (strip.x_of(1), bad)):
        with pytest.raises(ValueError, match=r"two finite numbers x and y .* is "):
            strip.click(x, y)  # type: ignore[arg-type]
    assert (view.session.tree.cursor, view.session.tree.size, view.winchance.strip.values) == before


def test_hints_while_a_bot_is_to_move_say_when_they_show() -> None:
    view = _view("space-1999", ["greedy", "greedy"])  # bots only: nobody to hint to
    view.winchance.hint_switch.value = True
    assert "when a person moves" in view.winchance.hint_html.value


def test_the_shown_steps_number_never_overlaps_an_end_number() -> None:
    view = _view("space-1999", ["human", "greedy"])
    for _ in range(4):
        view.play_action(view.state.legal_actions()[0])
        view.step_bots()
    last = view.session.tree.size - 1
    for step, hidden in ((0, "step 0"), (last, str(last)), (last // 2, None)):
        view.go_to(step)
        texts = _texts(view)
        assert f"step {step}" in texts
        if hidden is not None:
            assert texts.count(hidden) == (1 if hidden == f"step {step}" else 0)  # the mark says it
        else:
            assert "step 0" in texts and str(last) in texts
