"""The fitted win-chance evaluator of every game: ``isslab.winprob.model``, ``fit`` and ``start_fit``.

A :class:`WinModel` predicts each seat's result (its share of the win; in a cooperative game the
team's expected return; in a solo game against an automaton the chance of beating it) from the
features an observer may see (:mod:`isslab.analysis.features`, own hand included), **for a line-up**:
the bot each seat is assumed to play like from here (``WinModel.assumes`` says it in words). It
learns from positions of simulated games, each labelled with the result its game reached
(:mod:`.winfit`; the model itself is :mod:`.winmodel`).

**The model: logistic regression** (scikit-learn's ``LogisticRegression``; a fractional logit for
returns on another scale) on features scaled by their largest magnitude, each entering twice: as it
is and multiplied by the game's progress (steps over the mean length of the training games), so
the weight of a lead grows through the game. In a win/lose game the seats' predictions from one
view are divided by their sum, so they add up to 1. Why this model and not gradient boosting: it is
fitted by log loss, which calibrates its probabilities without a separate step; it is a handful of
plain arrays, so a model file is JSON that loading turns into numbers and nothing else (no pickle,
no code); one evaluation is a dictionary look-up per feature and two dot products.

**Which model.** :func:`model` (``bots``: the line-up, a bot name per seat or one for all) takes, in
this order: the *table model* of the game and table (fitted on games whose line-ups were drawn from
the game's bots, :func:`.winfit.table_pool`, with each seat's bot as a feature), shipped in the
package for every player count of the four games (default options), or cached; a model of that one
line-up, cached; else it fits the line-up's own model (a minute or two, with a progress bar) and
caches it. :func:`start_fit` does that fit in a background thread with progress, for the game view.

A model file is keyed by the game id, its options, the isslab version, the fitting parameters and the
version of the game's own features (``WIN_FEATURES_VERSION``); a file of another key is refused with
the reason (a stale shipped model is not used: a fit replaces it), a corrupt cache file is refitted
with a warning. A model file is untrusted input (:mod:`isslab.analysis.modelfile`): it is read
bounded, and every number must be finite and of the size a fit gives, every value a chance in [0, 1]
(in the cooperative game, within the result's range); a refit replaces only a model file, never
another file under its name. The cache is ``$ISSLAB_CACHE/winprob``, else ``~/.cache/isslab/winprob``.
"""

from __future__ import annotations

import os
import threading
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

import isslab.checks as checks
from isslab.analysis import modelfile
from isslab.analysis.winfit import (
    GAME_PREFIX,
    MAX_GAMES,
    STRONG,
    Rows,
    as_lineup,
    collect,
    draw_lineup,
    fit,
    fit_rows,
    table_pool,
)
from isslab.analysis.winfit import _check_game as _check_game
from isslab.analysis.winmodel import (
    DEFAULT_GAMES,
    DEFAULT_POSITIONS,
    FitSpec,
    WinModel,
    chance_kind,
    digest,
    lineup_words,
    model_key,
    result_shares,
)
from isslab.core import Game, State, default_table, register_value, short_repr
from isslab.sim.pool import Workers, as_pool

__all__ = [
    "DEFAULT_GAMES",
    "DEFAULT_POSITIONS",
    "GAME_PREFIX",
    "MAX_GAMES",
    "STRONG",
    "TABLE_GAMES",
    "FitJob",
    "FitSpec",
    "Rows",
    "WinModel",
    "available",
    "as_lineup",
    "cache_dir",
    "cached_path",
    "chance_kind",
    "collect",
    "draw_lineup",
    "fit",
    "fit_rows",
    "given_model",
    "lineup_words",
    "model",
    "result_shares",
    "shipped_path",
    "start_fit",
    "table_pool",
    "table_spec",
]

#: games simulated for a table model (its line-ups drawn from the game's bots)
TABLE_GAMES: Final = 3000

_SHIPPED: Final = Path(__file__).with_name("models")


def cache_dir() -> Path:
    """Where fitted models are cached: ``$ISSLAB_CACHE/winprob``, else ``~/.cache/isslab/winprob``."""
    root = os.environ.get("ISSLAB_CACHE")
    base = Path(root) if root else Path.home() / ".cache" / "isslab"
    return base / "winprob"


