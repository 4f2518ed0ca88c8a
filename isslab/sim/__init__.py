"""Many games at once: ``simulate`` (one row per game and seat), ``sweep`` (over an option grid), ``replay``.

Reproducible by construction: game ``i`` of a run with seed ``s`` always uses the ``i``-th seed
derived from ``s`` (``numpy.random.SeedSequence``), so the rows are the same whatever the number of
workers or the executor that runs them, and every row's ``seed`` replays its game.

A call is checked whole before the first game (:mod:`~isslab.sim.spec`, one validated
:class:`RunSpec`), then played in chunks (the unit of work sent to a worker, of progress and of
cancelling). The modules, bottom up:

* :mod:`~isslab.sim.args` - argument checks and a sweep's grid, parsed from text for the CLI and the lab;
* :mod:`~isslab.sim.pool` - ``workers`` read once into a :class:`Pool`, the :func:`executor_width` hook;
* :mod:`~isslab.sim.spec` - the run's keywords (:class:`RunArgs`, defined once) and their check,
  :func:`run_spec`;
* :mod:`~isslab.sim.rows` - one game to its rows, and a chunk of games in a worker;
* :mod:`~isslab.sim.sinks` - where finished chunks go (memory, a summary, a growing file);
* :mod:`~isslab.sim.runner` - chunks on this process or a pool, in game order, Ctrl-C and stop;
* :mod:`~isslab.sim.auto` - ``games="auto"``, batch after batch;
* :mod:`~isslab.sim.api` - ``simulate``, ``sweep``, ``summarize``;
* :mod:`~isslab.sim.replaying` - ``replay``: a row's game again;
* :mod:`~isslab.sim.arena` - head-to-head matches and skill traces of bots;

The statistics these frames feed are in :mod:`isslab.analysis`.
"""

from __future__ import annotations

from isslab.checks import MAX_GAMES, MAX_SWEEP_POINTS
from isslab.frames.frame import record_rows
from isslab.sim.api import run, simulate, summarize, sweep
from isslab.sim.args import FORMATS, parse_grid, parse_values
from isslab.sim.pool import Pool, Workers, cpu_count, executor_width
from isslab.sim.replaying import Replay, replay
from isslab.sim.rows import seed_array
from isslab.sim.spec import RunArgs, RunSpec, run_spec

__all__ = [
    "FORMATS",
    "MAX_GAMES",
    "MAX_SWEEP_POINTS",
    "Pool",
    "Replay",
    "RunArgs",
    "RunSpec",
    "Workers",
    "cpu_count",
    "executor_width",
    "parse_grid",
    "parse_values",
    "record_rows",
    "replay",
    "run",
    "run_spec",
    "seed_array",
    "simulate",
    "summarize",
    "sweep",
]
