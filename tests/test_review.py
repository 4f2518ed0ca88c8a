"""isslab.review: one row per step, one valuation for the table and the graph, the identity on every
game, the judge's verdicts, lines and hints, the per-seat figures, and bad input."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from helpers_winchance import tiny_game, tiny_model, tiny_record

import isslab
from isslab.analysis.judge import SWITCH
from isslab.analysis.ratings import LADDER, RATINGS, accuracy, label, rate
from isslab.analysis.review import GAME_ROLLOUTS, SEARCH_ROLLOUTS, _judge_rollouts, hints
from isslab.analysis.valuation import DEFAULT_ROLLOUTS
from isslab.analysis.winmetrics import win_metrics

GAMES = isslab.games()
#: rollouts per position in these tests (the figures are checked for what they are, not for precision)
FEW = 4


def _review(game_id: str, seat: int | None = None, valuation: str = "rollouts") -> isslab.Review:
    kw = {"rollouts": FEW} if valuation == "rollouts" else {}
    return isslab.review(tiny_record(game_id), seat, valuation, model_=tiny_model(game_id), **kw)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seat", [None, 0])
@pytest.mark.parametrize("valuation", ["rollouts", "model"])
def test_the_table_and_the_graph_are_one_valuation_and_add_up(
    game_id: str, seat: int | None, valuation: str
) -> None:
    rec = tiny_record(game_id)
    rev = _review(game_id, seat, valuation)
    rows = rev.rows
    n = rec.game.num_players
    assert len(rows) == rec.steps and list(rows["step"]) == list(range(rec.steps))
    assert rev.end == tuple(float(r) for r in rec.returns)
    for j in range(n):
        assert np.allclose(rows[f"after_{j}"].to_numpy()[:-1], rows[f"before_{j}"].to_numpy()[1:])
    s = rev.summary()
    assert np.allclose(
        s["end"] - s["start"], s["luck"] + s["own_decisions"] + s["rivals_decisions"], atol=1e-9
    )
    assert np.allclose(s["luck_adjusted"], s["end"] - s["luck"])
    decisions = rows[rows["kind"] == "decision"]
    chance = rows[rows["kind"] == "chance"]
    assert decisions[[f"luck_{j}" for j in range(n)]].isna().all().all()
    assert chance[[f"luck_{j}" for j in range(n)]].notna().all().all()
    assert (rows["action"] == [rec.states()[t].describe(a, seat) for t, a in enumerate(rec.actions)]).all()
    judged = rows[rows["loss"].notna()]
    assert len(judged) and (judged["loss"] >= 0).all()
    # the value of the move played in the table is the graph's value after it, exactly
    after = [judged.loc[t, f"after_{a}"] for t, a in zip(judged.index, judged["actor"], strict=True)]
    assert list(judged["chance"]) == after
    assert np.allclose(judged["best_chance"], judged["chance"] + judged["loss"])
    if seat is not None:
        assert (judged["actor"] == seat).all()  # a rival's alternatives may depend on what is hidden
    assert (judged["rating"] == [rate(x / rev.span) for x in judged["loss"]]).all()
    assert s.loc[0, "name"] in rev.in_words(0) and rev.valuation in rev.in_words(0)
    assert (s["valuation"] == rev.valuation).all() and rows.attrs["valuation"] == rev.valuation
    if valuation == "rollouts":
        assert rev.valuation == "rollouts with greedy at every seat".replace(
            "greedy", rec.game.info.default_bot
        )
        assert (rows[[f"se_{j}" for j in range(n)]].to_numpy() >= 0).all()
    else:
        assert rev.valuation.startswith("the fitted model")


def test_the_model_table_values_a_move_into_a_chance_node_by_its_outcomes_as_the_graph_does() -> None:
    rec = tiny_record("1969")
    m = tiny_model("1969")
    rev = isslab.review(rec, valuation="model", model_=m)
    states = rec.states()
    # a decision whose move leads to a card draw: the table's value is the mean over the draws
    t = next(
        t
        for t in range(len(states) - 1)
        if states[t].current_player >= 0
        and states[t + 1].current_player == isslab.CHANCE
        and not math.isnan(rev.rows.loc[t, "chance"])
    )
    s = states[t + 1]
    actor = states[t].current_player
    mean = sum(p * np.asarray(m.values(s.apply(a)))[actor] for a, p in s.chance_outcomes())
    assert rev.rows.loc[t, "chance"] == pytest.approx(mean)
    assert m.values(s)[actor] != pytest.approx(mean)  # the model at the node itself would differ


def test_luck_is_the_outcome_against_the_odds_weighted_mean_of_all_outcomes() -> None:
    rec = tiny_record("space-1999")
    m = tiny_model("space-1999")
    rev = isslab.review(rec, valuation="model", model_=m)
    states = rec.states()
    t = int(rev.rows.index[rev.rows["kind"] == "chance"][3])
    s = states[t]
    mean = sum(p * np.asarray(m.values(s.apply(a))) for a, p in s.chance_outcomes())
    assert np.allclose([rev.rows.loc[t, f"before_{j}"] for j in range(2)], mean)
    if not states[t + 1].is_chance_node():
        after = np.asarray(m.values(states[t + 1]))
        assert np.allclose([rev.rows.loc[t, f"luck_{j}"] for j in range(2)], after - mean)


def test_the_judge_keeps_the_incumbent_and_the_move_played_unless_another_clearly_beats_them() -> None:
    game = tiny_game("space-1999")
    rec = isslab.play(game, ["random", "greedy"], seed=5)
    rev = isslab.review(rec, rollouts=8)
    judge = rev._judge
    assert judge is not None and judge.adviser_names == ("greedy",)
    states = rec.states()
    for seat in range(2):
        rows = rev.decisions(seat)
        for t in rows["step"]:
            s = states[t]
            played = s.resolve(rec.actions[t])
            verdict = judge.examine(s, played, None)
            assert verdict.loss == rows.loc[t, "loss"] and verdict.examined == (rows.loc[t, "compared"] > 0)
            if played in judge.answers(s, None)[0]:  # the default bot's own move (or one of its ties)
                assert verdict.loss == 0.0
            if not verdict.examined:
                continue
            inc = judge.incumbent(s, None, played)
            assert inc in verdict.candidates
            ref = verdict.candidates.index(inc)
            gaps = judge._gaps(verdict.estimates, ref, seat)
            clear = [j for j, (g, se) in enumerate(gaps) if g > 0 and judge._z(g, se) > SWITCH]
            choice = max(clear, key=lambda j: gaps[j][0]) if clear else ref
            # the move played is charged only where the judge's move beats it clearly too
            over_played = judge._gaps(verdict.estimates, verdict.played, seat)[choice]
            kept = choice != verdict.played and judge._z(*over_played) <= SWITCH
            assert verdict.best == (verdict.played if kept else choice)
            best, base = verdict.estimates[verdict.best], verdict.estimates[verdict.played]
            assert verdict.loss == pytest.approx(max(0.0, best.mean[seat] - base.mean[seat]))
            assert all(len(e.samples) in (8, 32) for e in verdict.estimates)  # type: ignore[arg-type]
    # random's moves cost it more than the default bot's cost the default bot
    s = rev.summary()
    assert s.loc[0, "loss"] > s.loc[1, "loss"] == 0.0 and s.loc[0, "error_rate"] > s.loc[1, "error_rate"]


def test_the_judge_plays_out_the_lineup_when_asked_and_says_so() -> None:
    game = tiny_game("space-1999")
    rec = isslab.play(game, ["random", "greedy"], seed=5)
    rev = isslab.review(rec, bots="lineup", rollouts=FEW)
    assert rev.valuation == "rollouts with random (red), greedy (blue)"
    with pytest.raises(ValueError, match="bots='lineup' reviews a GameRecord"):
        isslab.review(rec.final_state(), bots="lineup")


def test_the_summary_rates_each_seats_play_with_an_interval_and_a_label() -> None:
    rev = _review("1969")
    s = rev.summary()
    for j in range(2):
        mine = rev.decisions(j)
        losses = mine["loss"].to_numpy() / rev.span
        assert s.loc[j, "judged"] == len(mine) > 1
        assert s.loc[j, "error_rate"] == pytest.approx(losses.mean() * 1000)
        assert s.loc[j, "error_low"] <= s.loc[j, "error_rate"] <= s.loc[j, "error_high"]
        assert s.loc[j, "accuracy"] == pytest.approx(accuracy(losses))
        assert s.loc[j, "label"] == label(s.loc[j, "error_rate"])
        for rating, _ in RATINGS:
            assert s.loc[j, rating] == (mine["rating"] == rating).sum()
        marks = rev.rows[f"luck_rating_{j}"]
        assert s.loc[j, "lucky"] + s.loc[j, "unlucky"] == (marks != "").sum()
    assert [name for name, _ in LADDER][0] == "supernatural"


def test_lucky_and_unlucky_marks_need_luck_beyond_its_noise() -> None:
    rev = isslab.review(tiny_record("space-1999"), rollouts=16)
    r = rev.rows[rev.rows["kind"] == "chance"]
    for j in range(2):
        marked = r[r[f"luck_rating_{j}"] != ""]
        assert (marked[f"luck_{j}"].abs() >= 0.1).all()
        assert (marked[f"luck_{j}"].abs() > 2 * marked[f"luck_se_{j}"]).all()
        assert (marked[f"luck_rating_{j}"].str.contains("unlucky") == (marked[f"luck_{j}"] < 0)).all()
    best = rev.luckiest(0)
    assert (best["luck"] > 0).all() and list(best["luck"]) == sorted(best["luck"], reverse=True)
    assert set(best.columns) == {"step", "action", "luck", "luck_se", "rating"}
    assert (rev.luckiest(0, worst=True)["luck"] < 0).all()


def test_the_best_line_starts_with_the_best_move_and_stops_at_chance() -> None:
    rev = _review("1969")
    judged = rev.decisions()
    t = (
        int(judged.index[judged["compared"] > 0][0])
        if (judged["compared"] > 0).any()
        else int(judged.index[0])
    )
    line = rev.line(t)
    assert line[0] == judged.loc[t, "best"] and 1 <= len(line) <= 6
    if len(line) > 1 and line[-1] == "(then chance)":
        assert len(line) >= 2
    chance_step = int(rev.rows.index[rev.rows["kind"] == "chance"][0])
    assert rev.line(chance_step) == []
    with pytest.raises(ValueError, match="step must be an int from 0"):
        rev.line(len(rev.rows))


def test_the_same_seed_gives_the_same_rows_and_a_state_reviews_its_history() -> None:
    rec = tiny_record("1969")
    m = tiny_model("1969")
    a = isslab.review(rec, seat=1, model_=m, rollouts=FEW).rows
    b = isslab.review(rec.final_state(), seat=1, model_=m, rollouts=FEW).rows
    assert a.equals(b)
    c = isslab.review(rec, seat=1, model_=m, rollouts=FEW, seed=99).rows
    assert not c.equals(a)


def test_an_edited_record_or_bad_settings_are_refused() -> None:
    rec = tiny_record("space-1999")
    m = tiny_model("space-1999")
    edited = dataclasses.replace(rec, returns=tuple(1.0 - r for r in rec.returns))
    with pytest.raises(ValueError, match="the record was edited"):
        isslab.review(edited, model_=m)
    swapped = dataclasses.replace(
        rec, actions=rec.actions[:5] + rec.actions[6:7] + rec.actions[5:6] + rec.actions[7:]
    )
    with pytest.raises(ValueError, match="edited"):
        isslab.review(swapped, model_=m)
    with pytest.raises(ValueError, match="fitted for"):
        isslab.review(tiny_record("1969"), model_=m)
    with pytest.raises(ValueError, match="seat must be an int from 0 to 1"):
        isslab.review(rec, seat=5, model_=m)
    with pytest.raises(ValueError, match="review takes a GameRecord or a State"):
        isslab.review("a game", model_=m)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="valuation must be one of 'rollouts', 'model'"):
        isslab.review(rec, valuation="oracle")
    with pytest.raises(ValueError, match="rollouts must be an int from 2"):
        isslab.review(rec, rollouts=0)
    with pytest.raises(ValueError, match="unknown bot"):
        isslab.review(rec, advisers=["nobody"])


def test_hints_are_the_judges_best_moves_with_their_errors() -> None:
    rec = tiny_record("space-1999")
    s = next(s for s in rec.states() if s.current_player >= 0 and len(s.legal_actions()) > 3)
    got = hints(s, count=3, rollouts=8, model_=tiny_model("space-1999"))
    assert 1 <= len(got) <= 3
    texts = {s.describe(a) for a in s.legal_actions()}
    assert all(t in texts and 0 <= c <= 1 and se >= 0 for t, c, se in got)
    # the judge's move first (the default bot's, unless another beats it clearly), then by value
    rest = [c for _, c, _ in got[1:]]
    assert rest == sorted(rest, reverse=True)
    with pytest.raises(ValueError, match="hints need a seat to move"):
        hints(rec.final_state())


@pytest.mark.parametrize("game_id", ["space-1999", "mission-iss"])
def test_win_chance_metrics_have_intervals_and_say_why_one_is_missing(game_id: str) -> None:
    game = tiny_record(game_id).game
    records = [isslab.play(game, game.info.default_bot, seed=s) for s in range(4)]
    table = win_metrics(records, model_=tiny_model(game_id)).set_index("metric")
    assert set(table.index) >= {"luck_share", "comeback_rate", "decided_at", "lead_changes_wc"}
    share = table.loc["luck_share"]
    assert 0 <= share["value"] <= 1 and share["low"] <= share["value"] <= share["high"]
    assert 0 <= table.loc["decided_at", "value"] <= 1
    if game_id == "mission-iss":
        assert (
            math.isnan(table.loc["comeback_rate", "value"])
            and "cooperative" in table.loc["comeback_rate", "note"]
        )
    else:
        assert table.loc["lead_changes_wc", "value"] >= 0 and table.loc["comeback_rate", "games"] == 4


def test_a_search_adviser_gets_a_judge_with_a_searchs_resolution() -> None:
    # the expert's moves differ from the heuristics' by less than twelve rollouts can tell
    game = isslab.make("1969", players=2)
    assert _judge_rollouts(game, None, ["expert(fast=True)"]) == SEARCH_ROLLOUTS == 4 * DEFAULT_ROLLOUTS
    assert _judge_rollouts(game, None, ["greedy", "random"]) == DEFAULT_ROLLOUTS
    assert _judge_rollouts(game, 7, ["expert"]) == 7  # what the caller asks for stands
    # Space: 1999's moves differ by less than twelve rollouts tell: its judge always plays more
    assert _judge_rollouts(tiny_game("space-1999"), None, ["greedy"]) == GAME_ROLLOUTS["space-1999"]


def _run(start: int, games: int, larger: int, rates: tuple[float, float]) -> dict:
    return {
        "game": "space-1999",
        "players": 2,
        "lineup": ["greedy", "expert(fast=True)"],
        "games": games,
        "start": start,
        "share": larger / games,
        "low": 0.0,
        "high": 1.0,
        "error_rate": {"greedy": rates[0], "expert(fast=True)": rates[1]},
        "rated": {"greedy": games, "expert(fast=True)": games},
    }


def test_a_separation_run_and_its_continuation_merge_into_the_run_of_all_their_games() -> None:
    from isslab.analysis.review import merge_separation
    from isslab.frames.stats import wilson_interval

    first = _run(0, 50, 44, (40.0, 6.0))
    del first["start"], first["rated"]  # a run stored before the counts were kept
    got = merge_separation(first, _run(50, 30, 21, (20.0, 10.0)))
    assert got["games"] == 80 and got["start"] == 0
    assert got["share"] == pytest.approx(65 / 80)
    assert (got["low"], got["high"]) == pytest.approx(wilson_interval(65, 80))
    # the error rates are the means over the games of both, not the mean of the two means
    assert got["error_rate"]["greedy"] == pytest.approx((40 * 50 + 20 * 30) / 80)
    assert got["error_rate"]["expert(fast=True)"] == pytest.approx((6 * 50 + 10 * 30) / 80)
    assert got["rated"] == {"greedy": 80, "expert(fast=True)": 80}
    # a gap, an overlap or another line-up is refused
    with pytest.raises(ValueError, match="starts at game 40, not at game 50"):
        merge_separation(first, _run(40, 30, 21, (20.0, 10.0)))
    other = _run(50, 30, 21, (20.0, 10.0)) | {"lineup": ["random", "greedy"]}
    with pytest.raises(ValueError, match="lineup"):
        merge_separation(first, other)
    # the games' losses are joined where both runs kept them, and left out where one did not
    assert "losses" not in got and "no_loss" not in got
    a = _run(0, 2, 1, (1.0, 0.0)) | {"losses": [[0.2, 0.0], [0.0, 0.0]], "no_loss": 1}
    b = _run(2, 1, 0, (0.0, 1.0)) | {"losses": [[0.0, 0.1]], "no_loss": 0}
    both = merge_separation(a, b)
    assert both["losses"] == [[0.2, 0.0], [0.0, 0.0], [0.0, 0.1]] and both["no_loss"] == 1
