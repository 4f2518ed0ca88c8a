"""Saving and loading a session's game, headless: nothing a user made is lost, a save is atomic.

Each game of each session has its own default file; a file that is not a save of this game is
replaced only when asked (``overwrite=True``) and its text is kept as ``.bak``; a save that replaces
an earlier one keeps it as ``.bak`` too; a failed save changes nothing; loading over steps no save
holds is refused unless asked (``discard=True``).
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path
from types import SimpleNamespace

import pytest
from isslab_widgets import session_saves
from isslab_widgets.session import Session

import isslab

TWO = isslab.make("space-1999", players=2)
NOTES = "my notes: do not lose them\n"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def played(seed: int = 1, steps: int = 8, game: isslab.Game = TWO) -> Session:
    session = Session(game, ["greedy"] * game.num_players, seed=seed)
    session.step_bots(steps)
    return session


def files(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` (hidden temporary files included) with its text."""
    return {str(p.relative_to(folder)): p.read_text() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_each_session_gets_its_own_default_file_never_an_existing_one(tmp_path: Path) -> None:
    day = datetime.date.today().isoformat()
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / f"space-1999-{day}-1.json").write_text(NOTES)  # a user's file by that name
    one, two = played(1), played(2)
    first, second = one.default_save_path(), two.default_save_path()
    assert first != second and not first.exists() and not second.exists()
    assert first.name == f"space-1999-{day}-2.json" and second.name == f"space-1999-{day}-3.json"
    assert one.save() == first and two.save() == second
    assert isslab.load(first.read_text()) == one.tree.tip and isslab.load(second.read_text()) == two.tree.tip
    assert (tmp_path / "saves" / f"space-1999-{day}-1.json").read_text() == NOTES
    # the same session saves to the same file again; a new game gets a new one
    assert one.default_save_path() == first
    assert one.play_again() and one.default_save_path() not in (first, second)
    # a variant's id names no folder
    variant = SimpleNamespace(game=SimpleNamespace(id="space-1999/catch-up"))
    name = session_saves._claim(variant)  # type: ignore[arg-type]
    assert name.parent == Path("saves") and name.name == f"space-1999_catch-up-{day}-1.json"


def test_a_file_someone_else_wrote_at_the_default_name_is_not_replaced(tmp_path: Path) -> None:
    session = played()
    path = session.save()
    assert path is not None
    path.write_text(session.tree.tip.to_json() + " ")  # another program (another kernel) wrote there
    session.step_bots(2)
    again = session.save()
    assert again is not None and again != path and path.read_text().endswith(" ")


def test_a_save_never_overwrites_a_users_file_without_being_asked(tmp_path: Path) -> None:
    session = played()
    notes = tmp_path / "notes.txt"
    notes.write_text(NOTES)
    question = session.save_question(notes)
    assert question is not None and "notes.txt exists and is not a save of Space: 1999" in question
    before = files(tmp_path)
    assert session.save(notes) is None and not session.ok and "overwrite=True" in session.message
    assert files(tmp_path) == before  # nothing written, no backup, no temporary file
    # asked: replaced, the notes kept beside it
    assert session.save(notes, overwrite=True) == notes
    assert isslab.load(notes.read_text()) == session.tree.tip
    assert (tmp_path / "notes.txt.bak").read_text() == NOTES and "notes.txt.bak" in session.message
    with pytest.raises(ValueError, match="overwrite is True or False"):
        session.save(notes, overwrite="yes")  # type: ignore[arg-type]


def test_a_save_of_another_game_is_not_a_save_of_this_one(tmp_path: Path) -> None:
    other = tmp_path / "1969.json"
    other.write_text(isslab.make("1969", players=2).new_state().to_json())
    session = played()
    assert session.save_question(other) is not None and session.save(other) is None
    assert isslab.load(other.read_text()).game.id == "1969"


