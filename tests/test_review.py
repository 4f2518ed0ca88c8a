"""isslab.review: one row per step, the luck-and-decisions identity on every game, ratings, bad input."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest
from helpers_winchance import tiny_model, tiny_record

import isslab
from isslab.analysis.review import RATINGS, rate
from isslab.analysis.winmetrics import win_metrics

GAMES = isslab.games()


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seat", [None, 0])
def test_each_seat_ends_where_it_started_plus_its_luck_and_the_decisions(
    game_id: str, seat: int | None
) -> None:
    rec = tiny_record(game_id)
    rev = isslab.review(rec, seat=seat, model_=tiny_model(game_id))
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
    decisions = rows[rows["kind"] == "decision"]
    chance = rows[rows["kind"] == "chance"]
    assert decisions[[f"luck_{j}" for j in range(n)]].isna().all().all()
    assert chance[[f"luck_{j}" for j in range(n)]].notna().all().all()
    assert (rows["action"] == [rec.states()[t].describe(a, seat) for t, a in enumerate(rec.actions)]).all()
    rated = rows[rows["loss"].notna()]
    assert len(rated) and (rated["loss"] >= 0).all() and (rated["best_chance"] >= rated["chance"]).all()
    if seat is not None:
        assert (rated["actor"] == seat).all()  # a rival's alternatives may depend on what is hidden
    span = rev.bounds[1] - rev.bounds[0]
    assert (rated["rating"] == [rate(x / span) for x in rated["loss"]]).all()
    assert s.loc[0, "name"] in rev.in_words(0)


def test_luck_is_the_outcome_against_the_odds_weighted_mean_of_all_outcomes() -> None:
    rec = tiny_record("space-1999")
    m = tiny_model("space-1999")
    rev = isslab.review(rec, model_=m)
    states = rec.states()
    t = int(rev.rows.index[rev.rows["kind"] == "chance"][3])
    s = states[t]
    mean = sum(p * np.asarray(m.values(s.apply(a))) for a, p in s.chance_outcomes())
    assert np.allclose([rev.rows.loc[t, f"before_{j}"] for j in range(2)], mean)
    after = m.values(states[t + 1]) if not states[t + 1].is_chance_node() else None
    if after is not None:
        assert np.allclose([rev.rows.loc[t, f"luck_{j}"] for j in range(2)], np.asarray(after) - mean)


def test_ratings_follow_the_documented_thresholds() -> None:
    assert [name for name, _ in RATINGS] == ["blunder", "mistake", "inaccuracy"]
    assert rate(0.2) == "blunder" and rate(0.15) == "blunder" and rate(0.12) == "mistake"
    assert rate(0.05) == "inaccuracy" and rate(0.049) == ""


def test_the_same_seed_gives_the_same_rows_and_a_state_reviews_its_history() -> None:
    rec = tiny_record("1969")
    m = tiny_model("1969")
    a = isslab.review(rec, seat=1, model_=m, seed=2).rows
    b = isslab.review(rec.final_state(), seat=1, model_=m, seed=2).rows
    assert a.equals(b)


def test_an_edited_record_or_a_model_of_another_game_is_refused() -> None:
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


def test_the_review_names_the_luckiest_and_unluckiest_outcomes() -> None:
    rev = isslab.review(tiny_record("space-1999"), model_=tiny_model("space-1999"))
    best = rev.luckiest(0)
    worst = rev.luckiest(0, worst=True)
    assert (best["luck"] > 0).all() and (worst["luck"] < 0).all()
    assert list(best["luck"]) == sorted(best["luck"], reverse=True)


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
