"""The model sampler of ``isslab.tune``: a Gaussian process of each target's reading, as an Optuna sampler.

A design target is a band for a measure of the games (a win rate, a margin, a median length), and
the search minimises the worst distance to the bands. That distance has a kink at each band's
centre, which a sampler modelling it (TPE models the worst error) learns slowly; the measure itself
changes smoothly with the rules. So this sampler models **each target's reading** as a function of
the options, a Gaussian process (scikit-learn's ``GaussianProcessRegressor``, a Matern kernel over
the options scaled to [0, 1], each reading's own standard error as its noise), and proposes the
setting whose readings could come closest to the targets: per target the smallest error within
``kappa`` standard deviations of the prediction (optimism in the face of uncertainty, as in a
confidence-bound rule), the worst over the targets, ties broken by the predicted error. The first
``startup`` settings are random, and so is any proposal while a target has fewer than three
readings or its model cannot be fitted.

Candidates are every untried setting of the space when it has at most :data:`MAX_CANDIDATES`, else
that many drawn at random (floats are drawn). Choices (categorical options) enter as their index
scaled to [0, 1]: the model then assumes neighbouring choices alike, so it suits ordered choices.

Measured against random search at the same budget (``python -m isslab.bench.tune``): see that
module's docstring.
"""

from __future__ import annotations

import itertools
import math
import warnings
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import optuna

from isslab.analysis.tune_targets import Target, error_of

__all__ = ["MAX_CANDIDATES", "ReadingsSampler", "SettingSampler", "option_values"]

#: the most candidate settings scored per proposal (a larger space is sampled)
MAX_CANDIDATES: Final = 4096
#: the most past settings the models are fitted on (the best by worst error): a GP costs n^3
MAX_FITTED: Final = 400
#: readings a target needs before its model proposes
MIN_READINGS: Final = 3
#: the z of a 95% interval (readings carry their 95% interval: its half-width / Z95 is the se)
Z95: Final = 1.959963984540054


