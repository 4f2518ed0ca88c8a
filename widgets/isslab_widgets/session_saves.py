"""A session's games on disk: the whole current line as isslab JSON, written and read back, losing nothing.

* Each game of each session has its own default file, ``saves/<game>-<date>-<n>.json`` (``saves/``
  is git-ignored), a name no file had when it was given and that no other session of this process
  holds; if another program writes there meanwhile, the next save takes a new name.
* A save never overwrites a file that is not an isslab save of the same game unless asked with
  ``overwrite=True`` (the game view asks with Overwrite / Cancel first). When it replaces a file,
  the file's previous text is kept beside it as ``<name>.bak`` (or ``.bak2``, ... when that name
  holds something else). The new text is written to a temporary file in the same folder and
  moved into place with ``os.replace``, so a file is never half written.
* Loading replaces the current line: when it has steps that were never saved, it is refused unless
  asked with ``discard=True`` (the game view asks first).
* A bad path, a folder, a file that cannot be written or read, a malformed file: a message on the
  status line saying what was wrong, and nothing changed (no folder left behind, no temporary file).

The session offers these as its methods of the same names.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import isslab
from isslab.core import MAX_SAVE_CHARS, parse_json, short_repr

if TYPE_CHECKING:
    from isslab_widgets.session import Session

__all__ = [
    "SAVES",
    "default_save_path",
    "load",
    "load_question",
    "save",
    "save_question",
    "unsaved_steps",
]

#: the folder saved games go to by default (relative to the working directory; git ignores it)
SAVES = "saves"
#: the most backups of one file (``.bak``, ``.bak2``, ...) looked at before a save gives up
MAX_BACKUPS = 50

# default names handed out in this process and not yet written: two views opened in one kernel
# must not share a name before either saves (the files do not exist yet, so the disk cannot tell)
_claimed: set[Path] = set()
_claim_lock = threading.Lock()


class SaveError(ValueError):
    """A save or load that cannot be done as asked; the message says why and what to do."""


def _stem(session: Session) -> str:
    """The file-name stem of the session's game: a variant's ``base/name`` becomes ``base_name``."""
    return session.game.id.replace("/", "_")


def _claim(session: Session) -> Path:
    """A new default file name for the session's game: ``saves/<game>-<date>-<n>.json``, free."""
    day = datetime.date.today().isoformat()
    with _claim_lock:
        n = 1
        while True:
            path = Path(SAVES) / f"{_stem(session)}-{day}-{n}.json"
            if path.absolute() not in _claimed and not os.path.lexists(path):
                _claimed.add(path.absolute())
                return path
            n += 1


def default_save_path(session: Session) -> Path:
    """Where Save writes by default: the session's own ``saves/<game>-<date>-<n>.json`` for this game.

    A name is given once per game (a new game, or a loaded game of another kind, gets another), and
    never one of an existing file; if a file appears there that this session did not write, the
    session takes a new name.
    """
    mine = session._save_path
    if mine is None or mine[0] != session.game.id:
        mine = session._save_path = (session.game.id, _claim(session))
    path = mine[1]
    if os.path.lexists(path) and not _wrote(session, path):
        session._save_path = None  # someone else wrote there: this session takes a new name
        return default_save_path(session)
    return path


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


def _signature(path: Path) -> tuple[int, int, int]:
    """What changes when a file is written again: its inode, size and time of change."""
    st = os.stat(path)
    return st.st_ino, st.st_size, st.st_mtime_ns


def _wrote(session: Session, path: Path) -> bool:
    """True when ``path`` holds what this session last wrote there (asked at every redraw: stat first)."""
    written = session._written
    if written is None or written[0] != path:
        return False
    try:
        if _signature(path) == written[2]:
            return True
    except OSError:
        return False
    text = _read(path)
    return text is not None and _digest(text) == written[1]


def _read(path: Path) -> str | None:
    """A file's text if it is a readable UTF-8 file no larger than a save can be, else None."""
    try:
        if not path.is_file() or path.stat().st_size > MAX_SAVE_CHARS * 4:
            return None
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, ValueError):
        return None


