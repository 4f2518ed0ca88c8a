"""The game view in a real browser: JupyterLab + headless Chromium through Playwright.

Every game is played in a window of 1400 x 900 and checked there and at 1366 x 768 (a laptop's
screen): the view, the board, the side column, the tab bar, the buttons, the moves and the "what
happened" box must all lie inside the notebook area, above JupyterLab's status bar, and nothing
may scroll sideways.

Each test writes its own notebook (a long text cell, the ``isslab_widgets.play(...)`` cell, another
text cell) into a temporary folder that JupyterLab serves, runs it and plays by clicking on the live
ipycanvas board wherever the game allows it (a button of the board or, when the board has no
place for a choice, the list of moves), as a person would:

* a whole game of Space: 1999, all seven years of 1969, a whole game of Mission ISS and a whole
  multiplayer game of 1998 ISS, the other seats played by bots at a fast pace;
* some rounds of the solo game of 1998 ISS against FEDOR, started from one seat;
* hot-seat games of 1969 and of 1998 ISS, two people and two bots at one screen with hints on: at
  every hand-over (and a step back under it) nothing of either hand nor anything computed from one
  (hints, win chances, legal moves) is anywhere in the page, hidden parts included; after *I am ...*
  the hints are there for the new seat; stepping back shows only what that seat may know.

The person's moves are a bot's choices. A headless :class:`Session` with the same seed mirrors the
game in the test (the view's bots and dice are seeded, so they move the same way), which tells the
test where to click and what the page must show next. Before the first click the page is scrolled
so that the cell is not the active one and the board is partly above the top of the notebook (the
click that makes JupyterLab scroll must still mean the point it landed on). Checked for each game:
no console error; no element of the view cut off (its ``scrollWidth`` and ``scrollHeight`` within
its box, apart from the boxes meant to scroll: the list of moves up and down, the rules, the log)
and every part of the view inside the notebook area at both window sizes; no two choices
with the same text; no text another seat was told in secret anywhere in the page; the keyboard
focus stays with the notebook after a click on the board. At the end of each game every tab is
opened and checked the same way at both sizes. Screenshots of each game's start, middle and end,
at both sizes, go to ``test-artifacts/``.

Debian's /usr/bin/chromium is used (never ``playwright install``). Without a browser the test
skips, except when the CI variable is set: then it fails.

    pytest -m browser tests/test_browser.py
    ISSLAB_UPDATE_SCREENSHOT=1 pytest -m browser tests/test_browser.py   # also refresh docs/*.png
"""

from __future__ import annotations

import json
import os
import platform
import random
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Hashable, Iterator
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
WINDOW = {"width": 1400, "height": 900}
#: the window sizes every check is made at: the one the games are played in, and a laptop's screen
WINDOWS = (WINDOW, {"width": 1366, "height": 768})
#: the view's width and height at each check, per game (written to test-artifacts/view-sizes.json)
SIZES: dict[str, list[list[int]]] = {}
#: the pace of the bots in the tests (seconds between their moves)
PACE = 0.05
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
    """A JupyterLab server on 127.0.0.1 serving a temporary folder with the project's Jupyter set-up.

    The folder holds an empty notebooks/ (the tests write theirs there), scripts/nbstrip.py and
    jupyter-config/ (on JUPYTER_CONFIG_PATH, as scripts/lab.sh sets it), so saving a notebook runs
    the project's own strip-on-save hook.
    """
    tmp_path = tmp_path_factory.mktemp("lab")
    root = tmp_path / "root"
    (root / "notebooks").mkdir(parents=True)
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
    here = [str(ROOT), str(ROOT / "widgets")]  # the kernel imports this checkout's code
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([*here, *filter(None, [os.environ.get("PYTHONPATH")])]),
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
        f"--IdentityProvider.token={TOKEN}",
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

