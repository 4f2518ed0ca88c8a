"""``GameView``: play, replay and question any isslab game in a notebook.

The view is the widget layer over a headless :class:`~isslab_widgets.session.Session` (the game
tree, the seats, the seeded bots and dice, the board plug-in and its selection, the bots' timer):
it forwards clicks, buttons and sliders to the session and redraws the board and the panels
(:mod:`isslab_widgets.panels`) from it. Every widget callback is guarded: an error becomes a status
message, never a broken widget.

Texts follow the session's eyes (see :mod:`isslab_widgets.session`): with one human seat, logs,
status lines and action labels are ``state.describe(action, that seat)``.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import ipywidgets as widgets

import isslab
from isslab import Action, Game, State
from isslab_widgets import panels
from isslab_widgets.boards import Board
from isslab_widgets.history import GameTree
from isslab_widgets.plots import outcome_figure, png_bytes
from isslab_widgets.scene import Scene
from isslab_widgets.session import HUMAN, Session
from isslab_widgets.whatif import WhatIf

if TYPE_CHECKING:
    from isslab_widgets.draw import CanvasPainter

__all__ = ["HUMAN", "GameView", "play"]

F = TypeVar("F", bound=Callable[..., Any])


def _guarded(fn: F) -> F:
    """Widget callbacks: report any exception on the status line instead of raising into the kernel."""

    @functools.wraps(fn)
    def wrapper(self: GameView, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(self, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - the point is to keep the widget alive
            self.session.fail(exc)
            self._show_status()
            return None

    return cast(F, wrapper)


class GameView(widgets.VBox):
    """An interactive board (or text view), history, inspector, save/load and what-if runner for one game."""

    def __init__(
        self,
        game_or_state: Game | State | str,
        seats: Sequence[str] | None = None,
        *,
        seed: int | None = None,
        delay: float = 0.6,
        autoplay: bool = True,
        auto_roll: bool = True,
    ) -> None:
        super().__init__()
        #: the headless game session: tree, seats, random streams, board and selection, bots' timer
        self.session = Session(
            game_or_state, seats, seed=seed, autoplay=autoplay, auto_roll=auto_roll, delay=delay
        )
        self.session.on_step = self._after_timer_step
        self._syncing = False
        self._scene: Scene | None = None
        self._shown_game: Game | None = None
        self.whatif_run: WhatIf | None = None
        self.whatif_result: Any = None
        self._wi_note = ""
        self._build_widgets(delay, autoplay, auto_roll)
        self._game_widgets()
        self._refresh()
        self.session.schedule()

    # ------------------------------------------------------------------------------------------
    # widgets
    # ------------------------------------------------------------------------------------------

    def _build_widgets(self, delay: float, autoplay: bool, auto_roll: bool) -> None:
        W = widgets
        self.add_class("isslab-view")
        self.status = W.HTML(layout=W.Layout(min_height="1.6em"))
        self.status.add_class("isslab-status")
        self.text_board = W.HTML()
        self.painter: CanvasPainter | None = None  # created when the game has a board module
        self.board_box = W.Box(layout=W.Layout(min_width="300px"))
        self.board_box.add_class("isslab-board")

        b = functools.partial(W.Button, layout=W.Layout(width="auto"))
        self.undo_button = b(description="Undo", icon="undo", tooltip="one step back")
        self.redo_button = b(description="Redo", icon="repeat", tooltip="one step forward on this line")
        self.slider = W.IntSlider(
            0, 0, 0, description="step", continuous_update=True, layout=W.Layout(width="260px")
        )
        self.player = W.Play(value=0, min=0, max=0, interval=500, description="replay")
        widgets.jslink((self.player, "value"), (self.slider, "value"))
        self.roll_button = b(
            description="Roll", icon="cube", tooltip="resolve the chance step (roll the die)"
        )
        self.roll_button.add_class("isslab-roll")
        self.auto_roll = W.Checkbox(
            auto_roll, description="roll automatically", indent=False, layout=W.Layout(width="auto")
        )
        self.step_button = b(
            description="Bot move",
            icon="step-forward",
            tooltip="let the bot (or chance) to move make one step now",
        )
        self.step_button.add_class("isslab-step")
        self.autoplay = W.Checkbox(
            autoplay, description="bots play by themselves", indent=False, layout=W.Layout(width="auto")
        )
        self.delay = W.FloatSlider(
            delay, min=0.0, max=3.0, step=0.1, description="bot delay s", layout=W.Layout(width="230px")
        )
        self.seat_row = W.HBox(layout=W.Layout(flex_flow="row wrap"))

        self.action_list = W.Select(options=[], rows=10, layout=W.Layout(width="100%"))
        self.action_note = W.HTML()
        self.play_button = b(description="Play selected", icon="check")
        self.log_view = W.HTML()
        self.inspector = W.HTML()
        self.json_view = W.Textarea(layout=W.Layout(width="100%", height="320px"), disabled=True)

        self.path = W.Text(description="file", layout=W.Layout(width="100%"))
        self.save_button = b(description="Save", icon="save")
        self.load_button = b(description="Load", icon="folder-open")
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Upload")

        self.wi_games = W.BoundedIntText(200, min=1, max=1_000_000, description="games")
        self.wi_workers = W.BoundedIntText(1, min=1, max=16, description="workers")
        self.wi_seed = W.IntText(0, description="seed")
        self.wi_bots_row = W.VBox()
        self.wi_button = b(description="Run what-if from here", icon="play", button_style="info")
        self.wi_progress = W.IntProgress(0, min=0, max=1, description="progress")
        self.wi_result = W.HTML()
        self.wi_plot = W.Image(format="png", layout=W.Layout(max_width="100%"))

        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())
        self.roll_button.on_click(lambda _b: self.roll())
        self.step_button.on_click(lambda _b: self.advance())
        self.play_button.on_click(lambda _b: self._play_selected())
        self.save_button.on_click(lambda _b: self.save())
        self.load_button.on_click(lambda _b: self.load())
        self.wi_button.on_click(lambda _b: self._start_what_if())
        self.slider.observe(self._on_slider, "value")
        for timing in (self.autoplay, self.auto_roll, self.delay):
            timing.observe(self._on_timing, "value")
        self.upload.observe(self._on_upload, "value")

        tabs = W.Tab(
            children=[
                W.VBox(
                    [
                        W.HTML("<b>Legal actions</b> (arrow keys, then the button)"),
                        self.action_list,
                        self.action_note,
                        self.play_button,
                    ]
                ),
                self.log_view,
                W.VBox([self.json_view]),
                W.VBox(
                    [
                        W.HTML("Simulate games from the current position with these bots:"),
                        self.wi_bots_row,
                        W.HBox([self.wi_games, self.wi_workers]),
                        self.wi_seed,
                        self.wi_button,
                        self.wi_progress,
                        self.wi_result,
                        self.wi_plot,
                    ]
                ),
                W.VBox(
                    [
                        W.HTML("Save the game (the whole current line) as isslab JSON, or load one."),
                        self.path,
                        W.HBox([self.save_button, self.load_button, self.upload]),
                    ]
                ),
            ]
        )
        for i, title in enumerate(["Moves", "Log", "JSON", "What if", "Save/Load"]):
            tabs.set_title(i, title)
        self.tabs = tabs
        left = W.VBox(
            [
                self.board_box,
                self.status,
                W.HBox([self.undo_button, self.redo_button, self.player, self.slider]),
                W.HBox([self.roll_button, self.auto_roll, self.step_button, self.autoplay]),
                self.delay,
            ],
            layout=W.Layout(flex="0 0 auto"),
        )
        right = W.VBox([self.inspector, tabs], layout=W.Layout(flex="1 1 380px", min_width="340px"))
        self.children = [self.seat_row, W.HBox([left, right], layout=W.Layout(flex_flow="row wrap"))]

    def _game_widgets(self) -> None:
        """Seat and what-if choosers, roll controls and the board (or text view) for the session's game."""
        s = self.session
        game = s.game
        self._shown_game = game
        bots = isslab.bot_names(game.id)
        default_bot = Session.default_bot(game)
        self.seat_pickers = [
            widgets.Dropdown(
                options=[HUMAN, *bots],
                value=player,
                description=game.seat_name(i),
                layout=widgets.Layout(width="190px"),
            )
            for i, player in enumerate(s.seats)
        ]
        for d in self.seat_pickers:
            d.observe(self._on_seat, "value")
        self.seat_row.children = [widgets.HTML(f"<b>{html.escape(game.title)}</b>&nbsp;"), *self.seat_pickers]
        self.wi_bots = [
            widgets.Dropdown(
                options=bots,
                value=player if player != HUMAN else default_bot,
                description=game.seat_name(i),
                layout=widgets.Layout(width="190px"),
            )
            for i, player in enumerate(s.seats)
        ]
        self.wi_bots_row.children = list(self.wi_bots)
        self.path.value = f"{game.id}-game.json"
        # a game without chance nodes needs no dice controls
        shown = None if game.info.chance else "none"
        self.roll_button.layout.display = shown
        self.auto_roll.layout.display = shown
        if s.board is not None:
            if self.painter is None:
                from isslab_widgets.draw import CanvasPainter  # ipycanvas only when a board needs it

                self.painter = CanvasPainter(600, 600)
                self.painter.canvas.on_mouse_down(self._on_mouse_down)
                self.painter.canvas.add_class("isslab-canvas")
            self.board_box.children = [self.painter.canvas]
        else:
            self.board_box.children = [self.text_board]

    # ------------------------------------------------------------------------------------------
    # reading (the session's state, for notebooks and tests)
    # ------------------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game played."""
        return self.session.game

    @property
    def board(self) -> Board | None:
        """The game's board plug-in, or None (text view)."""
        return self.session.board

    @property
    def tree(self) -> GameTree:
        """Every position reached, with the current line and the cursor."""
        return self.session.tree

    @property
    def state(self) -> State:
        """The position shown (the cursor's position on the current line)."""
        return self.session.state

    @property
    def seats(self) -> list[str]:
        """Who plays each seat: ``"human"`` or a bot name."""
        return list(self.session.seats)

    @property
    def seed(self) -> int:
        """The seed of the session's dice and bots."""
        return self.session.seed

    @property
    def selected(self) -> Hashable | None:
        """The board's current selection (a place, the cards picked so far)."""
        return self.session.selected

    @selected.setter
    def selected(self, value: Hashable | None) -> None:
        self.session.selected = value
        self._draw()

    @property
    def message(self) -> str:
        """The status line's text."""
        return self.session.message

    @property
    def errors(self) -> list[str]:
        """Tracebacks of unexpected errors caught by the widget (the status line shows the last one)."""
        return self.session.errors

    @property
    def scene(self) -> Scene:
        """The scene currently drawn (the text scene for games without a board module)."""
        if self._scene is None:
            self._scene = self.session.scene()
        return self._scene

    def to_svg(self) -> str:
        """The current picture as an SVG document (highlights included)."""
        return self.scene.to_svg()

    def viewers(self) -> tuple[int, ...]:
        """Seats whose hidden information the board shows (see :meth:`Session.viewers`)."""
        return self.session.viewers()

    def human_to_move(self) -> bool:
        """True when the seat to move is played by a person."""
        return self.session.human_to_move()

    # ------------------------------------------------------------------------------------------
    # acting
    # ------------------------------------------------------------------------------------------

    @_guarded
    def click(self, x: float, y: float) -> bool:
        """A click on the board at canvas pixel ``(x, y)``: select, move, or explain why not."""
        region = self.scene.hit(x, y)
        return bool(self.click_key(region.key if region is not None else None))

    def _on_mouse_down(self, x: float, y: float) -> None:
        self.click(x, y)

    @_guarded
    def click_key(self, key: Hashable | None) -> bool:
        """A click on the place ``key`` (a dot, a pad, a box); False (and nothing changed) when refused."""
        with self.session.lock:
            before = (self.session.tree.state, self.session.selected)
            ok = self.session.click(key)
            if (self.session.tree.state, self.session.selected) == before:
                self._show_status()  # a refused click or a message: nothing to redraw
            elif self.session.tree.state is before[0]:
                self._show_status()
                self._draw()  # only the selection changed: the panels stay as they are
            else:
                self._refresh()
            return ok

    @_guarded
    def play_action(self, action: Action) -> bool:
        """Play ``action`` (an action, its text or its JSON form) at the shown position."""
        return self._do(self.session.play, action)

    @_guarded
    def roll(self) -> bool:
        """Resolve the chance step at the shown position with the view's seeded dice."""
        return self._do(self.session.roll)

    @_guarded
    def advance(self) -> bool:
        """Make one automatic step: a roll at a chance step, or the bot's move; False for a human seat."""
        return self._do(self.session.advance)

    def step_bots(self, max_steps: int = 100_000) -> int:
        """Advance until a human seat is to move or the game ends; the number of steps made."""
        steps = 0
        while steps < max_steps:
            with self.session.lock:
                st = self.state
                if st.is_terminal() or self.session.human_to_move():
                    break
                if not self.advance():
                    break
            steps += 1
        return steps

    def set_seat(self, seat: int, player: str) -> None:
        """Let ``player`` (``"human"`` or a bot name) play ``seat``."""
        self.seat_pickers[seat].value = player

    @_guarded
    def undo(self) -> bool:
        """One step back (the bots wait while you look back)."""
        return self._do(self.session.undo)

    @_guarded
    def redo(self) -> bool:
        """One step forward along the current line."""
        return self._do(self.session.redo)

    @_guarded
    def go_to(self, step: int) -> bool:
        """Show step ``step`` of the current line (0 = the start)."""
        return self._do(self.session.go_to, step)

    def _do(self, fn: Callable[..., bool], *args: Any) -> bool:
        """Run a session request and bring the widgets up to date with its outcome."""
        with self.session.lock:
            ok = fn(*args)
            if ok:
                self._refresh()
            else:
                self._show_status()
            return ok

    @_guarded
    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"] != self.tree.cursor:
            self.go_to(change["new"])

    @_guarded
    def _on_seat(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        with self.session.lock:
            seat = self.seat_pickers.index(change["owner"])
            self.session.set_seat(seat, change["new"])
            self._refresh()

    @_guarded
    def _on_timing(self, _change: dict[str, Any]) -> None:
        with self.session.lock:
            self.session.autoplay = bool(self.autoplay.value)
            self.session.auto_roll = bool(self.auto_roll.value)
            self.session.delay = float(self.delay.value)
            self.session.schedule()

    def _after_timer_step(self) -> None:
        """The session's timer made a step (in its thread): redraw, never raise."""
        try:
            self._refresh()
        except Exception as exc:  # noqa: BLE001 - a timer thread has nobody to raise to
            self.session.fail(exc)
            self._show_status()

    def close(self) -> None:
        """Stop the bots' timer and close the widgets."""
        self.session.close()
        super().close()

    # ------------------------------------------------------------------------------------------
    # save / load
    # ------------------------------------------------------------------------------------------

    @_guarded
    def save(self, path: str | Path | None = None) -> Path | None:
        """Write the whole current line as isslab JSON (``isslab.load`` reads it back)."""
        target = self.session.save(path if path is not None else self.path.value)
        self._show_status()
        return target

    @_guarded
    def load(self, source: str | bytes | Path | None = None) -> bool:
        """Load a saved game from a file path, JSON text or uploaded bytes; a bad file changes nothing."""
        return self._do(self.session.load, source if source is not None else self.path.value)

    @_guarded
    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            item = files[0]
            self.load(bytes(item["content"]))

    # ------------------------------------------------------------------------------------------
    # what-if
    # ------------------------------------------------------------------------------------------

    def what_if(
        self,
        games: int | None = None,
        bots: Sequence[str] | None = None,
        workers: int | None = None,
        seed: int | None = None,
    ) -> WhatIf:
        """Start simulating ``games`` games from the shown position in a background thread.

        In a game with hidden information, played with one person's eyes, the games start from the
        hidden cards redrawn as that seat may imagine them (:meth:`Session.simulation_start`).
        """
        with self.session.lock:
            if self.whatif_run is not None and self.whatif_run.running():
                raise RuntimeError("a what-if run is already going; wait for it to finish")
            games = int(self.wi_games.value if games is None else games)
            bots = list(bots) if bots is not None else [d.value for d in self.wi_bots]
            seed = int(self.wi_seed.value if seed is None else seed)
            start, note = self.session.simulation_start(seed)
            run = WhatIf(
                start,
                bots,
                games,
                seed=seed,
                workers=int(self.wi_workers.value if workers is None else workers),
                on_progress=self._wi_progress,
                on_finish=self._wi_finish,
            )
            self._wi_note = note
            self.whatif_run = run
            self.whatif_result = None
            self.wi_progress.max = games
            self.wi_progress.value = 0
            self.wi_progress.bar_style = ""
            self.wi_button.disabled = True
            self.wi_result.value = (
                f"running {games} games from step {self.tree.cursor} with {', '.join(bots)} &hellip; "
                "(the board stays playable)"
            )
            return run.start()

    @_guarded
    def _start_what_if(self) -> None:
        try:
            self.what_if()
        except (ValueError, RuntimeError) as exc:
            self.wi_result.value = f"<span style='color:#b00'>{html.escape(str(exc))}</span>"

    def _wi_progress(self, done: int, total: int) -> None:
        self.wi_progress.value = min(done, total)

    def _wi_finish(self, run: WhatIf) -> None:
        try:
            self.wi_button.disabled = False
            if run.error is not None:
                self.wi_progress.bar_style = "danger"
                self.wi_result.value = (
                    f"<span style='color:#b00'>what-if failed: {html.escape(repr(run.error))}</span>"
                )
                return
            df = run.result
            if df is None:
                raise RuntimeError("the what-if run ended without a result")
            self.whatif_result = df
            self.wi_progress.value = run.games
            self.wi_progress.bar_style = "success"
            game = run.state.game
            self.wi_result.value = panels.what_if_html(
                game, df, run.games, run.state.move_number, run.seed, self._wi_note
            )
            colours = list(game.info.seat_colours[: game.num_players])
            self.wi_plot.value = png_bytes(outcome_figure(df, colours, title="what if from here"))
        except Exception as exc:  # noqa: BLE001 - runs in the what-if thread: report, never raise
            self.session.fail(exc)
            self._show_status()

    # ------------------------------------------------------------------------------------------
    # drawing and panels
    # ------------------------------------------------------------------------------------------

    def _draw(self) -> None:
        """Build the scene of the shown state and paint it (one ``hold_canvas`` batch)."""
        s = self.session
        scene = s.scene()
        self._scene = scene
        if self.painter is not None and s.board is not None:
            self.painter.draw(scene)
        else:
            self.text_board.value = panels.text_board_html(s)

    def _show_status(self) -> None:
        colour = "#1b5e20" if self.session.ok else "#b00020"
        self.status.value = f"<span style='color:{colour}'>{html.escape(self.session.message)}</span>"

    def _refresh(self) -> None:
        """Redraw and bring every panel up to date with the session."""
        s = self.session
        with s.lock:
            if s.game != self._shown_game:  # a loaded file of another game (or player count)
                self._game_widgets()
            self._draw()
            self._show_status()
            st = s.state
            tree = s.tree
            self._syncing = True
            try:
                self.slider.max = self.player.max = tree.size - 1
                self.slider.value = self.player.value = tree.cursor
                for picker, player in zip(self.seat_pickers, s.seats, strict=True):
                    picker.value = player
            finally:
                self._syncing = False
            self.undo_button.disabled = tree.cursor == 0
            self.redo_button.disabled = tree.at_tip()
            self.roll_button.disabled = not st.is_chance_node()
            self.step_button.disabled = st.is_terminal()
            choices = s.choices()
            self._choices = choices
            self.action_list.options = [(label, i) for i, label in enumerate(choices.labels)]
            self.action_note.value = html.escape(choices.note)
            self.play_button.disabled = not choices.actions
            self.log_view.value = panels.log_html(s)
            self.inspector.value = panels.inspector_html(s)
            self.json_view.value = panels.json_text(s)

    @_guarded
    def _play_selected(self) -> None:
        i = self.action_list.value
        if i is None:
            self.session.say("choose an action in the list first", error=True)
            self._show_status()
            return
        with self.session.lock:
            current = self.session.choices()
            if current.actions != self._choices.actions or not 0 <= i < len(current.actions):
                self.session.say("the list is out of date: choose again", error=True)
                self._show_status()
                return
            self.play_action(current.actions[i])


def play(
    game_id: str,
    seats: Sequence[str] | None = None,
    *,
    seed: int | None = None,
    delay: float = 0.6,
    **options: Any,
) -> GameView:
    """Build ``game_id`` with ``options``, display its view and return it (``view = play(...)``)."""
    from IPython.display import display

    view = GameView(isslab.make(game_id, **options), seats, seed=seed, delay=delay)
    cast(Callable[[object], None], display)(view)
    return view
