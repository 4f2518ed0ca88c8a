"""Markdown tables, as the benchmarks write them into the README and the docs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["markdown_table"]


def markdown_table(header: str, rows: Iterable[Sequence[str]]) -> str:
    """A markdown table: the header (its cells written ``a | b | c``), the rule under it, a line a row."""
    cells = header.split(" | ")
    return "\n".join([_line(cells), "|" + "---|" * len(cells), *(_line(row) for row in rows)])


def _line(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"
