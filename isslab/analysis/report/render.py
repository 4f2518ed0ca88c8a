"""The report object and how it shows itself: its tables and long frame, its HTML, its plots."""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
import pandas as pd

from isslab.analysis.report.lineups import LineUp, lineup_label
from isslab.core import Game, ReturnsKind

__all__ = ["COLUMNS", "OUTCOME_WORDS", "SECTIONS", "Report", "fmt", "verdict"]


#: what each outcome column means, for the tables and sentences
OUTCOME_WORDS: Final[dict[str, str]] = {
    "rounds": "rounds per game",
    "length": "moves per game",
    "best_score": "the winner's score",
    "win": "the team's success rate",
    "returns": "the team's result (its return)",
    "margin": "the player's score minus FEDOR's",
    "first_won": "the first mover's win rate",
}


#: the sections in the order of the report, with their question
SECTIONS: Final[dict[str, str]] = {
    "ladder": "Luck against skill: how much better does a better player do?",
    "luck": "Luck share: how much of the result do the dice and draws explain?",
    "turn_order": "Does the position in turn order matter?",
    "players": "Does the number of players change it?",
    "lead": "Does the leader at mid-game run away, or can the others catch up?",
    "lead_curve": "The lead over time: how often does the eventual winner lead, and by how much?",
    "kingmaking": "Does a seat that cannot win decide who does?",
    "length": "How long is a game, and how much does that vary?",
    "coop": "What results does the team reach, and what does sharing all information gain?",
    "sensitivity": "Which assumed component values matter?",
    "metrics": "Every designer metric (isslab.metrics) of each line-up",
}


#: the long format of :meth:`Report.to_frame`
COLUMNS: Final = ("section", "lineup", "label", "quantity", "value", "low", "high", "games", "note")


@dataclass
class Report:
    """The design report of one game: sections of numbers with intervals, sentences, plots."""

    game: Game
    lineups: list[LineUp]
    games: int
    seed: int
    outcome: str
    sections: dict[str, pd.DataFrame] = field(default_factory=dict)
    readings: dict[str, list[str]] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)
    #: CPU seconds of this process and its worker processes, and wall-clock seconds
    cpu_seconds: float = math.nan
    wall_seconds: float = math.nan
    #: wall-clock seconds per section (``games``: the line-ups' own games and their metrics)
    timings: dict[str, float] = field(default_factory=dict)

    def __getitem__(self, section: str) -> pd.DataFrame:
        """One section's table (the long format of :meth:`to_frame`, plus the section's own columns)."""
        if section not in self.sections:
            raise KeyError(f"no section {section!r}; the report has: {', '.join(self.sections)}")
        return self.sections[section]

    def to_frame(self) -> pd.DataFrame:
        """Every number of the report in one long DataFrame: one row per number, with its interval."""
        parts = []
        for name, table in self.sections.items():
            t = table.copy()
            t.insert(0, "section", name)
            for c in COLUMNS:
                if c not in t:
                    t[c] = math.nan if c in ("value", "low", "high", "games") else ""
            parts.append(t[list(COLUMNS)])
        out = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=list(COLUMNS))
        out.attrs.update(game=self.game.id, options=self.game.options, seed=self.seed)
        return out

    @property
    def title(self) -> str:
        """The game's title and table."""
        n = self.game.num_players
        return f"{self.game.info.title}, {n} {'player' if n == 1 else 'players'}"

    def reading(self) -> str:
        """Every section's sentences, as plain text (what the notebook prose is written from)."""
        return "\n".join(f"{name}: {line}" for name, lines in self.readings.items() for line in lines)

    def __repr__(self) -> str:
        return (
            f"<Report {self.title}: {len(self.sections)} sections, line-ups "
            f"{', '.join(lineup_label(lu) for lu in self.lineups)}, {self.games} games per line-up>"
        )

    def _repr_html_(self) -> str:
        """The report as HTML: per section, its question, its sentences, its table and its plot."""
        out = [
            f"<h2>Design report: {html.escape(self.title)}</h2>",
            "<p>Line-ups: "
            + ", ".join(f"<b>{html.escape(lineup_label(lu))}</b>" for lu in self.lineups)
            + f"; {self.games} games per line-up, seed {self.seed}; every interval is 95%. "
            f"Main outcome for the sensitivity: {html.escape(OUTCOME_WORDS.get(self.outcome, self.outcome))}."
            f" "
            f"Computed in {self.wall_seconds:.0f} s ({self.cpu_seconds:.0f} CPU s).</p>",
        ]
        for name, table in self.sections.items():
            out.append(f"<h3>{html.escape(SECTIONS.get(name, name))} <small>({name})</small></h3>")
            if name in self.notes:
                out.append(f"<p><i>{html.escape(self.notes[name])}</i></p>")
            if self.readings.get(name):
                out.append(
                    "<ul>" + "".join(f"<li>{html.escape(s)}</li>" for s in self.readings[name]) + "</ul>"
                )
            picture = self._png(name)
            if picture:
                out.append(f'<img src="data:image/png;base64,{picture}"/>')
            out.append(_html_table(table))
        return "\n".join(out)

    def plot(self, section: str, ax: Any = None) -> Any:
        """Draw one section's plot on ``ax`` (a new pyplot figure when None); returns the axes."""
        if section not in _PLOTS:
            raise ValueError(f"section {section!r} has no plot; these do: {', '.join(_PLOTS)}")
        if ax is None:
            import matplotlib.pyplot as plt

            _, ax = plt.subplots(figsize=(6, 3))
        _PLOTS[section](self, ax)
        return ax

    def _png(self, section: str) -> str:
        if section not in _PLOTS or section not in self.sections or self.sections[section].empty:
            return ""
        from matplotlib.figure import Figure

        fig = Figure(figsize=(6.4, 2.8), dpi=80)
        ax = fig.subplots()
        _PLOTS[section](self, ax)
        fig.tight_layout()
        buf = io.BytesIO()
        fig.savefig(buf, format="png")
        return base64.b64encode(buf.getvalue()).decode()


