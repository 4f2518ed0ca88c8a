"""Win chances in the game view: the strip under the board, the review panel and the hint switch.

* :class:`WinStrip`: one line per seat in its colour, step by step along the game's line, the shown
  step marked; a click goes to the nearest step. During play it shows what the seat in front of the
  screen may know (every seat's chance from that seat's view: ``isslab.evaluate(state, seat,
  method="model")``), and nothing else; with no person at the table (or after the game) the full
  review (:func:`isslab.review`, every seat from its own view).
* the review panel after the game (:func:`isslab.review`: the judge's rollouts with the default bot
  at every seat, as it says): per seat its accuracy, error rate with its interval and the ladder's
  label, its result, luck and result less luck; the person's costliest decisions rated, with the
  best move, the chance it would have kept (with its standard error) and the judge's best line from
  it; the luckiest and unluckiest dice or draws, marked *lucky* or *unlucky* where the luck is larger
  than its noise; luck against skill in sentences per seat.
* the hint switch, off by default: the judge's three best moves here, with their chances and
  standard errors (:func:`isslab.analysis.review.hints`, from what the seat to move may know), only
  when the seat to move is the person looking (:meth:`Session.my_turn`).

Who looks is the session's one answer, :meth:`Session.sight`: while the hot-seat cover asks to
pass the screen, the panel computes nothing (no chance, no hint, no review) and shows nothing, and
after *I am ...* it computes again for the new seat.

The strip uses the game's fitted model when one is shipped or cached (the default tables ship
one); for another table it offers a button that fits it (about a minute).
"""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING, Any, Final

import ipywidgets as widgets
from ipycanvas import Canvas, hold_canvas

from isslab.analysis import winprob
from isslab.analysis.review import Review, hints, review
from isslab.analysis.valuation import lineup_words
from isslab.core import State, short_repr
from isslab_widgets.boards.kit import readable, text_width
from isslab_widgets.draw import paint
from isslab_widgets.scene import Circle, Line, Rect, Scene, Shape, Text

if TYPE_CHECKING:
    from isslab_widgets.session import Session

__all__ = [
    "STRIP_HEIGHT",
    "WinChancePanel",
    "WinStrip",
    "legend_html",
    "review_html",
    "review_table_html",
    "strip_values",
]

STRIP_HEIGHT: Final = 132
#: the strip fills the width of the side column's tabs
STRIP_WIDTH: Final = 536
#: the review panel's height after the game (a report: longer ones scroll in their box)
REVIEW_HEIGHT: Final = 200
#: what the hint switch says when the table has no model (the hints show with the win chances)
NO_MODEL_HINTS: Final = (
    "<i>No hints yet: this table has no win-chance model, and the hints show with the chances. "
    "Press <b>Fit win chances</b> (about a minute on two cores); the strip and the hints then show here.</i>"
)
# the margins of the plot: numbers of the value axis on the left, of the steps below
_LEFT: Final = 34
_RIGHT: Final = 8
_TOP: Final = 8
_BOTTOM: Final = 20


def strip_values(session: Session, fitted: winprob.WinModel) -> tuple[list[list[float]], int | None, str]:
    """Every seat's chance at every step of the line, the seat they are judged for, and the mode.

    The mode is ``"play"`` while the game goes on (chances from the view of the seat in front of the
    screen only; with nobody at the table each seat's from its own) or ``"review"`` once it is over
    (the full review: each seat from its own view). Nothing (mode ``"covered"``) while the hot-seat
    cover asks to pass the screen: every value would be computed for one seat's eyes.
    """
    sight = session.sight()
    if sight.covered:
        return [], None, "covered"
    tree = session.tree
    if tree.tip.is_terminal():
        rev = _review_of(session, fitted)
        return [list(r) for r in rev.curve()], None, "review"
    eyes = sight.eyes
    memo: dict[tuple[State, int | None], list[float]] = _memo(session, "_winchance_memo", fitted)
    out = []
    for i in range(tree.size):
        key = (tree.at(i), eyes)
        got = memo.get(key)
        if got is None:
            got = memo[key] = fitted.values(key[0], eyes)
        out.append(got)
    return out, eyes, "play"


