"""One validation layer for the arguments of the layers above the rules: bots, simulation, analysis.

Every check returns the value as the caller uses it (a numpy int becomes an ``int``) or raises a
``ValueError`` that names the argument, says what is allowed and echoes the value cut short. The
caps every size a user passes is held to are here too, in one place, so that the README can list
them and no typo can ask for a billion of anything.

Numbers follow one rule: a count (games, simulations, resamples, a seat) is an ``int`` or a numpy
integer, never a bool or a float (``10.0`` games is refused rather than guessed); a measure
(precision, level, seconds) is any finite real number but a bool.
"""

from __future__ import annotations

import math
import numbers
import operator
import pickle
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, Final

import numpy as np

from isslab.core import short_repr

__all__ = [
    "MAX_GAMES",
    "MAX_RESAMPLES",
    "MAX_SEED",
    "MAX_SWEEP_POINTS",
    "as_count",
    "choice",
    "column_names",
    "distinct",
    "flag",
    "frozen",
    "integer",
    "level",
    "mapping_keys",
    "number",
    "optional_flag",
    "optional_integer",
    "optional_seat",
    "plain",
    "portable",
    "real",
    "seat",
    "seed",
]

#: most games one ``simulate`` call plays, and most ``max_games`` (run several seeds for more)
MAX_GAMES: Final = 1_000_000
#: most option combinations one ``sweep`` visits
MAX_SWEEP_POINTS: Final = 10_000
#: most bootstrap resamples (percentile intervals stop gaining precision long before)
MAX_RESAMPLES: Final = 20_000
#: seeds are ints below this (128 bits, as ``numpy.random.SeedSequence`` takes them)
MAX_SEED: Final = 2**128


def as_count(value: Any) -> int | None:
    """``value`` as an int when it is a whole-number type (int, numpy integer; not bool), else None."""
    if isinstance(value, bool | np.bool_):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def integer(name: str, value: Any, lo: int, hi: int, *, what: str = "an int") -> int:
    """An int from ``lo`` to ``hi`` (numpy ints too; bools and floats are refused)."""
    got = as_count(value)
    if got is None or not lo <= got <= hi:
        raise ValueError(f"{name} must be {what} from {lo:,} to {hi:,}, got {short_repr(value, 40)}")
    return got


def optional_integer(name: str, value: Any, lo: int, hi: int) -> int | None:
    """None, or an int from ``lo`` to ``hi``."""
    if value is None:
        return None
    got = as_count(value)
    if got is None or not lo <= got <= hi:
        raise ValueError(f"{name} must be an int from {lo:,} to {hi:,} or None, got {short_repr(value, 40)}")
    return got


def real(value: Any) -> float:
    """``value`` as a float when it is a real number (numpy too, not a bool); NaN otherwise.

    An int too large for a float (``10**400``) is infinite here, so the finiteness checks refuse it
    by name instead of raising ``OverflowError``.
    """
    if not isinstance(value, numbers.Real) or isinstance(value, bool | np.bool_):
        return math.nan
    try:
        return float(value)
    except OverflowError:
        return math.inf if operator.gt(value, 0) else -math.inf
    except (TypeError, ValueError):  # a Real whose __float__ misbehaves
        return math.nan


def number(
    name: str,
    value: Any,
    lo: float | None = None,
    hi: float | None = None,
    *,
    above: bool = False,
    example: str = "",
) -> float:
    """A finite real number (not a bool) within ``[lo, hi]`` (``above``: strictly above ``lo``)."""
    x = real(value)
    ok = math.isfinite(x)
    if ok and lo is not None:
        ok = x > lo if above else x >= lo
    if ok and hi is not None:
        ok = x <= hi
    if not ok:
        if lo is not None and hi is not None:
            bounds = f"{'above' if above else 'from'} {lo:g} {'and at most' if above else 'to'} {hi:g}"
        elif lo is not None:
            bounds = f"{'above' if above else 'at least'} {lo:g}"
        elif hi is not None:
            bounds = f"at most {hi:g}"
        else:
            bounds = "that is finite"
        raise ValueError(
            f"{name} must be a number {bounds}{f' (like {example})' if example else ''}, "
            f"got {short_repr(value, 40)}"
        )
    return x


def level(name: str, value: Any) -> float:
    """A confidence level: a number strictly between 0 and 1."""
    if not 0 < real(value) < 1:
        raise ValueError(
            f"{name} must be a probability between 0 and 1 (like 0.95), got {short_repr(value, 40)}"
        )
    return float(value)


def flag(name: str, value: Any) -> bool:
    """True or False (numpy bools too; 0, 1 and texts are refused)."""
    if isinstance(value, np.bool_):
        value = bool(value)
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, got {short_repr(value, 40)}")
    return value


def optional_flag(name: str, value: Any) -> bool | None:
    """None, True or False."""
    if value is None:
        return None
    if isinstance(value, np.bool_):
        value = bool(value)
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True, False or None, got {short_repr(value, 40)}")
    return value


