"""A win-chance model file is untrusted input: read bounded, every number checked before it is used.

A model file travels (the package ships some, a cache holds others, a user may hand one around),
so :mod:`isslab.analysis.winprob` reads it as it reads a save file: at most ``MAX_FILE`` bytes of a
regular file (never ``/dev/zero`` or a pipe to the end), JSON nested at most 32 levels, and every
number a real, finite number of the size a fit gives (no ``null`` or NaN intercept, no denormal
scale, no weights or bounds of ``1e308``, no ``10**400``). A file that fails any check is refitted
with a warning; a refit overwrites only a file that begins as a model file does.
"""

from __future__ import annotations

import math
import re
import stat
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

import isslab.checks as checks
from isslab.core import Game, ReturnsKind, short_repr

__all__ = [
    "MAX_FILE",
    "MAX_MAGNITUDE",
    "MAX_NAME_CHARS",
    "MAX_NAMES",
    "MAX_POOL",
    "MAX_WEIGHT",
    "MIN_SCALE",
    "floats",
    "is_model_file",
    "lengths",
    "names",
    "read_bounded",
    "result_range",
    "spec_fields",
    "within",
]

#: a saved model is read up to this size
MAX_FILE: Final = 16 * 1024 * 1024
#: the largest weight or intercept a model may hold (fitted ones stay below 1: the penalty is strong)
MAX_WEIGHT: Final = 1000.0
#: the smallest feature scale (a largest magnitude seen in training; a denormal one makes weights infinite)
MIN_SCALE: Final = 1e-9
#: the largest feature scale, result bound and mean game length a model may hold
MAX_MAGNITUDE: Final = 1e9
#: the most features a model file may name, and the longest name
MAX_NAMES: Final = 100_000
MAX_NAME_CHARS: Final = 200
#: the most bots a table model's pool may name
MAX_POOL: Final = 64
#: the most games one fit may simulate (``winprob.MAX_GAMES``)
_MAX_GAMES: Final = 200_000

#: what a model file written by ``WinModel.to_json`` starts with (spacing may differ in an edited one)
_MODEL_HEAD: Final = re.compile(rb'\s*\{\s*"format"\s*:\s*"isslab\.winprob"')


def read_bounded(path: Path) -> bytes:
    """At most ``MAX_FILE`` bytes of a regular file (``ValueError`` beyond; ``OSError`` if unreadable).

    ``/dev/zero`` or a pipe would be read until memory runs out, or wait forever: only regular
    files are opened, and no more than the cap is read whatever size the file reports.
    """
    info = path.stat()
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(f"{short_repr(str(path), 120)} is not a regular file (a device, a pipe or a folder)")
    with path.open("rb") as f:
        data = f.read(MAX_FILE + 1)
    if len(data) > MAX_FILE:
        raise ValueError(
            f"a model file is at most {MAX_FILE:,} bytes; {short_repr(str(path), 120)} is larger"
        )
    return data


def floats(what: str, value: Any) -> npt.NDArray[np.float64]:
    """A list (or a list of lists) of finite real numbers as a float array; ``ValueError`` otherwise.

    JSON holds ints of any size and ``null``: ``np.asarray`` would raise ``OverflowError`` on
    ``10**400`` and turn ``null`` into NaN, so every entry is checked to be a finite number first.
    """
    if isinstance(value, np.ndarray):
        arr = np.asarray(value, dtype=float)
    elif isinstance(value, list | tuple):
        rows = [
            [_finite(what, x) for x in r] if isinstance(r, list | tuple) else _finite(what, r) for r in value
        ]
        try:
            arr = np.asarray(rows, dtype=float)
        except ValueError:  # ragged rows, or rows mixed with numbers
            raise ValueError(f"the {what} must be rows of numbers of the same length") from None
    else:
        raise ValueError(f"the {what} must be a list of numbers, got {short_repr(value, 60)}")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"the {what} must be finite numbers, got {arr[~np.isfinite(arr)].flat[0]}")
    return arr


def _finite(what: str, value: Any) -> float:
    """One entry of a model's arrays: a finite real number (``null``, NaN, ``10**400``, texts refused)."""
    x = checks.real(value)
    if not math.isfinite(x):
        raise ValueError(f"the {what} must be finite numbers, got {short_repr(value, 40)}")
    return x


