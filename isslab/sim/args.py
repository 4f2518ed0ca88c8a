"""The arguments of ``simulate`` and ``sweep``, checked, and a sweep's grid parsed from text.

The checks say what is wrong in words a notebook user reads: every refusal is a ``ValueError`` that
names the argument and what is allowed (:mod:`isslab.checks` does the numbers). The grid is parsed
here for both front-ends: the command line (``--grid eagles=3,4``) and the lab's "values" box
(``3, 4``), each naming its own field in its messages.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

import pandas as pd

import isslab.checks as checks
from isslab.checks import MAX_GAMES, MAX_SWEEP_POINTS
from isslab.core import parse_json, short_repr

__all__ = [
    "FORMATS",
    "MAX_VALUES_TEXT",
    "AutoSpec",
    "Games",
    "OutFile",
    "check_auto",
    "check_callback",
    "check_games",
    "check_grid",
    "check_stop",
    "json_text",
    "out_file",
    "out_path",
    "parse_grid",
    "parse_values",
]

Games = int | Literal["auto"]

#: the file formats of ``out``, by suffix
FORMATS: Final = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv"}
#: longest text of values read for one option (``--grid name=...``, the lab's values box)
MAX_VALUES_TEXT: Final = 100_000


def check_games(games: Any, auto: bool = True) -> Games:
    """``games``: a count from 1 to ``MAX_GAMES`` (numpy ints too), or ``"auto"``."""
    if auto and isinstance(games, str) and games == "auto":
        return "auto"
    count = checks.as_count(games)
    if count is None or not 1 <= count <= MAX_GAMES:
        raise ValueError(
            f"games must be a positive int (at most {MAX_GAMES:,}: for more, run several simulations "
            f"with different seeds){' or the text auto' if auto else ''}, got {short_repr(games, 40)}"
        )
    return count


@dataclass(frozen=True)
class AutoSpec:
    """What ``games="auto"`` aims at: the widest 95% half-width, the most games, the column watched."""

    precision: float
    max_games: int
    metric: str


def check_auto(precision: Any, max_games: Any, metric: Any) -> AutoSpec:
    """The ``games="auto"`` arguments, checked (the metric is checked against the columns later)."""
    p = checks.real(precision)  # 10**400 is too large, not an OverflowError
    if not math.isfinite(p) or p <= 0:
        raise ValueError(
            f"precision must be a positive number (the widest half-width of a 95% interval, like 0.01 "
            f"for +-1 point on a rate), got {short_repr(precision, 40)}"
        )
    most = checks.integer("max_games", max_games, 1, MAX_GAMES)
    if not isinstance(metric, str):
        raise ValueError(f"metric must be a column name, got {short_repr(metric, 40)}")
    return AutoSpec(p, most, metric)


def check_stop(stop: Any) -> threading.Event | None:
    """``stop``: None or a ``threading.Event`` (anything with ``is_set``)."""
    if stop is not None and not callable(getattr(stop, "is_set", None)):
        raise ValueError(f"stop must be a threading.Event (or None), got {short_repr(stop, 40)}")
    return stop  # type: ignore[no-any-return]


def check_callback(on_chunk: Any) -> Callable[[pd.DataFrame], None] | None:
    """``on_chunk``: None or a callable taking a DataFrame."""
    if on_chunk is not None and not callable(on_chunk):
        raise ValueError(f"on_chunk must be a callable taking a DataFrame, got {short_repr(on_chunk, 40)}")
    return on_chunk  # type: ignore[no-any-return]


@dataclass(frozen=True)
class OutFile:
    """Where the rows go: a path and its format (from the suffix)."""

    path: Path
    fmt: str


def out_path(out: str | os.PathLike[str], label: str = "out=") -> Path:
    """The path of a file to write, checked: not a folder, in a folder that exists, a name the system
    takes (a name of 5,000 characters is a ``ValueError``, not an ``OSError`` from ``stat``).

    ``label`` starts the messages: ``out=`` for ``simulate``, ``--out`` for the command line.
    """
    path = Path(out)
    shown = f"{label}{short_repr(str(out), 80)}"
    try:
        if path.is_dir():
            raise ValueError(f"{shown} is a folder; give a file name")
        if not path.parent.is_dir():
            raise ValueError(f"{shown}: the folder {short_repr(str(path.parent), 80)} does not exist")
        path.exists()  # a name too long for the system fails here, before any game
    except OSError as exc:
        raise ValueError(f"{shown} cannot be written: {exc.strerror or exc}") from None
    return path


def out_file(out: Any) -> OutFile:
    """The path and format of ``out``, checked before any game: the folder exists and takes a file."""
    if not isinstance(out, str | os.PathLike):
        raise ValueError(f"out must be a file path ending in .parquet or .csv, got {short_repr(out, 60)}")
    path = out_path(out)
    shown = short_repr(str(out), 80)
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise ValueError(f"out={shown}: the file name must end in {', '.join(FORMATS)} (the format)")
    try:  # proves the folder writable now, not after an hour of simulation
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".check", dir=path.parent)
        os.close(fd)
        os.unlink(tmp)
    except OSError as exc:
        raise ValueError(f"out={shown} cannot be written: {exc.strerror or exc}") from None
    if path.exists() and not os.access(path, os.W_OK):
        raise ValueError(f"out={shown} cannot be written: the file is read-only")
    if fmt == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ValueError(
                "writing parquet needs pyarrow (pip install pyarrow, or isslab[distributed]); or write .csv"
            ) from None
    return OutFile(path, fmt)


# --------------------------------------------------------------------------------------------------
# the grid
# --------------------------------------------------------------------------------------------------


def check_grid(grid: Any, fixed: Mapping[str, Any]) -> tuple[list[str], list[list[Any]]]:
    """A sweep's grid: option names (texts, none also fixed) and each one's distinct values.

    Values may be given as lists for a tuple option (they become tuples: a sweep's values are a
    column, and a column's values must be hashable). The grid has at most ``MAX_SWEEP_POINTS`` points.
    """
    if not isinstance(grid, Mapping) or not grid:
        raise ValueError(
            "grid must be a dict of option name -> values, like {'players': [2, 3]}, "
            f"got {short_repr(grid, 60)}"
        )
    names = checks.mapping_keys("grid", grid)
    clash = sorted(set(names) & set(fixed))
    if clash:
        raise ValueError(f"options {', '.join(clash)} are both swept and fixed: give each once")
    values = []
    for n in names:
        vals = grid[n]
        what = f"grid[{short_repr(n, 40)}]"
        if isinstance(vals, str | bytes | Mapping) or not isinstance(vals, Iterable):
            raise ValueError(f"{what} must be a list of values, got {short_repr(vals, 60)}")
        got = []
        for v in vals:  # a generator may be endless: stop one past the cap
            got.append(v)
            if len(got) > MAX_SWEEP_POINTS:
                break
        if not got:
            raise ValueError(f"{what} holds no values")
        values.append(checks.distinct(what, got))
    size = math.prod(len(v) for v in values)
    if size > MAX_SWEEP_POINTS:
        raise ValueError(f"the grid has {size:,} points; at most {MAX_SWEEP_POINTS:,} are swept at once")
    return names, values


def _value(what: str, text: str) -> Any:
    """One value: JSON when it parses (``3``, ``true``, ``[1,2]``), else the text itself."""
    stripped = text.strip()
    try:
        return parse_json(stripped, what)
    except ValueError as exc:
        if not str(exc).startswith(f"{what}: invalid JSON"):
            raise  # nested too deep: a mistake, not a word
        return stripped  # a word: ``hirer``, ``counterclockwise``


def parse_values(text: Any, what: str = "values") -> list[Any]:
    """The values of one option from text: ``3, 4`` (each JSON or a word) or a JSON list ``[[1, 2], [3]]``.

    ``what`` names the field in messages (``values`` in the lab, ``--grid eagles`` on the command
    line). Lists become tuples (the values of a tuple option); a value given twice is refused.
    """
    if not isinstance(text, str):
        raise ValueError(f"{what} must be text like 3, 4, got {short_repr(text, 40)}")
    if len(text) > MAX_VALUES_TEXT:
        raise ValueError(f"{what}: {len(text):,} characters, at most {MAX_VALUES_TEXT:,}")
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            values = parse_json(stripped, what)
        except ValueError as exc:
            if not str(exc).startswith(f"{what}: invalid JSON"):
                raise
            values = None
        if not isinstance(values, list):
            raise ValueError(f"{what}: a [...] value must be a JSON list of values, like [[1, 2], [3, 4]]")
    else:
        values = [_value(what, v) for v in stripped.split(",") if v.strip()]
    if not values:
        raise ValueError(f"{what}: none given; separate the values by commas, like 3, 4")
    if len(values) > MAX_SWEEP_POINTS:
        raise ValueError(f"{what}: {len(values):,} values, at most {MAX_SWEEP_POINTS:,}")
    return checks.distinct(what, values)


def parse_grid(pairs: Sequence[str]) -> dict[str, list[Any]]:
    """Parse ``--grid name=v1,v2`` pairs into a sweep grid; ``name=[v1, v2]`` (JSON) for tuple values."""
    grid: dict[str, list[Any]] = {}
    for pair in pairs:
        if not isinstance(pair, str) or "=" not in pair:
            raise ValueError(f"--grid must look like name=v1,v2, got {short_repr(pair, 60)}")
        name, text = pair.split("=", 1)
        name = name.strip()
        if name in grid:
            raise ValueError(f"--grid {short_repr(name, 40)} is given twice; list every value in one --grid")
        grid[name] = parse_values(text, f"--grid {short_repr(name, 40)}")
    if not grid:
        raise ValueError("sweep needs at least one --grid name=v1,v2")
    return grid


def json_text(value: Any) -> str:
    """A value as the text :func:`parse_values` reads back (tuples as JSON lists)."""
    return json.dumps(checks.plain(value))
