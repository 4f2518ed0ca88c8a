"""Plots of the what-if lab: matplotlib functions that take the DataFrames of ``simulate``, ``sweep``,
``compare`` and ``metrics``, so that they work in scripts as well as in the lab widget.

Every function draws on the ``ax`` it is given, or on a new pyplot figure when ``ax`` is None. The
lab widget passes axes of a plain ``matplotlib.figure.Figure`` (no pyplot: safe in a background
thread). Needs matplotlib (the ``notebooks`` extra).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from isslab.core import game_class
from isslab.stats import _COMPARE_COLUMNS, wilson_interval

__all__ = [
    "game_points",
    "lab_figure",
    "outcome_table",
    "plot_compare",
    "plot_games",
    "plot_metric",
    "plot_outcomes",
    "plot_strength",
    "variant_labels",
]

#: colours of the outcomes that are no seat: nobody won, several seats won together
NOBODY, SHARED = "#bdbdbd", "#7f7f7f"


def _axes(ax: Axes | None, size: tuple[float, float] = (5, 3)) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt  # only when the caller wants a new (notebook) figure

    _, new = plt.subplots(figsize=size)
    return new


def _by(by: str | Sequence[str] | None) -> list[str]:
    return [by] if isinstance(by, str) else list(by or [])


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


def _seat_info(df: pd.DataFrame) -> tuple[list[str], list[str]]:
    """Seat names and colours of the frame's game (its attrs), or generic ones."""
    seats = int(df["seat"].max()) + 1 if len(df) else 0
    gid = df.attrs.get("game")
    try:
        info = game_class(str(gid)).INFO
        return list(info.seat_names[:seats]), list(info.seat_colours[:seats])
    except ValueError:
        palette = ["#d62728", "#1f6fd1", "#2ca02c", "#f2c500", "#9467bd", "#8c564b"]
        return [f"seat {s}" for s in range(seats)], [palette[s % len(palette)] for s in range(seats)]


def game_outcomes(df: pd.DataFrame, by: str | Sequence[str] | None = None) -> pd.DataFrame:
    """One row per game: its variant's columns, ``game``, ``seed``, ``variant`` (a label), ``outcome``
    (the winning seat's name, ``shared`` or ``nobody``) and the outcome's ``colour``."""
    keys = _by(by)
    names, colours = _seat_info(df)
    winners = (
        df[df["win"].astype(bool)]
        .groupby([*keys, "game"], sort=False)["seat"]
        .agg(["size", "first"])
        .reset_index()
    )
    games = df.drop_duplicates([*keys, "game"]).reset_index(drop=True)
    games = games.merge(winners, on=[*keys, "game"], how="left")
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


def plot_strength(table: pd.DataFrame) -> Figure:
    """One panel per game of a strength table (rows of ``scripts/strength.py``), with 95% intervals.

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
                teams.append((f"{name} team", r["opponent_win_rate"], *wilson_interval(k, int(r["games"]))))
            rate = np.array([t[1] for t in teams], dtype=float)
            low = np.array([t[2] for t in teams], dtype=float)
            high = np.array([t[3] for t in teams], dtype=float)
            ax.errorbar(range(len(teams)), rate, yerr=[rate - low, high - rate], fmt="o", capsize=3)
            ax.set_xticks(range(len(teams)), [t[0] for t in teams], fontsize=7, rotation=20)
            ax.set_title(f"{game_id}: team success", fontsize=10)
        else:
            opponents = list(dict.fromkeys(part["opponent"]))
            budgets = sorted(part["budget"].unique())
            for j, budget in enumerate(budgets):
                rows = part[part["budget"] == budget].set_index("opponent").reindex(opponents)
                x = np.arange(len(opponents)) + (j - (len(budgets) - 1) / 2) * 0.25
                err = [rows["win_rate"] - rows["low"], rows["high"] - rows["win_rate"]]
                ax.errorbar(x, rows["win_rate"], yerr=err, fmt="o", capsize=3, label=f"{budget} simulations")
            ax.set_xticks(range(len(opponents)), [f"vs {o}" for o in opponents], fontsize=8)
            ax.set_xlim(-0.6, len(opponents) - 0.4)
            ax.set_title(f"{game_id}: {bot_name}'s win rate", fontsize=10)
            ax.legend(fontsize=7)
        ax.axhline(0.5, color="grey", linestyle=":", linewidth=1)
        ax.set_ylim(0, 1)
    fig.tight_layout()
    return fig