def _is_save_of(path: Path, game_id: str) -> bool:
    """True when ``path`` holds an isslab save file of the game ``game_id`` (its header says so)."""
    text = _read(path)
    if text is None:
        return False
    try:
        doc = parse_json(text, "save")
    except ValueError:
        return False
    return isinstance(doc, dict) and doc.get("format") == "isslab.state" and doc.get("game") == game_id


def _target(session: Session, path: str | Path | None) -> Path:
    """The file a save of ``path`` writes: the default for None or an empty text; SaveError if no path."""
    if path is None or (isinstance(path, str) and not path.strip()):
        return default_save_path(session)
    if not isinstance(path, str | os.PathLike):
        raise SaveError(f"cannot save to {short_repr(path, 60)}: give a file path (a text)")
    shown = short_repr(str(path), 80)
    if "\x00" in str(path):
        raise SaveError(f"cannot save to {shown}: a path cannot hold a NUL character")
    try:
        target = Path(path).expanduser()
    except RuntimeError:  # "~someone" whose home is unknown
        user = str(path)[1:].split("/", 1)[0] or "you"
        raise SaveError(
            f"cannot save to {shown}: there is no user {short_repr(user, 40)} here whose home '~' could name"
        ) from None
    try:
        folder = target.is_dir()
    except OSError as exc:  # a name too long, a part of the path that is a file
        raise SaveError(f"cannot save to {shown}: {exc.strerror or exc}; nothing was written") from None
    if folder or str(path).endswith(("/", os.sep)):
        raise SaveError(f"cannot save to {shown}: it is a folder; name a file in it (…/game.json)")
    return target


def save_question(session: Session, path: str | Path | None = None) -> str | None:
    """The question to ask before saving to ``path``, or None when the save may go ahead.

    There is one when the file exists and is not an isslab save of this game (someone's notes, a
    save of another game, a file that cannot be read as one).
    """
    try:
        target = _target(session, path)
    except SaveError:
        return None  # the save itself says what is wrong
    if not os.path.lexists(target) or _is_save_of(target, session.game.id):
        return None
    return (
        f"{target} exists and is not a save of {session.game.title}: overwrite it? "
        f"(its present text is kept as {_backup(target, session.game.id) or 'a backup'})"
    )


def _backup(target: Path, game_id: str) -> Path | None:
    """Where the present text of ``target`` is kept: a free ``.bak`` name, or an older backup of this game."""
    for i in range(1, MAX_BACKUPS + 1):
        bak = target.with_name(target.name + (".bak" if i == 1 else f".bak{i}"))
        if not os.path.lexists(bak) or _is_save_of(bak, game_id):
            return bak
    return None


def save(session: Session, path: str | Path | None = None, *, overwrite: bool = False) -> Path | None:
    """Write the whole current line as isslab JSON (``isslab.load`` reads it back); the file, or None.

    Without a path it goes to :func:`default_save_path`; missing folders are made. A file that is
    not an isslab save of this game is replaced only with ``overwrite=True``; a replaced file's
    text is kept as ``<name>.bak``. None, with the reason on the status line and nothing changed,
    when the save cannot be made.
    """
    if not isinstance(overwrite, bool):
        raise ValueError(f"overwrite is True or False, not {short_repr(overwrite, 40)}")
    with session.lock:
        try:
            target = _target(session, path)
            question = save_question(session, target)
            if question is not None and not overwrite:
                raise SaveError(
                    f"nothing saved: {target} exists and is not a save of {session.game.title} "
                    "(save with overwrite=True to replace it; its text is then kept as a backup)"
                )
            text = session.tree.tip.to_json()
            kept = _write(target, text, session.game.id)
        except SaveError as exc:
            session.say(str(exc), error=True)
            return None
        except OSError as exc:
            where = short_repr(str(path if path is not None else "the default file"), 80)
            session.say(f"cannot save to {where}: {exc.strerror or exc}; nothing was written", error=True)
            return None
        session._written = (target, _digest(text), _signature(target))
        session._kept_tip = session.tree.tip
        note = f" (the previous version is kept as {kept})" if kept is not None else ""
        session.say(f"saved {session.tree.size - 1} steps to {target}{note}")
        return target


