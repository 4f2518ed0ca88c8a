"""Independent jobs in order, in this process or on the one pool: the parallel work besides ``simulate``.

``simulate`` and ``sweep`` play their chunks with :mod:`isslab.sim.runner`; every other call that
takes ``workers`` (the rollouts of ``evaluate``, the fit of a win-chance model, the report's lead
traces and kingmaking probes) hands its jobs to :func:`run_chunks` or :func:`map_jobs`. Both read
``workers`` with :func:`isslab.sim.pool.as_pool`, the one rule: an int of processes (at most one
per CPU and per job are started), an ``Executor`` or a dask ``Client``. :func:`pool_for` makes a
pool of our own once for a block of several runs (the batches of ``games="auto"``, the sections of
a report) and stops it at the end.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from tqdm.auto import tqdm

import isslab.checks as checks
from isslab.sim.pool import Pool, Workers, as_pool, own_executor, stop_executor

__all__ = ["map_jobs", "pool_for", "run_chunks"]

_T = TypeVar("_T")
_R = TypeVar("_R")


@contextmanager
def pool_for(workers: Workers, jobs: int) -> Iterator[Pool]:
    """``workers`` read into a :class:`Pool` for a block of runs of at most ``jobs`` jobs at once.

    A pool of our own is started once here and stopped when the block ends (at once, without
    waiting for queued work, when it ends by an error or Ctrl-C); a caller's executor stays theirs.
    """
    pool = as_pool(workers, jobs)
    if pool.here or pool.executor is not None:
        yield pool
        return
    executor = own_executor(pool.processes)
    try:
        yield dataclasses.replace(pool, executor=executor)
    except BaseException:
        stop_executor(executor, (), own=True)
        raise
    executor.shutdown()


def run_chunks(
    fn: Callable[..., _T],
    chunks: Sequence[tuple[Any, ...]],
    workers: Workers = 1,
    progress: bool = False,
    desc: str = "",
    sizes: Sequence[int] | None = None,
) -> Iterator[_T]:
    """``fn(*chunk)`` for every chunk, yielded in order; in this process when ``workers`` says so.

    ``sizes`` are the units of each chunk the progress bar counts (games); 1 each by default.
    """
    units = list(sizes) if sizes is not None else [1] * len(chunks)
    bar = tqdm(total=sum(units), disable=not progress, desc=desc, unit="game", leave=False)
    try:
        with pool_for(workers, len(chunks)) as pool:
            if pool.executor is None:
                for chunk, size in zip(chunks, units, strict=True):
                    yield fn(*chunk)
                    bar.update(size)
                return
            if chunks and isinstance(pool.executor, ProcessPoolExecutor):
                # what the workers need must pickle: refused here, before any worker starts
                what = f"workers={workers}" if not isinstance(workers, Executor | Pool) else "workers"
                checks.portable(f"{what} (a process pool)" if what == "workers" else what, chunks[0])
            futures: list[Future[_T]] = [pool.executor.submit(fn, *chunk) for chunk in chunks]
            try:
                for fut, size in zip(futures, units, strict=True):
                    yield fut.result()
                    bar.update(size)
            finally:
                for fut in futures:  # an error or an early stop: what is queued is not run
                    fut.cancel()
    finally:
        bar.close()


def _each(fn: Callable[[_T], _R], items: Sequence[_T]) -> list[_R]:
    return [fn(x) for x in items]


def map_jobs(fn: Callable[[_T], _R], items: Sequence[_T], workers: Workers = 1) -> list[_R]:
    """``[fn(x) for x in items]``, sent to the pool in a few batches per worker (order kept)."""
    if len(items) < 2:
        return [fn(x) for x in items]
    with pool_for(workers, len(items)) as pool:
        size = max(1, len(items) // (4 * pool.width))
        batches = [(fn, items[i : i + size]) for i in range(0, len(items), size)]
        return [y for part in run_chunks(_each, batches, pool) for y in part]
