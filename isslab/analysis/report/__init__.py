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

The package: :mod:`~isslab.analysis.report.lineups` (who plays), :mod:`~isslab.analysis.report.running`
(the games and the rows), :mod:`~isslab.analysis.report.sections` (every section but the
sensitivity), :mod:`~isslab.analysis.report.sensitivity` (plausible values and their section) and
:mod:`~isslab.analysis.report.render` (the ``Report``, its HTML and plots); this module is the entry.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import isslab.checks as checks
from isslab.analysis.designer import metrics
from isslab.analysis.report.lineups import SEARCH_BOT as SEARCH_BOT
from isslab.analysis.report.lineups import LineUp as LineUp
from isslab.analysis.report.lineups import _heuristics, _lineup
from isslab.analysis.report.lineups import default_lineups as default_lineups
from isslab.analysis.report.lineups import lineup_label as lineup_label
from isslab.analysis.report.render import COLUMNS as COLUMNS
from isslab.analysis.report.render import OUTCOME_WORDS as OUTCOME_WORDS
from isslab.analysis.report.render import SECTIONS as SECTIONS
from isslab.analysis.report.render import Report as Report
from isslab.analysis.report.render import fmt as fmt
from isslab.analysis.report.render import verdict as verdict
from isslab.analysis.report.running import _Run
from isslab.analysis.report.sections import (
    _coop,
    _kingmaking,
    _ladder,
    _lead,
    _length,
    _luck,
    _metrics,
    _players,
    _turn_order,
)
from isslab.analysis.report.sensitivity import DEFAULT_OUTCOME as DEFAULT_OUTCOME
from isslab.analysis.report.sensitivity import _default_outcome, _sensitivity
from isslab.analysis.report.sensitivity import plausible_values as plausible_values
from isslab.core import Game, make, short_repr
from isslab.frames.frame import BASE_COLUMNS
from isslab.play import resolve_bots
from isslab.sim.chunks import pool_for
from isslab.sim.pool import Workers

__all__ = [
    "DEFAULT_OUTCOME",
    "MAX_LINEUPS",
    "MAX_RUNGS",
    "SEARCH_BOT",
    "Report",
    "default_lineups",
    "plausible_values",
    "report",
]


#: the most line-ups one report plays, and the most rungs of its ladder (each plays its own games)
MAX_LINEUPS: Final = 8
MAX_RUNGS: Final = 12
#: the most games a line-up, a rung or a side run plays
MAX_REPORT_GAMES: Final = 100_000


def _check_count(name: str, value: Any, least: int = 1) -> int:
    return checks.integer(name, value, least, MAX_REPORT_GAMES)


def _names_list(name: str, value: Any, most: int, example: str) -> list[Any]:
    """A non-empty list of at most ``most`` entries (an endless generator is cut, then refused)."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise ValueError(f"{name} must be a list, like {example}, got {short_repr(value, 60)}")
    got = list(itertools.islice(value, most + 1))
    if not got:
        raise ValueError(f"{name} is empty: give at least one, like {example}")
    if len(got) > most:
        raise ValueError(f"{name} holds more than {most} entries; a report plays at most {most}")
    return got


def _check_bots(game: Game, lineups: Sequence[LineUp], rungs: Sequence[str], search: str | None) -> None:
    """Every bot the report will seat is a bot of the game: refused here, before any game is played."""
    ref = game.info.default_bot
    for lineup in lineups:
        resolve_bots(game, list(lineup))
    for rung in [*rungs, *([search] if search is not None else [])]:
        resolve_bots(game, [rung, *[ref] * (game.num_players - 1)])


def _check_outcome(game: Game, outcome: Any) -> str:
    """The sensitivity's outcome: a per-game column of the report's rows."""
    st = game.new_state()
    known = [*BASE_COLUMNS, *st.game_stats(), "first_won"]
    for seat in st.seat_stats():
        known += [k for k in seat if k not in known]
    if "fedor_score" in known and "score" in known:
        known.append("margin")
    if not isinstance(outcome, str) or outcome not in known:
        raise ValueError(
            f"outcome must be a column of the report's rows, got {short_repr(outcome, 40)}; the columns "
            f"are: {', '.join(known)}"
        )
    return outcome


def report(
    game: Game | str,
    bots: Sequence[Any] | None = None,
    games: int = 120,
    seed: int = 0,
    *,
    workers: Workers = 2,
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
    ``sections`` runs only some (names of :data:`SECTIONS`). ``workers`` is read as ``simulate`` reads it
    (:func:`isslab.sim.pool.as_pool`); one pool serves every section.
    Each line-up and each rung plays its own games, so a report plays at most ``MAX_LINEUPS``
    line-ups and ``MAX_RUNGS`` rungs; every argument and every bot is checked before a game is played.
    """
    g = make(game, **options) if isinstance(game, str) else game
    if not isinstance(g, Game):
        raise ValueError(f"game must be a game id or a Game, got {short_repr(game)}")
    if options and not isinstance(game, str):
        raise ValueError("options are for a game id; a Game already has its options")
    # every argument is checked, and every bot named, before the first game is played
    games = _check_count("games", games, 2)
    side = _check_count("side_games", side_games if side_games is not None else max(2, games // 2), 2)
    search_games = _check_count("search_games", search_games, 2)
    seed = checks.seed("seed", seed)
    given = default_lineups(g) if bots is None else _names_list("bots", bots, MAX_LINEUPS, "['greedy']")
    lineups = [_lineup(g, b) for b in given]
    twice = [lineup_label(lu) for i, lu in enumerate(lineups) if lu in lineups[:i]]
    if twice:
        raise ValueError(f"bots names the line-up {twice[0]!r} twice: give each line-up once")
    example = "['ladder', 'turn_order']"
    wanted = list(SECTIONS) if sections is None else _names_list("sections", sections, len(SECTIONS), example)
    unknown = [s for s in wanted if not isinstance(s, str) or s not in SECTIONS]
    if unknown:
        raise ValueError(
            f"unknown sections {short_repr(unknown, 60)}; the sections are: {', '.join(SECTIONS)}"
        )
    out = _check_outcome(g, outcome if outcome is not None else _default_outcome(g))
    heur = _heuristics(g.id)
    rungs = (
        ["random", *heur]
        if ladder is None
        else _names_list("ladder", ladder, MAX_RUNGS, "['random', 'greedy']")
    )
    if not all(isinstance(r, str) for r in rungs) or len(set(rungs)) != len(rungs):
        raise ValueError(
            "ladder must name each rung's bot once (texts, like ['random', 'greedy']), "
            f"got {short_repr(rungs, 60)}"
        )
    if search is not None and not isinstance(search, str):
        raise ValueError(f"search must be a bot name, 'default' or None, got {short_repr(search, 40)}")
    search_bot = SEARCH_BOT.get(g.id, "mcts(simulations=8)") if search == "default" else search
    if search_bot in rungs:
        raise ValueError(f"the search rung {search_bot!r} is on the ladder already: leave it out of one")
    _check_bots(g, lineups, rungs, search_bot)
    rep = Report(g, lineups, games, seed, out)
    wall, cpu = time.perf_counter(), _cpu()
    with pool_for(workers, games) as pool:
        run = _Run(g, seed, pool)
        labels = [lineup_label(lu) for lu in lineups]
        frames = {lab: run.simulate(lu, games, trace=True) for lab, lu in zip(labels, lineups, strict=True)}
        metric_tables = {lab: metrics(df, game=g) for lab, df in frames.items()}
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


def _cpu() -> float:
    """CPU seconds of this process and of its finished child processes (the worker pool's)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system
