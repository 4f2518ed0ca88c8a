"""A design report per game: ``isslab.report(game, bots=..., games=..., seed=0)``.

The report asks the standard questions a designer asks of a game, each answered with simulated
games, a 95% interval on every number, and a verdict that follows one method
(:mod:`~isslab.analysis.report.method`): it names the right baseline, gives the interval, says "not
shown" when the interval includes the baseline, and says whether the conclusion "holds under both
line-ups" or "depends on the line-up". Every section runs under every *line-up* (two by default:
the default bot in every seat, and a mix), since a number that depends on who plays must say whose
play it assumes; :meth:`Report.conclusions` lists every conclusion with its verdict.

* **ladder** (luck against skill): one seat played by each rung, from ``random`` through the
  heuristics to the expert at its fast setting (or, where the expert does not play, the strongest
  search bot, named), the other seats by the line-up; where win rates sit at a bound (solo 1998 ISS
  against FEDOR) the skill effect is read on the margin;
* **luck**: the luck share of the review's luck accounting (:func:`isslab.review`), over every game
  of each line-up;
* **turn_order**: win rate by position in turn order, the first-player advantage and balance;
* **players**: every player count under every line-up: the first mover, every position (extreme
  ones flagged), length, drama, lead changes and kingmaking;
* **strategies**: the strategy matrix, each bot as the lone minority among each other bot and as
  that majority (a counter-strategy is named);
* **lead**, **feedback** and **lead_curve** (runaway leader and catch-up): the mid-game leader's
  win rate against the same games without feedback (rounds shuffled) and random movers; the mean
  change of a lead by its size; the leader's chance under each catch-up variant; the lead over time
  (:mod:`isslab.analysis.leads`);
* **kingmaking**: how often a seat in last place that cannot win decides who does;
* **length**: game length in moves and rounds, and its spread;
* **coop** (cooperative games): the team's result bands; the alpha-player question (one mind for
  the team against each seat deciding alone, the same bot); the teams' difference of skill;
* **sensitivity**: for every option marked as an assumption, the main outcome at each plausible
  value (:func:`plausible_values`), ranked, under every line-up; a rule a line-up never meets says so;
* **dials** (a solo game's automaton): FEDOR's dials ranked by the margin, and an even match checked
  for every bot;
* **metrics**: the whole ``isslab.metrics`` table of each line-up.

``Report`` renders as HTML in a notebook (its conclusions first, then tables with intervals and
plots), ``to_frame()`` gives one long DataFrame (one row per number), ``report[section]`` one
section's table, ``conclusions()`` the verdicts. The reference games ``luck-race`` and ``coin-row``
(:mod:`isslab.games.reference`) show what every section gives at the two ends of luck and skill.

The package: :mod:`~.lineups` (who plays), :mod:`~.running` (the games and the rows), :mod:`~.method`
(the verdicts), one module per section (:mod:`~.ladder`, :mod:`~.luck`, :mod:`~.players`,
:mod:`~.strategies`, :mod:`~.runaway`, :mod:`~.coop`, :mod:`~.sensitivity`, :mod:`~.dials`, and
:mod:`~.sections` for the rest), :mod:`~.render` (the ``Report``) and :mod:`~.plots`; this module
is the entry.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import isslab.checks as checks
from isslab.analysis.designer import metrics
from isslab.analysis.report.coop import _coop
from isslab.analysis.report.dials import DIALS as DIALS
from isslab.analysis.report.dials import _dials
from isslab.analysis.report.ladder import _ladder
from isslab.analysis.report.lineups import EXPERT as EXPERT
from isslab.analysis.report.lineups import SEARCH_BOT as SEARCH_BOT
from isslab.analysis.report.lineups import LineUp as LineUp
from isslab.analysis.report.lineups import _heuristics, _lineup, strategy_bots, top_rung
from isslab.analysis.report.lineups import default_lineups as default_lineups
from isslab.analysis.report.lineups import lineup_label as lineup_label
from isslab.analysis.report.luck import _luck
from isslab.analysis.report.method import across as across
from isslab.analysis.report.method import verdict as verdict
from isslab.analysis.report.players import _players
from isslab.analysis.report.render import COLUMNS as COLUMNS
from isslab.analysis.report.render import FINDINGS as FINDINGS
from isslab.analysis.report.render import OUTCOME_WORDS as OUTCOME_WORDS
from isslab.analysis.report.render import SECTIONS as SECTIONS
from isslab.analysis.report.render import Report as Report
from isslab.analysis.report.render import fmt as fmt
from isslab.analysis.report.runaway import _lead, catch_up_variants
from isslab.analysis.report.running import _Run, distinct_games
from isslab.analysis.report.sections import _kingmaking, _length, _metrics, _turn_order
from isslab.analysis.report.sensitivity import DEFAULT_OUTCOME as DEFAULT_OUTCOME
from isslab.analysis.report.sensitivity import _default_outcome, _sensitivity
from isslab.analysis.report.sensitivity import plausible_values as plausible_values
from isslab.analysis.report.strategies import _strategies
from isslab.core import Game, make, short_repr
from isslab.frames.frame import BASE_COLUMNS
from isslab.play import resolve_bots
from isslab.sim.chunks import pool_for
from isslab.sim.pool import Workers

__all__ = [
    "DEFAULT_OUTCOME",
    "DIALS",
    "EXPERT",
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
    search_games: int = 12,
    side_games: int | None = None,
    outcome: str | None = None,
    sections: Sequence[str] | None = None,
    variants: Sequence[str] | None = None,
    **options: Any,
) -> Report:
    """Run the design report of a game (see the module docstring) and return a :class:`Report`.

    ``game`` is an id (``options`` build it: ``players=3``) or a ``Game``. ``bots`` is a list of
    line-ups, each a bot name (every seat) or a list of names (one per seat); by default two (the
    default bot everywhere, and a mix: :func:`default_lineups`). Seats are rotated from game to game.
    ``games`` games per line-up for the turn order, the luck share (the course asks for 100 or more),
    the lead, the length and the cooperative bands; ``side_games`` (``games // 2`` by default) per
    rung of the ladder, per player count, per cell of the strategy matrix, per kingmaking probe set,
    per catch-up variant and per value of each assumption and dial, under each line-up. The ladder's
    top rung is ``search``: ``"default"`` is the expert at its fast setting (:data:`EXPERT`) where it
    plays the game, else the game's search bot (:data:`SEARCH_BOT`), named in the ladder's note; a bot
    name picks another; None leaves it out. It plays ``search_games`` games under each line-up.
    ``outcome`` is the column of the sensitivity (:data:`DEFAULT_OUTCOME`; ``first_won``, ``length``,
    ``rounds`` work for every game). ``variants`` are the catch-up variants whose leader the lead
    section measures (None: every variant of the game defined in this process, ``isslab.variant``).
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
    if search == "default":
        top, top_note = top_rung(g) if "ladder" in wanted else ("", "")
    else:
        top, top_note = (search or ""), (f"the top rung is {search}, as asked" if search else "no top rung")
    if top and top in rungs:
        raise ValueError(f"the top rung {top!r} is on the ladder already: leave it out of one")
    found = _check_variants(g, variants)
    _check_bots(g, lineups, rungs, top or None)
    rep = Report(g, lineups, games, seed, out, top=top)
    wall, cpu, began_games = time.perf_counter(), _cpu(), time.process_time()
    with pool_for(workers, games) as pool:
        run = _Run(g, seed, pool)
        labels = [lineup_label(lu) for lu in lineups]
        frames = {lab: run.simulate(lu, games, trace=True) for lab, lu in zip(labels, lineups, strict=True)}
        metric_tables = {lab: metrics(df, game=g) for lab, df in frames.items()}
        for lab, df in frames.items():
            distinct = distinct_games(df)
            if distinct < games:
                rep.caveats.append(
                    f"the {games} games of {lab} are {distinct} different games, the others repeat "
                    "them (no chance, "
                    "or bots that always choose alike): an interval over them counts copies as "
                    "evidence, so read "
                    "its numbers as exact values of those games, not as estimates"
                )
        steps: list[tuple[tuple[str, ...], Callable[[], None]]] = [
            (("ladder",), lambda: _ladder(rep, run, lineups, rungs, top, top_note, side, search_games)),
            (("luck",), lambda: _luck(rep, run, frames)),
            (("turn_order",), lambda: _turn_order(rep, frames, metric_tables)),
            (("players",), lambda: _players(rep, run, lineups, side, side)),
            (("strategies",), lambda: _strategies(rep, run, strategy_bots(g), side, frames)),
            (
                ("lead", "feedback", "lead_curve"),
                lambda: _lead(rep, run, frames, metric_tables, lineups, side, found),
            ),
            (("kingmaking",), lambda: _kingmaking(rep, run, frames, side)),
            (("length",), lambda: _length(rep, frames, metric_tables)),
            (("coop",), lambda: _coop(rep, run, frames, lineups)),
            (("sensitivity",), lambda: _sensitivity(rep, run, lineups, side, out)),
            (("dials",), lambda: _dials(rep, run, lineups, side)),
            (("metrics",), lambda: _metrics(rep, metric_tables)),
        ]
        rep.timings["games"] = time.perf_counter() - wall
        rep.cpu_timings["games"] = time.process_time() - began_games
        for names, step in steps:
            if any(name in wanted for name in names):
                began, began_cpu = time.perf_counter(), time.process_time()
                step()
                rep.timings[names[0]] = time.perf_counter() - began
                rep.cpu_timings[names[0]] = time.process_time() - began_cpu
    rep.wall_seconds = time.perf_counter() - wall
    rep.cpu_seconds = _cpu() - cpu
    return rep


def _check_variants(game: Game, variants: Sequence[str] | None) -> list[str]:
    """The catch-up variants the lead section measures: each a variant of ``game`` defined here."""
    if variants is None:
        return catch_up_variants(game)
    given = _names_list("variants", variants, MAX_LINEUPS, f"['{game.id}/catch-up']") if variants else []
    mine = catch_up_variants(game)
    wrong = [v for v in given if v not in mine]
    if wrong:
        raise ValueError(
            f"variants names {short_repr(wrong, 60)}, which are not variants of {game.id} defined "
            "in this process; "
            f"these are: {', '.join(mine) or 'none (define one with isslab.variant)'}"
        )
    for v in given:
        make(v, **game.options)  # a variant that cannot take the game's options is refused here
    return given


def _cpu() -> float:
    """CPU seconds of this process and of its finished child processes (the worker pool's)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system
