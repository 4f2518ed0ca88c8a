"""Running code in a fresh interpreter: what a new session (or a notebook's first cell) sees."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def fresh_python(code: str) -> str:
    """Run ``code`` in a fresh interpreter (``__main__`` is the code itself, as in a notebook); its output."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PYTHONPATH": f"{ROOT}:{ROOT / 'widgets'}", "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout
