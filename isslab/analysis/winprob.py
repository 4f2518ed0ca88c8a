"""The fitted win-chance evaluator of every game: ``isslab.winprob.fit`` and ``isslab.winprob.model``.

A :class:`WinModel` predicts each seat's result (its chance of winning; in a cooperative or score
game the chance of each return value, hence its expected return) from the features an observer may
see (:mod:`isslab.analysis.features`). It learns from positions of simulated games: a few positions
of each game, labelled with the result the game reached.

**The model: logistic regression** (scikit-learn's ``LogisticRegression``, binary for win/lose
games, multinomial over the return values for cooperative and score games) on features scaled by
their largest magnitude, each feature entering twice: as it is and multiplied by the game's progress
(steps taken over the mean length of the training games), so that the weight of a lead grows
through the game, as sports win-probability models weigh a lead by the time left. Why this model
and not gradient boosting:

* it is fitted by log loss, which makes its probabilities calibrated where the model fits: the
  calibration bars of the benchmark (expected calibration error at most 0.03) hold without a
  separate calibration step;
* it is a handful of plain arrays: the cache file is JSON that loading turns into numbers and
  nothing else (no pickle, no code, no trusted-type list), and it travels to pool workers cheaply;
* one evaluation is a dictionary look-up per feature and two dot products in numpy, well under the
  1 ms bar; a boosted model answers one position through scikit-learn's predict path, which costs
  more than the whole features step;
* it needs few games: a default table fits in well under the 2 minutes the benchmark allows.

A fitted model is cached on disk (``$ISSLAB_CACHE``, else ``~/.cache/isslab``), keyed by the game id,
its options, the isslab version, the fitting parameters and the version of the game's own features
(``WIN_FEATURES_VERSION``, where it has a ``win_features`` hook); the default tables of the four
games ship fitted in the package, and so does Space: 1999's table of one eagle each. A model file
is untrusted input (:mod:`isslab.analysis.modelfile`): it is read bounded, and every number must be
finite and of the size a fit gives, every value a chance in [0, 1] (in the cooperative game, within
the result's range). A file that fails a check, does not parse, or belongs to another game,
options, version, fit or features, is refitted with a warning; the refit replaces only a model file,
never another file under its name. :func:`model` fits on first use, with a progress bar.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import random
import tempfile
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

import isslab.checks as checks
from isslab.analysis import modelfile
from isslab.analysis.features import progress_features, seat_features
from isslab.core import (
    TERMINAL,
    VERSION,
    Game,
    ReturnsKind,
    State,
    make,
    parse_json,
    register_value,
    short_repr,
)
from isslab.play import derive_seeds, expand_bots, play
from isslab.sim.chunks import run_chunks
from isslab.sim.pool import Workers, as_pool

__all__ = [
    "DEFAULT_GAMES",
    "DEFAULT_POSITIONS",
    "FitSpec",
    "WinModel",
    "available",
    "cache_dir",
    "collect",
    "fit",
    "fit_rows",
    "given_model",
    "model",
]

#: the file format of a saved model (changed when the layout changes)
FORMAT: Final = "isslab.winprob"
FORMAT_VERSION: Final = 1
#: games simulated for a model fitted on first use
DEFAULT_GAMES: Final = 3000
#: positions taken from each simulated game
DEFAULT_POSITIONS: Final = 8
#: a feature seen in fewer rows than this share is dropped (it would only fit noise)
MIN_SHARE: Final = 0.01
#: a path with more distinct one-hot names than this (cards, dots) gives no one-hot features
MAX_NAMES: Final = 12
#: the L2 penalty's inverse strength (scikit-learn's ``C``)
REGULARISATION: Final = 0.005
#: the features the penalty holds back less (see ``fit_rows``), and by how much they are enlarged
STRONG: Final = ("standing", "place", "leads alone", "steps", "rounds", "to move")
STRONG_WEIGHT: Final = 10.0
#: a game's own features (its ``win_features`` hook) named with this prefix enter large as well: the
#: game's measure of the race, like its standing, is what the model should lean on
GAME_PREFIX: Final = "game."
#: the most games one fit may simulate
MAX_GAMES: Final = 200_000
#: games per chunk of work handed to a pool worker
_CHUNK: Final = 50

_SHIPPED: Final = Path(__file__).with_name("models")


def cache_dir() -> Path:
    """Where fitted models are cached: ``$ISSLAB_CACHE/winprob``, else ``~/.cache/isslab/winprob``."""
    root = os.environ.get("ISSLAB_CACHE")
    base = Path(root) if root else Path.home() / ".cache" / "isslab"
    return base / "winprob"


def _options_json(game: Game) -> Any:
    return json.loads(json.dumps(game.options, default=list))


@dataclass(frozen=True)
class FitSpec:
    """How a model was fitted: simulated games, positions per game, the bots and the seed."""

    games: int = DEFAULT_GAMES
    positions: int = DEFAULT_POSITIONS
    bots: tuple[str, ...] = ()
    seed: int = 0

    def as_json(self) -> dict[str, Any]:
        """The spec as JSON data."""
        return {"games": self.games, "positions": self.positions, "bots": list(self.bots), "seed": self.seed}


def _check_game(game: Game | str) -> Game:
    if isinstance(game, str):
        return make(game)
    if not isinstance(game, Game):
        raise ValueError(f"game must be a game id or a Game, got {short_repr(game, 60)}")
    return game


def _bot_names(game: Game, bots: str | Sequence[str] | None) -> tuple[str, ...]:
    """The bots of a fit as names, one per seat (a model file names them, so callables are refused)."""
    if bots is None:
        return (game.info.default_bot,) * game.num_players
    seq = expand_bots(game, bots)
    if not all(isinstance(b, str) for b in seq):
        raise ValueError("a fitted model names its bots: give bot names, not callables")
    return tuple(str(b) for b in seq)


def _features_version(game: Game) -> int | None:
    """The version of a game's own ``win_features`` (its state's ``WIN_FEATURES_VERSION``; None: none)."""
    got = getattr(game.STATE, "WIN_FEATURES_VERSION", None)
    return int(got) if got is not None else None


def _key(game: Game, spec: FitSpec) -> dict[str, Any]:
    key: dict[str, Any] = {
        "game": game.id,
        "options": _options_json(game),
        "version": VERSION,
        "spec": spec.as_json(),
    }
    features = _features_version(game)
    if features is not None:  # a game with its own features: a model of other features is stale
        key["features"] = features
    return key


def _digest(key: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]


# --------------------------------------------------------------------------------------------------
# the model
# --------------------------------------------------------------------------------------------------


class WinModel:
    """A fitted evaluator of one game and table: each seat's expected result from what a seat may see."""

    def __init__(
        self,
        game: Game,
        spec: FitSpec,
        names: Sequence[str],
        scale: npt.ArrayLike,
        coef: npt.ArrayLike,
        intercept: npt.ArrayLike,
        bounds: Sequence[float],
        length: float,
    ) -> None:
        self.game = game
        self.spec = spec
        self.names = list(names)
        self.index = {name: i for i, name in enumerate(self.names)}
        if len(self.index) != len(self.names):
            raise ValueError("a model's feature names must be distinct")
        v = len(self.names)
        self.scale = modelfile.floats("scales", scale).reshape(-1)
        coef_a = modelfile.floats("coefficients", coef)
        self.intercept = modelfile.floats("intercepts", intercept).reshape(-1)
        if self.scale.shape != (v,) or coef_a.shape != (1, 2 * v) or self.intercept.shape != (1,):
            raise ValueError(
                f"a model's arrays do not fit together: {v} features, scales {self.scale.shape}, "
                f"coefficients {coef_a.shape}, intercepts {self.intercept.shape}"
            )
        # every number finite and of a size a fit gives: a denormal scale or a weight of 1e308 makes
        # the chances infinite or NaN, which the strip would draw
        modelfile.within("scales", self.scale, modelfile.MIN_SCALE, modelfile.MAX_MAGNITUDE)
        modelfile.within("coefficients", coef_a, -modelfile.MAX_WEIGHT, modelfile.MAX_WEIGHT)
        modelfile.within("intercepts", self.intercept, -modelfile.MAX_WEIGHT, modelfile.MAX_WEIGHT)
        pair = modelfile.floats("bounds", bounds).reshape(-1)
        lo, hi = (float(pair[0]), float(pair[1])) if pair.shape == (2,) else (math.nan, math.nan)
        low, high = modelfile.result_range(game)
        if not (low <= lo < hi <= high):
            raise ValueError(
                f"a model's bounds must be two numbers, low < high, within {low:g} to {high:g} (the "
                f"{chance_kind(game)} of {game.id}), got {short_repr(bounds)}"
            )
        #: the lowest and highest return of the training games (0 and 1 in a win/lose game)
        self.lo, self.hi = lo, hi
        if not 0 < checks.real(length) <= modelfile.MAX_MAGNITUDE:
            raise ValueError(
                "a model's mean game length must be a number above 0 and at most "
                f"{modelfile.MAX_MAGNITUDE:g}, got {short_repr(length, 40)}"
            )
        self.length = checks.real(length)
        # the scale folded into the weights: one dot product per half
        self._w = coef_a[:, :v] / self.scale
        self._wp = coef_a[:, v:] / self.scale

    def __repr__(self) -> str:
        return f"<WinModel of {self.game.id}, {len(self.names)} features, {self.spec.games} games>"

    # --- evaluation ----------------------------------------------------------------------------

    def progress(self, state: State) -> float:
        """How far the game has gone: steps over the mean length of the training games (capped at 2)."""
        return min(2.0, state.move_number / self.length)

    def predict(self, feats: Sequence[dict[str, float]], progress: float | Sequence[float]) -> list[float]:
        """Each feature mapping's expected result (on the game's own scale); one progress or one per row."""
        index = self.index
        x = np.zeros((len(feats), len(self.names)))
        for r, f in enumerate(feats):
            row = x[r]
            for name, value in f.items():
                i = index.get(name)
                if i is not None:
                    row[i] = value
        prog = (
            np.asarray(progress, dtype=float).reshape(-1, 1) if not isinstance(progress, float) else progress
        )
        z = x @ self._w.T + prog * (x @ self._wp.T) + self.intercept
        p1 = 1.0 / (1.0 + np.exp(-np.clip(z[:, 0], -50, 50)))
        out = self.lo + (self.hi - self.lo) * p1
        return [float(v) for v in out]

    def predict_rows(self, rows: Rows) -> npt.NDArray[np.float64]:
        """The expected result of every collected row (a held-out set of :func:`collect`)."""
        from scipy import sparse

        where = {name: i for i, name in enumerate(rows.names)}
        pairs = [(where[name], k) for k, name in enumerate(self.names) if name in where]
        pick = sparse.csr_matrix(
            (np.ones(len(pairs)), ([p for p, _ in pairs], [k for _, k in pairs])),
            shape=(len(rows.names), len(self.names)),
        )
        x = rows.x @ pick
        prog = np.minimum(2.0, rows.steps / self.length)
        z = x @ self._w[0] + prog * (x @ self._wp[0]) + self.intercept[0]
        p1 = 1.0 / (1.0 + np.exp(-np.clip(np.asarray(z).ravel(), -50, 50)))
        return np.asarray(self.lo + (self.hi - self.lo) * p1, dtype=float)

    def features(self, state: State, observer: int) -> list[dict[str, float]]:
        """Every seat's features as ``observer`` may know them, with the progress counters."""
        extra = progress_features(state)
        feats = seat_features(state, observer)
        for f in feats:
            f.update(extra)
        return feats

    def values(self, state: State, observer: int | None = None) -> list[float]:
        """Each seat's expected result from what ``observer`` may see (None: each seat from its own view).

        A finished game gives its returns. The state must be of this model's game.
        """
        self.check(state)
        if state.current_player == TERMINAL:
            return [float(r) for r in state.returns()]
        p = self.progress(state)
        if observer is None:
            n = self.game.num_players
            own = [self.features(state, s)[s] for s in range(n)]
            return self.predict(own, p)
        state._check_seat(observer)
        return self.predict(self.features(state, observer), p)

    def check(self, state: State) -> None:
        """``ValueError`` unless ``state`` is a position of this model's game and options."""
        if not isinstance(state, State):
            raise ValueError(f"expected an isslab State, got {short_repr(state, 60)}")
        if state.game != self.game:
            raise ValueError(
                f"this model was fitted for {self.game!r}; the state is of {state.game!r} "
                "(use isslab.winprob.model(state.game))"
            )

    def scaled(self, value: float) -> float:
        """A result on [0, 1]: 0 the lowest return seen in training, 1 the highest."""
        return (value - self.lo) / (self.hi - self.lo)

    def scaled_array(self, values: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """Results on [0, 1] (see :meth:`scaled`)."""
        return np.asarray((values - self.lo) / (self.hi - self.lo), dtype=float)

    # --- files ---------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The model as JSON text: the key it is cached by, and plain arrays."""
        doc = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            **_key(self.game, self.spec),
            "length": self.length,
            "names": self.names,
            "scale": [float(f"{x:.7g}") for x in self.scale],
            "coef": [
                [float(f"{x:.7g}") for x in row]
                for row in np.hstack([self._w * self.scale, self._wp * self.scale])
            ],
            "intercept": [float(f"{x:.9g}") for x in self.intercept],
            "bounds": [self.lo, self.hi],
        }
        return json.dumps(doc, separators=(",", ":"))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the model to ``path`` (atomically: a reader never sees half a file)."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        # a temporary name no other file has (mkstemp creates it): nothing is overwritten on the way
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(self.to_json())
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

    @classmethod
    def from_json(cls, text: str | bytes, game: Game, spec: FitSpec | None = None) -> WinModel:
        """Read a model of ``game`` (and ``spec``, when given); ``ValueError`` saying what does not match.

        Only JSON is parsed: numbers, strings and lists. Nothing in the file is run.
        """
        if not isinstance(text, str | bytes | bytearray):
            raise ValueError(f"a model file is JSON text, got {short_repr(text, 60)}")
        if len(text) > modelfile.MAX_FILE:
            raise ValueError(
                f"a model file is at most {modelfile.MAX_FILE:,} bytes; this one has {len(text):,}"
            )
        # bounded depth: deeply nested JSON is an error message, not a RecursionError
        doc = parse_json(text, "not a model file", modelfile.MAX_FILE)
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise ValueError("not a model file of isslab.winprob")
        if doc.get("format_version") != FORMAT_VERSION:
            raise ValueError(
                f"model file format {short_repr(doc.get('format_version'))}, not {FORMAT_VERSION}"
            )
        if doc.get("game") != game.id:
            raise ValueError(f"the model file is of {short_repr(doc.get('game'))}, not {game.id}")
        if doc.get("options") != _options_json(game):
            raise ValueError(f"the model file is of other options of {game.id} than {game!r}")
        if doc.get("version") != VERSION:
            raise ValueError(
                f"the model file was fitted by isslab {short_repr(doc.get('version'))}, this is {VERSION}"
            )
        if doc.get("features") != _features_version(game):
            raise ValueError(
                f"the model file was fitted on {game.id}'s features version "
                f"{short_repr(doc.get('features'))}, these are version {_features_version(game)}"
            )
        got = FitSpec(*modelfile.spec_fields(doc.get("spec"), game))
        if spec is not None and got != spec:
            raise ValueError(f"the model file was fitted with {got}, not {spec}")
        names = modelfile.names(doc.get("names"))
        missing = [k for k in ("scale", "coef", "intercept", "bounds", "length") if k not in doc]
        if missing:
            raise ValueError(f"the model file is malformed: it has no {', '.join(missing)}")
        try:
            found = cls(
                game, got, names, doc["scale"], doc["coef"], doc["intercept"], doc["bounds"], doc["length"]
            )
        except ValueError as exc:
            raise ValueError(f"the model file is malformed: {exc}") from None  # a message of bounded length
        found._probe()
        return found

    def _probe(self) -> None:
        """``ValueError`` unless the values of the game's first position are finite and within the bounds."""
        start = self.game.new_state()
        if start.current_player == TERMINAL:
            return
        p = self.progress(start)
        values = [
            v for seat in range(self.game.num_players) for v in self.predict(self.features(start, seat), p)
        ]
        bad = [v for v in values if not self.lo <= v <= self.hi]  # NaN fails both comparisons
        if bad:
            raise ValueError(
                f"the model file gives the value {short_repr(bad[0])} at the start of {self.game.id}, "
                f"outside {self.lo:g} to {self.hi:g}"
            )

    @classmethod
    def load(cls, path: str | os.PathLike[str], game: Game, spec: FitSpec | None = None) -> WinModel:
        """Read a model file of ``game`` (see :meth:`from_json`)."""
        return cls.from_json(modelfile.read_bounded(Path(path)), game, spec)


