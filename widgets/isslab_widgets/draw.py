"""Draw a :class:`~isslab_widgets.scene.Scene` onto an ipycanvas ``MultiCanvas``.

One layer of the scene goes to one canvas of the ``MultiCanvas``. A layer is redrawn only when its
shapes differ from what that canvas shows, and every frame is sent in one ``hold_canvas`` batch
(one message to the browser, no flicker).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any

from ipycanvas import Canvas, MultiCanvas, hold_canvas

from isslab_widgets.scene import LAYERS, Circle, Line, Polygon, Rect, Scene, Shape, Text

__all__ = ["CanvasPainter", "paint"]

#: ipycanvas keeps one global command cache, so two views drawing from two threads (a bot timer and
#: a click) must not interleave their batches.
_DRAW_LOCK = threading.RLock()

_ALIGN = {"start": "left", "middle": "center", "end": "right"}


class _Styled:
    """Sets canvas style attributes only when they change (each set is a command sent)."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.cache: dict[str, Any] = {}

    def set(self, name: str, value: Any) -> None:
        if self.cache.get(name, _MISSING) != value:
            setattr(self.canvas, name, value)
            self.cache[name] = value

    def dash(self, dash: tuple[float, ...]) -> None:
        if self.cache.get("dash", _MISSING) != dash:
            self.canvas.set_line_dash(list(dash))
            self.cache["dash"] = dash


_MISSING = object()


class CanvasPainter:
    """Owns a ``MultiCanvas`` with one canvas per scene layer and paints scenes onto it."""

    def __init__(self, width: int, height: int) -> None:
        self.canvas = MultiCanvas(len(LAYERS), width=width, height=height)
        #: the scale the scenes are painted at: the canvas holds ``scale`` pixels per scene unit, as
        #: many as it shows on the page, so a board drawn smaller (or larger) stays sharp
        self.scale = 1.0
        self._painted_scale = 1.0
        self._shown: dict[str, tuple[Shape, ...] | None] = dict.fromkeys(LAYERS)
        self._scene: Scene | None = None
        #: frames drawn and layers repainted, for tests and the benchmark
        self.frames = 0
        self.layer_draws = dict.fromkeys(LAYERS, 0)
        #: called once each frame's batch has been sent (the benchmark times clicks with it)
        self.after_draw: Callable[[], None] | None = None
        #: True once a browser shows the canvas (animations are only worth drawing then)
        self.client_ready = False
        # a browser that connects later (page reload, second view) gets an empty canvas: repaint
        self.canvas.on_client_ready(self._repaint_all)

    def _repaint_all(self) -> None:
        self.client_ready = True
        if self._scene is not None:
            self.draw(self._scene, force=True)

    def pixels(self, scene: Scene) -> tuple[int, int]:
        """The canvas size that paints ``scene`` at :attr:`scale`."""
        return round(scene.width * self.scale), round(scene.height * self.scale)

    def draw(self, scene: Scene, force: bool = False) -> None:
        """Paint ``scene``: every changed layer, all in one ``hold_canvas`` batch."""
        with _DRAW_LOCK:
            k = self.scale
            size = self.pixels(scene)
            if (self.canvas.width, self.canvas.height) != size or k != self._painted_scale:
                self.canvas.width, self.canvas.height = size
                self._painted_scale = k
                force = True
            with hold_canvas():
                for i, name in enumerate(LAYERS):
                    shapes = scene.layer(name)
                    if not force and self._shown[name] == shapes:
                        continue
                    layer = self.canvas[i]
                    layer.set_transform(1, 0, 0, 1, 0, 0)  # clear the whole canvas, then draw scaled
                    layer.clear()
                    layer.set_transform(k, 0, 0, k, 0, 0)
                    if i == 0:
                        layer.fill_style = scene.background
                        layer.fill_rect(0, 0, scene.width, scene.height)
                    _paint(_Styled(layer), shapes)
                    self._shown[name] = shapes
                    self.layer_draws[name] += 1
            self._scene = scene
            self.frames += 1
        if self.after_draw is not None:
            self.after_draw()


def paint(canvas: Canvas, shapes: Iterable[Shape]) -> None:
    """Paint ``shapes`` onto one ipycanvas ``Canvas`` (the caller holds the batch: ``hold_canvas``)."""
    with _DRAW_LOCK:
        _paint(_Styled(canvas), tuple(shapes))


def _paint(st: _Styled, shapes: tuple[Shape, ...]) -> None:
    c = st.canvas
    for s in shapes:
        if isinstance(s, Circle):
            st.set("global_alpha", s.alpha)
            if s.fill:
                st.set("fill_style", s.fill)
                c.fill_circle(s.x, s.y, s.r)
            if s.stroke:
                st.set("stroke_style", s.stroke)
                st.set("line_width", s.width)
                st.dash(())
                c.stroke_circle(s.x, s.y, s.r)
        elif isinstance(s, Line):
            st.set("global_alpha", s.alpha)
            st.set("stroke_style", s.stroke)
            st.set("line_width", s.width)
            st.set("line_cap", "round")
            st.set("line_join", "round")
            st.dash(s.dash)
            if len(s.points) == 2:
                (x0, y0), (x1, y1) = s.points
                c.stroke_line(x0, y0, x1, y1)
            else:
                c.begin_path()
                c.move_to(*s.points[0])
                for p in s.points[1:]:
                    c.line_to(*p)
                c.stroke()
        elif isinstance(s, Polygon):
            st.set("global_alpha", s.alpha)
            pts = [list(p) for p in s.points]
            if s.fill:
                st.set("fill_style", s.fill)
                c.fill_polygon(pts)
            if s.stroke:
                st.set("stroke_style", s.stroke)
                st.set("line_width", s.width)
                st.dash(())
                c.stroke_polygon(pts)
        elif isinstance(s, Rect):
            st.set("global_alpha", s.alpha)
            if s.fill:
                st.set("fill_style", s.fill)
                c.fill_rect(s.x, s.y, s.w, s.h)
            if s.stroke:
                st.set("stroke_style", s.stroke)
                st.set("line_width", s.width)
                st.dash(())
                c.stroke_rect(s.x, s.y, s.w, s.h)
        elif isinstance(s, Text):
            st.set("global_alpha", 1.0)
            st.set("fill_style", s.fill)
            st.set(
                "font", f"{'bold ' if s.bold else ''}{s.size:g}px {'monospace' if s.mono else 'sans-serif'}"
            )
            st.set("text_align", _ALIGN.get(s.anchor, "center"))
            st.set("text_baseline", "middle")
            c.fill_text(s.text, s.x, s.y)
        else:  # pragma: no cover - Scene only holds the shapes above
            raise TypeError(f"not a scene shape: {s!r}")
