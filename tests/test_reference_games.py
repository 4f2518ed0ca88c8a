"""The reference games (``luck-race``, ``coin-row``): the shared conformance checks, their rules by hand,
and the measuring sticks they are for (the no-feedback baseline reads a pure-luck race as no feedback).

``isslab.games()`` lists the board games alone, so the suites that iterate over it do not reach these
two: this file runs the same checks over them (the contract, hidden information, every bot, the
game info, the lead hook, bounded options) and what the design report reads. The action numbering
and the PettingZoo API are checked with the board games' (``tests/test_pettingzoo.py``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

import isslab
from isslab.analysis import leads
from isslab.bench import reference
from isslab.conformance import check_game, check_hidden_information, check_info
from isslab.core import TERMINAL, missing_bounds
from isslab.games.reference import DieFace, RollDie, Take

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ["coin-row", "luck-race"]


def test_the_reference_games_are_listed_apart() -> None:
    assert isslab.games(reference=True) == sorted([*isslab.games(), *REFERENCE])
    assert not set(REFERENCE) & set(isslab.games())
    assert all(isslab.make(g).info.reference for g in REFERENCE)
    assert not any(isslab.make(g).info.reference for g in isslab.games())
    with pytest.raises(ValueError, match="reference must be True or False"):
        isslab.games(reference="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", REFERENCE)
def test_conformance_at_every_table_and_variant(game_id: str) -> None:
    game = isslab.make(game_id)
    report = check_game(game, games=100, seed=0)
    assert report.games == 100 and report.illegal_tried > 0 and report.described > report.steps
    for variant in type(game).CONFORMANCE_VARIANTS:
        assert check_game(isslab.make(game_id, **variant), games=30, seed=1).games == 30
    for players in range(game.info.min_players, game.info.max_players + 1):
        assert check_info(isslab.make(game_id, players=players)) is game.info
    assert check_hidden_information(game).positions > 0  # nothing hidden: every resample is the state


@pytest.mark.parametrize("game_id", REFERENCE)
def test_every_bot_plays_by_the_rules(game_id: str) -> None:
    game = isslab.make(game_id)
    for name in isslab.bot_names(game_id):
        configure = getattr(isslab.bot(game_id, name), "configure", None)
        bots = name if configure is None else configure(simulations=1)
        try:
            assert check_game(game, games=3, seed=1, bots=bots).games == 3
        except ValueError as exc:  # a bot with per-game settings (the expert) refuses a game it lacks
            assert "no settings" in str(exc), (name, exc)


@pytest.mark.parametrize("game_id", REFERENCE)
def test_options_are_bounded_and_the_lead_names_the_winners(game_id: str) -> None:
    game = isslab.make(game_id)
    assert all(missing_bounds(o) == [] for o in game.OPTIONS)
    for seed in range(6):
        record = isslab.play(game, "random", seed=seed)
        scores = record.final_state().lead_scores()
        assert {s for s, v in enumerate(scores) if v == max(scores)} == set(record.winners)


def test_the_luck_race_by_hand() -> None:
    game = isslab.make("luck-race", players=2, track=5, die=2)
    state = game.new_state()
    assert state.legal_actions() == [RollDie(0)]  # a turn offers one action: no decision
    state = state.apply(RollDie(0))
    assert state.chance_outcomes() == [(DieFace(1), 0.5), (DieFace(2), 0.5)]
    state = state.apply(DieFace(2))
    assert state.pos == (2, 0) and state.current_player == 1 and state.standing(0) == (2.0,)
    for action in (
        RollDie(1),
        DieFace(1),
        RollDie(0),
        DieFace(2),
        RollDie(1),
        DieFace(2),
        RollDie(0),
        DieFace(2),
    ):
        state = state.apply(action)
    assert state.current_player == TERMINAL and state.winners() == (0,) and state.pos == (5, 3)
    assert state.rounds == 2 and str(state).startswith("Luck race, round 3; red won")  # two whole rounds
    with pytest.raises(ValueError, match="winner must be the seat on the last space"):
        game.position(pos=(5, 0), to_move=TERMINAL, winner=1)


def test_the_coin_row_by_hand() -> None:
    game = isslab.make("coin-row", players=2, coins=(3, 9, 1, 2))
    state = game.new_state()
    greedy, lookahead = isslab.bot("coin-row", "greedy"), isslab.bot("coin-row", "lookahead")
    rng = random.Random(0)
    assert greedy(state, rng) == Take(0, 0)  # the larger end: 3 on the left against 2 on the right
    # lookahead: the left 3 leaves 9 to the next player (3 - 9), the right 2 leaves 3 (2 - 3)
    assert lookahead(state, rng) == Take(0, 1)
    state = state.apply(Take(0, 1)).apply(Take(1, 0)).apply(Take(0, 0))
    assert state.held == (11, 3) and state.row == (1,) and state.legal_actions() == [Take(1, 0)]
    state = state.apply(Take(1, 0))
    assert state.winners() == (0,) and state.end_reason is not None and game.info.chance is False
    tie = isslab.make("coin-row", players=2, coins=(2, 2))
    end = tie.new_state().apply(Take(0, 0)).apply(Take(1, 0))
    assert end.winners() == (0, 1) and end.returns() == (1.0, 1.0)


def test_no_feedback_reads_the_luck_race_as_a_race_without_feedback() -> None:
    """The method's own check: a race whose gains never depend on the standing shows no runaway and no
    catch-up against its shuffled rounds, while its leader wins well above the fair share."""
    game = isslab.make("luck-race")
    traced = [leads.trace_leads(game, ["first"] * 4, seed=s) for s in range(300)]
    nf = leads.no_feedback(traced, 0.5, seed=0)
    table = nf.leader_table().set_index("quantity")
    assert table.loc["leader_wins", "low"] > 0.25  # the fair share is no baseline for a runaway leader
    assert table.loc["runaway", "low"] <= 0 <= table.loc["runaway", "high"]
    slope = nf.feedback_table().set_index("quantity").loc["slope_difference"]
    assert slope["low"] <= 0 <= slope["high"]


def test_a_review_of_the_luck_race_charges_nothing_to_decisions() -> None:
    """Every move of the luck race is forced (roll the die): a review values a forced move's position as
    the position after it, so the whole swing of every seat's chance is luck, as the game is built."""
    game = isslab.make("luck-race", players=2, track=10)
    for seed in range(3):
        rev = isslab.review(isslab.play(game, "first", seed=seed), valuation="rollouts", rollouts=8)
        s = rev.summary()
        assert (s["own_decisions"] == 0).all() and (s["rivals_decisions"] == 0).all()
        # luck alone carries each seat from its first value to its result (the accounting's identity)
        assert s["luck"].to_numpy() == pytest.approx(np.subtract(rev.end, rev.start), abs=1e-12)


def test_the_readmes_reference_table_is_the_reports_figures_at_the_two_ends() -> None:
    """docs/reference.json (``python -m isslab.bench.reference``) is shown as it is in the README, and the
    report reads each end as built: all luck and no decision in the race, the reverse in the coin row."""
    results = json.loads((ROOT / "docs" / "reference.json").read_text())
    assert reference.reference_table(results) in (ROOT / "README.md").read_text()
    race, row = (results["games"][g]["measures"] for g in reference.GAMES)
    assert race["luck share"][1] >= 0.95 and row["luck share"][2] == 0
    assert race["decisions per move"][2] == 0 and row["decisions per move"][1] > 0.5
    skill = "skill: the top rung minus random, in win rate"
    assert race[skill][1] <= 0 <= race[skill][2] and row[skill][1] > 0  # skill shown only where it exists


def test_a_text_board_shows_the_reference_games() -> None:
    pytest.importorskip("ipywidgets")
    from isslab_widgets.boards import board_for, text_scene

    for game_id in REFERENCE:
        state = isslab.play(game_id, "random", seed=3).final_state()
        assert board_for(state.game) is None  # no board module: the game view draws the text
        assert "won" in text_scene(state).to_svg()