def fmt(value: Any, low: Any = math.nan, high: Any = math.nan, digits: int = 2, signed: bool = False) -> str:
    """``0.31 [0.27, 0.35]``: a value and its interval (``+`` signs for a difference)."""
    value, low, high = (math.nan if x is None else float(x) for x in (value, low, high))
    if math.isnan(value):
        return "n/a"
    sign = "+" if signed else ""
    text = f"{value:{sign}.{digits}f}"
    if math.isnan(low) or math.isnan(high):
        return text
    return f"{text} [{low:{sign}.{digits}f}, {high:{sign}.{digits}f}]"


def verdict(
    low: Any, high: Any, null: float = 0.0, what: str = "a difference", below: str | None = None
) -> str:
    """What an interval shows against ``null``: ``what`` shown above it, ``below`` (or ``what``) shown
    under it, or, when it includes ``null``, that nothing is shown at this number of games."""
    low, high = float(low), float(high)
    if math.isnan(low) or math.isnan(high):
        return "no interval (too few games)"
    if low > null:
        return f"{what} shown: the interval lies above {null:.3g}"
    if high < null:
        return f"{below or what} shown: the interval lies below {null:.3g}"
    noun = what.removeprefix("an ").removeprefix("a ")
    return f"the interval includes {null:.3g}: no {noun} shown at this number of games"


def _html_table(table: pd.DataFrame) -> str:
    shown = table.copy()
    if {"value", "low", "high"} <= set(shown.columns):
        shown.insert(
            list(shown.columns).index("value"),
            "estimate [95% interval]",
            [
                fmt(v, lo, hi, 3 if abs(v) < 1.5 else 1)  # rates and shares to 3 places, counts to 1
                for v, lo, hi in zip(shown["value"], shown["low"], shown["high"], strict=True)
            ],
        )
        shown = shown.drop(columns=["value", "low", "high"])
    for c in ("diff", "diff_low", "diff_high"):
        if c in shown:
            shown = shown.drop(columns=[c]) if c != "diff" else shown
    if {"diff", "diff_low", "diff_high"} <= set(table.columns):
        shown["difference [95% interval]"] = [
            fmt(d, lo, hi, 3, signed=True)
            for d, lo, hi in zip(table["diff"], table["diff_low"], table["diff_high"], strict=True)
        ]
        shown = shown.drop(columns=["diff"])
    shown = shown.loc[:, [c for c in shown.columns if not (shown[c].astype(str) == "").all()]]
    return str(shown.to_html(index=False, na_rep="", escape=True, float_format=lambda x: f"{x:.3g}"))


