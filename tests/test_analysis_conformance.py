"""The analysis conformance suite over every registered game, at its smallest, default and largest table.

``isslab.conformance.check_analysis`` runs simulate, summarize, sweeps over a bool, an int and a
tuple option, compare and metrics with and without ``by``, replay (search bots included), the
plots, and frames concatenated by hand or foreign; the lab widget is run here (the engine may not
import it). New games get all of it from ``isslab.games()``. The last tests check the checker.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest

import isslab
from isslab.conformance import AnalysisConformanceError, check_analysis, sweep_values, tables
from isslab.conformance import analysis as conformance
from isslab.core import Option

CASES = [(gid, table) for gid in isslab.games() for table in tables(gid)]


def _kinds(game_id: str) -> set[str]:
    """The kinds of option a game has besides the table's (those a sweep can try)."""
    kinds = set()
    for option in isslab.game_class(game_id).OPTIONS:
        if option.name != "players":
            kind = conformance._kind(option)
            if kind is not None:
                kinds.add(kind)
    return kinds


@pytest.mark.parametrize(("game_id", "table"), CASES, ids=[f"{g}-{t['players']}p" for g, t in CASES])
def test_every_analysis_call_works_on_every_table(game_id: str, table: dict[str, Any]) -> None:
    report = check_analysis(game_id, table, games=3, seed=0)
    assert {"simulate", "metrics", "compare", "replay", "concatenated frames", "search bots", "plots"} <= set(
        report.checked
    )
    # a game with an option of a kind sweeps it; only kinds it lacks (or cannot vary) are skipped
    swept = set(report.sweeps)
    assert swept | {k.split()[-2] for k in report.skipped if k.startswith("sweep")} == set(conformance.KINDS)
    assert swept >= {"bool", "int"} & _kinds(game_id)


def test_tables_are_the_smallest_default_and_largest() -> None:
    for game_id in isslab.games():
        info = isslab.game_class(game_id).INFO
        got = [t["players"] for t in tables(game_id)]
        assert got[0] == info.min_players and got[-1] == info.max_players
        assert isslab.make(game_id).num_players in got and len(got) == len(set(got))


def test_sweep_values_come_from_the_schema_and_make_other_games() -> None:
    for game_id in isslab.games():
        game = isslab.make(game_id)
        for kind in conformance.KINDS:
            found = sweep_values(game, kind)
            if found is None:
                continue
            name, (a, b) = found
            assert a == game.options[name] and isslab.make(game_id, **{name: b}) != game


@pytest.mark.parametrize("game_id", isslab.games())
def test_the_lab_runs_every_game(game_id: str) -> None:
    pytest.importorskip("ipycanvas")
    from isslab_widgets.lab_widget import Lab

    players = tables(game_id)[0]["players"]
    name, values = sweep_values(isslab.make(game_id, players=players), "bool") or sweep_values(
        isslab.make(game_id, players=players), "int"
    )  # type: ignore[misc]
    lab = Lab(game_id, games=2, players=players, vary=name, values=", ".join(map(str, values)).lower())
    assert lab.run() is not None
    df = lab.wait(600)
    assert lab.error is None and "done" in lab.status.value
    assert df[name].nunique() == 2 and len(df) == 2 * 2 * players
    assert lab.metrics_table is not None and set(lab.metrics_table[name]) == set(values)
    assert lab.compare_tables and all(len(t) == 2 for t in lab.compare_tables.values())
    assert lab.plot_box.children == (lab.canvas,)


# --------------------------------------------------------------------------------------------------
# the checker catches what it is meant to catch
# --------------------------------------------------------------------------------------------------


def test_a_compare_that_counts_a_game_twice_is_caught(monkeypatch: Any) -> None:
    real = conformance.compare

    def doubled(df: pd.DataFrame, *args: Any, **kwargs: Any) -> pd.DataFrame:
        table = real(df, *args, **kwargs)
        return table.assign(games=table["games"] * 2)

    monkeypatch.setattr(conformance, "compare", doubled)
    with pytest.raises(AnalysisConformanceError, match="space-1999 .*compare length: games"):
        check_analysis("space-1999", {"players": 2}, games=2, search=False)


def test_a_metric_outside_its_interval_is_caught(monkeypatch: Any) -> None:
    real = conformance.metrics

    def shifted(*args: Any, **kwargs: Any) -> pd.DataFrame:
        table = real(*args, **kwargs)
        return table.assign(value=table["high"] + 1)

    monkeypatch.setattr(conformance, "metrics", shifted)
    with pytest.raises(AnalysisConformanceError, match="outside its interval|is not a rate"):
        check_analysis("space-1999", {"players": 2}, games=2, search=False)


def test_a_call_that_accepts_a_doubled_frame_is_caught(monkeypatch: Any) -> None:
    real = conformance.compare

    def careless(df: pd.DataFrame, *args: Any, **kwargs: Any) -> pd.DataFrame:
        return real(df.drop_duplicates(["game", "seed", "seat"]), *args, **kwargs)

    monkeypatch.setattr(conformance, "compare", careless)
    with pytest.raises(
        AnalysisConformanceError, match="compare of a run twice: accepted a frame it must refuse"
    ):
        check_analysis("space-1999", {"players": 2}, games=2, search=False)


def test_a_game_without_options_of_a_kind_is_skipped_with_the_reason() -> None:
    report = check_analysis("space-1999", {"players": 2}, games=2, search=False)
    assert report.skipped == {
        "sweep over a tuple option": "space-1999 has no tuple option with a second value"
    }
    assert conformance._kind(Option("x", (1, 2), "a tuple")) == "tuple"