# --------------------------------------------------------------------------------------------------
# the data
# --------------------------------------------------------------------------------------------------


@dataclass
class Rows:
    """Training rows: a sparse feature matrix with its column names, and per row its progress, label,
    game and place in its game (``at``: the position's step over its game's steps, in [0, 1))."""

    x: Any  # scipy.sparse.csr_matrix (scipy ships no types)
    names: list[str]
    steps: npt.NDArray[np.float64]
    labels: npt.NDArray[np.float64]
    games: npt.NDArray[np.int64]
    at: npt.NDArray[np.float64]
    #: the length (steps) of each game collected
    lengths: list[int]

    def __len__(self) -> int:
        return int(self.x.shape[0])

    def dicts(self) -> list[dict[str, float]]:
        """The rows as feature mappings (for tests and small checks)."""
        x = self.x.tocsr()
        return [
            {self.names[j]: float(v) for j, v in zip(x.indices[x.indptr[i] : x.indptr[i + 1]],
                                                        x.data[x.indptr[i] : x.indptr[i + 1]], strict=True)}
            for i in range(x.shape[0])
        ]  # fmt: skip

    @staticmethod
    def join(parts: Sequence[Rows]) -> Rows:
        """One set of rows from several (their column names merged)."""
        from scipy import sparse

        index: dict[str, int] = {}
        for part in parts:
            for name in part.names:
                index.setdefault(name, len(index))
        mats = []
        for part in parts:
            remap = np.array([index[n] for n in part.names], dtype=np.int64)
            coo = part.x.tocoo()
            mats.append(
                sparse.csr_matrix((coo.data, (coo.row, remap[coo.col])), shape=(coo.shape[0], len(index)))
            )
        return Rows(
            sparse.vstack(mats).tocsr() if mats else sparse.csr_matrix((0, 0)),
            list(index),
            np.concatenate([p.steps for p in parts]) if parts else np.zeros(0),
            np.concatenate([p.labels for p in parts]) if parts else np.zeros(0),
            np.concatenate([p.games for p in parts]) if parts else np.zeros(0, dtype=np.int64),
            np.concatenate([p.at for p in parts]) if parts else np.zeros(0),
            [n for p in parts for n in p.lengths],
        )


