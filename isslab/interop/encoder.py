"""A seat's view as a fixed-length array: :class:`ViewEncoder` (feature hashing of the view's JSON).

Every game's ``state.view(seat)`` is JSON data whose shape may change during a game (a hand grows,
a list of eagles shrinks), so a fixed layout per game would need per-game code. The encoder instead
flattens the view into named *features* and adds each feature's value at a fixed position of the
array, ``crc32(name) % size`` (a stable hash: the same position in every process and run):

* a number (int or float) at path ``money.2`` is the feature ``money.2`` with that value;
* a bool is the feature at its path with value 1.0 or 0.0;
* a string is a one-hot feature ``path=text`` (``phase=mission: launch``) with value 1.0;
  ``None`` is ``path=None``;
* in a list, numbers and nested data keep their index in the path (``money.2``), while strings
  are a bag: ``seats.0.on_disc[]=r4s1`` once per occurrence (the order of a list of names, such as
  eagles or cards, carries no meaning, and a bag keeps one feature per name wherever it is listed).

Two features may share a position (a hash collision): their values add up. A larger ``size`` makes
that rarer; :meth:`ViewEncoder.collisions` counts the collisions among the features of some views.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from isslab.core import Memo

__all__ = ["DEFAULT_SIZE", "ViewEncoder", "features"]

#: the default length of an encoded view
DEFAULT_SIZE: Final = 2048
#: most levels of nesting the encoder follows (views are a few levels deep)
_MAX_DEPTH: Final = 16


def features(view: Any, prefix: str = "", depth: int = _MAX_DEPTH) -> Iterator[tuple[str, float]]:
    """The (name, value) features of a view, in a fixed order (see the module docstring)."""
    if depth <= 0:
        raise ValueError(f"a view nested more than {_MAX_DEPTH} levels deep at {prefix or 'the top'}")
    if isinstance(view, dict):
        for key, value in view.items():
            yield from features(value, f"{prefix}.{key}" if prefix else str(key), depth - 1)
    elif isinstance(view, list | tuple):
        for i, value in enumerate(view):
            if isinstance(value, str) or value is None:
                yield f"{prefix}[]={value}", 1.0
            else:
                yield from features(value, f"{prefix}.{i}", depth - 1)
    elif isinstance(view, bool):
        yield prefix, 1.0 if view else 0.0
    elif isinstance(view, int | float):
        yield prefix, float(view)
    elif view is None or isinstance(view, str):
        yield f"{prefix}={view}", 1.0
    else:
        raise ValueError(f"a view holds JSON data only; {prefix or 'the top'} is a {type(view).__name__}")


class ViewEncoder:
    """Encode views as ``float32`` arrays of ``size`` entries by feature hashing (module docstring)."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 1 << 24:
            raise ValueError(f"size must be an int from 1 to {1 << 24:,}, got {size!r}")
        self.size = size
        #: feature name -> position (a bounded memo: names repeat from view to view)
        self._slots: Memo[str, int] = Memo(100_000)

    def slot(self, name: str) -> int:
        """The position of a feature: ``crc32(name) % size``."""
        found = self._slots.get(name)
        if found is None:
            found = zlib.crc32(name.encode()) % self.size
            self._slots[name] = found
        return found

    def __call__(self, view: Any) -> npt.NDArray[np.float32]:
        """The view as an array of ``size`` float32 values."""
        out = np.zeros(self.size, dtype=np.float32)
        slot = self.slot
        for name, value in features(view):
            out[slot(name)] += value
        return out

    def collisions(self, views: list[Any]) -> int:
        """How many distinct feature names of ``views`` share a position with another name."""
        names = {name for v in views for name, _ in features(v)}
        taken: dict[int, int] = {}
        for name in names:
            s = self.slot(name)
            taken[s] = taken.get(s, 0) + 1
        return sum(c for c in taken.values() if c > 1)
