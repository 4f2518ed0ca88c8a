"""The lab's *Tune* tab: ask ``isslab.tune`` for the rule values that meet design targets.

Two forms: what to search (up to three options, each with its range ``2..6`` or its values
``a, b, c``) and the targets (up to three measures, each with its band; the measure list offers the
game's metrics, its columns, ``median_<column>`` and the skill ladder). The lab's own option
controls fix every other option, and its bot choosers give the line-up. While the search runs, a
progress bar and a live plot of the settings tried follow it (each setting's worst error and the
best so far; the Pareto front with two targets); Stop ends it after the setting being played and
the best so far is still re-checked. Then the answer: the best setting and every re-checked
setting with its intervals, and a button that puts the best values into the lab's controls.

The work is ``isslab.tune``'s; this module only wires widgets to it. Every bad value is refused on
the status line with the message of the check that refused it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import ipywidgets as widgets
import pandas as pd

import isslab
from isslab.analysis.plots import png_bytes
from isslab.analysis.tune import TuneSpec, run_tune, search_figure, tune_spec
from isslab.analysis.tune_targets import LADDER, measures
from isslab.core import Option, short_repr
from isslab.sim import parse_values
from isslab_widgets.background import Background

if TYPE_CHECKING:
    from isslab_widgets.lab_widget import Lab

__all__ = ["TunePanel", "parse_range"]

#: rows of each form
ROWS: Final = 3
#: no option / no target in a row
NONE: Final = "(none)"
#: seconds between two redraws of the live plot
_REDRAW: Final = 0.7


def parse_range(text: Any, option: Option, what: str) -> Any:
    """The values box of one option: ``2..6`` (a range of numbers) or ``a, b, c`` (a list of values)."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"{what}: give a range like 2..6 or values like 2, 4, 6")
    if ".." in text:
        lo_text, _, hi_text = text.partition("..")
        ends = [parse_values(x, what)[0] if x.strip() else None for x in (lo_text, hi_text)]
        if any(not isinstance(e, int | float) or isinstance(e, bool) for e in ends):
            raise ValueError(f"{what}: a range needs two numbers, like 2..6, got {short_repr(text, 40)}")
        return tuple(ends)
    return list(parse_values(text, what))


def _band_end(text: str, what: str) -> float | None:
    if not text.strip():
        return None
    try:
        return float(text)
    except ValueError:
        raise ValueError(
            f"{what}: give a number (or leave it empty for no bound), got {short_repr(text, 40)}"
        ) from None


