"""The game view's Save/Load tab: it asks before it replaces what a user made, and a bad input only says so.

Saving over a file that is not a save of this game, or loading over steps no save holds, shows a
question with Overwrite (Load anyway) and Cancel; a path it cannot write, ``~nosuchuser/x.json``, a
malformed upload: a clear message on the status line (never a raw exception) and nothing changed.
"""

from __future__ import annotations

import datetime
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipycanvas")

from isslab_widgets import GameView  # noqa: E402

import isslab  # noqa: E402

NOTES = "my notes: do not lose them\n"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def view_with_steps(seed: int = 1, game_id: str = "space-1999") -> GameView:
    game = isslab.make(game_id, players=2)
    view = GameView(game, ["human", game.info.default_bot], seed=seed, autoplay=False)
    view.step_bots()
    view.play_action(view.state.legal_actions()[0])
    view.step_bots()
    return view


def status(view: GameView) -> str:
    return str(view.status.value)


def test_each_view_shows_its_own_default_file_and_a_new_game_gets_another() -> None:
    one, two = view_with_steps(1), view_with_steps(2)
    try:
        day = datetime.date.today().isoformat()
        assert one.path.value != two.path.value
        assert {one.path.value, two.path.value} == {f"saves/space-1999-{day}-{n}.json" for n in (1, 2)}
        written = one.save()
        assert written is not None and str(written) == one.path.value and written.is_file()
        assert two.save() is not None and Path(one.path.value).read_text() == one.tree.tip.to_json()
        first = one.path.value
        assert one.play_again() and one.path.value != first and not Path(one.path.value).exists()
        # a file named in the box stays named there
        one.path.value = "mine.json"
        assert one.play_again() and one.path.value == "mine.json"
    finally:
        one.close()
        two.close()


def test_saving_over_a_users_file_asks_first(tmp_path: Path) -> None:
    with closing(view_with_steps()) as view:
        notes = tmp_path / "notes.txt"
        notes.write_text(NOTES)
        view.path.value = str(notes)
        assert view.save() is None and notes.read_text() == NOTES
        assert view.question_box.layout.display is None and "exists and is not a save" in view.question.value
        assert view.yes_button.description == "Overwrite" and "overwrite it?" in status(view)
        assert view.answer(False) is False and notes.read_text() == NOTES
        assert view.question_box.layout.display == "none" and "nothing was written" in status(view)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
        assert view.save() is None and view.answer(True)
        assert (
            isslab.load(notes.read_text()) == view.tree.tip
            and (tmp_path / "notes.txt.bak").read_text() == NOTES
        )
        # a save of this game is replaced without a question, its last version kept
        view.step_bots()
        assert view.save(notes) == notes and view.question_box.layout.display == "none"
        assert (tmp_path / "notes.txt.bak").read_text() == NOTES  # the user's text is never a backup's place
        assert isslab.load((tmp_path / "notes.txt.bak2").read_text()).game.id == "space-1999"
        assert view.answer(True) is False and "no question" in status(view)


def test_loading_over_unsaved_steps_asks_first(tmp_path: Path) -> None:
    theirs = view_with_steps(3, "1969")
    mine = view_with_steps(4)
    try:
        path = theirs.save(tmp_path / "theirs.json")
        assert path is not None
        state = mine.state
        assert mine.load(str(path)) is False and mine.state is state
        assert mine.yes_button.description == "Load anyway" and "no save holds" in mine.question.value
        assert mine.answer(False) is False and mine.state is state and mine.game.id == "space-1999"
        assert mine.load(str(path)) is False and mine.answer(True)
        assert mine.game.id == "1969" and mine.state == theirs.tree.tip
        assert mine.path.value.startswith("saves/1969-")  # a game of another kind: a file of its own
        # nothing unsaved now: the next load goes ahead at once
        assert mine.load(str(path)) and mine.question_box.layout.display == "none"
    finally:
        theirs.close()
        mine.close()


@pytest.mark.parametrize(
    ("path", "says"),
    [
        ("~nosuchuser-isslab/x.json", "there is no user"),
        ("notes.txt/x.json", "cannot save to"),
        ("x" * 5000 + ".json", "cannot save to"),
        (".", "it is a folder"),
    ],
)
def test_a_path_it_cannot_write_gives_a_clear_message_and_changes_nothing(
    tmp_path: Path, path: str, says: str
) -> None:
    (tmp_path / "notes.txt").write_text(NOTES)
    with closing(view_with_steps()) as view:
        state = view.state
        view.path.value = path
        view.save_button.click()
        assert says in status(view) and not view.session.ok and not view.errors
        assert "Error" not in status(view) and "Traceback" not in status(view) and "Errno" not in status(view)
        assert view.state is state and sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
        view.load_button.click()  # and the same box for Load
        assert "cannot load" in status(view) or "no save holds" in status(view)
        assert not view.errors and view.state is state


@pytest.mark.parametrize(
    ("value", "says"),
    [
        (({"name": "x.json"},), "holds no file"),
        (("junk",), "holds no file"),
        ({"x.json": {"content": b"{}"}}, "holds no file"),
        (({"name": "x.json", "content": memoryview(b"\xff\xfe")},), "not UTF-8"),
        (({"name": "x.json", "content": b"{]"},), "not an isslab save file"),
        (({"name": "x.json", "content": b"[" * 100_000},), "not an isslab save file"),
    ],
)
def test_a_malformed_upload_gives_a_clear_message_and_changes_nothing(value: Any, says: str) -> None:
    with closing(
        GameView(isslab.make("space-1999", players=2), ["human", "greedy"], seed=1, autoplay=False)
    ) as view:
        state = view.state
        view._on_upload({"new": value})
        assert says in status(view) and not view.errors and view.state is state
        assert "Traceback" not in status(view) and len(view.session.message) < 300
