"""Comparisons: seat rotation, ``isslab.compare`` (paired and unpaired intervals), ``games="auto"``,
``replay`` of any row, and ``out=`` files that grow while a run goes on."""

from __future__ import annotations

import math
import warnings
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd
import pytest
from helpers_docs import undocumented

import isslab
from isslab.frames.stats import mean_interval, newcombe_interval, wilson_interval
from isslab.play import derive_seeds
from isslab.sim import seed_array

KW = dict(progress=False, players=2)


# --- rotate_seats ---------------------------------------------------------------------------------


def test_rotate_seats_moves_every_bot_through_every_seat() -> None:
    kw = dict(bots=["greedy", "random", "greedy"], games=6, seed=1, progress=False, players=3)
    df = isslab.simulate("space-1999", rotate_seats=True, **kw)
    bots = df.pivot(index="game", columns="seat", values="bot")
    # bot j plays seat (j + game) % 3: game 1 puts bot 0 (greedy) in seat 1 and bot 2 in seat 0
    assert bots.loc[0].tolist() == ["greedy", "random", "greedy"]
    assert bots.loc[1].tolist() == ["greedy", "greedy", "random"]
    assert bots.loc[2].tolist() == ["random", "greedy", "greedy"]
    assert (df[df.bot == "random"].groupby("seat").size() == 2).all()  # each seat twice in 6 games
    plain = isslab.simulate("space-1999", **kw)
    assert df["seed"].tolist() == plain["seed"].tolist()  # the same dice: only the seats moved
    assert df.attrs["rotate_seats"] is True and df.attrs["bots"] == ["greedy", "random", "greedy"]


def test_rotated_rows_are_the_same_on_any_executor() -> None:
    kw = dict(bots=["greedy", "random"], games=24, seed=2, rotate_seats=True, trace=True, **KW)
    one = isslab.simulate("space-1999", workers=1, **kw)
    pd.testing.assert_frame_equal(one, isslab.simulate("space-1999", workers=2, **kw))
    with ThreadPoolExecutor(2) as pool:
        pd.testing.assert_frame_equal(one, isslab.simulate("space-1999", workers=pool, **kw))
    # with the seats rotated, the stronger bot wins from either seat
    wins = one.groupby(["bot", "seat"])["win"].mean()
    assert wins["greedy"].min() > wins["random"].max()


def test_seed_array_is_derive_seeds() -> None:
    assert seed_array(7, 1000).tolist() == derive_seeds(7, 1000)
    assert seed_array(2**100, 3).tolist() == derive_seeds(2**100, 3)
    assert seed_array(7, 10)[:4].tolist() == seed_array(7, 4).tolist()  # a prefix: batches agree


# --- compare ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def eagles() -> pd.DataFrame:
    return isslab.sweep("space-1999", {"eagles": [3, 4]}, "greedy", games=300, seed=0, **KW)


def test_paired_intervals_are_narrower_on_a_real_sweep(eagles: pd.DataFrame) -> None:
    """Every point played the same seeds: the shared luck cancels in the paired difference."""
    paired = isslab.compare(eagles, by="eagles", metric="length")
    unpaired = isslab.compare(eagles, by="eagles", metric="length", paired=False)
    assert paired["paired"].tolist() == [False, True] and not unpaired["paired"].any()
    width = paired["diff_high"] - paired["diff_low"]
    width_unpaired = unpaired["diff_high"] - unpaired["diff_low"]
    assert width[1] < 0.85 * width_unpaired[1]
    assert paired["diff"][1] == pytest.approx(unpaired["diff"][1])  # the same estimate, surer
    assert paired["diff_low"][1] > 0  # a fourth eagle makes games longer, for sure
    assert paired["method"][1] == "estimate: normal; difference: paired normal"
    assert unpaired["method"][1] == "estimate: normal; difference: Welch normal"


