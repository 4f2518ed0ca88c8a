"""A session's games on disk: the whole current line as isslab JSON, written and read back.

Saves go to ``saves/<game id>-game.json`` by default (``saves/`` is git-ignored). Loading takes a
file path, JSON text or the bytes of an upload, and a bad one changes nothing: the session says why.
The session offers these as its methods of the same names.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import isslab
from isslab.core import MAX_SAVE_CHARS, short_repr

if TYPE_CHECKING:
    from isslab_widgets.session import Session

__all__ = ["SAVES", "default_save_path", "load", "save"]

#: the folder saved games go to by default (relative to the working directory; git ignores it)
SAVES = "saves"


def default_save_path(session: Session) -> Path:
    """Where Save writes by default: ``saves/<game id>-game.json`` (``saves/`` is git-ignored)."""
    return Path(SAVES) / f"{session.game.id}-game.json"


def save(session: Session, path: str | Path | None = None) -> Path:
    """Write the whole current line as isslab JSON (``isslab.load`` reads it back).

    Without a path it goes to :func:`default_save_path`; missing folders are made.
    """
    target = Path(path if path is not None else session.default_save_path()).expanduser()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(session.tree.tip.to_json(), encoding="utf-8")
    session.say(f"saved {session.tree.size - 1} steps to {target}")
    return target


def load(session: Session, source: str | bytes | Path) -> bool:
    """Load a saved game from a file path, JSON text or the bytes of an upload; a bad one changes nothing.

    Text that starts with ``{`` or ``[`` is read as JSON, anything else as a path.
    """
    if isinstance(source, bytes | bytearray):
        where = "the upload"
        try:
            text = bytes(source).decode("utf-8")
        except UnicodeDecodeError as exc:
            return session.say(f"cannot load {where}: it is not UTF-8 text (byte {exc.start})", error=True)
    elif isinstance(source, str) and source.lstrip()[:1] in ("{", "["):
        text, where = source, "text"
    elif isinstance(source, str | Path):
        try:
            p = Path(source).expanduser()
            if not p.is_file():
                return session.say(f"cannot load: no file {short_repr(str(p))}", error=True)
            if p.stat().st_size > MAX_SAVE_CHARS * 4:  # UTF-8 takes up to 4 bytes a character
                return session.say(f"cannot load {p}: larger than any isslab save file", error=True)
            where = str(p)
            text = p.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            return session.say(f"cannot load {p}: it is not UTF-8 text (byte {exc.start})", error=True)
        except OSError as exc:
            return session.say(f"cannot load {short_repr(str(source))}: {exc.strerror or exc}", error=True)
    else:
        return session.say(f"cannot load {short_repr(source)}: give a path, JSON text or bytes", error=True)
    try:
        state = isslab.load(text)
    except ValueError as exc:
        return session.say(f"cannot load {where}: {exc}", error=True)
    return session.adopt(state, f"loaded {state.move_number} steps from {where}")
