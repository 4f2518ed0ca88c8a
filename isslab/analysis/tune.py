"""``isslab.tune``: search the values of a game's rules for the settings that meet design targets.

A designer's question "which value of this rule gives the balance I want?" is answered by a
search: ``over`` names the options to vary and their ranges (:mod:`isslab.analysis.tune_space`),
``targets`` the design goals (:mod:`isslab.analysis.tune_targets`), and a sampler proposes
settings: by default a Gaussian process of each target's reading (:mod:`isslab.analysis.tune_model`,
an Optuna sampler on scikit-learn), or Optuna's TPE, or random search. Each setting is played on
the same seeds as every other (common random numbers: two settings are compared on the same dice,
so the search ranks them with less noise), and its targets are read with ``isslab.metrics`` and
``isslab.compare`` (their default estimates). The best settings found are then **re-checked on
fresh seeds**, with more games: the search's own numbers flatter the setting it picked among many
(the winner's curse), the re-check does not.

The result (:class:`TuneResult`) holds every setting tried with its readings, the re-checked
settings with their 95% intervals, how close each comes to each target (its error: 0 at the
target's centre, 1 at the edge of its band) and whether the interval shows it met, and, for
several targets, the trade-offs between them: the Pareto set, the settings no other setting beats
on every target at once.

The search can be resumed: ``storage="search.log"`` keeps the study in that file (an Optuna
journal); running the same call again goes on where it stopped. A file that holds anything else,
or another search, is never written to. ``workers`` plays each setting's games on a pool of
processes started once for the search, a ``concurrent.futures`` executor or a Dask client.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import json
import math
import threading
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, ParamSpec, TypeVar

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

import isslab.checks as checks
from isslab.analysis.designer import metrics
from isslab.analysis.tune_space import Param, check_over, options_of, space_size
from isslab.analysis.tune_targets import (
    LADDER,
    Reading,
    Target,
    check_targets,
    error_of,
    is_metric,
    miss_of,
    read_target,
    verdict,
)
from isslab.core import Game, bot_names, make, short_repr
from isslab.sim import pool as sim_pool
from isslab.sim import simulate

if TYPE_CHECKING:
    import optuna
    from matplotlib.figure import Figure

__all__ = ["SAMPLERS", "Target", "TuneResult", "TuneSpec", "run_tune", "tune", "tune_spec"]

#: the search strategies ``sampler=`` names
SAMPLERS: Final = ("gp", "tpe", "random")
#: the most settings one search tries
MAX_BUDGET: Final = 10_000
#: the study's name in a storage file
STUDY: Final = "isslab-tune"
#: proposals asked in all, per setting of the budget, before a search of a small space stops
_ASKS_PER_SETTING: Final = 20

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class _Plan:
    """What one setting's games are: the line-ups, and the targets each line-up's rows are read for."""

    game_id: str
    fixed: dict[str, Any]
    params: list[Param]
    targets: list[Target]
    lineups: dict[tuple[str, ...], list[int]]
    games: int

    def settings(self, values: Sequence[Any]) -> Game:
        """The game of one setting."""
        gid, opts = options_of(self.params, values, self.game_id, self.fixed)
        return make(gid, **opts)


def _lineup(target: Target, bots: tuple[str, ...]) -> tuple[str, ...]:
    return target.ladder if target.measure == LADDER else (target.bots or bots)


def _seats(lineup: tuple[str, ...], players: int, ladder: bool) -> list[str]:
    """One bot per seat: a single name fills the table; a ladder's rungs take the seats in turn."""
    if len(lineup) == 1 or ladder:
        return [lineup[i % len(lineup)] for i in range(players)]
    if len(lineup) != players:
        raise ValueError(
            f"the line-up {', '.join(lineup)} has {len(lineup)} bots for a table of {players} seats: "
            "name one bot per seat, or one bot for all"
        )
    return list(lineup)


def _play(plan: _Plan, game: Game, seed: int, games: int, workers: Any) -> list[Reading]:
    """Play one setting's games (every line-up on the same seeds) and read every target."""
    readings: list[Reading | None] = [None] * len(plan.targets)
    for lineup, idx in plan.lineups.items():
        ladder = any(plan.targets[i].measure == LADDER for i in idx)
        df = simulate(
            game,
            bots=_seats(lineup, game.num_players, ladder),
            games=games,
            seed=seed,
            workers=workers,
            progress=False,
            rotate_seats=True,
            trace=any(plan.targets[i].traced for i in idx),
        )
        table = metrics(df) if any(is_metric(plan.targets[i]) for i in idx) else None
        for i in idx:
            readings[i] = read_target(plan.targets[i], df, table)
    return [r for r in readings if r is not None]


