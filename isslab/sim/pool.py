"""Where a run's chunks are played, read once from ``workers``: here, a pool of our own, an executor.

``workers`` is read in one place, :func:`as_pool`, into a :class:`Pool`; everything after it asks
the pool. How wide a caller's executor is (how many chunks it runs at once: it sizes the chunks and
how many are in flight) comes from the :func:`executor_width` hook, never from an executor's private
attributes: a dask ``Client`` says it (its threads), and any executor type can register its own,
as the widgets' progress wrapper does.

A pool of our own starts its processes with Ctrl-C ignored (the main process handles it and stops
them) and, on Linux, asks to be ended when its parent dies, so a parent killed outright leaves no
orphan workers behind. While a run uses a pool, :func:`catch_interrupts` turns the first Ctrl-C into
a request to stop (the run keeps its finished games) and a second into an immediate stop.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, Final, Protocol

from isslab.checks import as_count
from isslab.core import short_repr

__all__ = [
    "HasExecutor",
    "Interrupts",
    "Pool",
    "Workers",
    "as_pool",
    "catch_interrupts",
    "cpu_count",
    "executor_width",
    "ignore_sigint",
    "own_executor",
    "stop_executor",
]

#: ``prctl`` option: the signal a process gets when its parent dies (linux/prctl.h)
_PR_SET_PDEATHSIG: Final = 1
#: seconds a terminated worker gets to end before it is killed (a worker that ignores SIGTERM, or is
#: stuck in the kernel: it must not outlive the run)
_KILL_AFTER: Final = 2.0


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


@dataclass
class Interrupts:
    """Ctrl-C during a run on a pool: the first sets ``stop``, a second sets ``hurry`` and raises.

    The run polls ``stop`` between waits, so the first Ctrl-C is seen within a moment wherever the
    main thread stands (a ``KeyboardInterrupt`` raised inside the executor's own code could leave its
    locks taken); the second raises ``KeyboardInterrupt`` at once, for whoever waits to stop.
    """

    stop: threading.Event = field(default_factory=threading.Event)
    hurry: bool = False

    def handler(self, signum: int, frame: FrameType | None) -> None:
        """The SIGINT handler while a run uses a pool."""
        if self.stop.is_set():
            self.hurry = True
            raise KeyboardInterrupt
        self.stop.set()


@contextlib.contextmanager
def catch_interrupts() -> Iterator[Interrupts]:
    """Within the block, Ctrl-C goes to an :class:`Interrupts` (the previous handler comes back after).

    Only in the main thread (the only one that gets signals) and only over Python's own handler: a
    Ctrl-C that the process was started to ignore (a background job of a script) stays ignored, and
    another program's handler is left alone (then a ``KeyboardInterrupt`` stops the run as before).
    """
    interrupts = Interrupts()
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield interrupts
        return
    previous = signal.signal(signal.SIGINT, interrupts.handler)
    try:
        yield interrupts
    finally:
        signal.signal(signal.SIGINT, previous)


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
    """Cancel the queued chunks; a pool of our own also ends its workers, killing any that linger."""
    for fut in futures:
        fut.cancel()
    if not own:
        return  # the caller's executor stays usable; chunks already running finish on their own
    # the pool is ours, made by own_executor, so its process table is ours to read (before 3.14 a
    # ProcessPoolExecutor offers no public way to end its running workers, and none to kill them)
    processes = list((getattr(executor, "_processes", None) or {}).values())
    terminate = getattr(executor, "terminate_workers", None)
    if callable(terminate):  # Python 3.14 says it in public
        terminate()
    else:
        executor.shutdown(wait=False, cancel_futures=True)
        for proc in processes:  # the games in a running chunk are lost anyway: do not wait for them
            with contextlib.suppress(Exception):  # already gone
                proc.terminate()
    for proc in processes:
        proc.join(_KILL_AFTER)
        if proc.is_alive():
            proc.kill()
            proc.join(_KILL_AFTER)