def test_compare_rows_follow_the_documented_formulas(eagles: pd.DataFrame) -> None:
    table = isslab.compare(eagles, by="eagles", metric="win", seat=0)
    three = eagles[(eagles.eagles == 3) & (eagles.seat == 0)]
    four = eagles[(eagles.eagles == 4) & (eagles.seat == 0)]
    k3, k4 = int(three.win.sum()), int(four.win.sum())
    assert table["estimate"].tolist() == [k3 / 300, k4 / 300]
    assert table.loc[0, ["low", "high"]].tolist() == pytest.approx(wilson_interval(k3, 300))
    d = four.win.to_numpy(float) - three.win.to_numpy(float)  # the same seeds, in the same order
    assert table.loc[1, ["diff_low", "diff_high"]].tolist() == pytest.approx(mean_interval(d))
    unpaired = isslab.compare(eagles, by="eagles", metric="win", seat=0, paired=False)
    assert unpaired.loc[1, ["diff_low", "diff_high"]].tolist() == pytest.approx(
        newcombe_interval(k4, 300, k3, 300)
    )
    assert "Newcombe" in unpaired["method"][1] and "Wilson" in table["method"][0]
    boot = isslab.compare(eagles, by="eagles", metric="length", method="bootstrap")
    assert boot["diff_low"][1] < boot["diff"][1] < boot["diff_high"][1]
    assert boot["method"][1] == "estimate: bootstrap; difference: paired bootstrap"
    assert isslab.compare(eagles, by="eagles", metric="length", baseline=4)["diff"].tolist()[0] < 0


def test_different_seeds_are_compared_unpaired() -> None:
    a = isslab.simulate("space-1999", "greedy", games=40, seed=1, **KW).assign(run="a")
    b = isslab.simulate("space-1999", "greedy", games=40, seed=2, **KW).assign(run="b")
    table = isslab.compare(pd.concat([a, b]), by="run", metric="length")
    assert table["paired"].tolist() == [False, False] and "Welch" in table["method"][1]
    with pytest.raises(ValueError, match="paired=True needs the same seeds"):
        isslab.compare(pd.concat([a, b]), by="run", metric="length", paired=True)


def test_compare_refuses_unclear_questions(eagles: pd.DataFrame) -> None:
    with pytest.raises(
        ValueError, match="'win' differs between the seats of a game: say whose it is with seat="
    ):
        isslab.compare(eagles, by="eagles", metric="win")
    with pytest.raises(ValueError, match="no column 'colour'"):
        isslab.compare(eagles, by="colour")
    with pytest.raises(ValueError, match="no rows for bot='wizard'; the bots are: greedy"):
        isslab.compare(eagles, by="eagles", metric="win", bot="wizard")
    with pytest.raises(ValueError, match="baseline 9 is not a variant; the variants are: 3, 4"):
        isslab.compare(eagles, by="eagles", metric="length", baseline=9)
    with pytest.raises(ValueError, match="method must be one of .auto., .bootstrap."):
        isslab.compare(eagles, by="eagles", metric="length", method="magic")
    with pytest.raises(ValueError, match="level must be a probability"):
        isslab.compare(eagles, by="eagles", metric="length", level=95)


def test_interval_helpers_at_the_edges() -> None:
    assert wilson_interval(0, 10)[0] == 0 and 0 < wilson_interval(0, 10)[1] < 0.35
    assert all(math.isnan(x) for x in wilson_interval(0, 0))
    assert all(math.isnan(x) for x in mean_interval(np.array([1.0])))


# --- games="auto" ---------------------------------------------------------------------------------


def test_auto_stops_at_the_precision_and_plays_the_games_of_a_plain_run() -> None:
    df = isslab.simulate("space-1999", "greedy", games="auto", precision=2.0, metric="length", seed=4, **KW)
    auto = df.attrs["auto"]
    assert auto["reached"] == "precision" and auto["widest"] <= 2.0
    n = auto["games"]
    assert df["game"].nunique() == n == df.attrs["games_played"]
    plain = isslab.simulate("space-1999", "greedy", games=n, seed=4, **KW)
    pd.testing.assert_frame_equal(df, plain, check_like=False)