def test_replacing_a_save_of_the_same_game_keeps_the_previous_version(tmp_path: Path) -> None:
    session = played(steps=4)
    path = tmp_path / "game.json"
    assert session.save(path) == path and not (tmp_path / "game.json.bak").exists()
    first = path.read_text()
    session.step_bots(3)
    assert session.save_question(path) is None and session.save(path) == path
    assert (tmp_path / "game.json.bak").read_text() == first and "kept as" in session.message
    second = path.read_text()
    session.step_bots(3)
    assert session.save(path) == path and (tmp_path / "game.json.bak").read_text() == second
    # a .bak that is a user's file is left alone: the next free name takes the backup
    (tmp_path / "game.json.bak").write_text(NOTES)
    third = path.read_text()
    session.step_bots(3)
    assert session.save(path) == path
    assert (tmp_path / "game.json.bak").read_text() == NOTES and (
        tmp_path / "game.json.bak2"
    ).read_text() == third
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("fails", ["os.replace", "os.fsync", "tempfile.mkstemp"])
def test_a_save_that_fails_half_way_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fails: str
) -> None:
    session = played(steps=4)
    path = tmp_path / "game.json"
    assert session.save(path) == path
    session.step_bots(3)
    before = files(tmp_path)

    def broken(*_args: object, **_kw: object) -> None:
        raise OSError(28, "No space left on device")

    module, name = fails.split(".")
    monkeypatch.setattr(session_saves.os if module == "os" else session_saves.tempfile, name, broken)
    assert session.save(path) is None and not session.ok
    assert session.message.startswith("cannot save to") and "No space left on device" in session.message
    assert files(tmp_path) == before  # the old save intact, no backup made, no temporary file
    assert session.save(tmp_path / "new" / "deeper" / "game.json") is None
    assert not (tmp_path / "new").exists()  # the folders it made are gone again


@pytest.mark.parametrize(
    ("path", "says"),
    [
        ("~nosuchuser-isslab/x.json", "there is no user"),
        ("notes.txt/game.json", "cannot save to"),
        (".", "it is a folder"),
        ("bad\x00name.json", "NUL"),
        (42, "give a file path"),
        ("x" * 5000 + ".json", "cannot save to"),
    ],
)
def test_a_path_that_cannot_be_written_gets_a_clear_message_and_changes_nothing(
    tmp_path: Path, path: object, says: str
) -> None:
    (tmp_path / "notes.txt").write_text(NOTES)
    session = played()
    before = files(tmp_path)
    assert session.save(path) is None  # type: ignore[arg-type]
    assert says in session.message and not session.ok and not session.errors
    assert (
        "Traceback" not in session.message and "Errno" not in session.message and len(session.message) < 300
    )
    assert files(tmp_path) == before


def test_loading_over_unsaved_steps_is_refused_unless_asked(tmp_path: Path) -> None:
    saved = played(seed=3)
    path = saved.save(tmp_path / "theirs.json")
    assert path is not None
    mine = Session(isslab.make("1969", players=2), ["greedy", "greedy"], seed=1)
    assert mine.load_question() is None and mine.unsaved_steps() == 0  # nothing played yet
    mine.step_bots(6)
    assert mine.unsaved_steps() == 6 and "6 steps that no save holds" in (mine.load_question() or "")
    state = mine.state
    assert not mine.load(str(path)) and "nothing loaded" in mine.message and "discard=True" in mine.message
    assert mine.state is state and mine.game.id == "1969"
    # saved: nothing to lose, the load goes ahead
    assert mine.save(tmp_path / "mine.json") is not None and mine.unsaved_steps() == 0
    assert mine.load(str(path)) and mine.game.id == "space-1999" and mine.unsaved_steps() == 0
    # asked: the steps are dropped
    mine.step_bots(2)
    assert mine.unsaved_steps() == 2 and mine.load(str(tmp_path / "mine.json"), discard=True)
    assert mine.game.id == "1969"
    # looking back saves nothing and loses nothing; another move there starts an unsaved line
    assert mine.load(str(tmp_path / "mine.json")) and mine.go_to(2) and mine.unsaved_steps() == 0
    step = next(i for i in range(5, -1, -1) if len(mine.tree.at(i).legal_actions()) > 1)
    assert mine.go_to(step)
    assert mine.play(next(a for a in mine.state.legal_actions() if a != mine.tree.actions()[step]))
    assert mine.unsaved_steps() == 1 and mine.load_question() is not None
    with pytest.raises(ValueError, match="discard is True or False"):
        mine.load(str(path), discard=1)  # type: ignore[arg-type]


def test_loading_from_a_path_that_cannot_be_read_gets_a_clear_message(tmp_path: Path) -> None:
    session = Session(TWO, ["greedy", "greedy"], seed=1)
    state = session.state
    for source, says in (
        ("~nosuchuser-isslab/x.json", "cannot load"),
        ("bad\x00name.json", "cannot load"),
        ("x" * 5000 + ".json", "cannot load"),
    ):
        assert not session.load(source) and says in session.message and not session.errors
        assert "Traceback" not in session.message and session.state is state
    assert os.listdir(tmp_path) == []