def _collect_chunk(game: Game, bots: tuple[str, ...], seeds: list[int], first: int, positions: int) -> Rows:
    """Play the games of ``seeds`` and take ``positions`` positions of each (a pool worker's chunk).

    Rows per position: in a game with hidden information every seat judged from its own view and
    one seat judged from a rival's (so the model knows how a seat looks from outside); without
    hidden information every seat once; in a cooperative game one seat (every seat has the result).
    """
    from sklearn.feature_extraction import DictVectorizer

    feats: list[dict[str, float]] = []
    steps: list[float] = []
    labels: list[float] = []
    games: list[int] = []
    at: list[float] = []
    lengths: list[int] = []
    n = game.num_players
    hidden = game.info.hidden_information
    coop = game.info.returns is ReturnsKind.COOPERATIVE
    for g, seed in enumerate(seeds):
        rec = play(game, list(bots), seed=seed)
        states = rec.states()[:-1]
        pick = random.Random(seed ^ 0x5EED)
        chosen = sorted(pick.sample(range(len(states)), min(positions, len(states))))
        lengths.append(len(states))
        for i in chosen:
            s = states[i]
            extra = progress_features(s)
            if coop:
                pairs = [(o, o) for o in [pick.randrange(n)]]
            elif hidden and n > 1:
                o = pick.randrange(n)
                pairs = [(t, t) for t in range(n)] + [(o, (o + 1 + pick.randrange(n - 1)) % n)]
            else:
                pairs = [(t, t) for t in range(n)]
            views: dict[int, list[dict[str, float]]] = {}
            for obs, t in pairs:
                if obs not in views:
                    views[obs] = seat_features(s, obs)
                f = views[obs][t]
                f.update(extra)
                feats.append(f)
                steps.append(float(s.move_number))
                labels.append(float(rec.returns[t]))
                games.append(first + g)
                at.append(i / len(states))
    vec = DictVectorizer(sparse=True)
    x = vec.fit_transform(feats).tocsr()
    return Rows(
        x, vec.get_feature_names_out().tolist(), np.asarray(steps), np.asarray(labels),
        np.asarray(games, dtype=np.int64), np.asarray(at), lengths,
    )  # fmt: skip


