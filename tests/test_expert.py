"""The expert and the difficulty levels: registered for every game, legal within their budget, seeded,
blind to what their seat may not see, and strict about their parameters.

Budgets are small: these tests check behaviour; ``python -m isslab.bench.strength`` measures skill
(docs/strength.json).
"""

from __future__ import annotations

import math
import pickle
import random
from typing import Any

import pytest

import isslab
from isslab.bots import Expert
from isslab.bots.expert import SETTINGS, ExpertResult, setting
from isslab.bots.levels import EASY_NOISE, LEVELS, Hard
from isslab.core import State

GAMES = isslab.games()
HIDDEN = [g for g in GAMES if isslab.make(g).info.hidden_information]


def _decisions(game_id: str, players: int, seed: int, every: int = 5) -> list[State]:
    """Positions with a choice spread over a game of the default bots (chance drawn from ``seed``)."""
    game = isslab.make(game_id, players=players)
    default = isslab.bot(game_id, game.info.default_bot)
    rng = random.Random(seed)
    state = game.new_state()
    found: list[State] = []
    k = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1:
            if k % every == 0:
                found.append(state)
            k += 1
        state = state.apply(default(state, rng))
    return found


def _tried(values: tuple[float, ...]) -> list[float]:
    """The values of the actions that were tried (NaN marks the others)."""
    return [v for v in values if not math.isnan(v)]


# --------------------------------------------------------------------------------------------------
# Registration and parameters
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_the_expert_and_the_levels_are_bots_of_every_game(game_id: str) -> None:
    names = isslab.bot_names(game_id)
    assert {"expert", *LEVELS} <= set(names)
    assert isinstance(isslab.bot(game_id, "expert"), Expert)
    hard = isslab.bot(game_id, "hard")
    assert isinstance(hard, Hard) and hard.__name__ == "hard" and hard.params == Expert().params
    # every game has its row, and the fast budget is the smaller one
    row = setting(isslab.make(game_id))
    assert row is SETTINGS[game_id] and 0 < row.fast < row.simulations
    assert isslab.bot(game_id, "expert(fast=True)").budget(isslab.make(game_id)) == row.fast
    assert isslab.bot(game_id, "expert").budget(isslab.make(game_id)) == row.simulations


def test_a_variant_is_played_with_its_base_games_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    from isslab.core import registry
    from isslab.games.space_1999.rules import State1999

    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))

    class Same(State1999):
        """Space: 1999 unchanged, under a variant's name."""

    isslab.variant("space-1999", "same-for-the-expert")(Same)
    game = isslab.make("space-1999/same-for-the-expert", players=2)
    assert setting(game) is SETTINGS["space-1999"]
    assert isslab.core.lineage(game.id) == [game.id, "space-1999"]
    # the review's judge of the variant plays as many rollouts as its game's (the same rule)
    from isslab.analysis.review import GAME_ROLLOUTS, _judge_rollouts

    assert _judge_rollouts(game, None, ["greedy"]) == GAME_ROLLOUTS["space-1999"]
    state = _decisions("space-1999", 2, 0)[0]
    twin = game.new_state()
    for a in state.history:
        twin = twin.apply(a)
    assert isslab.bot(game.id, "expert", simulations=4)(twin, random.Random(0)) in twin.legal_actions()


