"""``isslab.tune``: the search space and targets are checked before any game, every setting is played on
the search's seeds and the best ones again on fresh seeds, a study resumes from its file, and a file
that is not the search's own is never written.

The searches here are small (a few settings of a few games); what a search finds at full size is
measured by the benchmark (``python -m isslab.bench.tune``).
"""

from __future__ import annotations

import math
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from helpers_bad_input import refused

import isslab
from isslab.analysis.tune import _fresh_seed, pareto
from isslab.analysis.tune_targets import Reading, Target, error_of, median_interval, miss_of, verdict

#: a small search: Space: 1999 at two seats, six settings
SMALL: dict[str, Any] = dict(
    game="space-1999",
    targets={"first_player_advantage": (-0.05, 0.05), "median_length": (20, 40)},
    over={"eagles": (1, 3), "forced_launch": [False, True]},
    bots="greedy",
    games=12,
    recheck=16,
    players=2,
    progress=False,
)


def small(**changes: Any) -> isslab.TuneResult:
    """The small search with some arguments changed."""
    return isslab.tune(**{**SMALL, **changes})


@pytest.fixture(scope="module")
def whole() -> isslab.TuneResult:
    """The small search with a budget larger than its space: every setting is tried once."""
    return small(budget=20, top=2)


# --- the search -------------------------------------------------------------------------------------


def test_a_space_smaller_than_the_budget_is_searched_whole_each_setting_once(
    whole: isslab.TuneResult,
) -> None:
    tried = whole.trials[["eagles", "forced_launch"]].apply(tuple, axis=1)
    assert sorted(tried) == [(e, f) for e in (1, 2, 3) for f in (False, True)]
    # six settings of 12 games, then two of them again on 16 fresh games
    assert whole.games_played == 6 * 12 + 2 * 16


def test_every_setting_is_read_from_games_on_the_search_seeds(whole: isslab.TuneResult) -> None:
    """A setting's numbers are those of ``simulate`` on the search's seed: one set of games for all."""
    row = whole.trials.iloc[3]
    df = isslab.simulate(
        "space-1999", "greedy", games=12, seed=0, progress=False, rotate_seats=True, trace=True, players=2,
        eagles=int(row["eagles"]), forced_launch=bool(row["forced_launch"]),
    )  # fmt: skip
    table = isslab.metrics(df)
    fpa = table.loc[table["metric"] == "first_player_advantage", "value"].iloc[0]
    assert row["first_player_advantage"] == pytest.approx(fpa)
    lengths = df.groupby("game")["length"].first()
    assert row["median_length"] == pytest.approx(float(np.median(lengths)))
    assert row["error: median_length"] == pytest.approx(abs(np.median(lengths) - 30) / 10)


def test_the_best_settings_are_played_again_on_fresh_seeds(whole: isslab.TuneResult) -> None:
    re = whole.rechecked
    best = re[re["setting"] == re.attrs["best"]]
    assert set(best["target"]) == {"first_player_advantage", "median_length"}
    fresh = re.attrs["fresh_seed"]
    assert fresh == _fresh_seed(0) and fresh != 0
    e, f = int(best["eagles"].iloc[0]), bool(best["forced_launch"].iloc[0])
    df = isslab.simulate(
        "space-1999", "greedy", games=16, seed=fresh, progress=False, rotate_seats=True, trace=True,
        players=2, eagles=e, forced_launch=f,
    )  # fmt: skip
    lengths = df.groupby("game")["length"].first().to_numpy()
    row = best[best["target"] == "median_length"].iloc[0]
    assert row["value"] == pytest.approx(float(np.median(lengths)))
    assert (row["low"], row["high"]) == median_interval(lengths)
    assert row["games"] == 16
    # fresh seeds: not the search's games (their seeds differ)
    searched = isslab.simulate("space-1999", "greedy", games=12, seed=0, progress=False, players=2)
    assert not set(df["seed"]) & set(searched["seed"])
    assert whole.best == {"eagles": e, "forced_launch": f}
    assert whole.best_game() == isslab.make("space-1999", players=2, eagles=e, forced_launch=f)