def test_auto_says_when_it_hit_max_games() -> None:
    with pytest.warns(UserWarning, match="games='auto' stopped at max_games=300 before the precision"):
        df = isslab.sweep(
            "space-1999",
            {"eagles": [2, 3]},
            "greedy",
            games="auto",
            precision=0.001,
            max_games=300,
            seed=0,
            **KW,
        )
    assert df.attrs["auto"]["reached"] == "max_games" and df.attrs["auto"]["games"] == 300
    assert df.groupby("eagles")["game"].nunique().tolist() == [300, 300]
    with pytest.raises(ValueError, match="precision must be a positive number"):
        isslab.simulate("space-1999", games="auto", precision=0, **KW)
    with pytest.raises(ValueError, match="max_games must be an int from 1 to 1,000,000"):
        isslab.simulate("space-1999", games="auto", max_games=0, **KW)
    with pytest.raises(ValueError, match="metric must be a column of the rows, got 'speed'"):
        isslab.simulate("space-1999", games="auto", metric="speed", **KW)


# --- replay ----------------------------------------------------------------------------------------


def test_every_row_replays_its_exact_game() -> None:
    df = isslab.sweep(
        "1969",
        {"spy_penalty_to": ["hirer", "sheet_owner"]},
        ["greedy", "spy", "moonshot"],
        games=6,
        seed=3,
        progress=False,
        players=3,
        rotate_seats=True,
    )
    for k in (0, 7, len(df) - 1):
        row = df.iloc[k]
        record, state = isslab.replay(row)
        assert state.is_terminal() and record.seed == int(row["seed"])
        assert record.length == row["length"] and record.returns[int(row["seat"])] == row["returns"]
        assert record.bots[int(row["seat"])] == row["bot"]
        assert state.game.options["spy_penalty_to"] == row["spy_penalty_to"]
    longest = df.loc[df["length"].idxmax()]
    assert isslab.replay(longest).record.length == longest["length"]


def test_replay_from_a_position_and_refusals(tmp_path) -> None:
    start = isslab.play(isslab.make("space-1999", players=2), "greedy", seed=9).states()[12]
    df = isslab.simulate(start, "greedy", games=3, seed=1, progress=False)
    record, state = isslab.replay(df.iloc[4])
    assert record.start == start and record.length == df.iloc[4]["length"]
    row = df.iloc[0].to_dict()  # a dict has no attrs
    with pytest.raises(ValueError, match=r"its frame's attrs were lost\); pass the frame"):
        isslab.replay(row)
    assert isslab.replay(row, df).record.seed == row["seed"]
    bad = df.iloc[[0]].copy()
    bad["length"] += 1
    with pytest.raises(ValueError, match="does not match its row: length"):
        isslab.replay(bad)

    def mine(state, rng):
        return state.legal_actions()[0]

    odd = isslab.simulate("space-1999", mine, games=2, **KW)
    with pytest.raises(ValueError, match="'mine' are not registered bots .* isslab.replay\\(row, bots="):
        isslab.replay(odd.iloc[0])
    assert isslab.replay(odd.iloc[0], bots=mine).record.length == odd.iloc[0]["length"]


