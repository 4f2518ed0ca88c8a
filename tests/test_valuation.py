"""The review's valuations: the judge's rollouts (keyed randomness, memo, stratified chance, drawn
positions) and the model (a chance node by the exact law of its outcomes), and their bad input."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from helpers_winchance import tiny_game, tiny_model, tiny_record

import isslab
from isslab.analysis.valuation import ModelValuation, Rollouts, _StepRandom, lineup_words, paired_se


def test_a_step_random_is_a_pure_function_of_its_key_and_offers_every_method() -> None:
    rng = _StepRandom()
    rng.at(123)
    a = [rng.random(), rng.choice(range(10)), rng.getrandbits(100), rng.randrange(7)]
    rng.at(123)
    assert [rng.random(), rng.choice(range(10)), rng.getrandbits(100), rng.randrange(7)] == a
    rng.at(124)
    assert rng.random() != a[0]
    rng.at(5)
    draws = [rng.random() for _ in range(4000)]
    assert 0.0 <= min(draws) and max(draws) < 1.0 and abs(float(np.mean(draws)) - 0.5) < 0.02
    with pytest.raises(ValueError, match="non-negative"):
        rng.getrandbits(-1)


def test_at_each_step_the_rollouts_take_one_slice_of_the_unit_interval_each() -> None:
    v = Rollouts(tiny_game("space-1999"), rollouts=8, compared=16)
    for step in (0, 5, 300):
        for block in (0, 1):
            us = [v._uniform(step, block * 8 + k) for k in range(8)]
            assert sorted(int(u * 8) for u in us) == list(range(8))
    # the slices are shuffled from step to step: rollout 0 is not always the lowest
    assert len({int(v._uniform(step, 0) * 8) for step in range(40)}) > 3


def test_a_rollout_that_goes_on_as_the_game_did_is_the_next_positions_rollout() -> None:
    rec = tiny_record("space-1999")
    states = rec.states()
    v = Rollouts(rec.game, rollouts=6)
    est = v.values(states, None)
    assert est[-1].mean == tuple(float(r) for r in rec.returns) and est[-1].se == (0.0, 0.0)
    for t in range(len(states) - 1):
        for k in range(6):
            if v._step(states[t], k) == rec.actions[t]:
                assert v.rollout(states[t], k) == v.rollout(states[t + 1], k)
    # a greedy move the bot itself makes (no tie) changes no value: the rollouts are the same games
    same = [
        t
        for t in range(len(states) - 1)
        if states[t].current_player >= 0 and all(v._step(states[t], k) == rec.actions[t] for k in range(6))
    ]
    assert same and all(est[t].mean == est[t + 1].mean for t in same if states[t + 1].current_player >= 0)


def test_a_chance_node_is_the_exact_law_over_the_outcomes_its_rollouts_met() -> None:
    rec = tiny_record("space-1999")
    v = Rollouts(rec.game, rollouts=24)
    s = next(s for s in rec.states() if s.current_player == isslab.CHANCE)
    outcomes = s.chance_outcomes()
    est = v.values([s], None)[0]
    assert est.samples is not None and est.samples.shape == (24, 2)
    picks = [v._pick(outcomes, v._uniform(s.move_number, k)) for k in range(24)]
    assert set(picks) == set(range(len(outcomes)))  # 24 rollouts meet every face of a die
    law = sum(
        p * np.mean([est.samples[k] for k in range(24) if picks[k] == i], axis=0)
        for i, (_, p) in enumerate(outcomes)
    )
    assert np.allclose(est.mean, law)
    assert all(0 <= se <= 0.5 for se in est.se)


def test_moves_compared_alike_give_equal_values_and_paired_errors() -> None:
    rec = tiny_record("space-1999")
    v = Rollouts(rec.game, rollouts=8, compared=16)
    s = next(s for s in rec.states() if s.current_player >= 0 and len(s.legal_actions()) > 2)
    a, b = s.legal_actions()[:2]
    twice = v.compare(s, [a, a, b], None)
    assert twice[0] == twice[1] and len(twice[0].samples) == 8  # type: ignore[arg-type]
    assert paired_se(twice[0], twice[1], 0) == 0.0
    precise = v.compare(s, [a, b], None, precise=True)
    assert len(precise[0].samples) == 16  # type: ignore[arg-type]
    # the precise measurement extends the first: its first rollouts are the same games
    assert np.array_equal(precise[0].samples[:8], twice[0].samples)  # type: ignore[index]


def test_with_hidden_information_a_seat_sees_the_same_values_of_positions_it_cannot_tell_apart() -> None:
    for game_id in ("1969", "1998-iss"):
        states = tiny_record(game_id).states()
        s = states[len(states) // 2]
        for seat in range(2):
            other = s.resample_hidden(seat, random.Random(seat))
            a = Rollouts(s.game, rollouts=4, seed=3)
            b = Rollouts(s.game, rollouts=4, seed=3)
            assert a.values([s], seat) == b.values([other], seat)
            if s.current_player == seat:
                moves = s.legal_actions()[:2]
                assert a.compare(s, moves, seat) == b.compare(other, moves, seat)


def test_the_model_values_a_chance_node_by_the_law_of_its_outcomes() -> None:
    rec = tiny_record("1969")
    m = tiny_model("1969")
    mv = ModelValuation(m)
    s = next(s for s in rec.states() if s.current_player == isslab.CHANCE)
    got = mv.values([s], None)[0]
    want = sum(p * np.asarray(m.values(s.apply(a))) for a, p in s.chance_outcomes())
    assert np.allclose(got.mean, want) and all(math.isnan(x) for x in got.se)
    decision = next(t for t in rec.states() if t.current_player >= 0)
    moves = decision.legal_actions()
    assert [e.mean for e in mv.compare(decision, moves, None)] == [
        e.mean for e in mv.values([decision.apply(x) for x in moves], None)
    ]


def test_the_valuations_say_whose_play_they_assume() -> None:
    game = tiny_game("1969")
    assert Rollouts(game).name == "rollouts with greedy at every seat"
    assert Rollouts(game, ["random", "greedy"]).name == "rollouts with random (USA), greedy (USSR)"
    assert "learnt from greedy at every seat" in ModelValuation(tiny_model("1969")).name
    assert lineup_words(game, ["spy"]) == "spy"


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"rollouts": 1}, "rollouts must be an int from 2"),
        ({"rollouts": True}, "rollouts must be an int"),
        ({"rollouts": 8, "compared": 4}, "compared must be an int from 8"),
        ({"worlds": 0}, "worlds must be an int from 1"),
        ({"bots": "nobody"}, "unknown bot"),
    ],
)
def test_bad_settings_are_refused_by_name(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        Rollouts(tiny_game("1969"), **kwargs)  # type: ignore[arg-type]
