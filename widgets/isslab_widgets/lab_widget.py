"""The what-if lab: ``isslab_widgets.lab(game_id)`` runs a rule-variant question on any game.

It builds one control per option of the game (from its option schema: sliders for bounded numbers,
dropdowns for choices, check boxes for readings, text for tables), each under a readable name with
its help text, bot choices per seat, a number of games and a run button. One option may be varied
over a list of values (a sweep: every value plays the same seeds). While the games run, a progress
bar and a live plot follow the chunks as they finish; a stop button keeps the games already played.
Then it shows the designer metrics with intervals (``isslab.metrics``), the paired comparisons
(``isslab.compare``) and every game as a dot; clicking a dot (an outlier), or choosing a game in the
list, opens it in the game view at its last step (``isslab.replay``). The *Tune* tab
(:mod:`isslab_widgets.lab_tune`) searches the options for design targets with ``isslab.tune``.

The work is done by ``isslab`` (simulate, sweep, compare, metrics, replay), the values box is read
by :func:`isslab.sim.parse_values` and the plots are :mod:`isslab.analysis.plots`; this module only
wires widgets to them. Every argument is checked with a ``ValueError`` that names it (no value is
clamped silently), and every callback reports its errors on the status line instead of raising into
the kernel.

The module is ``isslab_widgets.lab_widget``: the name ``isslab_widgets.lab`` is the function that
builds and shows a lab (a submodule of that name would replace the function on the package the first
time it is imported).
"""

from __future__ import annotations

import html
import json
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Final, cast

import ipywidgets as widgets
import numpy as np
import pandas as pd

import isslab
import isslab.checks as checks
from isslab.analysis.plots import game_points, lab_figure, png_bytes
from isslab.checks import MAX_GAMES
from isslab.core import Option, game_class, parse_json, short_repr
from isslab.sim import cpu_count, parse_values
from isslab.sim.pool import as_pool
from isslab.sim.spec import RunArgs, run_spec
from isslab_widgets.background import Background
from isslab_widgets.guard import guarded_by

__all__ = ["Lab", "lab"]


#: no vary option
NOTHING: Final = "(nothing)"
#: seconds between two redraws of the live plot
_REDRAW: Final = 0.7
#: a click finds the nearest game within this many pixels
_REACH: Final = 10.0
#: games offered in the list per variant and kind (longest, shortest, ...)
_LISTED: Final = 5
#: the help line under each option's control
_HELP_STYLE: Final = "font-size:11px;color:#555;line-height:1.25;margin:0 0 6px 4px;white-space:normal"


#: the lab's callbacks: an exception is said on the status line
_guarded = guarded_by(lambda lab, exc: lab.say(f"{type(exc).__name__}: {exc}", error=True))


def label(option: Option) -> str:
    """An option's name as a reader says it: ``shuttle copies`` for ``shuttle_copies``."""
    return option.name.replace("_", " ")


def control(option: Option, value: Any) -> Any:
    """A widget for one option, chosen from its schema, under the option's readable name.

    Bounded numbers get a slider (it cannot leave the bounds); other numbers a text box that keeps
    what is typed, so that a value out of range is refused with the option's own message at Run
    rather than clamped without a word.
    """
    W = widgets
    common = {"description": label(option), "style": {"description_width": "150px"}}
    layout = W.Layout(width="330px")
    if isinstance(option.default, bool):
        box = W.Checkbox(bool(value), indent=False, **common)
    elif option.choices is not None:
        box = W.Dropdown(options=list(option.choices), value=value, layout=layout, **common)
    elif isinstance(option.default, int):
        lo, hi = option.min, option.max
        if lo is not None and hi is not None and hi - lo <= 100:
            box = W.IntSlider(int(value), min=int(lo), max=int(hi), layout=layout, **common)
        else:
            box = W.IntText(int(value), layout=layout, **common)
    elif isinstance(option.default, float):
        if option.min is not None and option.max is not None:
            step = (option.max - option.min) / 100 or 0.01
            box = W.FloatSlider(
                float(value), min=option.min, max=option.max, step=step, layout=layout, **common
            )
        else:
            box = W.FloatText(float(value), layout=layout, **common)
    elif isinstance(option.default, tuple):
        box = W.Text(json_value(value), layout=W.Layout(width="660px"), **common)
    else:
        box = W.Text(str(value), layout=layout, **common)
    box.tooltip = help_text(option)
    return box


