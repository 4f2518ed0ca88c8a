"""The notebooks exist and are well-formed; executing them is nbval's job.

The test command runs ``pytest --nbval-lax notebooks`` (see scripts/test.sh), which executes every
notebook headless in a fresh kernel and fails on any cell error; the widgets themselves need a
browser, which tests/test_browser.py drives.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

import isslab

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))
sys.path.insert(0, str(ROOT / "scripts"))
import nbstrip  # noqa: E402


def test_there_are_notebooks() -> None:
    assert {p.name for p in PATHS} >= {
        "start-here.ipynb",
        "space-1999.ipynb",
        "1969.ipynb",
        "mission-iss.ipynb",
        "1998-iss.ipynb",
    }


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


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_notebook_is_stored_without_outputs(path: Path) -> None:
    # running a notebook must not change a tracked file: outputs are never committed (git's clean
    # filter, configured by scripts/setup.sh, strips them; `python3 scripts/nbstrip.py FILE` by hand)
    text = path.read_text(encoding="utf-8")
    assert nbstrip.dumps(nbstrip.strip(json.loads(text))) == text, (
        f"{path.name} holds outputs or run metadata: run python3 scripts/nbstrip.py {path.relative_to(ROOT)}"
    )


def test_the_strip_filter_keeps_sources_and_drops_outputs() -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("1 + 1"), nbformat.v4.new_markdown_cell("# title")]
    nb.cells[0].outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "2"}, execution_count=1)]
    nb.cells[0].execution_count = 1
    nb.cells[0].metadata["execution"] = {"iopub.status.idle": "2026-01-01"}
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {}}
    raw = nbformat.writes(nb)
    out = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "nbstrip.py")],
        input=raw,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    back = json.loads(out)
    assert back["cells"][0]["outputs"] == [] and back["cells"][0]["execution_count"] is None
    assert "".join(back["cells"][0]["source"]) == "1 + 1" and "".join(back["cells"][1]["source"]) == "# title"
    assert "execution" not in back["cells"][0]["metadata"] and "widgets" not in back["metadata"]
    assert nbstrip.dumps(nbstrip.strip(json.loads(out))) == out  # stripping twice changes nothing
    attributes = (ROOT / ".gitattributes").read_text()
    assert "*.ipynb filter=nbstrip" in attributes


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_links_from_notebooks_lead_to_files_of_the_project(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    links = [t for t in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text) if "://" not in t]
    for target in links:
        assert (path.parent / target).exists(), f"{path.name} links {target}, which does not exist"
    game_notebooks = {
        "space-1999.ipynb": "space-1999",
        "1969.ipynb": "1969",
        "mission-iss.ipynb": "mission-iss",
        "1998-iss.ipynb": "1998-iss",
    }
    if path.name in game_notebooks:
        assert f"../docs/rules/{game_notebooks[path.name]}.md" in links


@pytest.mark.parametrize("game_id", isslab.games())
def test_isslab_rules_names_the_rules_page_that_exists(game_id: str) -> None:
    page = ROOT / "docs" / "rules" / f"{game_id}.md"
    assert page.is_file()
    out = subprocess.run(
        [sys.executable, "-m", "isslab", "rules", game_id],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    assert f"docs/rules/{game_id}.md" in " ".join(out.split())