class TunePanel(Background[isslab.TuneResult], widgets.VBox):  # type: ignore[misc]  # a box is Any without stubs
    """The Tune tab of a lab: what to search, the targets, and the search with its live plot.

    ``wait()`` blocks until the search ends: its result, or its error raised; ``running()`` says
    whether it runs.
    """

    NOT_RUN = "the search has not run yet: press Search (or call run())"
    WORK = "the search"

    def __init__(self, lab: Lab) -> None:
        super().__init__()
        W = widgets
        self.lab = lab
        #: the result of the last search (None before the first)
        self.result: isslab.TuneResult | None = None
        self.error: BaseException | None = None
        self.thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._lock = threading.RLock()
        self._trials: pd.DataFrame | None = None
        self._fresh = False
        names = [NONE, *lab.schema]
        self.over_rows = [
            (
                W.Dropdown(options=names, value=NONE, description="search", layout=W.Layout(width="300px")),
                W.Text("", placeholder="2..6 or a, b, c", layout=W.Layout(width="240px")),
            )
            for _ in range(ROWS)
        ]
        self.measures = [NONE, *measures(isslab.make(lab.game_id))]
        self.target_rows = [
            (
                W.Dropdown(
                    options=self.measures, value=NONE, description="target", layout=W.Layout(width="300px")
                ),
                W.Text("", placeholder="low", layout=W.Layout(width="110px")),
                W.Text("", placeholder="high", layout=W.Layout(width="110px")),
            )
            for _ in range(ROWS)
        ]
        self.ladder = W.Text(
            "", placeholder="random, greedy", description="ladder bots", layout=W.Layout(width="420px")
        )
        self.budget = W.IntText(30, description="settings")
        self.games = W.IntText(200, description="games each")
        self.recheck = W.IntText(800, description="re-check")
        self.seed = W.IntText(0, description="seed")
        self.run_button = W.Button(description="Search", icon="search", button_style="primary")
        self.stop_button = W.Button(description="Stop", icon="stop", disabled=True)
        self.use_button = W.Button(description="Use the best values", icon="check", disabled=True)
        self.progress = W.IntProgress(0, min=0, max=1, description="settings")
        self.status = W.HTML()
        self.live = W.Image(format="png", layout=W.Layout(max_width="100%", display="none"))
        self.answer = W.HTML()
        self.run_button.on_click(lambda _b: self.run())
        self.stop_button.on_click(lambda _b: self.stop())
        self.use_button.on_click(lambda _b: self.use_best())
        self.children = [
            W.HTML(
                "<b>Search the rules for a target</b> (isslab.tune): the options below are searched, the "
                "lab's controls fix the others, its bots play"
            ),
            *(W.HBox(list(row)) for row in self.over_rows),
            *(W.HBox(list(row)) for row in self.target_rows),
            self.ladder,
            W.HBox([self.budget, self.games]),
            W.HBox([self.recheck, self.seed]),
            W.HBox([self.run_button, self.stop_button, self.progress]),
            self.status,
            self.live,
            self.answer,
            self.use_button,
        ]

    # ------------------------------------------------------------------------------------------
    # what the forms ask for
    # ------------------------------------------------------------------------------------------

    def over(self) -> dict[str, Any]:
        """The options to search and their ranges or values, from the form."""
        out: dict[str, Any] = {}
        for name_box, values_box in self.over_rows:
            name = name_box.value
            if name == NONE:
                continue
            if name in out:
                raise ValueError(f"search: {name} is chosen twice")
            out[name] = parse_range(values_box.value, self.lab.schema[name], f"the range of {name}")
        if not out:
            raise ValueError("search: choose at least one option to search, with its range")
        return out

    def targets(self) -> dict[str, Any]:
        """The targets and their bands, from the form."""
        out: dict[str, Any] = {}
        for measure, low, high in self.target_rows:
            m = measure.value
            if m == NONE:
                continue
            if m == LADDER:
                out[m] = [b.strip() for b in self.ladder.value.split(",") if b.strip()]
                continue
            out[m] = (
                _band_end(low.value, f"the low end of {m}"),
                _band_end(high.value, f"the high end of {m}"),
            )
        if not out:
            raise ValueError("targets: choose at least one target, with its band")
        return out

    # ------------------------------------------------------------------------------------------
    # running
    # ------------------------------------------------------------------------------------------

    def _guard(self, fn: Callable[[], Any]) -> Any:
        try:
            return fn()
        except Exception as exc:  # noqa: BLE001 - a widget callback reports, never raises into the kernel
            self.say(f"{type(exc).__name__}: {exc}", error=True)
            return None

    def run(self) -> threading.Thread | None:
        """Start the search in a background thread (the widgets stay live); ``wait()`` for the end."""
        return self._guard(self._start)  # type: ignore[no-any-return]

    def _start(self) -> threading.Thread:
        with self._lock:
            if self.running():
                raise RuntimeError("the search is running already: stop it first")
            over = self.over()
            targets = self.targets()
            options = {k: v for k, v in self.lab.options().items() if k not in over}
            bots = self.lab.bots()
            # the whole search is checked before the thread starts: a bad value is a message, not a crash
            spec = tune_spec(
                self.lab.game_id,
                targets=targets,
                over=over,
                bots=bots[0] if len(set(bots)) == 1 else bots,
                budget=self.budget.value,
                games=self.games.value,
                recheck=self.recheck.value,
                seed=self.seed.value,
                workers=self.lab.workers.value,
                progress=False,
                on_trial=self._on_trial,
                stop=self._stop,
                **options,
            )
            self._stop.clear()
            self.error = None
            self.result = None
            self._trials = None
            self.progress.max = max(1, int(self.budget.value))
            self.progress.value = 0
            self.progress.bar_style = ""
            self.run_button.disabled = True
            self.stop_button.disabled = False
            self.use_button.disabled = True
            self.answer.value = ""
            self.live.layout.display = "none"
            self.say("searching ...")
            self.thread = threading.Thread(target=self._work, args=(spec,), name="isslab-tune", daemon=True)
            self.thread.start()
            threading.Thread(
                target=self._paint, args=(self.thread,), name="isslab-tune-plot", daemon=True
            ).start()
            return self.thread

    def _work(self, spec: TuneSpec) -> None:
        self._carry_out(lambda: run_tune(spec), self._show, "the search failed")

    def _on_trial(self, trials: pd.DataFrame) -> None:
        """A setting was played (in the search's thread): note it; the painter draws it later."""
        with self._lock:
            self._trials = trials
            self._fresh = True
            self.progress.value = min(self.progress.max, len(trials))

    def _paint(self, run: threading.Thread) -> None:
        """The live plot's thread: redraw the search at most every ``_REDRAW`` s while it runs."""
        while run.is_alive():
            time.sleep(_REDRAW)
            self.draw()

    def draw(self) -> bool:
        """Draw the settings tried so far, if any came since the last drawing; True when it drew."""
        with self._lock:
            if not self._fresh or self._trials is None:
                return False
            self._fresh = False
            trials = self._trials
        names = [c.removeprefix("error: ") for c in trials.columns if c.startswith("error: ")]
        try:
            image = png_bytes(search_figure(trials, names))
        except Exception as exc:  # noqa: BLE001 - a plot must never stop the search
            self.say(f"live plot: {exc}", error=True)
            return False
        self.live.value = image
        self.live.layout.display = ""
        return True

    def _show(self, res: isslab.TuneResult) -> None:
        with self._lock:
            self._trials = res.trials
            self._fresh = True
        self.draw()
        self.answer.value = res._repr_html_()
        self.use_button.disabled = False
        self.progress.bar_style = "success"
        verdict = "meets every target" if res.met else "does not meet every target (see the intervals)"
        stopped = " (stopped early)" if res.interrupted else ""
        self.say(f"{len(res.trials)} settings tried{stopped}; the best, re-checked on fresh seeds, {verdict}")

    def stop(self) -> None:
        """End the search after the setting being played; the best so far is re-checked."""
        self._stop.set()
        self.say("stopping: the best setting so far will be re-checked ...")

    def use_best(self) -> None:
        """Put the best setting's values into the lab's option controls."""
        self._guard(self._use_best)

    def _use_best(self) -> None:
        if self.result is None:
            raise RuntimeError("no search has finished yet")
        for name, value in self.result.best_options.items():
            box = self.lab.controls.get(name)
            if box is None:
                continue
            opt = self.lab.schema[name]
            box.value = value if not isinstance(opt.default, tuple) else _json(value)
        self.say("the lab's controls hold the best values: Run plays them")


def _json(value: Any) -> str:
    from isslab_widgets.lab_widget import json_value

    return json_value(value)
