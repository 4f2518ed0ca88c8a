"""The notebooks run as a standalone app with Voila: ``voila notebooks/03-playing.ipynb`` serves it."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize("notebook", ["start-here.ipynb", "03-playing.ipynb"])
def test_voila_serves_the_notebook_with_live_widgets(notebook: str, tmp_path: Path) -> None:
    voila = shutil.which("voila", path=str(Path(sys.executable).parent)) or shutil.which("voila")
    if voila is None:
        pytest.fail("voila is not installed: it is part of the notebooks extra")
    port = _free_port()
    cmd = [
        voila,
        str(ROOT / "notebooks" / notebook),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--show_tracebacks=True",
    ]
    proc = subprocess.Popen(cmd, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        page = ""
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=170) as resp:
                    page = resp.read().decode()
                break
            except OSError:
                time.sleep(0.5)
        # Voila executes every cell before it answers: the page holds the widget views, no traceback
        assert "application/vnd.jupyter.widget-view+json" in page
        assert "Traceback" not in page and "There was an error" not in page
    finally:
        proc.terminate()
        proc.wait(timeout=30)