def test_parameters_in_the_name_and_as_keywords_agree() -> None:
    by_name = isslab.bot("1969", "expert(simulations=50, candidates=4)")
    assert by_name == isslab.bot("1969", "expert", simulations=50, candidates=4)
    assert by_name.__name__ == "expert(simulations=50, candidates=4)"
    assert isslab.bot("1969", "expert(fast=True)").__name__ == "expert(fast=True)"
    assert isslab.bot("1969", "expert").__name__ == "expert"


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"simulations": 0}, "simulations must be an int from 1"),
        ({"simulations": 2.5}, "simulations must be an int"),
        ({"simulations": True}, "simulations must be an int"),
        ({"seconds": 0}, "seconds must be a number above 0"),
        ({"seconds": "1"}, "seconds must be a number above 0"),
        ({"fast": "yes"}, "fast must be"),
        ({"fast": True, "simulations": 10}, "give fast=True or simulations, not both"),
        ({"candidates": 0}, "candidates must be an int from 1"),
        ({"rollout": 3}, "rollout must be a heuristic bot's name"),
        ({"depth": 3}, "unknown expert parameter 'depth'"),
    ],
)
def test_bad_parameters_are_refused_when_the_bot_is_made(params: dict[str, Any], words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        isslab.bot("space-1999", "expert", **params)
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        isslab.bot("space-1999", "hard", **params)


@pytest.mark.parametrize("rollout", ["mcts", "expert", "nobody"])
def test_a_rollout_that_is_no_heuristic_bot_is_refused_by_name(rollout: str) -> None:
    state = _decisions("space-1999", 2, 0)[0]
    with pytest.raises(ValueError, match=rollout):
        isslab.bot("space-1999", "expert", rollout=rollout, simulations=4)(state, random.Random(0))


def test_the_expert_pickles_as_its_parameters() -> None:
    bot = isslab.bot("1969", "expert", simulations=9, candidates=3)
    again = pickle.loads(pickle.dumps(bot))
    assert again == bot and again.__name__ == bot.__name__ and hash(again) == hash(bot)


# --------------------------------------------------------------------------------------------------
# Legal, bounded, seeded
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_the_expert_plays_legal_moves_within_its_budget_and_the_same_seed_gives_the_same_move(
    game_id: str,
) -> None:
    bot = isslab.bot(game_id, "expert", simulations=12)
    for state in _decisions(game_id, 2, seed=3, every=15):
        one, two = bot.search(state, random.Random(5)), bot.search(state, random.Random(5))
        assert isinstance(one, ExpertResult)
        assert one.actions == tuple(state.legal_actions())
        assert one.visits == two.visits and one.chosen == two.chosen
        assert _tried(one.scores) == _tried(two.scores)
        # the budget is an upper bound
        assert 1 <= one.simulations == sum(one.visits) <= 12
        assert one.best() in state.legal_actions() and one.visits[one.incumbent] >= 1
        assert bot(state, random.Random(5)) == one.best()


@pytest.mark.parametrize("game_id", GAMES)
def test_experts_play_whole_games_in_two_processes_as_in_one(game_id: str) -> None:
    game = isslab.make(game_id, players=2)
    bots = [isslab.bot(game_id, "expert", simulations=3), "easy"]
    df = isslab.simulate(game, bots=bots, games=2, seed=3, workers=2, progress=False)
    assert set(df["bot"]) == {"expert(simulations=3)", "easy"}
    seed = sorted(set(df["seed"]))[0]
    here = isslab.play(game, bots, seed=seed)
    assert here.final_state().is_terminal()
    assert tuple(df[df["seed"] == seed].sort_values("seat")["returns"]) == here.returns


def test_a_forced_move_is_played_without_rollouts() -> None:
    game = isslab.make("1998-iss", players=2)
    rng = random.Random(2)
    state = game.new_state()
    while state.is_chance_node() or len(state.legal_actions()) != 1:
        assert not state.is_terminal()
        state = state.apply(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0])
    r = random.Random(0)
    assert isslab.bot("1998-iss", "expert")(state, r) == state.legal_actions()[0]
    assert r.random() == random.Random(0).random()


def test_a_cpu_cap_stops_the_rollouts_early() -> None:
    state = _decisions("1969", 2, seed=1)[0]
    capped = isslab.bot("1969", "expert", simulations=100_000, seconds=0.05).search(state, random.Random(0))
    assert 1 <= capped.simulations < 100_000 and capped.best() in state.legal_actions()


def test_one_candidate_plays_the_rollout_bots_move() -> None:
    # with nothing to compare the expert is its rollout bot (here asked in the real position: Space:
    # 1999 hides nothing), which checks that the incumbent is the heuristic's own move
    greedy = isslab.bot("space-1999", "greedy")
    bot = isslab.bot("space-1999", "expert", candidates=1, simulations=5)
    for state in _decisions("space-1999", 2, seed=4, every=3):
        result = bot.search(state, random.Random(1))
        assert result.simulations == 0 and result.best() == result.actions[result.incumbent]
        assert state.legal_actions()[result.incumbent] in _greedy_moves(greedy, state)


def _greedy_moves(greedy: Any, state: State) -> list[Any]:
    """Every move greedy may play here (it breaks ties at random)."""
    return [greedy(state, random.Random(s)) for s in range(30)]


def test_a_cooperative_seat_values_the_teams_modules_and_success() -> None:
    state = _decisions("mission-iss", 2, seed=2, every=10)[2]
    result = isslab.bot("mission-iss", "expert", simulations=16).search(state, random.Random(0))
    tried = [i for i, v in enumerate(result.visits) if v]
    # a score is the team's modules (the return), plus the success bonus when the station was completed
    row = SETTINGS["mission-iss"]
    for i in tried:
        assert result.values[i] <= result.scores[i] <= result.values[i] + row.weight
        assert 0 <= result.values[i] <= 12


