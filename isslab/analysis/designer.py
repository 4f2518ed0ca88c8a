"""Designer metrics for any game, from simulation rows or game records: ``isslab.metrics``.

The metrics follow those Ludii offers game designers: balance across seats, first-player advantage,
shared wins and completion; duration in moves and rounds, branching factor and decision moves;
lead changes, drama and decisiveness (from each game's ``State.lead_scores`` hook); and skill trace.
Each metric is a function below whose docstring defines it; :func:`metrics` applies them all and
returns one row per metric with a 95% interval (methods as in :mod:`isslab.frames.stats`).

The metrics that need per-step data (first-player advantage, branching factor, decision moves,
lead changes, drama, decisiveness) read the per-game columns of ``simulate(..., trace=True)``
(see :mod:`isslab.frames.trace`); from records they are computed by replaying each game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import pandas as pd

import isslab.checks as checks
from isslab.core import Game, GameInfo, ReturnsKind, game_class, games, short_repr
from isslab.frames.adjust import LUCK_COLUMN, OPENING_COLUMN, adjusted_values
from isslab.frames.frame import BASE_COLUMNS, check_columns, identify, record_rows, swept
from isslab.frames.stats import ADJUSTS, mean_interval, wilson_interval
from isslab.frames.trace import TRACE_COLUMNS, summary, trace
from isslab.play import GameRecord

__all__ = [
    "GameTable",
    "Measure",
    "balance",
    "branching_factor",
    "completion",
    "decision_moves",
    "decisiveness",
    "drama",
    "duration_moves",
    "duration_rounds",
    "first_player_advantage",
    "has_winner",
    "lead_changes",
    "metrics",
    "seat_win_rates",
    "shared_wins",
    "skill_trace",
]

#: bootstrap resamples of the balance interval
_RESAMPLES: Final = 2000
#: the note of a metric that needs ``trace=True``
_NEEDS_TRACE: Final = "needs per-step data: simulate(..., trace=True)"
#: the note of a seat metric in a cooperative game
_COOP: Final = "cooperative game: every seat has the same result"


@dataclass(frozen=True)
class Measure:
    """One metric's value with its interval, the games it rests on, the method, and why it may be NaN."""

    value: float
    low: float
    high: float
    games: int
    method: str
    note: str = ""


def _nan(games: int, note: str) -> Measure:
    return Measure(math.nan, math.nan, math.nan, games, "", note)


def _rate(successes: float, n: int, level: float) -> Measure:
    low, high = wilson_interval(successes, n, level)
    return Measure(successes / n if n else math.nan, low, high, n, "Wilson")


def _mean(values: np.ndarray, level: float, note: str = "") -> Measure:
    values = values[~np.isnan(values)]
    if not len(values):
        return _nan(0, note or "no game to measure")
    low, high = mean_interval(values, level)
    return Measure(float(values.mean()), low, high, len(values), "normal", note)


@dataclass(frozen=True)
class GameTable:
    """One variant's games as the metrics read them (built by :func:`metrics`)."""

    info: GameInfo
    #: one row per game: length, rounds, end_reason and, with a trace, the trace columns
    games: pd.DataFrame
    #: games x seats: 1.0 where the seat won
    wins: np.ndarray
    #: games x seats: the bot of each seat
    bots: np.ndarray
    #: the seat names
    seat_names: tuple[str, ...]
    #: (strong, weak) bots for the skill trace
    skill: tuple[str, str]
    level: float = 0.95
    #: games x seats: each seat's luck of the draws (``simulate(..., luck=...)``), or None: no adjustment
    luck: np.ndarray | None = None
    #: games x seats: the part of it drawn before the first move (None when not recorded)
    opening: np.ndarray | None = None

    @property
    def count(self) -> int:
        """The number of games."""
        return len(self.games)

    @property
    def cooperative(self) -> bool:
        """True for a cooperative game (one result for all seats)."""
        return self.info.returns is ReturnsKind.COOPERATIVE

    @property
    def traced(self) -> bool:
        """True when the per-step columns are there (``trace=True``)."""
        return all(c in self.games for c in TRACE_COLUMNS)


# --------------------------------------------------------------------------------------------------
# the metrics
# --------------------------------------------------------------------------------------------------


