"""Honest intervals for simulation results: ``isslab.compare`` and the interval helpers it builds on.

Every interval here is a two-sided confidence interval at ``level`` (95% by default):

* a **rate** (a share of games: wins, completions) gets a **Wilson** score interval, which stays
  inside [0, 1] and is honest for rates near 0 or 1 and for few games, where the textbook
  ``p +- 1.96 sqrt(p(1-p)/n)`` is not;
* a **mean** (moves per game, a per-game share) gets the **normal approximation**
  ``mean +- z * sd / sqrt(n)`` (the central limit theorem; good from some tens of games);
* a **difference** between two variants played on the same seeds (common random numbers) is a
  **paired** interval: the normal approximation on the per-seed differences, which removes the
  part of the noise both variants share; on different seeds it is **Newcombe's** hybrid score
  interval for two rates, or **Welch's** normal approximation for two means;
* ``method="bootstrap"`` replaces all of these by percentile bootstrap intervals (seeds resampled
  together when paired), for statistics whose distribution is far from normal.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from statistics import NormalDist
from typing import Any, Final

import numpy as np
import pandas as pd

import isslab.checks as checks
from isslab.checks import MAX_RESAMPLES
from isslab.core import short_repr
from isslab.frames.adjust import LUCK_COLUMN, adjusted_values
from isslab.frames.frame import check_columns, check_frame, identify

__all__ = [
    "Interval",
    "bootstrap_interval",
    "compare",
    "in_words",
    "mean_interval",
    "newcombe_interval",
    "per_game",
    "wilson_interval",
    "z_value",
]

#: bootstrap resamples drawn per block (bounds the memory of a bootstrap of many games)
_BLOCK: Final = 64
#: the methods ``compare`` offers
METHODS: Final = ("auto", "bootstrap")
#: the estimators ``compare`` offers: the luck-adjusted one where the frame holds luck ("auto"), or not
ADJUSTS: Final = ("auto", "luck", "none")

Interval = tuple[float, float]


def z_value(level: float = 0.95) -> float:
    """The two-sided normal quantile of ``level`` (1.96 for 95%)."""
    return NormalDist().inv_cdf(0.5 + checks.level("level", level) / 2)


def wilson_interval(successes: float, n: int, level: float = 0.95) -> Interval:
    """Wilson score interval of a rate ``successes / n`` (NaNs for no games)."""
    if n <= 0:
        return (math.nan, math.nan)
    z = z_value(level)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(max(p * (1 - p) / n + z * z / (4 * n * n), 0.0))
    # at 0 or n successes the bound is exactly 0 or 1 (rounding would leave 1e-17 off)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return (low, high)


def mean_interval(values: np.ndarray, level: float = 0.95) -> Interval:
    """Normal-approximation interval of a mean: ``mean +- z sd / sqrt(n)`` (NaNs below two values)."""
    n = len(values)
    if n < 2:
        return (math.nan, math.nan)
    mean = float(np.mean(values))
    half = z_value(level) * float(np.std(values, ddof=1)) / math.sqrt(n)
    return (mean - half, mean + half)


def newcombe_interval(k1: float, n1: int, k2: float, n2: int, level: float = 0.95) -> Interval:
    """Newcombe's hybrid score interval of ``k1/n1 - k2/n2`` (two rates from independent games)."""
    if n1 <= 0 or n2 <= 0:
        return (math.nan, math.nan)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson_interval(k1, n1, level)
    l2, u2 = wilson_interval(k2, n2, level)
    d = p1 - p2
    return (
        d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
        d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2),
    )


def welch_interval(a: np.ndarray, b: np.ndarray, level: float = 0.95) -> Interval:
    """Normal-approximation interval of ``mean(a) - mean(b)`` for independent samples (Welch's s.e.)."""
    if len(a) < 2 or len(b) < 2:
        return (math.nan, math.nan)
    d = float(np.mean(a) - np.mean(b))
    se = math.sqrt(float(np.var(a, ddof=1)) / len(a) + float(np.var(b, ddof=1)) / len(b))
    half = z_value(level) * se
    return (d - half, d + half)


def _boot_means(values: np.ndarray, idx_rng: np.random.Generator, resamples: int) -> np.ndarray:
    """Means of ``resamples`` bootstrap resamples of ``values`` (in blocks: bounded memory)."""
    n = len(values)
    out = np.empty(resamples)
    for lo in range(0, resamples, _BLOCK):
        hi = min(resamples, lo + _BLOCK)
        idx = idx_rng.integers(0, n, size=(hi - lo, n))
        out[lo:hi] = values[idx].mean(axis=1)
    return out


