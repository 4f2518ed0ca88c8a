"""Plots of simulation results (``isslab.simulate`` / ``isslab.sweep`` data frames) with matplotlib.

Every function draws on the ``ax`` it is given, or on a new pyplot figure when ``ax`` is None. The
what-if runner passes axes of a plain ``matplotlib.figure.Figure``: that path never touches pyplot,
so it is safe in a background thread.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import Any

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

import isslab

__all__ = [
    "hire_value_table",
    "margin_table",
    "option_means",
    "outcome_figure",
    "plot_by_option",
    "plot_hire_value",
    "plot_score_laws",
    "plot_turn_order",
    "plot_length",
    "plot_sweep",
    "plot_win_rates",
    "png_bytes",
    "seat_colours",
    "turn_order_table",
    "win_table",
]

_PALETTE = ("#d62728", "#1f6fd1", "#2ca02c", "#f2c500", "#9467bd", "#8c564b")


def _axes(ax: Axes | None) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt  # only when the caller wants a new (notebook) figure

    _, new = plt.subplots(figsize=(5, 3))
    return new


def seat_colours(game_id: str, seats: int) -> list[str]:
    """Plot colours per seat: the game's seat colours (``game.info``), a palette for unknown ids."""
    if game_id in isslab.games():
        return list(isslab.game_class(game_id).INFO.seat_colours[:seats])
    return list(_PALETTE[:seats])


def _seat_labels(df: pd.DataFrame) -> list[str]:
    names = df.attrs.get("seat_names")
    seats = sorted(df["seat"].unique())
    if names:
        return [f"{names[s]}\n({b})" for s, b in zip(seats, df.groupby("seat")["bot"].first(), strict=True)]
    return [f"seat {s}\n({b})" for s, b in zip(seats, df.groupby("seat")["bot"].first(), strict=True)]


def win_table(df: pd.DataFrame) -> pd.DataFrame:
    """Win probability per seat with a 95% normal-approximation interval (one row per seat)."""
    g = df.groupby("seat")
    n = g["game"].nunique()
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


def plot_length(df: pd.DataFrame, ax: Axes | None = None, column: str = "length") -> Axes:
    """Histogram of game length (player moves per game, or another per-game column)."""
    ax = _axes(ax)
    per_game = df.drop_duplicates("game")[column]
    lo, hi = int(per_game.min()), int(per_game.max())
    bins = max(5, min(40, hi - lo + 1))
    ax.hist(per_game, bins=bins, color="#4c72b0", edgecolor="white")
    ax.axvline(float(per_game.mean()), color="black", lw=1)
    ax.set_xlabel(f"{column} (mean {per_game.mean():.1f})")
    ax.set_ylabel("games")
    ax.set_title(f"game {column}", fontsize=10)
    return ax


def plot_sweep(df: pd.DataFrame, option: str, ax: Axes | None = None, column: str = "length") -> Axes:
    """Distribution of a per-game column for each value of a swept option (box plot)."""
    ax = _axes(ax)
    per_game = df.drop_duplicates([option, "game"])
    values = sorted(per_game[option].unique())
    data = [per_game.loc[per_game[option] == v, column].to_numpy() for v in values]
    ax.boxplot(data, tick_labels=[str(v) for v in values], showfliers=False)
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


def png_bytes(fig: Any) -> bytes:
    """A figure rendered to PNG (for an ``ipywidgets.Image``)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def _fmt_p(p: float) -> str:
    return "-" if math.isnan(p) else f"{p:.1%}"


# --- 1969: exact laws and design questions --------------------------------------------------------


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
    """Win rate and mean prestige of nations by how many scientists of each kind they hired (capped)."""
    rows = []
    for kind in kinds:
        hired = df[f"hired_{kind}"].clip(upper=cap)
        for k, part in df.groupby(hired):
            rows.append(
                {
                    "kind": kind,
                    "hired": int(k),
                    "nations": len(part),
                    "win_rate": part["win"].mean(),
                    "prestige": part["prestige"].mean(),
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
    """Lines of win rate (or mean prestige) against the number hired of each scientist kind."""
    ax = _axes(ax)
    table = hire_value_table(df)
    table = table[table["nations"] >= min_nations]  # thin groups are noise, not evidence
    for i, (kind, part) in enumerate(table.groupby("kind", sort=False)):
        colour = (colours or {}).get(str(kind), _PALETTE[i % len(_PALETTE)])
        edge = "#777777" if colour.lower() in ("#ffffff", "white") else colour
        ax.plot(part["hired"], part[column], marker="o", color=edge, markerfacecolor=colour, label=str(kind))
    ax.set_xlabel("scientists of that kind hired in the game (last point: or more)")
    ax.set_ylabel(column.replace("_", " "))
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