def test_the_best_is_the_rechecked_setting_with_the_smallest_worst_error(whole: isslab.TuneResult) -> None:
    re = whole.rechecked
    worst = re.groupby("setting")["error"].max()
    assert re.attrs["best"] == int(worst.idxmin())
    for _, r in re.iterrows():
        target = next(t for t in whole.targets if t.name == r["target"])
        assert r["error"] == pytest.approx(error_of(target, r["value"]))
        assert r["verdict"] == verdict(target, Reading(r["value"], r["low"], r["high"], r["games"]))
    assert whole.met == bool((re[re["setting"] == re.attrs["best"]]["verdict"] == "met").all())


def test_with_two_targets_the_rechecked_settings_are_on_the_pareto_front(whole: isslab.TuneResult) -> None:
    front = whole.trials[whole.trials["pareto"]]
    errors = whole.trials[["error: first_player_advantage", "error: median_length"]].to_numpy()
    assert front.index.tolist() == np.flatnonzero(pareto(errors)).tolist()
    assert set(whole.rechecked["trial"]) <= set(front["trial"])
    assert "Pareto front" in whole.summary() and whole.plot().axes[1].get_xlabel().startswith("error")


def test_pareto_keeps_the_settings_nobody_beats_on_every_target() -> None:
    errors = np.array([[0.1, 2.0], [0.5, 0.5], [2.0, 0.1], [0.6, 0.6], [0.5, 0.5]])
    assert pareto(errors).tolist() == [True, True, True, False, True]


def test_the_same_seed_gives_the_same_search_and_the_samplers_differ() -> None:
    a = small(budget=4, sampler="random", top=1, seed=3)
    b = small(budget=4, sampler="random", top=1, seed=3)
    pd.testing.assert_frame_equal(a.trials, b.trials)
    c = small(budget=4, sampler="tpe", top=1, seed=4)
    assert len(c.trials) == 4 and c.trials[["eagles", "forced_launch"]].drop_duplicates().shape[0] == 4


def test_two_workers_give_the_same_search() -> None:
    one = small(budget=3, top=1)
    two = small(budget=3, top=1, workers=2)
    pd.testing.assert_frame_equal(one.trials, two.trials)
    pd.testing.assert_frame_equal(one.rechecked, two.rechecked)


def test_stop_ends_the_search_and_the_best_so_far_is_rechecked() -> None:
    stop = threading.Event()
    seen: list[int] = []

    def after(trials: pd.DataFrame) -> None:
        seen.append(len(trials))
        if len(trials) == 2:
            stop.set()

    res = small(budget=6, top=1, stop=stop, on_trial=after)
    assert seen == [1, 2] and len(res.trials) == 2 and res.interrupted
    assert len(res.rechecked) == 2 and "stopped" in res.summary()


# --- the measures ------------------------------------------------------------------------------------


def test_error_miss_and_verdict_of_two_sided_and_one_sided_bands() -> None:
    t = Target("x", -0.02, 0.02)
    assert (
        error_of(t, 0.0) == 0
        and error_of(t, 0.02) == pytest.approx(1)
        and error_of(t, -0.06) == pytest.approx(3)
    )
    assert miss_of(t, 0.01) == 0 and miss_of(t, -0.05) == pytest.approx(0.03)
    assert verdict(t, Reading(0.0, -0.01, 0.015, 100)) == "met"
    assert verdict(t, Reading(0.0, -0.03, 0.015, 100)) == "unsettled"
    assert verdict(t, Reading(0.1, 0.03, 0.15, 100)) == "missed"
    one = Target("ladder", 0.0, math.inf, scale=0.05)
    assert (
        error_of(one, 0.2) == 0
        and error_of(one, 0.0) == pytest.approx(1)
        and error_of(one, 0.025) == pytest.approx(0.5)
    )
    assert math.isnan(error_of(t, math.nan))


def test_the_median_interval_covers_the_median_about_95_times_in_100() -> None:
    rng = np.random.default_rng(0)
    hits = 0
    for _ in range(400):
        lo, hi = median_interval(rng.exponential(size=60))
        hits += lo <= math.log(2) <= hi
    assert 0.92 <= hits / 400 <= 0.99
    assert all(math.isnan(x) for x in median_interval(np.array([5.0])))


