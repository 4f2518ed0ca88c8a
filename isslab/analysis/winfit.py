"""Fitting the win-chance model: the training rows of simulated games, and the regression.

A model learns from positions of simulated games, each labelled with the result its game reached
(in a win/lose game each seat's share of the win). The games of a fit are played by one line-up
(``bots``), or, for a *table model*, by line-ups drawn game by game from a ``pool`` of bots
(:func:`draw_lineup`): the bot of each seat is a feature (:func:`.features.lineup_features`), so the
model learns what each line-up is worth and evaluates any line-up of the pool's bots.

Rows come in groups: every seat of one position judged from one seat's view (a cooperative game:
the team, one row). In a game with hidden information two seats' views are taken of each position,
so the model sees each seat from its own view, own hand included, and from a rival's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

import isslab.checks as checks
from isslab.analysis.features import add_lineup, progress_features, seat_features
from isslab.analysis.winmodel import (
    DEFAULT_GAMES,
    DEFAULT_POSITIONS,
    FitSpec,
    WinModel,
    lineup_key,
    result_shares,
)
from isslab.core import Game, ReturnsKind, make, short_repr
from isslab.core.registry import _BOTS
from isslab.play import BotSpec, derive_seeds, expand_bots, play
from isslab.sim.chunks import run_chunks
from isslab.sim.pool import Workers

__all__ = [
    "GAME_PREFIX",
    "STRONG",
    "Rows",
    "as_lineup",
    "collect",
    "draw_lineup",
    "fit",
    "fit_rows",
    "table_pool",
]

#: a feature seen in fewer rows than this share is dropped (it would only fit noise)
MIN_SHARE: Final = 0.01
#: a path with more distinct one-hot names than this (cards, dots) gives no one-hot features
MAX_NAMES: Final = 12
#: the L2 penalty's inverse strength (scikit-learn's ``C``)
REGULARISATION: Final = 0.005
#: the features the penalty holds back less (see ``fit_rows``), and by how much they are enlarged
STRONG: Final = ("standing", "place", "leads alone", "steps", "rounds", "to move", "bot=", "rivals bot=")
STRONG_WEIGHT: Final = 10.0
#: the features of who plays (``features.lineup_features``): never dropped as too many names
_WHO: Final = ("bot=", "rivals bot=")
#: a game's own features (its ``win_features`` hook) named with this prefix enter large as well: the
#: game's measure of the race, like its standing, is what the model should lean on
GAME_PREFIX: Final = "game."
#: the most games one fit may simulate
MAX_GAMES: Final = 200_000
#: games per chunk of work handed to a pool worker
_CHUNK: Final = 50
#: shared bots a table model's pool leaves out: search bots (whole searches at every move) and the
#: degenerate ``first``
_NOT_IN_POOL: Final = frozenset({"first", "mcts", "ismcts", "expert", "hard"})


def _check_game(game: Game | str) -> Game:
    if isinstance(game, str):
        return make(game)
    if not isinstance(game, Game):
        raise ValueError(f"game must be a game id or a Game, got {short_repr(game, 60)}")
    return game


def as_lineup(game: Game, bots: BotSpec | None) -> tuple[str, ...]:
    """The bots of a line-up as names, one per seat (None: the game's default bot in every seat).

    A model names its bots, so callables are refused; so is a name no bot of the game has.
    """
    if bots is None:
        return (game.info.default_bot,) * game.num_players
    seq = expand_bots(game, bots)
    if not all(isinstance(b, str) for b in seq):
        raise ValueError("a fitted model names its bots: give bot names, not callables")
    from isslab.core import bot

    for name in seq:
        bot(game.id, str(name))  # a bad name fails here, naming the bots there are
    return tuple(str(b) for b in seq)


def table_pool(game: Game) -> tuple[str, ...]:
    """The bots a table model of ``game`` is fitted on: the default bot first, the game's other own bots,
    and ``random`` (search bots are left out: their games are too slow to simulate by the thousand)."""
    ids = {game.id}
    base = getattr(game, "VARIANT_OF", None)
    if base:
        ids.add(base)
    own = sorted({name for owner, name in _BOTS if owner in ids} - _NOT_IN_POOL - {game.info.default_bot})
    return (game.info.default_bot, *own, "random")


def draw_lineup(pool: Sequence[str], n: int, rng: random.Random) -> tuple[str, ...]:
    """A line-up for one training game of a table model, drawn from ``pool`` (its default bot first).

    A quarter of the games every seat plays the default bot; a quarter one seat plays another bot of
    the pool; a quarter every seat plays one bot of the pool; a quarter each seat draws its own.
    """
    kind = rng.random()
    default, others = pool[0], list(pool[1:]) or [pool[0]]
    if kind < 0.25:
        return (default,) * n
    if kind < 0.5:
        seat, other = rng.randrange(n), rng.choice(others)
        return tuple(other if s == seat else default for s in range(n))
    if kind < 0.75:
        return (rng.choice(list(pool)),) * n
    return tuple(rng.choice(list(pool)) for _ in range(n))


def lineup_of(spec: FitSpec, n: int, seed: int) -> tuple[str, ...]:
    """The line-up of the training game with ``seed`` under ``spec``."""
    if not spec.pool:
        return spec.bots
    return draw_lineup(spec.pool, n, random.Random(seed ^ 0x1E5B0))


@dataclass
class Rows:
    """Training rows: a sparse feature matrix with its column names, and per row its progress, label,
    game (an index into ``lengths`` and ``lineups``), place in its game (``at``: the position's step
    over its game's steps, in [0, 1)) and group (the rows of one position judged from one view share
    a group)."""

    x: Any  # scipy.sparse.csr_matrix (scipy ships no types)
    names: list[str]
    steps: npt.NDArray[np.float64]
    labels: npt.NDArray[np.float64]
    games: npt.NDArray[np.int64]
    at: npt.NDArray[np.float64]
    #: the length (steps) of each game collected
    lengths: list[int]
    group: npt.NDArray[np.int64]
    #: per row: the seat judged, and whether the view is its own
    seat: npt.NDArray[np.int64]
    own: npt.NDArray[np.bool_]
    #: per game collected: its line-up
    lineups: list[tuple[str, ...]]

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

    def select(self, mask: npt.NDArray[np.bool_]) -> Rows:
        """The rows where ``mask`` holds, whole groups kept whole (a group is in if any of its rows is)."""
        keep_groups = np.unique(self.group[mask])
        sel = np.isin(self.group, keep_groups)
        _, group = np.unique(self.group[sel], return_inverse=True)
        return Rows(
            self.x[sel], self.names, self.steps[sel], self.labels[sel], self.games[sel], self.at[sel],
            self.lengths, group.astype(np.int64), self.seat[sel], self.own[sel], self.lineups,
        )  # fmt: skip

    @staticmethod
    def join(parts: Sequence[Rows]) -> Rows:
        """One set of rows from several (their column names merged, their groups kept apart)."""
        from scipy import sparse

        index: dict[str, int] = {}
        for part in parts:
            for name in part.names:
                index.setdefault(name, len(index))
        mats = []
        groups = []
        game_ids = []
        offset = played = 0
        for part in parts:
            remap = np.array([index[n] for n in part.names], dtype=np.int64)
            coo = part.x.tocoo()
            mats.append(
                sparse.csr_matrix((coo.data, (coo.row, remap[coo.col])), shape=(coo.shape[0], len(index)))
            )
            groups.append(part.group + offset)
            offset += int(part.group.max()) + 1 if len(part.group) else 0
            game_ids.append(part.games + played)  # each part counts its games from 0
            played += len(part.lengths)

        def cat(arrays: list[Any], dtype: Any) -> Any:
            return np.concatenate(arrays) if arrays else np.zeros(0, dtype=dtype)

        return Rows(
            sparse.vstack(mats).tocsr() if mats else sparse.csr_matrix((0, 0)),
            list(index),
            cat([p.steps for p in parts], float),
            cat([p.labels for p in parts], float),
            cat(game_ids, np.int64),
            cat([p.at for p in parts], float),
            [n for p in parts for n in p.lengths],
            cat(groups, np.int64),
            cat([p.seat for p in parts], np.int64),
            cat([p.own for p in parts], bool),
            [lu for p in parts for lu in p.lineups],
        )


def _win_lose(game: Game) -> bool:
    """Results are shares of a win: two or more seats, not a team (checked on the results as well)."""
    return game.info.returns is not ReturnsKind.COOPERATIVE and game.num_players >= 2


def _collect_chunk(game: Game, spec: FitSpec, seeds: list[int], positions: int) -> Rows:
    """Play the games of ``seeds`` and take ``positions`` positions of each (a pool worker's chunk).

    Per position, groups of rows: every seat judged from one seat's view (two views, of two seats,
    with hidden information; one otherwise); a cooperative game: one seat, from its own view (every
    seat has the result).
    """
    from sklearn.feature_extraction import DictVectorizer

    feats: list[dict[str, float]] = []
    steps: list[float] = []
    labels: list[float] = []
    games: list[int] = []
    at: list[float] = []
    lengths: list[int] = []
    group: list[int] = []
    seats: list[int] = []
    own: list[bool] = []
    lineups: list[tuple[str, ...]] = []
    n = game.num_players
    hidden = game.info.hidden_information
    coop = game.info.returns is ReturnsKind.COOPERATIVE
    win_lose = _win_lose(game)
    default = game.info.default_bot
    for g, seed in enumerate(seeds):
        lineup = lineup_of(spec, n, seed)
        lineups.append(lineup)
        rec = play(game, list(lineup), seed=seed)
        result = result_shares(rec.returns, win_lose and all(r in (0.0, 1.0) for r in rec.returns))
        states = rec.states()[:-1]
        pick = random.Random(seed ^ 0x5EED)
        chosen = sorted(pick.sample(range(len(states)), min(positions, len(states))))
        lengths.append(len(states))
        for i in chosen:
            s = states[i]
            extra = progress_features(s)
            if coop or n == 1:
                o = pick.randrange(n)
                views = [(o, [o])]
            elif hidden:
                a, b = pick.sample(range(n), 2)
                views = [(a, list(range(n))), (b, list(range(n)))]
            else:
                views = [(pick.randrange(n), list(range(n)))]
            for obs, judged in views:
                seen = seat_features(s, obs)
                add_lineup(seen, lineup, default)
                gid = group[-1] + 1 if group else 0
                for t in judged:
                    f = seen[t]
                    f.update(extra)
                    feats.append(f)
                    steps.append(float(s.move_number))
                    labels.append(result[t])
                    games.append(g)
                    at.append(i / len(states))
                    group.append(gid)
                    seats.append(t)
                    own.append(obs == t)
    vec = DictVectorizer(sparse=True)
    x = vec.fit_transform(feats).tocsr()
    return Rows(
        x, vec.get_feature_names_out().tolist(), np.asarray(steps), np.asarray(labels),
        np.asarray(games, dtype=np.int64), np.asarray(at), lengths, np.asarray(group, dtype=np.int64),
        np.asarray(seats, dtype=np.int64), np.asarray(own, dtype=bool), lineups,
    )  # fmt: skip


def collect(
    game: Game | str,
    games: int = DEFAULT_GAMES,
    bots: str | Sequence[str] | None = None,
    seed: int = 0,
    positions: int = DEFAULT_POSITIONS,
    workers: Workers = 1,
    progress: bool = False,
    *,
    pool: Sequence[str] = (),
    on_progress: Callable[[int, int], None] | None = None,
) -> Rows:
    """Simulate ``games`` games and return rows from ``positions`` positions of each (the fit's data).

    ``pool``: line-ups drawn game by game from these bots (a table model), instead of ``bots``.
    ``on_progress(done, total)`` is called with the games done after every chunk.
    """
    game = _check_game(game)
    spec = _spec(game, games, bots, seed, positions, pool)
    games, positions, seed = spec.games, spec.positions, spec.seed
    progress = checks.flag("progress", progress)
    seeds = derive_seeds(seed, games)
    chunks = [(game, spec, seeds[i : i + _CHUNK], positions) for i in range(0, games, _CHUNK)]
    sizes = [len(c[2]) for c in chunks]
    parts = []
    done = 0
    for part, size in zip(
        run_chunks(_collect_chunk, chunks, workers, progress, f"fitting {game.id}", sizes), sizes, strict=True
    ):
        parts.append(part)
        done += size
        if on_progress is not None:
            on_progress(done, games)
    return Rows.join(parts)


def _spec(
    game: Game, games: int, bots: str | Sequence[str] | None, seed: int, positions: int, pool: Sequence[str]
) -> FitSpec:
    """The fit's spec, its arguments checked."""
    games = checks.integer("games", games, 10, MAX_GAMES)
    positions = checks.integer("positions", positions, 1, 1000)
    seed = checks.seed("seed", seed)
    if pool:
        if isinstance(pool, str) or not all(isinstance(b, str) for b in pool) or len(set(pool)) != len(pool):
            raise ValueError(f"a pool is distinct bot names, the default first; got {short_repr(pool, 80)}")
        as_lineup(game, list(pool)[:1] * game.num_players)
        for name in pool:
            as_lineup(game, name)
        return FitSpec(games, positions, (), seed, tuple(pool))
    return FitSpec(games, positions, as_lineup(game, bots), seed)


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
    support &= np.array(
        [n.startswith(_WHO) or groups.get(n.partition("=")[0], 0) <= MAX_NAMES for n in names], dtype=bool
    )
    if keep is not None:
        prefixes = tuple(keep)
        support &= np.array([n.startswith(prefixes) for n in names], dtype=bool)
    kept = np.flatnonzero(support)
    x = x[:, kept].tocsr()
    kept_names = [names[i] for i in kept]
    scaler = MaxAbsScaler().fit(x)
    scale = np.where(scaler.scale_ > 0, scaler.scale_, 1.0)
    # the standing, progress and line-up features enter larger, so the penalty holds them back less
    # than the many view features: with few games the model leans on the standing and on who plays,
    # and adds what the view tells beyond them (a prior, in effect, that these matter most)
    strong = np.array(
        [n.rpartition("|")[2].startswith((*STRONG, GAME_PREFIX)) for n in kept_names], dtype=bool
    )
    scale = np.where(strong, scale / STRONG_WEIGHT, scale)
    mean_len = float(np.mean(rows.lengths)) if length is None else length
    lengths = _lengths(rows, mean_len)
    labels = np.asarray(rows.labels, dtype=float)
    # a win/lose game (a solo game against an automaton too): results in [0, 1], whatever was seen
    chances = game.info.returns is not ReturnsKind.COOPERATIVE and bool(np.all((labels >= 0) & (labels <= 1)))
    shares = chances and _win_lose(game)
    if chances:
        lo, hi = 0.0, 1.0
    else:
        lo, hi = float(labels.min()), float(labels.max())
        if hi <= lo:
            raise ValueError(
                f"every training game of {game.id} ended with the same result {lo}: nothing to learn "
                "(play more games, or other bots)"
            )
    y = (labels - lo) / (hi - lo)
    if np.all(y == y[0]) and y[0] in (0.0, 1.0):
        # every game lost (a solo game against an automaton the bots never beat): a constant chance,
        # Laplace's rule of succession over the games, rather than no model at all
        games = len(rows.lengths)
        rate = (float(y[0]) * games + 0.5) / (games + 1.0)
        coef = np.zeros((1, 2 * len(kept_names)))
        intercept = np.array([np.log(rate / (1.0 - rate))])
        return WinModel(
            game, spec, kept_names, scale, coef, intercept, [lo, hi], mean_len, shares, None, lengths
        )
    per_game = np.array([lengths.get(lineup_key(lu), mean_len) for lu in rows.lineups] or [mean_len])
    prog = np.minimum(2.0, np.asarray(rows.steps) / per_game[rows.games])
    xs = x @ sparse.diags(1.0 / scale)
    design = sparse.hstack([xs, sparse.diags(prog) @ xs]).tocsr()
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
    return WinModel(
        game, spec, kept_names, scale, lr.coef_, lr.intercept_, [lo, hi], mean_len, shares, None, lengths
    )


#: a line-up's mean length is drawn toward the mean of all games as if this many games had it
_LENGTH_PRIOR: Final = 5


def _lengths(rows: Rows, mean_len: float) -> dict[str, float]:
    """The mean length of the games of each line-up (its bots, in any order), drawn toward the mean of
    all games by ``_LENGTH_PRIOR`` games: a race of ``random`` bots lasts ten times one of ``greedy``."""
    sums: dict[str, list[float]] = {}
    for lineup, n in zip(rows.lineups, rows.lengths, strict=True):
        acc = sums.setdefault(lineup_key(lineup), [0.0, 0.0])
        acc[0] += n
        acc[1] += 1
    return {
        key: round((total + _LENGTH_PRIOR * mean_len) / (count + _LENGTH_PRIOR), 2)
        for key, (total, count) in sorted(sums.items())
    }


def fit(
    game: Game | str,
    games: int = DEFAULT_GAMES,
    bots: str | Sequence[str] | None = None,
    seed: int = 0,
    workers: Workers = 1,
    positions: int = DEFAULT_POSITIONS,
    progress: bool = True,
    *,
    pool: Sequence[str] = (),
    on_progress: Callable[[int, int], None] | None = None,
) -> WinModel:
    """Fit a win-chance model of ``game`` on ``games`` simulated games played by ``bots`` (the game's
    default bot in every seat), or by line-ups drawn from ``pool`` (a table model).

    Same arguments, same model, for any ``workers`` (as ``simulate`` reads them). The
    model is not cached by this call; :func:`.winprob.model` caches what it fits.
    """
    game = _check_game(game)
    spec = _spec(game, games, bots, seed, positions, pool)
    rows = collect(
        game,
        spec.games,
        spec.bots or None,
        spec.seed,
        spec.positions,
        workers,
        progress,
        pool=spec.pool,
        on_progress=on_progress,
    )
    return fit_rows(game, rows, spec)
