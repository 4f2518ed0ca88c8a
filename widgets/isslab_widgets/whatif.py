"""'What if from here': simulate many games from a position in a background thread, with progress.

``isslab.simulate`` accepts any ``concurrent.futures.Executor``; wrapping one lets us count finished
chunks of games as they complete without changing how the games are seeded (the rows are the same
as a plain ``isslab.simulate`` call with the same seed).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import pandas as pd

import isslab
from isslab import State, checks
from isslab.play import resolve_bots
from isslab.sim.pool import Workers, as_pool, executor_width, own_executor

__all__ = ["ProgressExecutor", "WhatIf"]


class ProgressExecutor(Executor):
    """Forwards work to ``inner`` and reports how many games each finished chunk held."""

    def __init__(self, inner: Executor, on_done: Callable[[int], None]) -> None:
        self.inner = inner
        self.on_done = on_done

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Submit to the inner executor; a finished chunk says how many games it held."""
        fut = self.inner.submit(fn, *args, **kwargs)
        fut.add_done_callback(self._done)
        return fut

    def _done(self, fut: Future[Any]) -> None:
        if fut.cancelled() or fut.exception() is not None:
            return
        self.on_done(int(getattr(fut.result(), "games", 1)))

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Shut the inner executor down."""
        self.inner.shutdown(wait=wait, cancel_futures=cancel_futures)


@executor_width.register
def _progress_width(executor: ProgressExecutor) -> int:
    """A wrapper runs as many chunks at once as the executor it wraps."""
    return int(executor_width(executor.inner))


class WhatIf:
    """One background run of ``games`` simulated games from ``state``; poll or ``wait()`` for it."""

    def __init__(
        self,
        state: State,
        bots: Sequence[str],
        games: int,
        seed: int = 0,
        workers: Workers = 1,
        on_progress: Callable[[int, int], None] | None = None,
        on_finish: Callable[[WhatIf], None] | None = None,
    ) -> None:
        if state.is_terminal():
            raise ValueError("the game is over: there is nothing to simulate from here")
        games = checks.integer("games", games, 1, checks.MAX_GAMES)
        seed = checks.seed("seed", seed)
        pool = as_pool(workers, games)  # read as simulate reads it: at most one process per CPU
        resolve_bots(state.game, list(bots))  # bad names fail here, not later in the thread
        self.state = state
        self.bots = list(bots)
        self.games = games
        self.seed = seed
        self.pool = pool
        self.done = 0
        self.result: pd.DataFrame | None = None
        self.error: BaseException | None = None
        self._on_progress = on_progress
        self._on_finish = on_finish
        self._lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, name="isslab-what-if", daemon=True)

    def start(self) -> WhatIf:
        """Start the background thread and return self."""
        self.thread.start()
        return self

    def _progress(self, n: int) -> None:
        with self._lock:
            self.done += n
            done = self.done
        if self._on_progress is not None:
            self._on_progress(done, self.games)

    def _run(self) -> None:
        # a pool of our own runs in this background thread (so it forks from a fresh server, never
        # from the busy kernel); one chunk at a time on a thread of its own when no process is asked
        inner: Executor
        if self.pool.executor is not None:
            inner = self.pool.executor
        elif self.pool.processes > 1:
            inner = own_executor(self.pool.processes)
        else:
            inner = ThreadPoolExecutor(max_workers=1, thread_name_prefix="isslab-sim")
        try:
            df = isslab.simulate(
                self.state,
                bots=self.bots,
                games=self.games,
                seed=self.seed,
                workers=ProgressExecutor(inner, self._progress),
                progress=False,
            )
            df.attrs["seat_names"] = [
                self.state.game.seat_name(s) for s in range(self.state.game.num_players)
            ]
            self.result = df
        except BaseException as exc:  # reported in the widget; the thread must not die silently
            self.error = exc
        finally:
            if inner is not self.pool.executor:  # a caller's executor stays theirs
                inner.shutdown(wait=False, cancel_futures=True)
            if self._on_finish is not None:
                self._on_finish(self)

    def running(self) -> bool:
        """True while the games are being played."""
        return self.thread.is_alive()

    def wait(self, timeout: float | None = None) -> pd.DataFrame:
        """Block until the run ends; return its data frame or raise its error."""
        self.thread.join(timeout)
        if self.thread.is_alive():
            raise TimeoutError(f"the what-if run did not finish within {timeout} s")
        if self.error is not None:
            raise self.error
        if self.result is None:  # only when the thread was never started
            raise RuntimeError("the what-if run has not been started")
        return self.result
