"""The engines' sections of ``python -m isslab.bench``: games/s and steps/s per game and bot, as JSON.

The playout section (first) is the engines' speed against a reference: random playouts on one
core, a state copied at every step (``state.apply`` returns a new state; OpenSpiel's
``state.child(action)`` does the same), one driver for both (:func:`playout_rate`), timed in CPU
seconds (``time.process_time``) so that other processes on the machine disturb it little. Each
round of runs times every game and then the reference (OpenSpiel's C++ ``chinese_checkers`` when
``open_spiel`` is installed, ``--reference`` names another), so a busy spell falls on both; the
figures are medians over ``--playout-repeat`` rounds, and the ratio of the medians is what the
engines' targets are written in (``isslab.bench`` prints the machine's load average beside it).

The bots section is the default bots' speed against a reference: each round plays ``--bot-games``
seeded games of every game's default bot at its default table (``game.info.default_bot`` in every
seat, ``isslab.play``), each game in a worker process of its own (as ``simulate`` plays it: no game
pays for the memory of another), a few games of each in turn, and the figures are CPU seconds per
game, medians over ``--bot-rounds`` rounds; ``ratio`` is a game's median over Space: 1999's, the
figure the bots' targets are written in (a default bot within twice Space: 1999's time). The same
seeds are played in every round, so the rounds differ only by the machine. ``engine_ratio`` is the
same games' moves replayed with no bot (each step's legal list and the step), on the same scale: the
least a game's ratio can come down to however fast its bot.
The play section gives games and steps per CPU second, the median of ``--repeat`` runs on one
core (a plain loop over ``isslab.play``) with the random bot and the game's default bot.
The search section (``--sims N``, 0 skips it) times in CPU seconds, per game and from one
position: the raw random playout rate (steps/s of :func:`isslab.bots.mcts.random_playout`),
``mcts`` with random rollouts (simulations/s, and the steps/s its rollouts reach: the share of the
search spent playing out rather than in the tree), and OpenSpiel's Python ``MCTSBot`` on the same
position through ``isslab.interop.openspiel`` (when ``open_spiel`` is installed).
The parallel section (``--parallel N``) times ``isslab.simulate`` of N games with the default bot
in one process and with ``workers=2``, and on a ``dask.distributed`` LocalCluster of two worker
processes (when dask is installed; ``--no-dask`` skips it), and reports the parallel efficiency
``time(workers=1) / (2 * time(two workers))`` (1.0 is a perfect halving), in wall time and in the
CPU seconds of every process.
The expert section times the expert (:mod:`isslab.bots.expert`, full and fast) in one seat of each
game's default table among the default bots: CPU seconds per move with a choice, the median and the
95th percentile over ``--expert-games`` games (0 skips it).
``--sections`` runs some of them (``--sections playouts`` for the engines' speed alone); the
``report`` and ``winchance`` sections (:mod:`isslab.bench.report`, :mod:`isslab.bench.winchance`)
run only when named.
Speed is measured here, never in timed tests.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from isslab.core import State, bot_names, games, make
from isslab.core import bot as get_bot
from isslab.play import play
from isslab.sim import simulate

__all__ = [
    "PLAYOUT_REFERENCE",
    "BOT_REFERENCE",
    "bench_bots",
    "bench_efficiency",
    "bench_expert",
    "bench_play",
    "bench_playouts",
    "bench_search",
    "cpu_seconds",
    "dask_client",
    "main",
    "playout_rate",
]

#: the OpenSpiel game the engines' playout rates are compared with (C++, no chance, a few hundred steps)
PLAYOUT_REFERENCE = "chinese_checkers"


def playout_rate(root: Any, child: Any, rng: random.Random, cpu_budget: float) -> tuple[float, int]:
    """Steps per CPU second of uniformly random playouts from ``root``, and the steps played.

    Whole playouts are played until ``cpu_budget`` CPU seconds have passed. ``root`` is an isslab
    state or an OpenSpiel state: the driver calls only what both have (``is_terminal()``,
    ``is_chance_node()``, ``legal_actions()``, ``chance_outcomes()``); ``child(state, action)``
    is the new state (``State.apply`` for isslab, ``pyspiel.State.child`` for OpenSpiel). Chance
    outcomes are drawn here by their probabilities, the same way for both.
    """
    rand = rng.random
    clock = time.process_time
    steps = 0
    t0 = clock()
    while True:
        s = root
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                x = rand()
                a = outcomes[-1][0]  # the last outcome takes what rounding leaves
                for outcome, p in outcomes:
                    x -= p
                    if x < 0:
                        a = outcome
                        break
            else:
                legal = s.legal_actions()
                a = legal[int(rand() * len(legal))]
            s = child(s, a)
            steps += 1
        dt = clock() - t0
        if dt >= cpu_budget:
            return steps / dt, steps


def _reference_root(name: str) -> tuple[Any, Any] | None:
    """The initial state of OpenSpiel's game ``name`` and its ``child``; None without open_spiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game(name).new_initial_state(), pyspiel.State.child