def bootstrap_interval(
    values: np.ndarray,
    level: float = 0.95,
    resamples: int = 2000,
    seed: int = 0,
    minus: np.ndarray | None = None,
) -> Interval:
    """Percentile bootstrap interval of ``mean(values)`` (or of ``mean(values) - mean(minus)``).

    With ``minus``, the two samples are resampled independently (different games); for a paired
    difference pass the per-seed differences as ``values``. Seeded: the same data give the same
    interval. ``resamples`` is at most ``MAX_RESAMPLES`` (20,000).
    """
    z_value(level)  # checks the level
    resamples = checks.integer("resamples", resamples, 1, MAX_RESAMPLES)
    seed = checks.seed("seed", seed)
    if len(values) < 2 or (minus is not None and len(minus) < 2):
        return (math.nan, math.nan)
    rng = np.random.default_rng(seed)
    stats = _boot_means(np.asarray(values, dtype=float), rng, resamples)
    if minus is not None:
        stats = stats - _boot_means(np.asarray(minus, dtype=float), rng, resamples)
    tail = (1 - level) / 2
    low, high = np.quantile(stats, [tail, 1 - tail])
    return (float(low), float(high))


def per_game(
    df: pd.DataFrame,
    metric: str,
    by: str | Sequence[str] | None = None,
    seat: int | None = None,
    bot: str | None = None,
    luck: bool = False,
) -> pd.DataFrame:
    """One row per variant and game: the variant's columns, ``seed`` and the game's ``value`` of ``metric``.

    ``metric`` is a column of the frame. A column that differs between the seats of one game (wins,
    returns, ranks) needs ``seat`` (one seat's value) or ``bot`` (the mean over that bot's seats).
    ``luck=True`` adds every seat's luck (``luck_0``, ``luck_1``, ...: the ``luck`` column of a frame
    of ``simulate(..., luck=...)``), the regressors of the luck-adjusted estimate.
    """
    keys = checks.column_names("by", by)
    if not isinstance(metric, str):
        raise ValueError(f"metric must be a column name, got {short_repr(metric, 40)}")
    df = check_frame(df, ["game", "seed", metric], "compare", by=keys)
    check_columns(df, "compare", ["game", "seed", *(["seat"] if "seat" in df.columns else [])])
    if not len(df):
        raise ValueError("the frame holds no rows: there is nothing to compare")
    if seat is not None:
        check_frame(df, ["seat"], "seat=")
        seat = checks.integer("seat", seat, 0, 10_000)
    if bot is not None:
        check_frame(df, ["bot"], "bot=")
        if not isinstance(bot, str):
            raise ValueError(f"bot must be a bot name (text), got {short_repr(bot, 40)}")
    df, key = identify(df, keys)  # refuses a frame in which two games share an identity
    rows = df
    if seat is not None:
        rows = rows[rows["seat"] == seat]
        if rows.empty:
            seats = sorted(int(s) for s in df["seat"].unique())
            raise ValueError(f"no rows for seat={short_repr(seat, 20)}; the seats are {seats}")
    if bot is not None:
        rows = rows[rows["bot"] == bot]
        if rows.empty:
            bots = ", ".join(sorted(map(str, df["bot"].unique())))
            raise ValueError(f"no rows for bot={short_repr(bot, 40)}; the bots are: {bots}")
    try:
        values = pd.to_numeric(rows[metric], errors="coerce").astype(float)
    except (TypeError, ValueError):
        values = pd.Series(np.nan, index=rows.index)
    if values.isna().all():
        raise ValueError(f"column {metric!r} holds no numbers: metric must be a column of numbers")
    if bool(np.isinf(values.to_numpy()).any()):
        raise ValueError(f"column {metric!r} holds infinite values: a mean of them says nothing")
    work = rows[key].assign(value=values.to_numpy())
    grouped = work.groupby(key, sort=False, dropna=False)
    out = grouped.agg(value=("value", "mean"), lo=("value", "min"), hi=("value", "max"))
    if seat is None and bot is None and bool((out["hi"] > out["lo"]).any()):
        seats = sorted(int(s) for s in df["seat"].unique()) if "seat" in df else []
        bots = ", ".join(sorted(map(str, df["bot"].unique()))) if "bot" in df else ""
        raise ValueError(
            f"{metric!r} differs between the seats of a game: say whose it is with seat= (one of {seats}) "
            f"or bot= (one of {bots})"
        )
    out = out.drop(columns=["lo", "hi"])
    if luck:
        wide = df.pivot_table(index=key, columns="seat", values=LUCK_COLUMN, aggfunc="first", dropna=False)
        wide.columns = [f"{LUCK_COLUMN}_{int(c)}" for c in wide.columns]
        out = out.join(wide.fillna(0.0))
    return out.reset_index()


