"""The course's notebooks: well-formed, thin, stored stripped, linked, and their cells make what they say.

Executing every notebook is nbval's job (``pytest --nbval-lax notebooks``, in scripts/test.sh): it runs
each one headless in a fresh kernel and fails on any cell error, so every solution cell (which calls
its check with ``solution=True``) and every ``claim`` is checked there. The tests here check what
cells *make*: the game view cells build the game and seats they name (the 1998 ISS solo cell a
one-player game against FEDOR). The widgets themselves need a browser (tests/test_browser.py).
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest

import isslab

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))
sys.path.insert(0, str(ROOT / "scripts"))
import nbstrip  # noqa: E402

#: the course, in order (start-here is the entry point that scripts/lab.sh and Binder open)
COURSE = [
    "01-what-a-game-is.ipynb",
    "02-learning-a-game.ipynb",
    "03-playing.ipynb",
    "04-measuring.ipynb",
    "05-changing-a-rule.ipynb",
    "06-comparing-and-concluding.ipynb",
    "07-space-1999.ipynb",
    "08-1969.ipynb",
    "09-mission-iss.ipynb",
    "10-1998-iss.ipynb",
    "11-bots-and-search.ipynb",
    "12-win-chances.ipynb",
    "13-tuning.ipynb",
    "14-capstone.ipynb",
]
#: notebooks of the course written on another branch at the same time: a link to one may wait for it
PENDING: set[str] = set()
#: each case study and the rules page it must link
CASE_STUDIES = {
    "07-space-1999.ipynb": "space-1999",
    "08-1969.ipynb": "1969",
    "09-mission-iss.ipynb": "mission-iss",
    "10-1998-iss.ipynb": "1998-iss",
}


def _links(nb: Any) -> list[str]:
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    return [t for t in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text) if "://" not in t]


def test_the_course_is_there() -> None:
    names = {p.name for p in PATHS}
    assert {"start-here.ipynb", *COURSE} <= names
    strays = names - {"start-here.ipynb", *COURSE, *PENDING}
    assert not strays, f"notebooks outside the course (add them to start-here and COURSE): {sorted(strays)}"


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


@pytest.mark.parametrize("name", COURSE)
def test_numbered_notebook_opens_with_objectives_and_time(name: str) -> None:
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    head = nb.cells[0].source
    assert head.startswith(f"# {name[:2]} · "), f"{name} opens with its number and title"
    assert re.search(r"\*\*Time:\*\* about \d+ minutes", head), f"{name} gives an expected time"
    assert "**You will learn to**" in head and head.count("\n* ") >= 2, f"{name} lists its objectives"
    assert "(start-here.ipynb)" in head, f"{name} links back to the course"


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
    nb.cells[0].metadata["jupyter"] = {"source_hidden": True}  # a folded solution stays folded
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
    assert back["cells"][0]["metadata"]["jupyter"] == {"source_hidden": True}
    assert nbstrip.dumps(nbstrip.strip(json.loads(out))) == out  # stripping twice changes nothing
    attributes = (ROOT / ".gitattributes").read_text()
    assert "*.ipynb filter=nbstrip" in attributes


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_links_from_notebooks_lead_to_files_of_the_project(path: Path) -> None:
    # scripts/lab.sh serves the repository root, so ../docs/rules/x.md from notebooks/ resolves there
    for target in _links(nbformat.read(path, as_version=4)):
        resolved = (path.parent / target).resolve()
        assert resolved.is_relative_to(ROOT), f"{path.name} links {target}, outside the repository"
        if target in PENDING:
            continue
        assert resolved.exists(), f"{path.name} links {target}, which does not exist"


@pytest.mark.parametrize(("name", "game_id"), sorted(CASE_STUDIES.items()))
def test_case_study_links_its_rules_page(name: str, game_id: str) -> None:
    assert f"../docs/rules/{game_id}.md" in _links(nbformat.read(NOTEBOOKS / name, as_version=4))


def test_start_here_links_every_notebook_the_lab_and_every_rules_page() -> None:
    links = _links(nbformat.read(NOTEBOOKS / "start-here.ipynb", as_version=4))
    assert set(COURSE) | PENDING <= set(links)
    assert "11-bots-and-search.ipynb" in links and "06-comparing-and-concluding.ipynb" in links
    assert {f"../docs/rules/{g}.md" for g in isslab.games() if "/" not in g} <= set(links)  # not variants
    text = "\n".join(c.source for c in nbformat.read(NOTEBOOKS / "start-here.ipynb", as_version=4).cells)
    assert "isslab_widgets.lab" in text


# --- the game view cells make what they say -------------------------------------------------------


def _play_cells() -> list[tuple[str, str]]:
    cells = []
    for path in PATHS:
        for c in nbformat.read(path, as_version=4).cells:
            if c.cell_type == "code" and "isslab_widgets.play(" in c.source:
                cells.append((path.name, c.source))
    return cells


def _call(source: str) -> ast.Call:
    call = next(
        n
        for n in ast.walk(ast.parse(source))
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "play"
    )
    return call


@pytest.mark.parametrize(("name", "source"), _play_cells(), ids=[n for n, _ in _play_cells()])
def test_game_view_cell_builds_the_game_and_seats_it_names(name: str, source: str) -> None:
    pytest.importorskip("ipywidgets")
    import isslab_widgets

    call = _call(source)
    game_id = ast.literal_eval(call.args[0])
    kwargs = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}
    space: dict[str, Any] = {"isslab": isslab, "isslab_widgets": isslab_widgets}
    exec(compile(source, name, "exec"), space)  # noqa: S102 - the notebook's own cell
    view = space["view"]
    session = view.session
    assert session.game.id == game_id
    seats = kwargs.get("seats")
    assert seats is not None and session.game.num_players == len(seats), (
        f"{name}: {len(seats or [])} seats named, the game has {session.game.num_players}"
    )
    assert list(session.seats) == seats


def test_the_1998_iss_solo_cell_makes_a_one_player_game_against_fedor() -> None:
    pytest.importorskip("ipywidgets")
    import isslab_widgets

    source = next(s for n, s in _play_cells() if n == "10-1998-iss.ipynb")
    space: dict[str, Any] = {"isslab": isslab, "isslab_widgets": isslab_widgets}
    exec(compile(source, "10-1998-iss.ipynb", "exec"), space)  # noqa: S102 - the notebook's own cell
    session = space["view"].session
    assert session.game.id == "1998-iss" and session.game.num_players == 1
    assert "FEDOR" in str(session.state), "the solo game is played against the automaton FEDOR"


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
