"""The README's strength table (docs/strength.json, by ``python -m isslab.bench.strength``) and its plot."""

from __future__ import annotations

import json
from pathlib import Path

import matplotlib
import pandas as pd
import pytest

import isslab
from isslab.analysis.plots import plot_strength
from isslab.frames.stats import wilson_interval

matplotlib.use("Agg")

ROOT = Path(__file__).resolve().parents[1]
ALL_ROWS = json.loads((ROOT / "docs" / "strength.json").read_text())
#: the search bots' rows (python -m isslab.bench.strength --budgets); the expert's rows have a "kind"
ROWS = [r for r in ALL_ROWS if "kind" not in r]
EXPERT = [r for r in ALL_ROWS if "kind" in r]
HEURISTIC_SKIP = {"random", "first", "mcts", "ismcts", "expert", "easy", "medium", "hard"}


def test_every_measured_cell_has_a_narrow_interval_from_enough_games() -> None:
    assert ROWS
    for r in ROWS:
        assert r["game"] in isslab.games()
        assert r["games"] >= 120 and r["high"] - r["low"] <= 0.1 + 1e-9, r
        # the interval is the Wilson interval of the win rate it stands beside
        low, high = wilson_interval(r["win_rate"] * r["games"], r["games"])
        assert (round(low, 9), round(high, 9)) == (round(r["low"], 9), round(r["high"], 9))
        assert r["searcher"].startswith(
            "ismcts(" if isslab.make(r["game"]).info.hidden_information else "mcts("
        )


def test_the_readme_shows_the_measured_table() -> None:
    readme = (ROOT / "README.md").read_text()
    for r in ROWS:
        assert f"`{r['searcher']}` | `{r['opponent']}` | " in readme
        assert f"{r['win_rate']:.2f} [{r['low']:.2f}, {r['high']:.2f}]" in readme


def test_the_strength_plot_has_a_panel_per_game_and_a_team_panel_for_cooperative_games() -> None:
    rows = [
        {
            "game": "space-1999",
            "searcher": f"mcts(simulations={b})",
            "opponent": "greedy",
            "games": 200,
            "win_rate": w,
            "low": w - 0.05,
            "high": w + 0.05,
        }
        for b, w in ((10, 0.3), (40, 0.6))
    ] + [
        {
            "game": "mission-iss",
            "searcher": "mcts(simulations=5)",
            "opponent": o,
            "games": 120,
            "win_rate": 0.0,
            "low": 0.0,
            "high": 0.03,
            "opponent_win_rate": w,
        }
        for o, w in (("greedy", 0.0), ("planner", 0.1))
    ]
    fig = plot_strength(pd.DataFrame(rows))
    left, right = fig.axes
    assert "space-1999" in left.get_title() and "team success" in right.get_title()
    assert [t.get_text() for t in left.get_xticklabels()] == ["vs greedy"]
    assert [t.get_text() for t in right.get_xticklabels()] == ["mcts(5) team", "greedy team", "planner team"]
    # two budgets, two error-bar series on the competitive panel; three teams on the other
    assert len(left.containers) == 2 and len(right.containers) == 1
    assert list(right.lines[0].get_ydata()) == [0.0, 0.0, 0.1]


def test_every_game_is_measured_at_two_budgets_against_each_heuristic_bot() -> None:
    heuristic_skip = HEURISTIC_SKIP  # as isslab.bench.strength measures: bots of every game are no heuristics
    for game_id in isslab.games():
        # the rows of value=model searches (leaves valued by the win-chance model) come on top
        cells = {
            (r["searcher"], r["opponent"])
            for r in ROWS
            if r["game"] == game_id and "value=model" not in r["searcher"]
        }
        searchers = {s for s, _ in cells}
        opponents = {b for b in isslab.bot_names(game_id) if b not in heuristic_skip}
        assert len(searchers) == 2, (game_id, searchers)
        assert cells == {(s, o) for s in searchers for o in opponents}, game_id