def collect(
    game: Game | str,
    games: int = DEFAULT_GAMES,
    bots: str | Sequence[str] | None = None,
    seed: int = 0,
    positions: int = DEFAULT_POSITIONS,
    workers: Workers = 1,
    progress: bool = False,
) -> Rows:
    """Simulate ``games`` games and return rows from ``positions`` positions of each (the fit's data)."""
    game = _check_game(game)
    games = checks.integer("games", games, 10, MAX_GAMES)
    positions = checks.integer("positions", positions, 1, 1000)
    seed = checks.seed("seed", seed)
    progress = checks.flag("progress", progress)
    names = _bot_names(game, bots)
    seeds = derive_seeds(seed, games)
    chunks = [(game, names, seeds[i : i + _CHUNK], i, positions) for i in range(0, games, _CHUNK)]
    sizes = [len(c[2]) for c in chunks]
    parts = list(run_chunks(_collect_chunk, chunks, workers, progress, f"fitting {game.id}", sizes))
    return Rows.join(parts)


def _one_hot_groups(names: Sequence[str]) -> dict[str, int]:
    """How many distinct one-hot names each path has (``phase=...``, ``hand[]=...``)."""
    groups: dict[str, int] = {}
    for name in names:
        head, eq, _ = name.partition("=")
        if eq:
            groups[head] = groups.get(head, 0) + 1
    return groups