#: elements of the view that clip their content and do not show all of it (boxes meant to scroll,
#: the moves list and the rules, are left out, and so are ipywidgets' own inner parts)
CUT_OFF = """(view) => {
  const out = [];
  for (const el of view.querySelectorAll('*')) {
    if (!el.offsetParent || el.closest('.isslab-scrolls') || el.closest('canvas')) continue;
    if (['SELECT', 'OPTION', 'INPUT', 'TEXTAREA', 'CANVAS'].includes(el.tagName)) continue;
    if (el.closest('.widget-slider') || el.closest('.widget-readout') || el.closest('.lm-TabBar')) continue;
    const st = getComputedStyle(el);
    const clips = st.overflowX !== 'visible' || st.overflowY !== 'visible' || st.textOverflow === 'ellipsis';
    if (!clips) continue;
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      out.push(el.className + ' [' + (el.innerText || '').slice(0, 60) + '] '
               + el.scrollWidth + 'x' + el.scrollHeight + ' in ' + el.clientWidth + 'x' + el.clientHeight);
    }
  }
  return out;
}"""

#: the texts of the choices the view offers: the moves list and the buttons
CHOICES = """(view) => [
  ...[...view.querySelectorAll('.isslab-moves option')].map(o => o.textContent.trim()),
  ...[...view.querySelectorAll('button')].filter(b => b.offsetParent).map(b => b.textContent.trim())
    .filter(t => t)
]"""

#: parts of the view outside the notebook area (between its edges, above the status bar), and any
#: sideways scrolling of the notebook or of the view's own boxes
OUTSIDE = """(view) => {
  const out = [];
  const nb = view.closest('.jp-WindowedPanel-outer') || view.closest('.jp-Notebook');
  const area = nb.getBoundingClientRect();
  const bar = document.querySelector('#jp-main-statusbar');
  const bottom = Math.min(area.bottom, bar ? bar.getBoundingClientRect().top : innerHeight, innerHeight);
  const right = Math.min(area.right, innerWidth);
  const output = view.closest('.jp-OutputArea-output') || view;
  const clip = output.getBoundingClientRect();
  const parts = [view, ...view.querySelectorAll(':scope > *'), ...view.querySelectorAll(
    '.isslab-board, canvas, .lm-TabBar, .widget-tab-contents > *, button, .isslab-moves, .isslab-happened,'
    + ' .isslab-status, .isslab-gameover, .widget-select, .widget-dropdown, .widget-checkbox, input')];
  for (const el of parts) {
    if (!el.offsetParent && el !== view) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const name = (el.className || el.tagName).toString().slice(0, 50)
      + ' [' + (el.innerText || '').slice(0, 30) + ']';
    if (r.left < area.left - 0.5 || r.right > right + 0.5 || r.right > clip.right + 0.5)
      out.push(name + ' x ' + Math.round(r.left) + '..' + Math.round(r.right) + ' outside '
               + Math.round(area.left) + '..' + Math.round(Math.min(right, clip.right)));
    if (r.top < area.top - 0.5 || r.bottom > bottom + 0.5)
      out.push(name + ' y ' + Math.round(r.top) + '..' + Math.round(r.bottom) + ' outside '
               + Math.round(area.top) + '..' + Math.round(bottom));
  }
  if (nb.scrollWidth > nb.clientWidth + 1)
    out.push('the notebook scrolls sideways: ' + nb.scrollWidth + ' > ' + nb.clientWidth);
  if (view.scrollWidth > view.clientWidth + 1)
    out.push('the view is wider than its box: ' + view.scrollWidth + ' > ' + view.clientWidth);
  return out;
}"""

#: the "what happened" box shows all its text (it neither scrolls nor cuts): checked after every step
HAPPENED_FITS = """(view) => {
  const h = view.querySelector('.isslab-happened');
  return !h || !h.offsetParent || h.scrollHeight <= h.clientHeight + 1 && h.scrollWidth <= h.clientWidth + 1
    || 'what happened overflows: ' + h.scrollHeight + ' > ' + h.clientHeight + ': '
       + h.innerText.slice(0, 200);
}"""

#: the list of moves never scrolls sideways: its long lines wrap (it scrolls up and down only)
MOVES_WRAP = """(view) => {
  const m = view.querySelector('.isslab-moves select');
  return !m || !m.offsetParent || m.scrollWidth <= m.clientWidth + 1
    || 'the moves scroll sideways: ' + m.scrollWidth + ' > ' + m.clientWidth;
}"""

FOCUS_IN_NOTEBOOK = """() => {
  const a = document.activeElement;
  return !!a && a.tagName !== 'CANVAS' && !!a.closest('.jp-Notebook');
}"""

