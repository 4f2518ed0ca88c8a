"""Where a run's chunks are played, read once from ``workers``: here, a pool of our own, an executor.

``workers`` is read in one place, :func:`as_pool`, into a :class:`Pool`; everything after it asks
the pool. How wide a caller's executor is (how many chunks it runs at once: it sizes the chunks and
how many are in flight) comes from the :func:`executor_width` hook, never from an executor's private
attributes: a dask ``Client`` says it (its threads), and any executor type can register its own,
as the widgets' progress wrapper does.

A pool of our own starts its processes with Ctrl-C ignored (the main process handles it and stops
them) and, on Linux, asks to be ended when its parent dies, so a parent killed outright leaves no
orphan workers behind.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Iterable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Final, Protocol

from isslab.checks import as_count
from isslab.core import short_repr

__all__ = [
    "HasExecutor",
    "Pool",
    "Workers",
    "as_pool",
    "cpu_count",
    "executor_width",
    "ignore_sigint",
    "own_executor",
    "stop_executor",
]

#: ``prctl`` option: the signal a process gets when its parent dies (linux/prctl.h)
_PR_SET_PDEATHSIG: Final = 1


def cpu_count() -> int:
    """The CPUs this process may run on (the affinity mask, which containers and ``taskset`` set)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@functools.singledispatch
def executor_width(executor: Executor) -> int:
    """How many chunks ``executor`` runs at once; by default the CPUs of this machine.

    Register a width for an executor type with ``@isslab.sim.executor_width.register``; a wrapper
    registers its inner executor's width. A wrong width costs speed only, never rows: it sets the
    size of the chunks and how many are queued.
    """
    return cpu_count()


@dataclass(frozen=True)
class Pool:
    """Where a run's chunks are played.

    ``executor`` is a caller's executor (it stays theirs: it is never shut down); without one,
    ``processes`` is 1 (games played in this process) or the size of a pool of our own, made for
    the run. ``width`` is how many chunks run at once.
    """

    processes: int = 1
    executor: Executor | None = None
    width: int = 1

    @property
    def here(self) -> bool:
        """True when the games are played in this process, one after another."""
        return self.executor is None and self.processes == 1


class HasExecutor(Protocol):
    """A ``dask.distributed.Client``, or anything that hands out an executor and says its threads."""

    def get_executor(self) -> Executor:
        """The executor that runs work on the cluster."""
        ...


#: what ``workers`` may be: a number of processes, an executor, a dask ``Client``, or a :class:`Pool`
Workers = int | Executor | HasExecutor | Pool


def _client_width(client: Any) -> int:
    """The threads of a dask cluster (its public ``nthreads()``); the CPUs if it cannot say."""
    with contextlib.suppress(Exception):
        return max(1, int(sum(client.nthreads().values())))
    return cpu_count()


def as_pool(workers: object, games: int) -> Pool:
    """``workers`` as a :class:`Pool`: an int (processes, at most one per CPU and per game), an
    ``Executor``, or a ``dask.distributed.Client`` (its executor runs the chunks on the cluster)."""
    if isinstance(workers, Pool):
        return workers
    if isinstance(workers, Executor):
        return Pool(executor=workers, width=max(1, int(executor_width(workers))))
    get = getattr(workers, "get_executor", None)
    if callable(get):  # a dask.distributed Client
        executor = get()
        if isinstance(executor, Executor):
            return Pool(executor=executor, width=_client_width(workers))
    count = as_count(workers)
    if count is None or count < 1:
        raise ValueError(
            # a dask.distributed Client is accepted too (its executor), but the message stays short
            f"workers must be an int >= 1 or a concurrent.futures.Executor, got {short_repr(workers, 40)}"
        )
    processes = max(1, min(count, cpu_count(), games))
    return Pool(processes=processes, width=processes)


def ignore_sigint() -> None:
    """Worker initializer: Ctrl-C is the main process's to handle (it stops the workers itself).

    On Linux the worker also asks to be ended when the process that started it dies, so that a
    parent killed outright (``kill -9``, an out-of-memory kill) leaves no orphan workers behind.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):  # best effort: no libc, no prctl, no harm
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() == 1:  # the parent died before the request was made
            os._exit(1)


def own_executor(processes: int) -> ProcessPoolExecutor:
    """A pool of ``processes`` workers of our own, for one run."""
    extra: dict[str, Any] = {}
    if threading.current_thread() is not threading.main_thread():
        # a run in a thread of a busy process (a notebook kernel, the lab widget) must not fork it: a
        # lock held by another thread would stay locked in the child forever
        context = multiprocessing.get_context("forkserver")
        # the server imports the engines once; each worker forks from it ready to play
        context.set_forkserver_preload(["isslab.sim"])
        extra["mp_context"] = context
    return ProcessPoolExecutor(max_workers=processes, initializer=ignore_sigint, **extra)


def stop_executor(executor: Executor, futures: Iterable[Future[Any]], own: bool) -> None:
    """Cancel the queued chunks; a pool of our own also stops its running ones (no waiting)."""
    for fut in futures:
        fut.cancel()
    if not own:
        return  # the caller's executor stays usable; chunks already running finish on their own
    terminate = getattr(executor, "terminate_workers", None)
    if callable(terminate):  # Python 3.14 says it in public
        terminate()
        return
    # before 3.14 a ProcessPoolExecutor offers no public way to end its running workers; the pool is
    # ours, made by own_executor, so its process table is ours to read
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for proc in processes:  # the games in a running chunk are lost anyway: do not wait for them
        proc.terminate()
    for proc in processes:
        proc.join(2)
