"""The game view in a real browser: JupyterLab + headless Chromium through Playwright.

A notebook with one cell (``isslab_widgets.play(...)``) is written next to a copy of notebooks/, and
the game is played on the live ipycanvas board by clicking, as a person would:

* a whole game of Space: 1999 against the greedy bot, until the game-over panel;
* one year of 1969 against two bots, clicking boxes, buttons, missions and cards;
* the first shifts of Mission ISS with three planner bots, clicking cards, astronauts and targets.

The person's moves are the greedy bot's choices. A headless :class:`Session` with the same seed
mirrors the game in the test (the view's bots and dice are seeded, so they move the same way), which
tells the test where to click and what the page must show next. At every step it checks: no console
error, the board does not move on the page, the "what happened" panel never shows a value hidden
from the human (1969: the other nations' cards). Screenshots of the start, the middle and the end
of each game go to test-artifacts/. Saving the notebooks through JupyterLab leaves them as they are
in git (jupyter-config/jupyter_server_config.py strips outputs on save).

Debian's /usr/bin/chromium is used (never ``playwright install``). Without a browser the test
skips, except when the CI variable is set: then it fails.

    pytest -m browser tests/test_browser.py
    ISSLAB_UPDATE_SCREENSHOT=1 pytest -m browser tests/test_browser.py   # also refresh docs/screenshot
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("ISSLAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TOKEN = "isslab-browser-test"
sys.path.insert(0, str(ROOT / "widgets"))


def unavailable(reason: str) -> None:
    """Skip on a developer machine without a browser; fail in CI, where the browser must work."""
    if os.environ.get("CI"):
        pytest.fail(f"browser test cannot run in CI: {reason}")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get(url: str, timeout: float = 2.0) -> int:
    with urllib.request.urlopen(url, timeout=timeout) as r:  # noqa: S310 - a local test server
        return int(r.status)


class Lab(NamedTuple):
    """A running JupyterLab: its base URL and the folder it serves."""

    url: str
    root: Path


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """A JupyterLab server on 127.0.0.1 serving a copy of the project; yields its base URL.

    The copy holds notebooks/, scripts/nbstrip.py and jupyter-config/ (on JUPYTER_CONFIG_PATH, as
    scripts/lab.sh sets it), so saving a notebook runs the project's own strip-on-save hook.
    """
    tmp_path = tmp_path_factory.mktemp("lab")
    root = tmp_path / "root"
    shutil.copytree(ROOT / "notebooks", root / "notebooks")  # a copy: autosave must not touch the repo
    shutil.copytree(ROOT / "jupyter-config", root / "jupyter-config")
    (root / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "nbstrip.py", root / "scripts" / "nbstrip.py")
    settings = tmp_path / "settings"
    # render every cell (no windowing, so widgets of cells off screen exist) and ask for no news
    for name, value in (
        ("@jupyterlab/notebook-extension/tracker.jupyterlab-settings", {"windowingMode": "none"}),
        ("@jupyterlab/apputils-extension/notification.jupyterlab-settings", {"fetchNews": "false"}),
    ):
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    env = {
        **os.environ,
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
        "JUPYTER_CONFIG_PATH": str(root / "jupyter-config"),
    }
    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--ServerApp.token={TOKEN}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        "--MappingKernelManager.default_kernel_name=python3",
        "--ServerApp.port_retries=0",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    log = open(tmp_path / "jupyterlab.log", "w")  # noqa: SIM115 - closed in the finally below
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=root)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                tail = (tmp_path / "jupyterlab.log").read_text()[-2000:]
                unavailable(f"JupyterLab exited with {proc.returncode}: {tail}")
            try:
                if get(f"{base}/api/status?token={TOKEN}") == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                unavailable("JupyterLab did not answer within 60 s")
            time.sleep(0.3)
        yield Lab(base, root)
    finally:
        # a clean stop: the server's own shutdown endpoint, then a terminate only if it hangs
        try:
            req = urllib.request.Request(
                f"{base}/api/shutdown", method="POST", headers={"Authorization": f"token {TOKEN}"}
            )
            urllib.request.urlopen(req, timeout=5).close()  # noqa: S310 - a local test server
        except OSError:
            pass
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        log.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium driven by Playwright."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        unavailable(f"playwright is not installed: {exc}")
    if not Path(CHROMIUM).exists():
        unavailable(f"no browser at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        except Exception as exc:  # noqa: BLE001 - any launch failure means "no usable browser"
            unavailable(f"Chromium did not start: {exc}")
        try:
            yield b
        finally:
            b.close()


# JavaScript helpers, evaluated in the page ---------------------------------------------------------

ALL_RAN = """() => {
  const nb = window.jupyterapp.shell.currentWidget;
  if (!nb || !nb.content) return false;
  const ctx = nb.sessionContext;
  const cells = nb.content.widgets.filter(c => c.model.type === 'code');
  return cells.length > 0 && cells.every(c => c.model.executionCount)
      && ctx.session && ctx.session.kernel && ctx.session.kernel.status === 'idle';
}"""

ERRORS = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter(c => c.model.type === 'code')
  .flatMap(c => c.model.outputs.toJSON())
  .filter(o => o.output_type === 'error').map(o => o.ename + ': ' + o.evalue)"""