def completion(t: GameTable) -> Measure:
    """Completion: the share of games ended by the rules, not stopped by a safety cap.

    A game counts as stopped when its end reason's name begins with ``UNFINISHED`` (the convention
    of the game packages for a cap such as Space: 1999's ``max_rounds``) or it has none. Wilson
    interval.
    """
    reasons = t.games["end_reason"].astype(str)
    done = ~(reasons.str.startswith("UNFINISHED") | (reasons == ""))
    return _rate(float(done.sum()), t.count, t.level)


def has_winner(t: GameTable) -> Measure:
    """Has winner: the share of games at least one seat won (cooperative: the team's win rate). Wilson."""
    return _rate(float((t.wins.sum(axis=1) > 0).sum()), t.count, t.level)


def shared_wins(t: GameTable) -> Measure:
    """Shared wins: the share of games won by two or more seats together (a tie, or a team). Wilson."""
    return _rate(float((t.wins.sum(axis=1) > 1).sum()), t.count, t.level)


def _adjusted(values: np.ndarray, t: GameTable) -> Measure:
    """The luck-adjusted mean of per-game ``values`` (every seat's luck as the control variate)."""
    assert t.luck is not None
    m = _mean(adjusted_values(values, t.luck), t.level)
    return Measure(m.value, m.low, m.high, m.games, "luck-adjusted normal", m.note)


def seat_win_rates(t: GameTable) -> list[tuple[str, Measure]]:
    """Win rate per seat: ``win_rate[<seat>]`` is the share of games that seat won. Wilson intervals
    (luck-adjusted normal intervals when the table holds the seats' luck).

    Seats are places at the table (seat 0, 1, ...), whoever plays them: with ``rotate_seats=True``
    every bot plays every seat equally often, so these rates measure the seats, not the bots.
    """
    if t.cooperative:
        return []
    return [
        (
            f"win_rate[{t.seat_names[s]}]",
            _rate(float(t.wins[:, s].sum()), t.count, t.level)
            if t.luck is None
            else _adjusted(t.wins[:, s], t),
        )
        for s in range(t.wins.shape[1])
    ]


def balance(t: GameTable) -> Measure:
    """Balance: ``1 - (highest seat win rate - lowest seat win rate)``; 1 when every seat wins equally often.

    Interval: percentile bootstrap over games (the games are resampled as a whole, so the seats'
    rates move together as they do in real games), 2,000 resamples, seeded. Few games make it
    look worse than it is (the spread of noisy rates is never below 0): the interval shows how far
    chance alone takes it.
    """
    if t.cooperative:
        return _nan(t.count, _COOP)
    if t.count == 0:
        return _nan(0, "no game to measure")
    rates = t.wins.mean(axis=0)
    value = 1 - float(rates.max() - rates.min())
    # resample the patterns of winning seats (at most 2**seats kinds) rather than the games
    patterns, counts = np.unique(t.wins, axis=0, return_counts=True)
    draws = np.random.default_rng(0).multinomial(t.count, counts / t.count, size=_RESAMPLES)
    boot = draws @ patterns / t.count
    stats = 1 - (boot.max(axis=1) - boot.min(axis=1))
    tail = (1 - t.level) / 2
    low, high = np.quantile(stats, [tail, 1 - tail])
    return Measure(value, float(low), float(high), t.count, "bootstrap")


def first_player_advantage(t: GameTable) -> Measure:
    """First-player advantage: the mean over games of ``won(first mover) - winners / seats``.

    The first mover is the seat that made a game's first move (``first_mover``, chance skipped);
    ``winners / seats`` is the mean result of a seat in that game. So 0 means the first mover wins
    as often as a seat on average; +0.1 means ten points more often. Normal approximation
    (luck-adjusted when the table holds the seats' luck).
    """
    if t.cooperative:
        return _nan(t.count, _COOP)
    if not t.traced:
        return _nan(t.count, _NEEDS_TRACE)
    first = pd.to_numeric(t.games["first_mover"], errors="coerce").fillna(-1).to_numpy(dtype=int)
    ok = first >= 0
    won = t.wins[np.flatnonzero(ok), first[ok]]
    values = won - t.wins[ok].mean(axis=1)
    if t.luck is not None and t.opening is not None and bool(ok.all()):
        # the first mover's luck after the first move (the opening luck chose the first mover, so
        # it is left out: what follows has mean zero whoever was chosen), and the others' mean
        after = t.luck - t.opening
        own = after[np.arange(len(first)), first]
        others = (after.sum(axis=1) - own) / max(after.shape[1] - 1, 1)
        m = _mean(adjusted_values(values.astype(float), np.column_stack([own, others])), t.level)
        return Measure(m.value, m.low, m.high, m.games, "luck-adjusted normal", m.note)
    return _mean(values.astype(float), t.level)


