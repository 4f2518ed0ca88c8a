"""Plots of simulation results: matplotlib functions that take the DataFrames of ``simulate``,
``sweep``, ``compare`` and ``metrics``, for scripts, notebooks and the widgets alike.

Every function draws on the ``ax`` it is given, or on a new pyplot figure when ``ax`` is None. The
widgets (the lab, the what-if runner) pass axes of a plain ``matplotlib.figure.Figure``: that path
never touches pyplot, so it is safe in a background thread. Needs matplotlib (the ``notebooks``
extra); nothing here is Jupyter-specific.

Honest pictures: counts (moves, rounds, scientists hired) get whole-number ticks and histogram bins
centred on whole numbers; rates and means carry 95% confidence intervals; rate axes start at 0, so
a difference of a few points is drawn as small as it is. Seat colours are the game's own
(``game.info.seat_colours``); other series use a palette that is no game's seat colours. A game is
counted once however its frame was built (:func:`isslab.frames.frame.game_key`).

The sections: who won and every game as a dot (the lab's picture); comparisons and metrics; seats,
lengths and sweeps; rates with Wilson intervals (result bands); 1969's design questions (score laws,
scientists hired, turn order, prestige margins); the strength table.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from isslab.core import game_class, games
from isslab.frames import stats
from isslab.frames.frame import check_columns, identify
from isslab.frames.stats import _COMPARE_COLUMNS

__all__ = [
    "game_outcomes",
    "game_points",
    "hire_value_table",
    "integer_bins",
    "lab_figure",
    "margin_table",
    "option_means",
    "outcome_figure",
    "outcome_table",
    "plot_by_option",
    "plot_compare",
    "plot_games",
    "plot_hire_value",
    "plot_length",
    "plot_metric",
    "plot_outcomes",
    "plot_rates",
    "plot_score_laws",
    "plot_strength",
    "plot_sweep",
    "plot_turn_order",
    "plot_win_rates",
    "png_bytes",
    "rate_table",
    "seat_colours",
    "turn_order_table",
    "variant_labels",
    "wilson_interval",
    "win_table",
]

#: colours of the outcomes that are no seat: nobody won, several seats won together
NOBODY, SHARED = "#bdbdbd", "#7f7f7f"
#: colours of series that are not seats (score laws, swept values): no game's seat colours
_PALETTE = ("#4c72b0", "#dd8452", "#55a868", "#8172b3", "#937860", "#da8bc3", "#8c8c8c", "#ccb974")


def _axes(ax: Axes | None, size: tuple[float, float] = (5, 3)) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt  # only when the caller wants a new (notebook) figure

    _, new = plt.subplots(figsize=size)
    return new


def _by(by: str | Sequence[str] | None) -> list[str]:
    return [by] if isinstance(by, str) else list(by or [])


def seat_colours(game_id: str, seats: int) -> list[str]:
    """Plot colours per seat: the game's seat colours (``game.info``), a palette for unknown ids."""
    if game_id in games(variants=True):
        return list(game_class(game_id).INFO.seat_colours[:seats])
    return [_PALETTE[s % len(_PALETTE)] for s in range(seats)]


def _seat_info(df: pd.DataFrame) -> tuple[list[str], list[str]]:
    """Seat names and colours of the frame's game (its attrs), or generic ones."""
    seats = int(df["seat"].max()) + 1 if len(df) else 0
    gid = str(df.attrs.get("game", ""))
    if gid in games(variants=True):
        info = game_class(gid).INFO
        return list(info.seat_names[:seats]), list(info.seat_colours[:seats])
    return [f"seat {s}" for s in range(seats)], seat_colours(gid, seats)