PIXEL_HASH = """(canvas) => {
  const d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let h = 0;
  for (let i = 0; i < d.length; i += 1) h = (h * 31 + d[i]) | 0;
  return h;
}"""


STATUS = ".isslab-status"
READOUT = ".isslab-steps .widget-readout"


def wait_for(page: Any, script: str, arg: Any = None, timeout: float = 30.0, what: str = "") -> Any:
    """Poll ``script`` in the page until it returns something truthy."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(script, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what or script[:60]}")
        time.sleep(0.2)


def wait_until(check: Any, timeout: float = 30.0, what: str = "") -> None:
    """Poll a Python check (reading the page) until it holds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.15)


def open_game(lab: Lab, browser: Any, name: str, source: str, errors: list[str]) -> tuple[Any, Any, str]:
    """Write a one-cell notebook, open it, run it; the page, the game view and the notebook's text."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import nbformat
    import nbstrip

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source)]
    # the metadata of the project's notebooks (kernel, language), as JupyterLab writes it back
    nb.metadata = json.loads((ROOT / "notebooks" / "space-1999.ipynb").read_text())["metadata"]
    text = nbstrip.dumps(nbstrip.strip(json.loads(nbformat.writes(nb))))
    (lab.root / "notebooks" / name).write_text(text, encoding="utf-8")
    page = browser.new_page(viewport={"width": 1280, "height": 1200})
    page.set_default_timeout(60_000)
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.goto(f"{lab.url}/lab/tree/notebooks/{name}?reset&token={TOKEN}")  # no tabs of earlier tests
    page.wait_for_function(
        "() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.content"
    )
    page.wait_for_function("() => window.jupyterapp.shell.currentWidget.sessionContext.isReady")
    dialog = page.locator(".jp-Dialog button.jp-mod-accept")  # "Select Kernel", if it shows anyway
    if dialog.count():
        dialog.first.click()
    # the notebook gets the page's width: the file browser on the left is closed
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    wait_for(page, ALL_RAN, timeout=90, what="the cell to run")
    assert page.evaluate(ERRORS) == []
    view = page.locator(".isslab-view:visible").first
    view.scroll_into_view_if_needed()
    canvas = view.locator("canvas").last
    wait_for(page, "(c) => c.width > 0 && c.getBoundingClientRect().width > 0", canvas.element_handle())
    return page, view, text


def shown_step(view: Any) -> int:
    """The step the view shows (the step slider's readout)."""
    text = view.locator(READOUT).first.inner_text().strip()
    return int(text) if text.lstrip("-").isdigit() else -1


def caught_up(view: Any, mirror: Any) -> bool:
    """The page shows the mirror's position, and whose turn it is in the same words."""
    status = view.locator(STATUS).first.inner_text()
    return shown_step(view) == mirror.tree.size - 1 and status.startswith(mirror.turn_text())


class Clicker:
    """Clicks the regions of the board on the page, and the same regions in the mirror session."""

    def __init__(self, page: Any, view: Any, mirror: Any) -> None:
        self.page, self.view, self.mirror = page, view, mirror
        self.canvas = view.locator("canvas").last
        self.places: list[tuple[float, float]] = []

    def board_box(self) -> dict[str, float]:
        box = self.canvas.bounding_box()
        assert box is not None
        self.places.append((round(box["x"], 1), round(box["y"], 1)))
        return dict(box)

    def click(self, key: Any) -> None:
        region = self.mirror.scene().region(key)
        assert region is not None, f"no region {key!r} on the board"
        box = self.board_box()
        scale = box["width"] / self.page.evaluate("(c) => c.width", self.canvas.element_handle())
        self.page.mouse.click(box["x"] + region.x * scale, box["y"] + region.y * scale)
        assert self.mirror.click(key), self.mirror.message
        time.sleep(0.05)

    def settle(self, timeout: float = 30.0) -> None:
        """Let the mirror's bots and dice move, and wait for the page to show the same position."""
        self.mirror.step_bots()
        try:
            wait_until(lambda: caught_up(self.view, self.mirror), timeout, "")
        except AssertionError:
            status = self.view.locator(STATUS).first.inner_text()
            raise AssertionError(
                f"the page shows step {shown_step(self.view)} ({status!r}), the mirror step "
                f"{self.mirror.tree.size - 1} ({self.mirror.turn_text()!r}: {self.mirror.message!r})"
            ) from None


def text_in_html(text: str) -> str:
    """``text`` as a browser serialises it inside an element (only &, < and > are escaped)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def test_a_whole_space_1999_game_by_clicking(lab: Lab, browser: Any) -> None:
    from isslab_widgets.session import Session

    import isslab

    ARTIFACTS.mkdir(exist_ok=True)
    seed, options = 11, {"players": 2, "eagles": 2}
    source = (
        "import isslab_widgets\n"
        f"view = isslab_widgets.play('space-1999', seats=['human', 'greedy'], seed={seed}, delay=0.2, "
        "players=2, eagles=2)"
    )
    errors: list[str] = []
    page, view, notebook = open_game(lab, browser, "play-space-1999.ipynb", source, errors)
    mirror = Session(isslab.make("space-1999", **options), ["human", "greedy"], seed=seed)
    clicker = Clicker(page, view, mirror)
    clicker.settle()
    # the whole view fits in about 900 x 1000 px (the Details section closed)
    size = view.bounding_box()
    view.screenshot(path=str(ARTIFACTS / "space-1999-1-start.png"))
    assert size is not None and size["width"] <= 920 and size["height"] <= 1000, size
    greedy = isslab.bot("space-1999", "greedy")
    rng = __import__("random").Random(0)
    middle = False
    while not mirror.state.is_terminal():
        move = greedy(mirror.state, rng)
        board = mirror.board
        assert board is not None
        clicker.click(board.origin(move))  # type: ignore[attr-defined]
        clicker.click(board.target(move))  # type: ignore[attr-defined]
        assert mirror.state.history[-1] == move
        clicker.settle()
        assert not errors, errors
        happened = view.locator(".isslab-happened").first.text_content() or ""
        assert "Your last move" in happened and mirror.state.describe(move, 0) in happened
        if not middle and mirror.state.rounds >= 4:
            middle = True
            page.screenshot(path=str(ARTIFACTS / "space-1999-2-middle.png"))
            view.screenshot(path=str(ARTIFACTS / "screenshot-space-1999.png"))
            assert "Recap of round" in happened
    over = view.locator(".isslab-gameover").first
    wait_until(lambda: "Game over" in (over.text_content() or ""), 20, "the game-over panel")
    winner = mirror.game.seat_name(mirror.state.winners()[0])
    assert f"{winner} won" in (over.text_content() or "")
    page.screenshot(path=str(ARTIFACTS / "space-1999-3-end.png"))
    # the board never moved on the page, from the first move to the last
    assert len(set(clicker.places)) == 1, set(clicker.places)
    assert not errors, errors
    # play again: a new game with the same seats
    view.locator("button", has_text="Play again").first.click()
    wait_until(lambda: not over.is_visible(), 20, "the game-over panel to close")
    # saving the notebook (JupyterLab does it by itself too) leaves the file as git holds it
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    saved = lab.root / "notebooks" / "play-space-1999.ipynb"
    try:
        wait_until(lambda: saved.read_text() == notebook, 20, "the saved notebook to be as it was")
    except AssertionError:
        import difflib

        diff = "".join(difflib.unified_diff(notebook.splitlines(True), saved.read_text().splitlines(True)))
        raise AssertionError(f"saving the notebook changed it:\n{diff[:3000]}") from None
    if os.environ.get("ISSLAB_UPDATE_SCREENSHOT"):
        shutil.copy(ARTIFACTS / "screenshot-space-1999.png", ROOT / "docs" / "screenshot-space-1999.png")
    page.close()


def test_a_year_of_1969_by_clicking(lab: Lab, browser: Any) -> None:
    from isslab_widgets.session import Session

    import isslab

    ARTIFACTS.mkdir(exist_ok=True)
    seed, seats = 4, ["human", "greedy", "spy"]
    source = (
        "import isslab_widgets\n"
        f"view = isslab_widgets.play('1969', seats={seats!r}, seed={seed}, delay=0.2, players=3, "
        "first_player=0)"
    )
    errors: list[str] = []
    page, view, _ = open_game(lab, browser, "play-1969.ipynb", source, errors)
    mirror = Session(isslab.make("1969", players=3, first_player=0), seats, seed=seed)
    clicker = Clicker(page, view, mirror)
    clicker.settle()
    size = view.bounding_box()
    assert size is not None and size["width"] <= 920 and size["height"] <= 1050, size
    page.screenshot(path=str(ARTIFACTS / "1969-1-start.png"))
    greedy = isslab.bot("1969", "greedy")
    rng = __import__("random").Random(0)
    board = mirror.board
    assert board is not None
    kinds: set[str] = set()
    middle = False
    while mirror.state.rounds < 1:
        st = mirror.state
        action = greedy(st, rng)
        kinds.add(type(action).__name__)
        if type(action).__name__ == "Commit":
            for value, count in enumerate(action.cards):
                for _ in range(count):
                    clicker.click(("card", value + 1))
            clicker.click(("do", action))
        else:
            key = board.origin(action)  # type: ignore[attr-defined]
            clicker.click(key)
            if mirror.state is st:  # a box: it asks first, the scientist's button hires
                clicker.click(("do", action))
        assert mirror.state.history[-1] == action
        clicker.settle()
        assert not errors, errors
        # nothing the human may not know is ever shown: other nations' drawn and face-down cards
        shown = view.locator(".isslab-happened").first.inner_html()
        state = mirror.state
        for a in state.history:
            if state.describe(a, 0) != state.describe(a):
                assert text_in_html(state.describe(a)) + "</div>" not in shown, state.describe(a)
        if not middle and st.phase >= 6:  # the Mission Phase
            middle = True
            page.screenshot(path=str(ARTIFACTS / "1969-2-middle.png"))
    assert {"Hire", "EndPurchases"} <= kinds, kinds
    happened = view.locator(".isslab-happened").first.text_content() or ""
    assert "Recap of 1963" in happened
    page.screenshot(path=str(ARTIFACTS / "1969-3-end.png"))
    assert len(set(clicker.places)) == 1, set(clicker.places)
    assert not errors, errors
    page.close()


def test_shifts_of_mission_iss_by_clicking(lab: Lab, browser: Any) -> None:
    from isslab_widgets.session import Session

    import isslab

    ARTIFACTS.mkdir(exist_ok=True)
    seed, seats = 2, ["human", "planner", "planner", "planner"]
    source = (
        "import isslab_widgets\n"
        f"view = isslab_widgets.play('mission-iss', seats={seats!r}, seed={seed}, delay=0.2)"
    )
    errors: list[str] = []
    page, view, _ = open_game(lab, browser, "play-mission-iss.ipynb", source, errors)
    mirror = Session(isslab.make("mission-iss", players=4), seats, seed=seed)
    clicker = Clicker(page, view, mirror)
    clicker.settle()
    size = view.bounding_box()
    assert size is not None and size["width"] <= 920 and size["height"] <= 1000, size
    page.screenshot(path=str(ARTIFACTS / "mission-iss-1-start.png"))
    planner = isslab.bot("mission-iss", "planner")
    rng = __import__("random").Random(0)
    board = mirror.board
    assert board is not None
    kinds: set[str] = set()
    while mirror.state.rounds < 4 and not mirror.state.is_terminal():
        st = mirror.state
        action = planner(st, rng)
        kinds.add(type(action).__name__)
        paths = [path for path, a in board._plan(st) if a == action]  # type: ignore[attr-defined]
        for key in max(paths, key=len):
            clicker.click(key)
        assert mirror.state.history[-1] == action
        clicker.settle()
        assert not errors, errors
        if mirror.state.rounds >= 2 and "mid" not in kinds:
            kinds.add("mid")
            view.screenshot(path=str(ARTIFACTS / "mission-iss-2-middle.png"))
    assert {"Select", "EndShift"} <= kinds, kinds
    happened = view.locator(".isslab-happened").first.text_content() or ""
    assert "Recap of the " in happened and "shift" in happened
    page.screenshot(path=str(ARTIFACTS / "mission-iss-3-later.png"))
    assert len(set(clicker.places)) == 1, set(clicker.places)
    assert not errors, errors
    page.close()
