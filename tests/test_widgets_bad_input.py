"""The game view as a careless or hostile user meets it: the view's part of the bad-input and leak suite.

The surfaces are reached through the view's own widgets, found by walking the view (not listed
here), so that a tab, panel or button added later is covered by the same checks:

* the hot-seat cover, in every registered game with hidden information: every tab of the view
  (``view.tabs``, whatever it holds) and every visible control pressed while the screen passes;
  nothing of either hand may show, and nothing may be computed for a seat;
* Save/Load: hostile names in the file box, hostile uploads: a message on the status line, never a
  raw exception, nothing on disk changed but a valid save, and the game unchanged unless a valid
  save was loaded.
"""

from __future__ import annotations

import contextlib
import json
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipycanvas")

import ipywidgets as widgets  # noqa: E402
from helpers_hotseat import assert_covered, page_text, secrets_of, texts, to_next_cover  # noqa: E402
from helpers_winchance import tiny_game, tiny_model  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from isslab_widgets import GameView, winchance  # noqa: E402

import isslab  # noqa: E402

HIDDEN = [g for g in isslab.games() if isslab.make(g).info.hidden_information]
NOTES = "my notes: do not lose them\n"


def visible(widget: Any, inside: bool = True) -> Iterator[Any]:
    """The widgets a person can reach: shown (no ``display: none`` on the way) and not disabled."""
    if not inside or getattr(getattr(widget, "layout", None), "display", None) == "none":
        return
    if not getattr(widget, "disabled", False):
        yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from visible(child)


def press(widget: Any) -> bool:
    """Do what a click does to ``widget`` (a button, a box, a toggle, a slider); False: nothing to do."""
    if isinstance(widget, widgets.Button):
        widget.click()
    elif isinstance(widget, widgets.Checkbox | widgets.ToggleButton):
        widget.value = not widget.value
    elif isinstance(widget, widgets.IntSlider):
        widget.value = widget.min if widget.value != widget.min else widget.max
    else:
        return False
    return True


