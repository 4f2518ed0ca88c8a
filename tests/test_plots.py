"""The plots draw honest pictures: whole-number bins and ticks for counts, intervals, axes from 0."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("matplotlib")

from matplotlib.figure import Figure  # noqa: E402

import isslab  # noqa: E402
from isslab.analysis import plots  # noqa: E402


@pytest.fixture(scope="module")
def nineteen() -> object:
    game = isslab.make("1969", players=3)
    return isslab.simulate(game, bots=["greedy", "spy", "moonshot"], games=60, seed=0, progress=False)


def axes() -> object:
    return Figure(figsize=(4, 3)).subplots()


def test_game_lengths_get_whole_number_bins_and_ticks(nineteen: object) -> None:
    ax = plots.plot_length(nineteen)  # type: ignore[arg-type]
    edges = sorted({round(p.get_x(), 6) for p in ax.patches})
    assert edges and all(float(e - 0.5).is_integer() for e in edges)  # bins centred on whole numbers
    ticks = [t for t in ax.get_xticks() if ax.get_xlim()[0] <= t <= ax.get_xlim()[1]]
    assert ticks and all(float(t).is_integer() for t in ticks)
    edges = plots.integer_bins(np.array([3, 4, 4, 9]))
    assert list(edges) == [2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5]
    wide = plots.integer_bins(np.arange(0, 1000), most=40)
    assert len(wide) - 1 <= 40 and all(float(e - 0.5).is_integer() for e in wide)


def test_rates_carry_intervals_and_start_at_zero(nineteen: object) -> None:
    ax = axes()
    plots.plot_win_rates(nineteen, ax)  # type: ignore[arg-type]
    assert ax.get_ylim()[0] == 0
    assert ax.containers and any(type(c).__name__ == "ErrorbarContainer" for c in ax.containers)
    ax = axes()
    plots.plot_hire_value(nineteen, ax, min_nations=5)  # type: ignore[arg-type]
    assert ax.get_ylim()[0] == 0 and ax.get_ylim()[1] <= 1.0
    assert any(type(c).__name__ == "ErrorbarContainer" for c in ax.containers)
    ticks = [t for t in ax.get_xticks() if ax.get_xlim()[0] <= t <= ax.get_xlim()[1]]
    assert all(float(t).is_integer() for t in ticks)
    table = plots.hire_value_table(nineteen)  # type: ignore[arg-type]
    assert {"win_rate_ci95", "prestige_ci95"} <= set(table.columns)


def test_seat_colours_are_the_games_own(nineteen: object) -> None:
    ax = axes()
    plots.plot_win_rates(nineteen, ax)  # type: ignore[arg-type]
    game = isslab.make("1969", players=3)
    drawn = [tuple(round(c, 3) for c in p.get_facecolor()[:3]) for p in ax.patches]
    from matplotlib.colors import to_rgb

    assert drawn == [tuple(round(c, 3) for c in to_rgb(col)) for col in game.info.seat_colours[:3]]
    assert plots.seat_colours("1969", 3) == list(game.info.seat_colours[:3])
    assert plots.seat_colours("space-1999", 2) != plots.seat_colours("1969", 2)


def test_wilson_intervals_match_the_published_values_and_stay_inside_0_1() -> None:
    lo, hi = plots.wilson_interval([0, 5, 10, 1], [10, 10, 10, 100])
    # Wilson (1927) as tabulated by Newcombe (1998): 0/10, 5/10, 10/10, 1/100
    assert np.allclose(lo, [0.0, 0.2366, 0.7225, 0.0018], atol=5e-4)
    assert np.allclose(hi, [0.2775, 0.7634, 1.0, 0.0545], atol=5e-4)


def test_band_rates_count_games_once_and_carry_wilson_intervals() -> None:
    from isslab.games.mission_iss import ResultBand, band_label

    df = isslab.sweep(
        "mission-iss", {"good_job_cards": [0, 8]}, bots="planner", games=12, seed=0, progress=False
    )
    bands = list(ResultBand)
    table = plots.rate_table(df, "good_job_cards", "band", bands, [band_label(b) for b in bands])
    assert len(table) == 2 * len(bands) and set(table["games"]) == {12}  # games, not seats
    for _, part in table.groupby("good_job_cards"):
        assert abs(part["rate"].sum() - 1) < 1e-9
    assert (table["lo"] <= table["rate"]).all() and (table["rate"] <= table["hi"]).all()
    assert (table["hi"] > 0).all()  # even a band no game reached has an upper bound above 0
    ax = axes()
    plots.plot_rates(table, "good_job_cards", "band", ax)  # type: ignore[arg-type]
    assert ax.get_ylim() == (0, 1)  # type: ignore[attr-defined]
    assert sum(type(c).__name__ == "ErrorbarContainer" for c in ax.containers) == len(bands)  # type: ignore[attr-defined]