def test_a_ladder_orders_random_below_greedy() -> None:
    res = isslab.tune(
        "space-1999", {"ladder": ["random", "greedy"]}, over={"eagles": [2]}, games=20, recheck=20, players=2,
        progress=False,
    )  # fmt: skip
    row = res.rechecked.iloc[0]
    assert row["target"] == "ladder random < greedy"
    # greedy wins almost every game against random: the gap is large and shown
    assert row["value"] > 0.5 and row["low"] > 0 and row["verdict"] == "met" and row["error"] == 0


def test_the_solo_margin_over_fedor_is_the_mean_difference_of_two_columns() -> None:
    res = isslab.tune(
        "1998-iss", {"score - fedor_score": (-2, 2)}, over={"fedor_tries": [1, 3]}, bots="builder", games=6,
        recheck=6, players=1, progress=False, top=1,
    )  # fmt: skip
    row = res.trials.iloc[0]
    df = isslab.simulate(
        "1998-iss", "builder", games=6, seed=0, progress=False, rotate_seats=True, players=1,
        fedor_tries=int(row["fedor_tries"]),
    )  # fmt: skip
    assert row["score - fedor_score"] == pytest.approx((df["score"] - df["fedor_score"]).mean())


def test_an_entry_of_a_tuple_option_and_the_rules_are_searched() -> None:
    res = isslab.tune(
        "mission-iss", {"win": (0.4, 0.6)}, over={"solo_cards[0]": (4, 5)}, games=4, recheck=4, players=1,
        progress=False, top=1,
    )  # fmt: skip
    assert sorted(res.trials["solo_cards[0]"]) == [4, 5]
    assert res.best_options["solo_cards"][1:] == (2, 2, 2) and res.best_game().options["solo_cards"][0] in (
        4,
        5,
    )


def test_the_rules_themselves_are_a_choice_of_the_search() -> None:
    from isslab.games.space_1999 import State1999

    @isslab.variant("space-1999", "tune-test", replace=True)
    class Same(State1999):
        """The base rules under another name (the search tells the two apart by their games alone)."""

    res = isslab.tune(
        "space-1999", {"median_length": (20, 40)}, over={"variant": ["space-1999", "space-1999/tune-test"]},
        games=4, recheck=4, players=2, progress=False, top=1,
    )  # fmt: skip
    assert set(res.trials["variant"]) == {"space-1999", "space-1999/tune-test"}
    # the same rules on the same seeds: the same games
    assert res.trials["median_length"].nunique() == 1


# --- the study in a file -------------------------------------------------------------------------------


def test_a_study_in_a_file_resumes_without_playing_its_settings_again(tmp_path: Path) -> None:
    path = tmp_path / "search.log"
    first = small(budget=2, top=1, storage=path)
    assert path.exists()
    again = small(budget=4, top=1, storage=str(path))
    assert len(again.trials) == 4
    pd.testing.assert_frame_equal(
        again.trials.iloc[:2].drop(columns="pareto"), first.trials.drop(columns="pareto"), check_dtype=False
    )
    # two new settings of 12 games and one re-check of 16: the first two were not played again
    assert again.games_played == 2 * 12 + 16


def test_a_file_that_is_not_a_search_is_never_written(tmp_path: Path) -> None:
    mine = tmp_path / "notes.txt"
    mine.write_text("my notes\n")
    err = refused(lambda: small(budget=2, storage=mine), seconds=5.0)
    assert "storage=" in str(err) and "left untouched" in str(err)
    assert mine.read_text() == "my notes\n"


def test_a_file_of_another_search_is_never_written(tmp_path: Path) -> None:
    path = tmp_path / "search.log"
    small(budget=1, top=1, storage=path)
    before = path.read_bytes()
    err = refused(lambda: small(budget=2, games=14, storage=path), seconds=5.0)
    assert "holds another search (its games differ)" in str(err)
    assert path.read_bytes() == before
    err = refused(lambda: small(budget=2, storage=tmp_path), seconds=5.0)
    assert "is a folder" in str(err)
    err = refused(lambda: small(budget=2, storage=tmp_path / "nope" / "x.log"), seconds=5.0)
    assert "does not exist" in str(err)