def help_text(option: Option) -> str:
    """The option's help: its doc, what it allows, and whether its default is an assumption."""
    return f"{option.doc}; {option.allowed(example=False)}" + (" [assumption]" if option.assumption else "")


def json_value(value: Any) -> str:
    """A value as JSON text (tuples as lists)."""
    return json.dumps(checks.plain(value))


def read_control(option: Option, box: Any) -> Any:
    """The value a control holds, as the option takes it (tables are JSON text, depth-bounded)."""
    if isinstance(option.default, tuple):
        try:
            return checks.frozen(parse_json(box.value, f"option {option.name}"))
        except ValueError as exc:
            if "invalid JSON" in str(exc):
                raise ValueError(f"option {option.name}: not JSON: {short_repr(box.value, 60)}") from None
            raise
    return box.value


def suggest(option: Option, value: Any) -> str:
    """Values worth comparing for an option, as the values box reads them (the current value first)."""
    if isinstance(option.default, bool):
        return f"{str(bool(value)).lower()}, {str(not value).lower()}"
    if option.choices is not None:
        rest = [c for c in option.choices if c != value]
        return ", ".join(json.dumps(c) if not isinstance(c, str) else c for c in [value, *rest])
    if isinstance(option.default, int):
        lo = -(10**9) if option.min is None else option.min
        hi = 10**9 if option.max is None else option.max
        return ", ".join(str(v) for v in (value, value + 1) if lo <= v <= hi) or str(value)
    if isinstance(option.default, float):
        return f"{value:g}, {value * 1.5:g}"
    if isinstance(option.default, tuple):
        return json.dumps([checks.plain(value)])
    return str(value)


def _check_bots(bots: Any, names: Sequence[str], seats: int) -> list[str] | None:
    """``bots``: None, or bot names (one per seat, or one for all) that the game knows."""
    if bots is None:
        return None
    if isinstance(bots, str):
        bots = [bots]
    if not isinstance(bots, Sequence) or not bots or not all(isinstance(b, str) for b in bots):
        raise ValueError(f"bots must be a list of bot names, got {short_repr(bots, 60)}")
    unknown = [b for b in bots if b not in names]
    if unknown:
        raise ValueError(
            f"bots: {short_repr(unknown[0], 40)} is not a bot of this game; the bots are: {', '.join(names)}"
        )
    if len(bots) not in (1, seats):
        raise ValueError(f"bots must name {seats} bots (one per seat) or one for all, got {len(bots)}")
    return list(bots)


