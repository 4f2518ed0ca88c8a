"""The runner: a point's games in chunks, on this process or on a pool, handed on in game order.

At most a few chunks per worker are in flight, and finished chunks are handed on in game order as
soon as the chunks before them are done: to the sinks (the result, a file that grows while the run
goes on), the progress bar and the ``on_chunk`` callback. Ctrl-C or the stop flag ends the run and
keeps every finished game; an error in a game stops it at once (what is queued is cancelled).

A chunk on a pool is sized to take about ``CHUNK_SECONDS`` in its worker (measured on the chunks
already back, whatever the load of the machine), so a stop never waits long for it: the queued
chunks are cancelled, the running ones get ``GRACE`` seconds to finish (their games are kept), and
then the workers of a pool of our own are ended. A second Ctrl-C ends them at once.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np

from isslab.frames.frame import BASE_COLUMNS, Row, rows_frame
from isslab.frames.trace import TRACE_COLUMNS
from isslab.play import resolve_bots
from isslab.sim.pool import catch_interrupts, own_executor, stop_executor
from isslab.sim.rows import Chunk, play_rows, run_chunk
from isslab.sim.sinks import Sink
from isslab.sim.spec import Point, RunSpec

__all__ = ["CHUNK", "CHUNK_SECONDS", "FIRST_CHUNK", "GRACE", "WINDOW", "ChunkSizes", "Job", "Stopped"]

#: most games in one chunk sent to a worker (a chunk is the unit of progress and of cancelling)
CHUNK: Final = 100
#: the wall time a chunk should take in its worker: what a stop may have to wait for
CHUNK_SECONDS: Final = 1.0
#: games in each of the first chunks, before any has been timed
FIRST_CHUNK: Final = 4
#: chunks in flight per worker: enough to keep every worker busy, few enough to keep memory flat
WINDOW: Final = 3
#: seconds the chunks still running when a run stops get to finish (their games are kept)
GRACE: Final = 2.0
#: seconds between two looks at the stop flags while the chunks run
POLL: Final = 0.1


class Stopped(Exception):
    """The caller's stop flag was set, or Ctrl-C was pressed."""


