"""A state as an RGB array, for PettingZoo's ``render_mode="rgb_array"``.

The board pictures belong to the front-end, which knows each game's board: importing
``isslab_widgets`` registers its rasteriser here (:func:`set_picture`), so that ``rgb_array`` draws the
board the notebook widgets show. Without it the picture is the text board (``str(state)``, the whole
position) typeset in a monospace font with matplotlib. Nothing under ``isslab`` imports the
front-end: it plugs itself in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from isslab.core import State

__all__ = ["Picture", "picture", "set_picture", "state_rgb", "text_rgb"]

#: a function drawing a state as an ``(height, width, 3)`` uint8 array
Picture = Callable[[State], npt.NDArray[np.uint8]]

_PICTURE: list[Picture] = []


def set_picture(draw: Picture | None) -> None:
    """Register the function that draws a state's board (None: back to the text board)."""
    if draw is not None and not callable(draw):
        raise ValueError(f"set_picture takes a function state -> RGB array, got {type(draw).__name__}")
    _PICTURE[:] = [draw] if draw is not None else []


def picture() -> Picture:
    """The function ``state_rgb`` draws with: the registered board pictures, else :func:`text_rgb`."""
    return _PICTURE[0] if _PICTURE else text_rgb


def state_rgb(state: State) -> npt.NDArray[np.uint8]:
    """The picture of ``state`` as an ``(height, width, 3)`` uint8 array (see the module docstring)."""
    return picture()(state)


def text_rgb(state: State) -> npt.NDArray[np.uint8]:
    """The text board of ``state`` typeset in a monospace font, as an ``(height, width, 3)`` uint8 array."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    lines = str(state).splitlines() or [""]
    dpi, size = 100, 11.0  # points
    # a monospace glyph is about 0.6 em wide, a line 1.3 em high (1 pt = dpi/72 px)
    em = size * dpi / 72
    width = max(160, int(max(len(line) for line in lines) * 0.6 * em) + 24)
    height = int(len(lines) * 1.3 * em) + 24
    fig = Figure(figsize=(width / dpi, height / dpi), dpi=dpi)
    canvas: Any = FigureCanvasAgg(fig)  # matplotlib's Agg canvas is not annotated
    fig.patch.set_facecolor("white")
    fig.text(12 / width, 1 - 12 / height, "\n".join(lines), family="monospace", fontsize=size, va="top")
    canvas.draw()
    rgba = np.asarray(canvas.buffer_rgba())
    return np.ascontiguousarray(rgba[:, :, :3], dtype=np.uint8)