def fit_rows(
    game: Game, rows: Rows, spec: FitSpec, keep: Sequence[str] | None = None, length: float | None = None
) -> WinModel:
    """Fit a :class:`WinModel` on collected rows (``keep``: only the features whose names start so).

    Features seen in fewer than ``MIN_SHARE`` of the rows are dropped, and so are the one-hot names
    of a path with more than ``MAX_NAMES`` distinct names (card or dot names): a few thousand games
    cannot weigh them, and they identify a training game, which the model would learn by heart.
    """
    from scipy import sparse
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import MaxAbsScaler

    x = rows.x.tocsc()
    names = rows.names
    groups = _one_hot_groups(names)
    nnz = np.diff(x.indptr)
    support = nnz >= max(5, MIN_SHARE * x.shape[0])
    support &= np.array([groups.get(n.partition("=")[0], 0) <= MAX_NAMES for n in names], dtype=bool)
    if keep is not None:
        prefixes = tuple(keep)
        support &= np.array([n.startswith(prefixes) for n in names], dtype=bool)
    kept = np.flatnonzero(support)
    x = x[:, kept].tocsr()
    kept_names = [names[i] for i in kept]
    scaler = MaxAbsScaler().fit(x)
    scale = np.where(scaler.scale_ > 0, scaler.scale_, 1.0)
    # the standing and progress features enter larger, so the penalty holds them back less than the
    # many view features: with few games the model leans on the standing and adds what the view
    # tells beyond it (a prior, in effect, that the game's own measure of the lead matters most)
    strong = np.array([n.startswith((*STRONG, GAME_PREFIX)) for n in kept_names], dtype=bool)
    scale = np.where(strong, scale / STRONG_WEIGHT, scale)
    mean_len = float(np.mean(rows.lengths)) if length is None else length
    prog = np.minimum(2.0, np.asarray(rows.steps) / mean_len)
    xs = x @ sparse.diags(1.0 / scale)
    design = sparse.hstack([xs, sparse.diags(prog) @ xs]).tocsr()
    labels = np.asarray(rows.labels, dtype=float)
    lo, hi = float(labels.min()), float(labels.max())
    if hi <= lo:
        raise ValueError(
            f"every training game of {game.id} ended with the same result {lo}: nothing to learn "
            "(play more games, or other bots)"
        )
    y = (labels - lo) / (hi - lo)
    lr = LogisticRegression(C=REGULARISATION, max_iter=1000, tol=1e-4)
    if np.isin(y, (0.0, 1.0)).all():
        lr.fit(design, y)
    else:
        # a fractional logit: each row is a win with weight y and a loss with weight 1 - y (y the
        # result scaled into [0, 1]), so one binary fit learns an expected return as it does a chance
        both = sparse.vstack([design, design]).tocsr()
        target = np.r_[np.ones(len(y)), np.zeros(len(y))]
        weight = np.r_[y, 1.0 - y]
        used = weight > 0
        lr.fit(both[used], target[used], sample_weight=weight[used])
    return WinModel(game, spec, kept_names, scale, lr.coef_, lr.intercept_, [lo, hi], mean_len)


