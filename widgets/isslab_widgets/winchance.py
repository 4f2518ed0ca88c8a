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
from isslab.core import State

if TYPE_CHECKING:
    from isslab_widgets.session import Session

__all__ = ["STRIP_HEIGHT", "WinChancePanel", "WinStrip", "review_html", "review_table_html", "strip_values"]

STRIP_HEIGHT: Final = 120
STRIP_WIDTH: Final = 640
_PAD: Final = 6


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
    """The win-chance strip: an ipycanvas ``Canvas`` of the chances, click to go to a step."""

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
        return float(_PAD + (self.canvas.width - 2 * _PAD) * step / steps)

    def y_of(self, value: float) -> float:
        """The canvas y of a chance."""
        lo, hi = self.bounds
        frac = (value - lo) / (hi - lo) if hi > lo else 0.0
        return float(self.canvas.height - _PAD - (self.canvas.height - 2 * _PAD) * min(1.0, max(0.0, frac)))

    def step_at(self, x: float) -> int:
        """The step nearest to canvas x."""
        steps = max(1, len(self.values) - 1)
        frac = (x - _PAD) / max(1.0, self.canvas.width - 2 * _PAD)
        return int(round(min(1.0, max(0.0, frac)) * steps))

    def update(self, fitted: winprob.WinModel) -> None:
        """Recompute the values and redraw."""
        self.values, self.seat, self.mode = strip_values(self.session, fitted)
        self.bounds = (fitted.lo, fitted.hi)
        self.draw()

    def draw(self) -> None:
        """Paint the lines, the 0.5 line and the shown step, in one batch."""
        c = self.canvas
        info = self.session.game.info
        n = self.session.game.num_players
        with hold_canvas():
            c.clear()
            c.fill_style = "#fbfbfb"
            c.fill_rect(0, 0, c.width, c.height)
            c.stroke_style = "#dddddd"
            c.line_width = 1
            mid = self.y_of((self.bounds[0] + self.bounds[1]) / 2)
            c.stroke_line(_PAD, mid, c.width - _PAD, mid)
            cursor = self.session.tree.cursor
            if self.values:
                x = self.x_of(min(cursor, len(self.values) - 1))
                c.stroke_style = "#888888"
                c.stroke_line(x, 0, x, c.height)
            c.line_width = 2
            for j in range(n):
                pts = [
                    (self.x_of(i), self.y_of(v[j])) for i, v in enumerate(self.values) if not math.isnan(v[j])
                ]
                if len(pts) >= 2:
                    c.stroke_style = info.seat_colours[j]
                    c.stroke_lines(pts)

    def _on_click(self, x: float, y: float) -> None:
        if self.values:
            self.go_to(self.step_at(x))

    def click(self, x: float, y: float) -> None:
        """A click at canvas (x, y): go to the nearest step (what the browser sends)."""
        self._on_click(x, y)


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
        self.review_html = widgets.HTML()
        self.children = [
            widgets.HBox([self.title, self.hint_switch]),
            self.fit_button,
            self.strip.canvas,
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
            self.review_html.value = self.hint_html.value = ""
            return
        self.strip.update(fitted)
        who = (
            ""
            if self.strip.seat is None
            else f" as {html.escape(self.session.game.seat_name(self.strip.seat))} sees it"
        )
        self.title.value = f"<b>Win chances</b>{who}"
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
        # only for the person looking, at its own turn: another seat's best moves come from its hand
        if not self.hint_switch.value or not s.my_turn():
            self.hint_html.value = ""
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