# --- bad input: a ValueError naming the argument, before any game --------------------------------------

BAD: list[tuple[str, Any, str]] = [
    ("over", {"nosuch": (1, 2)}, "over: 'nosuch' is not an option of space-1999; the options are: players"),
    ("over", {"eagles": (0, 9)}, "option eagles=0 is not allowed: use int from 1 to 6"),
    ("over", {"eagles": (2.5, 4)}, "over: eagles: eagles takes whole numbers"),
    ("over", {"eagles": (4, 2)}, "needs low < high"),
    ("over", {"eagles": range(9, 12)}, "option eagles=9 is not allowed"),
    ("over", {"eagles": "2-6"}, "over: eagles takes a range (low, high), a range(...) or a list"),
    ("over", {"eagles": []}, "over: eagles: the list of values is empty"),
    ("over", {"eagles": [2, 2]}, "holds the value 2 twice"),
    ("over", {"green_turns": ["left"]}, "option green_turns='left' is not allowed: use one of"),
    ("over", {"green_turns": (1, 2)}, "a range (low, high) is for a number option"),
    ("over", {"players": (2, 3)}, "over: option players is also fixed"),
    ("over", {"eagles[0]": (1, 2)}, "is not a tuple: it has no entries"),
    ("over", {"variant": ["1969"]}, "over: variant: '1969' is not space-1999 or one of its variants"),
    ("over", {}, "over must be a dict of option"),
    ("over", {f"o{i}": [1] for i in range(30)}, "at most 20 are searched at once"),
    ("targets", {"speed": (0, 1)}, "target 'speed' is not a measure of Space: 1999; use a metric"),
    ("targets", {"first_player_advantage": (0.02, -0.02)}, "low < high"),
    ("targets", {"first_player_advantage": 0.02}, "needs a band (low, high)"),
    ("targets", {"drama": (0.2, None)}, "has a one-sided band (at least 0.2): give isslab.Target"),
    ("targets", {"ladder": ["random", "nobody"]}, "'nobody' is not a bot of the game"),
    ("targets", {"ladder": ["random"]}, "target ladder needs at least two bots"),
    ("targets", {"ladder": ["random", "greedy", "first"]}, "3 bots but the table has 2 seats"),
    ("targets", {}, "targets holds no target"),
    ("targets", "fpa", "targets must be a dict of measure"),
    ("targets", [Target("length", 0, 9, seat=5)], "seat must be an int from 0 to 1"),
    ("targets", [Target("win", 0, 1, bot="mcts")], "bot='mcts' does not play"),
    ("bots", "nobody", "bots: 'nobody' is not a bot of space-1999"),
    ("bots", 3, "bots must be a bot name"),
    ("budget", 0, "budget must be an int from 1 to 10,000"),
    ("budget", 1.5, "budget must be an int"),
    ("budget", True, "budget must be an int"),
    ("games", 1, "games must be an int from 2"),
    ("games", "many", "games must be an int"),
    ("recheck", 10**400, "recheck must be an int"),
    ("top", 0, "top must be an int from 1"),
    ("seed", -1, "seed must be an int from 0"),
    ("workers", 0, "workers must be an int >= 1"),
    ("workers", "2", "workers must be an int >= 1"),
    ("progress", "yes", "progress must be True or False"),
    ("sampler", "grid", "sampler must be one of"),
    ("storage", 5, "storage must be a file path"),
    ("on_trial", 5, "on_trial must be a callable"),
    ("stop", True, "stop must be a threading.Event"),
    ("eagles", 99, "option eagles=99 is not allowed"),
]


@pytest.mark.parametrize(("name", "value", "words"), BAD, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(BAD)])
def test_a_bad_argument_is_refused_by_name_before_any_game(name: str, value: Any, words: str) -> None:
    err = refused(lambda: small(**{"budget": 2, name: value}), seconds=2.0)
    assert words in str(err), str(err)