def within(what: str, arr: npt.NDArray[np.float64], lo: float, hi: float) -> None:
    """``ValueError`` unless every entry of ``arr`` is from ``lo`` to ``hi``."""
    out = arr[(arr < lo) | (arr > hi)]
    if out.size:
        raise ValueError(f"the {what} must be from {lo:g} to {hi:g}, got {out.flat[0]:g}")


def result_range(game: Game) -> tuple[float, float]:
    """Where a model's values may lie: [0, 1] (a chance) in a win/lose game; a cooperative game's
    result (modules attached) within ``MAX_MAGNITUDE``."""
    if game.info.returns is ReturnsKind.COOPERATIVE:
        return (-MAX_MAGNITUDE, MAX_MAGNITUDE)
    return (0.0, 1.0)


def names(value: Any) -> list[str]:
    """A model file's feature names: at most ``MAX_NAMES`` texts of at most ``MAX_NAME_CHARS``."""
    if (
        not isinstance(value, list)
        or len(value) > MAX_NAMES
        or not all(isinstance(n, str) and len(n) <= MAX_NAME_CHARS for n in value)
    ):
        raise ValueError(
            f"the model file is malformed: its names must be a list of at most {MAX_NAMES:,} texts of at "
            f"most {MAX_NAME_CHARS} characters"
        )
    return list(value)


def spec_fields(raw: Any, game: Game) -> tuple[int, int, tuple[str, ...], int, tuple[str, ...]]:
    """The fitting parameters a model file names (games, positions, bots, seed, pool), each of the kind
    and size a fit takes; ``ValueError`` otherwise. A table model names no bots and a pool of them."""
    bad = ValueError(
        f"the model file's fitting parameters are missing or malformed: games from 10 to {_MAX_GAMES:,}, "
        "positions from 1 to 1,000, a bot name per seat (or none, and a pool of at most "
        f"{MAX_POOL} distinct bot names) and a seed from 0 to 2**128 - 1"
    )
    if not isinstance(raw, dict):
        raise bad
    try:
        games = checks.integer("games", raw.get("games"), 10, _MAX_GAMES)
        positions = checks.integer("positions", raw.get("positions"), 1, 1000)
        seed = checks.seed("seed", raw.get("seed"))
    except ValueError:
        raise bad from None
    bots = raw.get("bots")
    pool = raw.get("pool", [])
    if not isinstance(pool, list) or len(pool) > MAX_POOL or len(set(map(str, pool))) != len(pool):
        raise bad
    if (
        not isinstance(bots, list)
        or len(bots) != (0 if pool else game.num_players)
        or not all(isinstance(b, str) and 0 < len(b) <= 300 for b in [*bots, *pool])
    ):
        raise bad
    return games, positions, tuple(bots), seed, tuple(pool)


def lengths(value: Any) -> dict[str, float]:
    """A model file's mean game length per line-up: at most ``MAX_NAMES`` line-ups, each a number above
    0 and at most ``MAX_MAGNITUDE``."""
    if not isinstance(value, dict) or len(value) > MAX_NAMES:
        raise ValueError(f"the model file's lengths must be an object of at most {MAX_NAMES:,} line-ups")
    out: dict[str, float] = {}
    for key, v in value.items():
        x = _finite("lengths", v)
        if not (isinstance(key, str) and len(key) <= MAX_NAME_CHARS * 8 and 0 < x <= MAX_MAGNITUDE):
            raise ValueError(
                f"the model file's lengths must be numbers above 0 and at most {MAX_MAGNITUDE:g} by line-up, "
                f"got {short_repr(key, 60)}: {short_repr(v, 40)}"
            )
        out[key] = x
    return out


def is_model_file(path: str | Path) -> bool:
    """True when ``path`` is a regular file that begins as a model file does (its ``format`` first).

    A refit overwrites only such a file: a damaged model file is replaced, anything else (a link, a
    folder, a user's own file under a cache file's name) is left as it is.
    """
    p = Path(path)
    try:
        if p.is_symlink() or not p.is_file():
            return False
        with p.open("rb") as f:
            head = f.read(64)
    except OSError:
        return False
    return _MODEL_HEAD.match(head) is not None
