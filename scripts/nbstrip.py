"""Strip the outputs of Jupyter notebooks, so that running one changes no tracked file.

    python3 scripts/nbstrip.py < notebook.ipynb > stripped.ipynb   # git's clean filter
    python3 scripts/nbstrip.py notebooks/*.ipynb                     # strip files in place

Outputs, execution counts, and the run-time metadata of cells and of the notebook (timings, widget
state) are removed; sources, cell ids, the kernelspec and the language go through unchanged. The
JSON is written as Jupyter writes it (one-space indent, sorted keys), so a stripped notebook saved
by JupyterLab and a stripped file read by git are the same text. Standard library only: git runs it
with any ``python3``. ``tests/test_notebooks.py`` checks that every notebook is stored stripped.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

#: cell metadata that a run writes (timings, scroll state) and that carries no meaning
RUN_METADATA = ("execution", "collapsed", "scrolled", "ExecuteTime")
#: notebook metadata that a run writes
NOTEBOOK_RUN_METADATA = ("widgets",)


def strip(nb: dict[str, Any]) -> dict[str, Any]:
    """The notebook without outputs, execution counts and run metadata (the input is changed too)."""
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        meta = cell.get("metadata", {})
        for key in RUN_METADATA:
            meta.pop(key, None)
    for key in NOTEBOOK_RUN_METADATA:
        nb.get("metadata", {}).pop(key, None)
    return nb


def dumps(nb: dict[str, Any]) -> str:
    """The notebook as Jupyter writes it."""
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    """Strip the files named, in place, or stdin to stdout."""
    if not argv:
        text = sys.stdin.read()
        try:
            nb = json.loads(text)
        except ValueError:  # not a notebook (a merge in progress): pass it through untouched
            sys.stdout.write(text)
            return 0
        sys.stdout.write(dumps(strip(nb)))
        return 0
    for name in argv:
        path = Path(name)
        path.write_text(dumps(strip(json.loads(path.read_text(encoding="utf-8")))), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