def duration_moves(t: GameTable) -> Measure:
    """Duration in moves: the mean number of moves per game (a seat's actions; chance steps not counted).

    Normal approximation, as for every mean here.
    """
    return _mean(t.games["length"].to_numpy(dtype=float), t.level)


def duration_rounds(t: GameTable) -> Measure:
    """Duration in rounds: the mean number of rounds per game, as the game counts them. Normal approx."""
    return _mean(t.games["rounds"].to_numpy(dtype=float), t.level)


def branching_factor(t: GameTable) -> Measure:
    """Branching factor: the mean over games of the mean number of legal actions offered at a game's moves."""
    if not t.traced:
        return _nan(t.count, _NEEDS_TRACE)
    return _mean(t.games["branching"].to_numpy(dtype=float), t.level)


def decision_moves(t: GameTable) -> Measure:
    """Decision moves: the mean over games of the share of a game's moves that offered more than one action.

    Games without a move are left out. Normal approximation.
    """
    if not t.traced:
        return _nan(t.count, _NEEDS_TRACE)
    length = t.games["length"].to_numpy(dtype=float)
    decisions = t.games["decision_moves"].to_numpy(dtype=float)
    share = np.divide(decisions, length, out=np.full_like(length, np.nan), where=length > 0)
    return _mean(share, t.level)


def _lead_note(t: GameTable, column: str) -> str | None:
    if t.cooperative:
        return _COOP
    if not t.traced:
        return _NEEDS_TRACE
    if t.games[column].isna().all():
        if column == "lead_changes" or t.games["lead_changes"].isna().all():
            return "the game declares no lead (State.lead_scores)"
        return "needs games that some seats won and others lost"
    return None


def lead_changes(t: GameTable) -> Measure:
    """Lead changes: the mean number of times per game that the sole leader changed (``isslab.frames.trace``).

    The leaders at a point (the start and after each step) are the seats with the highest
    ``lead_scores``; a point led by one seat alone counts a change when the previous such point was
    led by another seat. Normal approximation.
    """
    note = _lead_note(t, "lead_changes")
    if note:
        return _nan(t.count, note)
    return _mean(t.games["lead_changes"].to_numpy(dtype=float), t.level)


def drama(t: GameTable) -> Measure:
    """Drama: the mean over games of the share of a game's points at which the eventual winner trailed.

    A winner trails at a point when no winner is among the leaders. Games nobody or everybody won
    are left out. 0: the winner never trailed; 0.5: it trailed half the game. Normal approximation.
    """
    note = _lead_note(t, "drama")
    if note:
        return _nan(t.count, note)
    return _mean(t.games["drama"].to_numpy(dtype=float), t.level)


def decisiveness(t: GameTable) -> Measure:
    """Decisiveness: the mean over games of ``1 - k / steps``, k the point from which only winners led.

    k is the first point (0 = the start) from which, at every later point, every leader is a
    winner. 1: the winner led alone from the start; 0: settled by the last step. Games nobody or
    everybody won are left out. Normal approximation.
    """
    note = _lead_note(t, "decisiveness")
    if note:
        return _nan(t.count, note)
    return _mean(t.games["decisiveness"].to_numpy(dtype=float), t.level)