def fit(
    game: Game | str,
    games: int = DEFAULT_GAMES,
    bots: str | Sequence[str] | None = None,
    seed: int = 0,
    workers: Workers = 1,
    positions: int = DEFAULT_POSITIONS,
    progress: bool = True,
) -> WinModel:
    """Fit a win-chance model of ``game`` on ``games`` simulated games (``bots``: the game's default bot).

    Same arguments, same model, for any ``workers`` (as ``simulate`` reads them). The
    model is not cached by this call; :func:`model` caches what it fits.
    """
    game = _check_game(game)
    games = checks.integer("games", games, 10, MAX_GAMES)
    positions = checks.integer("positions", positions, 1, 1000)
    seed = checks.seed("seed", seed)
    spec = FitSpec(games, positions, _bot_names(game, bots), seed)
    rows = collect(game, games, spec.bots, seed, positions, workers, progress)
    return fit_rows(game, rows, spec)


# --------------------------------------------------------------------------------------------------
# the cache
# --------------------------------------------------------------------------------------------------

_MEMO: dict[tuple[Game, FitSpec], WinModel] = {}


def cached_path(game: Game, spec: FitSpec) -> Path:
    """The cache file of a model of ``game`` fitted with ``spec``."""
    return cache_dir() / f"{game.id}-{_digest(_key(game, spec))}.json"


