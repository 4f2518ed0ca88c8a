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

Every number assumes who plays on from the shown step, and the panel says so in words ("if every
seat played greedy from here"): the bots at their seats, and a person's seat played like the bot
picked under *people play like* (the game's default bot unless changed). The strip uses the model of
that line-up (:func:`isslab.winprob.available`: the shipped table models cover every player
count of the four games at their default options, for line-ups of their own bots and ``random``). A
table or line-up without one starts a fit in the background, with its progress shown; meanwhile the strip
shows rollouts by the same line-up at each step looked at, and the hints work as ever.
"""

from __future__ import annotations

import html
import math
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import ipywidgets as widgets
from ipycanvas import Canvas, hold_canvas

from isslab.analysis import winprob
from isslab.analysis.evaluate import evaluate
from isslab.analysis.review import Review, hints, review
from isslab.analysis.valuation import lineup_words
from isslab.core import Game, State, short_repr
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
#: rollouts per step while a model is being fitted (an interval of about +-0.14 on a chance of 0.5)
ROLLOUT_GAMES: Final = 48
#: games a background fit simulates
FIT_GAMES: Final = winprob.DEFAULT_GAMES
#: the person's seat in a line-up (the session's seat name)
_HUMAN: Final = "human"
# the margins of the plot: numbers of the value axis on the left, of the steps below
_LEFT: Final = 34
_RIGHT: Final = 8
_TOP: Final = 8
_BOTTOM: Final = 20


def strip_values(
    session: Session, fitted: winprob.WinModel | None, lineup: tuple[str, ...] | None = None
) -> tuple[list[list[float]], int | None, str]:
    """Every seat's chance at every step of the line, the seat they are judged for, and the mode.

    The mode is ``"play"`` while the game goes on (chances from the view of the seat in front of the
    screen only; with nobody at the table each seat's from its own) or ``"review"`` once it is over
    (the full review: each seat from its own view). Nothing (mode ``"covered"``) while the hot-seat
    cover asks to pass the screen: every value would be computed for one seat's eyes. Without a
    model (``fitted`` None; one is being fitted) the mode is ``"rollouts"``: rollouts by ``lineup``
    at the shown step, remembered, and NaN at the steps not looked at yet.
    """
    sight = session.sight()
    if sight.covered:
        return [], None, "covered"
    tree = session.tree
    eyes = sight.eyes
    if fitted is None:
        return _rollout_values(session, lineup or (), eyes), eyes, "rollouts"
    if tree.tip.is_terminal():
        rev = _review_of(session, fitted, lineup or fitted.lineup)
        return [list(r) for r in rev.curve()], None, "review"
    memo: dict[tuple[State, int | None], list[float]] = _memo(session, "_winchance_memo", fitted)
    out = []
    for i in range(tree.size):
        key = (tree.at(i), eyes)
        got = memo.get(key)
        if got is None:
            got = memo[key] = fitted.values(key[0], eyes)
        out.append(got)
    return out, eyes, "play"


def _rollout_values(session: Session, lineup: tuple[str, ...], eyes: int | None) -> list[list[float]]:
    """Rollouts by ``lineup`` at the shown step (as ``eyes`` may know it), NaN where none were played."""
    tree = session.tree
    memo: dict[tuple[State, int | None], list[float]] = _memo(session, "_winchance_rollouts", lineup)
    shown = tree.at(min(tree.cursor, tree.size - 1))
    if (shown, eyes) not in memo:
        ev = evaluate(shown, eyes, games=ROLLOUT_GAMES, bots=list(lineup), seed=shown.move_number)
        memo[(shown, eyes)] = list(ev.chances)
    n = session.game.num_players
    return [memo.get((tree.at(i), eyes), [math.nan] * n) for i in range(tree.size)]


def _memo(session: Session, name: str, fitted: object) -> dict[Any, Any]:
    """The session's memo ``name`` of values by ``fitted``: emptied when the model (or the line-up of the
    rollouts) changes (a fit, a load, another choice of how people play)."""
    owner: object
    memo: dict[Any, Any]
    owner, memo = session.__dict__.get(name, (None, {}))
    if owner is not fitted and owner != fitted:
        owner, memo = fitted, {}
        session.__dict__[name] = (owner, memo)
    return memo


def _review_of(session: Session, fitted: winprob.WinModel, lineup: tuple[str, ...]) -> Review:
    """The judge's review of the finished game: rollouts by ``lineup``, ``fitted`` its first pass."""
    tip = session.tree.tip
    cache: dict[State, Review] = _memo(session, "_winchance_reviews", (fitted, lineup))
    if tip not in cache:
        cache.clear()
        cache[tip] = review(tip, bots=list(lineup), model_=fitted)
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

    def update(self, fitted: winprob.WinModel | None, lineup: tuple[str, ...] = ()) -> None:
        """Recompute the values (by the model, else by rollouts of ``lineup``) and redraw."""
        self.values, self.seat, self.mode = strip_values(self.session, fitted, lineup)
        if fitted is not None:
            self.bounds = (fitted.lo, fitted.hi)
        else:  # rollouts: the results seen so far, at least the win/lose range
            seen = [v for row in self.values for v in row if not math.isnan(v)]
            self.bounds = (min([0.0, *seen]), max([1.0, *seen]))
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
            if self.mode == "rollouts":  # the steps looked at so far while a model is fitted, each a dot
                shapes.extend(Circle(x, y, 2.5, fill=colours[j]) for x, y in pts)
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


def review_html(rev: Review, seats: list[int], lines: bool = True, assumes: str = "") -> str:
    """The review panel: per seat its play, costliest decisions with the best line, and its marked luck.

    Every figure names the valuation it was measured with (the review's words; ``assumes``: whose
    play the panel's chances assume, a person's seat named as such); ``lines=False`` leaves out the
    best lines (each costs the judge a few rollouts).
    """
    parts = [
        f"<b>Review</b> <i>(values: {html.escape(rev.valuation)}; moves compared: "
        f"{html.escape(rev.candidates)})</i>"
        + (f" <i>(chances {html.escape(assumes)})</i>" if assumes else ""),
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
        self.hint_switch = widgets.Checkbox(value=False, description="hints", indent=False)
        self.hint_switch.observe(lambda _c: self.refresh(), names="value")
        #: how the chances take a person's seat to play on: like this bot (changeable)
        self.people = widgets.Dropdown(
            description="people play like",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="260px"),
        )
        self._people_game: Game | None = None
        self._quiet = False  # while the options are set anew: one refresh, not one per change
        self._set_people_options()
        self.people.observe(lambda _c: None if self._quiet else self.refresh(), names="value")
        self.fit_bar = widgets.FloatProgress(
            value=0.0, min=0.0, max=1.0, description="fitting", layout=widgets.Layout(display="none")
        )
        self.fit_note = widgets.HTML()
        self.hint_html = widgets.HTML()
        #: the strip's legend: the seats in their colours, with their values at the shown step
        self.legend = widgets.HTML()
        # the review after the game is a report, read by scrolling in its own box (the tab keeps its size)
        box = widgets.Layout(max_height=f"{REVIEW_HEIGHT}px", overflow="auto")
        self.review_html = widgets.HTML(layout=box)
        self.review_html.add_class("isslab-scrolls")
        self.children = [
            widgets.HBox([self.title, self.hint_switch], layout=widgets.Layout(align_items="center")),
            self.people,
            widgets.HBox([self.fit_bar, self.fit_note]),
            self.strip.canvas,
            self.legend,
            self.hint_html,
            self.review_html,
        ]
        self._fitted: winprob.WinModel | None = None
        self._job: winprob.FitJob | None = None
        self._hint_for: tuple[State, int | None] | None = None
        # a fit finishes in its own thread and refreshes from there: one refresh at a time
        self._lock = threading.RLock()
        #: whether a person can see the panel now (a game view says: its tab is the one open)
        self.shown: Callable[[], bool] = lambda: True

    def _set_people_options(self) -> None:
        """The bots a person's seat may be taken as: the table model's bots (the default first)."""
        game = self.session.game
        if self._people_game == game:
            return
        self._people_game = game
        options = list(winprob.table_pool(game))
        self._quiet = True
        try:
            self.people.options = options
            self.people.value = options[0]
        finally:
            self._quiet = False

    def lineup(self) -> tuple[str, ...]:
        """Who the chances assume plays each seat: its bot, or for a person the bot picked for people."""
        return tuple(self.people.value if p == _HUMAN else p for p in self.session.seats)

    def assumes(self) -> str:
        """Whose play the chances assume, in words (a person's seat named as such)."""
        s = self.session
        return winprob.lineup_words(s.game, self.lineup(), people=s.humans())

    def model(self) -> winprob.WinModel | None:
        """The model of the table and line-up if shipped, cached or fitted (the panel never fits in the
        foreground: :meth:`refresh` starts a fit in the background when there is none)."""
        game, lineup = self.session.game, self.lineup()
        f = self._fitted
        if f is None or f.game != game or not f.covers(lineup):
            f = winprob.available(game, lineup)
        elif f.lineup != lineup:
            f = f.for_lineup(lineup)
        self._fitted = f
        return f

    def _start_fit(self) -> None:
        """Fit the line-up's model in the background (once), its progress on the bar."""
        game, lineup = self.session.game, self.lineup()
        job = self._job
        if job is None or job.game != game or job.lineup != lineup:
            job = self._job = winprob.start_fit(game, lineup, games=FIT_GAMES)
            job.when_progress(self._fit_progress)
            job.when_done(self._fit_done)
        self.fit_bar.layout.display = None
        self.fit_bar.value = job.fraction
        self.fit_note.value = (
            f"<i>no win-chance model for this table and line-up yet: fitting one ({job.total_games:,} "
            f"games); meanwhile rollouts ({ROLLOUT_GAMES} games) at each step looked at</i>"
            if job.error is None
            else f"<i>the fit failed: {html.escape(job.error)}; rollouts only</i>"
        )

    def _fit_progress(self, job: winprob.FitJob) -> None:
        if job is self._job:
            self.fit_bar.value = job.fraction

    def _fit_done(self, job: winprob.FitJob) -> None:
        if job is self._job:
            with self._lock:
                got = job.result(0)
                if got is not None and got.game == self.session.game and got.covers(self.lineup()):
                    self._fitted = got
            self.refresh()

    def refresh(self) -> None:
        """Bring the strip, hints and review up to date with the session (nothing under the cover)."""
        with self._lock:
            self._refresh()

    def _refresh(self) -> None:
        if self.session.sight().covered:
            self._cover()
            return
        self._set_people_options()
        s = self.session
        self.people.layout.display = None if s.humans() else "none"
        fitted = self.model()
        if fitted is None and not self.shown():
            # no model for this table and nobody looking: the background fit and the rollouts after
            # every step (minutes of CPU at the cost of every click) wait until the tab is opened
            self.title.value = "<b>Win chances</b>: computed when this tab is opened"
            return
        self.strip.canvas.layout.display = None
        if fitted is None:
            self._start_fit()
        else:
            self.fit_bar.layout.display = "none"
            self.fit_note.value = ""
        self.strip.update(fitted, self.lineup())
        who = (
            "" if self.strip.seat is None else f" as {html.escape(s.game.seat_name(self.strip.seat))} sees it"
        )
        how = " <i>(rollouts until the model is fitted)</i>" if fitted is None else ""
        self.title.value = f"<b>Win chances</b>{who}, {html.escape(self.assumes())}{how}"
        self.legend.value = legend_html(self.strip, winprob.chance_kind(s.game))
        over = s.tree.tip.is_terminal()
        humans = list(s.humans())
        self.review_html.value = (
            review_html(
                _review_of(s, fitted, self.lineup()),
                humans or list(range(s.game.num_players)),
                assumes=self.assumes(),
            )
            if over and fitted is not None
            else ""
        )
        self._hints()

    def _cover(self) -> None:
        """The hot-seat cover: nothing computed, nothing left of what was shown to the leaving seat."""
        self.strip.values, self.strip.seat, self.strip.mode = [], None, "covered"
        self.strip.draw()  # the canvas keeps its pixels even when hidden: wipe the leaving seat's lines
        self.strip.canvas.layout.display = "none"
        self.fit_bar.layout.display = self.people.layout.display = "none"
        self.fit_note.value = ""
        self.title.value = "<b>Win chances</b> <i>(covered until the screen has passed)</i>"
        self.hint_html.value = self.review_html.value = self.legend.value = ""
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
        # the judge's rollouts play the line-up the panel assumes (a person's seat like the bot picked)
        lineup = self.lineup()
        best = hints(*key, bots=list(lineup), model_=self._fitted)
        items = "".join(f"<li>{html.escape(t)}: {_pm(c, e)}</li>" for t, c, e in best)
        self.hint_html.value = (
            f"<div>The judge's best moves here (rollouts with {html.escape(lineup_words(s.game, lineup))})"
            f":<ol>{items}</ol></div>"
        )