def skill_trace(t: GameTable) -> Measure:
    """Skill trace: how much the stronger bot beats the weaker one where they meet.

    Over the games in which both bots of ``skill=(strong, weak)`` (by default the game's default bot
    and ``random``) hold seats: the mean of (mean win of the strong bot's seats - mean win of the
    weak bot's seats). +1: the strong bot always wins and the weak never; 0: skill does not show.
    Normal approximation.
    """
    strong, weak = t.skill
    if t.cooperative:
        return _nan(t.count, _COOP)
    is_strong = t.bots == strong
    is_weak = t.bots == weak
    both = is_strong.any(axis=1) & is_weak.any(axis=1)
    if strong == weak or not both.any():
        return _nan(
            0,
            f"needs games where {strong} meets {weak}: simulate(bots=[{strong!r}, {weak!r}, ...], "
            "rotate_seats=True) or metrics(..., skill=(strong, weak))",
        )
    w, s, k = t.wins[both], is_strong[both], is_weak[both]
    values = (w * s).sum(axis=1) / s.sum(axis=1) - (w * k).sum(axis=1) / k.sum(axis=1)
    return _mean(values, t.level)


#: the metrics in the order of the table (seat win rates add one row per seat)
METRICS: Final[tuple[Callable[[GameTable], Any], ...]] = (
    completion,
    has_winner,
    shared_wins,
    seat_win_rates,
    balance,
    first_player_advantage,
    duration_moves,
    duration_rounds,
    branching_factor,
    decision_moves,
    lead_changes,
    drama,
    decisiveness,
    skill_trace,
)


# --------------------------------------------------------------------------------------------------
# building the tables
# --------------------------------------------------------------------------------------------------


def _records_frame(records: Sequence[GameRecord]) -> pd.DataFrame:
    """The rows ``simulate(..., trace=True)`` would give for these records (each game replayed once)."""
    game = records[0].game
    rows: list[tuple[Any, ...]] = []
    extra: list[str] = []
    for i, rec in enumerate(records):
        if not isinstance(rec, GameRecord):
            raise ValueError(
                f"metrics takes GameRecords or a simulate frame; item {i} is a {type(rec).__name__}"
            )
        if rec.game != game:
            raise ValueError(
                f"record {i} is a game of {rec.game!r}, record 0 of {game!r}: give the metrics of one "
                "game at a time (or a sweep frame with by=)"
            )
        mine, extra = record_rows(rec, i, extra, summary(trace(rec)))
        rows += mine
    df = pd.DataFrame(rows, columns=[*BASE_COLUMNS, *TRACE_COLUMNS, *extra])
    df.attrs["game"] = game.id
    df.attrs["seat_names"] = [game.seat_name(s) for s in range(game.num_players)]
    return df


def _info(df: pd.DataFrame, game: Game | str | None) -> GameInfo:
    """The game of the frame: ``game`` if given (it must agree with the frame's attrs), else the attrs'."""
    said = df.attrs.get("game")
    if isinstance(game, Game):
        gid, info = game.id, game.info
    elif game is not None:
        if not isinstance(game, str) or game not in games(variants=True):
            raise ValueError(
                f"game must be a Game or a game id (one of {', '.join(games())}), got {short_repr(game, 40)}"
            )
        gid, info = game, game_class(game).INFO
    elif isinstance(said, str) and said in games(variants=True):
        return game_class(said).INFO
    else:
        raise ValueError(
            "the frame does not say which game it holds (its attrs were lost, as pd.concat drops them when "
            "the frames' attrs differ): pass game='<id>'"
        )
    if isinstance(said, str) and said != gid:
        raise ValueError(f"the frame holds games of {said!r}, not of {gid!r}: pass the game it holds")
    return info


def _refuse_pooled(df: pd.DataFrame, by: Sequence[str]) -> None:
    """A sweep's frame is measured per point of its grid: pooling its variants would mix them silently."""
    mixed = [c for c in swept(df) if c not in by and df[c].astype(str).nunique() > 1]
    if mixed:
        named = ", ".join(repr(c) for c in mixed)
        raise ValueError(
            f"this frame is a sweep over {named}: its games were played under different values, and metrics "
            f"without by= would pool them into one. Give by={mixed if len(mixed) > 1 else mixed[0]!r} (one "
            "row per metric and value), or keep one value first, e.g. "
            f"df[df[{mixed[0]!r}] == df[{mixed[0]!r}].iloc[0]]"
        )