def shipped_path(game: Game, spec: FitSpec | None = None) -> Path:
    """The model shipped in the package for ``game``'s id (used when its key matches).

    With a ``spec``: the file for that table and fit, named like a cache file (the package ships
    one for a table other than the default where a check needs it: Space: 1999 with one eagle each).
    """
    if spec is None:
        return _SHIPPED / f"{game.id}.json"
    return _SHIPPED / f"{game.id}-{_digest(_key(game, spec))}.json"


def model(
    game: Game | str,
    games: int = DEFAULT_GAMES,
    bots: str | Sequence[str] | None = None,
    seed: int = 0,
    workers: Workers = 1,
    positions: int = DEFAULT_POSITIONS,
    progress: bool = True,
    refit: bool = False,
) -> WinModel:
    """The model of ``game`` for these fitting parameters: from memory, the package, the cache, or fitted.

    A cache file that is corrupt or of another game, options, version or fit is refitted with a
    warning (and overwritten, when it is a model file: anything else under its name is kept, and the
    model is not cached). ``refit=True`` fits again whatever is cached.
    """
    game = _check_game(game)
    games = checks.integer("games", games, 10, MAX_GAMES)
    positions = checks.integer("positions", positions, 1, 1000)
    seed = checks.seed("seed", seed)
    progress = checks.flag("progress", progress)
    refit = checks.flag("refit", refit)
    as_pool(
        workers, 1
    )  # the one rule for workers, checked even when the model is found and nothing is fitted
    spec = FitSpec(games, positions, _bot_names(game, bots), seed)
    key = (game, spec)
    if not refit and key in _MEMO:
        return _MEMO[key]
    path = cached_path(game, spec)
    found: WinModel | None = None
    if not refit:
        for shipped in (shipped_path(game), shipped_path(game, spec)):
            if found is None and shipped.exists():
                try:
                    found = WinModel.load(shipped, game, spec)
                except (ValueError, OSError):
                    found = None  # shipped for another table, version or fit: not this one
        if found is None and _exists(path):
            try:
                found = WinModel.load(path, game, spec)
            except (ValueError, OSError) as exc:
                warnings.warn(
                    f"refitting the win-chance model of {game.id}: {path}: {short_repr(str(exc), 300)}",
                    stacklevel=2,
                )
    if found is None:
        found = fit(game, games, spec.bots, seed, workers, positions, progress)
        _cache(found, path)
    _MEMO[key] = found
    return found


