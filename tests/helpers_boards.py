"""Shared by the board tests: a board draws a game's first, first decision, middle and last positions."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from typing import Any

from isslab_widgets import Text, board_for

from isslab import State

SVG = "{http://www.w3.org/2000/svg}"


def drawn_through_a_game(
    states: Sequence[State], board_class: type, width: int, max_height: int, min_text: int,
    says: Callable[[State, str], bool],
) -> Any:  # fmt: skip
    """The board of a played game's ``states``, after checking every picture of the first position,
    the first decision, the middle and the end, with and without hints: ``width`` wide, at most
    ``max_height`` high, no text smaller than ``min_text`` nor outside the picture, and an SVG
    whose text ``says(state, text)`` accepts."""
    start = next(s for s in states if s.current_player >= 0)
    assert states[-1].is_terminal()
    board = board_for(start.game)
    assert isinstance(board, board_class)
    for st in (states[0], start, states[len(states) // 2], states[-1]):
        for hints in (True, False):
            scene = board.scene(st, hints=hints, viewers=(0,))
            assert scene.width == width and scene.height <= max_height
            assert min(s.size for s in scene.shapes() if isinstance(s, Text)) >= min_text
            for s in scene.shapes():  # nothing written outside the picture
                if isinstance(s, Text):
                    assert 0 <= s.x <= scene.width and 0 <= s.y <= scene.height, s
            root = ET.fromstring(scene.to_svg())
            assert root.tag == f"{SVG}svg" and says(st, "".join(root.itertext()))
    return board


def assert_canvas_fits(view: Any) -> None:
    """The view's canvas holds the pixels the page shows: a board larger than the view's room is
    drawn smaller (to no less than 0.85), and the board's box is as wide as the canvas."""
    k = view.painter.scale
    assert k == view._scale(view.scene.width, view.scene.height) and 0.85 < k <= 1
    assert (view.painter.canvas.width, view.painter.canvas.height) == (
        round(view.scene.width * k),
        round(view.scene.height * k),
    )
    assert view.board_box.layout.width == f"{view.painter.canvas.width}px"


def clicked_to_the_end(
    view: Any, bot: Any, rng: random.Random, click: Callable[[Any, Any], None]
) -> set[str]:
    """Play ``view``'s game to its end, each of the person's moves the one ``bot`` picks, made by
    ``click(view, action)`` on the board; the kinds of the moves clicked."""
    kinds: set[str] = set()
    while True:
        view.step_bots()
        st = view.state
        if st.is_terminal():
            return kinds
        action = bot(st, rng)
        kinds.add(type(action).__name__)
        click(view, action)
