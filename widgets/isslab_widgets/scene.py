"""The scene model: what a board drawing is, independent of where it is drawn.

A scene is a pure value built from a state: layers of shapes plus clickable regions. The same scene
is drawn to an ipycanvas ``MultiCanvas`` (:mod:`isslab_widgets.draw`) and exported as SVG
(:meth:`Scene.to_svg`), so a live widget and a static notebook viewer show the same picture.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import TypeAlias
from xml.sax.saxutils import escape, quoteattr

__all__ = [
    "LAYERS",
    "Circle",
    "Line",
    "Polygon",
    "Rect",
    "Region",
    "Scene",
    "Shape",
    "Text",
]

#: Layer names, bottom to top. ``background`` never changes for a given game, ``board`` changes
#: rarely (the rotating disc), ``pieces`` changes on every frame (pieces and highlights). Keeping
#: them apart lets the canvas redraw only what changed.
LAYERS: tuple[str, ...] = ("background", "board", "pieces")

Point: TypeAlias = tuple[float, float]


@dataclass(frozen=True, slots=True, kw_only=True)
class _Painted:
    """A closed shape's paint, always given by keyword: its fill and its outline (None: none), the
    outline's width and the opacity."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    alpha: float = 1.0


@dataclass(frozen=True, slots=True)
class Circle(_Painted):
    """A circle, filled and/or stroked."""

    x: float
    y: float
    r: float


@dataclass(frozen=True, slots=True)
class Line:
    """An open polyline through ``points`` (two points for a segment)."""

    points: tuple[Point, ...]
    stroke: str = "#000000"
    width: float = 1.0
    dash: tuple[float, ...] = ()
    alpha: float = 1.0


@dataclass(frozen=True, slots=True)
class Polygon(_Painted):
    """A closed polygon, filled and/or stroked."""

    points: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class Rect(_Painted):
    """An axis-aligned rectangle, filled and/or stroked."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True, slots=True)
class Text:
    """A line of text; ``anchor`` is ``start``, ``middle`` or ``end``, ``y`` is the vertical centre."""

    x: float
    y: float
    text: str
    size: float = 12.0
    fill: str = "#000000"
    anchor: str = "middle"
    bold: bool = False
    mono: bool = False


Shape: TypeAlias = Circle | Line | Polygon | Rect | Text


@dataclass(frozen=True, slots=True)
class Region:
    """A clickable place meaning ``key`` (a dot, a pad, a card, a button) centred on ``(x, y)``.

    A disc of radius ``r``, or with a width ``w`` and a height ``h`` a rectangle of that size.
    """

    key: Hashable
    x: float
    y: float
    r: float
    label: str = ""
    w: float = 0.0
    h: float = 0.0

    def contains(self, x: float, y: float) -> bool:
        """True when the point ``(x, y)`` is on the region."""
        if self.w > 0 and self.h > 0:
            return abs(x - self.x) <= self.w / 2 and abs(y - self.y) <= self.h / 2
        return math.hypot(x - self.x, y - self.y) <= self.r

    @property
    def area(self) -> float:
        """The region's area (the smaller of two overlapping regions takes the click)."""
        return self.w * self.h if self.w > 0 and self.h > 0 else math.pi * self.r * self.r