def choice(name: str, value: Any, allowed: Sequence[str]) -> str:
    """One of the texts ``allowed``."""
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(
            f"{name} must be one of {', '.join(map(repr, allowed))}, got {short_repr(value, 40)}"
        )
    return value


def seat(name: str, value: Any, players: int) -> int:
    """A seat of a table of ``players``: an int from 0 to ``players - 1`` (numpy ints too; -1 is not
    the last seat)."""
    return _seat(name, value, players, "a seat: -1 is not the last one")


def optional_seat(name: str, value: Any, players: int) -> int | None:
    """None, or a seat of a table of ``players`` (see :func:`seat`)."""
    return None if value is None else _seat(name, value, players, "a seat, or None; -1 is not the last one")


def _seat(name: str, value: Any, players: int, what: str) -> int:
    got = as_count(value)
    if got is None or not 0 <= got < players:
        raise ValueError(
            f"{name} must be an int from 0 to {players - 1}, got {short_repr(value, 40)} ({what})"
        )
    return got


def seed(name: str, value: Any) -> int:
    """A seed: an int from 0 to 2**128 - 1 (numpy ints too)."""
    got = as_count(value)
    if got is None or not 0 <= got < MAX_SEED:
        raise ValueError(f"{name} must be an int from 0 to 2**128 - 1, got {short_repr(value, 40)}")
    return got


def column_names(name: str, value: Any) -> list[str]:
    """A column name, a list of column names, or None (no columns); no name twice."""
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if (
        isinstance(value, Sequence)
        and not isinstance(value, bytes)
        and all(isinstance(v, str) for v in value)
    ):
        names = list(value)
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"{name} names the column {twice[0]!r} twice")
        return names
    raise ValueError(f"{name} must be a column name or a list of column names, got {short_repr(value, 60)}")


def frozen(value: Any, depth: int = 32) -> Any:
    """Lists (and numpy arrays) as tuples, all the way down: the form option values take in a frame."""
    if hasattr(value, "tolist") and not isinstance(value, str | bytes):
        value = value.tolist()  # numpy scalars and arrays read back from a file
    if isinstance(value, list | tuple):
        if depth <= 0:
            raise ValueError("a value nested more than 32 levels deep")
        return tuple(frozen(v, depth - 1) for v in value)
    return value


def plain(value: Any) -> Any:
    """Tuples as lists, all the way down: the JSON form (``DataFrame.attrs``, parquet metadata)."""
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if hasattr(value, "tolist") and not isinstance(value, str | bytes):
        return plain(value.tolist())
    return value


def distinct(name: str, values: Iterable[Any]) -> list[Any]:
    """The values (lists frozen to tuples), refusing one given twice: equal values give one variant.

    Equal means equal in Python: ``1`` and ``True``, ``2`` and ``2.0`` are the same value.
    """
    seen: dict[Hashable, Any] = {}
    out = []
    for v in values:
        fv = frozen(v)
        try:
            first = seen.get(fv, _MISSING)
        except TypeError:  # a dict or a set: no option takes one
            raise ValueError(
                f"{name} holds {short_repr(v, 40)}, which is not an option value "
                "(numbers, texts, True/False, or lists of them)"
            ) from None
        if first is not _MISSING:
            same = (
                "twice" if repr(first) == repr(fv) else f"as {short_repr(first, 30)} and {short_repr(fv, 30)}"
            )
            raise ValueError(
                f"{name} holds the value {short_repr(first, 40)} {same}: every value is one variant, "
                "so give each value once"
            )
        seen[fv] = fv
        out.append(fv)
    return out


_MISSING: Final = object()


def mapping_keys(name: str, value: Mapping[Any, Any], what: str = "option names") -> list[str]:
    """The keys of ``value``, which must all be texts."""
    bad = [k for k in value if not isinstance(k, str)]
    if bad:
        raise ValueError(f"{name}'s keys must be {what} (texts), got {short_repr(bad[0], 40)}")
    return list(value)


def portable(what: str, payload: Any) -> None:
    """``ValueError`` unless ``payload`` (the game, the bots: what a chunk of work carries) pickles.

    Called before a pool of processes starts: a game or a bot that cannot travel to a worker fails
    here with its name and the way out, instead of as a raw ``PicklingError`` (or ``TypeError``) in
    the pool's feeder thread, with a stray traceback, once the workers are running. ``what`` names
    the argument that asked for processes (``workers=2``).
    """
    try:
        pickle.dumps(payload)
    except ValueError as exc:  # a variant that cannot be pickled says why and what to do itself
        raise ValueError(f"{what}: {exc}") from None
    except Exception as exc:  # PicklingError, TypeError, AttributeError: what a lambda or a lock gives
        raise ValueError(
            f"{what} plays the games in worker processes, and what they need cannot be sent there "
            f"({type(exc).__name__}: {short_repr(str(exc), 160)}); use workers=1, or name the bots "
            "(a bot function defined at the top level of a module, not a lambda or a function made "
            "inside another)"
        ) from None
