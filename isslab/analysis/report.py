"""A design report per game: ``isslab.report(game, bots=..., games=..., seed=0)``.

The report asks the standard questions a designer asks of a game, each answered with simulated
games, a 95% interval on every number, and a sentence that says what the interval shows (an
interval that includes no effect says so). It plays at least two bot *line-ups*, so the reader
sees how much each answer depends on who plays:

* **ladder** (luck against skill): one seat played by each rung of a ladder of bots (random, the
  heuristic bots, a search bot at a small budget) against the game's default bot; in a cooperative
  game, a team of each rung. A game of pure luck gives every rung the same result. The **luck**
  section is the place of the luck share of the win-chance analysis; it stays empty (NaN, with a
  note) until ``isslab.metrics`` reports a ``luck_share``;
* **turn_order**: win rate by position in turn order, the first-player advantage and the balance
  of ``isslab.metrics`` (and what balance hides: it compares seats, not turn positions);
* **players**: the first mover's win rate (a team's success) at every player count;
* **lead** and **lead_curve** (runaway leader and catch-up): the sole leader's win rate at
  mid-game, the comeback rate of the others, and the lead over time (:mod:`isslab.analysis.leads`);
* **kingmaking**: how often a seat in last place that cannot win decides who does;
* **length**: game length in moves and rounds, and its spread;
* **coop** (cooperative games): the team's result bands, and what a team that shares all
  information gains over seats that each follow their own heuristic (the first line-up against
  the second, paired on the same seeds);
* **sensitivity**: for every option marked as an assumption (``Option.assumption``), the main
  outcome at each plausible value (:func:`plausible_values`), ranked by how far it moves;
* **metrics**: the whole ``isslab.metrics`` table of each line-up.

``Report`` renders as HTML in a notebook (tables with intervals and plots), ``to_frame()`` gives
one long DataFrame (one row per number), ``report[section]`` one section's table.
"""

from __future__ import annotations

import base64
import html
import io
import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
import pandas as pd

import isslab
from isslab.analysis import leads
from isslab.core import Game, ReturnsKind, bot_names, make, short_repr
from isslab.stats import mean_interval, wilson_interval

__all__ = [
    "DEFAULT_OUTCOME",
    "SEARCH_BOT",
    "Report",
    "default_lineups",
    "plausible_values",
    "report",
]

#: the search rung of the ladder per game: a small budget, so that the report stays fast
SEARCH_BOT: Final[dict[str, str]] = {
    "space-1999": "mcts(simulations=8)",
    "1969": "ismcts(simulations=4)",
    "mission-iss": "mcts(simulations=2)",
    "1998-iss": "ismcts(simulations=2)",
}

#: the main outcome of each game (a per-game column, see :func:`_add_columns`), for the sensitivity
DEFAULT_OUTCOME: Final[dict[str, str]] = {
    "space-1999": "rounds",
    "1969": "best_score",
    "mission-iss": "win",
}

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

#: bots that are not heuristics of a game (the ladder's ends, the search bots)
_NOT_HEURISTIC: Final = frozenset(("random", "first", "mcts", "ismcts"))

#: FEDOR's deck at the game's default: every card an (action, back) pair
_FEDOR_DECK: Final = (
    ("install", "RU"),
    ("install", "US"),
    ("outside", "RU"),
    ("outside", "US"),
    ("long_stay", "RU"),
    ("long_stay", "US"),
    ("conduct", "RU"),
    ("conduct", "US"),
    ("reshuffle", "RU"),
)


def _recast(deck: tuple[tuple[str, str], ...], old: str, new: str) -> tuple[tuple[str, str], ...]:
    """A FEDOR deck with every ``old`` card made a ``new`` card (same backs)."""
    return tuple((new if action == old else action, back) for action, back in deck)


