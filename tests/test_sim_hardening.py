"""Regression tests of the simulation and analysis surfaces probed as a careless or hostile user would.

Each block names the finding it guards (issue 18's numbering): a game's identity in any frame (1),
sweeps (6), replay of search bots (9), wrong exception types and unchecked arguments (10), and the
rough edges (13). Every refusal is a ``ValueError`` that names the argument; property-based tests
throw arbitrary values at the argument checks.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import stat
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import isslab
from isslab import checks
from isslab.analysis import plots
from isslab.frames.frame import BASE_COLUMNS
from isslab.sim import parse_grid, parse_values
from isslab.sim.arena import head_to_head
from isslab.sim.pool import catch_interrupts
from isslab.sim.runner import CHUNK, CHUNK_SECONDS, FIRST_CHUNK, ChunkSizes

KW: dict[str, Any] = dict(progress=False, players=2)


@pytest.fixture(scope="module")
def runs() -> tuple[pd.DataFrame, pd.DataFrame]:
    a = isslab.simulate("space-1999", "greedy", games=12, seed=0, trace=True, **KW)
    b = isslab.simulate("space-1999", "greedy", games=12, seed=1, trace=True, **KW)
    return a, b


@pytest.fixture(scope="module")
def sweep() -> pd.DataFrame:
    return isslab.sweep("space-1999", {"eagles": [2, 3]}, "greedy", games=8, trace=True, **KW)


# --- 1: a game's identity is unique in any frame, or the frame is refused with the reason ---------


def test_concatenated_runs_count_every_game(runs: tuple[pd.DataFrame, pd.DataFrame]) -> None:
    a, b = runs
    both = pd.concat([a, b], ignore_index=True)  # game numbers repeat; the seeds tell them apart
    assert isslab.compare(both, None, "length")["games"].iloc[0] == 24
    expected = pd.concat([a, b]).drop_duplicates(["game", "seed"])["length"].mean()
    assert isslab.compare(both, None, "length")["estimate"].iloc[0] == pytest.approx(expected)
    m = isslab.metrics(both, game="space-1999").set_index("metric")
    assert m.loc["duration_moves", "games"] == 24
    assert plots.outcome_table(both)["games"].iloc[0] == 24


def test_a_sweep_without_by_pools_its_variants(sweep: pd.DataFrame) -> None:
    """The crash of issue 18 (reshape of 48 into (24, 4)): the swept columns name each game."""
    with pytest.raises(ValueError, match="this frame is a sweep over 'eagles'.*Give by='eagles'"):
        isslab.metrics(sweep)  # pooling the variants silently is refused, with the column to split by
    one = sweep[sweep.eagles == sweep.eagles.iloc[0]]
    assert isslab.metrics(one).set_index("metric").loc["duration_moves", "games"] == 8
    assert isslab.compare(sweep, None, "length")["games"].iloc[0] == 16
    by = isslab.metrics(sweep, by="eagles")
    assert set(by[by.metric == "duration_moves"]["games"]) == {8}


@pytest.mark.parametrize(
    ("build", "words"),
    [
        (lambda a, s: pd.concat([a, a]), "copies of the same games"),
        (lambda a, s: pd.concat([a, a.iloc[:6]]), "copies of the same games"),
        (lambda a, s: pd.DataFrame(s.to_dict("list")), "different games on the same seeds"),
        (
            lambda a, s: pd.concat([a, isslab.simulate("space-1999", "random", games=12, seed=0, **KW)]),
            "different games on the same seeds",
        ),
    ],
)
def test_frames_that_hold_a_game_twice_are_refused_with_the_reason(
    runs: tuple[pd.DataFrame, pd.DataFrame], sweep: pd.DataFrame, build: Any, words: str
) -> None:
    frame = build(runs[0], sweep)
    calls = [
        lambda: isslab.compare(frame, None, "length"),
        lambda: isslab.metrics(frame, game="space-1999"),
        lambda: plots.outcome_table(frame),
        lambda: plots.win_table(frame),
    ]
    for call in calls:
        with pytest.raises(ValueError, match=f"appear more than once in the frame .*; .*{words}"):
            call()


def test_naming_the_variant_column_makes_a_rebuilt_sweep_usable(sweep: pd.DataFrame) -> None:
    bare = pd.DataFrame(sweep.to_dict("list"))  # no attrs: the frame no longer says what was swept
    table = isslab.compare(bare, "eagles", "length")
    assert list(table["games"]) == [8, 8] and table["paired"].iloc[1]


@pytest.mark.parametrize(
    ("frame", "words"),
    [
        (pd.DataFrame({"x": [1, 2]}), "the frame has no column 'game', 'seed'"),
        (pd.DataFrame(), "the frame has no column"),
        ([1, 2, 3], "takes the DataFrame of isslab.simulate"),
        ({"game": [0]}, "takes the DataFrame of isslab.simulate"),
    ],
)
def test_foreign_frames_are_refused_with_a_message(frame: Any, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        isslab.compare(frame, None, "length")
    with pytest.raises(ValueError):
        isslab.metrics(frame, game="space-1999")


def test_a_frame_of_another_game_is_refused(runs: tuple[pd.DataFrame, pd.DataFrame]) -> None:
    with pytest.raises(ValueError, match="holds games of 'space-1999', not of '1969'"):
        isslab.metrics(runs[0], game="1969")
    five = runs[0].assign(seat=runs[0]["seat"] + 3)  # seats 3 and 4 of a 2-seat table
    with pytest.raises(ValueError, match="seats 0 to 1, one row each|rows are missing"):
        isslab.metrics(five)
    with pytest.raises(ValueError, match="game must be a Game or a game id"):
        isslab.metrics(runs[0], game="chess")


def test_an_empty_frame_is_refused(runs: tuple[pd.DataFrame, pd.DataFrame]) -> None:
    empty = runs[0].iloc[:0]
    with pytest.raises(ValueError, match="holds no rows"):
        isslab.compare(empty, None, "length")
    with pytest.raises(ValueError, match="holds no rows"):
        isslab.metrics(empty)


# --- 6: sweeps ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "shown"),
    [
        ([1, 1], "1 twice"),
        ([True, 1], "True as True and 1"),
        ([2, 2.0], "2 as 2 and 2.0"),
        ([[1], (1,)], "\\(1,\\) twice"),
    ],
)
def test_a_value_given_twice_is_refused(values: list[Any], shown: str) -> None:
    with pytest.raises(ValueError, match=f"grid\\['eagles'\\] holds the value {shown}"):
        isslab.sweep("space-1999", {"eagles": values}, games=2, **KW)


def test_two_points_that_make_the_same_game_are_refused(monkeypatch: Any) -> None:
    """Values unequal in Python that the options read as one (a text "4" and the number 4, should the
    options ever read numbers from text) are one variant: refused like a value given twice."""
    from isslab.sim import spec

    real = spec.make
    monkeypatch.setattr(spec, "make", lambda gid, **o: real(gid, **{**o, "eagles": 2}))
    with pytest.raises(
        ValueError, match="the grid points \\(eagles=2\\) and \\(eagles='2'\\) make the same game"
    ):
        isslab.sweep("space-1999", {"eagles": [2, "2"]}, games=2, **KW)


def test_tuple_options_are_swept_from_lists_and_tuples() -> None:
    default = isslab.make("mission-iss").options["milestones"]
    other = tuple((year + 1, n) for year, n in default)
    df = isslab.sweep("mission-iss", {"milestones": [[list(r) for r in default], other]}, games=3, **KW)
    assert list(dict.fromkeys(df["milestones"])) == [default, other]  # tuples: hashable values
    assert df.attrs["grid"]["milestones"][0] == [list(r) for r in default]  # JSON in the attrs
    table = isslab.compare(df, "milestones", "length")
    assert list(table["games"]) == [3, 3]
    rec, _ = isslab.replay(df.iloc[-1])
    assert rec.game.options["milestones"] == other


def test_the_command_line_sweeps_a_tuple_option(tmp_path: Path, capsys: Any) -> None:
    from isslab.cli import main

    default = isslab.make("mission-iss").options["milestones"]
    text = str([[list(r) for r in default], [[y + 1, n] for y, n in default]]).replace(" ", "")
    out = tmp_path / "rows.parquet"
    args = [
        "sweep",
        "mission-iss",
        "--grid",
        f"milestones={text}",
        "--games",
        "2",
        "--quiet",
        "--out",
        str(out),
    ]
    assert main([*args, "-o", "players=2"]) == 0
    back = pd.read_parquet(out)
    assert back["milestones"].map(checks.frozen).nunique() == 2
    assert isslab.compare(back, "milestones", "length")["games"].tolist() == [2, 2]  # arrays read back
    rec, _ = isslab.replay(back.iloc[0])
    assert rec.game.options["milestones"] == default
    assert "Traceback" not in capsys.readouterr().err


def test_grid_keys_must_be_option_names() -> None:
    with pytest.raises(ValueError, match="grid's keys must be option names \\(texts\\), got 3"):
        isslab.sweep("space-1999", {3: [1, 2]}, games=2, **KW)  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="both swept and fixed"):
        isslab.sweep("space-1999", {"eagles": [2, 3]}, games=2, eagles=3, **KW)


def test_sweep_takes_a_game_or_a_state_like_simulate() -> None:
    game = isslab.make("space-1999", players=2, rings=3)
    from_game = isslab.sweep(game, {"eagles": [2, 3]}, "greedy", games=3, progress=False)
    from_id = isslab.sweep(
        "space-1999", {"eagles": [2, 3]}, "greedy", games=3, progress=False, players=2, rings=3
    )
    pd.testing.assert_frame_equal(from_game, from_id, check_like=True)
    with pytest.raises(ValueError, match="ready-made game"):
        isslab.sweep(game, {"eagles": [2]}, games=2, progress=False, spokes=8)
    record = isslab.play(game, "greedy", seed=4)
    state = record.states()[5]
    df = isslab.sweep(state, {"eagles": [state.game.options["eagles"], 2]}, "greedy", games=3, progress=False)
    assert (df["length"] >= 0).all() and df.attrs["start"] == state.to_json()
    rec, final = isslab.replay(df.iloc[-1])  # the same moves under the point's options
    assert rec.start is not None and rec.start.history == state.history and final.is_terminal()


def test_parse_values_is_the_lab_and_the_command_line_reader() -> None:
    assert parse_values("3, 4") == [3, 4]
    assert parse_values("hirer, sheet_owner") == ["hirer", "sheet_owner"]
    assert parse_values("[[1, 2], [3]]") == [(1, 2), (3,)]
    for text, words in (
        ("", "values: none given"),
        ("3, 3", "holds the value 3 twice"),
        ("[" * 100 + "]" * 100, "nested more than 32 levels"),
        ("[1, 2", "a \\[...\\] value must be a JSON list"),
        ("x" * 100_001, "100,001 characters, at most 100,000"),
    ):
        with pytest.raises(ValueError, match=words):
            parse_values(text)
    with pytest.raises(ValueError, match="the values of eagles: none given"):
        parse_values(" , ", "the values of eagles")
    with pytest.raises(ValueError, match="--grid 'eagles' holds the value 2 twice"):
        parse_grid(["eagles=2,2"])


# --- 9: replay of rows played by search bots with parameters ---------------------------------------


@pytest.mark.parametrize("game_id", ["space-1999", "1969"])
def test_replay_rebuilds_search_bots_from_their_names(game_id: str) -> None:
    bots = ["mcts(simulations=2, rollout=random)", "ismcts(simulations=2)"]
    df = isslab.simulate(game_id, bots, games=2, seed=3, rotate_seats=True, **KW)
    for _, row in df.iterrows():
        rec, _ = isslab.replay(row)
        assert rec.length == row["length"] and rec.bots[row["seat"]] == row["bot"]


def test_replay_still_refuses_bots_that_were_functions() -> None:
    def mine(state: isslab.State, rng: Any) -> Any:
        return state.legal_actions()[0]

    df = isslab.simulate("space-1999", mine, games=1, **KW)
    with pytest.raises(ValueError, match="'mine' are not registered bots .* pass them"):
        isslab.replay(df.iloc[0])
    assert isslab.replay(df.iloc[0], bots=mine).record.length == df.iloc[0]["length"]


def test_replay_refuses_malformed_rows_with_value_errors(runs: tuple[pd.DataFrame, pd.DataFrame]) -> None:
    row = runs[0].iloc[0]
    for bad, words in (
        (42, "replay takes a row"),
        ({"game": 0}, "attrs were lost"),
        (runs[0].iloc[:2], "replay takes one row"),
    ):
        with pytest.raises(ValueError, match=words):
            isslab.replay(bad)
    broken = row.copy()
    broken.attrs = {**runs[0].attrs, "bots": 7}
    with pytest.raises(ValueError, match="attrs hold a 'bots' of the wrong kind"):
        isslab.replay(broken)
    negative = row.copy()
    negative["game"] = -1
    with pytest.raises(ValueError, match="the row's game number must be"):
        isslab.replay(negative, runs[0])
    with pytest.raises(ValueError, match="frame must be the DataFrame"):
        isslab.replay(dict(row), frame=[1])  # type: ignore[arg-type]


def test_an_edited_start_in_the_attrs_is_refused() -> None:
    import json

    start = isslab.play("space-1999", "greedy", seed=1).states()[4]
    df = isslab.simulate(start, "greedy", games=1, progress=False)
    doc = json.loads(df.attrs["start"])
    doc["state"]["turn"] = 99
    row = df.iloc[0].copy()
    row.attrs = {**df.attrs, "start": json.dumps(doc)}
    with pytest.raises(ValueError, match="corrupt save file"):
        isslab.replay(row)


# --- 10: every refusal a ValueError naming the argument ---------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"paired": "no"}, "paired must be True, False or None, got 'no'"),
        ({"paired": 1}, "paired must be True, False or None"),
        ({"level": 1.5}, "level must be a probability between 0 and 1"),
        ({"level": True}, "level must be a probability"),
        ({"level": "95%"}, "level must be a probability"),
        ({"seed": -1}, "seed must be an int from 0 to 2\\*\\*128 - 1"),
        ({"seed": 1.0}, "seed must be an int"),
        ({"resamples": 10**9}, "resamples must be an int from 1 to 20,000"),
        ({"resamples": 0}, "resamples must be an int from 1"),
        ({"method": "magic"}, "method must be one of 'auto', 'bootstrap'"),
        ({"baseline": [2]}, "baseline \\[2\\] is not a variant"),
        ({"baseline": {"a": 1}}, "is not a variant"),
        ({"seat": "0"}, "seat must be an int"),
        ({"seat": 9}, "no rows for seat=9; the seats are \\[0, 1\\]"),
        ({"bot": 3}, "bot must be a bot name"),
        ({"by": 3}, "by must be a column name or a list of column names"),
        ({"by": ["eagles", "eagles"]}, "by names the column 'eagles' twice"),
        ({"metric": ["length"]}, "metric must be a column name"),
        ({"metric": "end_reason"}, "holds no numbers"),
    ],
)
def test_compare_checks_every_argument(sweep: pd.DataFrame, kwargs: dict[str, Any], words: str) -> None:
    args = {"by": "eagles", "metric": "length", **kwargs}
    if args["metric"] == "win" or "seat" in kwargs or "bot" in kwargs:
        args["metric"] = "win"
    with pytest.raises(ValueError, match=words):
        isslab.compare(sweep, **args)


def test_numpy_ints_are_seats_seeds_and_resamples(sweep: pd.DataFrame) -> None:
    a = isslab.compare(sweep, "eagles", "win", seat=np.int64(0), method="bootstrap", resamples=np.int32(50))
    b = isslab.compare(sweep, "eagles", "win", seat=0, method="bootstrap", resamples=50, seed=np.uint8(0))
    pd.testing.assert_frame_equal(a, b)
    assert a.attrs["seat"] == 0 and type(a.attrs["seat"]) is int


def test_the_bootstrap_is_capped_and_bounded_in_memory(sweep: pd.DataFrame) -> None:
    from isslab.frames.stats import bootstrap_interval

    with pytest.raises(ValueError, match="resamples must be an int from 1 to 20,000"):
        bootstrap_interval(np.arange(10.0), resamples=10**9)
    low, high = bootstrap_interval(np.arange(10.0), resamples=20_000)
    assert low < 4.5 < high


def test_metrics_checks_its_arguments(sweep: pd.DataFrame) -> None:
    sweep = sweep[sweep.eagles == sweep.eagles.iloc[0]]  # one point of the grid: metrics reads it whole
    for kwargs, words in (
        ({"level": 2}, "level must be a probability"),
        ({"by": 3}, "by must be a column name"),
        ({"by": "colour"}, "by: the frame has no column 'colour'"),
        ({"skill": "greedy"}, "skill must be a \\(strong, weak\\) pair"),
    ):
        with pytest.raises(ValueError, match=words):
            isslab.metrics(sweep, **kwargs)
    with pytest.raises(ValueError, match="metrics takes a simulate/sweep frame or GameRecords"):
        isslab.metrics(42)  # type: ignore[arg-type]


def test_a_tiny_precision_runs_to_max_games_without_overflow() -> None:
    with pytest.warns(UserWarning, match="stopped at max_games=300"):
        df = isslab.simulate("space-1999", "greedy", games="auto", precision=1e-300, max_games=300, **KW)
    assert df.attrs["auto"]["reached"] == "max_games" and df["game"].nunique() == 300


@pytest.mark.parametrize("max_games", [np.int64(200), np.int32(200)])
def test_numpy_ints_are_game_counts(max_games: Any) -> None:
    df = isslab.simulate("space-1999", "greedy", games=np.int64(3), **KW)
    assert df["game"].nunique() == 3
    auto = isslab.simulate("space-1999", "greedy", games="auto", precision=0.5, max_games=max_games, **KW)
    assert auto.attrs["auto"]["max_games"] == 200


def _unwritable_folder(tmp_path: Path) -> Path:
    """A folder this process cannot create files in: a read-only one, or /sys for root."""
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
    for folder in (locked, Path("/sys")):
        try:
            fd, name = tempfile.mkstemp(dir=folder)
        except OSError:
            return folder
        os.close(fd)
        os.unlink(name)
    pytest.skip("no folder here refuses new files")


def test_an_unwritable_out_is_a_value_error_before_any_game(tmp_path: Path, capsys: Any) -> None:
    from isslab.cli import main

    locked = _unwritable_folder(tmp_path)
    played: list[int] = []

    def watcher(state: isslab.State, rng: Any) -> Any:
        played.append(1)
        return state.legal_actions()[0]

    try:
        for call in (
            lambda: isslab.simulate("space-1999", watcher, games=2, out=locked / "r.csv", **KW),
            lambda: isslab.sweep(
                "space-1999", {"eagles": [2]}, watcher, games=2, out=locked / "r.parquet", **KW
            ),
        ):
            with pytest.raises(ValueError, match="cannot be written"):
                call()
        assert not played
        args = ["sweep", "space-1999", "--grid", "eagles=2", "--games", "2", "--quiet"]
        assert main([*args, "--out", str(locked / "r.parquet")]) == 2
        err = capsys.readouterr().err
        assert "cannot be written" in err and "Traceback" not in err and err.count("\n") == 1
    finally:
        (tmp_path / "locked").chmod(stat.S_IRWXU)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_during_a_run_is_a_value_error(tmp_path: Path, monkeypatch: Any) -> None:
    from isslab.sim import sinks

    def full(self: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(sinks.Writer, "_flush", full)
    with pytest.raises(ValueError, match="could not be written to .*No space left on device"):
        isslab.simulate("space-1999", "greedy", games=2, out=tmp_path / "r.csv", **KW)
    assert not list(tmp_path.iterdir())  # the temporary file is gone


# --- arguments of every kind: refused with a ValueError, or used ----------------------------------

ANY = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=5),
    st.lists(st.integers(-3, 3), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)


@given(games=ANY, seed=ANY, workers=ANY, rotate=ANY, precision=ANY)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_simulate_arguments_are_refused_or_used(
    games: Any, seed: Any, workers: Any, rotate: Any, precision: Any
) -> None:
    try:
        args = isslab.sim.RunArgs(
            "greedy", games, seed, workers, False, rotate_seats=rotate, precision=precision
        )
        spec = isslab.sim.run_spec("space-1999", args, options={"players": 2})
    except ValueError as exc:
        assert any(name in str(exc) for name in ("games", "seed", "workers", "rotate_seats", "precision"))
        return
    assert spec.count >= 1 and 0 <= spec.seed < 2**128 and spec.pool.width >= 1


@given(
    values=st.lists(ANY, max_size=4),
    key=st.one_of(st.just("eagles"), st.none(), st.integers(), st.text(max_size=3), st.booleans()),
)
@settings(max_examples=60, deadline=None)
def test_sweep_grids_are_refused_or_used(values: list[Any], key: Any) -> None:
    try:
        args = isslab.sim.RunArgs("greedy", 1, 0, 1, False)
        spec = isslab.sim.run_spec("space-1999", args, grid={key: values}, options={"players": 2})
    except ValueError as exc:
        assert str(exc)
        return
    assert len(spec.points) == len(values) and len({p.game for p in spec.points}) == len(values)


@given(paired=ANY, level=ANY, resamples=ANY, seed=ANY, baseline=ANY)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_compare_arguments_are_refused_or_used(
    sweep: pd.DataFrame, paired: Any, level: Any, resamples: Any, seed: Any, baseline: Any
) -> None:
    try:
        table = isslab.compare(
            sweep,
            "eagles",
            "length",
            baseline=baseline,
            paired=paired,
            level=level,
            resamples=resamples,
            seed=seed,
        )
    except ValueError as exc:
        assert str(exc)
        return
    assert list(table["games"]) == [8, 8]
    assert all(math.isnan(x) or lo <= x for x, lo in zip(table["estimate"], table["low"], strict=True))


@given(text=st.text(max_size=40))
@settings(max_examples=100, deadline=None)
def test_any_values_text_is_parsed_or_refused(text: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            values = parse_values(text)
        except ValueError:
            return
    assert values and len(values) == len({repr(v) for v in values})


# --- malformed frames: a column edited by hand is a ValueError naming it, never a TypeError -------

EDITS = st.sampled_from(["x", None, np.nan, 1.5, -3, True, 10**30, np.inf, [1, 2], (1,)])


@given(
    column=st.sampled_from([*BASE_COLUMNS, "first_mover", "drama", "eagles"]),
    value=EDITS,
    drop=st.booleans(),
)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_frame_edited_by_hand_is_used_or_refused_with_a_value_error(
    sweep: pd.DataFrame, column: str, value: Any, drop: bool
) -> None:
    df = sweep.drop(columns=[column]) if drop else sweep.copy()
    if not drop:
        df[column] = [value] * len(df) if isinstance(value, list | tuple) else value
    df.attrs = dict(sweep.attrs)
    calls = [
        lambda: isslab.compare(df, "eagles", "length"),
        lambda: isslab.compare(df, None, "win", seat=0),
        lambda: isslab.compare(df, "eagles", "length", method="bootstrap", resamples=20),
        lambda: isslab.metrics(df, by="eagles"),
        lambda: isslab.metrics(df),
        lambda: isslab.summarize(df),
        lambda: isslab.replay(df.iloc[0], sweep),
        lambda: plots.outcome_table(df, "eagles"),
        lambda: plots.win_table(df),
    ]
    for call in calls:
        try:
            call()
        except ValueError as exc:
            assert str(exc)


# --- workers: read once into a Pool; an executor's width from the hook, never a private attribute --


def test_workers_is_read_once_into_a_pool() -> None:
    from concurrent.futures import Executor, ThreadPoolExecutor

    from isslab.sim import Pool, cpu_count, executor_width
    from isslab.sim.pool import as_pool

    assert as_pool(1, 10) == Pool(processes=1, width=1) and as_pool(1, 10).here
    assert as_pool(np.int64(64), 10).processes == min(64, cpu_count(), 10)
    assert as_pool(8, 1).processes == 1  # never more processes than games
    with ThreadPoolExecutor(3) as pool:
        assert as_pool(pool, 10) == Pool(executor=pool, width=cpu_count())  # the default width

    class Wide(ThreadPoolExecutor):
        """An executor that says how wide it is through the hook."""

    executor_width.register(Wide, lambda executor: 7)

    with Wide(2) as wide:
        assert as_pool(wide, 10).width == 7
        df = isslab.simulate("space-1999", "greedy", games=20, workers=wide, seed=4, **KW)
    pd.testing.assert_frame_equal(df, isslab.simulate("space-1999", "greedy", games=20, seed=4, **KW))
    assert isinstance(wide, Executor)


WORKER_CALLS: dict[str, Any] = {
    "simulate": lambda w: isslab.simulate("space-1999", "greedy", games=2, workers=w, **KW),
    "sweep": lambda w: isslab.sweep("space-1999", {"eagles": [1, 2]}, "greedy", games=2, workers=w, **KW),
    "evaluate": lambda w: isslab.evaluate(
        isslab.make("space-1999", players=2, eagles=1).new_state(), games=2, workers=w
    ),
    "report": lambda w: isslab.report(
        "space-1999", games=2, side_games=2, sections=["length"], workers=w, players=2
    ),
    "fit": lambda w: isslab.winprob.collect("space-1999", games=10, positions=1, workers=w),
    "head_to_head": lambda w: head_to_head("space-1999", "greedy", "random", games=2, workers=w),
}


@pytest.mark.parametrize("call", list(WORKER_CALLS))
def test_every_workers_argument_follows_one_rule(call: str) -> None:
    """``workers`` is read by ``isslab.sim.pool.as_pool`` wherever it is taken: a count above the CPUs
    is used as the CPUs (never refused), a count below one, a bool or a float is refused in the
    same words."""
    run = WORKER_CALLS[call]
    assert run(300) is not None
    for bad in (0, True, 2.0):
        with pytest.raises(
            ValueError, match=r"^workers must be an int >= 1 or a concurrent.futures.Executor"
        ):
            run(bad)


def test_the_widgets_progress_wrapper_says_its_width_through_the_hook() -> None:
    from concurrent.futures import ThreadPoolExecutor

    from isslab_widgets.whatif import ProgressExecutor

    from isslab.sim import executor_width

    class Two(ThreadPoolExecutor):
        pass

    executor_width.register(Two, lambda e: 2)
    done: list[int] = []
    with Two(2) as inner:
        wrapper = ProgressExecutor(inner, done.append)
        assert executor_width(wrapper) == 2
        df = isslab.simulate("space-1999", "greedy", games=30, workers=wrapper, **KW)
    assert sum(done) == 30 == df["game"].nunique()  # every finished chunk said how many games


def test_the_simulation_reads_no_private_attribute_of_an_executor() -> None:
    """The widgets' wrapper's ``inner`` and a pool's ``_max_workers`` stay theirs (the hook asks).

    The one exception is a pool of our own before Python 3.14: its processes are ended by hand
    (``_processes``), since no public call ends them.
    """
    import ast

    sim = Path(isslab.__file__).parent / "sim"
    for path in sim.glob("*.py"):
        read = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute):
                read.add(node.attr)
            elif (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") == "getattr"
                and len(node.args) > 1
            ):
                if isinstance(node.args[1], ast.Constant):
                    read.add(node.args[1].value)
        assert not read & {"_max_workers", "inner", "_client"}, path.name
        if path.name != "pool.py":
            assert "_processes" not in read, path.name


# --------------------------------------------------------------------------------------------------
# Ctrl-C on a pool (issue 25): the first asks the run to stop, a second stops it at once
# --------------------------------------------------------------------------------------------------

#: seconds the waits below allow: only a hang reaches them, however busy the machine
HANG = 120.0


@pytest.fixture
def ctrl_c() -> Iterator[None]:
    """Ctrl-C reaches this test as it reaches a user's script: Python's handler, in the main thread.

    A test script started in the background inherits Ctrl-C ignored: the handler is set for the test
    and the one found is put back after it.
    """
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach the main thread only")
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _until(done: Callable[[], bool]) -> bool:
    """Sleep in small steps (a signal's handler runs in between) until ``done()``; False on a hang."""
    deadline = time.monotonic() + HANG
    while not done():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


@pytest.mark.usefixtures("ctrl_c")
def test_catch_interrupts_asks_first_insists_second_and_puts_the_handler_back() -> None:
    with catch_interrupts() as interrupts:
        os.kill(os.getpid(), signal.SIGINT)
        assert _until(interrupts.stop.is_set) and not interrupts.hurry
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)
            _until(lambda: False)
        assert interrupts.hurry
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    # a Ctrl-C the process was started to ignore stays ignored (a background job of a script)
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with catch_interrupts() as interrupts:
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.mark.usefixtures("ctrl_c")
@pytest.mark.parametrize("presses", [1, 2], ids=["once", "twice"])
def test_ctrl_c_stops_our_own_pool_keeps_the_finished_games_and_ends_the_workers(presses: int) -> None:
    pressed: list[int] = []

    def press(_df: pd.DataFrame) -> None:  # Ctrl-C once the first chunk is back
        if not pressed:
            pressed.append(presses)
            for _ in range(presses):
                os.kill(os.getpid(), signal.SIGINT)

    kw = {**KW, "games": 20_000, "seed": 5}
    with pytest.warns(UserWarning, match=r"simulation interrupted: \d+ of 20000 games were played"):
        df = isslab.simulate("space-1999", "greedy", workers=2, on_chunk=press, **kw)
    assert df.attrs["interrupted"] is True
    played = sorted(df["game"].unique())
    assert 0 < len(played) < 20_000 and (df.groupby("game").size() == 2).all()
    assert _until(lambda: not multiprocessing.active_children()), "workers outlived the run"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    full = isslab.simulate("space-1999", "greedy", **{**kw, "games": max(played) + 1})
    pd.testing.assert_frame_equal(
        df.reset_index(drop=True), full[full.game.isin(played)].reset_index(drop=True)
    )


def test_chunks_are_sized_by_the_time_their_games_take() -> None:
    sizes = ChunkSizes(100_000, 2)
    assert sizes.size == FIRST_CHUNK  # nothing timed yet
    sizes.timed(4, 0.004)  # 1 ms a game: the size doubles at most at a time, up to CHUNK
    assert sizes.size == 2 * FIRST_CHUNK
    for _ in range(10):
        sizes.timed(sizes.size, sizes.size * 0.001)
    assert sizes.size == CHUNK
    for _ in range(10):  # the machine gets busy: 0.25 s a game, so a chunk holds 4 games
        sizes.timed(sizes.size, sizes.size * 0.25)
    assert sizes.size == round(CHUNK_SECONDS / 0.25)
    sizes.timed(1, 30.0)  # one game longer than a chunk's time: chunks of one game
    assert sizes.size == 1
    assert ChunkSizes(10, 2).size == 1  # a short run starts with chunks of one game
