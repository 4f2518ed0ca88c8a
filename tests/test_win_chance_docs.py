"""The win-chance figures of the docs (docs/win-chances.json, written by the benchmark) meet the bars."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import isslab
from isslab.analysis import winprob
from isslab.bench.winchance import (
    counts_table,
    docs_table,
    expert_lineup,
    expert_table,
    lineups_of,
    speed_table,
)

ROOT = Path(__file__).resolve().parents[1]
RESULTS = json.loads((ROOT / "docs" / "win-chances.json").read_text())
#: the benchmark has judged the table models (the JSON of the previous default models has no tables)
MEASURED = all("tables" in entry for entry in RESULTS.values())
measured = pytest.mark.skipif(
    not MEASURED,
    reason="the table models' figures are not measured yet: python -m isslab.bench.winchance --fit",
)


@measured
def test_every_player_count_has_a_table_model_calibrated_for_every_line_up_it_was_judged_on() -> None:
    assert set(RESULTS) == set(isslab.games())
    for gid, entry in RESULTS.items():
        info = isslab.make(gid).info
        assert {int(k) for k in entry["tables"]} == set(range(info.min_players, info.max_players + 1))
        for k, cal in entry["tables"].items():
            game = isslab.make(gid, players=int(k))
            assert cal["train_games"] == winprob.TABLE_GAMES and cal["pool"] == list(winprob.table_pool(game))
            assert set(cal["lineups"]) == set(lineups_of(game)) and cal["test_games"] >= 400
            for name, judged in cal["lineups"].items():
                assert judged["ece"] <= 0.03, (gid, k, name, judged["ece"])
        assert (ROOT / "docs" / f"win-chances-{gid}.png").stat().st_size > 1000


@measured
def test_the_default_tables_are_judged_on_three_line_ups_and_beat_the_baseline_at_every_third() -> None:
    for gid, entry in RESULTS.items():
        game = isslab.make(gid)
        cal = entry["tables"][str(game.num_players)]
        assert len(cal["lineups"]) >= 3 and cal["test_games"] >= 1000
        default = cal["lineups"][next(iter(lineups_of(game)))]
        assert default["lineup"] == [game.info.default_bot] * game.num_players
        for third, (model, base) in enumerate(zip(default["brier"], default["brier_baseline"], strict=True)):
            assert model < base, (gid, third, model, base)


@measured
def test_mission_iss_is_calibrated_over_its_whole_range_of_modules() -> None:
    for k, cal in RESULTS["mission-iss"]["tables"].items():
        teams = {tuple(j["lineup"]) for j in cal["lineups"].values()}
        # a team of each bot, the planner's 7 modules and random's 1 alike, each calibrated above
        assert {(b,) * int(k) for b in cal["pool"]} <= teams
        observed = [j["observed_seat0"] for j in cal["lineups"].values()]
        assert min(observed) < 0.2 < 0.5 < max(observed)  # the results span the range (scaled 0-1)


def test_the_line_up_with_the_expert_is_calibrated_in_every_game() -> None:
    # the third line-up of the calibration bar: the expert's fast setting at seat 0, the default bot
    # beside, its own model fitted on fewer games than a user's (the expert's games are slow)
    for gid in isslab.games():
        j = RESULTS[gid]["expert"]
        game = isslab.make(gid)
        assert j["lineup"] == list(expert_lineup(game)) and j["players"] == game.num_players, gid
        assert j["train_games"] >= 400 and j["test_games"] >= 300, gid
        assert j["ece"] <= 0.03, (gid, j["ece"])
    assert expert_table(RESULTS) in (ROOT / "docs" / "win-chances.md").read_text()


@measured
def test_the_speed_figures_meet_the_bars() -> None:
    for gid, entry in RESULTS.items():
        s = entry["speed"]
        assert s["model_eval_ms"] <= 2.0, gid
        assert s["review_seconds"] <= 10.0, gid
        assert s["review_steps"] > 50, gid
        # rollouts to +-0.05 on two workers: CPU seconds shared by the two (the wall time of a busy
        # machine is noise)
        assert s["rollout_cpu_seconds"] / 2 <= 5.0, gid


def test_exact_space_1999_end_games_are_covered_by_the_rollouts_and_met_by_the_model() -> None:
    e = RESULTS["space-1999"]["exactness"]
    assert e["cases"] >= 200 and e["rollout_coverage"] >= 0.95
    # the model of that table, with the game's race features, within 0.05 on average
    assert 0 <= e["model_mean_error"] <= 0.05 and e["model_mean_error"] <= e["model_max_error"] <= 1


def test_exact_1969_end_games_are_covered_by_the_rollouts_and_met_by_the_model() -> None:
    e = RESULTS["1969"]["exactness"]
    assert e["cases"] >= 200 and e["rollout_coverage"] >= 0.95
    assert e["skipped_too_large"] + e["cases"] == e["games_played"]
    # the shipped model, with 1969's own features, within 0.05 on average for seat 0
    assert 0 <= e["model_mean_error"] <= 0.05 and e["model_mean_error"] <= e["model_max_error"] <= 1
    # the docs give the measured figures, whichever they are
    text = (ROOT / "docs" / "win-chances.md").read_text()
    row = (
        f"| {e['cases']} | {e['positions_enumerated']:,} | {e['rollout_coverage']:.1%} "
        f"({e['rollout_coverage_every_seat']:.1%}; {e['rollout_coverage_intervals']:.1%}) | "
        f"{e['model_mean_error']:.3f} ({e['model_mean_error_every_seat']:.3f}) | "
        f"{e['model_max_error']:.3f} ({e['model_max_error_every_seat']:.3f}) | "
        f"{e['model_within_0.05']:.1%} ({e['model_within_0.05_every_seat']:.1%}) |"
    )
    assert row in text, row


@measured
def test_the_docs_show_the_measured_tables() -> None:
    text = (ROOT / "docs" / "win-chances.md").read_text()
    assert docs_table(RESULTS) in text
    assert counts_table(RESULTS) in text
    assert speed_table(RESULTS) in text
    for gid in RESULTS:
        assert f"win-chances-{gid}.png" in text