def _worst(targets: Sequence[Target], readings: Sequence[Reading]) -> float:
    """The largest error over the targets (NaN when one could not be measured)."""
    errors = [error_of(t, r.value) for t, r in zip(targets, readings, strict=True)]
    return math.nan if any(math.isnan(e) for e in errors) else max(errors)


# --------------------------------------------------------------------------------------------------
# the study: Optuna, in memory or in a journal file the user names
# --------------------------------------------------------------------------------------------------


def _journal(path: Path) -> bool:
    """True when ``path`` is empty or holds an Optuna journal (its first line an operation record)."""
    with path.open("rb") as fh:
        first = fh.readline(100_000)
    if not first.strip():
        return True
    try:
        record = json.loads(first)
    except ValueError:
        return False
    return isinstance(record, dict) and "op_code" in record


def _check_storage(storage: Any, definition: dict[str, Any]) -> Path | None:
    """``storage`` as a path, checked before any game: a folder that exists, and a file that is new,
    empty, or the journal of this very search; ``ValueError`` rather than touch anything else."""
    if storage is None:
        return None
    if not isinstance(storage, str | Path):
        raise ValueError(f"storage must be a file path (the search's journal), got {short_repr(storage, 60)}")
    path = Path(storage)
    shown = short_repr(str(storage), 80)
    try:
        if path.is_dir():
            raise ValueError(f"storage={shown} is a folder; name a file for the search's journal")
        if not path.parent.is_dir():
            raise ValueError(f"storage={shown}: the folder {short_repr(str(path.parent), 80)} does not exist")
        known = path.exists() and path.stat().st_size > 0
        if known and not _journal(path):
            raise ValueError(
                f"storage={shown} exists and is not the journal of a search: it is left untouched; "
                "name a new file"
            )
    except OSError as exc:
        raise ValueError(f"storage={shown} cannot be read: {exc.strerror or exc}") from None
    if known:
        import optuna
        from optuna.storages import JournalStorage
        from optuna.storages.journal import JournalFileBackend

        studies = JournalStorage(JournalFileBackend(str(path))).get_all_studies()
        names = [st.study_name for st in studies]
        if names != [STUDY]:
            raise ValueError(
                f"storage={shown} holds studies of another program ({', '.join(names)}): it is left "
                "untouched; "
                "name a new file"
            )
        said = studies[0].user_attrs.get("definition")
        if said != definition:
            diff = sorted(k for k in definition if not isinstance(said, dict) or said.get(k) != definition[k])
            raise ValueError(
                f"storage={shown} holds another search (its {', '.join(diff) or 'definition'} differ): it is "
                "left untouched; name a new file to start this one"
            )
        del optuna
    return path


def _study(
    path: Path | None, definition: dict[str, Any], sampler: optuna.samplers.BaseSampler
) -> optuna.Study:
    """The search's study: in memory, new in its file, or resumed from it (see :func:`_check_storage`)."""
    import optuna
    from optuna.storages import JournalStorage
    from optuna.storages.journal import JournalFileBackend

    if path is None:
        return optuna.create_study(sampler=sampler, direction="minimize", study_name=STUDY)
    journal = JournalStorage(JournalFileBackend(str(path)))
    study = optuna.create_study(
        sampler=sampler, direction="minimize", study_name=STUDY, storage=journal, load_if_exists=True
    )
    if "definition" not in study.user_attrs:
        study.set_user_attr("definition", definition)
    return study