def _is_rate(values: np.ndarray) -> bool:
    return bool(np.isin(values, (0.0, 1.0)).all())


def _estimate(values: np.ndarray, level: float, method: str, resamples: int, seed: int) -> Interval:
    if method == "bootstrap":
        return bootstrap_interval(values, level, resamples, seed)
    if _is_rate(values):
        return wilson_interval(float(values.sum()), len(values), level)
    return mean_interval(values, level)


def _difference(
    a: pd.Series, b: pd.Series, paired: bool, level: float, method: str, resamples: int, seed: int
) -> tuple[Interval, str]:
    """Interval of mean(a) - mean(b) (Series indexed by seed) and the name of its method."""
    x, y = a.to_numpy(dtype=float), b.to_numpy(dtype=float)
    if paired:
        d = (a - b.reindex(a.index)).to_numpy(dtype=float)
        if method == "bootstrap":
            return bootstrap_interval(d, level, resamples, seed), "paired bootstrap"
        return mean_interval(d, level), "paired normal"
    if method == "bootstrap":
        return bootstrap_interval(x, level, resamples, seed, minus=y), "bootstrap"
    if _is_rate(x) and _is_rate(y):
        return newcombe_interval(float(x.sum()), len(x), float(y.sum()), len(y), level), "Newcombe"
    return welch_interval(x, y, level), "Welch normal"


class _Variant:
    """One variant's per-game values (indexed by seed) and, for the luck-adjusted estimate, its luck."""

    def __init__(self, part: pd.DataFrame, luck: list[str]) -> None:
        seeds = part["seed"].to_numpy()
        self.values = pd.Series(part["value"].to_numpy(dtype=float), index=seeds)
        self.luck = pd.DataFrame(part[luck].to_numpy(dtype=float), index=seeds) if luck else None

    def adjusted(self) -> pd.Series:
        """The per-game values minus their cross-fitted luck part (the values when there is no luck)."""
        if self.luck is None:
            return self.values
        y = adjusted_values(self.values.to_numpy(), self.luck.to_numpy())
        return pd.Series(y, index=self.values.index)


def _adjusted_difference(
    v: _Variant, base: _Variant, paired: bool, level: float, method: str, resamples: int, seed: int
) -> tuple[float, Interval, str]:
    """The luck-adjusted difference of ``v`` from ``base``: estimate, interval, method."""
    if paired:
        assert v.luck is not None and base.luck is not None
        d = (v.values - base.values.reindex(v.values.index)).to_numpy(dtype=float)
        x = np.hstack([v.luck.to_numpy(), base.luck.reindex(v.values.index).to_numpy()])
        adj = adjusted_values(d, x)
        if method == "bootstrap":
            return float(adj.mean()), bootstrap_interval(adj, level, resamples, seed), "paired bootstrap"
        return float(adj.mean()), mean_interval(adj, level), "paired normal"
    a, b = v.adjusted().to_numpy(), base.adjusted().to_numpy()
    if method == "bootstrap":
        return float(a.mean() - b.mean()), bootstrap_interval(a, level, resamples, seed, minus=b), "bootstrap"
    return float(a.mean() - b.mean()), welch_interval(a, b, level), "Welch normal"


def _use_luck(df: pd.DataFrame, adjust: str) -> bool:
    """Whether ``compare`` adjusts for luck: ``adjust`` and the frame's ``luck`` column decide."""
    held = LUCK_COLUMN in df.columns and bool(pd.to_numeric(df[LUCK_COLUMN], errors="coerce").notna().all())
    if adjust == "luck" and not held:
        raise ValueError(
            "adjust='luck' needs the per-seat luck column of isslab.simulate(..., luck='model') (or "
            "luck='standing'); this frame has none: play with luck=..., or use adjust='none'"
        )
    return held and adjust != "none"


