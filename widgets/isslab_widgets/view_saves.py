"""The game view's Save/Load tab: the whole current line as isslab JSON, to a file and back.

Saves go to the folder ``saves/`` unless another file is named; a file may also be uploaded. A bad
file changes nothing (see :meth:`Session.save <isslab_widgets.session.Session.save>` and
:meth:`Session.load <isslab_widgets.session.Session.load>`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as widgets

from isslab_widgets.view_base import ViewPart, _guarded, button


class SaveLoad(ViewPart):
    """The file box, Save, Load and Upload (a part of the game view)."""

    def _build_saves(self) -> widgets.VBox:
        """The Save/Load tab's content."""
        W = widgets
        self.path = W.Text(description="file", layout=W.Layout(width="auto"))
        self.save_button = button("write the whole line as isslab JSON", description="Save", icon="save")
        self.load_button = button(
            "read a saved game from the file named above", description="Load", icon="folder-open"
        )
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Upload")
        self.save_button.on_click(lambda _b: self.save())
        self.load_button.on_click(lambda _b: self.load())
        self.upload.observe(self._on_upload, "value")
        return W.VBox(
            [
                W.HTML(
                    "Save the game (the whole current line) as isslab JSON, or load one. "
                    "Saves go to the folder <code>saves/</code> unless you name another."
                ),
                self.path,
                W.HBox([self.save_button, self.load_button, self.upload]),
            ]
        )

    @_guarded
    def save(self, path: str | Path | None = None) -> Path | None:
        """Write the whole current line as isslab JSON (default: the file box, under ``saves/``)."""
        target = self.session.save(path if path is not None else (self.path.value or None))
        self._show_status()
        return target

    @_guarded
    def load(self, source: str | bytes | Path | None = None) -> bool:
        """Load a saved game from a file path, JSON text or uploaded bytes; a bad file changes nothing."""
        return self._do(self.session.load, source if source is not None else self.path.value)

    @_guarded
    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            item = files[0]
            self.load(bytes(item["content"]))