def table_spec(game: Game) -> FitSpec:
    """The fit of ``game``'s table model: ``TABLE_GAMES`` games, line-ups drawn from its bots' pool."""
    return FitSpec(games=TABLE_GAMES, pool=table_pool(game))


def cached_path(game: Game, spec: FitSpec) -> Path:
    """The cache file of a model of ``game`` fitted with ``spec``."""
    return cache_dir() / f"{game.id}-{digest(model_key(game, spec))}.json"


def shipped_path(game: Game) -> Path:
    """The table model shipped in the package for ``game``'s table: ``<id>-<players>p.json`` for the
    default options at that player count, with a hash of the options for another table."""
    n = game.num_players
    name = f"{game.id}-{n}p"
    plain = default_table(game)
    if plain is None or plain.options != game.options:
        name += "-" + digest({"options": model_key(game, FitSpec(bots=("",) * n))["options"]})
    return _SHIPPED / f"{name}.json"


# --------------------------------------------------------------------------------------------------
# finding a model
# --------------------------------------------------------------------------------------------------

_MEMO: dict[tuple[Game, FitSpec], WinModel] = {}
#: the reason a shipped model was refused, by game (said once)
_STALE: dict[Game, str] = {}


def _load(game: Game, spec: FitSpec, fitting_if_corrupt: bool = False) -> WinModel | None:
    """The model of ``game`` and ``spec`` from memory, the package (a table model) or the cache."""
    key = (game, spec)
    if key in _MEMO:
        return _MEMO[key]
    found: WinModel | None = None
    shipped = shipped_path(game)
    if spec.pool and _exists(shipped):
        try:
            found = WinModel.load(shipped, game, spec)
        except (ValueError, OSError) as exc:  # another version, fit or feature set: stale, not used
            if game not in _STALE:
                _STALE[game] = str(exc)
                warnings.warn(f"the shipped win-chance model {shipped.name} is not used: {exc}", stacklevel=3)
    path = cached_path(game, spec)
    if found is None and _exists(path):
        try:
            found = WinModel.load(path, game, spec)
        except (ValueError, OSError) as exc:
            if fitting_if_corrupt:
                warnings.warn(
                    f"refitting the win-chance model of {game.id}: {path}: {short_repr(str(exc), 300)}",
                    stacklevel=3,
                )
    if found is not None:
        _MEMO[key] = found
    return found


def _default_fit(games: int, positions: int, seed: int) -> bool:
    return games == DEFAULT_GAMES and positions == DEFAULT_POSITIONS and seed == 0


def available(game: Game, bots: str | Sequence[str] | None = None) -> WinModel | None:
    """A model of ``game`` for the line-up ``bots`` if one is in memory, shipped or cached (never fits).

    The table model when it knows every bot of the line-up, else the line-up's own model; None if
    there is neither.
    """
    game = _check_game(game)
    lineup = as_lineup(game, bots)
    table = _load(game, table_spec(game))
    if table is not None and table.covers(lineup):
        return table.for_lineup(lineup)
    return _load(game, FitSpec(bots=lineup))


def model(
    game: Game | str,
    games: int = DEFAULT_GAMES,
    bots: str | Sequence[str] | None = None,
    seed: int = 0,
    workers: Workers = 1,
    positions: int = DEFAULT_POSITIONS,
    progress: bool = True,
    refit: bool = False,
    *,
    on_progress: Callable[[int, int], None] | None = None,
) -> WinModel:
    """The model of ``game`` for the line-up ``bots`` (None: the default bot in every seat).

    With the default fitting parameters, the table model when it knows the line-up's bots (shipped
    or cached); else the line-up's own model of these parameters, from memory or the cache, or
    fitted now and cached. A cache file that is corrupt or of another game, options, version or fit
    is refitted with a warning (and overwritten). ``refit=True`` fits the line-up's model again.
    """
    game = _check_game(game)
    games = checks.integer("games", games, 10, MAX_GAMES)
    positions = checks.integer("positions", positions, 1, 1000)
    seed = checks.seed("seed", seed)
    progress = checks.flag("progress", progress)
    refit = checks.flag("refit", refit)
    as_pool(workers, 1)  # the one rule for workers, checked even when nothing is fitted
    lineup = as_lineup(game, bots)
    if not refit and _default_fit(games, positions, seed):
        table = _load(game, table_spec(game))
        if table is not None and table.covers(lineup):
            return table.for_lineup(lineup)
    spec = FitSpec(games, positions, lineup, seed)
    found = None if refit else _load(game, spec, fitting_if_corrupt=True)
    if found is None:
        found = fit(game, games, lineup, seed, workers, positions, progress, on_progress=on_progress)
        _cache(found, cached_path(game, spec))
        _MEMO[(game, spec)] = found
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