def _memo(session: Session, name: str, fitted: winprob.WinModel) -> dict[Any, Any]:
    """The session's memo ``name`` of values by ``fitted``: emptied when the model changes (a fit, a load)."""
    owner: object
    memo: dict[Any, Any]
    owner, memo = session.__dict__.get(name, (None, {}))
    if owner is not fitted:
        owner, memo = fitted, {}
        session.__dict__[name] = (owner, memo)
    return memo


def _review_of(session: Session, fitted: winprob.WinModel) -> Review:
    tip = session.tree.tip
    cache: dict[State, Review] = _memo(session, "_winchance_reviews", fitted)
    if tip not in cache:
        cache.clear()
        cache[tip] = review(tip, model_=fitted)
    return cache[tip]


class WinStrip:
    """The win-chance strip: an ipycanvas ``Canvas`` of the chances, click to go to a step.

    The picture is a pure scene (:meth:`scene`): the value axis with its numbers (0, 0.5 and 1, or
    the co-op game's range), a line per seat in its colour, the steps along the bottom and the
    shown step marked with a line, a dot on each seat's line and its number. The seats' names and
    their values at the shown step are the legend beside it (:func:`legend_html`).
    """

    def __init__(
        self, session: Session, go_to: Any, width: int = STRIP_WIDTH, height: int = STRIP_HEIGHT
    ) -> None:
        self.session = session
        self.go_to = go_to
        self.canvas = Canvas(
            width=width, height=height, layout=widgets.Layout(width=f"{width}px", height=f"{height}px")
        )
        self.canvas.on_mouse_down(self._on_click)
        #: what the strip shows now: per step, every seat's chance (tests read it)
        self.values: list[list[float]] = []
        self.seat: int | None = None
        self.mode = ""
        self.bounds = (0.0, 1.0)

    def x_of(self, step: int) -> float:
        """The canvas x of a step."""
        steps = max(1, len(self.values) - 1)
        return float(_LEFT + (self.canvas.width - _LEFT - _RIGHT) * step / steps)

    def y_of(self, value: float) -> float:
        """The canvas y of a chance."""
        lo, hi = self.bounds
        frac = (value - lo) / (hi - lo) if hi > lo else 0.0
        span = self.canvas.height - _TOP - _BOTTOM
        return float(self.canvas.height - _BOTTOM - span * min(1.0, max(0.0, frac)))

    def step_at(self, x: float) -> int:
        """The step nearest to canvas x."""
        steps = max(1, len(self.values) - 1)
        frac = (x - _LEFT) / max(1.0, self.canvas.width - _LEFT - _RIGHT)
        return int(round(min(1.0, max(0.0, frac)) * steps))

    def shown_step(self) -> int:
        """The step marked on the strip: the view's cursor (the last step drawn, if the line is shorter)."""
        return min(self.session.tree.cursor, max(0, len(self.values) - 1))

    def update(self, fitted: winprob.WinModel) -> None:
        """Recompute the values and redraw."""
        self.values, self.seat, self.mode = strip_values(self.session, fitted)
        self.bounds = (fitted.lo, fitted.hi)
        self.draw()

    def scene(self) -> Scene:
        """The strip's picture: axis, numbers, a line per seat, the shown step marked."""
        c = self.canvas
        w, h = int(c.width), int(c.height)
        lo, hi = self.bounds
        colours = self.session.game.info.seat_colours
        shapes: list[Shape] = [Rect(0, 0, w, h, fill="#fbfbfb")]
        for value in (lo, (lo + hi) / 2, hi):  # the value axis: bottom, middle and top, numbered
            y = self.y_of(value)
            shapes.append(Line(((_LEFT, y), (w - _RIGHT, y)), stroke="#d6d6d6" if value != lo else "#999999"))
            shapes.append(Text(_LEFT - 4, y, f"{value:.3g}", size=11, fill="#444444", anchor="end"))
        shapes.append(Line(((_LEFT, _TOP), (_LEFT, h - _BOTTOM)), stroke="#999999"))
        last = max(0, len(self.values) - 1)
        base = h - _BOTTOM / 2 + 1
        # the steps: the first and the last at the ends, the shown one under its mark (an end number
        # it would overlap is left out: the mark's own number says it)
        mark = ""
        middle = 0.0
        if self.values:
            mark = f"step {self.shown_step()}"
            half = text_width(mark, 11) / 2
            middle = min(max(self.x_of(self.shown_step()), _LEFT + half), w - _RIGHT - half)
        ends = ((float(_LEFT), "step 0", "start"), (float(w - _RIGHT), f"{last}", "end"))
        for at, text, anchor in ends:
            size = text_width(text, 11)
            left, right = (at, at + size) if anchor == "start" else (at - size, at)
            half = text_width(mark, 11) / 2
            if not mark or right + 6 < middle - half or left - 6 > middle + half:
                shapes.append(Text(at, base, text, size=11, fill="#444444", anchor=anchor))
        for j in range(len(colours[: self.session.game.num_players])):
            pts = tuple(
                (self.x_of(i), self.y_of(v[j])) for i, v in enumerate(self.values) if not math.isnan(v[j])
            )
            if len(pts) >= 2:
                shapes.append(Line(pts, stroke=colours[j], width=2.0))
        if self.values:  # the shown step: a line, a dot on each seat's line, its number
            step = self.shown_step()
            x = self.x_of(step)
            shapes.append(Line(((x, _TOP - 2), (x, h - _BOTTOM + 3)), stroke="#333333", width=1.0))
            for j, v in enumerate(self.values[step]):
                if not math.isnan(v):
                    shapes.append(Circle(x, self.y_of(v), 3.5, fill=colours[j], stroke="#ffffff", width=1.0))
            shapes.append(Text(middle, base, mark, size=11, fill="#000000", bold=True))
        return Scene(w, h, {"background": tuple(shapes), "board": (), "pieces": ()}, title="win chances")

    def draw(self) -> None:
        """Paint the strip's scene, in one batch."""
        with hold_canvas():
            self.canvas.clear()
            paint(self.canvas, self.scene().shapes())

    def _on_click(self, x: float, y: float) -> None:
        if self.values:
            self.go_to(self.step_at(x))

    def click(self, x: float, y: float) -> None:
        """A click at canvas (x, y): go to the nearest step (what the browser sends).

        Anything but two finite numbers is refused with a ``ValueError`` that says so, and nothing
        changes.
        """
        for name, value in (("x", x), ("y", y)):
            if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
                raise ValueError(
                    f"a click on the win-chance strip is at two finite numbers x and y (canvas pixels, "
                    f"0 to {self.canvas.width} and 0 to {self.canvas.height}); "
                    f"{name} is {short_repr(value, 40)}"
                )
        self._on_click(x, y)