#: plausible values of assumed options that no generic rule finds (years, compositions, tables of
#: names), as (label, value) pairs, or None when the option has no plausible alternative we can
#: name (the reason follows)
_PLAUSIBLE: Final[dict[tuple[str, str], tuple[list[tuple[str, Any]] | None, str]]] = {
    ("1969", "die_faces"): (
        [("4/1/1", (4, 1, 1)), ("2/3/1", (2, 3, 1)), ("3/1/2", (3, 1, 2))],
        "die faces (success/neutral/failure) moved by one",
    ),
    ("1969", "intel_deck"): (
        [("26/13/0", (26, 13, 0)), ("0/13/26", (0, 13, 26))],
        "more low or more high cards (of values 1/2/3)",
    ),
    ("mission-iss", "track_years"): (
        [
            ("no 2002", (1998, 1999, 2000, 2001, 2005, 2006, 2007, 2008, 2009, 2010, 2011)),
            ("2003 added", (1998, 1999, 2000, 2001, 2002, 2003, 2005, 2006, 2007, 2008, 2009, 2010, 2011)),
        ],
        "one space fewer or more before 2005",
    ),
    ("mission-iss", "incident_years"): (
        [("2001", (2001,)), ("2001, 2007, 2010", (2001, 2007, 2010))],
        "one incident space fewer or more",
    ),
    ("mission-iss", "milestones"): (
        [
            ("9 by 2008", ((2005, 6), (2008, 9))),
            ("5 by 2005", ((2005, 5), (2009, 9))),
            ("7 by 2005, 10 by 2009", ((2005, 7), (2009, 10))),
        ],
        "a review's 2008, and one module fewer or more",
    ),
    ("mission-iss", "setup_tile_fields"): (
        [("T", ("T",)), ("T, R, S", ("T", "R", "S"))],
        "one research tile fewer or more",
    ),
    ("mission-iss", "module_parents"): (None, "the station's shape: no plausible alternative to name"),
    ("mission-iss", "research_bonuses"): (None, "bonus names: no plausible alternative to name"),
    ("1998-iss", "fedor_deck"): (
        [
            ("conduct cards made install", _recast(_FEDOR_DECK, "conduct", "install")),
            ("install cards made conduct", _recast(_FEDOR_DECK, "install", "conduct")),
            ("outside cards made long stay", _recast(_FEDOR_DECK, "outside", "long_stay")),
        ],
        "two cards of one action made another action",
    ),
    ("1998-iss", "shuttle_copies"): (
        [("4/2/2/2/2", (4, 2, 2, 2, 2)), ("2/4/2/2/2", (2, 4, 2, 2, 2)), ("3/3/3/2/1", (3, 3, 3, 2, 1))],
        "other splits of 6 Russian + 6 US cards",
    ),
    ("1998-iss", "shuttle_materials"): (None, "read from the rulebook's examples"),
    ("1998-iss", "shuttle_modules"): (None, "read from the rulebook's examples"),
    ("1998-iss", "shuttle_replacement"): (None, "read from the rulebook's examples"),
    ("1998-iss", "initial_modules"): (None, "compartment types: no plausible alternative to name"),
    ("1998-iss", "module_deck"): (None, "compartment types: no plausible alternative to name"),
}


# --------------------------------------------------------------------------------------------------
# plausible values of an assumption
# --------------------------------------------------------------------------------------------------


def _nudge(x: Any, sign: int) -> Any:
    """A number moved by a fifth (at least 1) towards ``sign``; 0 stays 0, a positive stays positive."""
    if isinstance(x, bool) or not isinstance(x, int | float) or x == 0:
        return x
    step = max(1, round(abs(x) * 0.2))
    moved = x + sign * step
    return max(1, moved) if x > 0 else moved


def _nudged(value: Any, sign: int) -> Any:
    """Every number inside a (nested) tuple nudged the same way; strings and flags kept."""
    if isinstance(value, tuple):
        return tuple(_nudged(v, sign) for v in value)
    return _nudge(value, sign)


def plausible_values(game: Game | str, name: str) -> tuple[list[tuple[str, Any]], str]:
    """Plausible values of the option ``name`` other than the game's, as ``(label, value)`` pairs, and how.

    A flag is flipped; an option with choices takes the others; a number, or every number of a
    tuple or table, moves by a fifth (at least 1) down and up (the labels say ``down``/``up`` for a
    tuple); a few options (years, deck compositions, tables of names) have values of their own in
    ``_PLAUSIBLE``. Values the game refuses are dropped. An empty list comes with the reason.
    """
    g = make(game) if isinstance(game, str) else game
    option = next((o for o in g.OPTIONS if o.name == name), None)
    if option is None:
        names = ", ".join(o.name for o in g.OPTIONS)
        raise ValueError(f"{g.id} has no option {short_repr(name, 40)}; its options are: {names}")
    current = g.options[name]
    special = _PLAUSIBLE.get((g.id, name))
    candidates: list[tuple[str, Any]]
    if special is not None:
        listed, how = special
        if listed is None:
            return [], how
        candidates = list(listed)
    elif isinstance(current, bool):
        candidates, how = [(str(not current), not current)], "the other reading"
    elif option.choices is not None:
        candidates, how = [(str(c), c) for c in option.choices if c != current], "the other choices"
    elif isinstance(current, tuple):
        candidates = [("down", _nudged(current, -1)), ("up", _nudged(current, +1))]
        how = "every number a fifth (at least 1) down, and up"
    else:
        candidates = [(str(_nudge(current, s)), _nudge(current, s)) for s in (-1, +1)]
        how = "a fifth (at least 1) down and up"
    out: list[tuple[str, Any]] = []
    for label, value in candidates:
        if value == current or any(value == v for _, v in out):
            continue
        try:
            make(g.id, **{**g.options, name: value})
        except ValueError:
            continue
        out.append((label, value))
    return out, (how if out else f"{how}: no value the game accepts")


# --------------------------------------------------------------------------------------------------
# line-ups
# --------------------------------------------------------------------------------------------------

LineUp = tuple[str, ...]


def _heuristics(gid: str) -> list[str]:
    default = make(gid).info.default_bot
    rest = [b for b in bot_names(gid) if b not in _NOT_HEURISTIC and b != default]
    return [default, *rest]


