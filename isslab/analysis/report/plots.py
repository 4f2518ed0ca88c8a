"""The report's plots: one function per section that has one, each drawing on the axes it is given.

Rates and means carry their 95% intervals; a rate axis starts at 0; a fair share or a baseline is a
grey line, named in the legend. :data:`PLOTS` maps a section to its function
(``Report.plot(section)`` and the HTML use it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import pandas as pd

from isslab.analysis.report.render import OUTCOME_WORDS
from isslab.core import ReturnsKind

if TYPE_CHECKING:
    from isslab.analysis.report.render import Report

__all__ = ["PLOTS"]


def _errorbars(
    ax: Any, table: pd.DataFrame, labels: Sequence[str], horizontal: bool = False, **kw: Any
) -> None:
    x = np.arange(len(table))
    v = table["value"].to_numpy(dtype=float)
    err = np.nan_to_num(
        np.vstack([v - table["low"].to_numpy(dtype=float), table["high"].to_numpy(dtype=float) - v])
    )
    if horizontal:
        ax.errorbar(v, x, xerr=err, fmt="o", capsize=3, **kw)
        ax.set_yticks(x, labels, fontsize=7)
        ax.invert_yaxis()
    else:
        ax.errorbar(x, v, yerr=err, fmt="o", capsize=3, **kw)
        ax.set_xticks(x, labels, fontsize=7)


def _grouped(ax: Any, table: pd.DataFrame, labels: Sequence[str]) -> None:
    """One series per line-up (the ``lineup`` column), side by side at each label."""
    groups = list(table.groupby("lineup", sort=False))
    width = 0.6 / max(1, len(groups))
    for i, (lineup, part) in enumerate(groups):
        part = part.set_index("label").reindex(list(labels))
        x = np.arange(len(labels)) + (i - (len(groups) - 1) / 2) * width
        v = part["value"].to_numpy(dtype=float)
        err = np.nan_to_num(
            np.vstack([v - part["low"].to_numpy(dtype=float), part["high"].to_numpy(dtype=float) - v])
        )
        ax.errorbar(x, v, yerr=err, fmt="o", capsize=3, label=str(lineup))
    ax.set_xticks(np.arange(len(labels)), labels, fontsize=7)
    ax.legend(fontsize=7)


def _plot_ladder(rep: Report, ax: Any) -> None:
    t = rep["ladder"]
    t = t[t["quantity"].isin(["win_rate", "team_success"])]
    _grouped(ax, t, list(dict.fromkeys(t["label"])))
    n = rep.game.num_players
    if rep.game.info.returns is not ReturnsKind.COOPERATIVE and n > 1:
        ax.axhline(1 / n, color="grey", ls="--", lw=0.8)
    ax.set_ylabel(str(t["quantity"].iloc[0]).replace("_", " "))
    ax.set_ylim(0, 1)


def _plot_turn_order(rep: Report, ax: Any) -> None:
    t = rep["turn_order"]
    t = t[t["quantity"] == "win_rate"]
    _grouped(ax, t, list(dict.fromkeys(t["label"])))
    ax.axhline(1 / rep.game.num_players, color="grey", ls="--", lw=0.8)
    ax.set_xlabel("position in turn order (1 moved first)")
    ax.set_ylabel("win rate")


def _plot_players(rep: Report, ax: Any) -> None:
    t = rep["players"]
    q = "team_success" if rep.game.info.returns is ReturnsKind.COOPERATIVE else "first_won"
    part = t[t["quantity"] == q]
    if part.empty:
        part = t[t["quantity"] == "win_rate"]
    labels = list(dict.fromkeys(part["label"]))
    _grouped(ax, part, labels)
    ax.set_ylabel(OUTCOME_WORDS.get(q, q), fontsize=8)
    if q == "first_won":
        ns = [int(s.split()[0]) for s in labels]
        ax.plot(range(len(ns)), [1 / n for n in ns], "k_", ms=20, label="fair share")
        ax.legend(fontsize=7)


def _plot_strategies(rep: Report, ax: Any) -> None:
    t = rep["strategies"]
    lone = t[t["quantity"] == "lone_win_rate"]
    bots = list(dict.fromkeys([*lone["label"], *(s.split(" among ")[1] for s in lone["lineup"])]))
    grid = np.full((len(bots), len(bots)), 1 / rep.game.num_players)
    for r in lone.itertuples():
        grid[bots.index(r.label), bots.index(str(r.lineup).split(" among ")[1])] = r.value
    ax.imshow(grid, cmap="RdBu", vmin=0, vmax=2 / rep.game.num_players)
    for i in range(len(bots)):
        for j in range(len(bots)):
            ax.text(j, i, f"{grid[i, j]:.2f}", ha="center", va="center", fontsize=8)
    ax.set_xticks(range(len(bots)), bots, fontsize=7)
    ax.set_yticks(range(len(bots)), bots, fontsize=7)
    ax.set_xlabel("the field (every other seat)")
    ax.set_ylabel("the lone bot")


def _plot_lead(rep: Report, ax: Any) -> None:
    t = rep["lead"]
    part = t[t["quantity"].isin(["leader_wins", "no_feedback"]) & (t["label"] == "at mid-game")]
    labels = [
        f"{r.lineup}: {'as played' if r.quantity == 'leader_wins' else 'no feedback'}"
        for r in part.itertuples()
    ]
    _errorbars(ax, part, labels, horizontal=True)
    ax.axvline(1 / rep.game.num_players, color="grey", ls="--", lw=0.8)
    ax.set_xlabel("the mid-game leader's win rate (the grey line: a fair share, no baseline)", fontsize=8)
    ax.set_xlim(0, 1)


def _plot_feedback(rep: Report, ax: Any) -> None:
    t = rep["feedback"]
    part = t[t["quantity"] == "change"]
    for (lineup, kind), rows in part.groupby(["lineup", "kind"], sort=False):
        x = np.arange(len(rows))
        v = rows["value"].to_numpy(dtype=float)
        err = np.nan_to_num(
            np.vstack([v - rows["low"].to_numpy(dtype=float), rows["high"].to_numpy(dtype=float) - v])
        )
        ax.errorbar(
            x, v, yerr=err, fmt="o-" if kind == "played" else "s--", capsize=3, label=f"{lineup}, {kind}"
        )
        ax.set_xticks(x, list(rows["size"]), fontsize=7)
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("the lead's size")
    ax.set_ylabel("its change over a tenth", fontsize=8)
    ax.legend(fontsize=6)


def _plot_lead_curve(rep: Report, ax: Any) -> None:
    t = rep["lead_curve"]
    t = t[t["quantity"] == "winner_leads"]
    for label, part in t.groupby("lineup", sort=False):
        ax.plot(part["t"], part["value"], marker="o", label=label)
        ax.fill_between(part["t"], part["low"], part["high"], alpha=0.2)
    ax.axhline(1 / rep.game.num_players, color="grey", ls="--", lw=0.8)
    ax.set_xlabel("time in the game (0 start, 1 end)")
    ax.set_ylabel("a winner leads")
    ax.set_ylim(0, 1.02)
    ax.legend(fontsize=7)


def _plot_length(rep: Report, ax: Any) -> None:
    t = rep["length"]
    part = t[t["quantity"] == "duration_moves"]
    _errorbars(ax, part, list(part["lineup"]), horizontal=True)
    ax.set_xlabel("moves per game (mean, 95% interval)")


def _plot_coop(rep: Report, ax: Any) -> None:
    t = rep["coop"]
    part = t[t["quantity"].str.startswith("share_")]
    _grouped(ax, part, list(dict.fromkeys(part["label"])))
    ax.set_ylabel("share of games")


def _plot_ranking(section: str, words: str) -> Callable[[Report, Any], None]:
    def draw(rep: Report, ax: Any) -> None:
        t = rep[section]
        labels = [f"{r.quantity} ({r.lineup})" for r in t.itertuples()]
        _errorbars(ax, t, labels, horizontal=True)
        ax.axvline(0, color="grey", ls="--", lw=0.8)
        ax.set_xlabel(
            words if words else f"largest move in {OUTCOME_WORDS.get(rep.outcome, rep.outcome)}", fontsize=8
        )

    return draw


#: the plot of each section that has one
PLOTS: Final[dict[str, Callable[[Report, Any], None]]] = {
    "ladder": _plot_ladder,
    "turn_order": _plot_turn_order,
    "players": _plot_players,
    "strategies": _plot_strategies,
    "lead": _plot_lead,
    "feedback": _plot_feedback,
    "lead_curve": _plot_lead_curve,
    "length": _plot_length,
    "coop": _plot_coop,
    "sensitivity": _plot_ranking("sensitivity", ""),
    "dials": _plot_ranking("dials", "largest move of the margin"),
}
