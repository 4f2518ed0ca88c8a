"""The design targets of ``isslab.tune``: what a setting of the rules should give, read with intervals.

A :class:`Target` names a measure of the games and the band it should fall in. The measures:

* a designer metric of ``isslab.metrics`` (``first_player_advantage``, ``balance``, ``has_winner``,
  ``win_rate[red]``, ``duration_moves``, ``drama``, ...): its value and interval as ``metrics``
  gives them;
* a column of the rows (``win``, ``rounds``, ``modules``, ``score``): its mean per game and interval
  as ``isslab.compare`` gives them (``seat=`` or ``bot=`` says whose, for a column that differs
  between seats);
* the difference of two columns, written ``"score - fedor_score"`` (the solo margin over FEDOR);
* ``median_<column>`` (``median_length``, ``median_rounds``): the median per game, with the
  distribution-free interval of the order statistics;
* ``ladder``: a skill ladder, weakest bot first (``ladder=("random", "greedy", "mcts")``): the
  bots play each other, seats rotated, and the value is the smallest gap in win rate between two
  neighbouring rungs (positive: every rung beats the one below it; TAG's balance objective).

How close a value comes to its target is its **error**: 0 at the centre of a two-sided band and 1
at its edges (``|value - centre| / half-width``); for a one-sided band (``low`` alone, or ``high``
alone) 0 from ``scale`` inside the bound on, 1 at the bound. A target is **met** when the whole
interval lies inside the band; **missed** when the whole interval lies outside it; otherwise the
games do not settle it. ``miss`` is how far the value lies outside the band (0 inside), in the
measure's own units.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, replace
from typing import Any, Final

import numpy as np
import pandas as pd

import isslab.checks as checks
from isslab.analysis.designer import METRICS, metrics
from isslab.core import Game, ReturnsKind, bot_names, short_repr
from isslab.frames.frame import BASE_COLUMNS
from isslab.frames.stats import compare, per_game, z_value
from isslab.frames.trace import TRACE_COLUMNS

__all__ = [
    "LADDER",
    "Reading",
    "Target",
    "check_targets",
    "error_of",
    "is_metric",
    "measures",
    "median_interval",
    "miss_of",
    "read_target",
    "verdict",
]

#: the measure name of a skill ladder
LADDER: Final = "ladder"
#: the metrics of ``isslab.metrics`` that read per-step data (``trace=True``)
TRACED: Final = frozenset(
    ("first_player_advantage", "branching_factor", "decision_moves", "lead_changes", "drama", "decisiveness")
)
#: the metrics that have no value in a cooperative game
_SEAT_METRICS: Final = frozenset(
    ("balance", "first_player_advantage", "lead_changes", "drama", "decisiveness", "skill_trace")
)
#: ``"a - b"``: the difference of two columns
_DIFFERENCE: Final = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*-\s*([A-Za-z_][A-Za-z0-9_]*)\s*$")
#: the default scale of a one-sided ladder target (5 points of win rate)
_LADDER_SCALE: Final = 0.05


@dataclass(frozen=True)
class Target:
    """A design goal: ``measure`` of the games should fall between ``low`` and ``high``.

    ``seat`` or ``bot`` says whose value a column is, when it differs between seats. ``bots`` is
    the line-up whose games this target reads (None: the line-up given to ``tune``); a ladder
    plays its own rungs. ``scale`` sets how the error of a one-sided band grows (see the module).
    """

    measure: str
    low: float = -math.inf
    high: float = math.inf
    _: KW_ONLY
    seat: int | None = None
    bot: str | None = None
    bots: tuple[str, ...] | None = None
    ladder: tuple[str, ...] = ()
    scale: float | None = None

    @property
    def name(self) -> str:
        """How the target is named in tables: the measure, with whose value it is."""
        if self.measure == LADDER:
            return "ladder " + " < ".join(self.ladder)
        whose = f"[seat {self.seat}]" if self.seat is not None else f"[{self.bot}]" if self.bot else ""
        lineup = f" ({', '.join(self.bots)})" if self.bots else ""
        return f"{self.measure}{whose}{lineup}"

    @property
    def band(self) -> str:
        """The band in words: ``-0.02 to 0.02``, ``at least 0.05``, ``at most 40``."""
        if math.isinf(self.low):
            return f"at most {self.high:g}"
        if math.isinf(self.high):
            return f"at least {self.low:g}"
        return f"{self.low:g} to {self.high:g}"

    @property
    def traced(self) -> bool:
        """True when the measure needs per-step data (``simulate(..., trace=True)``)."""
        return self.measure in TRACED


@dataclass(frozen=True)
class Reading:
    """A target's measure on some games: the value, its 95% interval and the games it rests on."""

    value: float
    low: float
    high: float
    games: int