def bench_playouts(
    ids: list[str], repeat: int, cpu_budget: float, reference: str | None = PLAYOUT_REFERENCE
) -> dict[str, Any]:
    """Random-playout steps per CPU second of each game (default options) and of the reference.

    Every round times each game once and then the reference, with the seed of the round; the
    figures are the medians over ``repeat`` rounds, ``ratio`` a game's median over the
    reference's (None without open_spiel or with ``reference=None``).
    """
    roots = {gid: make(gid).new_state() for gid in ids}
    ref = _reference_root(reference) if reference else None
    runs: dict[str, list[float]] = {gid: [] for gid in ids}
    ref_runs: list[float] = []
    load_before = os.getloadavg()
    for r in range(repeat):
        for gid, root in roots.items():
            runs[gid].append(playout_rate(root, type(root).apply, random.Random(r), cpu_budget)[0])
        if ref is not None:
            ref_runs.append(playout_rate(ref[0], ref[1], random.Random(r), cpu_budget)[0])
    ref_rate = statistics.median(ref_runs) if ref_runs else None
    rows = []
    for gid in ids:
        rate = statistics.median(runs[gid])
        rows.append(
            {
                "game": gid,
                "players": roots[gid].game.num_players,
                "steps_per_cpu_s": rate,
                "ratio": rate / ref_rate if ref_rate else None,
                "runs": runs[gid],
            }
        )
    return {
        "reference": reference if ref is not None else None,
        "reference_steps_per_cpu_s": ref_rate,
        "reference_runs": ref_runs,
        "repeat": repeat,
        "cpu_budget_s": cpu_budget,
        "load_average_before": load_before,
        "load_average_after": os.getloadavg(),
        "games": rows,
    }


def _print_playouts(res: dict[str, Any]) -> None:
    ref = res["reference"]
    print(
        f"random playouts, one core, steps per CPU second (medians of {res['repeat']} rounds of "
        f"{res['cpu_budget_s']:g} s)"
    )
    print(f"{'game':12} {'steps/s':>10} {'x ' + (ref or 'reference'):>20}")
    for row in res["games"]:
        ratio = f"{row['ratio']:.2f}x" if row["ratio"] is not None else "-"
        print(f"{row['game']:12} {row['steps_per_cpu_s']:10,.0f} {ratio:>20}")
    if ref:
        print(f"{ref + ' (OpenSpiel, C++)':33} {res['reference_steps_per_cpu_s']:10,.0f}")
    else:
        print("(no reference: open_spiel is not installed, or --reference none)")
    before = ", ".join(f"{x:.2f}" for x in res["load_average_before"])
    after = ", ".join(f"{x:.2f}" for x in res["load_average_after"])
    print(f"load average (1, 5, 15 min) before: {before}; after: {after}\n")


#: the game whose default bot (``greedy``) the other default bots' CPU time per game is compared with
BOT_REFERENCE = "space-1999"


def _bot_chunk(game_id: str, first: int, stop: int) -> tuple[float, int, float]:
    """CPU seconds and steps of the default bot's games of seeds ``first`` to ``stop - 1``, and the CPU
    seconds of replaying their moves with no bot (in a worker)."""
    game = make(game_id)
    bot = game.info.default_bot
    t0 = time.process_time()
    records = [play(game, bot, seed=seed) for seed in range(first, stop)]
    played = time.process_time() - t0
    steps = sum(r.steps for r in records)
    # the engine's part of those games: every step's legal list (apply checks the move against it,
    # as a bot's game needs it) and the step itself, which no bot speed-up can take away; written out
    # rather than GameRecord.states(), which keeps every state alive where a game drops them
    t0 = time.process_time()
    for r in records:
        state = game.new_state()
        for action in r.actions:
            state = state.apply(action)
    return played, steps, time.process_time() - t0


def bench_bots(ids: list[str], games_: int, rounds: int, chunk: int = 20) -> dict[str, Any]:
    """CPU seconds per game of each game's default bot at its default table, and the ratio to the reference.

    Each game is played in a process of its own (as ``simulate`` plays it), so that no game pays
    for another's memory (a collection of the garbage walks every object of the process, the other
    games' memoised tables too). Every round plays the same ``games_`` seeded games of
    :data:`BOT_REFERENCE` and of each game in ``ids``, ``chunk`` games of each in turn, so that a
    busy spell of the machine falls on all of them; the figures are medians over ``rounds`` rounds,
    ``ratio`` a game's median over the reference's (the reference is played even when ``ids`` leaves
    it out).
    """
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from isslab.sim.pool import ignore_sigint

    order = [BOT_REFERENCE] + [gid for gid in ids if gid != BOT_REFERENCE]
    tables = {gid: make(gid) for gid in order}
    runs: dict[str, list[float]] = {gid: [] for gid in order}
    engine: dict[str, list[float]] = {gid: [] for gid in order}
    steps: dict[str, int] = {}
    # spawned, not forked: a worker starts with nothing but the engines, whatever this process holds
    context = multiprocessing.get_context("spawn")
    workers = {
        gid: ProcessPoolExecutor(max_workers=1, mp_context=context, initializer=ignore_sigint)
        for gid in order
    }
    try:
        for gid, worker in workers.items():
            worker.submit(_bot_chunk, gid, 0, 1).result()  # warm the worker (imports, tables)
        load_before = os.getloadavg()
        for _ in range(rounds):
            spent = dict.fromkeys(order, 0.0)
            replayed = dict.fromkeys(order, 0.0)
            counts = dict.fromkeys(order, 0)
            for first in range(0, games_, chunk):
                stop = min(games_, first + chunk)
                for gid, worker in workers.items():
                    cpu, n, again = worker.submit(_bot_chunk, gid, first, stop).result()
                    spent[gid] += cpu
                    replayed[gid] += again
                    counts[gid] += n
            for gid in order:
                runs[gid].append(spent[gid] / games_)
                engine[gid].append(replayed[gid] / games_)
                steps[gid] = counts[gid]
    finally:
        for worker in workers.values():
            worker.shutdown()
    ref = statistics.median(runs[BOT_REFERENCE])
    rows = []
    for gid in order:
        if gid not in ids and gid == BOT_REFERENCE:
            continue
        cpu = statistics.median(runs[gid])
        rows.append(
            {
                "game": gid,
                "bot": tables[gid].info.default_bot,
                "players": tables[gid].num_players,
                "cpu_s_per_game": cpu,
                "ratio": cpu / ref,
                "steps_per_game": steps[gid] / games_,
                "runs": runs[gid],
                "ratio_runs": [x / y for x, y in zip(runs[gid], runs[BOT_REFERENCE], strict=True)],
                # the same games' moves replayed with no bot, over the reference's whole games: the
                # least the ratio can come down to however fast the bot
                "engine_ratio": statistics.median(engine[gid]) / ref,
            }
        )
    return {
        "reference": f"{BOT_REFERENCE} {tables[BOT_REFERENCE].info.default_bot}",
        "reference_cpu_s_per_game": ref,
        "reference_runs": runs[BOT_REFERENCE],
        "games_per_round": games_,
        "rounds": rounds,
        "load_average_before": load_before,
        "load_average_after": os.getloadavg(),
        "games": rows,
    }


