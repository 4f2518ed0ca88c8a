"""The runner: a point's games in chunks, on this process or on a pool, handed on in game order.

At most a few chunks per worker are in flight, and finished chunks are handed on in game order as
soon as the chunks before them are done: to the sinks (the result, a file that grows while the run
goes on), the progress bar and the ``on_chunk`` callback. Ctrl-C or the stop flag ends the run and
keeps every finished game; an error in a game stops it at once (what is queued is cancelled).
"""

from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np

from isslab.frames.frame import BASE_COLUMNS, Row, rows_frame
from isslab.frames.trace import TRACE_COLUMNS
from isslab.play import resolve_bots
from isslab.sim.pool import own_executor, stop_executor
from isslab.sim.rows import Chunk, play_rows, run_chunk
from isslab.sim.sinks import Sink
from isslab.sim.spec import Point, RunSpec

__all__ = ["CHUNK", "WINDOW", "Job", "Stopped"]

#: most games in one chunk sent to a worker (a chunk is the unit of progress and of cancelling)
CHUNK: Final = 100
#: chunks in flight per worker: enough to keep every worker busy, few enough to keep memory flat
WINDOW: Final = 3


class Stopped(Exception):
    """The caller's stop flag was set."""


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
                        spec.rotate, spec.trace,
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
        width = spec.pool.width
        step = max(1, min(CHUNK, (hi - lo) // (width * 8) or 1))
        starts = iter(range(lo, hi, step))
        start_json = point.start.to_json() if point.start is not None else None
        inflight: dict[Future[Chunk], int] = {}
        ready: dict[int, Chunk] = {}
        next_lo = lo
        window = max(2, width * WINDOW)

        def submit_more() -> None:
            while len(inflight) < window:
                s = next(starts, None)
                if s is None:
                    return
                e = min(hi, s + step)
                fut = executor.submit(
                    run_chunk, point.game, list(point.bots), range(s, e), self.seeds[s:e].tolist(),
                    start_json, spec.rotate, spec.trace,
                )  # fmt: skip
                inflight[fut] = s

        try:
            submit_more()
            while inflight:
                if self.stopped():
                    raise Stopped
                timeout = 0.1 if spec.stop is not None else None
                finished, _ = wait(list(inflight), timeout=timeout, return_when=FIRST_COMPLETED)
                for fut in sorted(finished, key=inflight.__getitem__):
                    s = inflight.pop(fut)
                    if fut.cancelled():
                        continue
                    exc = fut.exception()
                    if exc is not None:
                        raise exc
                    chunk = fut.result()
                    ready[s] = chunk
                    self.bar.update(chunk.games)
                    self.announce(key, chunk.rows, chunk.extra)
                while next_lo in ready:  # in game order: a file grows as a run in one process would
                    chunk = ready.pop(next_lo)
                    self.deliver(key, chunk.rows, chunk.extra)
                    next_lo = min(hi, next_lo + step)
                submit_more()
        except (KeyboardInterrupt, Stopped):
            stop_executor(executor, inflight, self._own)
            for s in sorted(ready):  # the finished games after a gap are kept too
                self.deliver(key, ready[s].rows, ready[s].extra)
            return True
        except BaseException:
            stop_executor(executor, inflight, self._own)
            raise
        return False