def compare(
    df: pd.DataFrame,
    by: str | Sequence[str] | None,
    metric: str = "win",
    baseline: Any = None,
    *,
    seat: int | None = None,
    bot: str | None = None,
    paired: bool | None = None,
    method: str = "auto",
    level: float = 0.95,
    resamples: int = 2000,
    seed: int = 0,
    adjust: str = "auto",
) -> pd.DataFrame:
    """One row per variant: the estimate of ``metric``, its difference from a baseline, and intervals.

    ``df`` is a frame of ``isslab.sweep`` (or ``simulate`` rows with a column naming the variant);
    ``by`` names the column(s) that define a variant (None: one variant, no difference); ``metric``
    is a column, reduced to one value per game (``seat=`` or ``bot=`` says whose, for a column
    that differs between seats: ``win``, ``returns``, ``rank``). ``baseline`` is the variant the
    others are compared with: a value of ``by`` (a tuple for several columns); the first variant
    by default.

    Columns: the variant's, ``games``, ``estimate`` (mean over games: a rate for a 0/1 metric) with
    ``low``/``high``, ``diff`` (estimate minus the baseline's) with ``diff_low``/``diff_high``,
    ``paired``, ``method`` and ``estimator`` (``"luck-adjusted"`` or ``"plain"``). The baseline's
    own difference is 0 with no interval.

    Method (``level`` two-sided, 95% by default). Estimates: Wilson score interval when every
    per-game value is 0 or 1, else the normal approximation mean +- z sd/sqrt(n). Differences:
    *paired* when the variant and the baseline played exactly the same seeds (``paired=None``
    decides so; ``paired=False`` forces the unpaired interval): the normal approximation on the
    per-seed differences, which cancels the luck both variants share (common random numbers). Unpaired:
    Newcombe's hybrid score interval for two rates, Welch's normal approximation otherwise.
    ``method="bootstrap"`` uses percentile bootstrap intervals everywhere (``resamples`` draws,
    seeded by ``seed``; seeds resampled together when paired).

    Luck adjustment (``adjust``): when the frame holds every seat's ``luck`` (``simulate(...,
    luck="model")``), ``"auto"`` (the default) and ``"luck"`` subtract from each game's value its
    part explained by the luck of the draws (a control variate of mean exactly zero, with
    coefficients cross-fitted on the other half of the games: :mod:`isslab.frames.adjust`): the same
    expected estimate, a narrower normal interval. ``"none"`` gives the plain estimate.
    """
    method = checks.choice("method", method, METHODS)
    adjust = checks.choice("adjust", adjust, ADJUSTS)
    level = checks.level("level", level)
    paired = checks.optional_flag("paired", paired)
    resamples = checks.integer("resamples", resamples, 1, MAX_RESAMPLES)
    seed = checks.seed("seed", seed)
    keys = checks.column_names("by", by)
    seat = None if seat is None else checks.integer("seat", seat, 0, 10_000)
    use_luck = _use_luck(df, adjust) if isinstance(df, pd.DataFrame) else False
    games = per_game(df, metric, keys, seat=seat, bot=bot, luck=use_luck)
    luck_cols = [c for c in games.columns if c.startswith(f"{LUCK_COLUMN}_")] if use_luck else []
    variants: dict[tuple[Any, ...], _Variant] = {}
    for key, part in games.groupby(keys, sort=False, dropna=False) if keys else [((), games)]:
        k = key if isinstance(key, tuple) else (key,)
        variants[k] = _Variant(part, luck_cols)
    if baseline is None:
        base_key = next(iter(variants))
    else:
        if not keys:
            raise ValueError("baseline needs by= (the column of the variants it is one of)")
        base_key = baseline if isinstance(baseline, tuple) and len(keys) > 1 else (baseline,)
        try:
            known = base_key in variants
        except TypeError:  # a list or a dict: never a variant's value
            known = False
        if not known:
            shown = ", ".join(short_repr(k[0] if len(k) == 1 else k, 30) for k in list(variants)[:12])
            raise ValueError(
                f"baseline {short_repr(baseline, 40)} is not a variant; the variants are: {shown}"
                + (" (a tuple of one value per by column)" if len(keys) > 1 else "")
            )
    base = variants[base_key]
    rate = all(_is_rate(v.values.to_numpy()) for v in variants.values())
    estimator = "luck-adjusted" if use_luck else "plain"
    rows = []
    for key, variant in variants.items():
        values = variant.values
        x = values.to_numpy(dtype=float)
        if use_luck:
            adj = variant.adjusted().to_numpy()
            low, high = (
                bootstrap_interval(adj, level, resamples, seed)
                if method == "bootstrap"
                else mean_interval(adj, level)
            )
            est_method = "luck-adjusted " + ("bootstrap" if method == "bootstrap" else "normal")
            estimate = float(adj.mean())
        else:
            low, high = _estimate(x, level, method, resamples, seed)
            est_method = "bootstrap" if method == "bootstrap" else ("Wilson" if _is_rate(x) else "normal")
            estimate = float(x.mean())
        row: dict[Hashable, Any] = dict(zip(keys, key, strict=True))
        row.update(games=len(x), estimate=estimate, low=low, high=high)
        if key == base_key:
            row.update(diff=0.0, diff_low=math.nan, diff_high=math.nan, paired=False, method=est_method)
        else:
            same = (
                values.index.is_unique
                and base.values.index.is_unique
                and len(values) == len(base.values)
                and bool(values.index.isin(base.values.index).all())
            )
            if paired and not same:
                raise ValueError(
                    f"paired=True needs the same seeds in every variant; variant {short_repr(key, 40)} "
                    "and the baseline played different seeds"
                )
            use_pair = same if paired is None else bool(paired)
            if use_luck:
                diff, (dlow, dhigh), diff_method = _adjusted_difference(
                    variant, base, use_pair, level, method, resamples, seed
                )
                diff_method = "luck-adjusted " + diff_method
            else:
                (dlow, dhigh), diff_method = _difference(
                    values, base.values, use_pair, level, method, resamples, seed
                )
                diff = float(x.mean() - base.values.to_numpy(dtype=float).mean())
            row.update(
                diff=diff,
                diff_low=dlow,
                diff_high=dhigh,
                paired=use_pair,
                method=f"estimate: {est_method}; difference: {diff_method}",
            )
        row["estimator"] = estimator
        rows.append(row)
    out = pd.DataFrame(rows)
    out.attrs.update(
        metric=metric, level=level, baseline=list(base_key), seat=seat, bot=bot, adjust=estimator, rate=rate
    )
    return out


