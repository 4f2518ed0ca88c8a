"""Matplotlib plots of win chances: a game's evaluation graph, and one per game side by side."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from isslab.analysis.review import Review

__all__ = ["plot_chances", "plot_games"]


def plot_chances(rev: Review, ax: Any = None) -> Any:
    """Every seat's win chance (or expected result) at every step of a reviewed game, in its colour."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(6, 2.4))
    curve = rev.curve()
    info = rev.game.info
    for j, name in enumerate(rev.seat_names):
        ax.plot(range(len(curve)), curve[:, j], color=info.seat_colours[j], lw=1.5, label=name)
    lo, hi = rev.bounds
    ax.set_ylim(lo - 0.03 * (hi - lo), hi + 0.03 * (hi - lo))
    ax.set_xlabel("step")
    ax.set_ylabel(rev.kind)
    ax.set_title(f"{info.title} ({rev.game.num_players} seats)", fontsize=9)
    ax.legend(fontsize=7, ncol=len(rev.seat_names), loc="upper left")
    return ax


def plot_games(reviews: Sequence[Review]) -> Any:
    """The evaluation graphs of several reviewed games, one panel each."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(reviews), 1, figsize=(7, 2.2 * len(reviews)), squeeze=False)
    for rev, ax in zip(reviews, axes[:, 0], strict=True):
        plot_chances(rev, ax)
    fig.tight_layout()
    return fig