def default_lineups(game: Game) -> list[LineUp]:
    """Two line-ups: the default bot in every seat, and a mix (the heuristic bots in turn, seats rotated).

    In a cooperative game the second line-up is the first other heuristic bot in every seat (Mission
    ISS: ``planner`` plays as a team, ``greedy`` per seat); with one seat, the second heuristic bot.
    """
    n = game.num_players
    heur = _heuristics(game.id)
    first: LineUp = (heur[0],) * n
    if game.info.returns is ReturnsKind.COOPERATIVE or n == 1:
        other = heur[1] if len(heur) > 1 else "random"
        return [first, (other,) * n]
    mix = heur if len(heur) > 1 else [heur[0], "random"]
    return [first, tuple(mix[s % len(mix)] for s in range(n))]


def _lineup(game: Game, spec: Any) -> LineUp:
    if isinstance(spec, str):
        return (spec,) * game.num_players
    if isinstance(spec, Sequence) and all(isinstance(b, str) for b in spec):
        if len(spec) == 1:
            return (str(spec[0]),) * game.num_players
        if len(spec) != game.num_players:
            raise ValueError(
                f"a line-up of {game.id} with {game.num_players} players names {game.num_players} bots "
                f"(or one for every seat), got {len(spec)}: {short_repr(spec)}"
            )
        return tuple(str(b) for b in spec)
    raise ValueError(
        "bots must be a list of line-ups, each a bot name (every seat) or a list of names (one per seat), "
        f"got {short_repr(spec)}"
    )


def lineup_label(lineup: LineUp) -> str:
    """``greedy`` for one bot in every seat, else the bots in seat order joined by ``/``."""
    return lineup[0] if len(set(lineup)) == 1 else "/".join(lineup)


# --------------------------------------------------------------------------------------------------
# the report object
# --------------------------------------------------------------------------------------------------

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
# running games
# --------------------------------------------------------------------------------------------------


@dataclass
class _Run:
    """What every section needs: the game, the pool, and the seeds."""

    game: Game
    seed: int
    workers: Executor | int
    width: int

    def simulate(
        self, bots: Sequence[str], games: int, game: Game | None = None, trace: bool = False
    ) -> pd.DataFrame:
        """A run of ``games`` games of ``bots`` (seats rotated, seeds shared), with the report's columns."""
        g = game or self.game
        df = isslab.simulate(
            g,
            bots=list(bots),
            games=games,
            seed=self.seed,
            workers=self.workers,
            progress=False,
            rotate_seats=True,
            trace=trace,
        )
        return _add_columns(df, g)

    def variants(
        self,
        name: str,
        values: Sequence[Any],
        bots: Sequence[str],
        games: int,
        trace: bool,
        base: pd.DataFrame,
    ) -> pd.DataFrame:
        """``base`` (the game's own games) and the games of each value of option ``name`` on the same seeds,
        a column ``variant`` numbering them (0: ``base``).

        (Not ``isslab.sweep``: an option may share its name with a statistics column of the rows; and the
        game's own games are played once for every option.)
        """
        frames = [base.assign(variant=0)]
        for i, value in enumerate(values, start=1):
            g = make(self.game.id, **{**self.game.options, name: value})
            frames.append(self.simulate(bots, games, game=g, trace=trace).assign(variant=i))
        out = pd.concat(frames, ignore_index=True)
        out.attrs.update(frames[0].attrs)
        return out


def _add_columns(df: pd.DataFrame, game: Game) -> pd.DataFrame:
    """Per-game columns the report reads: ``first_won`` (the first mover won); solo 1998 ISS ``margin``."""
    df = df.copy()
    if "first_mover" in df:
        first = df.groupby("game")["first_mover"].transform("first")
        won = df["win"].astype(bool) & (df["seat"] == first)
        df["first_won"] = won.groupby(df["game"]).transform("any").astype(float)
    if "fedor_score" in df and "score" in df:
        df["margin"] = (df["score"] - df["fedor_score"]).astype(float)
    return df


@contextmanager
def _pool(workers: int | Executor) -> Iterator[tuple[Executor | int, int]]:
    if isinstance(workers, Executor):
        yield workers, 2
        return
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be an int >= 1 or an Executor, got {short_repr(workers)}")
    n = min(workers, os.cpu_count() or 1)
    if n <= 1:
        yield 1, 1
        return
    with ProcessPoolExecutor(max_workers=n) as pool:
        yield pool, n