#: scroll the notebook so that the top of an element is ``by`` pixels above the notebook's top
SCROLL_TO = """([v, by]) => {
  const s = v.closest('.jp-WindowedPanel-outer') || v.closest('.jp-Notebook');
  s.scrollTop += v.getBoundingClientRect().top - s.getBoundingClientRect().top + by;
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
        time.sleep(0.1)


def wait_until(check: Callable[[], bool], timeout: float = 30.0, what: str = "") -> None:
    """Poll a Python check (reading the page) until it holds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.08)


def notebook_text(source: str) -> str:
    """A notebook of three cells, the game in the middle, saved as the project saves notebooks."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import nbformat
    import nbstrip

    nb = nbformat.v4.new_notebook()
    words = "\n\n".join(f"A paragraph of the course ({i + 1}) before the game." for i in range(14))
    nb.cells = [
        nbformat.v4.new_markdown_cell(f"# A game\n\n{words}"),
        nbformat.v4.new_code_cell(source),
        nbformat.v4.new_markdown_cell("The end of the notebook."),
    ]
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        # as the kernel reports it (JupyterLab writes it back on save)
        "language_info": {
            "codemirror_mode": {"name": "ipython", "version": 3},
            "file_extension": ".py",
            "mimetype": "text/x-python",
            "name": "python",
            "nbconvert_exporter": "python",
            "pygments_lexer": "ipython3",
            "version": platform.python_version(),
        },
    }
    return nbstrip.dumps(nbstrip.strip(json.loads(nbformat.writes(nb))))


def open_game(lab: Lab, browser: Any, name: str, source: str, errors: list[str]) -> tuple[Any, Any, str]:
    """Write the notebook, open it at 1400 x 900, run it; the page, the game view and the notebook's text."""
    text = notebook_text(source)
    (lab.root / "notebooks" / name).write_text(text, encoding="utf-8")
    page = browser.new_page(viewport=WINDOW)
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
    canvas = view.locator(".isslab-board canvas").last
    wait_for(page, "(c) => c.width > 0 && c.getBoundingClientRect().width > 0", canvas.element_handle())
    # the last cell is the active one; the board is scrolled partly above the top of the notebook
    active = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCellIndex")
    assert active != 1, "the game's cell must not be the active one before the first click"
    view.scroll_into_view_if_needed()
    page.evaluate(SCROLL_TO, [view.element_handle(), 40])
    return page, view, text


def shown_step(view: Any) -> int:
    """The step the view shows (the step slider's readout)."""
    text = view.locator(READOUT).first.inner_text().strip()
    return int(text) if text.lstrip("-").isdigit() else -1


def caught_up(view: Any, mirror: Any) -> bool:
    """The page shows the mirror's position, and whose turn it is in the same words."""
    status = view.locator(STATUS).first.inner_text()
    return shown_step(view) == mirror.tree.size - 1 and status.startswith(mirror.turn_text())


