"""Every notebook in notebooks/ executes headless, top to bottom, without an error.

This runs each notebook in a fresh kernel with nbclient (the same engine nbval and nbconvert use);
``pytest --nbval-lax notebooks/`` is the equivalent command-line check. Outputs are not compared:
the widgets need a browser, which tests/test_browser.py drives.
"""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))


def test_there_are_notebooks() -> None:
    assert {p.name for p in PATHS} >= {"start-here.ipynb", "space-1999.ipynb"}


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_notebook_executes(path: Path, tmp_path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    # kernel "python3": jupyter_client starts it with this interpreter, so it sees the same isslab
    client = nbclient.NotebookClient(
        nb,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(tmp_path)}},  # files a notebook writes land in tmp
    )
    try:
        client.execute()
    except nbclient.exceptions.CellExecutionError as exc:
        pytest.fail(f"{path.name} failed:\n{exc}")
    executed = [c for c in nb.cells if c.cell_type == "code"]
    errors = [o for c in executed for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors
    assert executed and all(c.execution_count for c in executed)