def _map(run: _Run, fn: Callable[[Any], Any], jobs: Sequence[Any]) -> list[Any]:
    if isinstance(run.workers, Executor) and len(jobs) > 1:
        chunk = max(1, len(jobs) // (4 * run.width))
        return list(run.workers.map(fn, jobs, chunksize=chunk))
    return [fn(j) for j in jobs]


def _row(**kw: Any) -> dict[str, Any]:
    return kw


def _rate(k: float, n: int) -> tuple[float, float, float]:
    low, high = wilson_interval(k, n)
    return (k / n if n else math.nan, low, high)


def _metric_rows(table: pd.DataFrame, names: Sequence[str], label: str) -> list[dict[str, Any]]:
    part = table[table["metric"].isin(names)]
    return [
        _row(
            lineup=label,
            label="",
            quantity=r.metric,
            value=r.value,
            low=r.low,
            high=r.high,
            games=r.games,
            note=r.note,
        )
        for r in part.itertuples()
    ]


# --------------------------------------------------------------------------------------------------
# the sections
# --------------------------------------------------------------------------------------------------


def _ladder(
    rep: Report, run: _Run, rungs: Sequence[str], search: str | None, games: int, search_games: int
) -> None:
    g = run.game
    n = g.num_players
    ref = g.info.default_bot
    coop = g.info.returns is ReturnsKind.COOPERATIVE
    frames = []
    for rung in [*rungs, *([search] if search else [])]:
        bots = [rung] * n if coop else [rung, *[ref] * (n - 1)]
        df = run.simulate(bots, search_games if rung == search else games)
        # with rotated seats, bot 0 (the rung) plays seat game % n
        mine = df if coop else df[df["seat"] == df["game"] % n]
        frames.append(mine.assign(rung=rung))
    rows = pd.concat(frames, ignore_index=True)
    rows.attrs.update(frames[0].attrs)
    metrics = ["win", "returns"] if coop else ["win"]
    out = []
    for metric in metrics:
        table = isslab.compare(rows, by="rung", metric=metric, baseline=rungs[0])
        for r in table.itertuples():
            out.append(
                _row(
                    lineup=str(r.rung) if coop else f"{r.rung} against {ref}",
                    label=str(r.rung),
                    quantity="team_success"
                    if metric == "win" and coop
                    else ("team_return" if coop else "win_rate"),
                    value=r.estimate,
                    low=r.low,
                    high=r.high,
                    games=r.games,
                    diff=r.diff,
                    diff_low=r.diff_low,
                    diff_high=r.diff_high,
                    note="difference from " + str(rungs[0]) + (", paired" if r.paired else ""),
                )
            )
    rep.sections["ladder"] = pd.DataFrame(out)
    main = [r for r in out if r["quantity"] in ("win_rate", "team_success")]
    best = max(main, key=lambda r: r["value"])
    base = main[0]
    fair = "" if coop or n == 1 else f" (a fair share is {1 / n:.2f})"
    lines = [
        f"{r['label']}: {fmt(r['value'], r['low'], r['high'])} over {r['games']} games{fair}" for r in main
    ]
    if best is not base:
        lines.append(
            f"the best rung ({best['label']}) against {base['label']}: "
            f"{fmt(best['diff'], best['diff_low'], best['diff_high'], signed=True)}: "
            + verdict(best["diff_low"], best["diff_high"], what="a skill effect")
        )
    if coop:
        what = "a team of each bot"
    elif n == 1:
        what = "each bot alone against the game's automaton"
    else:
        what = f"one seat played by each bot, the others by {ref}"
    rep.notes["ladder"] = f"{what}; seats rotated; the search rung has a small budget."
    rep.readings["ladder"] = lines


def _luck(rep: Report, metric_tables: Mapping[str, pd.DataFrame]) -> None:
    """The luck share, read from ``isslab.metrics`` where the win-chance analysis puts it; else empty."""
    rows = []
    for label, table in metric_tables.items():
        found = table[table["metric"] == "luck_share"]
        if len(found):
            r = found.iloc[0]
            rows.append(
                _row(
                    lineup=label,
                    label="",
                    quantity="luck_share",
                    value=r.value,
                    low=r.low,
                    high=r.high,
                    games=r.games,
                    note=r.note,
                )
            )
        else:
            rows.append(
                _row(
                    lineup=label,
                    label="",
                    quantity="luck_share",
                    value=math.nan,
                    low=math.nan,
                    high=math.nan,
                    games=0,
                    note="not measured: needs the win-chance analysis",
                )
            )
    rep.sections["luck"] = pd.DataFrame(rows)
    if all(math.isnan(r["value"]) for r in rows):
        rep.notes["luck"] = (
            "The luck share comes from the win-chance analysis (isslab.metrics' luck_share); "
            "it is not measured here yet, so this section holds no number."
        )


def _turn_order(
    rep: Report, frames: Mapping[str, pd.DataFrame], metric_tables: Mapping[str, pd.DataFrame]
) -> None:
    n = rep.game.num_players
    if rep.game.info.returns is ReturnsKind.COOPERATIVE or n == 1:
        rep.notes["turn_order"] = (
            "one result for every seat (cooperative, or one seat): no turn order to compare"
        )
        return
    rows = []
    lines = []
    for label, df in frames.items():
        first = df.groupby("game")["first_mover"].transform("first")
        position = (df["seat"] - first) % n
        for pos in range(n):
            won = df.loc[position == pos, "win"].astype(float)
            v, lo, hi = _rate(float(won.sum()), len(won))
            rows.append(
                _row(
                    lineup=label,
                    label=f"position {pos + 1}",
                    quantity="win_rate",
                    value=v,
                    low=lo,
                    high=hi,
                    games=len(won),
                    note="1 = the seat that moved first",
                )
            )
        rows += _metric_rows(metric_tables[label], ["first_player_advantage", "balance"], label)
        fpa = metric_tables[label].set_index("metric").loc["first_player_advantage"]
        bal = metric_tables[label].set_index("metric").loc["balance"]
        pos_rates = [r for r in rows if r["lineup"] == label and r["quantity"] == "win_rate"]
        spread = max(r["value"] for r in pos_rates) - min(r["value"] for r in pos_rates)
        lines.append(
            f"{label}: first-player advantage {fmt(fpa.value, fpa.low, fpa.high, signed=True)}: "
            + verdict(fpa.low, fpa.high, what="an advantage", below="a disadvantage")
            + f"; balance {fmt(bal.value, bal.low, bal.high)} compares the seats, while the positions in "
            f"turn order differ by up to {spread:.2f} in win rate"
        )
    rep.sections["turn_order"] = pd.DataFrame(rows)
    rep.readings["turn_order"] = lines
    rep.notes["turn_order"] = (
        "Balance is 1 minus the gap between the best and worst seat's win rate: seats, not positions in "
        "turn order. When the first player is drawn at random, every seat takes every position, so balance "
        "can read near 1 while the positions differ a lot; the rows by position show what balance hides."
    )


def _players(rep: Report, run: _Run, bot: str, games: int) -> None:
    info = rep.game.info
    coop = info.returns is ReturnsKind.COOPERATIVE
    rows = []
    lines = []
    for n in range(info.min_players, info.max_players + 1):
        g = make(rep.game.id, **{**rep.game.options, "players": n})
        df = run.simulate([bot] * n, games, game=g, trace=True)
        per_game = df.drop_duplicates("game")
        if coop:
            v, lo, hi = _rate(float(per_game["win"].sum()), len(per_game))
            rows.append(
                _row(
                    lineup=bot,
                    label=f"{n} players",
                    quantity="team_success",
                    value=v,
                    low=lo,
                    high=hi,
                    games=len(per_game),
                    note="",
                )
            )
            ret = per_game["returns"].to_numpy(dtype=float)
            lo, hi = mean_interval(ret)
            rows.append(
                _row(
                    lineup=bot,
                    label=f"{n} players",
                    quantity="team_return",
                    value=float(ret.mean()),
                    low=lo,
                    high=hi,
                    games=len(ret),
                    note="",
                )
            )
            lines.append(
                f"{n} players: success {fmt(v, *_rate(float(per_game['win'].sum()), len(per_game))[1:])}"
            )
        elif n == 1:
            won = per_game["win"].astype(float)
            v, lo, hi = _rate(float(won.sum()), len(won))
            rows.append(
                _row(
                    lineup=bot,
                    label="1 player",
                    quantity="win_rate",
                    value=v,
                    low=lo,
                    high=hi,
                    games=len(won),
                    note="the solo game against the game's automaton",
                )
            )
            lines.append(f"1 player: {bot} wins {fmt(v, lo, hi)}")
        else:
            v, lo, hi = _rate(float(per_game["first_won"].sum()), len(per_game))
            rows.append(
                _row(
                    lineup=bot,
                    label=f"{n} players",
                    quantity="first_won",
                    value=v,
                    low=lo,
                    high=hi,
                    games=len(per_game),
                    note=f"fair share {1 / n:.3f}",
                )
            )
            m = isslab.metrics(df, game=g).set_index("metric").loc["first_player_advantage"]
            rows.append(
                _row(
                    lineup=bot,
                    label=f"{n} players",
                    quantity="first_player_advantage",
                    value=m.value,
                    low=m.low,
                    high=m.high,
                    games=m.games,
                    note="",
                )
            )
            lines.append(
                f"{n} players: the first mover wins {fmt(v, lo, hi)} (fair {1 / n:.2f}); advantage "
                f"{fmt(m.value, m.low, m.high, signed=True)}: "
                + verdict(m.low, m.high, what="an advantage", below="a disadvantage")
            )
    rep.sections["players"] = pd.DataFrame(rows)
    rep.readings["players"] = lines
    rep.notes["players"] = f"{bot} in every seat at every player count, {games} games each."


def _lead(
    rep: Report, run: _Run, frames: Mapping[str, pd.DataFrame], metric_tables: Mapping[str, pd.DataFrame]
) -> None:
    g = rep.game
    if g.info.returns is ReturnsKind.COOPERATIVE or g.num_players == 1:
        rep.notes["lead"] = "one result for every seat (cooperative, or one seat): nobody leads the others"
        return
    rows, curve, lines = [], [], []
    for label, df in frames.items():
        jobs = [(g, b, s) for s, b in leads.games_of(df)]
        traced = _map(run, leads._trace_job, jobs)
        mid = leads.leader_wins(traced, 0.5)
        for r in mid.itertuples():
            rows.append(
                _row(
                    lineup=label,
                    label="at mid-game",
                    quantity=r.quantity,
                    value=r.value,
                    low=r.low,
                    high=r.high,
                    games=r.games,
                    note=r.note,
                )
            )
        rows += _metric_rows(metric_tables[label], ["lead_changes", "drama", "decisiveness"], label)
        c = leads.lead_curve(traced)
        curve.append(c.assign(lineup=label, label=[f"t={t:.1f}" for t in c["t"]]))
        lw = mid.set_index("quantity").loc["leader_wins"]
        lines.append(
            f"{label}: the sole leader at mid-game wins {fmt(lw.value, lw.low, lw.high)} "
            f"(fair share {1 / g.num_players:.2f}): "
            + verdict(
                lw.low,
                lw.high,
                null=1 / g.num_players,
                what="an edge for the leader",
                below="a handicap for the leader",
            )
        )
    rep.sections["lead"] = pd.DataFrame(rows)
    rep.sections["lead_curve"] = pd.concat(curve, ignore_index=True)
    rep.readings["lead"] = lines
    rep.notes["lead_curve"] = (
        "winner_leads: the share of games in which a winner is among the leaders at time t (0 the start, "
        "1 the end); gap: the leader's first standing number minus the runner-up's."
    )


def _kingmaking(rep: Report, run: _Run, frames: Mapping[str, pd.DataFrame], probes: int) -> None:
    g = rep.game
    if g.info.returns is ReturnsKind.COOPERATIVE or g.num_players < 3:
        rep.notes["kingmaking"] = (
            "needs three seats or more in a competitive game (with two, the other seat wins)"
        )
        return
    rows, lines = [], []
    for label, df in frames.items():
        jobs = [(g, b, s, 2 / 3, "random") for s, b in leads.games_of(df, probes)]
        found = leads.kingmaking(_map(run, leads._probe_job, jobs))
        for r in found.itertuples():
            rows.append(
                _row(
                    lineup=label,
                    label="at t=2/3",
                    quantity=r.quantity,
                    value=r.value,
                    low=r.low,
                    high=r.high,
                    games=r.games,
                    note=r.note,
                )
            )
        k = found.set_index("quantity").loc["kingmaking"]
        lines.append(
            f"{label}: a last seat that could not win decided the winner in {fmt(k.value, k.low, k.high)} "
            f"of {k.games:.0f} probes"
        )
    rep.sections["kingmaking"] = pd.DataFrame(rows)
    rep.readings["kingmaking"] = lines
    rep.notes["kingmaking"] = (
        "At two thirds of a game, the seat in sole last place; the rest played twice with the same dice, "
        "once by its own bot and once by random (the default bot if it was random). It could not win if it "
        "won in neither; it decided who wins if the two winners differ."
    )


def _quantile_interval(values: np.ndarray, q: float, seed: int) -> tuple[float, float]:
    """A percentile bootstrap interval of the ``q`` quantile (1,000 resamples, seeded)."""
    rng = np.random.default_rng(seed)
    boot = np.quantile(rng.choice(values, size=(1000, len(values))), q, axis=1)
    low, high = np.quantile(boot, [0.025, 0.975])
    return float(low), float(high)


def _length(
    rep: Report, frames: Mapping[str, pd.DataFrame], metric_tables: Mapping[str, pd.DataFrame]
) -> None:
    rows, lines = [], []
    for label, df in frames.items():
        rows += _metric_rows(metric_tables[label], ["duration_moves", "duration_rounds"], label)
        moves = df.drop_duplicates("game")["length"].to_numpy(dtype=float)
        for q in (0.1, 0.5, 0.9):
            lo, hi = _quantile_interval(moves, q, rep.seed)
            rows.append(
                _row(
                    lineup=label,
                    label="",
                    quantity=f"moves_q{round(q * 100)}",
                    value=float(np.quantile(moves, q)),
                    low=lo,
                    high=hi,
                    games=len(moves),
                    note="bootstrap interval",
                )
            )
        m = metric_tables[label].set_index("metric").loc["duration_moves"]
        lines.append(
            f"{label}: {fmt(m.value, m.low, m.high, 1)} moves per game; one game in ten is shorter than "
            f"{np.quantile(moves, 0.1):.0f} moves and one in ten longer than {np.quantile(moves, 0.9):.0f}"
        )
    rep.sections["length"] = pd.DataFrame(rows)
    rep.readings["length"] = lines


def _band_names(game: Game, column: str, values: Sequence[Any]) -> dict[Any, str]:
    """A name per result band: the game package's ``band_label(band)`` when it has one, else ``band k``."""
    if column != "band":
        return {v: f"result {_plain(v)}" for v in values}
    package = sys.modules.get(type(game).__module__.rsplit(".", 1)[0])
    label = getattr(package, "band_label", None)
    return {v: str(label(int(v))) if callable(label) else f"band {_plain(v)}" for v in values}


def _coop(rep: Report, frames: Mapping[str, pd.DataFrame]) -> None:
    if rep.game.info.returns is not ReturnsKind.COOPERATIVE:
        return
    rows, lines = [], []
    column = "band" if all("band" in df for df in frames.values()) else "returns"
    values = sorted(set().union(*(set(df[column]) for df in frames.values())))
    names = _band_names(rep.game, column, values)
    for label, df in frames.items():
        per_game = df.drop_duplicates("game")
        for v in values:
            k = float((per_game[column] == v).sum())
            share, lo, hi = _rate(k, len(per_game))
            rows.append(
                _row(
                    lineup=label,
                    label=names[v],
                    quantity=f"share_{column}",
                    value=share,
                    low=lo,
                    high=hi,
                    games=len(per_game),
                    note="",
                )
            )
    labels = list(frames)
    if len(labels) >= 2:
        both = pd.concat([frames[lab].assign(lineup=lab) for lab in labels[:2]], ignore_index=True)
        both.attrs.update(frames[labels[0]].attrs)
        for metric in ("win", "returns"):
            t = isslab.compare(both, by="lineup", metric=metric, baseline=labels[1])
            r = t[t["lineup"] == labels[0]].iloc[0]
            rows.append(
                _row(
                    lineup=f"{labels[0]} - {labels[1]}",
                    label="gain",
                    quantity=f"gain_{metric}",
                    value=r["diff"],
                    low=r["diff_low"],
                    high=r["diff_high"],
                    games=r["games"],
                    note="paired on the same seeds" if r["paired"] else "unpaired",
                )
            )
            words = "success rate" if metric == "win" else "result (modules)"
            lines.append(
                f"{labels[0]} over {labels[1]}, {words}: "
                f"{fmt(r['diff'], r['diff_low'], r['diff_high'], signed=True)}: "
                + verdict(r["diff_low"], r["diff_high"], what="a gain", below="a loss")
            )
        rep.notes["coop"] = (
            f"{labels[0]} against {labels[1]}: with the default line-ups, a bot that plans for the whole "
            "team against one that plays each seat for itself."
        )
    rep.sections["coop"] = pd.DataFrame(rows)
    rep.readings["coop"] = lines


def _sensitivity(rep: Report, run: _Run, bots: LineUp, games: int, outcome: str) -> None:
    g = rep.game
    rows, ranking, skipped = [], [], []
    base = run.simulate(bots, games, trace=outcome == "first_won")  # the game's own values, played once
    for option in [o for o in g.OPTIONS if o.assumption]:
        values, how = plausible_values(g, option.name)
        if not values:
            skipped.append(f"{option.name} ({how})")
            continue
        current = g.options[option.name]
        tried = [current, *(v for _, v in values)]
        labels = ["the game's value", *(label for label, _ in values)]
        df = run.variants(option.name, tried[1:], bots, games, outcome == "first_won", base)
        table = isslab.compare(df, by="variant", metric=outcome, baseline=0)
        for k, r in zip(table["variant"].astype(int).tolist(), table.itertuples(), strict=True):
            rows.append(
                _row(
                    lineup=lineup_label(bots),
                    label=labels[k],
                    quantity=option.name,
                    value=r.estimate,
                    low=r.low,
                    high=r.high,
                    games=r.games,
                    diff=r.diff,
                    diff_low=r.diff_low,
                    diff_high=r.diff_high,
                    note=_short_value(tried[k]) if k == 0 else how,
                )
            )
        others = table[table["variant"] != 0]
        top = others.iloc[int(np.argmax(others["diff"].abs().to_numpy()))]
        top_label = labels[int(top["variant"])]
        ranking.append(
            _row(
                lineup=lineup_label(bots),
                label=top_label,
                quantity=option.name,
                value=top["diff"],
                low=top["diff_low"],
                high=top["diff_high"],
                games=int(top["games"]),
                note=verdict(top["diff_low"], top["diff_high"], what="an effect"),
            )
        )
    ranked = sorted(ranking, key=lambda item: -abs(item["value"]))
    for i, item in enumerate(ranked):
        item["rank"] = i + 1
    rep.sections["sensitivity"] = pd.DataFrame(ranked)
    rep.sections["sensitivity_values"] = pd.DataFrame(rows)
    words = OUTCOME_WORDS.get(outcome, outcome)
    lines = [
        f"{x['rank']}. {x['quantity']}: {fmt(x['value'], x['low'], x['high'], signed=True)} in {words} "
        f"at {x['label']}: {x['note']}"
        for x in ranked[:5]
    ]
    rep.readings["sensitivity"] = lines
    rep.notes["sensitivity"] = (
        f"For each assumed option, {words} at each plausible value, against the game's value on the same "
        f"seeds ({games} games each); ranked by the largest move. "
        + (f"Not varied: {'; '.join(skipped)}." if skipped else "")
    )


def _plain(value: Any) -> Any:
    """A numpy scalar as the Python value it holds (tuples kept): what a reader typed."""
    return value.item() if isinstance(value, np.generic) else value


def _short_value(value: Any) -> str:
    return short_repr(_plain(value), 48)


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


# --------------------------------------------------------------------------------------------------
# the entry point
# --------------------------------------------------------------------------------------------------


def _default_outcome(game: Game) -> str:
    if game.id == "1998-iss":
        return "margin" if game.num_players == 1 else "best_score"
    if game.id in DEFAULT_OUTCOME:
        return DEFAULT_OUTCOME[game.id]
    return "win" if game.info.returns is ReturnsKind.COOPERATIVE else "length"


def _check_count(name: str, value: Any, least: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= 100_000:
        raise ValueError(f"{name} must be an int from {least} to 100,000, got {short_repr(value)}")
    return value


def report(
    game: Game | str,
    bots: Sequence[Any] | None = None,
    games: int = 120,
    seed: int = 0,
    *,
    workers: int | Executor = 2,
    ladder: Sequence[str] | None = None,
    search: str | None = "default",
    search_games: int = 10,
    side_games: int | None = None,
    outcome: str | None = None,
    sections: Sequence[str] | None = None,
    **options: Any,
) -> Report:
    """Run the design report of a game (see the module docstring) and return a :class:`Report`.

    ``game`` is an id (``options`` build it: ``players=3``) or a ``Game``. ``bots`` is a list of
    line-ups, each a bot name (every seat) or a list of names (one per seat); by default two (the
    default bot everywhere, and a mix: :func:`default_lineups`). Seats are rotated from game to game.
    ``games`` games per line-up for the turn order, the lead, the length and the cooperative
    bands; ``side_games`` (``games // 2`` by default) per rung of the ladder, per player count, per
    kingmaking probe set and per value of each assumption; ``search_games`` for the search rung
    (``search`` names it; None leaves it out). ``outcome`` is the column of the sensitivity
    (:data:`DEFAULT_OUTCOME`; ``first_won``, ``length``, ``rounds`` work for every game).
    ``sections`` runs only some (names of :data:`SECTIONS`). ``workers`` processes (or an Executor).
    """
    g = make(game, **options) if isinstance(game, str) else game
    if not isinstance(g, Game):
        raise ValueError(f"game must be a game id or a Game, got {short_repr(game)}")
    if options and not isinstance(game, str):
        raise ValueError("options are for a game id; a Game already has its options")
    games = _check_count("games", games, 2)
    side = _check_count("side_games", side_games if side_games is not None else max(2, games // 2), 2)
    search_games = _check_count("search_games", search_games, 2)
    lineups = [_lineup(g, b) for b in (bots if bots is not None else default_lineups(g))]
    if not lineups:
        raise ValueError("bots: give at least one line-up")
    wanted = list(SECTIONS) if sections is None else list(sections)
    unknown = [s for s in wanted if s not in SECTIONS]
    if unknown:
        raise ValueError(f"unknown sections {unknown}; the sections are: {', '.join(SECTIONS)}")
    out = outcome if outcome is not None else _default_outcome(g)
    heur = _heuristics(g.id)
    rungs = list(ladder) if ladder is not None else ["random", *heur]
    search_bot = SEARCH_BOT.get(g.id, "mcts(simulations=8)") if search == "default" else search
    rep = Report(g, lineups, games, seed, out)
    wall, cpu = time.perf_counter(), _cpu()
    with _pool(workers) as (pool, width):
        run = _Run(g, seed, pool, width)
        labels = [lineup_label(lu) for lu in lineups]
        frames = {lab: run.simulate(lu, games, trace=True) for lab, lu in zip(labels, lineups, strict=True)}
        metric_tables = {lab: isslab.metrics(df, game=g) for lab, df in frames.items()}
        steps: list[tuple[str, Callable[[], None]]] = [
            ("ladder", lambda: _ladder(rep, run, rungs, search_bot, side, search_games)),
            ("luck", lambda: _luck(rep, metric_tables)),
            ("turn_order", lambda: _turn_order(rep, frames, metric_tables)),
            ("players", lambda: _players(rep, run, lineups[0][0], side)),
            ("lead", lambda: _lead(rep, run, frames, metric_tables)),
            ("kingmaking", lambda: _kingmaking(rep, run, frames, side)),
            ("length", lambda: _length(rep, frames, metric_tables)),
            ("coop", lambda: _coop(rep, frames)),
            ("sensitivity", lambda: _sensitivity(rep, run, lineups[0], side, out)),
            ("metrics", lambda: _metrics(rep, metric_tables)),
        ]
        rep.timings["games"] = time.perf_counter() - wall
        for name, step in steps:
            if name in wanted or (name == "lead" and "lead_curve" in wanted):
                began = time.perf_counter()
                step()
                rep.timings[name] = time.perf_counter() - began
    rep.wall_seconds = time.perf_counter() - wall
    rep.cpu_seconds = _cpu() - cpu
    return rep


def _metrics(rep: Report, metric_tables: Mapping[str, pd.DataFrame]) -> None:
    rep.sections["metrics"] = pd.concat(
        [
            t.assign(lineup=lab).rename(columns={"metric": "quantity"})[
                ["lineup", "quantity", "value", "low", "high", "games", "method", "note"]
            ]
            for lab, t in metric_tables.items()
        ],
        ignore_index=True,
    )


def _cpu() -> float:
    """CPU seconds of this process and of its finished child processes (the worker pool's)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system