class Player:
    """Plays the human seat on the page by clicks, and the same clicks in the mirror session."""

    def __init__(self, page: Any, view: Any, mirror: Any, errors: list[str]) -> None:
        self.page, self.view, self.mirror, self.errors = page, view, mirror, errors
        self.canvas = view.locator(".isslab-board canvas").last
        self.clicks = 0
        self.listed = 0

    def click(self, key: Hashable) -> None:
        """Click the board where ``key`` is (a point no smaller region covers), as read on the page."""
        point = self.mirror.scene().point_of(key)
        assert point is not None, f"no region {key!r} on the board"
        box = self.canvas.bounding_box()
        assert box is not None
        scale = box["width"] / self.mirror.scene().width  # the canvas is shown (and painted) scaled
        before = self.mirror.tree.size
        self.page.mouse.click(box["x"] + point[0] * scale, box["y"] + point[1] * scale)
        assert self.mirror.click(key), self.mirror.message
        self.clicks += 1
        if self.mirror.tree.size == before:  # a selection: wait until the page has it too
            message = self.mirror.message
            wait_until(lambda: message[-60:] in self.view.locator(STATUS).first.inner_text(), 20, message)

    def choose(self, action: Any) -> None:
        """Play ``action`` from the list of moves (a choice the board has no place for)."""
        labels = self.mirror.choices().labels
        index = self.mirror.choices().actions.index(action)
        select = self.view.locator(".isslab-moves select").first
        wait_until(lambda: select.locator("option").count() == len(labels), 20, "the list of moves")
        select.select_option(index=index)
        self.view.locator("button", has_text="Play selected").first.click()
        assert self.mirror.play(action), self.mirror.message
        self.listed += 1

    def play(self, action: Any, paths: list[tuple[Hashable, ...]]) -> None:
        """Play ``action`` by the clicks of its longest path on the board, else from the list."""
        scene = self.mirror.scene()
        usable = [p for p in paths if all(scene.region(k) is not None for k in p[:1])]
        if usable:
            for key in max(usable, key=len):
                self.click(key)
        else:
            self.choose(action)
        assert self.mirror.state.history[-1] == action, (action, self.mirror.message)

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
        assert not self.errors, self.errors
        for script in (HAPPENED_FITS, MOVES_WRAP):
            fits = self.page.evaluate(script, self.view.element_handle())
            assert fits is True, fits

    def check(self, seat: int | None = 0, shot: str = "") -> None:
        """At both window sizes: nothing cut off, every part in the notebook area; no two choices
        alike, no secret of another seat; with ``shot``, a screenshot at each size."""
        view, page = self.view, self.page
        for window in WINDOWS:
            self.fits(window)
            if shot:
                name = (
                    shot
                    if window is WINDOW
                    else shot.replace(".png", f"-{window['width']}x{window['height']}.png")
                )
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / name))
        page.set_viewport_size(WINDOW)
        self.in_window()
        choices = page.evaluate(CHOICES, view.element_handle())
        assert len(choices) == len(set(choices)), sorted(c for c in choices if choices.count(c) > 1)
        if seat is not None:
            text = page.locator("body").inner_text()
            state = self.mirror.state
            for a in state.history:
                secret = state.describe(a)
                if secret != state.describe(a, seat):
                    assert secret not in text, secret

    def fits(self, window: dict[str, int]) -> None:
        """In a window of this size, with the view scrolled to the top: nothing cut, nothing outside."""
        view, page = self.view, self.page
        page.set_viewport_size(window)
        time.sleep(0.3)  # JupyterLab lays the page out again
        self.in_window()
        cut = page.evaluate(CUT_OFF, view.element_handle())
        assert cut == [], (window, cut)
        outside = page.evaluate(OUTSIDE, view.element_handle())
        assert outside == [], (window, outside)
        box = view.bounding_box()
        assert box is not None
        game = self.mirror.game
        key = f"{game.id} ({game.num_players} players) at {window['width']}x{window['height']}"
        SIZES.setdefault(key, []).append([round(box["width"]), round(box["height"])])
        ARTIFACTS.mkdir(exist_ok=True)  # a fresh clone has none yet
        (ARTIFACTS / "view-sizes.json").write_text(json.dumps(SIZES, indent=1))

    def check_tabs(self, name: str) -> None:
        """Every tab opened in turn: at both window sizes the view stays in the notebook area."""
        tabs = self.view.locator(".lm-TabBar-tab")
        titles = [t.strip() for t in tabs.all_inner_texts()]
        assert len(titles) >= 8, titles
        for i, title in enumerate(titles):
            tabs.nth(i).click()
            time.sleep(0.4)
            for window in WINDOWS:
                self.fits(window)
            if title in ("Win chances", "Position", "Log"):
                self.page.screenshot(
                    path=str(ARTIFACTS / f"{name}-tab-{title.split()[0].lower()}-1366x768.png")
                )
        tabs.nth(0).click()
        self.page.set_viewport_size(WINDOW)
        self.in_window()

    def in_window(self) -> None:
        """Scroll the view into the window (the checks need all of it on screen)."""
        self.page.evaluate(
            SCROLL_TO,
            [self.view.element_handle(), -4],
        )
        time.sleep(0.1)


class Opened(NamedTuple):
    """A game opened in a notebook on the page, with its mirror session and the player of seat 0."""

    page: Any
    view: Any
    notebook: str
    mirror: Any
    player: Player
    errors: list[str]


