"""The analysis conformance suite: every simulation and analysis call, on any registered game.

``check_analysis(game_id, table)`` runs ``simulate``, ``summarize``, ``sweep`` over a bool, an int
and a tuple option, ``compare`` and ``metrics`` with and without ``by``, ``replay`` of rows (search
bots included, at tiny budgets) and the plots, at one table of the game, and checks that each gives
a sensible result: the rows one per game and seat, the games counted once, rates inside [0, 1],
every interval around its estimate, paired differences on a sweep's common seeds, every replay equal
to its row. Frames put together by hand are checked too: two runs concatenated count every game, a
run concatenated with itself and a foreign frame are refused with a ``ValueError``.

:func:`tables` gives a game's smallest, default and largest tables, and :func:`sweep_values` the
values an option is swept over, both from the option schema alone: a new game gets the suite for
free. Game counts are tiny (the point is that every call works, not what it measures); a failure
raises :class:`AnalysisConformanceError` naming the game, the table and the call.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal

import pandas as pd

from isslab.analysis.designer import metrics
from isslab.core import Game, Option, ReturnsKind, game_class, make
from isslab.frames.stats import compare
from isslab.sim.api import simulate, summarize, sweep
from isslab.sim.replaying import replay

__all__ = ["AnalysisConformanceError", "AnalysisReport", "check_analysis", "sweep_values", "tables"]

Kind = Literal["bool", "int", "tuple"]
KINDS: Final[tuple[Kind, ...]] = ("bool", "int", "tuple")
#: options a sweep of the suite leaves alone: the table is chosen by :func:`tables`
TABLE_OPTIONS: Final = frozenset(("players",))
#: the search bots of the suite: two simulations a move, rollouts cut short
SEARCH_BOTS: Final = ("mcts(simulations=2, rollout_steps=8)", "ismcts(simulations=2, rollout_steps=8)")
#: metrics that are rates (shares of games): inside [0, 1]
RATES: Final = ("completion", "has_winner", "shared_wins", "balance", "decision_moves")


class AnalysisConformanceError(AssertionError):
    """A simulation or analysis call gave a wrong or senseless result."""


@dataclass
class AnalysisReport:
    """What ``check_analysis`` covered at one table: the calls checked and those it had to leave out."""

    game: str
    table: dict[str, Any]
    checked: list[str] = field(default_factory=list)
    #: what could not be checked at this table, and why (a game without a tuple option)
    skipped: dict[str, str] = field(default_factory=dict)
    sweeps: dict[str, tuple[str, list[Any]]] = field(default_factory=dict)


def tables(game_id: str) -> list[dict[str, Any]]:
    """The game's smallest, default and largest tables (by ``players``), each once."""
    info = game_class(game_id).INFO
    default = make(game_id).num_players
    out: list[dict[str, Any]] = []
    for players in (info.min_players, default, info.max_players):
        if {"players": players} not in out:
            out.append({"players": players})
    return out


def _kind(option: Option) -> Kind | None:
    default = option.default
    if isinstance(default, bool):
        return "bool"
    if isinstance(default, int):
        return "int"
    if isinstance(default, tuple):
        return "tuple"
    return None


