"""isslab.evaluate: rollouts with intervals, the model, bad input, and no leaks over every game."""

from __future__ import annotations

import math

import numpy as np
import pytest
from helpers_winchance import tiny_game, tiny_model, tiny_record, tiny_table_model

import isslab
from isslab.analysis.leaks import check_win_chance_leaks
from isslab.frames.stats import wilson_interval

GAMES = isslab.games()


def _middle(game_id: str) -> isslab.State:
    states = tiny_record(game_id).states()
    return states[len(states) // 2]


def test_a_finished_game_is_its_result_exactly_by_either_method() -> None:
    end = tiny_record("space-1999").final_state()
    for method in ("rollout", "model"):
        ev = isslab.evaluate(end, method=method, model_=tiny_model("space-1999"))
        assert ev.chances == ev.low == ev.high == tuple(float(r) for r in end.returns())
        assert ev.games == 0


def test_rollouts_are_seeded_have_wilson_intervals_and_do_not_depend_on_workers() -> None:
    state = _middle("space-1999")
    one = isslab.evaluate(state, games=60, seed=4)
    assert one == isslab.evaluate(state, games=60, seed=4, workers=2)
    assert one.method == "rollout" and one.games == 60 and one.kind == "win chance"
    for c, lo, hi in zip(one.chances, one.low, one.high, strict=True):
        assert (lo, hi) == wilson_interval(c * 60, 60)
    assert "red" in str(one) and "rollout, 60 games" in str(one)


def test_auto_plays_until_every_interval_is_narrow_enough() -> None:
    ev = isslab.evaluate(_middle("space-1999"), games="auto", precision=0.1)
    assert ev.games % 100 == 0
    assert all(max(h - c, c - lo) <= 0.1 for c, lo, h in zip(ev.chances, ev.low, ev.high, strict=True))


def test_a_cooperative_game_gives_the_expected_return_with_a_normal_interval() -> None:
    ev = isslab.evaluate(_middle("mission-iss"), games=20)
    assert ev.kind == "expected return"
    assert len(set(ev.chances)) == 1 and ev.low[0] <= ev.chances[0] <= ev.high[0]


def test_the_model_method_has_no_interval_and_says_how_many_games_it_learned_from() -> None:
    m = tiny_model("1969")
    ev = isslab.evaluate(_middle("1969"), seat=1, method="model", model_=m)
    assert ev.method == "model" and ev.games == m.spec.games and ev.seat == 1
    assert all(math.isnan(x) for x in ev.low + ev.high)
    assert all(0 <= c <= 1 for c in ev.chances)


def test_every_evaluation_says_whose_play_it_assumes() -> None:
    state = _middle("1969")
    ev = isslab.evaluate(state, games=20, bots=["random", "greedy"])
    assert ev.assumes == "if USA played random, USSR played greedy from here" and ev.assumes in str(ev)
    assert "a win shared by k seats counts 1/k to each" in str(ev) and ev.shares
    table = tiny_table_model("1969")
    by_model = isslab.evaluate(state, 0, "model", bots=["random", "greedy"], model_=table)
    assert by_model.assumes == ev.assumes and by_model.chances == tuple(
        table.for_lineup(["random", "greedy"]).values(state, 0)
    )
    assert sum(by_model.chances) == pytest.approx(1.0)
    team = isslab.evaluate(_middle("mission-iss"), games=5)
    assert str(team).startswith(
        "the team's expected return (rollout, 5 games, if the whole team played planner"
    )
    with pytest.raises(ValueError, match="knows the line-up greedy, greedy only"):
        isslab.evaluate(state, method="model", bots="random", model_=tiny_model("1969"))


def test_a_shared_win_counts_a_share_to_each_winner_and_is_named() -> None:
    game = isslab.make("1969", players=5)
    shared = next(r for s in range(200) if sum((r := isslab.play(game, "greedy", seed=s)).returns) > 1)
    # the last decision before the end: every rollout ends as the recorded game did, shared
    states = shared.states()
    last = max(i for i, s in enumerate(states) if not s.is_terminal() and s.current_player >= 0)
    ev = isslab.evaluate(states[-1], games=3)
    winners = sum(shared.returns)
    assert ev.chances == tuple(r / winners for r in shared.returns) and sum(ev.chances) == pytest.approx(1)
    before = isslab.evaluate(states[last], games=40)
    assert 0 < before.shared <= 1 and "ended in a shared win" in str(before)
    assert sum(before.chances) == pytest.approx(1.0)


def test_bad_input_gets_a_precise_error() -> None:
    state = _middle("space-1999")
    with pytest.raises(ValueError, match=r"seat must be an int from 0 to 1, got 2 \(a seat, or None"):
        isslab.evaluate(state, seat=2)
    with pytest.raises(ValueError, match="evaluate takes an isslab State"):
        isslab.evaluate("space-1999")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="method must be one of 'rollout', 'model'"):
        isslab.evaluate(state, method="oracle")
    with pytest.raises(ValueError, match="games must be an int from 1"):
        isslab.evaluate(state, games=0)
    with pytest.raises(ValueError, match="workers must be"):
        isslab.evaluate(state, games=5, workers=0)
    with pytest.raises(ValueError, match="unknown bot .nobody."):
        isslab.evaluate(state, games=5, bots="nobody")
    with pytest.raises(ValueError, match="fitted for"):
        isslab.evaluate(_middle("1969"), method="model", model_=tiny_model("space-1999"))


@pytest.mark.parametrize("game_id", GAMES)
def test_positions_a_seat_cannot_tell_apart_get_the_same_win_chances_and_review(game_id: str) -> None:
    hidden = tiny_game(game_id).info.hidden_information
    # without hidden information every seat sees the real position: one position shows it stays so
    differed = check_win_chance_leaks(
        tiny_game(game_id),
        tiny_table_model(game_id),
        positions=3 if hidden else 1,
        rollouts=6 if hidden else 2,
    )
    if hidden:
        assert differed > 0  # the check compared positions that really differ in what is hidden


def test_a_win_chance_with_shared_wins_keeps_a_wilson_interval_for_every_seat() -> None:
    # 400 rollouts of three seats: seat 0 wins 300, seat 1 wins 96, and 4 wins are shared by
    # seats 0 and 1 (half each); seat 2 wins none. Its chance is a rate still: its interval is
    # Wilson's [0, 0.0095], never the [0, 0] of a normal interval on a column with no spread
    from isslab.analysis.evaluate import _interval

    rows = [(1.0, 0.0, 0.0)] * 300 + [(0.0, 1.0, 0.0)] * 96 + [(0.5, 0.5, 0.0)] * 4
    lows, highs = _interval(np.asarray(rows), "win chance")
    for seat, won in enumerate((302.0, 98.0, 0.0)):
        assert (lows[seat], highs[seat]) == wilson_interval(won, 400)
    assert highs[2] > 0.009
    # an expected return (Mission ISS's modules) keeps the mean's interval
    lows, highs = _interval(np.asarray([(3.0,), (5.0,)] * 50), "expected return")
    assert lows[0] < 4.0 < highs[0] and highs[0] - lows[0] < 0.5
