"""Luck-adjusted estimates (isslab.frames.adjust): the luck's mean is zero, the cross-fitted estimate
covers the exact value as often as its level says, and compare/simulate carry the estimator."""

from __future__ import annotations

import functools
import random

import numpy as np
import pandas as pd
import pytest

import isslab
from isslab.core import CHANCE, TERMINAL, State
from isslab.frames.adjust import LuckTracker, adjusted_values, interval_ratio
from isslab.frames.stats import compare, in_words, z_value

#: the cheapest table with chance: two racers, four spaces, a three-faced die (three rolls a game)
TINY = {"players": 2, "track": 4, "die": 3}


def exact_win(state: State, seat: int) -> float:
    """The exact chance that ``seat`` wins from ``state`` (the luck race has no decisions)."""
    if state.current_player == TERMINAL:
        return 1.0 if state.returns()[seat] > 0 else 0.0
    if state.current_player == CHANCE:
        return sum(p * exact_win(state.apply(a), seat) for a, p in state.chance_outcomes())
    (only,) = state.legal_actions()
    return exact_win(state.apply(only), seat)


def luck_games(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` games of the tiny race: seat 0's win and every seat's luck (valued by standing)."""
    game = isslab.make("luck-race", **TINY)
    rng = random.Random(seed)
    wins, lucks = np.zeros(n), np.zeros((n, game.num_players))
    for i in range(n):
        state, tracker = game.new_state(), LuckTracker(game.num_players)
        while state.current_player != TERMINAL:
            if state.current_player == CHANCE:
                action = state.sample_chance(rng)
                tracker(state, action)
            else:
                (action,) = state.legal_actions()
            state = state.apply(action)
        wins[i] = state.returns()[0] > 0
        lucks[i] = tracker.total
    return wins, lucks


@functools.cache
def _reference() -> tuple[float, np.ndarray, np.ndarray]:
    truth = exact_win(isslab.make("luck-race", **TINY).new_state(), 0)
    wins, lucks = luck_games(8_000, seed=7)  # 1 CPU second
    return truth, wins, lucks


def test_the_luck_has_mean_zero_and_the_adjusted_interval_covers_the_exact_value() -> None:
    truth, wins, lucks = _reference()
    # the luck of every seat: mean zero within its own 99.9% interval over 8,000 games
    for seat in range(lucks.shape[1]):
        x = lucks[:, seat]
        assert abs(x.mean()) < 3.3 * x.std(ddof=1) / np.sqrt(len(x)), seat
    # 160 repetitions of a 50-game estimate: the 95% interval covers the exact chance (the reference
    # is exact: the race's chance tree is summed out)
    z = z_value(0.95)
    covered = narrower = 0
    estimates = []
    for y, x in zip(wins.reshape(160, 50), lucks.reshape(160, 50, -1), strict=True):
        adj = adjusted_values(y, x)
        half = z * adj.std(ddof=1) / np.sqrt(50)
        covered += abs(adj.mean() - truth) <= half
        narrower += interval_ratio(y, adj) > 1
        estimates.append(adj.mean())
    # Binomial(160, 0.95) falls below 144 with a chance under 0.5%
    assert covered >= 144, covered
    assert narrower >= 150, narrower
    # no bias: the mean of the 200 estimates is within 3.3 of its standard errors of the truth
    est = np.asarray(estimates)
    assert abs(est.mean() - truth) < 3.3 * est.std(ddof=1) / np.sqrt(len(est)), (est.mean(), truth)
    # and the interval is narrower than the plain one (by 1.65 at this table)
    assert interval_ratio(wins, adjusted_values(wins, lucks)) > 1.4


def test_cross_fitting_keeps_a_fit_off_its_own_games() -> None:
    rng = np.random.default_rng(1)
    x = rng.normal(size=40)
    y = 2.0 * x + rng.normal(size=40)
    adj = adjusted_values(y, x[:, None])
    for fold in (0, 1):  # each half adjusted with the slope fitted on the other half
        mine, other = slice(fold, None, 2), slice(1 - fold, None, 2)
        slope = np.polyfit(x[other], y[other], 1)[0]
        assert adj[mine] == pytest.approx(y[mine] - slope * x[mine])
    assert adjusted_values(y[:19], x[:19]).tolist() == y[:19].tolist()  # too few games: as it was
    assert adjusted_values(y, np.zeros((40, 2))).tolist() == y.tolist()  # no spread: as it was


def test_simulate_with_luck_and_compare_say_which_estimator_made_each_figure() -> None:
    df = isslab.simulate("luck-race", games=120, seed=3, luck="standing", progress=False, **TINY)
    assert df.attrs["luck"] == "standing"
    first = df[df["game"] == 5]  # the luck of a game is that of the same game played on its own
    tracker = LuckTracker(2)
    isslab.play(isslab.make("luck-race", **TINY), "random", seed=int(first["seed"].iloc[0]), on_step=tracker)
    assert first.sort_values("seat")["luck"].tolist() == pytest.approx(tracker.per_seat())
    assert df["luck"].abs().max() > 0
    assert (df["luck_opening"] == 0).all()  # the first racer moves (rolls) before any die is cast
    adjusted = compare(df, None, seat=0)
    plain = compare(df, None, seat=0, adjust="none")
    assert adjusted["estimator"].tolist() == ["luck-adjusted"]
    assert plain["estimator"].tolist() == ["plain"]
    assert adjusted["method"][0] == "luck-adjusted normal" and plain["method"][0] == "Wilson"
    assert (adjusted["high"] - adjusted["low"])[0] < (plain["high"] - plain["low"])[0]
    assert "luck-adjusted win rate of seat 0" in in_words(adjusted)
    assert "luck-adjusted" not in in_words(plain)
    # a paired difference between two seats' wins on the same games
    two = pd.concat([df[df["seat"] == 0].assign(who="a"), df[df["seat"] == 0].assign(who="b")])
    table = compare(two.assign(seat=0), "who", seat=0)
    assert table["method"][1] == "estimate: luck-adjusted normal; difference: luck-adjusted paired normal"
    assert table["diff"][1] == pytest.approx(0.0)


def test_luck_refused_where_it_cannot_be_had() -> None:
    df = isslab.simulate("luck-race", games=20, seed=3, progress=False, **TINY)
    with pytest.raises(ValueError, match="adjust='luck' needs the per-seat luck column"):
        compare(df, None, seat=0, adjust="luck")
    assert compare(df, None, seat=0)["estimator"][0] == "plain"  # auto: no luck column, no adjustment
    with pytest.raises(ValueError, match="adjust"):
        compare(df, None, seat=0, adjust="yes")
    with pytest.raises(ValueError, match="luck"):
        isslab.simulate("luck-race", games=2, luck="dice", progress=False)
    with pytest.raises(ValueError, match="no win-chance model"):  # refused before any game
        isslab.simulate("luck-race", games=2, luck="model", progress=False, **TINY)


def test_auto_stops_sooner_on_the_luck_adjusted_intervals() -> None:
    kw = {"games": "auto", "precision": 0.045, "max_games": 2000, "seed": 2, "progress": False, **TINY}
    plain = isslab.simulate("luck-race", **kw)
    adjusted = isslab.simulate("luck-race", luck="standing", **kw)
    assert plain.attrs["auto"]["reached"] == adjusted.attrs["auto"]["reached"] == "precision"
    assert adjusted.attrs["auto"]["games"] < plain.attrs["auto"]["games"]
    # the same games, in the same order: the adjusted run is the beginning of the plain one
    n = adjusted["game"].nunique()
    head = plain[plain["game"] < n][["game", "seat", "win"]].reset_index(drop=True)
    assert head.equals(adjusted[["game", "seat", "win"]].reset_index(drop=True))


def test_metrics_give_the_seats_win_rates_luck_adjusted() -> None:
    df = isslab.simulate("luck-race", games=300, seed=4, luck="standing", trace=True, progress=False, **TINY)
    race = isslab.make("luck-race", **TINY)  # a reference game: metrics is told which
    adjusted = isslab.metrics(df, game=race).set_index("metric")
    plain = isslab.metrics(df, game=race, adjust="none").set_index("metric")
    for name in ("win_rate[red]", "first_player_advantage"):
        assert adjusted.loc[name, "method"] == "luck-adjusted normal"
        assert plain.loc[name, "method"] in ("Wilson", "normal")
        narrow = adjusted.loc[name, "high"] - adjusted.loc[name, "low"]
        assert narrow < plain.loc[name, "high"] - plain.loc[name, "low"], name
    with pytest.raises(ValueError, match="adjust='luck' needs the per-seat luck column"):
        isslab.metrics(df.drop(columns="luck"), game=race, adjust="luck")


def test_how_late_a_game_is_decided_reads_all_of_it_at_the_end_and_little_at_the_start() -> None:
    from isslab.bench.vr import decided_share

    share = decided_share("space-1999", (0.0, 1.0), positions=30, again=4, seed=3)
    # at the end the position is the result: every replay agrees, so the between-position variance is
    # all of it (up to the ratio of the two variances' degrees of freedom, 119 / 116)
    assert share[1.0] == pytest.approx(119 / 116)
    # at the start every position is the same one: what differs is the replays' own noise
    assert abs(share[0.0]) < 0.3


def test_a_changed_rule_has_its_luck_valued_by_the_default_tables_model() -> None:
    from isslab.analysis.winprob import available

    # Space: 1999 ships a model of its default four-seat table, none of the table with three eagles
    changed = isslab.make("space-1999", eagles=3)
    default = isslab.make("space-1999", players=changed.num_players)
    assert available(changed) is None and available(default) is not None
    df = isslab.sweep(
        "space-1999", {"eagles": [3, 4]}, "greedy", games=24, seed=5, luck="model", progress=False
    )
    assert df.groupby("eagles")["luck"].apply(lambda x: x.abs().max() > 0).all()
    # a game of the changed table: its luck is the default model's valuation of its draws
    row = df[(df["eagles"] == 3) & (df["game"] == 7)].sort_values("seat")
    model = available(default)
    assert model is not None
    tracker = LuckTracker(4, lambda states: model.for_table(changed).values_many(states, 0))
    isslab.play(changed, "greedy", seed=int(row["seed"].iloc[0]), on_step=tracker)
    assert row["luck"].tolist() == pytest.approx(tracker.per_seat())
    # compare adjusts the paired difference by the luck of both sides
    table = compare(df, "eagles", seat=0)
    assert table["method"][1] == "estimate: luck-adjusted normal; difference: luck-adjusted paired normal"
    # the default model values other tables of its own game and size only
    with pytest.raises(ValueError, match="tables of that game and size only"):
        model.for_table(isslab.make("space-1999", players=2))
    with pytest.raises(ValueError, match="no win-chance model"):  # no default table to fall back on
        isslab.simulate("luck-race", games=2, luck="model", progress=False, players=2, track=5)
