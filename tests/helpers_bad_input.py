"""Guards for tests of bad input: a test of a refusal must not itself cost the machine.

Shared by ``test_bad_input.py`` and its neighbours (model files, variants, the course's checks):
``refused(fn)`` calls ``fn`` with a CPU-time limit and a memory limit and requires a ``ValueError``
with a short message; ``guarded(fn)`` only limits.
"""

from __future__ import annotations

import re
import resource
import signal
from collections.abc import Callable
from typing import Any

import pytest

import isslab

#: no message that echoes input may be longer than this
MAX_MESSAGE = 1500


def short_id(value: Any) -> str:
    """Test ids for values too big to print (an int of 5,000 digits) or too long to read.

    Ids must not hold memory addresses: pytest-xdist needs the same ids in every worker.
    """
    return re.sub(r" (object|instance) at 0x[0-9a-f]+", r" \1", isslab.core.short_repr(value, 40))


class Overrun(BaseException):
    """The guarded call ran out of time (a BaseException: library code catching Exception misses it)."""


_ARMED = [False]


def _raise_overrun(signum: int, frame: Any) -> None:
    if _ARMED[0]:  # once, and never after the guarded call is over
        _ARMED[0] = False
        raise Overrun


def _address_space() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[0]) * resource.getpagesize()


def guarded(fn: Callable[[], Any], seconds: float = 1.0, mb: int = 300) -> Any:
    """``fn()`` with a time limit (``Overrun``) and ``mb`` MB of address space beyond what is in use.

    A call, not a ``with`` block: the limits are lifted in a ``finally`` that an alarm due at the
    very end cannot skip (the alarm fires once and disarms itself). The limit is CPU time of this
    process (``ITIMER_PROF``), not wall time, so a busy machine does not fail a correct refusal.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = _address_space() + mb * 2**20
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    old = signal.signal(signal.SIGPROF, _raise_overrun)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
        _ARMED[0] = True
        signal.setitimer(signal.ITIMER_PROF, seconds)
        try:
            return fn()
        finally:
            _ARMED[0] = False
            signal.setitimer(signal.ITIMER_PROF, 0)
    finally:
        _ARMED[0] = False
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        signal.signal(signal.SIGPROF, old)


def refused(
    fn: Callable[[], Any], kind: type[BaseException] = ValueError, seconds: float = 1.0, mb: int = 300
) -> BaseException:
    """Call ``fn`` guarded; it must raise ``kind`` with a short message, or the test fails."""
    try:
        guarded(fn, seconds, mb)
    except kind as exc:
        assert len(str(exc)) <= MAX_MESSAGE, f"a message of {len(str(exc))} characters"
        return exc
    except MemoryError:
        pytest.fail(f"used more than {mb} MB instead of refusing the input")
    except Overrun:
        pytest.fail(f"took more than {seconds} s of CPU time instead of refusing the input")
    pytest.fail("the input was accepted")


def nest(depth: int, leaf: Any = 0) -> Any:
    """A list nested ``depth`` levels deep (built without recursion)."""
    out = leaf
    for _ in range(depth):
        out = [out]
    return out
