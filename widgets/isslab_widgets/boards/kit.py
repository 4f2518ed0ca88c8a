"""What every board draws with: one palette, the canvas of shapes and click regions, text fitting.

A board builds a scene from two :class:`Canvas` objects (the position on the ``board`` layer, the
highlights and buttons of the seat to act on the ``pieces`` layer, so a new selection repaints
only the top) with :func:`build_scene`. Click regions are rectangles or discs
(:class:`~isslab_widgets.scene.Region`): a card, a box or a button is one rectangle, whatever its
shape. Canvas text cannot show a tooltip, so a text that may be long is wrapped onto the lines
it has (:func:`wrap`) or cut with an ellipsis (:func:`fit`), and labels of choices are cut so that
no two look the same (:func:`fit_distinct`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import NamedTuple

from isslab_widgets.scene import Circle, Rect, Region, Scene, Shape

__all__ = [
    "PALETTE",
    "Canvas",
    "Palette",
    "build_scene",
    "fit",
    "fit_distinct",
    "outline",
    "readable",
    "text_width",
    "wrap",
]


class Palette(NamedTuple):
    """The colours the boards share (each board adds its game's own, like card colours)."""

    background: str = "#f3f5f8"
    ink: str = "#1b1f24"
    dim: str = "#5b6370"
    panel: str = "#ffffff"
    #: the ring around a place the seat to act may click
    hint: str = "#f59f00"
    #: the ring around the board's selection
    select: str = "#00a0d8"
    button: str = "#27476e"
    button_edge: str = "#0f2440"
    space: str = "#0f1d33"
    on_space: str = "#c8d3e6"
    frame: str = "#aab6c8"


#: the boards' shared colours
PALETTE = Palette()


def readable(colour: str) -> str:
    """A seat colour dark enough for text on white (a pale seat, like White or yellow, is written grey)."""
    c = colour.lstrip("#")
    if len(c) != 6:
        return colour
    r, g, b = (int(c[i : i + 2], 16) for i in (0, 2, 4))
    # perceived brightness (ITU-R BT.601 weights): above 170 of 255 text on white is hard to read
    return "#6e6e6e" if 0.299 * r + 0.587 * g + 0.114 * b > 170 else colour


#: the average width of a sans-serif character, in em (a little generous, so fitted text fits)
_EM = 0.58


def text_width(text: str, size: float) -> float:
    """The width of ``text`` at ``size`` pixels, a little generous."""
    return _EM * size * len(text)


def fit(text: str, width: float, size: float) -> str:
    """``text`` cut to ``width`` pixels at ``size``, with an ellipsis when cut."""
    most = max(3, int(width / (_EM * size)))
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def wrap(text: str, width: float, size: float, lines: int = 2) -> list[str]:
    """``text`` broken at spaces into at most ``lines`` lines of ``width`` pixels (the last one fitted)."""
    most = max(3, int(width / (_EM * size)))
    out: list[str] = []
    rest = text.split()
    while rest and len(out) < lines:
        line = rest.pop(0)
        while rest and len(line) + 1 + len(rest[0]) <= most:
            line += " " + rest.pop(0)
        out.append(line)
    if rest:
        out[-1] = fit(out[-1] + " " + " ".join(rest), width, size)
    return [fit(line, width, size) for line in out] or [""]


def fit_distinct(labels: Sequence[str], width: float, size: float) -> list[str]:
    """Labels fitted to ``width``, never two alike: where cutting makes two equal, the ends are kept.

    ``"Blue plans experiments from the basic and medium decks"`` and ``"... basic and advanced
    decks"`` become ``"Blue plans … basic and medium decks"`` and ``"Blue plans … advanced decks"``.
    """
    most = max(5, int(width / (_EM * size)))
    out = [fit(label, width, size) for label in labels]
    for i, label in enumerate(labels):
        if sum(1 for o in out if o == out[i]) < 2 or len(label) <= most:
            continue
        same = [j for j in range(len(labels)) if out[j] == out[i]]
        for j in same:
            text = labels[j]
            head = max(4, most // 3)
            tail = most - head - 1
            out[j] = text[:head].rstrip() + "…" + text[-tail:].lstrip()
    seen: dict[str, int] = {}
    for i, label in enumerate(out):  # still alike (the same text twice): number them
        seen[label] = seen.get(label, 0) + 1
        if seen[label] > 1:
            out[i] = fit(label, width - text_width(f" #{seen[label]}", size), size) + f" #{seen[label]}"
    return out


def outline(spot: tuple[float, ...], colour: str, width: float) -> Shape:
    """A ring around a clickable spot: a circle ``(x, y, r)`` or a rectangle ``(x, y, w, h)``."""
    if len(spot) == 3:
        x, y, r = spot
        return Circle(x, y, r + 2.5, stroke=colour, width=width)
    x, y, w, h = spot
    return Rect(x - 2, y - 2, w + 4, h + 4, stroke=colour, width=width)


class Canvas:
    """The shapes of one scene layer and the clickable spots drawn on it (their outlines for rings)."""

    def __init__(self) -> None:
        self.shapes: list[Shape] = []
        self.regions: list[Region] = []
        #: key -> outlines of its spots: circles ``(x, y, r)`` or rectangles ``(x, y, w, h)``
        self.spots: dict[Hashable, list[tuple[float, ...]]] = {}

    def add(self, *shapes: Shape) -> None:
        """Draw ``shapes`` on top of what is there."""
        self.shapes.extend(shapes)

    def spot_rect(self, key: Hashable, x: float, y: float, w: float, h: float, label: str) -> None:
        """A clickable rectangle (top-left ``x``, ``y``) meaning ``key``."""
        self.regions.append(Region(key, x + w / 2, y + h / 2, 0.0, label, w=w, h=h))
        self.spots.setdefault(key, []).append((x, y, w, h))

    def spot_circle(self, key: Hashable, x: float, y: float, r: float, label: str) -> None:
        """A clickable disc of radius ``r`` (a little larger to click) meaning ``key``."""
        self.regions.append(Region(key, x, y, r + 2, label))
        self.spots.setdefault(key, []).append((x, y, r))

    def box(self, key: Hashable) -> tuple[float, float, float, float] | None:
        """The first rectangle drawn for ``key``, if any."""
        for spot in self.spots.get(key, []):
            if len(spot) == 4:
                return spot[0], spot[1], spot[2], spot[3]
        return None

    def ring(
        self, keys: Sequence[Hashable] | set[Hashable], spots: Canvas, colour: str, width: float
    ) -> None:
        """Rings around every spot of ``keys`` drawn on ``spots`` (highlights on the top layer)."""
        for key in keys:
            for spot in spots.spots.get(key, []):
                self.add(outline(spot, colour, width))


def build_scene(
    width: float,
    height: float,
    board: Canvas,
    top: Canvas | None = None,
    *,
    background: tuple[Shape, ...] = (),
    title: str = "",
    colour: str = PALETTE.background,
) -> Scene:
    """The scene of a board: ``background`` (fixed), ``board`` (the position), ``top`` (rings, buttons).

    Regions of the top layer come after the board's: where two overlap the smaller one wins
    (:meth:`Scene.hit`), so a button drawn over a box takes its click.
    """
    top = top if top is not None else Canvas()
    return Scene(
        int(width),
        int(height),
        {"background": background, "board": tuple(board.shapes), "pieces": tuple(top.shapes)},
        tuple(board.regions + top.regions),
        title=title,
        background=colour,
    )
