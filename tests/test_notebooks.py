"""The notebooks exist and are well-formed; executing them is nbval's job.

The test command runs ``pytest --nbval-lax notebooks`` (see scripts/test.sh), which executes every
notebook headless in a fresh kernel and fails on any cell error; the widgets themselves need a
browser, which tests/test_browser.py drives.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))


def test_there_are_notebooks() -> None:
    assert {p.name for p in PATHS} >= {"start-here.ipynb", "space-1999.ipynb", "1969.ipynb"}


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_notebook_is_valid_and_thin(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    prose = [c for c in nb.cells if c.cell_type == "markdown"]
    assert code and len(prose) >= 3, "a teaching notebook explains as much as it computes"
    # thin notebooks: logic lives in the packages, so no cell defines more than a small helper
    longest = max(len(c.source.splitlines()) for c in code)
    assert longest <= 25, f"a code cell of {longest} lines belongs in isslab or isslab_widgets"