def widest(table: pd.DataFrame) -> float:
    """The largest half-width among the intervals of a ``compare`` table (estimates and differences)."""
    halves = [(table["high"] - table["low"]) / 2, (table["diff_high"] - table["diff_low"]) / 2]
    values = pd.concat(halves).dropna()
    return float(values.max()) if len(values) else math.inf


def _num(x: float, rate: bool) -> str:
    return f"{x:.1%}" if rate else f"{x:.4g}"


def in_words(table: pd.DataFrame) -> str:
    """A ``compare`` table in plain sentences: each variant's estimate and what its difference shows.

    A difference whose interval excludes 0 is called shown; one whose interval includes 0 is not
    shown at this number of games (which is not evidence that there is none). A luck-adjusted table
    (``compare(..., adjust=...)``) says so before each estimate.
    """
    keys = [c for c in table.columns if c not in _COMPARE_COLUMNS]
    rate = table.attrs.get("rate")
    if rate is None:
        rate = bool(((table["estimate"] >= 0) & (table["estimate"] <= 1)).all()) and all(
            "Wilson" in m or "bootstrap" in m for m in table["method"]
        )
    adjusted = table.attrs.get("adjust") == "luck-adjusted"
    level = float(table.attrs.get("level", 0.95))
    metric = str(table.attrs.get("metric", "the metric"))
    metric = "win rate" if metric == "win" else metric
    whose = table.attrs.get("bot") or (
        f"seat {table.attrs['seat']}" if table.attrs.get("seat") is not None else ""
    )
    what = f"{metric} of {whose}" if whose else metric
    name = ", ".join(f"{k}={v}" for k, v in zip(keys, table.attrs.get("baseline") or [], strict=False))
    lines = []
    for _, r in table.iterrows():
        label = ", ".join(f"{k}={r[k]}" for k in keys) or "all games"
        head = (
            f"{label}: {'luck-adjusted ' if adjusted else ''}{what} {_num(r['estimate'], rate)} "
            f"({level:.0%} interval {_num(r['low'], rate)} "
            f"to {_num(r['high'], rate)}, {r['games']} games)"
        )
        if math.isnan(r["diff_low"]):
            lines.append(head + " - the baseline.")
            continue
        diff = f"{r['diff']:+.1%}" if rate else f"{r['diff']:+.4g}"
        low = f"{r['diff_low']:+.1%}" if rate else f"{r['diff_low']:+.4g}"
        high = f"{r['diff_high']:+.1%}" if rate else f"{r['diff_high']:+.4g}"
        shown = r["diff_low"] > 0 or r["diff_high"] < 0
        verdict = (
            "a difference shown"
            if shown
            else "the interval includes 0: no difference shown at this number of games"
        )
        how = "paired on the same seeds" if r["paired"] else "unpaired"
        lines.append(f"{head}; {diff} against {name or 'the baseline'} ({how}: {low} to {high}) - {verdict}.")
    return "\n".join(lines)


_COMPARE_COLUMNS: Final = frozenset(
    ("games", "estimate", "low", "high", "diff", "diff_low", "diff_high", "paired", "method", "estimator")
)
