"""Jupyter as ``scripts/lab.sh`` starts it: the project's notebooks are saved without outputs.

``scripts/lab.sh`` puts this folder on ``JUPYTER_CONFIG_PATH``. Running a notebook and saving it
(JupyterLab autosaves) then leaves the file as it is in git: outputs, execution counts and run
metadata are stripped before the file is written (``scripts/nbstrip.py``, the same function as the
git filter of ``.gitattributes``). Notebooks outside the project's ``notebooks/`` folder are saved as
they are.
"""

from __future__ import annotations

import builtins
import sys
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import nbstrip  # noqa: E402


def strip_project_notebooks(model: dict[str, Any], path: str, contents_manager: Any, **kwargs: Any) -> None:
    """A ``pre_save_hook``: strip a notebook of the project's notebooks/ folder before it is saved."""
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    try:
        where = Path(contents_manager._get_os_path(path)).resolve()
    except Exception:  # noqa: BLE001 - a contents manager without local files: leave it alone
        return
    if (ROOT / "notebooks") in where.parents:
        nbstrip.strip(model["content"])


c = get_config()  # type: ignore[name-defined]  # noqa: F821 - provided by Jupyter's config loader
# Jupyter reads this file more than once (for the server and for JupyterLab); setting the hook each
# time makes jupyter_server warn that a hook overrides another (itself). Once is enough.
if not getattr(builtins, "_isslab_pre_save_hook", False):
    builtins._isslab_pre_save_hook = True  # type: ignore[attr-defined]
    c.FileContentsManager.pre_save_hook = strip_project_notebooks
# an extension still reads the server's old token setting: not ours to fix, and not worth a warning
warnings.filterwarnings("ignore", message="ServerApp.token config is deprecated", category=DeprecationWarning)