def _print_bots(res: dict[str, Any]) -> None:
    print(
        f"default bots at the default tables, one core, CPU ms per game (medians of {res['rounds']} rounds "
        f"of {res['games_per_round']} games)"
    )
    ref = "x " + res["reference"]
    print(
        f"{'game':12} {'bot':8} {'ms/game':>8} {'steps/game':>11} {ref:>18} {'(rounds)':>14} "
        f"{'engine alone':>13}"
    )
    for row in res["games"]:
        spread = f"{min(row['ratio_runs']):.2f}-{max(row['ratio_runs']):.2f}"
        ms = row["cpu_s_per_game"] * 1e3
        print(
            f"{row['game']:12} {row['bot']:8} {ms:8.2f} {row['steps_per_game']:11,.0f} "
            f"{row['ratio']:17.2f}x {spread:>14} {row['engine_ratio']:12.2f}x"
        )
    print("engine alone: the same games' moves replayed with no bot (legal lists and steps), same scale")
    print(f"{res['reference'] + ' (reference)':21} {res['reference_cpu_s_per_game'] * 1e3:8.2f}")
    before = ", ".join(f"{x:.2f}" for x in res["load_average_before"])
    after = ", ".join(f"{x:.2f}" for x in res["load_average_after"])
    print(f"load average (1, 5, 15 min) before: {before}; after: {after}\n")


def bench_play(game_id: str, bot: str, games_: int, repeat: int) -> dict[str, Any]:
    """Median games and steps per CPU second of ``games_`` sequential games on one core."""
    game = make(game_id)
    play(game, bot, seed=0)  # warm caches (tables, bot memo) before timing
    rates, step_rates, steps = [], [], 0
    for r in range(repeat):
        steps = 0
        t0 = time.process_time()
        for i in range(games_):
            steps += play(game, bot, seed=r * games_ + i).steps
        dt = time.process_time() - t0
        rates.append(games_ / dt)
        step_rates.append(steps / dt)
    return {
        "game": game_id,
        "bot": bot,
        "players": game.num_players,
        "games": games_,
        "repeat": repeat,
        "games_per_s": statistics.median(rates),
        "steps_per_s": statistics.median(step_rates),
        "steps_per_game": steps / games_,
    }


def _search_position(game_id: str) -> State:
    """The first position of a seeded game where a seat has a choice (every search starts there)."""
    rng = random.Random(0)
    state = make(game_id).new_state()
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state = state.apply(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0])
    return state