def _check_trace(df: pd.DataFrame) -> None:
    """The trace columns, when present, hold numbers (NaN where a game has none); ``first_mover`` a seat."""
    for c in TRACE_COLUMNS:
        if c not in df.columns:
            continue
        values = pd.to_numeric(df[c], errors="coerce").astype(float)
        given = df[c].notna()
        if bool((values.isna() & given).any()) or bool(np.isinf(values).any()):
            raise ValueError(f"metrics: the trace column {c!r} must hold numbers (it was edited?)")
    if "first_mover" in df.columns:  # NaN: a game played without trace=True
        first = pd.to_numeric(df["first_mover"], errors="coerce").dropna()
        if bool(((first < -1) | (first > df["seat"].max()) | (first != first.round())).any()):
            raise ValueError("metrics: the trace column 'first_mover' must hold a seat of the game, or -1")


def _table(
    part: pd.DataFrame,
    info: GameInfo,
    skill: tuple[str, str],
    level: float,
    key: Sequence[str],
    adjust: bool = False,
) -> GameTable:
    """One variant's rows as a :class:`GameTable`; every game must have one row per seat."""
    part = part.sort_values([*key, "seat"], kind="stable")
    per_game = part.groupby(list(key), sort=False, dropna=False)["seat"].agg(["size", "min", "max"])
    seats = int(per_game["size"].iloc[0]) if len(per_game) else 0
    if len(per_game) and not bool((per_game["size"] == seats).all()):
        raise ValueError(
            "the games of one variant have different numbers of seats (rows missing, or several player "
            "counts): compare player counts with by='players'"
        )
    if len(per_game) and not bool(((per_game["min"] == 0) & (per_game["max"] == seats - 1)).all()):
        raise ValueError(f"a game's rows must be its seats 0 to {seats - 1}, one row each: rows are missing")
    if seats > len(info.seat_names) or (len(per_game) and seats < info.min_players):
        raise ValueError(
            f"the games have {seats} seats, but {info.title} is played by {info.min_players} to "
            f"{info.max_players}: is the frame of another game?"
        )
    first = part[part["seat"] == 0] if len(part) else part
    table_games = first.reset_index(drop=True)
    wins = part["win"].to_numpy(dtype=float).reshape(len(table_games), seats)
    bots = part["bot"].astype(str).to_numpy().reshape(len(table_games), seats)
    names = tuple(info.seat_names[:seats])
    luck = None
    if adjust and LUCK_COLUMN in part.columns:
        flat = pd.to_numeric(part[LUCK_COLUMN], errors="coerce").to_numpy(dtype=float)
        luck = flat.reshape(len(table_games), seats) if bool(np.isfinite(flat).all()) else None
    opening = None
    if luck is not None and OPENING_COLUMN in part.columns:
        flat = pd.to_numeric(part[OPENING_COLUMN], errors="coerce").to_numpy(dtype=float)
        opening = flat.reshape(len(table_games), seats) if bool(np.isfinite(flat).all()) else None
    return GameTable(info, table_games, wins, bots, names, skill, level, luck, opening)