@dataclass(frozen=True)
class Scene:
    """One frame: ``layers`` maps each name in :data:`LAYERS` to its shapes, bottom first."""

    width: int
    height: int
    layers: dict[str, tuple[Shape, ...]]
    regions: tuple[Region, ...] = ()
    title: str = ""
    background: str = "#ffffff"
    #: regions by key, built once (a scene is immutable)
    _by_key: dict[Hashable, Region] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for name in self.layers:
            if name not in LAYERS:
                raise ValueError(f"unknown scene layer {name!r}; the layers are {', '.join(LAYERS)}")
        self._by_key.update({r.key: r for r in self.regions})

    def layer(self, name: str) -> tuple[Shape, ...]:
        """The shapes of one layer (empty if the scene has none there)."""
        return self.layers.get(name, ())

    def shapes(self) -> Iterable[Shape]:
        """Every shape, bottom layer first."""
        for name in LAYERS:
            yield from self.layers.get(name, ())

    def region(self, key: Hashable) -> Region | None:
        """The clickable region with this key, if any."""
        return self._by_key.get(key)

    def hit(self, x: float, y: float) -> Region | None:
        """The region under the point ``(x, y)``: the smallest among those hit, then the nearest centre.

        The smallest is the most specific place (an astronaut in a field, a die on a tile).
        """
        best: Region | None = None
        best_key = (math.inf, math.inf)
        for reg in self.regions:
            if reg.contains(x, y):
                rank = (round(reg.area, 3), math.hypot(x - reg.x, y - reg.y))
                if rank < best_key:
                    best, best_key = reg, rank
        return best

    def point_of(self, key: Hashable) -> tuple[float, float] | None:
        """A point where a click means ``key``: its region's centre, else a free point of it.

        A field's centre may hold a die or an astronaut (smaller regions win the click); then the
        nearest point of the region, on a grid of 4 pixels, that no other region takes.
        """
        reg = self._by_key.get(key)
        if reg is None:
            return None
        hit = self.hit(reg.x, reg.y)
        if hit is not None and hit.key == key:
            return reg.x, reg.y
        half_w = reg.w / 2 if reg.w > 0 else reg.r
        half_h = reg.h / 2 if reg.h > 0 else reg.r
        points = sorted(
            ((reg.x + dx, reg.y + dy) for dx in _steps(half_w) for dy in _steps(half_h)),
            key=lambda p: math.hypot(p[0] - reg.x, p[1] - reg.y),
        )
        for x, y in points:
            hit = self.hit(x, y)
            if hit is not None and hit.key == key:
                return x, y
        return None

    def to_svg(self) -> str:
        """The scene as a standalone SVG document (regions become ``<title>`` tooltips)."""
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
            f'viewBox="0 0 {self.width} {self.height}" font-family="sans-serif">'
        ]
        if self.title:
            out.append(f"<title>{escape(self.title)}</title>")
        out.append(
            f'<rect x="0" y="0" width="{self.width}" height="{self.height}" '
            f"fill={quoteattr(self.background)}/>"
        )
        for shape in self.shapes():
            out.append(_svg_shape(shape))
        out.append("</svg>")
        return "\n".join(out)


def _steps(half: float) -> list[float]:
    """Offsets from -``half`` to ``half`` in steps of 4 pixels (the edges left out)."""
    n = int(half // 4)
    return [4.0 * i for i in range(-n, n + 1) if abs(4.0 * i) < half]


def _paint(fill: str | None, stroke: str | None, width: float, alpha: float) -> str:
    parts = [f"fill={quoteattr(fill or 'none')}"]
    if stroke:
        parts.append(f'stroke={quoteattr(stroke)} stroke-width="{width:g}"')
    if alpha < 1.0:
        parts.append(f'opacity="{alpha:g}"')
    return " ".join(parts)


def _pts(points: Iterable[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


def _svg_shape(s: Shape) -> str:
    if isinstance(s, Circle):
        paint = _paint(s.fill, s.stroke, s.width, s.alpha)
        return f'<circle cx="{s.x:.1f}" cy="{s.y:.1f}" r="{s.r:.1f}" {paint}/>'
    if isinstance(s, Line):
        dash = f' stroke-dasharray="{",".join(f"{d:g}" for d in s.dash)}"' if s.dash else ""
        op = f' opacity="{s.alpha:g}"' if s.alpha < 1.0 else ""
        return (
            f'<polyline points="{_pts(s.points)}" fill="none" stroke={quoteattr(s.stroke)} '
            f'stroke-width="{s.width:g}" stroke-linecap="round" stroke-linejoin="round"{dash}{op}/>'
        )
    if isinstance(s, Polygon):
        return f'<polygon points="{_pts(s.points)}" {_paint(s.fill, s.stroke, s.width, s.alpha)}/>'
    if isinstance(s, Rect):
        return (
            f'<rect x="{s.x:.1f}" y="{s.y:.1f}" width="{s.w:.1f}" height="{s.h:.1f}" '
            f"{_paint(s.fill, s.stroke, s.width, s.alpha)}/>"
        )
    if isinstance(s, Text):
        weight = ' font-weight="bold"' if s.bold else ""
        weight += ' font-family="monospace" xml:space="preserve"' if s.mono else ""
        return (
            f'<text x="{s.x:.1f}" y="{s.y:.1f}" font-size="{s.size:g}" fill={quoteattr(s.fill)} '
            f'text-anchor="{_ANCHOR.get(s.anchor, "middle")}" dominant-baseline="central"{weight}>'
            f"{escape(s.text)}</text>"
        )
    raise TypeError(f"not a scene shape: {s!r}")