def _nudged(value: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """Other tuples near ``value`` to try as a second sweep value (the schema says which are valid)."""
    out: list[tuple[Any, ...]] = []
    if not value:
        return out
    if value[::-1] != value:
        out.append(value[::-1])
    first = value[0]
    if isinstance(first, int) and not isinstance(first, bool):
        out += [(first + 1, *value[1:]), (first - 1, *value[1:])]
        last = value[-1]
        if isinstance(last, int) and not isinstance(last, bool) and len(value) > 1:
            out += [(*value[:-1], last + 1), (*value[:-1], last - 1)]
    elif isinstance(first, tuple):
        out += [(*(_nudged(first) or [first])[:1], *value[1:])]
        out += [value[:-1], (*value, value[-1])]
    return [v for v in out if v != value]


def sweep_values(game: Game, kind: Kind) -> tuple[str, list[Any]] | None:
    """The first option of ``kind`` (not the table's) with a second valid value: its name and both values.

    Bools flip; ints step by one within the bounds; tuples are reversed or nudged by one. A second
    value counts when ``make`` accepts it and it makes another game. None: the game has no such option.
    """
    options = game.options
    for option in type(game).OPTIONS:
        if option.name in TABLE_OPTIONS or _kind(option) != kind:
            continue
        value = options[option.name]
        tries: list[Any]
        if kind == "bool":
            tries = [not value]
        elif kind == "int":
            tries = [value + 1, value - 1]
        else:
            tries = _nudged(value)
        for other in tries:
            try:
                variant = make(game.id, **{**options, option.name: other})
            except ValueError:
                continue
            if variant != game:
                return option.name, [value, other]
    return None


def _fail(report: AnalysisReport, call: str, what: str) -> AnalysisConformanceError:
    return AnalysisConformanceError(f"{report.game} {report.table}: {call}: {what}")


def _expect(report: AnalysisReport, call: str, ok: bool, what: str) -> None:
    if not ok:
        raise _fail(report, call, what)


def _refused(report: AnalysisReport, call: str, fn: Callable[[], Any], words: str) -> None:
    try:
        fn()
    except ValueError as exc:
        _expect(report, call, words in str(exc), f"refused, but without saying {words!r}: {exc}")
        return
    raise _fail(report, call, "accepted a frame it must refuse")


def _check_rows(report: AnalysisReport, call: str, df: pd.DataFrame, game: Game, games: int) -> None:
    n = game.num_players
    _expect(report, call, len(df) == games * n, f"{len(df)} rows for {games} games of {n} seats")
    per_game = df.groupby([c for c in df.columns if c in (*df.attrs.get("grid", {}), "game")]).size()
    _expect(report, call, bool((per_game == n).all()), "a game without one row per seat")
    _expect(report, call, set(df["seat"]) == set(range(n)), f"seats {sorted(set(df['seat']))}")
    _expect(report, call, df["win"].dtype == bool, f"win is {df['win'].dtype}, not bool")
    _expect(report, call, bool((df["length"] >= 0).all() and (df["steps"] >= df["length"]).all()), "lengths")
    _expect(report, call, df.attrs.get("game") == game.id, "the attrs do not name the game")


def _check_metrics(report: AnalysisReport, call: str, table: pd.DataFrame, games: int) -> None:
    _expect(report, call, {"completion", "duration_moves", "balance"} <= set(table["metric"]), "metrics")
    for _, row in table.iterrows():
        value, low, high = row["value"], row["low"], row["high"]
        if math.isnan(value):
            _expect(report, call, bool(row["note"]), f"{row['metric']} is NaN without a note")
            continue
        _expect(report, call, 0 < row["games"] <= games, f"{row['metric']} rests on {row['games']} games")
        if row["metric"] in RATES or str(row["metric"]).startswith("win_rate["):
            _expect(report, call, -1e-9 <= value <= 1 + 1e-9, f"{row['metric']} = {value} is not a rate")
        if not (math.isnan(low) or math.isnan(high)):
            _expect(report, call, low - 1e-9 <= value <= high + 1e-9, f"{row['metric']} outside its interval")


def _check_compare(report: AnalysisReport, call: str, table: pd.DataFrame, games: int, paired: bool) -> None:
    _expect(report, call, bool((table["games"] == games).all()), f"games {list(table['games'])}, not {games}")
    for _, row in table.iterrows():
        if not (math.isnan(row["low"]) or math.isnan(row["high"])):
            _expect(
                report,
                call,
                row["low"] - 1e-9 <= row["estimate"] <= row["high"] + 1e-9,
                "an estimate outside",
            )
    if len(table) > 1:
        _expect(report, call, bool(table["paired"].iloc[1:].all()) == paired, f"paired should be {paired}")


def _check_replay(report: AnalysisReport, call: str, df: pd.DataFrame, rows: list[int]) -> None:
    for k in rows:
        row = df.iloc[k]
        record, final = replay(row)
        _expect(
            report,
            call,
            record.length == row["length"],
            f"row {k}: {record.length} moves, not {row['length']}",
        )
        _expect(report, call, record.bots[int(row["seat"])] == row["bot"], f"row {k}: bot {row['bot']!r}")
        _expect(report, call, final.is_terminal() or row["end_reason"].startswith("UNFINISHED"), "not over")


def _win(game: Game) -> dict[str, Any]:
    """compare's whose-win argument: seat 0, or none in a cooperative game (one result for all)."""
    return {} if game.info.returns is ReturnsKind.COOPERATIVE else {"seat": 0}


def check_analysis(
    game_id: str,
    table: Mapping[str, Any] | None = None,
    *,
    games: int = 3,
    seed: int = 0,
    search: bool = True,
) -> AnalysisReport:
    """Run every simulation and analysis call on ``game_id`` at ``table`` (options) and check the results.

    ``games`` per run (a sweep plays them at each of its two points); ``search`` adds the search
    bots' games and their replays. Raises :class:`AnalysisConformanceError` on the first wrong result.
    """
    options = dict(table or {})
    game = make(game_id, **options)
    report = AnalysisReport(game_id, options)
    bot = game.info.default_bot
    run: dict[str, Any] = {"games": games, "progress": False, "trace": True}

    df = simulate(game, bot, seed=seed, rotate_seats=True, **run)
    _check_rows(report, "simulate", df, game, games)
    summary = summarize(df)
    _expect(report, "summarize", len(summary) == game.num_players, f"{len(summary)} rows")
    _expect(report, "summarize", bool((summary["games"] == games).all()), "games per seat")
    report.checked += ["simulate", "summarize"]

    m = metrics(df)
    _check_metrics(report, "metrics", m, games)
    _check_compare(report, "compare length", compare(df, None, "length"), games, paired=False)
    _check_compare(report, "compare win", compare(df, None, "win", **_win(game)), games, paired=False)
    _check_replay(report, "replay", df, [0, len(df) - 1])
    report.checked += ["metrics", "compare", "replay"]

    # frames put together by hand: two runs count every game; one run twice and foreign frames refused
    other = simulate(game, bot, seed=seed + 1, rotate_seats=True, **run)
    both = pd.concat([df, other], ignore_index=True)
    _check_compare(report, "compare of two runs", compare(both, None, "length"), 2 * games, paired=False)
    _check_metrics(report, "metrics of two runs", metrics(both, game=game), 2 * games)
    _refused(
        report,
        "compare of a run twice",
        lambda: compare(pd.concat([df, df]), None, "length"),
        "appear more than once",
    )
    _refused(report, "metrics of a run twice", lambda: metrics(pd.concat([df, df])), "appear more than once")
    foreign = pd.DataFrame({"x": [1.0, 2.0], "y": ["a", "b"]})
    _refused(report, "compare of a foreign frame", lambda: compare(foreign, None, "x"), "no column")
    _refused(report, "metrics of a foreign frame", lambda: metrics(foreign, game=game), "no column")
    report.checked += ["concatenated frames", "foreign frames"]

    if search:
        seats = [*SEARCH_BOTS, *[bot] * game.num_players][: game.num_players]
        found = simulate(game, seats, games=1, seed=seed, progress=False)
        _check_rows(report, "simulate with search bots", found, game, 1)
        _check_replay(report, "replay of search bots", found, list(range(len(found))))
        report.checked.append("search bots")

    sweeps: dict[str, pd.DataFrame] = {}
    for kind in KINDS:
        found_values = sweep_values(game, kind)
        if found_values is None:
            report.skipped[f"sweep over a {kind} option"] = (
                f"{game_id} has no {kind} option with a second value"
            )
            continue
        name, values = found_values
        report.sweeps[kind] = (name, values)
        sw = sweep(game, {name: values}, bot, seed=seed, **run)
        call = f"sweep over {name} ({kind})"
        _check_rows(report, call, sw, game, 2 * games)
        _expect(
            report,
            call,
            list(dict.fromkeys(sw[name])) == values,
            f"the values {list(dict.fromkeys(sw[name]))}",
        )
        by = metrics(sw, by=name)
        _expect(report, call, by[name].nunique() == 2, "metrics by the swept option: not two variants")
        for _, part in by.groupby(name, sort=False):
            _check_metrics(report, f"metrics of {call} by {name}", part, games)
        _refused(report, f"metrics of {call} without by", functools.partial(metrics, sw), "would pool them")
        one = sw[sw[name].astype(str) == str(values[0])]
        _check_metrics(report, f"metrics of one value of {call}", metrics(one), games)
        _check_compare(report, f"compare of {call}", compare(sw, name, "length"), games, paired=True)
        _check_compare(
            report, f"compare of {call}", compare(sw, name, "win", **_win(game)), games, paired=True
        )
        _check_replay(report, f"replay of {call}", sw, [len(sw) - 1])
        sweeps[name] = sw
        report.checked.append(call)

    _check_plots(report, df, sweeps)
    return report


def _sweep_plots(plots: Any, name: str, sw: pd.DataFrame) -> list[tuple[str, Callable[[Any], Any]]]:
    """The plots of one sweep, each a function of the axes to draw on."""
    return [
        (f"plot_compare of {name}", lambda a: plots.plot_compare(compare(sw, name, "length"), a)),
        (f"plot_sweep of {name}", lambda a: plots.plot_sweep(sw, name, a)),
        (f"plot_games of {name}", lambda a: plots.plot_games(sw, name, "length", a)),
    ]


def _check_plots(report: AnalysisReport, df: pd.DataFrame, sweeps: Mapping[str, pd.DataFrame]) -> None:
    """Every general plot draws something on axes of a plain figure (no pyplot)."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        report.skipped["plots"] = "matplotlib is not installed (the notebooks extra)"
        return
    from isslab.analysis import plots

    fig, ax = plots.lab_figure(df)
    _expect(report, "lab_figure", ax.has_data() and len(fig.axes) == 2, "an empty picture")
    drawn: list[tuple[str, Callable[[Any], Any]]] = [
        ("plot_outcomes", lambda a: plots.plot_outcomes(df, None, a)),
        ("plot_games", lambda a: plots.plot_games(df, None, "length", a)),
        ("plot_length", lambda a: plots.plot_length(df, a)),
        ("plot_win_rates", lambda a: plots.plot_win_rates(df, a)),
        ("plot_metric", lambda a: plots.plot_metric(metrics(df), "duration_moves", None, a)),
    ]
    for name, sw in sweeps.items():
        drawn += _sweep_plots(plots, name, sw)
    for call, draw in drawn:
        axes = Figure(figsize=(4, 3)).subplots()
        draw(axes)
        _expect(report, call, axes.has_data() or bool(axes.patches) or bool(axes.lines), "drew nothing")
    table = plots.outcome_table(df)
    _expect(
        report,
        "outcome_table",
        abs(float(table.drop(columns=["variant", "games"]).sum(axis=1).iloc[0]) - 1) < 1e-9,
        "shares",
    )
    report.checked.append("plots")