def test_a_cooperative_game_has_no_first_player_advantage_to_aim_at() -> None:
    err = refused(
        lambda: isslab.tune("mission-iss", {"first_player_advantage": (-0.1, 0.1)}, {"robonauts": (0, 2)}),
        seconds=2.0,
    )
    assert "has no value in Mission ISS: it is cooperative" in str(err)


# --- the lab's Tune tab, without a browser ------------------------------------------------------------


def test_the_lab_tune_tab_searches_with_a_live_plot_and_puts_the_best_into_the_controls() -> None:
    pytest.importorskip("ipycanvas")
    from isslab_widgets.lab_tune import NONE, TunePanel
    from isslab_widgets.lab_widget import Lab

    lab = Lab("space-1999", players=2, bots=["greedy"])
    panel = lab.tune
    assert isinstance(panel, TunePanel) and lab.tabs.get_title(4) == "Tune"
    assert "first_player_advantage" in panel.measures and "ladder" in panel.measures
    panel.over_rows[0][0].value = "eagles"
    panel.over_rows[0][1].value = "2..3"
    panel.over_rows[1][0].value = "forced_launch"
    panel.over_rows[1][1].value = "false, true"
    panel.target_rows[0][0].value = "median_length"
    panel.target_rows[0][1].value, panel.target_rows[0][2].value = "20", "40"
    panel.budget.value, panel.games.value, panel.recheck.value = 4, 10, 12
    drawn: list[int] = []
    painted = panel.draw

    def draw() -> bool:
        ok = painted()
        drawn.append(ok)
        return ok

    panel.draw = draw  # type: ignore[method-assign]
    assert panel.run() is not None
    res = panel.wait(600.0)
    assert len(res.trials) == 4 and res.best_options["players"] == 2
    assert panel.live.value and panel.live.layout.display == ""  # the plot of the search is shown
    assert any(drawn) and "re-checked" in panel.answer.value and not panel.use_button.disabled
    assert "4 settings tried" in panel.status.value
    panel.use_best()
    assert lab.options()["eagles"] == res.best["eagles"]
    assert lab.options()["forced_launch"] == res.best["forced_launch"]
    # a bad form is a message on the status line, and nothing runs
    panel.over_rows[0][1].value = "2..x"
    assert panel.run() is None and "the range of eagles" in panel.status.value
    panel.over_rows[0][1].value = "0..3"
    assert panel.run() is None and "option eagles=0 is not allowed" in panel.status.value
    panel.over_rows[0][1].value = "2..3"
    panel.target_rows[0][1].value = "low"
    assert panel.run() is None and "the low end of median_length" in panel.status.value
    for row in panel.target_rows:
        row[0].value = NONE
    assert panel.run() is None and "choose at least one target" in panel.status.value


def test_the_map_places_every_setting_tried_and_stars_the_best(whole: isslab.TuneResult) -> None:
    fig = whole.map()
    ax = fig.axes[0]
    tried, star = ax.collections[0], ax.collections[1]
    # six settings: eagles 1-3 on x, forced_launch (a choice, labelled) on y
    assert sorted(map(tuple, tried.get_offsets().tolist())) == [
        (e, f) for e in (1.0, 2.0, 3.0) for f in (0.0, 1.0)
    ]
    assert [t.get_text() for t in ax.get_yticklabels()] == sorted(
        {str(v) for v in whole.trials["forced_launch"]},
        key=list(map(str, whole.trials["forced_launch"])).index,
    )
    # the colours are the worst errors; the star sits on the re-checked best
    assert np.allclose(tried.get_array(), whole.trials["worst"].to_numpy(dtype=float))
    ((bx, by),) = star.get_offsets().tolist()
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert bx == whole.best["eagles"] and labels[int(by)] == str(whole.best["forced_launch"])
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("eagles", "forced_launch")


def test_a_map_needs_two_options() -> None:
    one = small(over={"eagles": (1, 2)}, targets={"median_length": (20, 40)}, budget=2, top=1)
    with pytest.raises(ValueError, match="a map needs two options searched; this search varied 1"):
        one.map()