def test_the_script_refuses_bad_arguments_in_one_line() -> None:
    import subprocess
    import sys

    for args, words in (
        (["--budgets", "chess=1"], "give game=n,n"),
        (["--budgets", "1969=ten"], "whole numbers"),
        (["--budgets", "1969=0"], "each budget from 1"),
        (["--width", "0"], "--width must be above 0"),
        (["--min-games", "200", "--most", "100"], "--most (100) must be at least --min-games"),
    ):
        got = subprocess.run(
            [sys.executable, "-m", "isslab.bench.strength", *args],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert got.returncode == 2 and words in got.stderr and "Traceback" not in got.stderr


# --------------------------------------------------------------------------------------------------
# the expert and the levels (python -m isslab.bench.strength --expert)
# --------------------------------------------------------------------------------------------------

DUEL_GAMES = ("space-1999", "1969", "1998-iss")
EXPERTS = ("expert", "expert(fast=True)")


def _expert_rows(kind: str, **match: object) -> list[dict[str, object]]:
    return [r for r in EXPERT if r["kind"] == kind and all(r[k] == v for k, v in match.items())]


def _one(kind: str, **match: object) -> dict[str, object]:
    (row,) = _expert_rows(kind, **match)
    return row


def _heuristics(game_id: str) -> set[str]:
    return {b for b in isslab.bot_names(game_id) if b not in HEURISTIC_SKIP}


def test_every_expert_row_has_the_interval_of_its_rate() -> None:
    assert EXPERT
    for r in EXPERT:
        assert r["kind"] in ("duel", "table", "solo", "team"), r
        if r["kind"] == "solo":
            assert r["low"] < r["margin"] < r["high"] and r["games"] >= 40
            continue
        for pre in ("", "bot_", f"{r['opponent']}_") if r["kind"] == "team" else ("",):
            rate = r[f"{pre}success"] if pre else r["win_rate"]
            low, high = wilson_interval(rate * r["games"], r["games"])
            assert (round(low, 9), round(high, 9)) == (round(r[f"{pre}low"], 9), round(r[f"{pre}high"], 9))


@pytest.mark.parametrize("bot", EXPERTS)
@pytest.mark.parametrize("game_id", DUEL_GAMES)
def test_the_expert_beats_every_heuristic_bot_in_two_seats(game_id: str, bot: str) -> None:
    # the fast setting is held to the default bot, the full expert to every heuristic bot
    default = isslab.make(game_id).info.default_bot
    opponents = _heuristics(game_id) if bot == "expert" else {default}
    rows = {r["opponent"]: r for r in _expert_rows("duel", game=game_id, bot=bot)}
    assert opponents <= set(rows)
    for opponent in opponents:
        assert rows[opponent]["low"] > 0.5, rows[opponent]


@pytest.mark.parametrize("game_id", DUEL_GAMES)
def test_one_expert_at_the_default_table_wins_more_than_its_fair_share(game_id: str) -> None:
    row = _one("table", game=game_id, bot="expert")
    game = isslab.make(game_id)
    assert row["players"] == game.num_players and row["opponent"] == game.info.default_bot
    assert row["low"] > 1 / game.num_players


def test_the_experts_solo_margin_over_fedor_is_above_every_heuristic_bots() -> None:
    solo = {r["bot"]: r for r in _expert_rows("solo")}
    heuristics = _heuristics("1998-iss")
    assert heuristics < set(solo) and "expert" in solo
    assert solo["expert"]["low"] > max(solo[b]["high"] for b in heuristics)


@pytest.mark.parametrize("players", [2, 4])
def test_a_team_of_experts_completes_the_station_twice_as_often_as_planners(players: int) -> None:
    row = _one("team", game="mission-iss", bot="expert", players=players, opponent="planner")
    assert row["bot_success"] >= 2 * row["planner_success"] and row["twice_low"] > 0


def test_the_levels_are_ordered_in_every_game() -> None:
    for game_id in DUEL_GAMES:
        # hard against medium: the expert against the default bot (the same games, see test_expert.py)
        assert _one("duel", game=game_id, bot="easy", opponent="medium")["high"] < 0.5
        hard = _one("duel", game=game_id, bot="expert", opponent=isslab.make(game_id).info.default_bot)
        assert hard["low"] > 0.5
    for players in (2, 4):
        medium = _one("team", game="mission-iss", bot="medium", players=players, opponent="easy")
        hard = _one("team", game="mission-iss", bot="expert", players=players, opponent="planner")
        assert medium["easy_high"] < medium["bot_low"] and hard["twice_low"] > 0


def test_the_readme_shows_the_experts_rows() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("strength", ROOT / "scripts" / "strength.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    readme = (ROOT / "README.md").read_text()
    for line in script.expert_table(EXPERT).splitlines():
        assert line in readme
