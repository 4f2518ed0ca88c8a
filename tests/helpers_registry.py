"""Shared by the tests that define variants: the registry of games and bots as it was before."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from isslab.core import registry


@contextmanager
def registry_restored() -> Iterator[None]:
    """Run the body, then put the games and bots registered before it back (and only those)."""
    saved = (dict(registry._GAMES), dict(registry._BOTS))
    try:
        yield
    finally:
        registry._GAMES.clear()
        registry._GAMES.update(saved[0])
        registry._BOTS.clear()
        registry._BOTS.update(saved[1])