def _exists(path: Path) -> bool:
    """True when something (a file, a link, a folder) is at ``path``; an unreadable path counts too."""
    try:
        return path.exists() or path.is_symlink()
    except OSError:
        return True


def _cache(found: WinModel, path: Path) -> None:
    """Write a fitted model to its cache file, unless something that is not a model file is there."""
    if _exists(path) and not modelfile.is_model_file(path):
        warnings.warn(
            f"the win-chance model of {found.game.id} is not cached: {short_repr(str(path), 200)} is not a "
            "model file, and it is left as it is (move it away to cache the model)",
            stacklevel=3,
        )
        return
    try:
        found.save(path)
    except OSError as exc:  # a read-only home still gets its model, for this process
        warnings.warn(f"could not cache the win-chance model at {path}: {exc}", stacklevel=3)


def available(game: Game) -> WinModel | None:
    """The default model of ``game`` if it is in memory, shipped or cached (never fits; None if not)."""
    spec = FitSpec(bots=_bot_names(game, None))
    if (game, spec) in _MEMO:
        return _MEMO[(game, spec)]
    for path in (shipped_path(game), shipped_path(game, spec), cached_path(game, spec)):
        if _exists(path):
            try:
                found = WinModel.load(path, game, spec)
            except (ValueError, OSError):
                continue
            _MEMO[(game, spec)] = found
            return found
    return None


def given_model(model_: Any, game: Game) -> WinModel | None:
    """``model_`` as a caller passed it: None, or a fitted model of ``game`` (``ValueError`` otherwise)."""
    if model_ is None:
        return None
    if not isinstance(model_, WinModel):
        raise ValueError(
            "model_ must be a fitted win-chance model (isslab.winprob.model(game) or "
            f"isslab.winprob.fit(game)) or None, got {short_repr(model_, 60)}"
        )
    if model_.game != game:
        raise ValueError(
            f"model_ was fitted for {model_.game!r}, not for {game!r} (use isslab.winprob.model(game))"
        )
    return model_


def chance_kind(game: Game) -> str:
    """``"win chance"`` for a win/lose game, ``"expected return"`` for a cooperative game."""
    return "expected return" if game.info.returns is ReturnsKind.COOPERATIVE else "win chance"


@register_value("model")
def _model_leaf_value(game: Game) -> Callable[[State], list[float]]:
    """The search bots' leaf value ``"model"``: the table's default model, in memory, shipped or cached.

    A search never fits a model on its first move (minutes of play, and a file written): a table
    with no model is refused, saying how to fit one.
    """
    found = available(game)
    if found is None:
        options = ", ".join(f"{k}={v!r}" for k, v in game.options.items() if k in _changed(game))
        raise ValueError(
            f"value='model': no win-chance model of {game.id}"
            + (f" ({options})" if options else "")
            + " is shipped or cached; fit it once with isslab.winprob.model(game) (it is cached for "
            "every later search), or search with value='rollout'"
        )
    return found.values


def _changed(game: Game) -> list[str]:
    """The options of ``game`` that differ from its defaults (what names its table)."""
    return [o.name for o in type(game).OPTIONS if game.options.get(o.name) != o.default]
