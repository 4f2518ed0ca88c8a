"""Jupyter as ``scripts/lab.sh`` starts it: the project's notebooks are saved without outputs.

``scripts/lab.sh`` puts this folder on ``JUPYTER_CONFIG_PATH``. Running a notebook and saving it
(JupyterLab autosaves) then leaves the file as it is in git: outputs, execution counts and run
metadata are stripped before the file is written (``scripts/nbstrip.py``, the same function as the
git filter of ``.gitattributes``). Notebooks outside the project's ``notebooks/`` folder are saved as
they are.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import nbstrip  # noqa: E402
from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager  # noqa: E402


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


class StrippingContentsManager(AsyncLargeFileManager):  # type: ignore[misc]
    """Jupyter's default contents manager with the strip hook registered once.

    (Setting ``FileContentsManager.pre_save_hook`` makes jupyter_server warn that the hook
    overrides itself, since the config is applied twice.)
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.register_pre_save_hook(strip_project_notebooks)


c = get_config()  # type: ignore[name-defined]  # noqa: F821 - provided by Jupyter's config loader
c.ServerApp.contents_manager_class = StrippingContentsManager
# notebook_shim (the classic notebook's compatibility layer, which JupyterLab does not need) reads
# ServerApp's deprecated token setting at start-up and prints a deprecation warning: left off
c.ServerApp.jpserver_extensions = {"notebook_shim": False}