def _sampler(sampler: Any, seed: int, budget: int, goals: Sequence[Target]) -> optuna.samplers.BaseSampler:
    import optuna

    from isslab.analysis.tune_model import ReadingsSampler

    if isinstance(sampler, optuna.samplers.BaseSampler):
        return sampler
    name = checks.choice("sampler", sampler, SAMPLERS)
    # the seed is folded to 32 bits: Optuna's samplers seed numpy's legacy generator
    folded = seed % 2**32
    if name == "random":
        return optuna.samplers.RandomSampler(seed=folded)
    # a third of a small budget (at most 10) goes to random settings before the model proposes
    startup = max(3, min(10, budget // 3))
    if name == "gp":
        return ReadingsSampler(goals, seed=folded, startup=startup)
    return optuna.samplers.TPESampler(seed=folded, n_startup_trials=startup, multivariate=True)


@contextlib.contextmanager
def _quiet_optuna() -> Iterator[None]:
    """Optuna's log line per trial is off while we search (the progress bar says it); restored after."""
    import optuna

    before = optuna.logging.get_verbosity()
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
            yield
    finally:
        optuna.logging.set_verbosity(before)


@contextlib.contextmanager
def _pool(workers: Any, games: int) -> Iterator[Any]:
    """``workers`` for every setting's run: a number of processes becomes one pool for the whole search."""
    pool = sim_pool.as_pool(workers, games)  # the one rule; a ValueError names workers
    if pool.here or pool.executor is not None:
        yield workers
        return
    executor = sim_pool.own_executor(pool.processes)
    try:
        yield executor
    except BaseException:
        sim_pool.stop_executor(executor, (), own=True)
        raise
    executor.shutdown()


# --------------------------------------------------------------------------------------------------
# the result
# --------------------------------------------------------------------------------------------------


def pareto(errors: np.ndarray) -> np.ndarray:
    """The rows of ``errors`` (settings x targets) that no other row beats on every target at once."""
    keep = np.ones(len(errors), dtype=bool)
    for i, row in enumerate(errors):
        better = np.all(errors <= row, axis=1) & np.any(errors < row, axis=1)
        keep[i] = not better.any()
    return keep


@dataclass
class TuneResult:
    """What ``isslab.tune`` found: every setting tried, the best ones re-checked on fresh seeds."""

    game: str
    targets: list[Target]
    params: list[Param]
    #: one row per setting tried: the values, each target's search value and error, the worst error
    trials: pd.DataFrame
    #: one row per re-checked setting and target: value, 95% interval, band, error, miss, verdict
    rechecked: pd.DataFrame
    #: the best re-checked setting (the smallest worst error): the values of ``over``
    best: dict[str, Any]
    #: the game id and the options (the fixed ones and the searched ones) that make the best setting
    best_game_id: str
    best_options: dict[str, Any]
    study: Any = field(repr=False)
    games_played: int = 0
    #: True when the search stopped early (``stop`` set, Ctrl-C)
    interrupted: bool = False

    def best_game(self) -> Game:
        """The best setting as a game: ``isslab.make`` of its id and options."""
        return make(self.best_game_id, **self.best_options)

    @property
    def pareto(self) -> pd.DataFrame:
        """The re-checked settings on the Pareto front of the search (several targets: the trade-offs)."""
        return self.rechecked[self.rechecked["pareto"]]

    @property
    def met(self) -> bool:
        """True when the best setting's re-checked intervals lie inside every target's band."""
        rows = self.rechecked[self.rechecked["setting"] == self.rechecked.attrs.get("best", 0)]
        return bool(len(rows)) and bool((rows["verdict"] == "met").all())

    def summary(self) -> str:
        """The answer in sentences: the best setting, each target's re-checked value and interval."""
        names = ", ".join(f"{k}={_fmt(v)}" for k, v in self.best.items())
        best = self.rechecked.attrs.get("best", 0)
        rows = self.rechecked[self.rechecked["setting"] == best]
        games = int(rows["games"].max()) if len(rows) else 0
        lines = [
            f"{self.game}: best of {len(self.trials)} settings tried: {names} "
            f"(re-checked on {games:,} fresh games)"
        ]
        for _, r in rows.iterrows():
            lines.append(
                f"  {r['target']}: {_fmt(r['value'])} (95% interval {_fmt(r['low'])} to {_fmt(r['high'])}); "
                f"target {r['band']}: {r['verdict']}, error {r['error']:.2f}"
            )
        if len(self.targets) > 1:
            lines.append(
                f"  {int(self.trials['pareto'].sum())} settings tried are on the Pareto front of the targets"
            )
        if self.interrupted:
            lines.append("  (the search was stopped before its budget was spent)")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def _repr_html_(self) -> str:
        import html

        table = self.rechecked.drop(columns=["pareto"]).to_html(
            index=False, float_format=lambda x: f"{x:.4g}"
        )
        return f"<pre>{html.escape(self.summary())}</pre>{table}"

    def plot(self) -> Figure:
        """The search as it went: each setting's worst error, the best so far, and the band of 'met' (1)."""
        return search_figure(self.trials, [t.name for t in self.targets])

    def map(self) -> Figure:
        """The settings tried on the plane of the first two options searched, coloured by worst error.

        Where the targets are met shows as a region (often a curve: two rules that pull the same
        measure); the re-checked best is starred. ``ValueError`` when fewer than two options were
        searched.
        """
        if len(self.params) < 2:
            raise ValueError(
                f"a map needs two options searched; this search varied {len(self.params)}: use plot()"
            )
        return map_figure(self.trials, [p.name for p in self.params[:2]], self.best)


def _fmt(x: Any) -> str:
    if isinstance(x, float):
        return f"{x:.4g}"
    return str(x)


def search_figure(trials: pd.DataFrame, names: Sequence[str]) -> Figure:
    """A figure of a search: each setting's worst error over the settings tried and the best so far;
    with two targets, a second panel of the two errors against each other (the Pareto front marked)."""
    from matplotlib.figure import Figure

    two = len(names) == 2
    fig = Figure(figsize=(9.5 if two else 6.0, 3.4), layout="constrained")
    ax = fig.add_subplot(1, 2 if two else 1, 1)
    done = trials.dropna(subset=["worst"]) if len(trials) else trials
    if len(done):
        x = np.arange(1, len(done) + 1)
        ax.scatter(x, done["worst"], s=14, color="#607d8b", label="setting tried")
        ax.plot(x, np.minimum.accumulate(done["worst"].to_numpy()), color="#c62828", label="best so far")
    ax.axhline(1.0, color="#2e7d32", linestyle="--", linewidth=1, label="edge of the band")
    ax.set_xlabel("settings tried")
    ax.set_ylabel("worst error (0: centre, 1: edge)")
    ax.set_yscale("symlog", linthresh=1.0)
    ax.legend(loc="upper right", fontsize=8)
    if two and len(done):
        ax2 = fig.add_subplot(1, 2, 2)
        a, b = (f"error: {n}" for n in names)
        front = done["pareto"].astype(bool)
        ax2.scatter(done[a], done[b], s=14, color="#90a4ae", label="setting tried")
        ax2.scatter(done.loc[front, a], done.loc[front, b], s=24, color="#c62828", label="Pareto front")
        ax2.axvline(1.0, color="#2e7d32", linestyle="--", linewidth=1)
        ax2.axhline(1.0, color="#2e7d32", linestyle="--", linewidth=1)
        ax2.set_xlabel(a)
        ax2.set_ylabel(b)
        ax2.set_xscale("symlog", linthresh=1.0)
        ax2.set_yscale("symlog", linthresh=1.0)
        ax2.legend(loc="upper right", fontsize=8)
    return fig


def map_figure(trials: pd.DataFrame, names: Sequence[str], best: Mapping[str, Any]) -> Figure:
    """A figure of the settings tried over two options (``names``), coloured by their worst error."""
    from matplotlib.colors import Normalize
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    fig = Figure(figsize=(6.0, 4.2), layout="constrained")
    ax = fig.add_subplot(1, 1, 1)
    done = trials.dropna(subset=["worst"]) if len(trials) else trials
    coords: list[tuple[np.ndarray, list[str] | None]] = []
    for name in names:
        column = done[name] if len(done) else pd.Series([], dtype=float)
        if pd.api.types.is_numeric_dtype(column) and not pd.api.types.is_bool_dtype(column):
            coords.append((column.to_numpy(dtype=float), None))
        else:  # choices: their order of first appearance, labelled
            labels = list(dict.fromkeys(map(str, column)))
            coords.append((np.array([labels.index(str(v)) for v in column], dtype=float), labels))
    (x, xl), (y, yl) = coords
    # errors above 2 (twice the band's half-width) share the darkest colour: the region near the
    # targets keeps its shades
    points = ax.scatter(
        x, y, c=done["worst"].to_numpy(dtype=float), cmap="viridis_r", norm=Normalize(0.0, 2.0, clip=True),
        s=46, edgecolors="white", linewidths=0.5, label="setting tried",
    )  # fmt: skip
    fig.colorbar(points, ax=ax, label="worst error (0: centre, 1: edge, 2 or more)")
    if len(done):
        at = (done[names[0]].astype(str) == str(best.get(names[0]))) & (
            done[names[1]].astype(str) == str(best.get(names[1]))
        )
        ax.scatter(
            x[at.to_numpy()], y[at.to_numpy()], marker="*", s=260, color="#c62828", label="best, re-checked"
        )
    for name, ticks, axis in ((names[0], xl, ax.xaxis), (names[1], yl, ax.yaxis)):
        if ticks is not None:
            axis.set_ticks(range(len(ticks)), ticks)
        elif len(done) and pd.api.types.is_integer_dtype(done[name]):
            axis.set_major_locator(MaxNLocator(integer=True))  # whole-number options: no 17.5
    ax.set_xlabel(names[0])
    ax.set_ylabel(names[1])
    ax.legend(loc="best", fontsize=8)
    return fig


# --------------------------------------------------------------------------------------------------
# the search
# --------------------------------------------------------------------------------------------------


def _trial_row(
    params: Sequence[Param], targets: Sequence[Target], number: int, values: Sequence[Any], readings: Any
) -> dict[str, Any]:
    row: dict[str, Any] = {"trial": number}
    row.update({p.name: v for p, v in zip(params, values, strict=True)})
    if readings is None:
        row["worst"] = math.nan
        return row
    for t, r in zip(targets, readings, strict=True):
        row[t.name] = r.value
        row[f"error: {t.name}"] = error_of(t, r.value)
    row["worst"] = _worst(targets, readings)
    return row


def _table(rows: list[dict[str, Any]], targets: Sequence[Target]) -> pd.DataFrame:
    df = pd.DataFrame(rows)
    if not len(df):
        return df.assign(worst=pd.Series(dtype=float), pareto=pd.Series(dtype=bool))
    cols = [f"error: {t.name}" for t in targets]
    ok = df["worst"].notna().to_numpy()
    front = np.zeros(len(df), dtype=bool)
    if ok.any():
        front[np.flatnonzero(ok)] = pareto(df.loc[ok, cols].to_numpy(dtype=float))
    df["pareto"] = front
    return df


def _definition(
    game_id: str,
    fixed: Mapping[str, Any],
    params: Sequence[Param],
    targets: Sequence[Target],
    bots: Sequence[str],
    games: int,
    seed: int,
) -> dict[str, Any]:
    """What makes a search the same search (JSON): a resumed study must have been made by it."""
    said: dict[str, Any] = json.loads(
        json.dumps(
            {
                "game": game_id,
                "options": {k: checks.plain(v) for k, v in sorted(fixed.items())},
                "over": [
                    [p.name, p.kind, p.low, p.high, p.step, [p.label(c) for c in p.choices]] for p in params
                ],
                "targets": [[t.name, t.low, t.high, t.scale] for t in targets],
                "bots": list(bots),
                "games": games,
                "seed": seed,
            },
            default=str,
        )
    )
    return said


def _fresh_seed(seed: int) -> int:
    """The seed of the re-check: derived from the search's, never one of its games' seeds."""
    state = np.random.SeedSequence([seed, 0x7E57]).generate_state(2, dtype=np.uint64)
    return int(state[0]) << 64 | int(state[1])


def _searched(option: str, over: Mapping[str, Any]) -> bool:
    """True when ``over`` sets ``option`` (whole, or one of its entries)."""
    return any(isinstance(k, str) and (k == option or k.startswith(option + "[")) for k in over)


def _check_bots(bots: Any, game: Game) -> tuple[str, ...]:
    if bots is None:
        return (game.info.default_bot,)
    lineup = (bots,) if isinstance(bots, str) else bots
    if not isinstance(lineup, Sequence) or not lineup or not all(isinstance(b, str) for b in lineup):
        raise ValueError(f"bots must be a bot name or a list of bot names, got {short_repr(bots, 60)}")
    known = bot_names(game.id)
    for b in lineup:
        if b not in known:
            raise ValueError(
                f"bots: {short_repr(b, 40)} is not a bot of {game.id}; the bots are {', '.join(known)}"
            )
    return tuple(lineup)


def tune_spec(
    game: str | Game,
    targets: Mapping[str, Any] | Target | Sequence[Target],
    over: Mapping[str, Any],
    bots: str | Sequence[str] | None = None,
    budget: int = 40,
    *,
    games: int = 200,
    recheck: int | None = None,
    top: int = 3,
    seed: int = 0,
    workers: Any = 1,
    sampler: Any = "gp",
    storage: str | Path | None = None,
    progress: bool = True,
    on_trial: Callable[[pd.DataFrame], None] | None = None,
    stop: threading.Event | None = None,
    **options: Any,
) -> TuneSpec:
    """The search ``tune`` would run with these arguments, every one checked before any game."""
    if isinstance(game, Game):
        if options:
            raise ValueError(
                f"options {', '.join(options)} were given with a ready-made game; pass a game id instead"
            )
        game_id, fixed = game.id, dict(game.options)
    elif isinstance(game, str):
        game_id, fixed = game, dict(options)
        game = make(game_id, **options)  # the fixed options, checked (a ValueError names a bad one)
    else:
        raise ValueError(f"game must be a game id or a Game, got {short_repr(game, 60)}")
    if not options:  # a Game fixes every option but the searched ones
        fixed = {k: v for k, v in fixed.items() if not isinstance(over, Mapping) or not _searched(k, over)}
    params = check_over(over, game_id, fixed)
    lineup = _check_bots(bots, game)
    goals = check_targets(targets, game, lineup)
    budget = checks.integer("budget", budget, 1, MAX_BUDGET)
    games = checks.integer("games", games, 2, checks.MAX_GAMES)
    recheck = games * 4 if recheck is None else checks.integer("recheck", recheck, 2, checks.MAX_GAMES)
    top = checks.integer("top", top, 1, 100)
    seed = checks.seed("seed", seed)
    progress = checks.flag("progress", progress)
    if on_trial is not None and not callable(on_trial):
        raise ValueError(f"on_trial must be a callable taking a DataFrame, got {short_repr(on_trial, 40)}")
    if stop is not None and not callable(getattr(stop, "is_set", None)):
        raise ValueError(f"stop must be a threading.Event (or None), got {short_repr(stop, 40)}")
    if any(p.option == "players" for p in params):
        long = [t.name for t in goals if len(_lineup(t, lineup)) > 1 and t.measure != LADDER]
        if long:
            raise ValueError(
                f"over varies players, so a line-up must be one bot for every seat; {long[0]} names several"
            )
    lineups: dict[tuple[str, ...], list[int]] = {}
    for i, t in enumerate(goals):
        lineups.setdefault(_lineup(t, lineup), []).append(i)
    plan = _Plan(game_id, fixed, params, goals, lineups, games)
    chosen = _sampler(sampler, seed, budget, goals)
    sim_pool.as_pool(workers, games)  # the one rule of workers: a ValueError names it
    definition = _definition(game_id, fixed, params, goals, lineup, games, seed)
    path = _check_storage(storage, definition)
    return TuneSpec(
        plan, budget, recheck, top, seed, workers, chosen, path, definition, progress, on_trial, stop
    )


@dataclass(frozen=True)
class TuneSpec:
    """A search of ``isslab.tune``, every argument checked (:func:`tune_spec`); :func:`run_tune` plays it."""

    plan: _Plan
    budget: int
    recheck: int
    top: int
    seed: int
    workers: Any
    sampler: Any
    storage: Path | None
    definition: dict[str, Any]
    progress: bool = True
    on_trial: Callable[[pd.DataFrame], None] | None = None
    stop: threading.Event | None = None


def run_tune(spec: TuneSpec) -> TuneResult:
    """Run a checked search: the settings on one pool, then the re-check of the best."""
    import optuna

    with _quiet_optuna(), _pool(spec.workers, spec.plan.games) as pool:
        study = _study(spec.storage, spec.definition, spec.sampler)
        return _search(spec, study, pool, optuna)


def _checked_by(check: Callable[P, TuneSpec]) -> Callable[[Callable[[TuneSpec], R]], Callable[P, R]]:
    """Give a function of a checked search the arguments of ``check``: one signature serves both."""

    def decorate(play: Callable[[TuneSpec], R]) -> Callable[P, R]:
        @functools.wraps(play)
        def checked(*args: P.args, **kwargs: P.kwargs) -> R:
            return play(check(*args, **kwargs))

        # help() and the lab show check's arguments, with play's result
        checked.__signature__ = inspect.signature(check).replace(  # type: ignore[attr-defined]
            return_annotation=inspect.signature(play).return_annotation
        )
        return checked

    return decorate


@_checked_by(tune_spec)
def tune(spec: TuneSpec) -> TuneResult:
    """Search the values of ``over`` for the settings of ``game`` that best meet ``targets``.

    Called with the arguments of :func:`tune_spec`, which checks them all before the first game.

    ``game`` is a game id (``options`` fix the options not searched) or a ``Game`` (its options are
    fixed, but the searched ones). ``targets``: ``{measure: (low, high)}`` or ``isslab.Target``s,
    see :mod:`isslab.analysis.tune_targets` (``first_player_advantage``, ``median_length``,
    ``"score - fedor_score"``, ``{"ladder": ["random", "greedy", "mcts"]}``, any column or
    metric). ``over``: ``{option: (low, high) | range(...) | [values]}``, see
    :mod:`isslab.analysis.tune_space`. ``bots``: the line-up (a bot name for every seat, or one
    name per seat; the game's default bot by default); seats are rotated game by game.

    ``budget`` is the most settings tried (a setting proposed twice is played once; a space with
    fewer settings is searched whole). Each is played for ``games`` games per line-up, every
    setting on the same seeds (from ``seed``). Then the ``top`` best settings (with several
    targets, the best of the Pareto front) are played again for ``recheck`` games (four times
    ``games`` by default) on fresh seeds, and the best of them by its re-checked worst error is
    the answer. ``sampler`` is ``"gp"`` (a Gaussian process of each target's reading proposes the
    setting that could come closest: :mod:`isslab.analysis.tune_model`), ``"tpe"`` (Optuna's TPE
    of the worst error), ``"random"`` (random search: the baseline) or any
    ``optuna.samplers.BaseSampler``; the first third of a small budget (3 to 10 settings) is
    random with ``"gp"`` and ``"tpe"``.

    ``storage="search.log"`` keeps the study in that file and resumes it when the same search is
    run again (a file holding anything else is refused, never overwritten). ``workers``: processes
    (one pool for the whole search), an executor or a Dask client. ``on_trial(trials)`` is called
    with the table of settings tried after each one (a live plot); setting ``stop`` ends the search
    after the setting being played (the best so far is still re-checked).
    """
    return run_tune(spec)


def _search(spec: TuneSpec, study: optuna.Study, pool: Any, optuna: Any) -> TuneResult:
    plan, budget, recheck, top, seed = spec.plan, spec.budget, spec.recheck, spec.top, spec.seed
    progress, on_trial, stop = spec.progress, spec.on_trial, spec.stop
    params, goals = plan.params, plan.targets
    dists = {p.name: _distribution(p, optuna) for p in params}
    seen: dict[tuple[Any, ...], list[Reading] | None] = {}
    rows: list[dict[str, Any]] = []
    for t in study.get_trials(deepcopy=False):  # a resumed study: its settings are not played again
        if t.state.is_finished() and "readings" in t.user_attrs and all(p.name in t.params for p in params):
            values = tuple(p.read(t.params[p.name]) for p in params)
            got = t.user_attrs["readings"]
            stored = None if got is None else [Reading(*r) for r in got]
            if values not in seen:
                seen[values] = stored
                rows.append(_trial_row(params, goals, len(rows), values, stored))
    size = space_size(params)
    played = 0
    interrupted = False
    bar = tqdm(
        total=budget,
        initial=min(len(seen), budget),
        disable=not progress,
        desc=f"tune {plan.game_id}",
        unit="setting",
        leave=False,
    )
    try:
        asks = 0
        while len(seen) < min(budget, size) and asks < budget * _ASKS_PER_SETTING:
            if stop is not None and stop.is_set():
                interrupted = True
                break
            asks += 1
            trial = study.ask(dists)
            values = tuple(p.read(trial.params[p.name]) for p in params)
            if values in seen:  # the same seeds give the same games: nothing new to learn
                _tell(study, trial, goals, seen[values], optuna)
                continue
            try:
                readings: list[Reading] | None = _play(plan, plan.settings(values), seed, plan.games, pool)
            except ValueError as exc:  # a combination the game refuses (options that clash)
                trial.set_user_attr("refused", str(exc))
                readings = None
            except KeyboardInterrupt:
                study.tell(trial, state=optuna.trial.TrialState.FAIL)
                interrupted = True
                break
            played += plan.games * len(plan.lineups) if readings is not None else 0
            trial.set_user_attr(
                "readings", None if readings is None else [list(r.__dict__.values()) for r in readings]
            )
            seen[values] = readings
            _tell(study, trial, goals, readings, optuna)
            rows.append(_trial_row(params, goals, len(rows), values, readings))
            bar.update(1)
            best = min((r["worst"] for r in rows if not math.isnan(r["worst"])), default=math.nan)
            bar.set_postfix(best=f"{best:.3g}")
            if on_trial is not None:
                on_trial(_table(rows, goals))
    finally:
        bar.close()
    trials = _table(rows, goals)
    if not trials["worst"].notna().any():
        refused = [
            t.user_attrs.get("refused")
            for t in study.get_trials(deepcopy=False)
            if t.user_attrs.get("refused")
        ]
        raise ValueError(
            "no setting could be measured" + (f": the game refused them ({refused[0]})" if refused else "")
        )
    settings = list(seen)  # in the order of the trials table's rows
    rechecked, played_again = _recheck(plan, trials, settings, recheck, top, seed, pool)
    best = rechecked.attrs["best"]
    values = settings[int(rechecked.loc[rechecked["setting"] == best, "trial"].iloc[0])]
    gid, opts = options_of(params, values, plan.game_id, plan.fixed)
    return TuneResult(
        game=plan.game_id,
        targets=list(goals),
        params=list(params),
        trials=trials,
        rechecked=rechecked,
        best=dict(zip([p.name for p in params], values, strict=True)),
        best_game_id=gid,
        best_options=opts,
        study=study,
        games_played=played + played_again,
        interrupted=interrupted,
    )


def _distribution(p: Param, optuna: Any) -> Any:
    d = optuna.distributions
    if p.kind == "int":
        return d.IntDistribution(int(p.low), int(p.high), step=p.step)
    if p.kind == "float":
        return d.FloatDistribution(p.low, p.high)
    return d.CategoricalDistribution([p.label(c) for c in p.choices])


def _tell(
    study: Any, trial: Any, goals: Sequence[Target], readings: list[Reading] | None, optuna: Any
) -> None:
    worst = math.nan if readings is None else _worst(goals, readings)
    if math.isnan(worst):
        study.tell(trial, state=optuna.trial.TrialState.FAIL)
    else:
        study.tell(trial, worst)


def _recheck(
    plan: _Plan,
    trials: pd.DataFrame,
    settings: Sequence[tuple[Any, ...]],
    games: int,
    top: int,
    seed: int,
    pool: Any,
) -> tuple[pd.DataFrame, int]:
    """The best settings played again on fresh seeds: one row per setting and target."""
    names = [p.name for p in plan.params]
    done = trials.dropna(subset=["worst"])
    pool_rows = done[done["pareto"]] if len(plan.targets) > 1 else done
    picked = pool_rows.sort_values("worst", kind="stable").head(top)
    fresh = _fresh_seed(seed)
    rows = []
    for setting, (_, trial) in enumerate(picked.iterrows()):
        values = settings[int(trial["trial"])]
        readings = _play(plan, plan.settings(values), fresh, games, pool)
        for t, r in zip(plan.targets, readings, strict=True):
            row: dict[str, Any] = {"setting": setting, "trial": int(trial["trial"])}
            row.update(dict(zip(names, values, strict=True)))
            row.update(
                target=t.name,
                value=r.value,
                low=r.low,
                high=r.high,
                band=t.band,
                error=error_of(t, r.value),
                miss=miss_of(t, r.value),
                verdict=verdict(t, r),
                games=r.games,
                search_value=trial[t.name],
                pareto=bool(trial["pareto"]),
            )
            rows.append(row)
    out = pd.DataFrame(rows)
    worst = out.groupby("setting")["error"].max()
    errors = worst.to_numpy(dtype=float)
    out.attrs["best"] = int(worst.index[int(np.nanargmin(errors))]) if not np.isnan(errors).all() else 0
    out.attrs["fresh_seed"] = fresh
    return out, games * len(plan.lineups) * len(picked)