def legend_html(strip: WinStrip, kind: str) -> str:
    """The strip's legend: each seat in its colour with its value at the shown step."""
    if not strip.values:
        return ""
    g = strip.session.game
    step = strip.shown_step()
    seats = " &nbsp; ".join(
        f"<span style='color:{html.escape(g.info.seat_colours[j])}'>&#9632;</span> "
        f"<b style='color:{html.escape(readable(g.info.seat_colours[j]))}'>{html.escape(g.seat_name(j))}</b> "
        + ("–" if math.isnan(v) else f"{v:.2f}")
        for j, v in enumerate(strip.values[step])
    )
    lo, hi = strip.bounds
    scale = "" if kind == "win chance" else f" (from {lo:g} to {hi:g})"
    return f"<div class='isslab-legend'>{html.escape(kind)}{scale} at step {step}: {seats}</div>"


#: the costliest decisions a seat's part of the review panel lists, and how many get their best line
PANEL_DECISIONS: Final = 6
PANEL_LINES: Final = 3


def _pm(value: float, se: float) -> str:
    """``0.42 ± 0.05``, or ``0.42`` where there is no standard error."""
    return f"{value:.2f}" if math.isnan(se) or se == 0 else f"{value:.2f} ± {se:.2f}"


def review_table_html(rev: Review, seats: list[int]) -> str:
    """One row per seat: accuracy, error rate with its interval, the ladder's label, result and luck."""
    s = rev.summary()
    rows = []
    for j in seats:
        r = s.iloc[j]
        interval = "" if math.isnan(r["error_high"]) else f" [{r['error_low']:.1f}, {r['error_high']:.1f}]"
        quality = (
            f"<td>{r['accuracy']:.0f}</td><td>{r['error_rate']:.1f}{interval}</td><td>{html.escape(r['label'])}</td>"
            if r["judged"]
            else "<td colspan='3'><i>no decision judged</i></td>"
        )
        rows.append(
            f"<tr><td>{html.escape(str(r['name']))}</td>{quality}<td>{r['end']:.2f}</td>"
            f"<td>{r['luck']:+.2f}</td><td>{r['luck_adjusted']:.2f}</td></tr>"
        )
    head = (
        "<tr><th>seat</th><th>accuracy</th><th>error rate (per 1000)</th><th>play</th><th>result</th>"
        "<th>luck</th><th>result less luck</th></tr>"
    )
    return f"<table>{head}{''.join(rows)}</table>"