class SettingSampler(optuna.samplers.BaseSampler):
    """A sampler that proposes whole settings (``sample_relative``, in a subclass) over the options
    every finished setting had; any value it does not propose (the first setting, an option outside
    the proposal) is drawn at random. ``_rng`` is the subclass's own generator for its draws."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = np.random.default_rng(seed)
        self._random = optuna.samplers.RandomSampler(seed=seed)

    def infer_relative_search_space(
        self, study: optuna.Study, trial: optuna.trial.FrozenTrial
    ) -> dict[str, optuna.distributions.BaseDistribution]:
        """The options every finished setting had."""
        return optuna.search_space.intersection_search_space(study.get_trials(deepcopy=False))

    def sample_independent(
        self,
        study: optuna.Study,
        trial: optuna.trial.FrozenTrial,
        param_name: str,
        param_distribution: optuna.distributions.BaseDistribution,
    ) -> Any:
        """A random value (the settings before the first proposal, and any option outside it)."""
        return self._random.sample_independent(study, trial, param_name, param_distribution)


class ReadingsSampler(SettingSampler):
    """Propose settings from a Gaussian process of every target's reading (module docstring).

    ``targets`` are the search's targets in the order of the readings each finished trial keeps in
    its user attribute ``"readings"`` (``[value, low, high, games]`` per target, as ``isslab.tune``
    stores them); ``startup`` settings are drawn at random first; ``kappa`` is how many standard
    deviations of the prediction the proposal may hope for.
    """

    def __init__(
        self, targets: Sequence[Target], seed: int = 0, startup: int = 5, kappa: float = 1.0
    ) -> None:
        super().__init__(seed)
        self.targets = list(targets)
        self.seed = seed
        self.startup = startup
        self.kappa = kappa

    def sample_relative(
        self,
        study: optuna.Study,
        trial: optuna.trial.FrozenTrial,
        search_space: dict[str, optuna.distributions.BaseDistribution],
    ) -> dict[str, Any]:
        """The candidate setting whose readings could come closest to every target."""
        if not search_space:
            return {}
        names = sorted(search_space)
        points, readings = self._history(study, names)
        if len(points) < self.startup:
            return {}
        dists = [search_space[n] for n in names]
        tried = {tuple(p) for p in points}
        cands = [c for c in self._candidates(dists) if tuple(c) not in tried]
        if not cands:
            return {}
        x_cand = np.array([[_unit(d, v) for d, v in zip(dists, c, strict=True)] for c in cands])
        x_seen = np.array([[_unit(d, v) for d, v in zip(dists, p, strict=True)] for p in points])
        optimistic = np.zeros(len(cands))
        predicted = np.zeros(len(cands))
        for k, target in enumerate(self.targets):
            got = [(x, r[k]) for x, r in zip(x_seen, readings, strict=True) if math.isfinite(r[k][0])]
            if len(got) < MIN_READINGS:
                return {}
            try:
                mu, sd = self._predict(np.array([x for x, _ in got]), [r for _, r in got], x_cand)
            except (np.linalg.LinAlgError, ValueError):  # a fit that fails: this proposal is random
                return {}
            opt, pred = _errors(target, mu, sd, self.kappa)
            optimistic = np.maximum(optimistic, opt)
            predicted = np.maximum(predicted, pred)
        # the smallest optimistic worst error; then the smallest predicted; then a random one
        order = np.lexsort((self._rng.random(len(cands)), predicted, optimistic))
        return dict(zip(names, cands[int(order[0])], strict=True))

    def _history(self, study: optuna.Study, names: list[str]) -> tuple[list[list[Any]], list[list[Any]]]:
        """The settings played so far and their readings (each once; the best ``MAX_FITTED``)."""
        seen: dict[tuple[Any, ...], tuple[float, list[Any]]] = {}
        for t in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,)):
            got = t.user_attrs.get("readings")
            if got is None or len(got) != len(self.targets) or not all(n in t.params for n in names):
                continue
            key = tuple(t.params[n] for n in names)
            seen.setdefault(key, (float(t.values[0]), [[float(v) for v in r] for r in got]))
        kept = sorted(seen.items(), key=lambda kv: kv[1][0])[:MAX_FITTED]
        return [list(k) for k, _ in kept], [r for _, (_, r) in kept]

    def _candidates(self, dists: list[optuna.distributions.BaseDistribution]) -> list[list[Any]]:
        """Every setting of a small space; else ``MAX_CANDIDATES`` drawn at random."""
        grids = [option_values(d) for d in dists]
        size = math.prod(len(g) if g is not None else math.inf for g in grids)
        if size <= MAX_CANDIDATES:
            return [list(c) for c in itertools.product(*grids)]  # type: ignore[arg-type]
        return [
            [_draw(d, g, self._rng) for d, g in zip(dists, grids, strict=True)] for _ in range(MAX_CANDIDATES)
        ]

    def _predict(
        self, x: np.ndarray, readings: list[list[float]], x_new: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """The Gaussian process's mean and standard deviation of one target's reading at ``x_new``."""
        from sklearn.exceptions import ConvergenceWarning
        from sklearn.gaussian_process import GaussianProcessRegressor
        from sklearn.gaussian_process.kernels import ConstantKernel, Matern, WhiteKernel

        y = np.array([r[0] for r in readings])
        se = np.array([(r[2] - r[1]) / (2 * Z95) if math.isfinite(r[2] - r[1]) else 0.0 for r in readings])
        scale = float(np.std(y)) or 1.0
        kernel = ConstantKernel(1.0, (1e-3, 1e3)) * Matern(
            length_scale=np.full(x.shape[1], 0.3), length_scale_bounds=(0.03, 30.0), nu=2.5
        ) + WhiteKernel(1e-2, (1e-6, 1.0))
        gp = GaussianProcessRegressor(
            kernel,
            alpha=(se / scale) ** 2 + 1e-8,  # each reading's own noise, in the normalised units
            normalize_y=True,
            n_restarts_optimizer=2,
            random_state=self.seed % 2**32,
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            gp.fit(x, y)
            mu, sd = gp.predict(x_new, return_std=True)
        return mu, sd


def _errors(target: Target, mu: np.ndarray, sd: np.ndarray, kappa: float) -> tuple[np.ndarray, np.ndarray]:
    """Per candidate: the smallest error within ``kappa`` sd of the prediction, and the predicted error."""
    lo, hi = mu - kappa * sd, mu + kappa * sd
    best = [
        v
        for v in (
            (target.low + target.high) / 2,
            target.low + (target.scale or 1.0),
            target.high - (target.scale or 1.0),
        )
        if math.isfinite(v)
    ]
    opt = np.full(len(mu), np.inf)
    for v in best:
        opt = np.minimum(opt, _vector_error(target, np.clip(v, lo, hi)))
    opt = np.minimum(opt, np.minimum(_vector_error(target, lo), _vector_error(target, hi)))
    return opt, _vector_error(target, mu)


def _vector_error(target: Target, values: np.ndarray) -> np.ndarray:
    return np.array([error_of(target, float(v)) for v in values])


def option_values(d: optuna.distributions.BaseDistribution) -> list[Any] | None:
    """Every value of a discrete option (None for a float one)."""
    if isinstance(d, optuna.distributions.IntDistribution):
        return list(range(d.low, d.high + 1, d.step))
    if isinstance(d, optuna.distributions.CategoricalDistribution):
        return list(d.choices)
    if isinstance(d, optuna.distributions.FloatDistribution) and d.step is not None:
        n = int(round((d.high - d.low) / d.step))
        return [d.low + i * d.step for i in range(n + 1)]
    return None


def _draw(d: optuna.distributions.BaseDistribution, grid: list[Any] | None, rng: np.random.Generator) -> Any:
    if grid is not None:
        return grid[int(rng.integers(len(grid)))]
    assert isinstance(d, optuna.distributions.FloatDistribution)
    return float(rng.uniform(d.low, d.high))


def _unit(d: optuna.distributions.BaseDistribution, value: Any) -> float:
    """An option's value scaled to [0, 1] (a choice: its index)."""
    if isinstance(d, optuna.distributions.CategoricalDistribution):
        return d.choices.index(value) / max(1, len(d.choices) - 1)
    low, high = float(d.low), float(d.high)  # type: ignore[attr-defined]
    return (float(value) - low) / (high - low) if high > low else 0.0
