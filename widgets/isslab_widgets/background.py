"""A panel's work on a thread (the lab's run, a search): whether it runs, and waiting for its result."""

from __future__ import annotations

import threading
from typing import ClassVar, Generic, TypeVar

__all__ = ["Background"]

R = TypeVar("R")


class Background(Generic[R]):
    """The thread of a panel's work, and its result or its error once it ends (set by the panel)."""

    thread: threading.Thread | None
    result: R | None
    error: BaseException | None
    #: what ``wait`` says when nothing has run yet
    NOT_RUN: ClassVar[str]
    #: the work's name in ``wait``'s timeout message
    WORK: ClassVar[str]

    def running(self) -> bool:
        """True while the work runs."""
        return self.thread is not None and self.thread.is_alive()

    def wait(self, timeout: float | None = None) -> R:
        """Block until the work ends; its result, or its error raised."""
        if self.thread is None:
            raise RuntimeError(self.NOT_RUN)
        self.thread.join(timeout)
        if self.thread.is_alive():
            raise TimeoutError(f"{self.WORK} did not finish within {timeout} s")
        if self.error is not None:
            raise self.error
        assert self.result is not None
        return self.result