class Lab(Background[pd.DataFrame], widgets.VBox):
    """The what-if lab of one game: options, bots, games; progress and live plot; metrics, comparisons
    and every game, each clickable into the game view.

    ``wait()`` blocks until the run ends: its rows, or its error raised; ``running()`` says whether
    games are being played.
    """

    NOT_RUN = "the lab has not run yet: press Run (or call run())"
    WORK = "the lab's run"

    def __init__(
        self,
        game_id: str,
        *,
        games: int = 200,
        seed: int = 0,
        workers: int = 1,
        bots: Sequence[str] | None = None,
        vary: str | None = None,
        values: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        cls = game_class(game_id)
        game = isslab.make(game_id, **options)  # bad options fail here, naming the option
        names = [o.name for o in cls.OPTIONS]
        if vary is not None and vary not in names:
            raise ValueError(
                f"vary={short_repr(vary, 40)} is not an option of {game_id}; "
                f"the options are: {', '.join(names)}"
            )
        # every number is checked here, as simulate checks it: a value out of range is an error,
        # never clamped to the nearest allowed one without a word
        games = checks.integer("games", games, 1, MAX_GAMES)
        seed = checks.seed("seed", seed)
        if as_pool(workers, games).executor is not None:  # the one rule for workers, as simulate reads it
            raise ValueError("the lab's workers box takes a number of processes, not an executor")
        if values is not None and not isinstance(values, str):
            raise ValueError(f"values must be text like 3, 4, got {short_repr(values, 40)}")
        bots = _check_bots(bots, isslab.bot_names(game_id), game.num_players)
        self.game_id = game_id
        self.schema: dict[str, Option] = {o.name: o for o in cls.OPTIONS}
        self.info = game.info
        #: the rows of the last run (None before the first)
        self.result: pd.DataFrame | None = None
        #: ``isslab.metrics`` of the last run
        self.metrics_table: pd.DataFrame | None = None
        #: ``isslab.compare`` tables of the last run, by title
        self.compare_tables: dict[str, pd.DataFrame] = {}
        #: the game view of the last game opened
        self.game_view: Any = None
        self.error: BaseException | None = None
        self.thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._chunks: list[pd.DataFrame] = []
        self._lock = threading.RLock()
        self._points: pd.DataFrame | None = None
        self._grid: list[str] = []
        self._fresh = False
        self._done = False
        self._build(game, games, seed, workers, bots, vary, values)

    # ------------------------------------------------------------------------------------------
    # widgets
    # ------------------------------------------------------------------------------------------

    def _build(
        self,
        game: isslab.Game,
        games: int,
        seed: int,
        workers: int,
        bots: Sequence[str] | None,
        vary: str | None,
        values: str | None,
    ) -> None:
        W = widgets
        self.add_class("isslab-lab")
        resolved = game.options
        self.controls = {name: control(opt, resolved[name]) for name, opt in self.schema.items()}
        self.bot_names = isslab.bot_names(self.game_id)
        self._wanted_bots = list(bots) if bots else None
        self.bot_row = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        choices = [(NOTHING, NOTHING), *((label(o), o.name) for o in self.schema.values())]
        self.vary = W.Dropdown(options=choices, value=vary or NOTHING, description="vary")
        self.values = W.Text(values or "", description="values", placeholder="v1, v2, ...")
        if vary and not values:
            self._on_vary({"new": vary})
        self.vary.observe(self._on_vary, "value")
        self.controls["players"].observe(lambda _c: self._seat_row(), "value")
        self.rotate = W.Checkbox(True, description="rotate seats (every bot plays every seat)", indent=False)
        self.trace = W.Checkbox(True, description="per-step metrics (trace)", indent=False)
        # plain number boxes: what is typed stays as typed, and Run checks it with a message
        self.games = W.IntText(games, description="games")
        self.seed = W.IntText(seed, description="seed")
        self.workers = W.IntText(workers, description="workers", tooltip=f"at most {cpu_count()} are used")
        self.run_button = W.Button(description="Run", icon="play", button_style="primary")
        self.stop_button = W.Button(description="Stop", icon="stop", disabled=True)
        self.progress = W.IntProgress(0, min=0, max=1, description="games")
        self.status = W.HTML()
        # the live picture while games run; hidden until it has one (an empty image is a broken icon)
        self.live = W.Image(format="png", layout=W.Layout(max_width="100%", display="none"))
        self.metrics_html = W.HTML()
        self.compare_html = W.HTML()
        self.canvas: Any = None  # the clickable plot (ipycanvas), made on first use
        # one picture: the live image while the games run, then the clickable canvas in its place
        self.plot_box = W.VBox([self.live])
        self.game_list = W.Select(options=[], rows=12, layout=W.Layout(width="100%"))
        self.open_button = W.Button(description="Open in the game view", icon="external-link")
        self.view_box = W.VBox()
        self.run_button.on_click(lambda _b: self.run())
        self.stop_button.on_click(lambda _b: self.stop())
        self.open_button.on_click(lambda _b: self._open_selected())
        self._seat_row()

        self.plot_note = W.HTML("")
        from isslab_widgets.lab_tune import TunePanel  # it reads this lab's controls

        #: the Tune tab: search the options for design targets (isslab.tune)
        self.tune = TunePanel(self)
        self.tabs = W.Tab(
            children=[
                self.metrics_html,
                self.compare_html,
                W.VBox([self.game_list, self.open_button]),
                self.view_box,
                self.tune,
            ]
        )
        for i, title in enumerate(["Metrics", "Compare", "Games (list)", "Game view", "Tune"]):
            self.tabs.set_title(i, title)
        cells = [
            W.VBox(
                [
                    box,
                    W.HTML(f"<div style='{_HELP_STYLE}'>{html.escape(help_text(self.schema[name]))}</div>"),
                ],
                layout=W.Layout(width="340px"),
            )
            for name, box in self.controls.items()
        ]
        options = W.Accordion(
            children=[W.GridBox(cells, layout=W.Layout(grid_template_columns="repeat(2, 350px)"))]
        )
        options.set_title(0, f"Options of {game.title} ({len(self.controls)})")
        self.children = [
            W.HTML(f"<b>What-if lab: {html.escape(game.title)}</b>"),
            options,
            W.HBox([self.vary, self.values]),
            self.bot_row,
            W.HBox([self.rotate, self.trace]),
            W.HBox([self.games, self.seed, self.workers]),
            W.HBox([self.run_button, self.stop_button, self.progress]),
            self.status,
            self.plot_note,
            self.plot_box,
            self.tabs,
        ]

    def _seat_row(self) -> None:
        """One bot chooser per seat (one for all when the number of players is varied)."""
        players = int(self.controls["players"].value)
        if self.vary.value == "players":
            players = 1
        old = [d.value for d in getattr(self, "bot_pickers", [])]
        wanted = self._wanted_bots or []
        if len(wanted) == 1:  # one bot named for every seat
            wanted = wanted * players
        default = self.info.default_bot if self.info.default_bot in self.bot_names else self.bot_names[0]
        picks = []
        for s in range(players):
            value = wanted[s] if s < len(wanted) else old[s] if s < len(old) else default
            name = "all seats" if self.vary.value == "players" else self.info.seat_names[s]
            picks.append(
                widgets.Dropdown(
                    options=self.bot_names,
                    value=value,
                    description=name,
                    layout=widgets.Layout(width="200px"),
                )
            )
        self.bot_pickers = picks
        self.bot_row.children = [widgets.HTML("bots:&nbsp;"), *picks]

    def _on_vary(self, change: dict[str, Any]) -> None:
        name = change["new"]
        if name in self.schema:
            self.values.value = suggest(
                self.schema[name], read_control(self.schema[name], self.controls[name])
            )
        else:
            self.values.value = ""
        self._seat_row()

    # ------------------------------------------------------------------------------------------
    # what the controls ask for
    # ------------------------------------------------------------------------------------------

    def options(self) -> dict[str, Any]:
        """The options the controls hold (the varied one included, at its control's value)."""
        return {name: read_control(opt, self.controls[name]) for name, opt in self.schema.items()}

    def grid(self) -> dict[str, list[Any]] | None:
        """The sweep grid of the vary option and its values, or None (one variant)."""
        name = self.vary.value
        if name == NOTHING:
            return None
        return {name: parse_values(self.values.value, f"the values of {label(self.schema[name])}")}

    def bots(self) -> list[str]:
        """The bot of each seat (one name for all when the number of players is varied)."""
        return [d.value for d in self.bot_pickers]

    # ------------------------------------------------------------------------------------------
    # running
    # ------------------------------------------------------------------------------------------

    @_guarded
    def run(self) -> threading.Thread | None:
        """Start the games in a background thread (the widgets stay live); ``wait()`` for the end."""
        with self._lock:
            if self.running():
                raise RuntimeError("the lab is running already: stop it first")
            grid = self.grid()
            options = self.options()
            for name in grid or {}:
                options.pop(name)
            bots: Any = self.bots()
            if len(bots) == 1:
                bots = bots[0]
            args = RunArgs(
                bots=bots,
                games=self.games.value,
                seed=self.seed.value,
                workers=self.workers.value,
                progress=False,
                rotate_seats=self.rotate.value,
                trace=self.trace.value,
                on_chunk=self._on_chunk,
                stop=self._stop,
            )
            # the whole run is checked before the thread starts: a bad value is a message, not a crash
            spec = run_spec(self.game_id, args, grid=grid, options=options)
            self._stop.clear()
            self._chunks = []
            self.error = None
            self.progress.max = spec.count * len(spec.points)
            self.progress.value = 0
            self.progress.bar_style = ""
            self.run_button.disabled = True
            self.stop_button.disabled = False
            self.say(f"running {self.progress.max:,} games ...")
            self._grid = list(spec.grid)
            self.live.layout.display = "none"  # shown again with the first picture of this run
            self.plot_box.children = [self.live]
            self.plot_note.value = ""
            self.thread = threading.Thread(target=self._work, args=(spec,), name="isslab-lab", daemon=True)
            self._fresh = self._done = False
            self.thread.start()
            threading.Thread(
                target=self._paint, args=(self.thread,), name="isslab-lab-plot", daemon=True
            ).start()
            return self.thread

    def _work(self, spec: isslab.sim.RunSpec) -> None:
        self._carry_out(
            lambda: isslab.sim.run(spec)[0],  # the status line says what a warning would
            lambda df: self._finish(df, list(spec.grid)),
            "the run failed",
        )

    def _on_chunk(self, chunk: pd.DataFrame) -> None:
        """A chunk of games finished (in the run's thread): count it; the painter draws it later.

        Drawing takes longer than a small chunk of games: done here, it would hold the run up.
        """
        with self._lock:
            self._chunks.append(chunk)
            self._fresh = True
            self.progress.value = min(self.progress.max, self.progress.value + int(chunk["game"].nunique()))

    def _paint(self, run: threading.Thread) -> None:
        """The live plot's thread: redraw the games so far at most every ``_REDRAW`` s while ``run`` runs."""
        while run.is_alive():
            time.sleep(_REDRAW)
            with self._lock:
                if not self._fresh or self._done:
                    continue
                self._fresh = False
                so_far = pd.concat(self._chunks, ignore_index=True)
            so_far.attrs["game"] = self.game_id
            try:
                fig, _ = lab_figure(so_far, self._grid)
                with self._lock:
                    if not self._done:  # the final picture is _finish's
                        self.live.value = png_bytes(fig)
                        self.live.layout.display = ""
            except Exception as exc:  # noqa: BLE001 - a plot must never stop the games
                self.say(f"live plot: {exc}", error=True)

    @_guarded
    def stop(self) -> None:
        """Stop the run: the games already played are kept and shown."""
        self._stop.set()
        self.say("stopping: the finished games are kept ...")

    # ------------------------------------------------------------------------------------------
    # results
    # ------------------------------------------------------------------------------------------

    def _finish(self, df: pd.DataFrame, by: list[str]) -> None:
        with self._lock:
            self._done = True  # the painter draws no more
        played = df.attrs.get("games_played", 0)
        stopped = bool(df.attrs.get("interrupted"))
        self.progress.bar_style = "warning" if stopped else "success"
        if not len(df):
            self.say("stopped before any game finished", error=True)
            return
        self.metrics_table = isslab.metrics(df, by or None)
        self.metrics_html.value = metrics_html(self.metrics_table, by)
        self.compare_tables = _comparisons(df, by)
        self.compare_html.value = "".join(
            compare_html(t, title, by) for title, t in self.compare_tables.items()
        )
        self._draw_games(df, by)  # the clickable picture takes the live one's place
        self._fill_list(df, by)
        what = "stopped: the games played are shown" if stopped else "done"
        self.say(f"{what}: {played:,} games per variant, seed {df.attrs.get('seed')}")

    def _draw_games(self, df: pd.DataFrame, by: list[str]) -> None:
        """The picture on a canvas, and every game's pixel, so that a click finds its game."""
        from ipycanvas import Canvas
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        fig, ax = lab_figure(df, by)
        agg: Any = FigureCanvasAgg(fig)  # its draw and buffer carry no annotations
        agg.draw()
        image = np.asarray(agg.buffer_rgba())[:, :, :3]
        height, width = image.shape[:2]
        if self.canvas is None or (self.canvas.width, self.canvas.height) != (width, height):
            self.canvas = Canvas(width=width, height=height)
            self.canvas.on_mouse_down(self._on_canvas)
        self.plot_box.children = [self.canvas]
        self.plot_note.value = "Every game is a dot: click one to open it in the game view."
        self.canvas.put_image_data(image, 0, 0)
        pts = game_points(df, by)
        xy = ax.transData.transform(np.column_stack([pts["x"], pts["y"]]))
        pts["px"] = xy[:, 0]
        pts["py"] = height - xy[:, 1]  # matplotlib counts pixels up from the bottom, canvases down
        self._points = pts

    def _fill_list(self, df: pd.DataFrame, by: list[str]) -> None:
        """Games worth a look per variant: the longest, the shortest, those nobody won."""
        pts = game_points(df, by)
        picked: list[tuple[str, int]] = []
        for variant, part in pts.groupby("variant", sort=False):
            ranked = part.sort_values("length")
            nobody = part[part["outcome"] == "nobody"].head(_LISTED)
            for kind, rows in (
                ("longest", ranked.tail(_LISTED)[::-1]),
                ("shortest", ranked.head(_LISTED)),
                ("nobody won", nobody),
            ):
                for idx, r in zip(rows.index.tolist(), rows.to_dict("records"), strict=True):
                    label = f"{variant} - game {r['game']}: {int(r['length'])} moves, {r['outcome']} ({kind})"
                    picked.append((label, int(idx)))
        self._listed = pts
        self.game_list.options = list(dict.fromkeys(picked))

    def _on_canvas(self, x: float, y: float) -> None:
        self.click_plot(x, y)

    @_guarded
    def click_plot(self, x: float, y: float) -> bool:
        """A click on the games' plot at canvas pixel ``(x, y)``: open the nearest game (within reach)."""
        pts = self._points
        if pts is None or not len(pts):
            self.say("run some games first", error=True)
            return False
        d = np.hypot(pts["px"].to_numpy() - x, pts["py"].to_numpy() - y)
        k = int(np.argmin(d))
        if d[k] > _REACH:
            self.say("no game there: click on a dot", error=True)
            return False
        self.open_game(pts.iloc[k])
        return True

    def pixel_of(self, game: int, variant: str | None = None) -> tuple[float, float]:
        """The canvas pixel of a game's dot (for tests and for pointing at a game in a lesson)."""
        pts = self._points
        if pts is None:
            raise RuntimeError("run some games first")
        rows = pts[(pts["game"] == game) & ((pts["variant"] == variant) if variant is not None else True)]
        if rows.empty:
            raise ValueError(f"no game {game} in the plot")
        return float(rows["px"].iloc[0]), float(rows["py"].iloc[0])

    @_guarded
    def _open_selected(self) -> None:
        index = self.game_list.value
        if index is None:
            self.say("choose a game in the list first", error=True)
            return
        self.open_game(self._listed.loc[index])

    def open_game(self, row: Any) -> Any:
        """Open a game (a row of the result, or of :func:`isslab.analysis.plots.game_points`) in the
        game view, at its last step; returns the view."""
        from isslab_widgets.view import GameView

        df = self.result
        if df is None:
            raise RuntimeError("run some games first")
        keys = [*self._grid, "game"]
        mask = np.ones(len(df), dtype=bool)
        for k in keys:  # by value, element by element: an option's value may be a tuple
            target = row[k]
            mask &= np.fromiter((v == target for v in df[k]), dtype=bool, count=len(df))
        rows = df[mask]
        if rows.empty:
            raise ValueError(f"no game {row['game']} in the last run")
        record, state = isslab.replay(rows.iloc[0], df)
        seats = [b if b in self.bot_names else "human" for b in record.bots]
        view = GameView(state, seats, seed=int(rows.iloc[0]["seed"]) % 2**32, autoplay=False)
        self.game_view = view
        self.view_box.children = [
            widgets.HTML(
                f"game {int(row['game'])}"
                + (f" of {', '.join(f'{k}={row[k]}' for k in self._grid)}" if self._grid else "")
                + f", seed {int(rows.iloc[0]['seed'])}: {record.length} moves, step {view.tree.cursor}"
                " (the last); step back with the slider"
            ),
            view,
        ]
        self.tabs.selected_index = 3
        self.say(f"game {int(row['game'])} opened in the game view at its last step")
        return view


def _comparisons(df: pd.DataFrame, by: list[str]) -> dict[str, pd.DataFrame]:
    """The comparisons worth showing: moves per game, and wins per bot (or per seat, or of the team)."""
    if not by or df.drop_duplicates(by).shape[0] < 2:
        return {}
    out = {"moves per game": isslab.compare(df, by, "length")}
    if df.groupby([*by, "game"])["win"].nunique().max() <= 1:
        out["team win rate"] = isslab.compare(df, by, "win")
        return out
    bots = sorted(map(str, df["bot"].unique()))
    if len(bots) > 1:
        for b in bots:
            out[f"win rate of {b}"] = isslab.compare(df, by, "win", bot=b)
    else:
        out["win rate of the first seat"] = isslab.compare(df, by, "win", seat=0)
    return out


def _fmt(x: Any) -> str:
    if isinstance(x, float):
        return "" if x != x else f"{x:.3f}"
    return html.escape(str(x))


def metrics_html(table: pd.DataFrame, by: Sequence[str]) -> str:
    """The metrics as an HTML table: one row per metric, one column per variant (value [low, high])."""
    keys = list(by)
    cells = table.assign(
        shown=[
            "" if v != v else f"{v:.3f} <span style='color:#777'>[{lo:.3f}, {hi:.3f}]</span>"
            for v, lo, hi in zip(table["value"], table["low"], table["high"], strict=True)
        ]
    )
    variants = list(dict.fromkeys(zip(*(cells[k] for k in keys), strict=True))) if keys else [()]
    head = "".join(
        f"<th>{html.escape(', '.join(f'{k}={v}' for k, v in zip(keys, var, strict=True)) or 'value')}</th>"
        for var in variants
    )
    rows = []
    for metric, part in cells.groupby("metric", sort=False):
        row = [f"<td><b>{html.escape(str(metric))}</b></td>"]
        for var in variants:
            hit = part
            for k, v in zip(keys, var, strict=True):  # element by element: a value may be a tuple
                hit = hit[[x == v for x in hit[k]]]
            shown = hit["shown"].iloc[0] if len(hit) else ""
            note = hit["note"].iloc[0] if len(hit) else ""
            row.append(f"<td title='{html.escape(str(note))}'>{shown or html.escape(str(note))[:60]}</td>")
        rows.append("<tr>" + "".join(row) + "</tr>")
    return (
        "<div style='overflow-x:auto'><table class='isslab-table' style='font-size:12px'>"
        f"<tr><th>metric</th>{head}</tr>{''.join(rows)}</table>"
        "<div style='font-size:11px;color:#555'>value [95% interval]; "
        "definitions: help(isslab.analysis.designer)</div></div>"
    )


def compare_html(table: pd.DataFrame, title: str, by: Sequence[str]) -> str:
    """A comparison as an HTML table: estimate and difference from the baseline, with intervals."""
    rows = []
    for _, r in table.iterrows():
        variant = ", ".join(f"{k}={r[k]}" for k in by)
        diff = (
            "baseline"
            if r["diff_low"] != r["diff_low"]
            else (f"{r['diff']:+.3f} [{r['diff_low']:+.3f}, {r['diff_high']:+.3f}]")
        )
        rows.append(
            f"<tr><td>{html.escape(variant)}</td><td>{r['games']}</td>"
            f"<td>{r['estimate']:.3f} [{r['low']:.3f}, {r['high']:.3f}]</td><td>{diff}</td></tr>"
        )
    paired = "paired (same seeds)" if bool(table["paired"].iloc[1:].all()) else "unpaired"
    return (
        f"<b>{html.escape(title)}</b> <span style='color:#555;font-size:11px'>(95% intervals; "
        f"differences {paired})</span><table class='isslab-table' style='font-size:12px'>"
        "<tr><th>variant</th><th>games</th><th>estimate</th><th>difference</th></tr>"
        f"{''.join(rows)}</table>"
    )


def lab(game_id: str, **kwargs: Any) -> Lab:
    """Build the what-if lab of ``game_id`` (options, bots, games, ``vary``, ``values``) and display it."""
    from IPython.display import display

    view = Lab(game_id, **kwargs)
    cast(Callable[[object], None], display)(view)
    return view