def review_html(rev: Review, seats: list[int], lines: bool = True) -> str:
    """The review panel: per seat its play, costliest decisions with the best line, and its marked luck.

    Every figure names the valuation it was measured with (the review's words); ``lines=False``
    leaves out the best lines (each costs the judge a few rollouts).
    """
    parts = [
        f"<b>Review</b> <i>(values: {html.escape(rev.valuation)}; moves compared: "
        f"{html.escape(rev.candidates)})</i>",
        review_table_html(rev, seats),
    ]
    span = rev.bounds[1] - rev.bounds[0]
    unit = "" if rev.kind == "win chance" else f" (of {span:g})"
    for seat in seats:
        name = html.escape(rev.game.seat_name(seat))
        parts.append(f"<p>{html.escape(rev.in_words(seat))}</p>")
        bad = rev.decisions(seat)
        bad = bad[bad["rating"] != ""].sort_values("loss", ascending=False).head(PANEL_DECISIONS)
        items = []
        for k, r in enumerate(bad.to_dict("records")):
            line = rev.line(int(r["step"])) if lines and k < PANEL_LINES else []
            shown = f"; best line: {html.escape(' → '.join(line))}" if len(line) > 1 else ""
            items.append(
                f"<li>step {r['step']}: <i>{html.escape(str(r['action']))}</i>, a {r['rating']} (kept "
                f"{r['chance']:.2f}; <i>{html.escape(str(r['best']))}</i> would have kept "
                f"{_pm(r['best_chance'], r['loss_se'])}{unit}{shown})</li>"
            )
        if items:
            parts.append(f"<div>{name}'s costliest decisions:<ul>{''.join(items)}</ul></div>")
        for worst, label in ((False, "luckiest"), (True, "unluckiest")):
            rows = rev.luckiest(seat, 2, worst=worst)
            if len(rows):
                marks = "".join(
                    f"<li>step {r['step']}: {html.escape(str(r['action']))} ({_pm(r['luck'], r['luck_se'])}"
                    + (f", <b>{html.escape(r['rating'])}</b>" if r["rating"] else "")
                    + ")</li>"
                    for r in rows.to_dict("records")
                )
                parts.append(f"<div>{name}'s {label} outcomes:<ul>{marks}</ul></div>")
    return "".join(parts)


