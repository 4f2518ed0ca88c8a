"""The frame of ``simulate`` and ``sweep``: one row per game and seat, its columns, and a game's identity.

A row holds the game's number in its run (``game``), the seed that replays it (``seed``), the seat,
its bot and result, the game's length, and then, with ``trace=True``, the per-game trace columns and
the game's own statistics. A sweep puts its swept options first, one column each.

**A game's identity.** Within one run the game number names a game. A frame a user builds can hold
more than one run: the variants of a sweep play the same seeds (so that they compare on the same
dice), and ``pd.concat`` of two runs repeats the game numbers. So a game is known by its variant
(the ``by`` columns and a sweep's swept options), its number and its seed; :func:`game_key` returns
those columns and refuses, with the reason, a frame in which two rows of one seat still share them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import pandas as pd

from isslab.checks import as_count, frozen
from isslab.core import short_repr
from isslab.play import GameRecord

__all__ = [
    "BASE_COLUMNS",
    "Row",
    "check_columns",
    "check_frame",
    "game_key",
    "hashable",
    "identify",
    "record_rows",
    "rotated",
    "rows_frame",
    "swept",
]

#: the columns every row has, in this order
BASE_COLUMNS: Final = (
    "game",
    "seed",
    "seat",
    "bot",
    "returns",
    "rank",
    "win",
    "length",
    "steps",
    "rounds",
    "end_reason",
)

Row = tuple[Any, ...]


def record_rows(
    rec: GameRecord,
    i: int,
    extra: Sequence[str] | None = None,
    trace: tuple[Any, ...] | None = None,
    names: Sequence[str] | None = None,
) -> tuple[list[Row], list[str]]:
    """The rows of game ``i`` (one per seat) from its record, and the names of the statistics columns.

    ``extra`` fixes the statistics columns (the first game's, for the rest of a run); ``trace`` is
    the game's ``isslab.frames.trace.summary``, added after the base columns; ``names`` are the
    bots' names per seat (default: the record's).
    """
    bots = rec.bots if names is None else names
    if not extra:
        keys = list(rec.game_stats)
        for st in rec.seat_stats:
            keys += [k for k in st if k not in keys]
        extra = keys
    # a record built by hand may carry no statistics
    seat_stats = rec.seat_stats or [{} for _ in range(rec.game.num_players)]
    winners = set(rec.winners)
    reason = rec.end_reason.name if rec.end_reason is not None else ""
    tail = trace or ()
    rows: list[Row] = []
    for seat in range(rec.game.num_players):
        stats = {**rec.game_stats, **seat_stats[seat]}
        rows.append(
            (
                i,
                rec.seed,
                seat,
                bots[seat],
                rec.returns[seat],
                rec.ranks[seat],
                seat in winners,
                rec.length,
                rec.steps,
                rec.rounds,
                reason,
                *tail,
                *(stats.get(k) for k in extra),
            )
        )
    return rows, list(extra)


def rows_frame(columns: Sequence[str], rows: Sequence[Row]) -> pd.DataFrame:
    """Rows as a DataFrame; seeds as uint64 always (64-bit seeds do not fit an int64)."""
    df = pd.DataFrame(list(rows), columns=list(columns))
    if "seed" in df and len(df):
        df["seed"] = df["seed"].astype(np.uint64)
    return df


def check_frame(df: Any, columns: Sequence[str], what: str, by: Sequence[str] = ()) -> pd.DataFrame:
    """``df`` if it is a DataFrame with the ``by`` columns and ``columns``; else ``ValueError`` saying
    what is missing (``what`` names the call)."""
    if not isinstance(df, pd.DataFrame):
        raise ValueError(
            f"{what} takes the DataFrame of isslab.simulate or isslab.sweep, got {type(df).__name__}"
        )
    shown = ", ".join(short_repr(c, 30) for c in list(df.columns)[:20]) or "(none)"
    absent = [c for c in by if c not in df.columns]
    if absent:
        names = ", ".join(map(repr, absent))
        raise ValueError(f"by: the frame has no column {names}; its columns are: {shown}")
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise ValueError(
            f"{what}: the frame has no column {', '.join(map(repr, missing))}: is it a frame of "
            f"isslab.simulate or isslab.sweep? Its columns are: {shown}"
        )
    return df


#: what the standard columns hold: whole numbers from 0, whole numbers or nothing, 0/1, numbers
_WHOLE: Final = ("game", "seat", "length", "steps", "rounds")
_REAL: Final = ("returns", "rank")


def _whole(col: pd.Series, missing: bool) -> bool:
    """True when every value is a whole number from 0 (or missing, when ``missing``)."""
    types = pd.api.types
    if types.is_bool_dtype(col.dtype):
        return False
    if types.is_integer_dtype(col.dtype):
        return bool((col >= 0).all())
    if types.is_float_dtype(col.dtype):
        values = col.to_numpy(dtype=float)
        finite = np.isfinite(values)
        ok = finite & (values >= 0) & (np.mod(np.where(finite, values, 0.0), 1) == 0)
        return bool((ok | (np.isnan(values) if missing else False)).all())
    for v in col:
        if v is None and missing:
            continue
        n = as_count(v)
        if n is None or n < 0:
            return False
    return True


def check_columns(df: Any, what: str, required: Sequence[str], by: Sequence[str] = ()) -> pd.DataFrame:
    """:func:`check_frame`, and the standard columns among ``required`` holding what they should.

    ``game``, ``seat``, ``length``, ``steps`` and ``rounds`` hold whole numbers from 0, ``seed``
    whole numbers (or nothing: records built by hand), ``win`` True/False (or 0/1), ``returns`` and
    ``rank`` finite numbers: a frame edited by hand gets a ``ValueError`` naming the column.
    """
    frame = check_frame(df, required, what, by)
    for c in required:
        col = frame[c]
        if c in _WHOLE or c == "seed":
            ok = _whole(col, missing=c == "seed")
            kind = "whole numbers from 0" + (" (or nothing)" if c == "seed" else "")
        elif c == "win":
            ok = pd.api.types.is_bool_dtype(col.dtype) or all(
                isinstance(v, bool | np.bool_) or (as_count(v) in (0, 1)) for v in col
            )
            kind = "True or False"
        elif c in _REAL:
            values = pd.to_numeric(col, errors="coerce")
            ok = not pd.api.types.is_bool_dtype(col.dtype) and bool(
                np.isfinite(values.to_numpy(dtype=float)).all()
            )
            kind = "finite numbers"
        elif c == "bot":
            ok = all(isinstance(v, str) for v in col)
            kind = "bot names"
        else:
            continue
        if not ok:
            shown = short_repr(next(iter(col), None), 30)
            raise ValueError(f"{what}: the column {c!r} must hold {kind} (it holds values like {shown})")
    return frame


def swept(df: pd.DataFrame) -> list[str]:
    """The swept options of a sweep's frame (from its attrs) that are columns of ``df``."""
    grid = df.attrs.get("grid")
    if not isinstance(grid, dict | list | tuple):
        return []
    return [str(c) for c in grid if str(c) in df.columns]


