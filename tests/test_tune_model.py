"""The model sampler of ``isslab.tune`` (``sampler="gp"``): it models each target's reading and
proposes the setting those models put nearest the targets; random until it has readings enough.

What it finds at full size against random search is measured by ``python -m isslab.bench.tune``.
"""

from __future__ import annotations

import math
from typing import Any

import optuna
import pytest

import isslab
from isslab.analysis.tune_model import ReadingsSampler, _errors
from isslab.analysis.tune_targets import Target, error_of

optuna.logging.set_verbosity(optuna.logging.WARNING)


def _study(sampler: ReadingsSampler, played: list[tuple[int, int]], reading: Any) -> optuna.Study:
    """A study that has played ``played`` (x, y) settings, each with the readings ``reading(x, y)``."""
    study = optuna.create_study(sampler=sampler, direction="minimize")
    dists = {
        "x": optuna.distributions.IntDistribution(0, 20),
        "y": optuna.distributions.IntDistribution(0, 20),
    }
    for x, y in played:
        t = study.ask(dists)
        study.tell(t, state=optuna.trial.TrialState.FAIL)  # the sampler's own proposal is not played
        rs = reading(x, y)
        worst = max(error_of(g, r[0]) for g, r in zip(sampler.targets, rs, strict=True))
        study.add_trial(
            optuna.trial.create_trial(
                params={"x": x, "y": y}, distributions=dists, value=worst, user_attrs={"readings": rs}
            )
        )
    return study


def _propose(study: optuna.Study) -> tuple[int, int]:
    t = study.ask(
        {"x": optuna.distributions.IntDistribution(0, 20), "y": optuna.distributions.IntDistribution(0, 20)}
    )
    return t.params["x"], t.params["y"]


def test_it_proposes_where_the_readings_model_meets_the_target() -> None:
    # the reading is x - y (exactly known), the target 0 +- 0.5: the model should propose a setting on
    # the diagonal after a handful of settings, none of them on it
    target = Target("margin", -0.5, 0.5)
    sampler = ReadingsSampler([target], seed=1, startup=4)
    played = [(0, 10), (5, 0), (20, 3), (12, 19), (3, 17), (16, 8)]
    study = _study(sampler, played, lambda x, y: [[float(x - y), float(x - y), float(x - y), 100]])
    x, y = _propose(study)
    assert (x, y) not in played
    assert abs(x - y) <= 1, (x, y)


def test_two_targets_each_modelled_the_proposal_near_both() -> None:
    # readings x and y with targets 14 +- 1 and 6 +- 1: the proposal lies near (14, 6)
    targets = [Target("a", 13.0, 15.0), Target("b", 5.0, 7.0)]
    sampler = ReadingsSampler(targets, seed=2, startup=4)
    played = [(0, 0), (20, 20), (0, 20), (20, 0), (10, 10), (5, 15)]
    study = _study(
        sampler, played, lambda x, y: [[float(x), x - 0.1, x + 0.1, 50], [float(y), y - 0.1, y + 0.1, 50]]
    )
    x, y = _propose(study)
    assert abs(x - 14) <= 2 and abs(y - 6) <= 2, (x, y)


def test_before_startup_it_draws_at_random() -> None:
    target = Target("margin", -0.5, 0.5)
    sampler = ReadingsSampler([target], seed=3, startup=4)
    study = _study(sampler, [(0, 10), (5, 0)], lambda x, y: [[float(x - y), float(x - y), float(x - y), 100]])
    proposals = {_propose(study) for _ in range(6)}
    assert len(proposals) > 1 and any(abs(x - y) > 1 for x, y in proposals)


def test_the_optimistic_error_is_the_least_error_within_kappa_sd() -> None:
    import numpy as np

    two = Target("m", -1.0, 1.0)
    opt, pred = _errors(two, np.array([3.0, 0.5]), np.array([1.0, 1.0]), kappa=1.0)
    assert opt.tolist() == [2.0, 0.0] and pred.tolist() == [3.0, 0.5]
    low_only = Target("w", 0.5, math.inf, scale=0.1)
    opt, pred = _errors(low_only, np.array([0.3]), np.array([0.1]), kappa=1.0)
    # 0.3 + 0.1 = 0.4: the best hoped for; the error there is (0.5 + 0.1 - 0.4) / 0.1 = 2
    assert opt[0] == pytest.approx(2.0) and pred[0] == pytest.approx(3.0)


def test_tune_with_the_model_sampler_searches_and_rechecks() -> None:
    res = isslab.tune(
        "space-1999",
        {"median_length": (20, 40)},
        {"eagles": (1, 6), "rings": (2, 6)},
        bots="greedy",
        budget=6,
        games=8,
        recheck=8,
        top=1,
        seed=5,
        sampler="gp",
        players=2,
        progress=False,
    )
    assert len(res.trials) == 6 and res.trials[["eagles", "rings"]].drop_duplicates().shape[0] == 6
    assert res.best in [
        dict(zip(["eagles", "rings"], v, strict=True))
        for v in res.trials[["eagles", "rings"]].values.tolist()
    ]


def test_every_benchmark_problem_is_a_valid_search_that_random_search_cannot_cover() -> None:
    from isslab.analysis.tune import tune_spec
    from isslab.analysis.tune_space import space_size
    from isslab.bench.tune import PROBLEMS

    for gid, p in PROBLEMS.items():
        spec = tune_spec(
            gid, p["targets"], p["over"], bots=p["bots"], budget=p["budget"], games=p["games"],
            recheck=p["recheck"], progress=False, **p["options"],
        )  # fmt: skip
        assert isinstance(spec.sampler, ReadingsSampler)  # the default: the model sampler
        # a budget that tries a large share of the space leaves no room between the samplers
        assert space_size(spec.plan.params) >= 3 * p["budget"], gid


def test_a_model_that_cannot_be_fitted_gives_a_random_proposal(monkeypatch: pytest.MonkeyPatch) -> None:
    import numpy as np

    target = Target("margin", -0.5, 0.5)
    sampler = ReadingsSampler([target], seed=1, startup=4)
    played = [(0, 10), (5, 0), (20, 3), (12, 19), (3, 17), (16, 8)]
    study = _study(sampler, played, lambda x, y: [[float(x - y), float(x - y), float(x - y), 100]])

    def broken(*args: Any) -> Any:
        raise np.linalg.LinAlgError("not positive definite")

    monkeypatch.setattr(sampler, "_predict", broken)
    proposals = {_propose(study) for _ in range(6)}
    assert len(proposals) > 1  # random settings, not one model's choice, and no error