def metrics(
    data: pd.DataFrame | Iterable[GameRecord],
    by: str | Sequence[str] | None = None,
    *,
    skill: tuple[str, str] | None = None,
    level: float = 0.95,
    game: Game | str | None = None,
    win_chances: bool = False,
    adjust: str = "auto",
) -> pd.DataFrame:
    """Designer metrics of a game, one row per metric (and variant, with ``by``), with intervals.

    ``data`` is a frame of ``isslab.simulate`` / ``isslab.sweep`` (with ``trace=True`` for the
    metrics that need per-step data) or a list of ``GameRecord``s of one game (replayed for their
    per-step data). ``by`` names the column(s) of a variant, as in ``isslab.compare``; a sweep's frame
    must name its grid's columns there (or keep one value of each): without, its variants would be pooled
    into one, and that is refused with a message naming them. ``skill`` is
    the (strong, weak) pair of bots of the skill trace. ``game`` names the game when the frame has
    lost its attrs.

    Columns: the variant's, ``metric``, ``value``, ``low`` and ``high`` (the ``level`` interval),
    ``games`` (how many games the value rests on), ``method`` (Wilson, normal, bootstrap) and
    ``note`` (why a value is NaN). The metrics and their precise definitions are the functions of
    :mod:`isslab.analysis.designer`: completion, has_winner, shared_wins, win_rate[seat], balance,
    first_player_advantage, duration_moves, duration_rounds, branching_factor, decision_moves,
    lead_changes, drama, decisiveness, skill_trace.

    ``win_chances=True`` adds the metrics read from win chances (every game reviewed with the
    fitted model: :mod:`isslab.analysis.winmetrics`): luck_share, luck_size, decisions_size,
    comeback_rate, decided_at, lead_changes_wc.

    ``adjust`` as in ``isslab.compare``: when the frame holds every seat's ``luck``
    (``simulate(..., luck="model")``), ``"auto"`` and ``"luck"`` give the seats' win rates and the
    first-player advantage luck-adjusted (method ``luck-adjusted normal``); ``"none"`` gives them plain.
    """
    level = checks.level("level", level)
    adjust = checks.choice("adjust", adjust, ADJUSTS)
    if adjust == "luck" and (not isinstance(data, pd.DataFrame) or LUCK_COLUMN not in data.columns):
        raise ValueError(
            "adjust='luck' needs the per-seat luck column of isslab.simulate(..., luck='model'); this "
            "data has none: play with luck=..., or use adjust='none'"
        )
    win_chances = checks.flag("win_chances", win_chances)
    if isinstance(data, pd.DataFrame):
        df = data
    elif isinstance(data, Iterable) and not isinstance(data, str | bytes):
        records = list(data)
        if not records:
            raise ValueError("metrics of no records: give at least one GameRecord")
        if not isinstance(records[0], GameRecord):
            raise ValueError(
                f"metrics takes GameRecords or a simulate frame, got a list of {type(records[0]).__name__}"
            )
        df = _records_frame(records)
        game = game if game is not None else records[0].game
    else:
        raise ValueError(f"metrics takes a simulate/sweep frame or GameRecords, got {short_repr(data, 60)}")
    keys = checks.column_names("by", by)
    required = ["game", "seat", "bot", "win", "length", "rounds", "end_reason"]
    check_columns(df, "metrics", [*required, *(["seed"] if "seed" in df.columns else [])], by=keys)
    _refuse_pooled(df, keys)
    if not len(df):
        raise ValueError("the frame holds no rows: there are no games to measure")
    info = _info(df, game)
    if skill is None:
        skill = (info.default_bot, "random")
    elif not isinstance(skill, tuple | list) or len(skill) != 2 or not all(isinstance(b, str) for b in skill):
        raise ValueError(f"skill must be a (strong, weak) pair of bot names, got {short_repr(skill, 60)}")
    df, key = identify(df, keys)  # refuses a frame in which two games share an identity
    _check_trace(df)
    seats = pd.to_numeric(df["seat"], errors="coerce")
    if len(df) and (seats.isna().any() or (seats < 0).any() or (seats != seats.round()).any()):
        raise ValueError(
            "the seat column must hold seat numbers 0, 1, ...: is it a frame of isslab.simulate?"
        )
    groups = df.groupby(keys, sort=False, dropna=False) if keys else [((), df)]
    rows: list[dict[str, Any]] = []
    for group, part in groups:
        values = group if isinstance(group, tuple) else (group,)
        table = _table(part, info, (str(skill[0]), str(skill[1])), level, key, adjust != "none")
        for fn in METRICS:
            got = fn(table)
            named = got if isinstance(got, list) else [(fn.__name__, got)]
            for name, m in named:
                row = dict(zip(keys, values, strict=True))
                row.update(
                    metric=name,
                    value=m.value,
                    low=m.low,
                    high=m.high,
                    games=m.games,
                    method=m.method,
                    note=m.note,
                )
                rows.append(row)
    out = pd.DataFrame(rows)
    if win_chances:
        from isslab.analysis.winmetrics import grouped_rows

        source = df if isinstance(data, pd.DataFrame) else records
        out = pd.concat([out, grouped_rows(source, keys)], ignore_index=True)
    out.attrs.update(game=df.attrs.get("game"), level=level, skill=list(skill))
    return out
