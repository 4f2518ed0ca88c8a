"""The game view's Save/Load tab: the whole current line as isslab JSON, to a file and back, losing nothing.

Each game gets its own file under ``saves/`` (``saves/<game>-<date>-<n>.json``) unless another file
is named; a file may also be uploaded. Before a save replaces a file that is not a save of this
game, or a load replaces a line with steps no save holds, the tab asks, with Overwrite (or Load
anyway) and Cancel. A bad path or file gives a message on the status line and changes nothing (see
:mod:`isslab_widgets.session_saves`).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from isslab_widgets.view_base import ViewPart, _guarded, button


class SaveLoad(ViewPart):
    """The file box, Save, Load, Upload and the question they may ask (a part of the game view)."""

    #: the default file shown in the file box (it follows the session's while nobody edits the box)
    _default_shown: str = ""
    #: what the question's first button does
    _pending: Callable[[], Any] | None = None

    def _build_saves(self) -> widgets.VBox:
        """The Save/Load tab's content."""
        W = widgets
        self.path = W.Text(description="file", layout=W.Layout(width="auto"))
        self.save_button = button(
            "write the whole line as isslab JSON (a replaced save is kept as .bak)",
            description="Save",
            icon="save",
        )
        self.load_button = button(
            "read a saved game from the file named above", description="Load", icon="folder-open"
        )
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Upload")
        self.question = W.HTML()
        self.yes_button = button("do it", description="Overwrite", button_style="warning")
        self.no_button = button("leave everything as it is", description="Cancel")
        self.question_box = W.VBox(
            [self.question, W.HBox([self.yes_button, self.no_button])], layout=W.Layout(display="none")
        )
        self.question_box.add_class("isslab-question")
        self.save_button.on_click(lambda _b: self.save())
        self.load_button.on_click(lambda _b: self.load())
        self.yes_button.on_click(lambda _b: self.answer(True))
        self.no_button.on_click(lambda _b: self.answer(False))
        self.upload.observe(self._on_upload, "value")
        return W.VBox(
            [
                W.HTML(
                    "Save the game (the whole current line) as isslab JSON, or load one. Each game has "
                    "its own file in the folder <code>saves/</code> unless you name another; a file a "
                    "save replaces is kept as <code>.bak</code>."
                ),
                self.path,
                W.HBox([self.save_button, self.load_button, self.upload]),
                self.question_box,
            ]
        )

    def _show_default_path(self) -> None:
        """Show the session's default file in the box, unless the box names another file."""
        default = str(self.session.default_save_path())
        if self.path.value in ("", self._default_shown) and self.path.value != default:
            self.path.value = default
        self._default_shown = default

    def _ask(self, question: str, yes: str, then: Callable[[], Any]) -> None:
        """Ask ``question`` with the buttons ``yes`` and Cancel; ``then`` runs only after ``yes``."""
        self._pending = then
        self.question.value = f"<b>{html.escape(question)}</b>"
        self.yes_button.description = yes
        self.question_box.layout.display = None
        self.session.say(question, error=True)
        self._show_status()

    @_guarded
    def answer(self, yes: bool) -> bool:
        """Answer the question the tab asks: ``True`` does what it asked about, ``False`` changes nothing."""
        then, self._pending = self._pending, None
        self.question_box.layout.display = "none"
        if then is None:
            self.session.say("no question to answer", error=True)
            self._show_status()
            return False
        if not yes:
            self.session.say("cancelled: nothing was written or loaded")
            self._show_status()
            return False
        return bool(then())

    def _target(self, path: str | Path | None) -> str | Path | None:
        """The file a save writes: ``path``, else the file box (its default file: the session's own)."""
        if path is not None:
            return path
        box = self.path.value.strip()
        return None if box in ("", self._default_shown) else box

    @_guarded
    def save(self, path: str | Path | None = None) -> Path | None:
        """Write the whole current line as isslab JSON (default: the file box, this game's own file).

        When the file exists and is not a save of this game, the tab asks first (Overwrite /
        Cancel) and nothing is written yet: None.
        """
        target = self._target(path)
        question = self.session.save_question(target)
        if question is not None:
            self._ask(question, "Overwrite", lambda: self._save(target, overwrite=True))
            return None
        return self._save(target)

    def _save(self, target: str | Path | None, overwrite: bool = False) -> Path | None:
        written = self.session.save(target, overwrite=overwrite)
        if written is not None:
            self._show_default_path()
        self._show_status()
        return written

    @_guarded
    def load(self, source: str | bytes | Path | None = None) -> bool:
        """Load a saved game from a file path, JSON text or uploaded bytes; a bad file changes nothing.

        When the current line has steps no save holds, the tab asks first (Load anyway / Cancel).
        """
        source = source if source is not None else self.path.value
        question = self.session.load_question()
        if question is not None:
            self._ask(
                question, "Load anyway", lambda: self._do(lambda: self.session.load(source, discard=True))
            )
            return False
        return self._do(self.session.load, source)

    @_guarded
    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0] if isinstance(files, list | tuple) else None
        content = item.get("content") if isinstance(item, dict) else None
        if not isinstance(content, bytes | bytearray | memoryview):
            self.session.say("cannot load the upload: it holds no file (upload one .json file)", error=True)
            self._show_status()
            return
        self.load(bytes(content))