def hashable(df: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """``df`` with list or array values of ``columns`` turned into tuples (a tuple option read back
    from a parquet file comes as arrays, which cannot be grouped); a copy only when needed."""
    out = df
    for c in columns:
        col = df[c]
        if col.dtype != object or not len(col):
            continue
        if any(isinstance(v, list | np.ndarray) for v in col):
            if out is df:
                out = df.copy()
            out[c] = [frozen(v) for v in col]
    if out is not df:
        out.attrs = dict(df.attrs)
    return out


def identify(df: pd.DataFrame, by: Sequence[str] = ()) -> tuple[pd.DataFrame, list[str]]:
    """``df`` with its variant columns hashable (:func:`hashable`) and the columns that name a game
    (:func:`game_key`, which refuses a frame that holds a game twice)."""
    df = hashable(df, [*by, *(c for c in swept(df) if c not in by)])
    return df, game_key(df, by)


def game_key(df: pd.DataFrame, by: Sequence[str] = ()) -> list[str]:
    """The columns that name one game of ``df``: ``by``, a sweep's swept options, ``game``, ``seed``.

    ``ValueError`` when two rows of the same seat still share them (see the module docstring): the
    message says whether the rows are copies of one game or different games on the same seeds.
    """
    keys = [*by, *(c for c in swept(df) if c not in by), "game"]
    if "seed" in df.columns:
        keys.append("seed")
    check_columns(
        df, "a game's identity", [c for c in ("game", "seed", "seat") if c in df.columns or c == "game"]
    )
    if "seat" in df.columns and len(df):
        twice = df.duplicated([*keys, "seat"], keep=False)
        if bool(twice.any()):
            raise ValueError(_collision(df, keys, twice))
    return keys


def _collision(df: pd.DataFrame, keys: list[str], twice: pd.Series) -> str:
    part = df[twice]
    first = part.iloc[0]
    where = f"game {first['game']}" + (f" (seed {first['seed']})" if "seed" in keys else "")
    games = len(part.drop_duplicates(keys))
    # copies of one game agree on everything a game decides; different games on one seed do not
    result = [c for c in ("bot", "returns", "rank", "length", "steps", "rounds") if c in df.columns]
    copies = not bool(part.duplicated([*keys, "seat", *result], keep=False).ne(True).any())
    told = ", ".join(keys)
    if copies:
        cause = (
            "the rows are copies of the same games (a frame put together with itself, or runs that "
            "overlap): drop the copies with df.drop_duplicates(), or keep one run"
        )
    else:
        grid = df.attrs.get("grid")
        hint = f" (this sweep's options: {', '.join(map(str, grid))})" if isinstance(grid, dict) else ""
        cause = (
            "they are different games on the same seeds, such as the variants of a sweep or runs with "
            "the same seed put together with pd.concat: name the column(s) that tell them apart with "
            f"by={hint}, or give each run its own seed"
        )
    return (
        f"{games} games appear more than once in the frame ({where} is one): two rows of one seat share "
        f"the columns that name a game ({told}); {cause}"
    )


def rotated(seq: Sequence[Any], i: int, rotate: bool) -> list[Any]:
    """The bots of game ``i``: with ``rotate``, bot ``j`` sits in seat ``(j + i) % n``."""
    if not rotate:
        return list(seq)
    n = len(seq)
    k = i % n
    return [seq[(s - k) % n] for s in range(n)]
