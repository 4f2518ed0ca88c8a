"""Widget callbacks that report an exception on a status line instead of raising into the kernel."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

__all__ = ["guarded_by"]

F = TypeVar("F", bound=Callable[..., Any])


def guarded_by(report: Callable[[Any, Exception], None]) -> Callable[[F], F]:
    """A decorator for a widget's callbacks: an exception goes to ``report(widget, exc)`` (its status
    line) and the callback returns None, so the widget stays alive."""

    def guard(fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return fn(self, *args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - the point is to keep the widget alive
                report(self, exc)
                return None

        return cast(F, wrapper)

    return guard