def _write(target: Path, text: str, game_id: str) -> Path | None:
    """Write ``text`` to ``target`` atomically, keeping its present text as a backup; the backup's path.

    Raises ``OSError`` (or SaveError) with nothing changed: folders it made are removed again, the
    temporary file too.
    """
    made: list[Path] = []
    parent = target.parent
    while not parent.exists():
        made.append(parent)
        parent = parent.parent
    tmp: str | None = None
    done = False
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        kept = None
        if os.path.lexists(target):
            kept = _backup(target, game_id)
            if kept is None:
                raise SaveError(
                    f"nothing saved: {target} has {MAX_BACKUPS} backups beside it that are not saves "
                    "of this game; name another file"
                )
            _copy_atomically(target, kept)
        os.replace(tmp, target)
        done = True
        return kept
    finally:
        if not done:
            if tmp is not None:
                Path(tmp).unlink(missing_ok=True)
            for folder in made:  # innermost first; only the folders this save made, if still empty
                try:
                    folder.rmdir()
                except OSError:
                    break


def _copy_atomically(source: Path, dest: Path) -> None:
    """Copy ``source``'s bytes to ``dest`` through a temporary file and ``os.replace``."""
    fd, tmp = tempfile.mkstemp(prefix=f".{dest.name}.", suffix=".tmp", dir=dest.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(source.read_bytes())
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, dest)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def unsaved_steps(session: Session) -> int:
    """How many steps of the current line no save or load holds (0: loading another loses nothing)."""
    now = session.tree.tip.history
    before = session._kept_tip.history
    common = 0
    for a, b in zip(before, now, strict=False):
        if a != b:
            break
        common += 1
    return len(now) - common


def load_question(session: Session) -> str | None:
    """The question to ask before loading over the current line, or None when nothing would be lost."""
    n = unsaved_steps(session)
    if n == 0:
        return None
    return (
        f"the current game has {n} step{'s' if n != 1 else ''} that no save holds: load anyway and lose them?"
    )


def load(session: Session, source: str | bytes | Path, *, discard: bool = False) -> bool:
    """Load a saved game from a file path, JSON text or the bytes of an upload; a bad one changes nothing.

    Text that starts with ``{`` or ``[`` is read as JSON, anything else as a path. When the current
    line has steps no save holds, it is refused unless ``discard=True``.
    """
    if not isinstance(discard, bool):
        raise ValueError(f"discard is True or False, not {short_repr(discard, 40)}")
    if isinstance(source, bytes | bytearray | memoryview):
        where = "the upload"
        try:
            text = bytes(source).decode("utf-8")
        except UnicodeDecodeError as exc:
            return session.say(f"cannot load {where}: it is not UTF-8 text (byte {exc.start})", error=True)
    elif isinstance(source, str) and source.lstrip()[:1] in ("{", "["):
        text, where = source, "text"
    elif isinstance(source, str | Path):
        shown = short_repr(str(source), 80)
        try:
            p = Path(source).expanduser()
            if not p.is_file():
                return session.say(f"cannot load: no file {short_repr(str(p), 80)}", error=True)
            if p.stat().st_size > MAX_SAVE_CHARS * 4:  # UTF-8 takes up to 4 bytes a character
                return session.say(f"cannot load {shown}: larger than any isslab save file", error=True)
            where = str(p)
            text = p.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            return session.say(f"cannot load {shown}: it is not UTF-8 text (byte {exc.start})", error=True)
        except RuntimeError:  # "~someone" whose home is unknown
            return session.say(f"cannot load {shown}: no user's home that '~' could name", error=True)
        except (OSError, ValueError) as exc:  # no permission, a NUL in the name, a name too long
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            return session.say(f"cannot load {shown}: {reason}", error=True)
    else:
        return session.say(f"cannot load {short_repr(source)}: give a path, JSON text or bytes", error=True)
    try:
        state = isslab.load(text)
    except ValueError as exc:
        return session.say(f"cannot load {where}: {exc}", error=True)
    question = load_question(session)
    if question is not None and not discard:
        n = unsaved_steps(session)
        return session.say(
            f"nothing loaded: the current game has {n} step{'s' if n != 1 else ''} that no save holds "
            "(save them first, or load with discard=True to lose them)",
            error=True,
        )
    return session.adopt(state, f"loaded {state.move_number} steps from {where}")