# --- out= ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_out_writes_the_rows_and_returns_the_summary(tmp_path, suffix: str) -> None:
    path = tmp_path / f"rows{suffix}"
    grid = {"eagles": [2, 3]}
    kw = dict(bots=["greedy", "random"], games=150, seed=5, rotate_seats=True, **KW)
    summary = isslab.sweep("space-1999", grid, out=path, workers=2, **kw)
    rows = isslab.sweep("space-1999", grid, **kw)
    back = pd.read_parquet(path) if suffix == ".parquet" else pd.read_csv(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # no temporary file left
    pd.testing.assert_frame_equal(back, rows, check_dtype=False)
    assert summary.attrs["out"] == str(path) and summary.attrs["games_played"] == 150
    assert set(summary.columns) >= {"eagles", "seat", "bot", "games", "win_rate", "mean_length"}
    assert summary.groupby("eagles")["games"].sum().tolist() == [300, 300]
    if suffix == ".parquet":  # the attrs travel with the file: any row replays from it
        assert back.attrs["game"] == "space-1999" and back.attrs["grid"] == {"eagles": [2, 3]}
        assert isslab.replay(back.iloc[123]).record.length == back.iloc[123]["length"]


def test_out_is_checked_before_any_game(tmp_path) -> None:
    for out, message in (
        (tmp_path / "rows.xlsx", "must end in .parquet, .pq, .csv"),
        (tmp_path / "missing" / "rows.csv", "does not exist"),
        (tmp_path, "is a folder"),
        (42, "out must be a file path"),
    ):
        with pytest.raises(ValueError, match=message):
            isslab.simulate("space-1999", games=1_000_000, out=out, progress=False)


def test_an_error_leaves_an_old_file_as_it_was(tmp_path) -> None:
    path = tmp_path / "rows.csv"
    path.write_text("old rows\n")

    def broken(state, rng):
        if state.move_number > 30:
            raise RuntimeError("a broken bot")
        return state.legal_actions()[0]

    with pytest.raises(RuntimeError, match="a broken bot"):
        isslab.simulate("space-1999", broken, games=5, out=path, **KW)
    assert path.read_text() == "old rows\n" and [p.name for p in tmp_path.iterdir()] == ["rows.csv"]


def test_stopping_a_run_to_a_file_keeps_the_finished_games(tmp_path) -> None:
    import threading

    path = tmp_path / "rows.parquet"
    stop = threading.Event()
    seen: list[int] = []

    def on_chunk(chunk: pd.DataFrame) -> None:
        seen.append(chunk["game"].nunique())
        if sum(seen) >= 200:
            stop.set()

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        summary = isslab.simulate(
            "space-1999", "greedy", games=50_000, out=path, stop=stop, on_chunk=on_chunk, **KW
        )
    assert any("the file holds those games" in str(w.message) for w in caught)
    back = pd.read_parquet(path)
    assert summary.attrs["interrupted"] is True
    assert back["game"].nunique() == summary.attrs["games_played"] == sum(seen) >= 200
    assert back["game"].tolist() == sorted(back["game"])


@pytest.mark.parametrize("game_id", isslab.games())
def test_no_option_is_named_like_a_keyword_of_simulate_or_sweep(game_id: str) -> None:
    """An option called ``trace`` or ``stop`` could not be passed through ``simulate(**options)``."""
    import inspect

    keywords = set(inspect.signature(isslab.simulate).parameters) | set(
        inspect.signature(isslab.sweep).parameters
    )
    keywords -= {"options"}
    names = {o.name for o in isslab.game_class(game_id).OPTIONS}
    assert not names & keywords


def test_in_words_reads_a_comparison(eagles: pd.DataFrame) -> None:
    from isslab.frames.stats import in_words

    text = in_words(isslab.compare(eagles, by="eagles", metric="length")).splitlines()
    assert text[0].startswith("eagles=3: length ") and text[0].endswith("- the baseline.")
    assert "against eagles=3 (paired on the same seeds: +" in text[1] and text[1].endswith(
        "a difference shown."
    )
    wins = in_words(isslab.compare(eagles, by="eagles", metric="win", seat=0))
    assert "win rate of seat 0" in wins and "%" in wins


ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]
LAB_FILES = sorted(
    str(p.relative_to(ROOT))
    for pattern in (
        "isslab/frames/*.py",
        "isslab/sim/*.py",
        "isslab/analysis/*.py",
        "isslab/checks.py",
        "isslab/bench/*.py",
    )
    for p in ROOT.glob(pattern)
) + ["widgets/isslab_widgets/lab_widget.py", "widgets/isslab_widgets/raster.py", "isslab/interop/render.py"]


@pytest.mark.parametrize("name", LAB_FILES)
def test_the_lab_modules_have_docstrings_and_type_hints(name: str) -> None:
    """As tests/test_bad_input.py asks of the core files: every public name documented and typed."""
    missing = undocumented(ROOT / name)
    assert not missing, missing
