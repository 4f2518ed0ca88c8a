"""The README's strength table (docs/strength.json, by ``python -m isslab.bench.strength``) and its plot."""

from __future__ import annotations

import json
from pathlib import Path

import matplotlib
import pandas as pd

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


def test_the_measured_duels_say_what_the_readme_claims() -> None:
    # every duel the README calls clear of 0.5 has its interval on that side; the bars of the issue
    # that were not measured have no row (the README says which)
    duels = _expert_rows("duel")
    assert duels
    for r in duels:
        assert r["players"] == 2 and r["games"] >= 40
        assert r["bot"] in (*EXPERTS, "easy") and r["opponent"] in _heuristics(r["game"]) | {"medium"}
    for game_id in DUEL_GAMES:  # the fast setting against the default bot, in every two-seat game
        default = isslab.make(game_id).info.default_bot
        assert _one("duel", game=game_id, bot="expert(fast=True)", opponent=default)["low"] > 0.5
        # easy < medium: the level below loses to the one above
        assert _one("duel", game=game_id, bot="easy", opponent="medium")["high"] < 0.5


def test_the_readme_shows_the_experts_rows() -> None:
    from isslab.bench.strength import expert_table

    readme = (ROOT / "README.md").read_text()
    for line in expert_table(EXPERT).splitlines():
        assert line in readme