def error_of(target: Target, value: float) -> float:
    """How far ``value`` is from the target: 0 at its centre (or ``scale`` inside a one-sided bound), 1
    at the edge of its band, more outside; NaN for a value that could not be measured."""
    if math.isnan(value):
        return math.nan
    lo, hi = target.low, target.high
    if math.isfinite(lo) and math.isfinite(hi):
        return abs(value - (lo + hi) / 2) / ((hi - lo) / 2)
    scale = target.scale if target.scale is not None else 1.0
    if math.isfinite(lo):
        return max(0.0, (lo + scale - value) / scale)
    return max(0.0, (value - (hi - scale)) / scale)


def miss_of(target: Target, value: float) -> float:
    """How far ``value`` lies outside the band, in the measure's units (0 inside; NaN unmeasured)."""
    if math.isnan(value):
        return math.nan
    return max(0.0, target.low - value, value - target.high)


def verdict(target: Target, reading: Reading) -> str:
    """``met`` (the interval inside the band), ``missed`` (outside it) or ``unsettled``."""
    if math.isnan(reading.low) or math.isnan(reading.high):
        return "unsettled"
    if reading.low >= target.low and reading.high <= target.high:
        return "met"
    if reading.high < target.low or reading.low > target.high:
        return "missed"
    return "unsettled"


def median_interval(values: np.ndarray, level: float = 0.95) -> tuple[float, float]:
    """The distribution-free interval of a median: order statistics ``n/2 -+ z sqrt(n)/2`` (NaN below 2)."""
    x = np.sort(np.asarray(values, dtype=float))
    n = len(x)
    if n < 2:
        return (math.nan, math.nan)
    half = z_value(level) * math.sqrt(n) / 2
    lo = max(0, math.floor(n / 2 - half) - 1)  # 1-based rank floor(n/2 - half) as an index
    hi = min(n - 1, math.ceil(n / 2 + half))
    return (float(x[lo]), float(x[hi]))


# --------------------------------------------------------------------------------------------------
# checking the targets against a game
# --------------------------------------------------------------------------------------------------


def _columns(game: Game) -> list[str]:
    """The columns of a run's rows for ``game`` (the trace columns included)."""
    st = game.new_state()
    known = [*BASE_COLUMNS, *TRACE_COLUMNS, *st.game_stats()]
    for seat in st.seat_stats():
        known += [k for k in seat if k not in known]
    return known


def _metric_names(game: Game) -> list[str]:
    """The metrics of ``isslab.metrics`` that have a value in ``game``."""
    names = [fn.__name__ for fn in METRICS if fn.__name__ != "seat_win_rates"]
    coop = game.info.returns is ReturnsKind.COOPERATIVE
    if coop:
        return [n for n in names if n not in _SEAT_METRICS]
    seats = [f"win_rate[{game.seat_name(s)}]" for s in range(game.num_players)]
    return [*names, *seats]


def measures(game: Game) -> list[str]:
    """The measures a target of ``game`` may name: its metrics, the ladder, its columns, medians of them."""
    columns = [
        c for c in _columns(game) if c not in TRACE_COLUMNS and c not in ("game", "seed", "seat", "bot")
    ]
    ladder = [] if game.info.returns is ReturnsKind.COOPERATIVE else [LADDER]
    medians = [f"median_{c}" for c in ("length", "rounds") if c in columns]
    return [*_metric_names(game), *ladder, *medians, *columns]


def _band(what: str, value: Any) -> tuple[float, float]:
    """A band ``(low, high)``: two numbers, low below high (``None`` or an infinity for no bound)."""
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Sequence) or len(value) != 2:
        raise ValueError(
            f"target {what} needs a band (low, high) like (-0.02, 0.02) (None for no bound), "
            f"got {short_repr(value, 60)}"
        )
    lo = -math.inf if value[0] is None else checks.real(value[0])
    hi = math.inf if value[1] is None else checks.real(value[1])
    if math.isnan(lo) or math.isnan(hi) or not lo < hi or (math.isinf(lo) and math.isinf(hi)):
        raise ValueError(
            f"target {what}: the band must be (low, high) with low < high and at least one of them "
            f"finite, got {short_repr(value, 60)}"
        )
    return lo, hi