# --------------------------------------------------------------------------------------------------
# fitting in the background
# --------------------------------------------------------------------------------------------------


class FitJob:
    """A model fitted in a background thread (:func:`start_fit`): its progress, and the model when done."""

    def __init__(self, game: Game, lineup: tuple[str, ...], workers: int, games: int) -> None:
        self.game = game
        self.lineup = lineup
        #: games simulated so far, and in all
        self.done_games = 0
        self.total_games = games
        #: the error that stopped the fit, in words (None: none)
        self.error: str | None = None
        self._model: WinModel | None = None
        self._finished = threading.Event()
        self._callbacks: list[Callable[[FitJob], None]] = []
        self._watchers: list[Callable[[FitJob], None]] = []
        self._lock = threading.Lock()
        self._closing = False
        self._thread = threading.Thread(
            target=self._run, args=(workers,), name=f"win-chance fit of {game.id}", daemon=True
        )

    def __repr__(self) -> str:
        state = "done" if self.done else f"{self.fraction:.0%}"
        return f"<FitJob {self.game.id} {lineup_words(self.game, self.lineup)}: {state}>"

    @property
    def fraction(self) -> float:
        """The share of the games simulated so far (the regression after them takes a few seconds more)."""
        return self.done_games / self.total_games if self.total_games else 0.0

    @property
    def done(self) -> bool:
        """Whether the fit has finished (with a model or an error)."""
        return self._finished.is_set()

    def result(self, timeout: float | None = None) -> WinModel | None:
        """The fitted model once done (waiting up to ``timeout`` seconds; None: not yet, or it failed)."""
        self._finished.wait(timeout)
        return self._model

    def when_done(self, callback: Callable[[FitJob], None]) -> None:
        """Call ``callback(job)`` once the fit has finished (at once if it has), from the fit's thread;
        :meth:`result` returns after every callback has run."""
        with self._lock:
            if not self._closing:
                self._callbacks.append(callback)
                return
        callback(self)

    def when_progress(self, callback: Callable[[FitJob], None]) -> None:
        """Call ``callback(job)`` after every chunk of games simulated, from the fit's thread."""
        self._watchers.append(callback)

    def _progress(self, done: int, total: int) -> None:
        self.done_games, self.total_games = done, total
        for cb in list(self._watchers):
            cb(self)

    def _run(self, workers: int) -> None:
        try:
            self._model = model(
                self.game,
                self.total_games,
                self.lineup,
                workers=workers,
                progress=False,
                on_progress=self._progress,
            )
        except Exception as exc:  # reported to whoever waits: a thread has no caller to raise to
            self.error = f"{type(exc).__name__}: {exc}"
        with self._lock:
            self._closing = True
            callbacks, self._callbacks = self._callbacks, []
        try:
            for cb in callbacks:
                cb(self)
        finally:  # whatever a callback did, a waiter is released
            self._finished.set()


_JOBS: dict[tuple[Game, tuple[str, ...], int], FitJob] = {}
_JOBS_LOCK = threading.Lock()


def start_fit(
    game: Game | str, bots: str | Sequence[str] | None = None, workers: int = 2, games: int = DEFAULT_GAMES
) -> FitJob:
    """Fit the model of ``game`` for the line-up ``bots`` on ``games`` games in a background thread (the
    same job for the same table, line-up and games while it runs, or once it has succeeded); the model
    is cached like :func:`model`'s."""
    game = _check_game(game)
    lineup = as_lineup(game, bots)
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 256:
        raise ValueError(f"workers must be an int from 1 to 256, got {short_repr(workers, 40)}")
    if isinstance(games, bool) or not isinstance(games, int) or not 10 <= games <= MAX_GAMES:
        raise ValueError(f"games must be an int from 10 to {MAX_GAMES:,}, got {short_repr(games, 40)}")
    key = (game, lineup, games)
    with _JOBS_LOCK:
        job = _JOBS.get(key)
        if job is None or (job.done and job.error is not None):
            job = _JOBS[key] = FitJob(game, lineup, workers, games)
            job._thread.start()
    return job


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
