"""Where finished chunks go: kept in memory, counted into a summary, or written to a file as they come.

A sink takes chunks of rows, in game order, with ``add(key, columns, rows)``: ``key`` is the grid
point's values (empty for ``simulate``). :class:`Collect` keeps every row (the frame ``simulate``
returns); :class:`Summary` counts per point, seat and bot (what ``simulate(out=...)`` returns);
:class:`Narrow` keeps the columns ``games="auto"`` watches; :class:`Writer` writes a parquet or CSV
file that grows while the run goes on.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Protocol

import pandas as pd

from isslab.core import short_repr
from isslab.frames.frame import BASE_COLUMNS, Row, rows_frame

__all__ = ["WRITE_ROWS", "Collect", "Narrow", "Sink", "Summary", "Writer"]

#: rows gathered before a write to ``out`` (one parquet row group)
WRITE_ROWS: Final = 50_000


class Sink(Protocol):
    """Takes the chunks of a run in game order."""

    def add(self, key: tuple[Any, ...], columns: list[str], rows: list[Row]) -> None:
        """Take a chunk of rows of the point ``key``."""


class Collect:
    """Keeps every row in memory, point by point (the DataFrame ``simulate`` returns)."""

    def __init__(self) -> None:
        self.points: dict[tuple[Any, ...], tuple[list[str], list[Row]]] = {}

    def add(self, key: tuple[Any, ...], columns: list[str], rows: list[Row]) -> None:
        """Keep a chunk of rows of the point ``key``."""
        got = self.points.get(key)
        if got is None:
            self.points[key] = (columns, list(rows))
        else:
            got[1].extend(rows)

    def frame(self, columns: list[str]) -> pd.DataFrame:
        """Every row kept, as one DataFrame (points in the order they were played)."""
        frames = [rows_frame(cols, rows) for cols, rows in self.points.values()]
        if not frames:
            return rows_frame(columns, [])
        return frames[0] if len(frames) == 1 else pd.concat(frames, ignore_index=True)


class Narrow:
    """Keeps only the columns the ``games="auto"`` check needs (when the rows go to a file)."""

    def __init__(self, keep: Sequence[str]) -> None:
        self.keep = list(keep)
        self.frames: list[pd.DataFrame] = []

    def add(self, key: tuple[Any, ...], columns: list[str], rows: list[Row]) -> None:
        """Keep the watched columns of a chunk."""
        idx = [columns.index(c) for c in self.keep]
        self.frames.append(rows_frame(self.keep, [tuple(r[i] for i in idx) for r in rows]))

    def frame(self) -> pd.DataFrame:
        """The watched columns of every row kept."""
        return pd.concat(self.frames, ignore_index=True) if self.frames else rows_frame(self.keep, [])


class Summary:
    """Counts per point, seat and bot: the table ``simulate(out=...)`` returns instead of the rows."""

    def __init__(self, grid: Sequence[str]) -> None:
        self.grid = list(grid)
        self.acc: dict[tuple[Any, ...], list[float]] = {}

    def add(self, key: tuple[Any, ...], columns: list[str], rows: list[Row]) -> None:
        """Count a chunk of rows into its point, seat and bot."""
        at = {c: columns.index(c) for c in ("seat", "bot", "win", "rank", "length", "rounds")}
        for r in rows:
            k = (*key, r[at["seat"]], r[at["bot"]])
            acc = self.acc.get(k)
            if acc is None:
                acc = self.acc[k] = [0, 0, 0, 0, 0]
            acc[0] += 1
            acc[1] += bool(r[at["win"]])
            acc[2] += r[at["rank"]]
            acc[3] += r[at["length"]]
            acc[4] += r[at["rounds"]]

    def frame(self) -> pd.DataFrame:
        """The summary table: one row per point, seat and bot."""
        rows = []
        for k in sorted(self.acc, key=lambda k: (tuple(map(str, k[:-2])), k[-2], str(k[-1]))):
            n, wins, rank, length, rounds = self.acc[k]
            rows.append((*k, n, wins / n, rank / n, length / n, rounds / n))
        cols = [*self.grid, "seat", "bot", "games", "win_rate", "mean_rank", "mean_length", "mean_rounds"]
        return pd.DataFrame(rows, columns=cols)


class Writer:
    """Writes chunks to a parquet or CSV file as they finish; the file appears (renamed) at the end.

    The rows go to a temporary file beside the target, renamed over it when the run ends (also
    when it is interrupted: the finished games are kept); an error removes it and leaves an old
    file as it was.
    """

    def __init__(self, path: Path, fmt: str, attrs: Mapping[str, Any]) -> None:
        self.path, self.fmt, self.attrs = path, fmt, dict(attrs)
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        except OSError as exc:
            raise ValueError(
                f"out={short_repr(str(path), 80)} cannot be written: {exc.strerror or exc}"
            ) from None
        os.close(fd)
        self.tmp = Path(tmp)
        self.columns: list[str] | None = None
        self.buffer: list[Row] = []
        self.rows = 0
        self._parquet: Any = None
        self._schema: Any = None
        self._csv: Any = None

    def add(self, key: tuple[Any, ...], columns: list[str], rows: list[Row]) -> None:
        """Take a chunk of rows; write when enough have gathered."""
        if self.columns is None:
            self.columns = list(columns)
        elif columns != self.columns:
            raise ValueError(
                f"the columns changed during the run ({', '.join(columns)} after "
                f"{', '.join(self.columns)}): one file holds one table; write each part apart"
            )
        self.buffer.extend(rows)
        if len(self.buffer) >= WRITE_ROWS:
            self.flush()

    @contextlib.contextmanager
    def _disk(self) -> Iterator[None]:
        """An ``OSError`` while writing (a full disk, a lost folder) as a ``ValueError`` naming the file."""
        try:
            yield
        except OSError as exc:
            raise ValueError(
                f"the rows could not be written to {short_repr(str(self.path), 80)}: {exc.strerror or exc}"
            ) from None

    def flush(self) -> None:
        """Write the rows gathered so far; a full disk or a lost folder is a ``ValueError``."""
        with self._disk():
            self._flush()

    def _flush(self) -> None:
        if not self.buffer or self.columns is None:
            return
        df = rows_frame(self.columns, self.buffer)
        self.buffer = []
        self.rows += len(df)
        if self.fmt == "csv":
            if self._csv is None:
                self._csv = open(self.tmp, "w", newline="")  # noqa: SIM115 - closed in close()
                df.to_csv(self._csv, index=False)
            else:
                df.to_csv(self._csv, index=False, header=False)
            return
        import pyarrow as pa
        import pyarrow.parquet as pq

        if self._parquet is None:
            table = pa.Table.from_pandas(df, preserve_index=False)
            meta = dict(table.schema.metadata or {})
            # the key pandas reads back into DataFrame.attrs: game, options, bots, seed for replay
            meta[b"PANDAS_ATTRS"] = json.dumps(self.attrs).encode()
            self._schema = table.schema.with_metadata(meta)
            self._parquet = pq.ParquetWriter(self.tmp, self._schema)
        try:
            table = pa.Table.from_pandas(df, schema=self._schema, preserve_index=False)
        except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
            raise ValueError(f"a chunk of rows does not fit the file's columns: {exc}") from None
        self._parquet.write_table(table)

    def close(self) -> None:
        """Write what is left and put the file in place (``ValueError`` if the disk refuses it)."""
        self.flush()
        with self._disk():
            self._close()

    def _close(self) -> None:
        if self.fmt == "parquet" and self._parquet is None:  # no rows at all: an empty table
            rows_frame(self.columns or BASE_COLUMNS, []).to_parquet(self.tmp, index=False)
        if self._parquet is not None:
            self._parquet.close()
        if self._csv is not None:
            self._csv.close()
        elif self.fmt == "csv" and self.rows == 0:
            rows_frame(self.columns or BASE_COLUMNS, []).to_csv(self.tmp, index=False)
        os.replace(self.tmp, self.path)

    def abort(self) -> None:
        """Remove the temporary file (the run failed)."""
        with contextlib.suppress(Exception):
            if self._parquet is not None:
                self._parquet.close()
            if self._csv is not None:
                self._csv.close()
        with contextlib.suppress(OSError):
            os.unlink(self.tmp)
