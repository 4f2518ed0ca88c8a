"""Sort a duplicate finder's pairs into import lists, course pairs, boilerplate and the rest.

The finder prints a header line, then one row a pair (``D1 a.py:10-24 ~ b.py:40-54 [shape]
[boilerplate] [(+N more runs)]``). Feed it its output on stdin, or name its command with ``--run``
and this script calls it over the tree (and, when the tree has more pairs than one listing holds,
over each top folder too, to see the pairs the first listing cut off):

    python scripts/count_duplicates.py --run FINDER            # counts
    python scripts/count_duplicates.py --run FINDER --list rest # the rows of one kind

A pair is an *import list* when every code line of both sides belongs to an import statement (a
parenthesised name list counts with its ``from ... import (``, an ``if TYPE_CHECKING:`` line with
the imports it guards); it is a *name list* when the sides
also reach into the module's ``__all__`` list (counted apart, not as import lists). A pair is a
*course* pair when a side lies under isslab/course or notebooks (another helper owns them). The
rest are split into boilerplate (as the finder marks it) and the others.
"""

from __future__ import annotations

import argparse
import ast
import re
import shlex
import subprocess
import sys
from collections import Counter
from functools import cache
from pathlib import Path

ROW = re.compile(r"^D\d+ (\S+):(\d+)-(\d+) ~ (\S+):(\d+)-(\d+)(.*)$")
HEADER = re.compile(r"^(\d+) pairs of places")
COURSE = ("isslab/course/", "notebooks/")
# the folders listed one by one when the whole tree's listing is cut off
FOLDERS = ("isslab/games", "isslab/analysis", "isslab", "tests", "widgets", "isslab/course")


def _is_all(node: ast.AST) -> bool:
    """Whether a statement assigns the module's ``__all__`` (the list of the names it exports)."""
    targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
    return isinstance(node, ast.Assign | ast.AnnAssign) and any(
        isinstance(t, ast.Name) and t.id == "__all__" for t in targets
    )


def _is_import_guard(node: ast.stmt) -> bool:
    """Whether a statement is ``if TYPE_CHECKING:`` over imports only (the imports a type checker reads)."""
    return (
        isinstance(node, ast.If)
        and ast.unparse(node.test).split(".")[-1] == "TYPE_CHECKING"
        and not node.orelse
        and all(isinstance(b, ast.Import | ast.ImportFrom) for b in node.body)
    )


@cache
def _import_lines(path: Path, exports: bool) -> frozenset[int]:
    """The line numbers an import statement (and with ``exports``, ``__all__``) covers in a Python file."""
    try:
        tree = ast.parse(path.read_text())
    except (OSError, SyntaxError, ValueError):
        return frozenset()
    lines: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt):
            continue
        if isinstance(node, ast.Import | ast.ImportFrom) or (exports and _is_all(node)):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        elif _is_import_guard(node):
            lines.add(node.lineno)  # its body is imports, counted above
    return frozenset(lines)


def _is_import_list(root: Path, name: str, first: int, last: int, exports: bool = False) -> bool:
    """Whether every code line from first to last of a file is part of an import statement
    (or, with ``exports``, of an import or of the ``__all__`` list)."""
    path = root / name
    try:
        text = path.read_text().splitlines()
    except OSError:
        return False
    covered = _import_lines(path, exports)
    code = [
        n
        for n in range(first, last + 1)
        if n <= len(text) and text[n - 1].strip() and not text[n - 1].strip().startswith("#")
    ]
    return bool(code) and all(n in covered for n in code)


def classify(root: Path, row: str) -> str:
    """The kind of one finder row: 'import', 'exports', 'course', 'boilerplate' or 'rest'."""
    match = ROW.match(row)
    if match is None:
        raise ValueError(f"not a pair row: {row!r}")
    a, a1, a2, b, b1, b2, tail = match.groups()
    if _is_import_list(root, a, int(a1), int(a2)) and _is_import_list(root, b, int(b1), int(b2)):
        return "import"
    if _is_import_list(root, a, int(a1), int(a2), True) and _is_import_list(root, b, int(b1), int(b2), True):
        return "exports"
    if a.startswith(COURSE) or b.startswith(COURSE):
        return "course"
    return "boilerplate" if "boilerplate" in tail else "rest"


def _pairs(text: str, prefix: str = "") -> tuple[int, dict[str, str]]:
    """The header's pair count and the listed rows keyed by their two places (paths from the root)."""
    total, rows = 0, {}
    for line in text.splitlines():
        if header := HEADER.match(line):
            total = int(header.group(1))
        elif match := ROW.match(line):
            a, a1, a2, b, b1, b2, tail = match.groups()
            a, b = prefix + a, prefix + b
            rows[f"{a}:{a1}-{a2} ~ {b}:{b1}-{b2}"] = f"D0 {a}:{a1}-{a2} ~ {b}:{b1}-{b2}{tail}"
    return total, rows


def run(command: str, root: Path) -> tuple[int, dict[str, str]]:
    """The finder's total and every row it lists over the tree, topped up from its folders' listings."""

    def call(folder: str) -> str:
        args = [*shlex.split(command), "--most", "200", "--seconds", "120"]
        if folder:
            args += ["--repo", str(root / folder)]
        return subprocess.run(args, capture_output=True, text=True, check=True, cwd=root).stdout

    total, rows = _pairs(call(""))
    if len(rows) < total:
        for folder in FOLDERS:
            # a folder's listing names files from that folder; only the pairs the tree has count
            _, more = _pairs(call(folder), prefix=folder + "/")
            for key, row in more.items():
                rows.setdefault(key, row)
    return total, rows


def main(argv: list[str] | None = None) -> int:
    """Print the counts of each kind (and the rows of one kind with --list)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", help="the finder's command (without it: its output on stdin)")
    parser.add_argument("--root", default=".", help="the tree the rows' paths start from")
    parser.add_argument(
        "--list", choices=("import", "exports", "course", "boilerplate", "rest"), action="append"
    )
    args = parser.parse_args(argv)
    root = Path(args.root)
    total, rows = run(args.run, root) if args.run else _pairs(sys.stdin.read())
    kinds = {row: classify(root, row) for row in rows.values()}
    counts = Counter(kinds.values())
    unseen = total - len(rows)
    not_import = total - counts["import"]
    print(
        f"pairs {total}: import lists {counts['import']}, name lists with __all__ {counts['exports']}, "
        f"course/notebooks {counts['course']}, "
        f"boilerplate {counts['boilerplate']}, the rest {counts['rest']}"
        + (f", not listed {unseen}" if unseen > 0 else "")
    )
    print(
        f"not import lists: {not_import} (without the course's: {not_import - counts['course']}; "
        f"without the name lists that reach into __all__ too: {not_import - counts['exports']})"
    )
    for row, kind in kinds.items():
        if args.list and kind in args.list:
            print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