def _as_target(name: Any, value: Any) -> Target:
    """One entry of a ``targets`` dict as a :class:`Target`."""
    if not isinstance(name, str):
        raise ValueError(f"targets' keys must be measure names (texts), got {short_repr(name, 40)}")
    if name == LADDER:
        if isinstance(value, str) or not isinstance(value, Sequence):
            raise ValueError(
                f"target ladder takes its bots weakest first, like ['random', 'greedy'], got "
                f"{short_repr(value, 60)}"
            )
        return Target(LADDER, 0.0, math.inf, ladder=tuple(value), scale=_LADDER_SCALE)
    if isinstance(value, Target):
        return value
    lo, hi = _band(repr(name), value)
    return Target(name, lo, hi)


def check_targets(targets: Any, game: Game, bots: Sequence[str]) -> list[Target]:
    """``targets`` (a dict of measure -> band, a :class:`Target`, or a list of them) checked against
    ``game``: every measure known, every bot a bot of the game, every band a band."""
    if isinstance(targets, Target):
        items: list[Target] = [targets]
    elif isinstance(targets, Mapping):
        items = [_as_target(k, v) for k, v in targets.items()]
    elif isinstance(targets, Sequence) and not isinstance(targets, str | bytes):
        items = list(targets)
    else:
        raise ValueError(
            "targets must be a dict of measure -> (low, high), like {'first_player_advantage': "
            f"(-0.02, 0.02)}}, or a list of isslab.Target, got {short_repr(targets, 60)}"
        )
    if not items:
        raise ValueError("targets holds no target: name at least one measure and its band")
    out = [_check_target(t, game, bots) for t in items]
    names = [t.name for t in out]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"target {twice[0]!r} is given twice: give each target once")
    return out


def _check_target(t: Any, game: Game, bots: Sequence[str]) -> Target:
    if not isinstance(t, Target):
        raise ValueError(f"a target must be an isslab.Target, got {short_repr(t, 60)}")
    if not isinstance(t.measure, str):
        raise ValueError(f"a target's measure must be a name (text), got {short_repr(t.measure, 40)}")
    what = repr(t.measure)
    lo, hi = _band(what, (t.low, t.high))
    known_bots = bot_names(game.id)
    lineup = t.bots
    if lineup is not None:
        if isinstance(lineup, str):
            lineup = (lineup,)
        lineup = tuple(lineup)
        _check_bots(f"target {what}: bots", lineup, known_bots)
    scale = t.scale
    if scale is not None:
        scale = checks.real(scale)
        if not math.isfinite(scale) or scale <= 0:
            raise ValueError(f"target {what}: scale must be a positive number, got {short_repr(t.scale, 40)}")
    seat = None if t.seat is None else checks.seat(f"target {what}: seat", t.seat, game.num_players)
    if t.bot is not None and t.bot not in (lineup or bots):
        raise ValueError(
            f"target {what}: bot={short_repr(t.bot, 40)} does not play; the line-up is "
            f"{', '.join(lineup or bots)}"
        )
    if t.measure == LADDER:
        ladder = tuple(t.ladder)
        if len(ladder) < 2:
            raise ValueError(
                f"target ladder needs at least two bots, weakest first, got {short_repr(ladder)}"
            )
        _check_bots("target ladder", ladder, known_bots)
        if len(set(ladder)) != len(ladder):
            raise ValueError(f"target ladder names a bot twice: {', '.join(ladder)}")
        if game.info.returns is ReturnsKind.COOPERATIVE:
            raise ValueError(f"target ladder: {game.title} is cooperative, every seat has the same result")
        if len(ladder) > game.num_players:
            raise ValueError(
                f"target ladder has {len(ladder)} bots but the table has {game.num_players} seats: "
                "a ladder's bots play at one table"
            )
        return replace(t, low=lo, high=hi, ladder=ladder, bots=None, seat=None, bot=None, scale=scale)
    if t.ladder:
        raise ValueError(f"target {what}: ladder= is for the measure 'ladder' only")
    if math.isfinite(lo) != math.isfinite(hi) and scale is None:
        raise ValueError(
            f"target {what} has a one-sided band ({'at least' if math.isfinite(lo) else 'at most'} "
            f"{lo if math.isfinite(lo) else hi:g}): give isslab.Target(..., scale=s), how far inside the "
            "bound counts as fully met"
        )
    _check_measure(t.measure, game, seat, t.bot)
    return replace(t, low=lo, high=hi, bots=lineup, seat=seat, scale=scale)