def open_and_mirror(
    lab: Lab,
    browser: Any,
    name: str,
    game_id: str,
    seats: list[str],
    seed: int,
    after: str = "",
    **options: Any,
) -> Opened:
    """``isslab_widgets.play`` in notebook ``name`` (no animation; ``after``: more lines of the cell), a
    mirror session of the same game and seed, and a settled player."""
    from isslab_widgets.session import Session

    import isslab

    keywords = "".join(f", {k}={v!r}" for k, v in options.items())
    source = (
        "import isslab_widgets\n"
        f"view = isslab_widgets.play({game_id!r}, seats={seats!r}, seed={seed}, delay={PACE}{keywords})\n"
        f"view.animate.value = False{after}"
    )
    errors: list[str] = []
    page, view, notebook = open_game(lab, browser, name, source, errors)
    mirror = Session(isslab.make(game_id, **{"players": len(seats), **options}), seats, seed=seed)
    player = Player(page, view, mirror, errors)
    player.settle()
    return Opened(page, view, notebook, mirror, player, errors)


def bot_moves(mirror: Any, bot: str) -> Iterator[tuple[int, Any, Any]]:
    """``bot``'s choice at each position of the mirror's game until it ends, numbered from 0, with the
    position (the caller plays each on the page before the next is asked)."""
    import isslab

    choose = isslab.bot(mirror.game.id, bot)
    rng = random.Random(0)
    step = 0
    while not mirror.state.is_terminal():
        st = mirror.state
        yield step, st, choose(st, rng)
        step += 1


def game_over_text(view: Any) -> str:
    """The game-over panel's text, once it shows."""
    over = view.locator(".isslab-gameover").first
    wait_until(lambda: "Game over" in (over.text_content() or ""), 20, "the game-over panel")
    return over.text_content() or ""


def first_click_is_read_where_it_lands(player: Player, key: Hashable) -> None:
    """The first click on a board whose cell is not active (JupyterLab scrolls): it means ``key``."""
    page = player.page
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCellIndex") != 1
    before = (player.mirror.tree.size, player.mirror.selected)
    player.click(key)
    after = (player.mirror.tree.size, player.mirror.selected)
    assert after != before
    # the page did the same: the selection's message or the move is on the status line
    message = player.mirror.message
    wait_until(lambda: message[-40:] in player.view.locator(STATUS).first.inner_text(), 20, message)
    assert page.evaluate(FOCUS_IN_NOTEBOOK), "the keyboard focus left the notebook"
    player.in_window()


