"""``isslab sweep GAME --grid name=v1,v2 ... --games N --out rows.parquet|csv`` on the command line."""

from __future__ import annotations

import pandas as pd
import pytest

import isslab
from isslab.cli import main as cli
from isslab.cli import parse_grid


def test_parse_grid_reads_json_values_and_lists() -> None:
    assert parse_grid(["eagles=2,3", "green_turns=clockwise,counterclockwise"]) == {
        "eagles": [2, 3],
        "green_turns": ["clockwise", "counterclockwise"],
    }
    assert parse_grid(["forced_launch=false,true"]) == {"forced_launch": [False, True]}
    assert parse_grid(["income=[[12,13,14,15,16,17,18],[10,11,12,13,14,15,16]]"]) == {
        "income": [(12, 13, 14, 15, 16, 17, 18), (10, 11, 12, 13, 14, 15, 16)]  # tuples: hashable values
    }
    for bad, message in (
        (["eagles"], "--grid must look like name=v1,v2"),
        (["eagles="], "--grid 'eagles': none given"),
        (["eagles=2", "eagles=3"], "given twice"),
        (["eagles=[2"], "a \\[...\\] value must be a JSON list"),
        ([], "sweep needs at least one --grid"),
    ):
        with pytest.raises(ValueError, match=message):
            parse_grid(bad)


def test_sweep_prints_paired_comparisons(capsys) -> None:
    args = ["sweep", "space-1999", "--grid", "eagles=2,3", "--games", "60", "--bots", "greedy,random"]
    assert cli([*args, "--rotate-seats", "-o", "players=2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "space-1999: 2 points x 60 games" in out
    assert "moves per game (95% intervals; differences from the first point, paired)" in out
    assert "win rate of greedy" in out and "win rate of random" in out
    assert "diff_low" in out


def test_sweep_writes_parquet_and_csv(tmp_path, capsys) -> None:
    for name in ("rows.parquet", "rows.csv"):
        path = tmp_path / name
        args = ["sweep", "space-1999", "--grid", "eagles=1,2", "--games", "20", "--bots", "greedy"]
        assert cli([*args, "-o", "players=2", "--quiet", "--out", str(path), "--workers", "2"]) == 0
        out = capsys.readouterr().out
        assert f"rows written to {path}" in out and "win_rate" in out
        back = pd.read_parquet(path) if name.endswith("parquet") else pd.read_csv(path)
        assert len(back) == 2 * 20 * 2 and sorted(back["eagles"].unique()) == [1, 2]
    rows = pd.read_parquet(tmp_path / "rows.parquet")
    assert isslab.replay(rows.iloc[-1]).record.length == rows.iloc[-1]["length"]


def test_sweep_auto_says_what_it_reached(capsys) -> None:
    args = ["sweep", "space-1999", "--grid", "eagles=1,2", "--games", "auto", "--max-games", "200"]
    assert cli([*args, "--precision", "0.0001", "--bots", "greedy", "-o", "players=2", "--quiet"]) == 0
    got = capsys.readouterr()
    assert "games=auto reached max_games: 200 games per point" in got.out
    assert "isslab: warning: games='auto' stopped at max_games=200" in got.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--grid", "eagles=2,99"], "option eagles=99 is not allowed"),
        (["--grid", "colour=red"], "unknown option colour"),
        (["--grid", "eagles=2", "-o", "eagles=3"], "both swept and fixed"),
        (["--grid", "eagles=2", "--out", "/no/such/folder/r.parquet"], "does not exist"),
        (["--grid", "eagles=2", "--out", "rows.xlsx"], "must end in .parquet"),
        (["--grid", "eagles=2", "--bots", "wizard"], "unknown bot 'wizard'"),
        ([], "sweep needs at least one --grid"),
    ],
)
def test_bad_sweeps_print_one_line_and_exit_2(args: list[str], message: str, capsys) -> None:
    assert cli(["sweep", "space-1999", "--games", "3", "--quiet", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("isslab: error: ") and message in err and err.count("\n") == 1


def test_games_must_be_a_number_or_auto(capsys) -> None:
    with pytest.raises(SystemExit):
        cli(["sweep", "space-1999", "--grid", "eagles=2", "--games", "many"])
    assert "a number of games or auto" in capsys.readouterr().err