def _check_bots(what: str, bots: Sequence[Any], known: Sequence[str]) -> None:
    for b in bots:
        if not isinstance(b, str) or b not in known:
            raise ValueError(
                f"{what}: {short_repr(b, 40)} is not a bot of the game; the bots are {', '.join(known)}"
            )


def _check_measure(measure: str, game: Game, seat: int | None, bot: str | None) -> None:
    """``ValueError`` unless ``measure`` is a metric, a column, ``median_<column>`` or ``a - b``."""
    columns = _columns(game)
    names = _metric_names(game)
    diff = _DIFFERENCE.match(measure)
    parts = [diff.group(1), diff.group(2)] if diff else [measure.removeprefix("median_")]
    if measure in names:
        if seat is not None or bot is not None:
            raise ValueError(
                f"target {measure!r} is a metric of the whole table: seat= and bot= are for columns"
            )
        return
    if all(p in columns and p not in TRACE_COLUMNS for p in parts):
        return
    if measure in {fn.__name__ for fn in METRICS} | {"win_rate"}:
        raise ValueError(f"target {measure!r} has no value in {game.title}: it is cooperative")
    raise ValueError(
        f"target {short_repr(measure, 40)} is not a measure of {game.title}; use a metric "
        f"({', '.join(names)}), a column ({', '.join(c for c in columns if c not in TRACE_COLUMNS)}), "
        "median_<column>, '<column> - <column>', or 'ladder'"
    )


# --------------------------------------------------------------------------------------------------
# reading a target from the rows of a run
# --------------------------------------------------------------------------------------------------


def is_metric(target: Target) -> bool:
    """True when the target's measure is a metric of ``isslab.metrics`` (read from its table)."""
    m = target.measure
    return m in {fn.__name__ for fn in METRICS} or m.startswith("win_rate[")


def read_target(target: Target, df: pd.DataFrame, table: pd.DataFrame | None = None) -> Reading:
    """The target's measure on ``df`` (the rows of its line-up): value, 95% interval, games.

    ``table`` is ``isslab.metrics(df)`` when the caller has it (one table serves every metric).
    """
    games = int(df["game"].nunique())
    m = target.measure
    if m == LADDER:
        return _read_ladder(target, df)
    if is_metric(target):
        if table is None:
            table = metrics(df)
        row = table[table["metric"] == m]
        if row.empty:
            return Reading(math.nan, math.nan, math.nan, games)
        r = row.iloc[0]
        return Reading(float(r["value"]), float(r["low"]), float(r["high"]), int(r["games"]))
    diff = _DIFFERENCE.match(m)
    if m.startswith("median_") and not diff:
        values = per_game(df, m.removeprefix("median_"), seat=target.seat, bot=target.bot)["value"]
        x = values.to_numpy(dtype=float)
        lo, hi = median_interval(x)
        return Reading(float(np.median(x)), lo, hi, len(x))
    column = m
    if diff:
        column = "__difference"
        df = df.assign(**{column: pd.to_numeric(df[diff.group(1)]) - pd.to_numeric(df[diff.group(2)])})
    out = compare(df, None, metric=column, seat=target.seat, bot=target.bot).iloc[0]
    return Reading(float(out["estimate"]), float(out["low"]), float(out["high"]), int(out["games"]))


def _read_ladder(target: Target, df: pd.DataFrame) -> Reading:
    """The smallest gap in win rate between neighbouring rungs, with that pair's paired interval."""
    rungs = []
    for b in target.ladder:
        part = per_game(df, "win", bot=b)
        rungs.append(part.assign(rung=b))
    stacked = pd.concat(rungs, ignore_index=True)
    stacked.attrs["game"] = df.attrs.get("game")
    worst: Reading | None = None
    for weak, strong in zip(target.ladder, target.ladder[1:], strict=False):
        pair = stacked[stacked["rung"].isin([weak, strong])]
        table = compare(pair, "rung", metric="value", baseline=weak)
        row = table[table["rung"] == strong].iloc[0]
        reading = Reading(
            float(row["diff"]), float(row["diff_low"]), float(row["diff_high"]), int(row["games"])
        )
        if worst is None or reading.value < worst.value:
            worst = reading
    assert worst is not None
    return worst