# --------------------------------------------------------------------------------------------------
# the plots
# --------------------------------------------------------------------------------------------------


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


def _plot_ladder(rep: Report, ax: Any) -> None:
    t = rep["ladder"]
    t = t[t["quantity"].isin(["win_rate", "team_success"])]
    _errorbars(ax, t, list(t["label"]))
    n = rep.game.num_players
    if rep.game.info.returns is not ReturnsKind.COOPERATIVE and n > 1:
        ax.axhline(1 / n, color="grey", ls="--", lw=0.8, label="fair share")
        ax.legend(fontsize=7)
    ax.set_ylabel(t["quantity"].iloc[0].replace("_", " "))
    ax.set_ylim(0, 1)


def _plot_turn_order(rep: Report, ax: Any) -> None:
    t = rep["turn_order"]
    t = t[t["quantity"] == "win_rate"]
    n = rep.game.num_players
    for i, (label, part) in enumerate(t.groupby("lineup", sort=False)):
        x = np.arange(n) + (i - 0.5) * 0.2
        v = part["value"].to_numpy(dtype=float)
        err = np.vstack([v - part["low"].to_numpy(dtype=float), part["high"].to_numpy(dtype=float) - v])
        ax.errorbar(x, v, yerr=err, fmt="o", capsize=3, label=label)
    ax.axhline(1 / n, color="grey", ls="--", lw=0.8)
    ax.set_xticks(np.arange(n), [f"{p + 1}" for p in range(n)])
    ax.set_xlabel("position in turn order (1 moved first)")
    ax.set_ylabel("win rate")
    ax.legend(fontsize=7)


def _plot_players(rep: Report, ax: Any) -> None:
    t = rep["players"]
    q = "team_success" if rep.game.info.returns is ReturnsKind.COOPERATIVE else "first_won"
    part = t[t["quantity"] == q]
    if part.empty:
        part = t[t["quantity"] == "win_rate"]
    _errorbars(ax, part, list(part["label"]))
    ax.set_ylabel(OUTCOME_WORDS.get(q, q), fontsize=8)
    if q == "first_won":
        ns = [int(s.split()[0]) for s in part["label"]]
        ax.plot(range(len(ns)), [1 / n for n in ns], "k_", ms=20, label="fair share")
        ax.legend(fontsize=7)


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
    labels = list(dict.fromkeys(part["label"]))
    for i, (lineup, rows) in enumerate(part.groupby("lineup", sort=False)):
        x = np.arange(len(rows)) + (i - 0.5) * 0.25
        v = rows["value"].to_numpy(dtype=float)
        err = np.vstack([v - rows["low"].to_numpy(dtype=float), rows["high"].to_numpy(dtype=float) - v])
        ax.errorbar(x, v, yerr=err, fmt="o", capsize=3, label=lineup)
    ax.set_xticks(np.arange(len(labels)), labels, fontsize=7, rotation=20)
    ax.set_ylabel("share of games")
    ax.legend(fontsize=7)


def _plot_sensitivity(rep: Report, ax: Any) -> None:
    t = rep["sensitivity"]
    _errorbars(ax, t, list(t["quantity"]), horizontal=True)
    ax.axvline(0, color="grey", ls="--", lw=0.8)
    ax.set_xlabel(f"largest move in {OUTCOME_WORDS.get(rep.outcome, rep.outcome)}", fontsize=8)


_PLOTS: Final[dict[str, Callable[[Report, Any], None]]] = {
    "ladder": _plot_ladder,
    "turn_order": _plot_turn_order,
    "players": _plot_players,
    "lead_curve": _plot_lead_curve,
    "length": _plot_length,
    "coop": _plot_coop,
    "sensitivity": _plot_sensitivity,
}