def test_the_1998_iss_solo_game_values_rollouts_by_the_margin_over_fedor() -> None:
    row = SETTINGS["1998-iss"]
    bot = isslab.bot("1998-iss", "expert", simulations=24)
    for state in _decisions("1998-iss", 1, seed=6, every=20)[:3]:
        result = bot.search(state, random.Random(0))
        for i, n in enumerate(result.visits):
            if n:  # the final margins are whole points: a mean of n of them, over the scale
                margin = (result.scores[i] - result.values[i]) * row.scale * n
                assert margin == pytest.approx(round(margin)) and margin != 0


# --------------------------------------------------------------------------------------------------
# Hidden information
# --------------------------------------------------------------------------------------------------


def _twins(game_id: str, players: int, count: int) -> list[tuple[State, State]]:
    """Positions of a seeded game, each with a twin that differs only where the seat to move cannot see."""
    found = []
    for i, state in enumerate(_decisions(game_id, players, seed=11, every=4)):
        seat = state.current_player
        twin = state.resample_hidden(seat, random.Random(100 + i))
        if twin != state:
            assert twin.view(seat) == state.view(seat)
            found.append((state, twin))
    step = max(1, len(found) // count)
    return found[::step][:count]


@pytest.mark.parametrize("game_id", HIDDEN)
def test_the_expert_never_reads_what_its_seat_cannot_see(game_id: str) -> None:
    info = isslab.make(game_id).info
    pairs = _twins(game_id, 2, 3) + _twins(game_id, info.max_players, 2)
    assert len(pairs) == 5
    bot = isslab.bot(game_id, "expert", simulations=16)
    for real, twin in pairs:
        one, two = bot.search(real, random.Random(7)), bot.search(twin, random.Random(7))
        assert (
            one.visits == two.visits and _tried(one.scores) == _tried(two.scores) and one.chosen == two.chosen
        )


@pytest.mark.parametrize("game_id", HIDDEN)
def test_the_blindness_check_catches_an_expert_that_reads_the_real_position(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the same check, with the drawn positions replaced by the real one, must fail somewhere
    from isslab.bots import expert

    monkeypatch.setattr(expert._Decision, "world", lambda self, j: self.state)
    bot = isslab.bot(game_id, "expert", simulations=16)
    pairs = _twins(game_id, 2, 4)
    assert any(
        _tried(bot.search(real, random.Random(7)).scores) != _tried(bot.search(twin, random.Random(7)).scores)
        for real, twin in pairs
    )


# --------------------------------------------------------------------------------------------------
# The levels
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_medium_is_the_default_bot_and_easy_mixes_in_random_moves(game_id: str) -> None:
    game = isslab.make(game_id, players=2)
    default = isslab.bot(game_id, game.info.default_bot)
    easy = isslab.bot(game_id, "easy")
    medium = isslab.bot(game_id, "medium")
    same = random_moves = 0
    for k, state in enumerate(_decisions(game_id, 2, seed=5, every=1)[:60]):
        assert medium(state, random.Random(3)) == default(state, random.Random(3))
        r = random.Random(k)
        noisy = r.random() < EASY_NOISE
        move = easy(state, random.Random(k))
        assert move in state.legal_actions()
        if not noisy:
            assert move == default(state, r)
            same += 1
        else:
            random_moves += 1
    assert same and random_moves


@pytest.mark.parametrize("game_id", GAMES)
def test_hard_against_medium_plays_the_games_of_the_expert_against_the_default_bot(game_id: str) -> None:
    # the levels are the same players under other names, so the strength table's rows of the expert
    # against the default bot are the rows of hard against medium (a small budget keeps this quick)
    game = isslab.make(game_id, players=2)
    levels = isslab.play(game, [isslab.bot(game_id, "hard", simulations=3), "medium"], seed=4)
    named = isslab.play(game, [isslab.bot(game_id, "expert", simulations=3), game.info.default_bot], seed=4)
    assert levels.actions == named.actions and levels.returns == named.returns


def test_every_level_plays_a_whole_game() -> None:
    for game_id in GAMES:
        game = isslab.make(game_id, players=2)
        rec = isslab.play(game, ["easy", "medium"], seed=2)
        assert rec.final_state().is_terminal() and rec.bots == ("easy", "medium")
    state = _decisions("space-1999", 2, 0)[0]
    assert isslab.bot("space-1999", "hard", simulations=4)(state, random.Random(0)) in state.legal_actions()
