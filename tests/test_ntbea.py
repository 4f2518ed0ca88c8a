"""The benchmark's NTBEA sampler: it searches discrete options, and refuses a continuous one."""

from __future__ import annotations

import optuna
import pytest

from isslab.bench.tune import NTBEASampler

optuna.logging.set_verbosity(optuna.logging.WARNING)


def _study(seed: int) -> optuna.Study:
    return optuna.create_study(sampler=NTBEASampler(seed=seed))


def _bowl(trial: optuna.Trial) -> float:
    x = trial.suggest_int("x", 0, 9)
    y = trial.suggest_categorical("y", [0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5])
    return (x - 7) ** 2 + 4 * (y - 1.0) ** 2


def test_ntbea_finds_the_minimum_of_a_discrete_bowl() -> None:
    """On a 10 x 10 grid with one minimum it reaches it in 60 trials (3 seeds), proposing grid values."""
    for seed in range(3):
        study = _study(seed)
        study.optimize(_bowl, n_trials=60)
        assert study.best_params == {"x": 7, "y": 1.0}, seed
        seen = [(t.params["x"], t.params["y"]) for t in study.trials]
        assert all(0 <= x <= 9 and y in {i / 2 for i in range(10)} for x, y in seen)


def test_ntbea_refuses_a_continuous_option() -> None:
    study = _study(0)
    study.optimize(lambda t: t.suggest_float("z", 0.0, 1.0), n_trials=1)  # the first is independent
    with pytest.raises(ValueError, match="discrete options only"):
        study.optimize(lambda t: t.suggest_float("z", 0.0, 1.0), n_trials=1)


def test_ntbea_takes_a_stepped_float() -> None:
    study = _study(1)
    study.optimize(lambda t: abs(t.suggest_float("z", 0.0, 1.0, step=0.25) - 0.75), n_trials=25)
    assert study.best_params == {"z": 0.75}
    assert {t.params["z"] for t in study.trials} <= {0.0, 0.25, 0.5, 0.75, 1.0}