class ChunkSizes:
    """Games per chunk: about ``CHUNK_SECONDS`` of a worker's wall time each, from 1 to ``CHUNK``.

    The first chunks hold ``FIRST_CHUNK`` games (fewer in a short run); then each chunk timed moves
    the estimate of a game's wall time halfway to its own, and the size at most doubles at a time.
    Wall time, not CPU time: on a busy machine a game takes longer, and so would a stop.
    """

    def __init__(self, games: int, width: int) -> None:
        self.size = max(1, min(FIRST_CHUNK, games // (width * 8)))
        self.per_game: float | None = None

    def timed(self, games: int, seconds: float) -> None:
        """A chunk of ``games`` took ``seconds`` in its worker."""
        if games <= 0:
            return
        per_game = max(seconds, 1e-6) / games
        self.per_game = per_game if self.per_game is None else (self.per_game + per_game) / 2
        self.size = max(1, min(CHUNK, 2 * self.size, int(CHUNK_SECONDS / self.per_game)))


@dataclass
class Job:
    """One run of a :class:`RunSpec`: its seeds, where the rows go, and the pool once it is made."""

    spec: RunSpec
    seeds: np.ndarray
    sinks: list[Sink]
    bar: Any
    extra: list[str] = field(default_factory=list)
    _executor: Executor | None = None
    _own: bool = False

    @property
    def columns(self) -> list[str]:
        """The column names of the rows (grid values first)."""
        return [*self.spec.grid, *BASE_COLUMNS, *(TRACE_COLUMNS if self.spec.trace else ()), *self.extra]

    def executor(self) -> Executor:
        """The caller's executor, or a pool of our own made on first use."""
        if self._executor is None:
            pool = self.spec.pool
            if pool.executor is not None:
                self._executor = pool.executor
            else:
                self._executor = own_executor(pool.processes)
                self._own = True
        return self._executor

    def close(self, interrupted: bool) -> None:
        """Shut down a pool of our own (an interrupted run has stopped it already)."""
        if self._own and self._executor is not None and not interrupted:
            self._executor.shutdown()
        self._executor = None

    def deliver(self, key: tuple[Any, ...], rows: list[Row], extra: list[str]) -> None:
        """Hand a finished chunk (in game order) to the sinks."""
        if not rows:
            return
        self.extra = self.extra or extra
        if key:
            rows = [(*key, *r) for r in rows]
        columns = self.columns
        for sink in self.sinks:
            sink.add(key, columns, rows)

    def announce(self, key: tuple[Any, ...], rows: list[Row], extra: list[str]) -> None:
        """Tell the callback about a chunk as soon as it finishes."""
        on_chunk = self.spec.on_chunk
        if on_chunk is not None and rows:
            tracing = TRACE_COLUMNS if self.spec.trace else ()
            cols = [*self.spec.grid, *BASE_COLUMNS, *tracing, *(self.extra or extra)]
            on_chunk(rows_frame(cols, [(*key, *r) for r in rows] if key else rows))

    def stopped(self) -> bool:
        """True once the caller has set the stop flag."""
        stop = self.spec.stop
        return stop is not None and stop.is_set()

    def run(self, point: Point, lo: int, hi: int) -> bool:
        """Play games ``lo`` to ``hi - 1`` of ``point``; True if interrupted."""
        if hi <= lo:
            return False
        if self.spec.pool.here or hi - lo == 1:
            return self._run_here(point, lo, hi)
        return self._run_pool(point, lo, hi)

    def _run_here(self, point: Point, lo: int, hi: int) -> bool:
        spec, key = self.spec, point.values
        fns, names = resolve_bots(point.game, list(point.bots))
        rows: list[Row] = []
        extra = self.extra
        try:
            for first in range(lo, hi, CHUNK):
                rows = []
                for i in range(first, min(hi, first + CHUNK)):
                    if self.stopped():
                        raise Stopped
                    # one game at a time: an interrupt keeps every finished game
                    extra = play_rows(
                        point.game, fns, names, i, int(self.seeds[i]), point.start, rows, extra,
                        spec.rotate, spec.trace, spec.luck,
                    )  # fmt: skip
                    self.bar.update(1)
                self.announce(key, rows, extra)
                self.deliver(key, rows, extra)
                rows = []
        except (KeyboardInterrupt, Stopped):
            self.announce(key, rows, extra)
            self.deliver(key, rows, extra)
            return True
        return False

    def _run_pool(self, point: Point, lo: int, hi: int) -> bool:
        spec, key = self.spec, point.values
        executor = self.executor()
        sizes = ChunkSizes(hi - lo, spec.pool.width)
        start_json = point.start.to_json() if point.start is not None else None
        inflight: dict[Future[Chunk], tuple[int, int]] = {}
        ready: dict[int, tuple[int, Chunk]] = {}  # finished chunks by their first game: (end, chunk)
        cursor = next_lo = lo
        window = max(2, spec.pool.width * WINDOW)

        def submit_more() -> None:
            nonlocal cursor
            while len(inflight) < window and cursor < hi:
                s, e = cursor, min(hi, cursor + sizes.size)
                fut = executor.submit(
                    run_chunk, point.game, list(point.bots), range(s, e), self.seeds[s:e].tolist(),
                    start_json, spec.rotate, spec.trace, spec.luck,
                )  # fmt: skip
                inflight[fut] = (s, e)
                cursor = e

        def take(futures: set[Future[Chunk]]) -> None:
            """Keep finished chunks for delivery (a game's error is raised here)."""
            for fut in sorted(futures, key=lambda f: inflight[f][0]):
                s, e = inflight.pop(fut)
                if fut.cancelled():
                    continue
                chunk = fut.result()
                sizes.timed(chunk.games, chunk.seconds)
                ready[s] = (e, chunk)
                self.bar.update(chunk.games)
                self.announce(key, chunk.rows, chunk.extra)

        def deliver_in_order() -> None:  # a file grows as a run in one process would write it
            nonlocal next_lo
            while next_lo in ready:
                next_lo, chunk = ready.pop(next_lo)
                self.deliver(key, chunk.rows, chunk.extra)

        with catch_interrupts() as interrupts:
            try:
                submit_more()
                while inflight:
                    if interrupts.stop.is_set() or self.stopped():
                        raise Stopped
                    finished, _ = wait(list(inflight), timeout=POLL, return_when=FIRST_COMPLETED)
                    take(finished)
                    deliver_in_order()
                    submit_more()
            except (KeyboardInterrupt, Stopped):
                self._stop(executor, inflight, take, interrupts.hurry)
                interrupted = True
            except BaseException:
                stop_executor(executor, inflight, self._own)
                raise
            else:
                interrupted = False
        deliver_in_order()
        for s in sorted(ready):  # after a stop, the finished games after a gap are kept too
            self.deliver(key, ready[s][1].rows, ready[s][1].extra)
        return interrupted

    def _stop(
        self,
        executor: Executor,
        inflight: dict[Future[Chunk], tuple[int, int]],
        take: Callable[[set[Future[Chunk]]], None],
        hurry: bool,
    ) -> None:
        """Cancel the queued chunks, give the running ones ``GRACE`` seconds, end our own workers.

        A second Ctrl-C (``hurry``, or one that arrives during the grace) ends them at once.
        """
        for fut in inflight:
            fut.cancel()
        try:
            running = [f for f in inflight if not f.cancelled()]
            if running and not hurry:
                finished, _ = wait(running, timeout=GRACE)
                take({f for f in finished if f.cancelled() or f.exception() is None})
        except KeyboardInterrupt:
            pass  # the second Ctrl-C: no more waiting
        finally:
            stop_executor(executor, inflight, self._own)