class WinChancePanel(widgets.VBox):  # type: ignore[misc]
    """The strip, the hint switch and (after the game) the review panel, for a game view's session."""

    def __init__(self, session: Session, go_to: Any) -> None:
        super().__init__(layout=widgets.Layout(flex="0 0 auto"))
        self.session = session
        self.strip = WinStrip(session, go_to)
        self.title = widgets.HTML()
        self.fit_button = widgets.Button(description="Fit win chances", tooltip="about a minute on two cores")
        self.fit_button.on_click(lambda _b: self._fit())
        self.hint_switch = widgets.Checkbox(value=False, description="hints", indent=False)
        self.hint_switch.observe(lambda _c: self.refresh(), names="value")
        self.hint_html = widgets.HTML()
        #: the strip's legend: the seats in their colours, with their values at the shown step
        self.legend = widgets.HTML()
        # the review after the game is a report, read by scrolling in its own box (the tab keeps its size)
        box = widgets.Layout(max_height=f"{REVIEW_HEIGHT}px", overflow="auto")
        self.review_html = widgets.HTML(layout=box)
        self.review_html.add_class("isslab-scrolls")
        self.children = [
            widgets.HBox([self.title, self.hint_switch], layout=widgets.Layout(align_items="center")),
            self.fit_button,
            self.strip.canvas,
            self.legend,
            self.hint_html,
            self.review_html,
        ]
        self._fitted: winprob.WinModel | None = None
        self._hint_for: tuple[State, int | None] | None = None

    def model(self) -> winprob.WinModel | None:
        """The game's model if shipped or cached (the panel never fits on its own)."""
        if self._fitted is None or self._fitted.game != self.session.game:
            self._fitted = winprob.available(self.session.game)
        return self._fitted

    def _fit(self) -> None:
        self.title.value = "<i>fitting the win-chance model...</i>"
        self._fitted = winprob.model(self.session.game, workers=2, progress=False)
        self.refresh()

    def refresh(self) -> None:
        """Bring the strip, hints and review up to date with the session (nothing under the cover)."""
        if self.session.sight().covered:
            self._cover()
            return
        fitted = self.model()
        has = fitted is not None
        self.fit_button.layout.display = "none" if has else None
        self.strip.canvas.layout.display = None if has else "none"
        if fitted is None:
            self.title.value = "<b>Win chances</b> <i>(no model for this table yet)</i>"
            self.review_html.value = self.legend.value = ""
            self.hint_html.value = NO_MODEL_HINTS if self.hint_switch.value else ""
            return
        self.strip.update(fitted)
        who = (
            ""
            if self.strip.seat is None
            else f" as {html.escape(self.session.game.seat_name(self.strip.seat))} sees it"
        )
        self.title.value = f"<b>Win chances</b>{who}"
        self.legend.value = legend_html(self.strip, winprob.chance_kind(self.session.game))
        s = self.session
        over = s.tree.tip.is_terminal()
        humans = list(s.humans())
        self.review_html.value = (
            review_html(_review_of(s, fitted), humans or list(range(s.game.num_players))) if over else ""
        )
        self._hints()

    def _cover(self) -> None:
        """The hot-seat cover: nothing computed, nothing left of what was shown to the leaving seat."""
        self.strip.values, self.strip.seat, self.strip.mode = [], None, "covered"
        self.strip.draw()  # the canvas keeps its pixels even when hidden: wipe the leaving seat's lines
        self.strip.canvas.layout.display = "none"
        self.fit_button.layout.display = "none"
        self.title.value = "<b>Win chances</b> <i>(covered until the screen has passed)</i>"
        self.hint_html.value = self.review_html.value = ""
        self._hint_for = None

    def _hints(self) -> None:
        s = self.session
        if not self.hint_switch.value:
            self.hint_html.value = ""
            return
        # only for the person looking, at its own turn: another seat's best moves come from its hand
        if not s.my_turn():
            # a bot's turn gets a word on what hints do; another person's turn gets nothing of its own
            bots_turn = not s.human_to_move()
            self.hint_html.value = (
                "<i>Hints: the judge's best moves show here when a person moves.</i>" if bots_turn else ""
            )
            self._hint_for = None
            return
        key = (s.state, s.sight().eyes)
        if self._hint_for == key:
            return
        self._hint_for = key
        best = hints(*key, model_=self._fitted)
        items = "".join(f"<li>{html.escape(t)}: {_pm(c, e)}</li>" for t, c, e in best)
        lineup = lineup_words(s.game, [s.game.info.default_bot] * s.game.num_players)
        self.hint_html.value = (
            f"<div>The judge's best moves here (rollouts with {html.escape(lineup)}):<ol>{items}</ol></div>"
        )
