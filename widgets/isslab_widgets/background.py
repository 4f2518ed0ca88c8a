"""A panel's work on a thread (the lab's run, a search): running it, its state, waiting for its result."""

from __future__ import annotations

import html
import threading
from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

__all__ = ["Background"]

R = TypeVar("R")


class Background(Generic[R]):
    """The thread of a panel's work, and its result or its error once it ends; the panel's status
    line, progress bar and run and stop buttons (its widgets, built by the panel)."""

    thread: threading.Thread | None
    result: R | None
    error: BaseException | None
    status: Any
    progress: Any
    run_button: Any
    stop_button: Any
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

    def say(self, text: str, error: bool = False) -> None:
        """Show a line on the panel's status line (red for an error)."""
        colour = "#b00020" if error else "#1b5e20"
        self.status.value = f"<span style='color:{colour}'>{html.escape(text)}</span>"

    def _carry_out(self, work: Callable[[], R], show: Callable[[R], None], failed: str) -> None:
        """Do ``work`` (on the panel's thread), keep its result and ``show`` it; an error is kept and
        said on the status line after ``failed``; the run button comes back either way."""
        try:
            self.result = work()
            show(self.result)
        except BaseException as exc:  # reported on the status line; the thread must not die silently
            self.error = exc
            self.progress.bar_style = "danger"
            self.say(f"{failed}: {type(exc).__name__}: {exc}", error=True)
        finally:
            self.run_button.disabled = False
            self.stop_button.disabled = True