def png_bytes(fig: Any) -> bytes:
    """A figure rendered to PNG (for an ``ipywidgets.Image``, a file, a web page)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


# --------------------------------------------------------------------------------------------------
# who won, and every game as a dot (the lab's picture)
# --------------------------------------------------------------------------------------------------


def variant_labels(df: pd.DataFrame, by: str | Sequence[str] | None) -> pd.Series:
    """A text label per row naming its variant (``eagles=3``; ``all`` without ``by``)."""
    keys = _by(by)
    if not keys:
        return pd.Series("all", index=df.index)
    parts = (
        [keys[0] + "=" + df[keys[0]].map(str)] if len(keys) == 1 else [k + "=" + df[k].map(str) for k in keys]
    )
    label = parts[0]
    for p in parts[1:]:
        label = label + ", " + p
    return label


def game_outcomes(df: pd.DataFrame, by: str | Sequence[str] | None = None) -> pd.DataFrame:
    """One row per game: its variant's columns, ``game``, ``seed``, ``variant`` (a label), ``outcome``
    (the winning seat's name, ``shared`` or ``nobody``) and the outcome's ``colour``."""
    keys = _by(by)
    check_columns(df, "game_outcomes", ["game", "seat", "win"], by=keys)
    df, key = identify(df, keys)  # a game counts once, however the frame was built
    names, colours = _seat_info(df)
    won = df[df["win"].astype(bool)]
    winners = won.groupby(key, sort=False, dropna=False)["seat"].agg(["size", "first"]).reset_index()
    games = df.drop_duplicates(key).reset_index(drop=True)
    games = games.merge(winners, on=key, how="left")
    size = games["size"].fillna(0).to_numpy(dtype=int)
    first = games["first"].fillna(-1).to_numpy(dtype=int)
    outcome = [
        names[f] if n == 1 else ("shared" if n > 1 else "nobody") for n, f in zip(size, first, strict=True)
    ]
    colour = [
        colours[f] if n == 1 else (SHARED if n > 1 else NOBODY) for n, f in zip(size, first, strict=True)
    ]
    out = games.drop(columns=["size", "first"])
    out["variant"] = variant_labels(out, keys).to_numpy()
    out["outcome"] = outcome
    out["colour"] = colour
    return out


def outcome_table(df: pd.DataFrame, by: str | Sequence[str] | None = None) -> pd.DataFrame:
    """Per variant (a label): the games, and the share won by each seat alone, shared, and by nobody."""
    games = game_outcomes(df, by)
    names, _ = _seat_info(df)
    order = list(dict.fromkeys(games["variant"]))
    counts = pd.crosstab(games["variant"], games["outcome"]).reindex(
        index=order, columns=[*names, "shared", "nobody"]
    )
    counts = counts.fillna(0)
    table = counts.div(counts.sum(axis=1), axis=0)
    table.insert(0, "games", counts.sum(axis=1).astype(int))
    table.index.name = "variant"
    table.columns.name = None
    return table.reset_index()


def plot_outcomes(df: pd.DataFrame, by: str | Sequence[str] | None = None, ax: Axes | None = None) -> Axes:
    """Stacked bars per variant: who won (each seat alone, shared, nobody), as shares of the games."""
    ax = _axes(ax)
    table = outcome_table(df, by)
    names, colours = _seat_info(df)
    labels = table["variant"].tolist()
    bottom = np.zeros(len(table))
    for name, colour in [*zip(names, colours, strict=True), ("shared", SHARED), ("nobody", NOBODY)]:
        values = table[name].to_numpy(dtype=float) if len(table) else np.zeros(0)
        if name in ("shared", "nobody") and not values.any():
            continue
        ax.bar(range(len(table)), values, bottom=bottom, color=colour, label=name, edgecolor="white")
        bottom += values
    ax.set_xticks(range(len(table)), labels, fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1, 1))
    total = int(table["games"].sum()) if len(table) else 0
    ax.set_title(f"who won ({total:,} games)", fontsize=10)
    return ax


def game_points(
    df: pd.DataFrame, by: str | Sequence[str] | None = None, column: str = "length"
) -> pd.DataFrame:
    """One point per game for :func:`plot_games`: its variant's x (jittered), the column's value, a colour.

    The jitter depends on the game number only, so a game sits at the same place in every plot.
    """
    games = game_outcomes(df, by)
    order = list(dict.fromkeys(games["variant"]))
    jitter = ((games["game"].to_numpy(dtype=float) * 0.6180339887) % 1 - 0.5) * 0.6
    games["x"] = np.array([order.index(v) for v in games["variant"]], dtype=float) + jitter
    games["y"] = games[column].to_numpy(dtype=float)
    games.attrs["order"] = order
    return games


def plot_games(
    df: pd.DataFrame, by: str | Sequence[str] | None = None, column: str = "length", ax: Axes | None = None
) -> Axes:
    """Every game as a dot, per variant: ``column`` (moves by default) up, coloured by who won.

    Outliers stand out as lone dots; ``isslab.replay(row)`` rebuilds any of them (the lab widget
    opens a clicked dot in the game view).
    """
    ax = _axes(ax)
    pts = game_points(df, by, column)
    ax.scatter(pts["x"], pts["y"], c=pts["colour"], s=9, alpha=0.75, linewidths=0)
    order = pts.attrs["order"]
    for i, label in enumerate(order):
        mean = pts.loc[pts["variant"] == label, "y"].mean()
        ax.hlines(mean, i - 0.35, i + 0.35, colors="black", lw=1.2)
    ax.set_xticks(range(len(order)), order, fontsize=8)
    ax.set_xlim(-0.5, max(0.5, len(order) - 0.5))
    ax.set_ylabel(column)
    ax.set_title(f"{column} of every game (bar: mean; colour: winner)", fontsize=10)
    return ax


def lab_figure(
    df: pd.DataFrame, by: str | Sequence[str] | None = None, column: str = "length"
) -> tuple[Figure, Axes]:
    """The lab's picture without pyplot: who won per variant, and every game as a dot.

    Returns the figure and the axes of the dots (the lab maps clicks to games through it).
    """
    fig = Figure(figsize=(9.0, 3.2), dpi=80)
    left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.4]})
    if len(df):
        plot_outcomes(df, by, left)
        plot_games(df, by, column, right)
    fig.tight_layout()
    return fig, right


# --------------------------------------------------------------------------------------------------
# comparisons and metrics
# --------------------------------------------------------------------------------------------------


def plot_compare(table: pd.DataFrame, ax: Axes | None = None) -> Axes:
    """The differences of a ``compare`` table from its baseline, with their intervals (0 dashed)."""
    ax = _axes(ax)
    keys = [c for c in table.columns if c not in _COMPARE_COLUMNS]
    labels = variant_labels(table, keys).tolist()
    y = np.arange(len(table))
    err = np.vstack([table["diff"] - table["diff_low"], table["diff_high"] - table["diff"]])
    ax.errorbar(table["diff"], y, xerr=np.nan_to_num(err), fmt="o", color="#1f4e79", capsize=4)
    ax.axvline(0, color="grey", lw=0.8, ls="--")
    ax.set_yticks(y, labels, fontsize=8)
    ax.invert_yaxis()
    metric = table.attrs.get("metric", "metric")
    metric = "win rate" if metric == "win" else metric
    if table.attrs.get("bot") is not None:
        metric += f" of {table.attrs['bot']}"
    elif table.attrs.get("seat") is not None:
        metric += f" of seat {table.attrs['seat']}"
    level = table.attrs.get("level", 0.95)
    ax.set_xlabel(f"difference in {metric} from the baseline ({level:.0%} interval)")
    return ax


def plot_metric(
    table: pd.DataFrame, metric: str, by: str | Sequence[str] | None = None, ax: Axes | None = None
) -> Axes:
    """One metric of a ``metrics`` table per variant, with its interval."""
    ax = _axes(ax)
    part = table[table["metric"] == metric].reset_index(drop=True)
    if part.empty:
        raise ValueError(f"the table has no metric {metric!r}; it has: {', '.join(table['metric'].unique())}")
    labels = variant_labels(part, by).tolist()
    x = np.arange(len(part))
    err = np.vstack([part["value"] - part["low"], part["high"] - part["value"]])
    ax.errorbar(x, part["value"], yerr=np.nan_to_num(err), fmt="o", color="#1f4e79", capsize=4)
    ax.set_xticks(x, labels, fontsize=8)
    ax.set_xlim(-0.5, len(part) - 0.5)
    ax.set_ylabel(metric)
    ax.set_title(f"{metric} ({table.attrs.get('level', 0.95):.0%} intervals)", fontsize=10)
    return ax


# --------------------------------------------------------------------------------------------------
# seats, lengths and sweeps
# --------------------------------------------------------------------------------------------------


def _seat_labels(df: pd.DataFrame) -> list[str]:
    names = df.attrs.get("seat_names")
    seats = sorted(df["seat"].unique())
    if names:
        return [f"{names[s]}\n({b})" for s, b in zip(seats, df.groupby("seat")["bot"].first(), strict=True)]
    return [f"seat {s}\n({b})" for s, b in zip(seats, df.groupby("seat")["bot"].first(), strict=True)]


def win_table(df: pd.DataFrame) -> pd.DataFrame:
    """Win probability per seat with a 95% normal-approximation interval (one row per seat)."""
    check_columns(df, "win_table", ["game", "seat", "bot", "win"])
    df, _ = identify(df)  # each row is one game of its seat: refuses a frame that holds a game twice
    g = df.groupby("seat")
    n = g["game"].size()
    p = g["win"].mean()
    half = 1.96 * (p * (1 - p) / n).pow(0.5)
    out = pd.DataFrame({"bot": g["bot"].first(), "games": n, "win_probability": p, "ci95": half})
    return out.reset_index()


def plot_win_rates(df: pd.DataFrame, ax: Axes | None = None, colours: Sequence[str] | None = None) -> Axes:
    """Bars of the win probability of each seat, with 95% intervals."""
    ax = _axes(ax)
    t = win_table(df)
    colours = list(colours) if colours else seat_colours(str(df.attrs.get("game", "")), len(t))
    ax.bar(range(len(t)), t["win_probability"], yerr=t["ci95"], color=colours[: len(t)], capsize=4)
    ax.set_xticks(range(len(t)), _seat_labels(df), fontsize=8)
    ax.set_ylabel("win probability")
    ax.set_ylim(0, max(0.05, min(1.0, float((t["win_probability"] + t["ci95"]).max()) * 1.15)))
    ax.axhline(1 / len(t), color="grey", lw=0.8, ls="--")
    ax.set_title(f"wins by seat ({int(t['games'].iloc[0])} games)", fontsize=10)
    return ax


def integer_bins(values: Any, most: int = 40) -> np.ndarray:
    """Histogram bin edges for whole numbers: each bin centred on whole numbers, at most ``most`` bins."""
    lo, hi = int(np.min(values)), int(np.max(values))
    width = max(1, math.ceil((hi - lo + 1) / most))
    return np.arange(lo - 0.5, hi + width + 0.5, width)


def _is_integer(values: Any) -> bool:
    """True when every value is a whole number (an int column, or floats that are whole)."""
    arr = np.asarray(values)
    return arr.size > 0 and (
        np.issubdtype(arr.dtype, np.integer) or bool(np.all(np.isfinite(arr) & (np.mod(arr, 1) == 0)))
    )


def plot_length(df: pd.DataFrame, ax: Axes | None = None, column: str = "length") -> Axes:
    """Histogram of game length (player moves per game, or another per-game column).

    Whole-number columns get one bin per value (or per few values), centred on the values, and
    whole-number ticks.
    """
    ax = _axes(ax)
    check_columns(df, "plot_length", ["game", column])
    df, key = identify(df)
    per_game = df.drop_duplicates(key)[column]
    if _is_integer(per_game):
        ax.hist(per_game, bins=list(integer_bins(per_game)), color="#4c72b0", edgecolor="white")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    else:
        ax.hist(per_game, bins=40, color="#4c72b0", edgecolor="white")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.axvline(float(per_game.mean()), color="black", lw=1)
    ax.set_xlabel(f"{column} (mean {per_game.mean():.1f})")
    ax.set_ylabel("games")
    ax.set_title(f"game {column}", fontsize=10)
    return ax


def plot_sweep(df: pd.DataFrame, option: str, ax: Axes | None = None, column: str = "length") -> Axes:
    """Distribution of a per-game column for each value of a swept option (box plot)."""
    ax = _axes(ax)
    check_columns(df, "plot_sweep", ["game", column], by=[option])
    df, key = identify(df, [option])
    per_game = df.drop_duplicates(key)
    values = sorted(per_game[option].unique())
    data = [per_game.loc[per_game[option] == v, column].to_numpy() for v in values]
    ax.boxplot(data, tick_labels=[str(v) for v in values], showfliers=False)
    if _is_integer(per_game[column]):
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(option)
    ax.set_ylabel(column)
    ax.set_title(f"{column} by {option}", fontsize=10)
    return ax


def outcome_figure(df: pd.DataFrame, colours: Sequence[str] | None = None, title: str = "") -> Figure:
    """Win probability per seat and game length side by side, on a figure without pyplot."""
    fig = Figure(figsize=(8.0, 2.8), dpi=90)
    a, b = fig.subplots(1, 2)
    plot_win_rates(df, a, colours)
    plot_length(df, b)
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    return fig


# --------------------------------------------------------------------------------------------------
# rates with Wilson intervals: result bands of a cooperative game (Mission ISS)
# --------------------------------------------------------------------------------------------------


def wilson_interval(successes: Any, trials: Any, level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """:func:`isslab.frames.stats.wilson_interval` over arrays: the lower and the upper bounds of each rate.

    Unlike the normal approximation it stays inside [0, 1] and gives a non-empty interval for a
    rate of 0 or 1 (a band no game reached is "below 3%", not "exactly 0").
    """
    pairs = [
        stats.wilson_interval(float(k), int(n), level)
        for k, n in zip(np.atleast_1d(successes), np.atleast_1d(trials), strict=True)
    ]
    bounds = np.array(pairs, dtype=float).reshape(-1, 2)
    return bounds[:, 0], bounds[:, 1]


def rate_table(
    df: pd.DataFrame, option: str, column: str, values: Sequence[Any], labels: Sequence[str] | None = None
) -> pd.DataFrame:
    """Per value of a swept ``option``: the share of games whose ``column`` equals each of ``values``.

    One row per (option value, value) with ``games``, ``count``, ``rate`` and its 95% Wilson
    interval ``lo``/``hi``; ``labels`` name the values (a result band's name). A game counts once
    (its first row), so a per-game column of a many-seat simulation is not counted per seat.
    """
    df, key = identify(df, [option])
    per_game = df.drop_duplicates(key)
    names = list(labels) if labels is not None else [str(v) for v in values]
    rows = []
    for point, part in per_game.groupby(option, sort=True):
        games = len(part)
        for value, name in zip(values, names, strict=True):
            rows.append((point, value, name, games, int((part[column] == value).sum())))
    out = pd.DataFrame(rows, columns=[option, column, "label", "games", "count"])
    out["rate"] = out["count"] / out["games"]
    out["lo"], out["hi"] = wilson_interval(out["count"], out["games"])
    return out


def plot_rates(table: pd.DataFrame, option: str, column: str, ax: Axes | None = None) -> Axes:
    """One line per value of ``column`` (a band) over the swept option, with 95% Wilson intervals.

    Takes a :func:`rate_table`; the rate axis runs from 0 to 1 so that small differences look small.
    """
    ax = _axes(ax)
    values = list(dict.fromkeys(table[column]))
    xs_all = sorted(table[option].unique())
    width = 0.5 / max(1, len(values))  # series side by side around each x: their intervals stay apart
    for i, value in enumerate(values):
        part = table[table[column] == value].sort_values(option)
        x = part[option].to_numpy(dtype=float) + (i - (len(values) - 1) / 2) * width
        rate = part["rate"].to_numpy()
        err = np.vstack([rate - part["lo"].to_numpy(), part["hi"].to_numpy() - rate])
        colour = _PALETTE[i % len(_PALETTE)]
        ax.errorbar(
            x,
            rate,
            yerr=err,
            marker="o",
            ms=4,
            lw=1.3,
            capsize=2,
            color=colour,
            label=str(part["label"].iloc[0]),
        )
    ax.set_ylim(0, 1)
    ax.set_xticks(xs_all, [str(v) for v in xs_all])
    ax.set_xlabel(option.replace("_", " "))
    ax.set_ylabel("share of games (95% Wilson interval)")
    games = int(table["games"].min())
    ax.set_title(f"by {option.replace('_', ' ')} ({games} games a point)", fontsize=10)
    return ax


# --------------------------------------------------------------------------------------------------
# 1969's design questions: exact laws, scientists hired, turn order, prestige margins
# --------------------------------------------------------------------------------------------------


def plot_score_laws(laws: dict[str, dict[int, Any]], ax: Axes | None = None) -> Axes:
    """Grouped bars of several exact score laws (label -> {score: probability}), one colour each."""
    ax = _axes(ax)
    scores = sorted({k for law in laws.values() for k in law})
    k = max(1, len(laws))
    width = 0.8 / k
    for i, (label, law) in enumerate(laws.items()):
        xs = [x - 0.4 + width * (i + 0.5) for x in scores]
        ax.bar(
            xs,
            [float(law.get(x, 0)) for x in scores],
            width=width,
            label=label,
            color=_PALETTE[i % len(_PALETTE)],
        )
    ax.set_xticks(scores)
    ax.set_xlabel("test score (rocket steps before Intelligence)")
    ax.set_ylabel("probability")
    ax.legend(fontsize=8)
    return ax


def hire_value_table(
    df: pd.DataFrame, kinds: Sequence[str] = ("basic", "rookie", "famous", "genius", "spy"), cap: int = 4
) -> pd.DataFrame:
    """Win rate and mean prestige of nations by how many scientists of each kind they hired (capped).

    Each row carries 95% half-widths: ``win_rate_ci95`` (normal approximation) and
    ``prestige_ci95`` (1.96 standard errors of the mean).
    """
    rows = []
    for kind in kinds:
        hired = df[f"hired_{kind}"].clip(upper=cap)
        for k, part in df.groupby(hired):
            n = len(part)
            p = float(part["win"].mean())
            sd = float(part["prestige"].std(ddof=1)) if n > 1 else 0.0
            rows.append(
                {
                    "kind": kind,
                    "hired": int(k),
                    "nations": n,
                    "win_rate": p,
                    "win_rate_ci95": 1.96 * math.sqrt(p * (1 - p) / n),
                    "prestige": float(part["prestige"].mean()),
                    "prestige_ci95": 1.96 * sd / math.sqrt(n),
                }
            )
    return pd.DataFrame(rows)


def plot_hire_value(
    df: pd.DataFrame,
    ax: Axes | None = None,
    column: str = "win_rate",
    colours: dict[str, str] | None = None,
    min_nations: int = 30,
) -> Axes:
    """Win rate (or mean prestige) against the number hired of each scientist kind, with 95% intervals.

    The counts hired are whole numbers (whole-number ticks); the y axis starts at 0, so that the
    size of a difference is drawn honestly.
    """
    ax = _axes(ax)
    table = hire_value_table(df)
    table = table[table["nations"] >= min_nations]  # thin groups are noise, not evidence
    kinds = list(dict.fromkeys(table["kind"]))
    for i, (kind, part) in enumerate(table.groupby("kind", sort=False)):
        colour = (colours or {}).get(str(kind), _PALETTE[i % len(_PALETTE)])
        edge = "#777777" if colour.lower() in ("#ffffff", "white") else colour
        shift = (i - (len(kinds) - 1) / 2) * 0.06  # side by side, so the intervals do not hide each other
        ax.errorbar(
            part["hired"] + shift,
            part[column],
            yerr=part[f"{column}_ci95"],
            marker="o",
            color=edge,
            markerfacecolor=colour,
            capsize=3,
            label=str(kind),
        )
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    top = float((table[column] + table[f"{column}_ci95"]).max()) if len(table) else 1.0
    ax.set_ylim(0, min(1.0, top * 1.1) if column == "win_rate" else top * 1.1)
    ax.set_xlabel("scientists of that kind hired in the game (last point: or more)")
    ax.set_ylabel(column.replace("_", " ") + " (95% interval)")
    ax.legend(fontsize=8, title="kind", title_fontsize=8)
    return ax


def turn_order_table(df: pd.DataFrame, option: str = "first_player") -> pd.DataFrame:
    """Win probability by position in the first round's turn order (0 = First Player), with 95% intervals."""
    n = int(df["seat"].max()) + 1
    pos = (df["seat"] - df[option]) % n
    g = df.groupby(pos)
    p = g["win"].mean()
    games = g["win"].count()
    out = pd.DataFrame(
        {
            "games": games,
            "win_probability": p,
            "ci95": 1.96 * (p * (1 - p) / games).pow(0.5),
            "prestige": g["prestige"].mean(),
        }
    )
    out.index.name = "position"
    return out.reset_index()


def plot_turn_order(df: pd.DataFrame, option: str = "first_player", ax: Axes | None = None) -> Axes:
    """Bars of the win probability by turn-order position in the first round, fair share dashed."""
    ax = _axes(ax)
    t = turn_order_table(df, option)
    ax.bar(t["position"], t["win_probability"], yerr=t["ci95"], capsize=4, color="#4c72b0")
    ax.axhline(1 / len(t), color="grey", lw=0.8, ls="--")
    ax.set_ylim(0, min(1.0, float((t["win_probability"] + t["ci95"]).max()) * 1.15))
    ax.set_xticks(t["position"], ["First\nPlayer" if p == 0 else f"+{p}" for p in t["position"]])
    ax.set_ylabel("win probability")
    ax.set_title(f"wins by turn order in 1963 ({int(t['games'].sum() / len(t))} games)", fontsize=10)
    return ax


def margin_table(df: pd.DataFrame, option: str | None = None) -> pd.DataFrame:
    """Per game: the winning score, the winner's margin over the runner-up and the spread (std) of scores."""
    keys = ([option] if option else []) + ["game"]
    labelled = df.assign(_key=df[option].map(str)) if option else df
    group_keys = (["_key"] if option else []) + ["game"]

    def one(part: pd.DataFrame) -> pd.Series:
        scores = part["prestige"].sort_values(ascending=False).to_numpy()
        second = scores[1] if len(scores) > 1 else scores[0]
        return pd.Series(
            {"best": scores[0], "margin": scores[0] - second, "spread": part["prestige"].std(ddof=0)}
        )

    out = labelled.groupby(group_keys, sort=False)[["prestige"]].apply(one).reset_index()
    if option:
        out = out.rename(columns={"_key": option})
    return out[[*keys, "best", "margin", "spread"]]


def plot_by_option(df: pd.DataFrame, option: str, column: str, ax: Axes | None = None) -> Axes:
    """Box plot of a column for each value of a swept option (values of any type, tuples included)."""
    ax = _axes(ax)
    keys = df[option].map(str)
    labels = list(dict.fromkeys(keys))  # the sweep's order, not a sort of the text
    data = [df.loc[keys == k, column].to_numpy() for k in labels]
    ax.boxplot(data, tick_labels=labels, showfliers=False, showmeans=True)
    ax.set_xlabel(option)
    ax.set_ylabel(column)
    ax.set_title(f"{column} by {option}", fontsize=10)
    return ax


def option_means(df: pd.DataFrame, option: str, columns: Sequence[str]) -> pd.DataFrame:
    """Mean of ``columns`` per value of a swept option, in the sweep's order (tuple values as text)."""
    keys = df[option].map(str)
    out = df.groupby(keys, sort=False)[list(columns)].mean()
    out.index.name = option
    return out


# --------------------------------------------------------------------------------------------------
# the strength table (isslab.bench.strength)
# --------------------------------------------------------------------------------------------------


def plot_strength(table: pd.DataFrame) -> Figure:
    """One panel per game of a strength table (rows of :mod:`isslab.bench.strength`), with 95% intervals.

    A competitive game shows the search bot's win rate against each heuristic bot at each budget; a
    cooperative one (rows with ``opponent_win_rate``) shows every team's success rate side by side:
    the search bot's teams at each budget, then the heuristic teams, all on the same seeds.
    """
    table = table.assign(budget=table["searcher"].str.extract(r"simulations=(\d+)", expand=False).astype(int))
    games = list(dict.fromkeys(table["game"]))
    import matplotlib.pyplot as plt  # a pyplot figure: a notebook shows it inline

    fig = plt.figure(figsize=(3 * len(games) + 0.5, 3.4))
    axes = fig.subplots(1, len(games), sharey=True, squeeze=False)[0]
    for ax, game_id in zip(axes, games, strict=True):
        part = table[table["game"] == game_id]
        bot_name = str(part["searcher"].iloc[0]).split("(")[0]
        if "opponent_win_rate" in part and part["opponent_win_rate"].notna().any():
            teams = [
                (f"{bot_name}({b}) team", r["win_rate"], r["low"], r["high"])
                for b, r in part.groupby("budget").first().iterrows()
            ]
            for name, r in part.groupby("opponent", sort=False).first().iterrows():
                k = float(r["opponent_win_rate"]) * int(r["games"])
                low_high = stats.wilson_interval(k, int(r["games"]))
                teams.append((f"{name} team", r["opponent_win_rate"], *low_high))
            rate = np.array([t[1] for t in teams], dtype=float)
            low = np.array([t[2] for t in teams], dtype=float)
            high = np.array([t[3] for t in teams], dtype=float)
            ax.errorbar(range(len(teams)), rate, yerr=[rate - low, high - rate], fmt="o", capsize=3)
            ax.set_xticks(range(len(teams)), [t[0] for t in teams], fontsize=7, rotation=20)
            ax.set_title(f"{game_id}: team success", fontsize=10)
        else:
            opponents = list(dict.fromkeys(part["opponent"]))
            # one series per searcher: a budget, with rollouts or (value=model) the fitted model
            searchers = part.drop_duplicates("searcher").sort_values(["budget", "searcher"])["searcher"]
            for j, searcher in enumerate(searchers):
                rows = part[part["searcher"] == searcher].set_index("opponent").reindex(opponents)
                x = np.arange(len(opponents)) + (j - (len(searchers) - 1) / 2) * 0.2
                err = [rows["win_rate"] - rows["low"], rows["high"] - rows["win_rate"]]
                budget = int(rows["budget"].dropna().iloc[0])
                label = f"{budget} simulations" + (", model leaves" if "value=model" in searcher else "")
                ax.errorbar(x, rows["win_rate"], yerr=err, fmt="o", capsize=3, label=label)
            ax.set_xticks(range(len(opponents)), [f"vs {o}" for o in opponents], fontsize=8)
            ax.set_xlim(-0.6, len(opponents) - 0.4)
            ax.set_title(f"{game_id}: {bot_name}'s win rate", fontsize=10)
            ax.legend(fontsize=7)
        ax.axhline(0.5, color="grey", linestyle=":", linewidth=1)
        ax.set_ylim(0, 1)
    fig.tight_layout()
    return fig
