"""A board's scene as an RGB array, for PettingZoo's ``render_mode="rgb_array"``: drawn with matplotlib.

The picture is the one the notebook widgets and the SVG export show: the scene of
:func:`isslab_widgets.scene_of` (the game's board module, or the generic text picture of a game
without one), its shapes drawn with matplotlib's Agg canvas in pixel coordinates with the origin at
the top left, as in SVG. Importing ``isslab_widgets`` registers :func:`state_rgb` with
:mod:`isslab.interop.render` (the engine never imports the front-end: the front-end plugs in).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from isslab.core import State
from isslab_widgets.scene import Circle, Line, Polygon, Rect, Scene, Text

__all__ = ["scene_rgb", "state_rgb"]


def state_rgb(state: State) -> npt.NDArray[np.uint8]:
    """The board picture of ``state`` as an ``(height, width, 3)`` uint8 array."""
    from isslab_widgets import scene_of

    return scene_rgb(scene_of(state))


def scene_rgb(scene: Scene) -> npt.NDArray[np.uint8]:
    """A :class:`~isslab_widgets.Scene` drawn to an ``(height, width, 3)`` uint8 array."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.patches import Circle as MplCircle
    from matplotlib.patches import Polygon as MplPolygon
    from matplotlib.patches import Rectangle

    dpi = 100
    fig = Figure(figsize=(scene.width / dpi, scene.height / dpi), dpi=dpi)
    canvas = FigureCanvasAgg(fig)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, scene.width)
    ax.set_ylim(scene.height, 0)  # y grows downwards, as in SVG and on the canvas
    ax.set_axis_off()
    fig.patch.set_facecolor(scene.background)
    # one point is 1/72 inch and one pixel 1/dpi inch: widths and font sizes are given in pixels
    pt = 72.0 / dpi
    for z, s in enumerate(scene.shapes()):
        if isinstance(s, Circle):
            ax.add_patch(
                MplCircle(
                    (s.x, s.y), s.r, facecolor=s.fill or "none", edgecolor=s.stroke or "none",
                    linewidth=s.width * pt if s.stroke else 0, alpha=s.alpha, zorder=z,
                )
            )  # fmt: skip
        elif isinstance(s, Line):
            xs, ys = zip(*s.points, strict=True)
            ax.plot(
                xs, ys, color=s.stroke, linewidth=s.width * pt, alpha=s.alpha, zorder=z,
                linestyle=(0, tuple(d / s.width for d in s.dash)) if s.dash else "-",
                solid_capstyle="round",
            )  # fmt: skip
        elif isinstance(s, Polygon):
            ax.add_patch(
                MplPolygon(
                    s.points, closed=True, facecolor=s.fill or "none", edgecolor=s.stroke or "none",
                    linewidth=s.width * pt if s.stroke else 0, alpha=s.alpha, zorder=z,
                )
            )  # fmt: skip
        elif isinstance(s, Rect):
            ax.add_patch(
                Rectangle(
                    (s.x, s.y), s.w, s.h, facecolor=s.fill or "none", edgecolor=s.stroke or "none",
                    linewidth=s.width * pt if s.stroke else 0, alpha=s.alpha, zorder=z,
                )
            )  # fmt: skip
        elif isinstance(s, Text):
            ax.text(
                s.x, s.y, s.text, fontsize=s.size * pt, color=s.fill, zorder=z,
                ha={"start": "left", "end": "right"}.get(s.anchor, "center"), va="center",
                fontweight="bold" if s.bold else "normal", family="monospace" if s.mono else "sans-serif",
            )  # fmt: skip
    canvas.draw()  # type: ignore[no-untyped-call]  # matplotlib's Agg canvas is not annotated
    rgba = np.asarray(canvas.buffer_rgba())  # type: ignore[no-untyped-call]
    return np.ascontiguousarray(rgba[:, :, :3], dtype=np.uint8)