def shot(page: Any, view: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def plan_paths(board: Any, state: Any, action: Any) -> list[tuple[Hashable, ...]]:
    """The click paths of ``action`` on a board with a plan (Mission ISS, 1998 ISS)."""
    return [tuple(p) if isinstance(p[0], tuple) else (p,) for p, a in board._plan(state) if a == action]


def readme_picture(name: str, game: str) -> None:
    """With ISSLAB_UPDATE_SCREENSHOT set, a screenshot becomes the README's picture of ``game``."""
    if os.environ.get("ISSLAB_UPDATE_SCREENSHOT"):
        shutil.copy(ARTIFACTS / name, ROOT / "docs" / f"screenshot-{game}.png")


def test_a_whole_space_1999_game_by_clicking(lab: Lab, browser: Any) -> None:
    import isslab

    page, view, notebook, mirror, player, errors = open_and_mirror(
        lab, browser, "play-space-1999.ipynb", "space-1999", ["human", "greedy"], 11, players=2, eagles=2
    )
    greedy = isslab.bot("space-1999", "greedy")
    rng = random.Random(0)
    board = mirror.board
    assert board is not None
    move = greedy(mirror.state, rng)
    first_click_is_read_where_it_lands(player, board.origin(move))  # type: ignore[attr-defined]
    player.check(None, shot="space-1999-1-start.png")
    player.click(board.target(move))  # type: ignore[attr-defined]
    player.settle()
    middle = False
    while not mirror.state.is_terminal():
        move = greedy(mirror.state, rng)
        player.click(board.origin(move))  # type: ignore[attr-defined]
        player.click(board.target(move))  # type: ignore[attr-defined]
        assert mirror.state.history[-1] == move
        player.settle()
        happened = view.locator(".isslab-happened").first.text_content() or ""
        if not mirror.state.is_terminal():
            assert "Your last move" in happened and mirror.state.describe(move, 0) in happened
        if not middle and mirror.state.rounds >= 4:
            middle = True
            player.check(None, shot="space-1999-2-middle.png")
            assert "Recap of round" in happened
    ended = game_over_text(view)
    winner = mirror.game.seat_name(mirror.state.winners()[0])
    assert f"{winner} won" in ended and ended.count(" won") == 1 and "eagles on the" in ended
    player.check(None, shot="space-1999-3-end.png")
    player.check_tabs("space-1999")
    readme_picture("space-1999-2-middle.png", "space-1999")
    # the Rules tab shows the game's rules page, rendered
    view.locator(".lm-TabBar-tab", has_text="Rules").first.click()
    wait_until(lambda: "Space: 1999" in (view.locator(".isslab-rules").first.inner_text()), 20, "the rules")
    assert view.locator(".isslab-rules h1, .isslab-rules h2").count() > 2
    view.locator(".lm-TabBar-tab", has_text="Game").first.click()
    # play again: a new game with the same seats
    view.locator("button", has_text="Play again").first.click()
    over = view.locator(".isslab-gameover").first
    wait_until(lambda: not over.is_visible(), 20, "the game-over panel to close")
    # saving the notebook (JupyterLab does it by itself too) leaves the file as git would hold it
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    saved = lab.root / "notebooks" / "play-space-1999.ipynb"
    try:
        wait_until(lambda: saved.read_text() == notebook, 20, "the saved notebook to be as it was")
    except AssertionError:
        import difflib

        diff = "".join(difflib.unified_diff(notebook.splitlines(True), saved.read_text().splitlines(True)))
        raise AssertionError(f"saving the notebook changed it:\n{diff[:3000]}") from None
    assert not errors, errors
    page.close()


def play_1969_by_clicking(player: Player, seat: int, action: Any, board: Any) -> None:
    """One decision of 1969 by clicks: a box and its scientist's button, cards, missions, buttons."""
    mirror = player.mirror
    if type(action).__name__ == "Commit":
        for value, count in enumerate(action.cards):
            for _ in range(count):
                player.click(("card", value + 1))
        player.click(("do", action))
        return
    key = board.origin(action)
    if key is None or mirror.scene().region(key) is None:
        player.choose(action)
        return
    st = mirror.state
    player.click(key)
    if mirror.state is st:  # a box: it asks first, the scientist's button hires
        player.click(("do", action))


def test_seven_years_of_1969_by_clicking(lab: Lab, browser: Any) -> None:

    page, view, _, mirror, player, errors = open_and_mirror(
        lab, browser, "play-1969.ipynb", "1969", ["human", "greedy"], 4, players=2, first_player=0
    )
    board = mirror.board
    assert board is not None
    kinds: set[str] = set()
    for step, _, action in bot_moves(mirror, "greedy"):
        kinds.add(type(action).__name__)
        if step == 0 and type(action).__name__ == "Hire":  # a box: the first click selects it
            first_click_is_read_where_it_lands(player, board.origin(action))  # type: ignore[attr-defined]
            player.check(0, shot="1969-1-start.png")
            player.click(("do", action))
        else:
            play_1969_by_clicking(player, 0, action, board)
        assert mirror.state.history[-1] == action
        player.settle()
        if mirror.state.rounds == 3 and "middle" not in kinds:
            kinds.add("middle")
            player.check(0, shot="1969-2-middle.png")
            readme_picture("1969-2-middle.png", "1969")
            assert "Recap of 1965" in (view.locator(".isslab-happened").first.text_content() or "")
    assert {"Hire", "EndPurchases", "Launch"} <= kinds, kinds
    assert "from its scientists" in game_over_text(view)
    player.check(0, shot="1969-3-end.png")
    player.check_tabs("1969")
    assert player.clicks > 40, player.clicks
    assert not errors, errors
    page.close()


def test_a_whole_game_of_mission_iss_by_clicking(lab: Lab, browser: Any) -> None:

    seats = ["human", "planner", "planner", "planner"]
    page, view, _, mirror, player, errors = open_and_mirror(
        lab, browser, "play-mission-iss.ipynb", "mission-iss", seats, 2
    )
    board = mirror.board
    assert board is not None
    kinds: set[str] = set()
    for step, st, action in bot_moves(mirror, "planner"):
        kinds.add(type(action).__name__)
        paths = plan_paths(board, st, action)
        if step == 0:
            path = max(paths, key=len)
            first_click_is_read_where_it_lands(player, path[0])
            player.check(0, shot="mission-iss-1-start.png")
            for key in path[1:]:
                player.click(key)
        else:
            player.play(action, paths)
        player.settle()
        if mirror.state.rounds >= 5 and "middle" not in kinds:
            kinds.add("middle")
            player.check(0, shot="mission-iss-2-middle.png")
            readme_picture("mission-iss-2-middle.png", "mission-iss")
            assert "Recap of the " in (view.locator(".isslab-happened").first.text_content() or "")
    assert {"Select", "EndShift"} <= kinds, kinds
    ended = game_over_text(view)
    assert "The team attached" in ended and "result band" in ended and "1." not in ended.split("modules")[0]
    player.check(0, shot="mission-iss-3-end.png")
    player.check_tabs("mission-iss")
    assert not errors, errors
    page.close()


def play_1998(player: Player, bot: Any, rng: random.Random, stop: Callable[[], bool], name: str) -> None:
    """The human seat of 1998 ISS plays ``bot``'s choices by clicks (or the list) until ``stop``."""
    mirror = player.mirror
    board = mirror.board
    assert board is not None
    first = True
    middle = False
    while not stop():
        st = mirror.state
        action = bot(st, rng)
        paths = plan_paths(board, st, action)
        if first and paths and mirror.scene().region(paths[0][0]) is not None:
            first_click_is_read_where_it_lands(player, paths[0][0])
            player.check(0, shot=f"{name}-1-start.png")
        else:
            player.play(action, paths)
        first = False
        player.settle()
        if not middle and mirror.state.rounds >= 3:
            middle = True
            player.check(0, shot=f"{name}-2-middle.png")


def test_a_whole_multiplayer_game_of_1998_iss_by_clicking(lab: Lab, browser: Any) -> None:
    import isslab

    page, view, _, mirror, player, errors = open_and_mirror(
        lab, browser, "play-1998-iss.ipynb", "1998-iss", ["human", "greedy", "greedy"], 3
    )
    play_1998(
        player,
        isslab.bot("1998-iss", "greedy"),
        random.Random(0),
        lambda: mirror.state.is_terminal(),
        "1998-iss",
    )
    ended = game_over_text(view)
    assert "points:" in ended and "'s hand" in ended
    player.check(None, shot="1998-iss-3-end.png")  # at the end the hands are shown
    player.check_tabs("1998-iss")
    readme_picture("1998-iss-3-end.png", "1998-iss")
    assert player.clicks > 20, player.clicks
    assert not errors, errors
    page.close()


def test_rounds_of_the_1998_iss_solo_game_against_fedor(lab: Lab, browser: Any) -> None:
    import isslab

    page, view, _, mirror, player, errors = open_and_mirror(
        lab, browser, "play-1998-solo.ipynb", "1998-iss", ["human"], 1
    )
    assert "1 player" in (view.locator(".isslab-title").first.text_content() or "")
    play_1998(
        player, isslab.bot("1998-iss", "greedy"), random.Random(1), lambda: mirror.state.rounds >= 4, "solo"
    )
    # FEDOR's turns are told: its card and what it gained
    log = " ".join(line.text for line in mirror.log())
    assert "FEDOR plays" in log and "points" in log
    happened = view.locator(".isslab-happened").first.text_content() or ""
    assert "FEDOR" in happened
    player.check(0, shot="solo-3-later.png")
    assert not errors, errors
    page.close()


#: every text of the page, the parts not shown included: the DOM and the values of its fields
PAGE_TEXTS = """() => [document.body.innerHTML,
  ...[...document.querySelectorAll('textarea, input')].map(e => e.value)].join('\\n')"""


def nothing_private_on_page(page: Any, state: Any, seats: tuple[int, ...], covered: bool) -> None:
    """Nothing any of ``seats`` may not read, anywhere in the page (its hidden parts too).

    Under the cover (``seats``: both people) also no legal move of the seat to act, no hint and no
    win chance, all of which are computed from a hand.
    """
    import html

    from helpers_hotseat import hand_texts, secrets_of

    everything = page.evaluate(PAGE_TEXTS)
    shown = page.locator("body").inner_text()
    secret = set().union(*(secrets_of(state, seat) for seat in seats))
    if covered:
        secret |= {t for seat in range(state.game.num_players) for t in hand_texts(state, seat)}
        for word in ("best moves", "sees it"):
            assert word not in everything, word
    for text in secret:
        assert text not in shown and html.escape(text, quote=False) not in everything, text


def hot_seat_in_the_browser(lab: Lab, browser: Any, game_id: str, seed: int, handovers: int) -> None:
    """Two people and two bots at one screen, hints on: play until ``handovers`` hand-overs, then look back.

    At every hand-over the page holds nothing of either person's hand (the tabs are covered, the
    hints and the win chances are not computed), also after a step back under the cover; after
    *I am ...* the hints and chances are there for the new seat; stepping back then shows only
    what that seat may know.
    """
    import isslab

    seats = ["human", "human", "greedy", "greedy"]
    # the game's default table (four seats), for which a win-chance model ships: the hints need it
    page, view, _, mirror, player, errors = open_and_mirror(
        lab, browser, f"hot-seat-{game_id}.ipynb", game_id, seats, seed,
        after="\nview.winchance.hint_switch.value = True",
    )  # fmt: skip
    player.in_window()
    greedy = isslab.bot(game_id, "greedy")
    rng = random.Random(0)
    board = mirror.board
    assert board is not None
    back = view.locator("button[title='one step back (look back: the bots wait)']").first
    forward = view.locator("button[title='one step forward on this line']").first
    done = 0
    while done < handovers:
        to = mirror.handover()
        if to is None:
            st = mirror.state
            action = greedy(st, rng)
            if game_id == "1969":
                play_1969_by_clicking(player, st.current_player, action, board)
            else:
                player.play(action, plan_paths(board, st, action))
            player.settle(60)
            continue
        leaving = mirror.eyes()
        assert leaving is not None
        name = mirror.game.seat_name(to)
        button = view.locator("button", has_text=f"I am {name}").first
        wait_until(lambda b=button: b.is_visible(), 30, "the hand-over")
        assert f"Pass the screen to {name}" in page.locator("body").inner_text()
        assert not view.locator(".lm-TabBar").first.is_visible(), "the tabs show under the cover"
        player.check(None)
        nothing_private_on_page(page, mirror.state, (leaving, to), covered=True)
        if done == 0:
            shot(page, view, f"{game_id}-hot-seat-handover.png")
            # a step back under the cover keeps it
            back.click()
            assert mirror.back()
            wait_until(lambda: shown_step(view) == mirror.tree.cursor, 20, "the step back")
            assert button.is_visible() and mirror.handover() == to
            nothing_private_on_page(page, mirror.tree.tip, (leaving, to), covered=True)
            forward.click()
            assert mirror.redo()
            wait_until(lambda: shown_step(view) == mirror.tree.cursor, 20, "the step forward")
        button.click()
        assert mirror.take_screen()
        done += 1
        wait_until(lambda b=button: not b.is_visible(), 30, "the hand-over to end")
        player.settle(60)
        nothing_private_on_page(page, mirror.state, (to,), covered=False)
        if done == 1 and mirror.my_turn():  # the hints and chances, for the new seat only
            view.locator(".lm-TabBar-tab", has_text="Win chances").first.click()
            panel = view.locator(".lm-TabBar").first
            wait_until(lambda: "best moves" in view.inner_text(), 60, "the hints")
            assert f"as {name} sees it" in view.inner_text() and panel.is_visible()
            view.locator(".lm-TabBar-tab", has_text="Game").first.click()
    # looking back on the slider: only what the person at the screen may know, at every step
    eyes = mirror.eyes()
    assert eyes is not None
    for _ in range(6):
        back.click()
        assert mirror.back()
        wait_until(lambda: shown_step(view) == mirror.tree.cursor, 20, "the step back")
        assert mirror.eyes() == eyes and mirror.handover() is None
        wait_until(lambda: view.locator(".lm-TabBar").first.is_visible(), 20, "the tabs")
        nothing_private_on_page(page, mirror.tree.tip, (eyes,), covered=False)
        if not mirror.my_turn():  # another seat's turn, long ago: none of its best moves (a bot's turn
            # may say that hints show when a person moves; the list itself never shows)
            assert "best moves here" not in page.evaluate(PAGE_TEXTS)
    assert not errors, errors
    page.close()


def test_hot_seat_1969_with_hints_hides_every_hand_while_the_screen_passes(lab: Lab, browser: Any) -> None:
    hot_seat_in_the_browser(lab, browser, "1969", seed=5, handovers=4)


def test_hot_seat_1998_iss_with_hints_hides_every_hand_while_the_screen_passes(
    lab: Lab, browser: Any
) -> None:
    hot_seat_in_the_browser(lab, browser, "1998-iss", seed=3, handovers=3)
