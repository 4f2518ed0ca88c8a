"""Run independent chunks of work in this process or on a pool, in order, with a progress bar."""

from __future__ import annotations

import multiprocessing
import operator
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, TypeVar

from tqdm.auto import tqdm

from isslab import checks
from isslab.core import short_repr

__all__ = ["check_workers", "run_chunks"]

_T = TypeVar("_T")


def check_workers(workers: Any) -> int | Executor:
    """``workers`` as an int of at least 1 or an ``Executor``; ``ValueError`` naming it otherwise."""
    if isinstance(workers, Executor):
        return workers
    try:
        value = -1 if isinstance(workers, bool) else operator.index(workers)
    except TypeError:
        value = -1
    if not 1 <= value <= 256:
        raise ValueError(
            f"workers must be an int from 1 to 256 or an Executor, got {short_repr(workers, 40)}"
        )
    return value


def run_chunks(
    fn: Callable[..., _T],
    chunks: Sequence[tuple[Any, ...]],
    workers: int | Executor = 1,
    progress: bool = False,
    desc: str = "",
    sizes: Sequence[int] | None = None,
) -> Iterator[_T]:
    """``fn(*chunk)`` for every chunk, yielded in order; in this process for ``workers=1``.

    ``sizes`` are the units of each chunk the progress bar counts (games); 1 each by default.
    """
    units = list(sizes) if sizes is not None else [1] * len(chunks)
    bar = tqdm(total=sum(units), disable=not progress, desc=desc, unit="game", leave=False)
    try:
        if workers == 1:
            for chunk, size in zip(chunks, units, strict=True):
                yield fn(*chunk)
                bar.update(size)
            return
        own = not isinstance(workers, Executor)
        if chunks and (own or isinstance(workers, ProcessPoolExecutor)):
            # what the workers need must pickle: refused here, before any worker starts
            checks.portable(f"workers={workers}" if own else "workers (a process pool)", chunks[0])
        if own:
            assert isinstance(workers, int)
            extra: dict[str, Any] = {}
            if threading.current_thread() is not threading.main_thread():
                # a thread of a busy process (a notebook kernel, a widget) must not fork it: a lock held
                # by another thread would stay locked in the child
                extra["mp_context"] = multiprocessing.get_context("forkserver")
            pool: Executor = ProcessPoolExecutor(max_workers=min(workers, len(chunks) or 1), **extra)
        else:
            assert isinstance(workers, Executor)
            pool = workers
        try:
            futures = [pool.submit(fn, *chunk) for chunk in chunks]
            for fut, size in zip(futures, units, strict=True):
                yield fut.result()
                bar.update(size)
        finally:
            if own:
                pool.shutdown(cancel_futures=True)
    finally:
        bar.close()
