"""Markdown tables, as the benchmarks write them into the README and the docs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["markdown_table"]


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A markdown table: the header, the rule under it, then one line a row of cells."""
    return "\n".join([_line(header), "|" + "---|" * len(header), *(_line(row) for row in rows)])


def _line(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"
