"""The report's method, written once: what an interval shows against a named baseline, and whether a
conclusion holds under every line-up.

Every verdict the report prints goes through here, so each one names its baseline, gives the
interval, says "not shown" when the interval includes the baseline, and ends with "holds under both
line-ups", "depends on the line-up" or "not shown under either line-up":

* :func:`direction` reads one interval against a null: ``"above"``, ``"below"``, ``"none"`` (the
  interval includes it: not shown) or ``"n/a"`` (no interval);
* :func:`verdict` says it in words;
* :func:`across` joins the directions of one conclusion under several line-ups;
* :func:`agree` does the same for an estimate with no null (a length, a kingmaking rate): when their
  intervals overlap, the line-ups are not shown to differ (which is not shown to be the same);
* :func:`overlap` says whether two intervals overlap (a "clear" winner whose interval overlaps the
  runner-up's is not shown to be ahead).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

__all__ = ["DIRECTIONS", "across", "agree", "direction", "overlap", "verdict"]

#: what an interval shows against its null
DIRECTIONS: Final = ("above", "below", "none", "n/a")


def _num(x: Any) -> float:
    return math.nan if x is None else float(x)


def direction(low: Any, high: Any, null: float = 0.0) -> str:
    """``"above"`` when the interval lies above ``null``, ``"below"`` under it, ``"none"`` when it
    includes it, ``"n/a"`` when there is no interval."""
    lo, hi = _num(low), _num(high)
    if math.isnan(lo) or math.isnan(hi):
        return "n/a"
    if lo > null:
        return "above"
    if hi < null:
        return "below"
    return "none"


def verdict(
    low: Any, high: Any, null: float = 0.0, what: str = "a difference", below: str | None = None
) -> str:
    """What an interval shows against ``null``: ``what`` shown above it, ``below`` (or ``what``) shown
    under it, or, when it includes ``null``, that nothing is shown at this number of games."""
    side = direction(low, high, null)
    if side == "n/a":
        return "no interval (too few games)"
    if side == "above":
        return f"{what} shown: the interval lies above {null:.3g}"
    if side == "below":
        return f"{below or what} shown: the interval lies below {null:.3g}"
    noun = what.removeprefix("an ").removeprefix("a ")
    return f"the interval includes {null:.3g}: no {noun} shown at this number of games"


def across(directions: Sequence[str], labels: Sequence[str] | None = None) -> str:
    """One conclusion under several line-ups: ``holds under both line-ups`` (every line-up shows the same
    direction), ``depends on the line-up`` (saying where), or ``not shown under either line-up``."""
    dirs = list(directions)
    names = list(labels) if labels is not None else [f"line-up {i + 1}" for i in range(len(dirs))]
    shown = [d for d in dirs if d in ("above", "below")]
    every = "both line-ups" if len(dirs) == 2 else "every line-up"
    if len(dirs) == 1:
        return "checked under one line-up only: rerun it under a second before stating it"
    if not shown:
        return f"not shown under {'either line-up' if len(dirs) == 2 else 'any line-up'}"
    if len(shown) == len(dirs) and len(set(shown)) == 1:
        return f"holds under {every}"
    if len(set(shown)) > 1:
        where = ", ".join(f"{d} under {n}" for d, n in zip(dirs, names, strict=True) if d in shown)
        return f"depends on the line-up (opposite directions: {where})"
    where = ", ".join(n for d, n in zip(dirs, names, strict=True) if d in shown)
    return f"depends on the line-up (shown under {where} only)"


def overlap(a_low: Any, a_high: Any, b_low: Any, b_high: Any) -> bool:
    """True when ``[a_low, a_high]`` and ``[b_low, b_high]`` share a point (or an interval is missing)."""
    values = [_num(x) for x in (a_low, a_high, b_low, b_high)]
    if any(math.isnan(v) for v in values):
        return True
    return values[0] <= values[3] and values[2] <= values[1]


def agree(intervals: Sequence[tuple[Any, Any]]) -> str:
    """An estimate with no null under several line-ups: ``not shown to differ between line-ups`` when every
    pair of intervals overlaps (overlapping intervals show no difference, not that there is none), else
    ``depends on the line-up``."""
    if len(intervals) < 2:
        return "checked under one line-up only: rerun it under a second before stating it"
    apart = any(
        not overlap(*intervals[i], *intervals[j])
        for i in range(len(intervals))
        for j in range(i + 1, len(intervals))
    )
    if apart:
        return "depends on the line-up (the intervals do not overlap)"
    return "not shown to differ between line-ups (the intervals overlap)"
