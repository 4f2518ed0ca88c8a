"""The benchmark's playout driver: it plays whole random games and counts their steps (no timing)."""

from __future__ import annotations

import random

import pytest

import isslab
from isslab.bench.engines import bench_bots, bench_playouts, playout_rate


def _one_game_steps(state: isslab.State, seed: int) -> int:
    """The steps of one random game drawn as the driver draws it (chance by its odds)."""
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            x = rng.random()
            action = outcomes[-1][0]
            for a, p in outcomes:
                x -= p
                if x < 0:
                    action = a
                    break
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        state = state.apply(action)
        steps += 1
    return steps


@pytest.mark.parametrize("game_id", ["space-1999", "1969"])
def test_a_zero_budget_plays_exactly_one_whole_game(game_id: str) -> None:
    game = isslab.make(game_id, players=2)
    root = game.new_state()
    rate, steps = playout_rate(root, type(root).apply, random.Random(3), 0.0)
    assert steps == _one_game_steps(root, 3) > 10
    assert rate > 0


def test_bench_playouts_without_a_reference_gives_no_ratio() -> None:
    res = bench_playouts(["space-1999"], repeat=1, cpu_budget=0.0, reference=None)
    assert res["reference"] is None and res["reference_steps_per_cpu_s"] is None
    (row,) = res["games"]
    assert row["game"] == "space-1999" and row["ratio"] is None and row["steps_per_cpu_s"] > 0
    assert len(row["runs"]) == 1 and len(res["load_average_before"]) == 3


def test_bench_bots_times_each_default_bot_against_space_1999_greedy() -> None:
    res = bench_bots(["1969"], games_=2, rounds=2)
    assert res["reference"] == "space-1999 greedy" and len(res["reference_runs"]) == 2
    (row,) = res["games"]  # the reference is played but not listed when not asked for
    assert row["game"] == "1969" and row["bot"] == "greedy" and row["players"] == 4
    game = isslab.make("1969")
    assert row["steps_per_game"] == sum(isslab.play(game, "greedy", seed=s).steps for s in (0, 1)) / 2
    assert len(row["runs"]) == len(row["ratio_runs"]) == 2 and min(row["runs"]) > 0
    assert row["engine_ratio"] > 0  # the replay of the same games with no bot was timed
    assert row["ratio"] == row["cpu_s_per_game"] / res["reference_cpu_s_per_game"]
