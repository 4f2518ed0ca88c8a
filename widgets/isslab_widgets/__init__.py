"""isslab_widgets: Jupyter front-ends for isslab games (ipywidgets 8 + ipycanvas).

>>> import isslab_widgets
>>> view = isslab_widgets.play("space-1999", players=2, seats=["human", "greedy"])

The view is a thin widget layer over a headless :class:`Session` (game tree, seats, seeded bots and
dice, board plug-in); each game's board is a small plug-in (:class:`Board`, the ``BOARD`` of the
module ``isslab_widgets.boards.<game package>``).

Importing the package also gives every ``isslab.State`` a ``_repr_svg_``, so a position shows as a
picture in a notebook (and in static viewers) for games that have a board module.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import isslab
from isslab_widgets.boards import Board, Click, SelectThenMove, board_for, svg_of, text_scene
from isslab_widgets.history import GameTree
from isslab_widgets.scene import LAYERS, Circle, Line, Polygon, Rect, Region, Scene, Text
from isslab_widgets.session import HUMAN, Session

if TYPE_CHECKING:
    from isslab_widgets.lab_widget import Lab
    from isslab_widgets.view import GameView, play
    from isslab_widgets.whatif import WhatIf

#: names imported on first use: the widgets (ipywidgets, ipycanvas) and the what-if runner (pandas),
#: so that the headless session and the boards load without them
_LAZY = {"GameView": "isslab_widgets.view", "play": "isslab_widgets.view", "WhatIf": "isslab_widgets.whatif"}
_LAZY |= {"Lab": "isslab_widgets.lab_widget"}  # the what-if lab


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'isslab_widgets' has no attribute {name!r}")


def lab(game_id: str, **kwargs: Any) -> Lab:
    """Build the what-if lab of ``game_id`` (options, bots, games, ``vary``, ``values``) and display it.

    A function of the package itself, bound once: a cell that calls it again gets the lab again
    (the lab lives in ``isslab_widgets.lab_widget``, loaded on first use).
    """
    from isslab_widgets.lab_widget import lab as build

    return build(game_id, **kwargs)


__all__ = [
    "HUMAN",
    "LAYERS",
    "Board",
    "Circle",
    "Click",
    "GameTree",
    "GameView",
    "Lab",
    "Line",
    "Polygon",
    "Rect",
    "Region",
    "Scene",
    "SelectThenMove",
    "Session",
    "Text",
    "WhatIf",
    "board_for",
    "lab",
    "play",
    "scene_of",
    "svg_of",
    "text_scene",
]


def scene_of(state: isslab.State) -> Scene:
    """The scene of a state without highlights: its board's picture, or the generic text scene."""
    board = board_for(state.game)
    return board.scene(state, hints=False) if board is not None else text_scene(state)


def _state_repr_svg(self: Any) -> str | None:
    """SVG for Jupyter's rich display; None (skipped) for games without a board module."""
    try:
        return svg_of(self)
    except Exception:  # noqa: BLE001 - a display hook must never raise; Jupyter falls back to text
        return None


# State is the engines' shared base class; the hook is attached here so that isslab itself stays
# free of anything Jupyter-specific.
isslab.State._repr_svg_ = _state_repr_svg  # type: ignore[attr-defined]


def _register_pictures() -> None:
    """Give ``isslab.interop.render`` the board pictures (PettingZoo's ``rgb_array``); drawn on use."""
    from isslab.interop import render

    def draw(state: isslab.State) -> Any:
        from isslab_widgets.raster import state_rgb

        return state_rgb(state)

    render.set_picture(draw)


_register_pictures()