def bench_search(game_id: str, sims: int, os_sims: int, repeat: int) -> dict[str, Any]:
    """Per CPU second: raw playout steps, ``mcts`` and OpenSpiel ``MCTSBot`` simulations (random rollouts)."""
    from isslab.bots.mcts import MCTS, random_playout

    state = _search_position(game_id)
    raw, sims_rate, rollout_rate = [], [], []
    clock = time.process_time  # CPU seconds: other processes on the machine do not count
    for r in range(repeat):
        rng = random.Random(r)
        steps, t0 = 0, clock()
        while clock() - t0 < 1.0:  # whole playouts for about a CPU second
            steps += random_playout(state, rng)[1]
        raw.append(steps / (clock() - t0))
        t0 = clock()
        result = MCTS(simulations=sims, rollout="random").search(state, random.Random(r))
        cpu = clock() - t0
        sims_rate.append(result.simulations / cpu)
        rollout_rate.append(result.rollout_steps / cpu)
    row: dict[str, Any] = {
        "game": game_id,
        "players": state.game.num_players,
        "simulations": sims,
        "raw_steps_per_s": statistics.median(raw),
        "mcts_sims_per_s": statistics.median(sims_rate),
        "mcts_rollout_steps_per_s": statistics.median(rollout_rate),
    }
    row["rollout_share"] = row["mcts_rollout_steps_per_s"] / row["raw_steps_per_s"]
    row["openspiel_sims_per_s"] = _openspiel_rate(game_id, state, os_sims, repeat) if os_sims else None
    if row["openspiel_sims_per_s"]:
        row["speedup_vs_openspiel"] = row["mcts_sims_per_s"] / row["openspiel_sims_per_s"]
    return row