@pytest.mark.parametrize("game_id", HIDDEN)
def test_under_the_cover_no_tab_and_no_control_shows_or_computes_anything_of_a_hand(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    view = GameView(tiny_game(game_id), ["human"] * 2, seed=5, autoplay=False)
    view.winchance._fitted = tiny_model(game_id)
    view.winchance.hint_switch.value = True
    computed: list[str] = []
    hints = winchance.hints
    monkeypatch.setattr(winchance, "hints", lambda *a, **kw: computed.append("hints") or hints(*a, **kw))
    model = view.winchance._fitted
    values = model.values
    monkeypatch.setattr(model, "values", lambda *a: computed.append("values") or values(*a))
    try:
        rng = random.Random(5)
        pressed: set[str] = set()
        for _ in range(4):
            leaving = view.session.eyes()
            assert leaving is not None
            to = to_next_cover(view, rng)
            computed.clear()
            assert_covered(view, leaving, to)
            secrets = secrets_of(view.state, to) | secrets_of(view.state, leaving)
            # every tab, whatever the view holds
            for title, tab in zip(view.tabs.titles, view.tabs.children, strict=True):
                shown = "\n".join(texts(tab))
                assert not [s for s in secrets if s in shown], title
                assert "best moves" not in shown and "sees it" not in shown, title
            # a person presses whatever it can reach under the cover (but "I am ...")
            for widget in list(visible(view)):
                if widget is view.handover_button or not press(widget):
                    continue
                pressed.add(getattr(widget, "description", "") or getattr(widget, "tooltip", "") or "")
                sight = view.session.sight()
                assert sight.covered, f"pressing {widget!r} lifted the cover"
                assert view.tabs.layout.display == "none" and view.winchance.strip.values == []
                text = page_text(view)
                assert not [s for s in secrets if s in text]
                assert computed == [], (widget, computed)
            view.autoplay.value = False  # pressed above: the bots must not move on in the test's back
            view.animate.value = False
            if view.session.handover() is None:  # a press passed the screen elsewhere: take it up again
                continue
            target = view.session.handover()  # after an undo: the person who decides again
            assert view.take_screen()  # computed again for the new seat (from memory where it was before)
            assert view.winchance.strip.seat == view.session.eyes() == target and view.winchance.strip.values
            view.go_to(view.tree.size - 1)
        assert {"Undo my move", "Roll", "Bot move"} & pressed or len(pressed) >= 3, pressed
    finally:
        view.close()


@contextlib.contextmanager
def in_folder() -> Iterator[Path]:
    """A fresh temporary working folder holding a user's notes."""
    with tempfile.TemporaryDirectory() as d, contextlib.chdir(d):
        (Path(d) / "notes.txt").write_text(NOTES)
        yield Path(d)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def saving_view() -> Iterator[GameView]:
    view = GameView(isslab.make("space-1999", players=2), ["human", "greedy"], seed=2, autoplay=False)
    view.step_bots()
    view.play_action(view.state.legal_actions()[0])
    view.step_bots()
    yield view
    view.close()


NAMES = st.one_of(
    st.text(min_size=0, max_size=40),
    st.sampled_from(
        [
            "~nosuchuser-isslab/x.json",
            "notes.txt",
            "notes.txt/x.json",
            ".",
            "",
            " ",
            "a\x00b",
            "x" * 300,
            "d/",
            "saves/",
            "../x.json",
        ]
    ),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=NAMES)
def test_any_name_in_the_file_box_saves_a_valid_file_or_says_why_and_changes_nothing(
    saving_view: GameView, name: str
) -> None:
    view = saving_view
    errors = len(view.errors)
    with in_folder() as folder:
        # never outside the folder: no absolute path, no way up
        box = name if name.startswith("~nosuchuser") else "d/" + name.replace("..", "__").lstrip("/")
        view.path.value = box
        before = snapshot(folder)
        view.save_button.click()
        if view.question_box.layout.display is None:  # asked: Cancel changes nothing
            assert view.answer(False) is False
        after = snapshot(folder)
        assert len(view.errors) == errors, view.errors[-1:]
        assert "Traceback" not in view.session.message and len(view.session.message) < 400
        assert after["notes.txt"] == before["notes.txt"]
        for path in set(after) - set(before):  # a new file is a valid save of this game, nothing else
            assert view.session.ok and isslab.load(after[path].decode()) == view.tree.tip, path
        assert [p for p in after if p in before and after[p] != before[p]] == []
        view.path.value = ""


SAVE = isslab.make("space-1999", players=2).new_state().to_json().encode()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    value=st.one_of(
        st.binary(max_size=200).map(lambda b: ({"name": "x.json", "content": b},)),
        st.integers(0, len(SAVE) - 1).map(
            lambda i: ({"name": "x.json", "content": SAVE[:i] + SAVE[i + 1 :]},)
        ),
        st.sampled_from([(), ("x",), ({"content": "text, not bytes"},), ({"name": "x"},), None, 3]),
    )
)
def test_any_upload_loads_a_valid_save_or_says_why_and_changes_nothing(
    saving_view: GameView, value: Any
) -> None:
    view = saving_view
    errors = len(view.errors)
    view.session.adopt(view.tree.tip)  # its own line held: a valid upload loads at once
    state = view.state
    view._on_upload({"new": value})
    assert len(view.errors) == errors, view.errors[-1:]
    assert "Traceback" not in view.session.message and len(view.session.message) < 400
    first = value[0] if isinstance(value, tuple) and value else None
    content = first.get("content") if isinstance(first, dict) else None
    if view.state is not state:  # loaded: the upload was a save
        assert isinstance(content, bytes) and view.state == isslab.load(content)
        view.session.adopt(state)
    elif value:
        assert not view.session.ok
    json.dumps(view.session.message)  # a plain text
