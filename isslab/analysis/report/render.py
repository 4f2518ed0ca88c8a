"""The report object and how it shows itself: its tables and long frame, its conclusions, its HTML.

Every conclusion a section draws is recorded with :meth:`Report.conclude`, which reads each line-up's
interval against the named baseline (:mod:`~isslab.analysis.report.method`), writes the sentence and
says whether the conclusion holds under both line-ups; :meth:`Report.conclusions` is their table.
The plots are in :mod:`~isslab.analysis.report.plots`.
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import pandas as pd

from isslab.analysis.report.lineups import LineUp, lineup_label
from isslab.analysis.report.method import across, agree, direction, verdict
from isslab.core import Game

__all__ = ["COLUMNS", "FINDINGS", "OUTCOME_WORDS", "SECTIONS", "Figure", "Report", "fmt", "verdict"]

#: a figure of one line-up: (value, low, high), as pandas gives them
Figure = tuple[Any, Any, Any]


#: what each outcome column means, for the tables and sentences
OUTCOME_WORDS: Final[dict[str, str]] = {
    "rounds": "rounds per game",
    "length": "moves per game",
    "best_score": "the winner's score",
    "win": "the team's success rate",
    "returns": "the team's result (its return)",
    "margin": "the player's score minus FEDOR's",
    "first_won": "the first mover's win rate",
    "score_margin": "the seat's score minus its best rival's",
}


#: the sections in the order of the report, with their question
SECTIONS: Final[dict[str, str]] = {
    "ladder": "Luck against skill: how much better does a better player do, up to the expert?",
    "luck": "Luck share: how much of the result do the dice and draws explain?",
    "turn_order": "Does the position in turn order matter?",
    "players": "What changes with the number of players: the first mover, each position, length, kingmaking?",
    "strategies": "Strategy matrix: how does each bot do as the lone minority, and as the majority?",
    "lead": "Does the leader at mid-game run away, against the same race without feedback?",
    "feedback": "How does a lead change with its size: does it grow (runaway) or shrink (catch-up)?",
    "lead_curve": "The lead over time: how often does the eventual winner lead, and by how much?",
    "kingmaking": "Does a seat that cannot win decide who does?",
    "length": "How long is a game, and how much does that vary?",
    "coop": "Cooperative play: the team's results; does one mind for the team beat each seat deciding alone?",
    "sensitivity": "Which assumed component values matter, and which rules does the line-up never meet?",
    "dials": "Which dial of the automaton moves the solo game most; does an even match hold for every bot?",
    "metrics": "Every designer metric (isslab.metrics) of each line-up",
}


#: the long format of :meth:`Report.to_frame`
COLUMNS: Final = ("section", "lineup", "label", "quantity", "value", "low", "high", "games", "note")
#: the columns of :meth:`Report.conclusions`
FINDINGS: Final = (
    "section",
    "claim",
    "baseline",
    "lineup",
    "value",
    "low",
    "high",
    "null",
    "direction",
    "verdict",
    "across",
)


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
    #: CPU seconds of this process per section (all of a section's work with ``workers=1``)
    cpu_timings: dict[str, float] = field(default_factory=dict)
    #: the ladder's top rung (the expert at its fast setting, or the stand-in named in the ladder's note)
    top: str = ""
    #: one row per conclusion and line-up (see :meth:`conclusions`)
    findings: list[dict[str, Any]] = field(default_factory=list)
    #: what a reader must know before reading any number (games that repeat one another)
    caveats: list[str] = field(default_factory=list)

    def __getitem__(self, section: str) -> pd.DataFrame:
        """One section's table (the long format of :meth:`to_frame`, plus the section's own columns)."""
        if section not in self.sections:
            raise KeyError(f"no section {section!r}; the report has: {', '.join(self.sections)}")
        return self.sections[section]

    def add_section(self, section: str, rows: Sequence[Mapping[str, Any]], lines: Sequence[str]) -> None:
        """Set ``section``'s table (one row a figure) and its readings, before any conclusion drawn."""
        self.sections[section] = pd.DataFrame(rows)
        self.readings[section] = [*lines, *self.readings.get(section, [])]

    def conclude(
        self,
        section: str,
        claim: str,
        baseline: str,
        figures: Mapping[str, tuple[Any, Any, Any]],
        null: float | None = 0.0,
        what: str = "an effect",
        below: str | None = None,
        digits: int = 2,
        signed: bool = True,
    ) -> str:
        """Record one conclusion under every line-up and add its sentence to ``section``'s readings.

        ``figures`` maps each line-up's label to ``(value, low, high)``. Against ``null`` each interval
        shows ``what`` (above), ``below`` (under) or nothing ("not shown"); the sentence names the
        ``baseline``, gives every interval and ends with :func:`~.method.across` ("holds under both
        line-ups", "depends on the line-up", "not shown under either line-up"). ``null=None`` records
        an estimate with no null: the line-ups are not shown to differ when their intervals overlap
        (:func:`~.method.agree`).
        """
        parts, dirs, rows = [], [], []
        for label, (value, low, high) in figures.items():
            text = fmt(value, low, high, digits, signed)
            if null is None:
                side = "n/a"
            else:
                side = direction(low, high, null)
                word = {
                    "above": f"{what} shown",
                    "below": f"{below or what} shown",
                    "none": "not shown",
                    "n/a": "no interval",
                }[side]
                text += f", {word}"
            parts.append(f"{label} {text}")
            dirs.append(side)
            rows.append(
                {
                    "section": section,
                    "claim": claim,
                    "baseline": baseline,
                    "lineup": label,
                    "value": _float(value),
                    "low": _float(low),
                    "high": _float(high),
                    "null": math.nan if null is None else float(null),
                    "direction": side,
                    "verdict": "" if null is None else verdict(low, high, null, what, below),
                }
            )
        labels = list(figures)
        if null is None:
            summary = agree([(r["low"], r["high"]) for r in rows])
        else:
            summary = across(dirs, labels)
        for r in rows:
            r["across"] = summary
        self.findings += rows
        sentence = f"{claim}, against {baseline}: {'; '.join(parts)}: {summary}"
        self.readings.setdefault(section, []).append(sentence)
        return sentence

    def conclusions(self, section: str | None = None) -> pd.DataFrame:
        """Every conclusion the report drew, one row per line-up, with its baseline, interval, verdict and
        whether it holds under both line-ups (the column ``across``); ``section`` keeps one section's."""
        table = pd.DataFrame(self.findings, columns=list(FINDINGS))
        if section is not None:
            if section not in SECTIONS:
                raise KeyError(f"no section {section!r}; the sections are: {', '.join(SECTIONS)}")
            table = table[table["section"] == section].reset_index(drop=True)
        return table

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
        first = [f"caveat: {c}" for c in self.caveats]
        return "\n".join(
            [*first, *(f"{name}: {line}" for name, lines in self.readings.items() for line in lines)]
        )

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
        out += [f"<p><b>Caveat.</b> {html.escape(c)}</p>" for c in self.caveats]
        if self.findings:
            out.append("<h3>Conclusions, each under every line-up</h3>" + _html_findings(self.findings))
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
        from isslab.analysis.report.plots import PLOTS

        if section not in PLOTS:
            raise ValueError(f"section {section!r} has no plot; these do: {', '.join(PLOTS)}")
        if ax is None:
            import matplotlib.pyplot as plt

            _, ax = plt.subplots(figsize=(6, 3))
        PLOTS[section](self, ax)
        return ax

    def _png(self, section: str) -> str:
        from isslab.analysis.report.plots import PLOTS

        if section not in PLOTS or section not in self.sections or self.sections[section].empty:
            return ""
        from matplotlib.figure import Figure

        fig = Figure(figsize=(6.4, 2.8), dpi=80)
        ax = fig.subplots()
        PLOTS[section](self, ax)
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


def _float(x: Any) -> float:
    return math.nan if x is None else float(x)


def _html_findings(findings: list[dict[str, Any]]) -> str:
    """The conclusions as one table: a row per conclusion, a column per line-up, and the verdict across."""
    table = pd.DataFrame(findings)
    table["figure"] = [
        fmt(v, lo, hi, 2, signed=not math.isnan(n))
        + ("" if d == "n/a" else f" ({d if d != 'none' else 'not shown'})")
        for v, lo, hi, n, d in zip(
            table["value"], table["low"], table["high"], table["null"], table["direction"], strict=True
        )
    ]
    wide = table.pivot_table(
        index=["section", "claim", "baseline", "across"],
        columns="lineup",
        values="figure",
        aggfunc="first",
        sort=False,
    ).reset_index()
    return str(wide.to_html(index=False, na_rep="", escape=True))