def _openspiel_rate(game_id: str, state: State, sims: int, repeat: int) -> float | None:
    """Simulations/s of OpenSpiel's Python MCTSBot (random rollouts) from ``state``; None without it."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts as os_mcts

        from isslab.interop import openspiel
    except ImportError:
        return None
    openspiel.register([game_id])
    game = pyspiel.load_game(openspiel.short_name(game_id))
    os_state = game.new_initial_state()
    for a in state.history:  # the same position, reached through the adapter
        os_state.apply_action(state.game.action_index(a))
    rates = []
    for r in range(repeat):
        evaluator = os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(r))
        searcher = os_mcts.MCTSBot(game, 1.4, sims, evaluator, random_state=np.random.RandomState(r))
        t0 = time.process_time()
        searcher.mcts_search(os_state)
        rates.append(sims / (time.process_time() - t0))
    return statistics.median(rates)


@contextmanager
def dask_client(workers: int = 2) -> Iterator[Any]:
    """A ``dask.distributed`` client of a LocalCluster with ``workers`` single-threaded worker processes."""
    import distributed

    # distributed's constructors carry no annotations: Any here, as the widget libraries are
    local_cluster: Any = distributed.LocalCluster
    client_of: Any = distributed.Client
    with (
        local_cluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=40,
        ) as cluster,
        client_of(cluster) as client,
    ):
        yield client


def bench_efficiency(game_id: str, bot: str, games_: int, repeat: int, dask: bool) -> dict[str, Any]:
    """Parallel efficiency of ``simulate``: ``t(workers=1) / (2 t(workers=2))``, and on Dask when asked.

    Runs alternate (one process, two processes, Dask) so that a slow spell of the machine falls on
    all of them; each time is the median of ``repeat`` runs. The Dask cluster is started and warmed
    (a small run imports the engines in its workers) before the clock starts.

    On a machine that other work keeps busy, wall times cannot show what two free cores would do,
    so the CPU seconds of each run (this process and every process under it) are reported too:
    ``cpu_efficiency_*`` is ``cpu(workers=1) / cpu(two workers)``, the share of the parallel run's
    work that is the games themselves (what its overhead leaves), whatever else runs.
    """
    one: list[float] = []
    two: list[float] = []
    on_dask: list[float] = []
    cpu: dict[str, list[float]] = {"1": [], "2": [], "dask": []}
    with dask_client() if dask else _nothing() as client:
        if client is not None:
            simulate(game_id, bots=bot, games=200, seed=0, workers=client, progress=False)
        for r in range(repeat):
            for times, workers, key in ((one, 1, "1"), (two, 2, "2"), (on_dask, client, "dask")):
                if workers is None:
                    continue
                c0 = cpu_seconds()
                t0 = time.perf_counter()
                simulate(game_id, bots=bot, games=games_, seed=r, workers=workers, progress=False)
                times.append(time.perf_counter() - t0)
                cpu[key].append(cpu_seconds() - c0)
    t1, t2 = statistics.median(one), statistics.median(two)
    c1 = statistics.median(cpu["1"])
    row: dict[str, Any] = {
        "game": game_id,
        "bot": bot,
        "games": games_,
        "repeat": repeat,
        "seconds_workers_1": t1,
        "seconds_workers_2": t2,
        "efficiency_workers_2": t1 / (2 * t2),
        "runs_workers_1": one,
        "runs_workers_2": two,
        "cpu_seconds_workers_1": c1,
        "cpu_seconds_workers_2": statistics.median(cpu["2"]),
        "cpu_efficiency_workers_2": c1 / statistics.median(cpu["2"]),
    }
    if on_dask:
        td = statistics.median(on_dask)
        cd = statistics.median(cpu["dask"])
        row.update(
            seconds_dask_2=td,
            efficiency_dask_2=t1 / (2 * td),
            runs_dask_2=on_dask,
            cpu_seconds_dask_2=cd,
            cpu_efficiency_dask_2=c1 / cd,
        )
    return row


def bench_expert(game_id: str, bot: str = "expert", games_: int = 2, seed: int = 0) -> dict[str, Any]:
    """CPU seconds per move of ``bot`` (the expert) in one seat among the default bots, on one core.

    ``games_`` games of the game's default table, the bot's seat going round; every decision with a
    choice is timed (a forced move costs nothing and is left out). The figures are the median and
    the 95th percentile of those moves.
    """
    game = make(game_id)
    timed = get_bot(game_id, bot)
    cpu: list[float] = []

    def clocked(state: State, rng: random.Random) -> Any:
        if len(state.legal_actions()) < 2:
            return timed(state, rng)
        t0 = time.process_time()
        action = timed(state, rng)
        cpu.append(time.process_time() - t0)
        return action

    n = game.num_players
    for g in range(games_):
        seats: list[Any] = [game.info.default_bot] * n
        seats[g % n] = clocked
        play(game, seats, seed=seed + g)
    cpu.sort()
    return {
        "game": game_id,
        "bot": bot,
        "players": n,
        "games": games_,
        "moves": len(cpu),
        "median_s": statistics.median(cpu) if cpu else None,
        "p95_s": cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))] if cpu else None,
    }


def cpu_seconds() -> float:
    """CPU seconds (user + system) used so far by this process and every process under it.

    Live descendants (a Dask cluster's nanny and worker processes) are read with psutil when it is
    installed; processes already ended (a process pool's workers) count through ``RUSAGE_CHILDREN``.
    """
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    ended = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = own.ru_utime + own.ru_stime + ended.ru_utime + ended.ru_stime
    try:
        import psutil
    except ImportError:
        return total
    for proc in psutil.Process().children(recursive=True):
        try:
            t = proc.cpu_times()
            total += t.user + t.system
        except psutil.Error:  # it ended meanwhile: RUSAGE_CHILDREN has it once reaped
            pass
    return total


#: the sections of ``python -m isslab.bench``, in the order they run
SECTIONS = (
    "playouts",
    "bots",
    "play",
    "search",
    "parallel",
    "expert",
    "report",
    "winchance",
    "judge",
    "tune",
    "vr",
    "luck",
    "reference",
)
#: the sections run when ``--sections`` is not given (the last four take hours between them)
DEFAULT_SECTIONS = ("playouts", "bots", "play", "search", "parallel", "expert")
#: the expert settings timed by the expert section
EXPERTS = ("expert(fast=True)", "expert")


@contextmanager
def _nothing() -> Iterator[None]:
    yield None


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a table."""
    p = argparse.ArgumentParser(prog="python -m isslab.bench", description=__doc__)
    p.add_argument("--games", type=int, default=200, help="games per timing run (one core)")
    p.add_argument("--repeat", type=int, default=3, help="runs per figure; the median is reported")
    p.add_argument(
        "--parallel", type=int, default=10_000, help="games of the parallel-efficiency runs (0: skip)"
    )
    p.add_argument(
        "--parallel-game", default="space-1999", help="the game of the parallel runs (all: every game)"
    )
    p.add_argument("--no-dask", action="store_true", help="skip the Dask LocalCluster figure")
    p.add_argument(
        "--sims", type=int, default=200, help="mcts simulations per search timing (0: skip search)"
    )
    p.add_argument(
        "--os-sims", type=int, default=30, help="OpenSpiel MCTSBot simulations per timing (0: skip)"
    )
    p.add_argument(
        "--sections",
        default=",".join(DEFAULT_SECTIONS),
        help=f"the sections to run, comma-separated (of {', '.join(SECTIONS)})",
    )
    p.add_argument("--playout-repeat", type=int, default=7, help="rounds of the playout section (median)")
    p.add_argument("--playout-seconds", type=float, default=1.0, help="CPU seconds per playout run")
    p.add_argument("--bot-games", type=int, default=200, help="games per game and round of the bots section")
    p.add_argument("--bot-rounds", type=int, default=7, help="rounds of the bots section (median)")
    p.add_argument(
        "--reference",
        default=PLAYOUT_REFERENCE,
        help="the OpenSpiel game of the playout section's ratio ('none': no reference)",
    )
    p.add_argument("--expert-games", type=int, default=2, help="games per expert timing (0: skip)")
    p.add_argument("--only", help="one game id")
    p.add_argument(
        "--judge-lineup",
        default=None,
        help="the judge section's pair of bots, weaker first (default: random,<the default bot>; "
        "the expert's bar: greedy,expert)",
    )
    p.add_argument("--out", default="bench-results.json")
    args = p.parse_args(argv)
    sections = {x.strip() for x in args.sections.split(",") if x.strip()}
    unknown = sections - set(SECTIONS)
    if unknown:
        p.error(f"no section {', '.join(sorted(unknown))}; the sections are {', '.join(SECTIONS)}")
    ids = [args.only] if args.only else games()
    results: dict[str, Any] = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "playouts": None,
        "bots": None,
        "single_core": [],
        "parallel": [],
        "search": [],
    }
    if "playouts" in sections:
        reference = None if args.reference.lower() == "none" else args.reference
        results["playouts"] = bench_playouts(ids, args.playout_repeat, args.playout_seconds, reference)
        _print_playouts(results["playouts"])
    if "bots" in sections:
        results["bots"] = bench_bots(ids, args.bot_games, args.bot_rounds)
        _print_bots(results["bots"])
    if "play" in sections:
        print(f"{'game':12} {'bot':8} {'games/s':>10} {'steps/s':>11} {'steps/game':>11}  (per CPU second)")
        for gid in ids:
            default = make(gid).info.default_bot  # the heuristic bot each game is benchmarked with
            bots = ["random"] + ([default] if default != "random" and default in bot_names(gid) else [])
            for bot in bots:
                # random Space: 1999 games are long; fewer of them give the same precision
                n = max(20, args.games // 5) if bot == "random" else args.games
                row = bench_play(gid, bot, n, args.repeat)
                results["single_core"].append(row)
                print(
                    f"{gid:12} {bot:8} {row['games_per_s']:10,.0f} {row['steps_per_s']:11,.0f} "
                    f"{row['steps_per_game']:11,.0f}"
                )
    if args.sims and "search" in sections:
        print(
            f"\n{'game':12} {'raw steps/s':>12} {'mcts sims/s':>12} {'rollout steps/s':>16} "
            f"{'share':>6} {'OpenSpiel sims/s':>17} {'x':>6}"
        )
        for gid in ids:
            row = bench_search(gid, args.sims, args.os_sims, args.repeat)
            results["search"].append(row)
            ossims = row["openspiel_sims_per_s"]
            print(
                f"{gid:12} {row['raw_steps_per_s']:12,.0f} {row['mcts_sims_per_s']:12,.1f} "
                f"{row['mcts_rollout_steps_per_s']:16,.0f} {row['rollout_share']:6.0%} "
                + (f"{ossims:17,.1f} {row['speedup_vs_openspiel']:6.1f}" if ossims else f"{'-':>17} {'-':>6}")
            )
    if args.parallel and "parallel" in sections:
        dask = not args.no_dask
        if dask:
            try:
                import distributed  # noqa: F401
            except ImportError:
                print("dask.distributed is not installed: no Dask figure (pip install isslab[distributed])")
                dask = False
        for gid in ids if args.parallel_game == "all" else [args.parallel_game]:
            bot = make(gid).info.default_bot
            row = bench_efficiency(gid, bot, args.parallel, args.repeat, dask)
            results["parallel"].append(row)
            line = (
                f"{gid:12} {bot:8} {args.parallel:,} games: workers=1 {row['seconds_workers_1']:.2f} s, "
                f"workers=2 {row['seconds_workers_2']:.2f} s, efficiency {row['efficiency_workers_2']:.2f}"
            )
            if "efficiency_dask_2" in row:
                line += (
                    f"; Dask LocalCluster (2 processes) {row['seconds_dask_2']:.2f} s, "
                    f"efficiency {row['efficiency_dask_2']:.2f}"
                )
            print(line + " (medians)")
            cpu_line = f"{'':21} CPU-time efficiency: workers=2 {row['cpu_efficiency_workers_2']:.2f}"
            if "cpu_efficiency_dask_2" in row:
                cpu_line += f", Dask {row['cpu_efficiency_dask_2']:.2f}"
            print(cpu_line + " (cpu(workers=1) / cpu(two workers): what the overhead leaves)")
    if "expert" in sections and args.expert_games:  # CPU seconds per move of the expert
        results["expert"] = [bench_expert(g, b, args.expert_games) for g in ids for b in EXPERTS]
        for row in results["expert"]:
            print(
                f"{row['game']:12} {row['bot']:18} CPU s/move: median {row['median_s']:.3f}, "
                f"95th percentile {row['p95_s']:.3f} ({row['moves']} moves)"
            )
    if "winchance" in sections:  # calibration, exactness and speed of the win-chance models
        from isslab.bench import winchance

        winchance.main(["--games", *ids, "--out", "win-chances-results.json"])
    if "report" in sections:  # the design report per game: isslab.bench.report prints it
        from isslab.bench import report

        report.main(["--repeat", str(args.repeat), *(["--only", args.only] if args.only else [])])
    if "judge" in sections:  # the review's judge: separation, exactness, label ladder
        from isslab.bench import judge

        lineup = ["--lineup", args.judge_lineup] if args.judge_lineup else []
        judge.main(["--games", *ids, *lineup, "--out", "judge-results.json"])
    if "tune" in sections:  # isslab.tune's samplers against random search: isslab.bench.tune prints it
        from isslab.bench import tune

        tune.main(["--out", "tune-results.json", *(["--only", args.only] if args.only else [])])
    if "vr" in sections:  # plain against luck-adjusted intervals at equal games: isslab.bench.vr prints it
        from isslab.bench import vr

        vr.main(["--json", "vr-results.json", *(["--only", args.only] if args.only else [])])
    if (
        "luck" in sections
    ):  # every game's luck share over the report's games: isslab.bench.luck writes docs/luck.json
        from isslab.bench import luck

        luck.main([*(["--only", args.only] if args.only else [])])
    if "reference" in sections:  # the report on the two reference games: writes docs/reference.json
        from isslab.bench import reference as reference_games

        reference_games.main([])
    with open(args.out, "w") as fh:
        json.dump(results, fh, indent=2)
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
