"""``GameView``: play, replay and question any isslab game in a notebook.

The view owns no rules. It keeps a :class:`~isslab_widgets.history.GameTree` of states, asks the
game's board module for a scene of the current state, draws it, and turns clicks into actions
through the same board module. Every widget callback is guarded: an error becomes a status message,
never a broken widget.
"""

from __future__ import annotations

import functools
import html
import json
import random
import threading
import traceback
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import ipywidgets as widgets

import isslab
from isslab import CHANCE, TERMINAL, Action, Game, IllegalActionError, State
from isslab.play import derive_seeds
from isslab_widgets.boards import Board, board_for, text_scene
from isslab_widgets.history import GameTree
from isslab_widgets.plots import outcome_figure, png_bytes, seat_colours, win_table
from isslab_widgets.scene import Scene
from isslab_widgets.whatif import WhatIf

__all__ = ["HUMAN", "GameView", "play"]

#: the seat choice meaning "a person clicks for this seat"
HUMAN = "human"

F = TypeVar("F", bound=Callable[..., Any])


def _guarded(fn: F) -> F:
    """Widget callbacks: report any exception on the status line instead of raising into the kernel."""

    @functools.wraps(fn)
    def wrapper(self: GameView, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(self, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - the point is to keep the widget alive
            self._fail(exc)
            return None

    return wrapper  # type: ignore[return-value]


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
        if isinstance(game_or_state, str):
            game_or_state = isslab.make(game_or_state)
        if isinstance(game_or_state, State):
            game, tree = game_or_state.game, GameTree.from_state(game_or_state)
        elif isinstance(game_or_state, Game):
            game, tree = game_or_state, GameTree(game_or_state.new_state())
        else:
            raise ValueError(f"GameView needs a game, a state or a game id, got {game_or_state!r}")
        self._lock = threading.RLock()
        self._gen = 0  # bumped on every change; a pending bot timer from an older generation does nothing
        self._timer: threading.Timer | None = None
        self._syncing = False
        self._closed = False
        seed = random.randrange(2**32) if seed is None else seed
        chance_seed, bot_seed = derive_seeds(seed, 2)
        self.seed = seed
        self.rng_chance = random.Random(chance_seed)
        self.rng_bots = random.Random(bot_seed)
        self.tree = tree
        self.selected: Hashable | None = None
        self.message = ""
        self._notes: list[str] = []
        #: tracebacks of unexpected errors caught by the widget (the status line shows the last one)
        self.errors: list[str] = []
        self._scene: Scene | None = None
        self.whatif_run: WhatIf | None = None
        self.whatif_result: Any = None

        self._build_widgets(delay, autoplay, auto_roll)
        self._set_game(game, seats)
        self._refresh()
        self._schedule()

    # ------------------------------------------------------------------------------------------
    # widgets
    # ------------------------------------------------------------------------------------------

    def _build_widgets(self, delay: float, autoplay: bool, auto_roll: bool) -> None:
        W = widgets
        self.add_class("isslab-view")
        self.status = W.HTML(layout=W.Layout(min_height="1.6em"))
        self.status.add_class("isslab-status")
        self.text_board = W.HTML()
        self.painter: Any = None  # CanvasPainter, created when the game has a board module
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
        self.autoplay.observe(lambda _c: self._reschedule(), "value")
        self.auto_roll.observe(lambda _c: self._reschedule(), "value")
        self.upload.observe(self._on_upload, "value")

        tabs = W.Tab(
            children=[
                W.VBox(
                    [
                        W.HTML("<b>Legal actions</b> (arrow keys, then the button)"),
                        self.action_list,
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

    def _set_game(self, game: Game, seats: Sequence[str] | None) -> None:
        """Adopt ``game``: its board module (or the text view), seat and what-if choosers."""
        self.game = game
        self.board: Board | None = board_for(game)
        n = game.num_players
        bots = isslab.bot_names(game.id)
        default_bot = "greedy" if "greedy" in bots else bots[0]
        if seats is None:
            seats = [HUMAN] + [default_bot] * (n - 1)
        seats = list(seats)
        if len(seats) == 1:
            seats = seats * n
        if len(seats) != n:
            raise ValueError(f"{game.id} with {n} players needs {n} seats, got {len(seats)}: {seats!r}")
        for s in seats:
            if s != HUMAN and s not in bots:
                raise ValueError(f"unknown seat player {s!r}; use {HUMAN!r} or a bot: {', '.join(bots)}")
        self.seat_pickers = [
            widgets.Dropdown(
                options=[HUMAN, *bots],
                value=s,
                description=game.seat_name(i),
                layout=widgets.Layout(width="190px"),
            )
            for i, s in enumerate(seats)
        ]
        for d in self.seat_pickers:
            d.observe(self._on_seat, "value")
        self.seat_row.children = [widgets.HTML(f"<b>{html.escape(game.title)}</b>&nbsp;"), *self.seat_pickers]
        self.wi_bots = [
            widgets.Dropdown(
                options=bots,
                value=s if s != HUMAN else default_bot,
                description=game.seat_name(i),
                layout=widgets.Layout(width="190px"),
            )
            for i, s in enumerate(seats)
        ]
        self.wi_bots_row.children = list(self.wi_bots)
        self.path.value = f"{game.id}-game.json"
        if self.board is not None:
            if self.painter is None:
                from isslab_widgets.draw import CanvasPainter  # ipycanvas only when a board needs it

                self.painter = CanvasPainter(600, 600)
                self.painter.canvas.on_mouse_down(self._on_mouse_down)
                self.painter.canvas.add_class("isslab-canvas")
            self.board_box.children = [self.painter.canvas]
        else:
            self.board_box.children = [self.text_board]

    # ------------------------------------------------------------------------------------------
    # reading
    # ------------------------------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The position shown (the cursor's position on the current line)."""
        return self.tree.state

    @property
    def seats(self) -> list[str]:
        """Who plays each seat: ``"human"`` or a bot name."""
        return [d.value for d in self.seat_pickers]

    @property
    def scene(self) -> Scene:
        """The scene currently drawn (the text scene for games without a board module)."""
        if self._scene is None:
            self._scene = self._build_scene()
        return self._scene

    def to_svg(self) -> str:
        """The current picture as an SVG document (highlights included)."""
        return self.scene.to_svg()

    def viewers(self) -> tuple[int, ...]:
        """Seats whose hidden cards the board may show: the one human seat (hot-seat play: none)."""
        humans = tuple(i for i, s in enumerate(self.seats) if s == HUMAN)
        return humans if len(humans) == 1 else ()

    def human_to_move(self) -> bool:
        """True when the seat to move is played by a person."""
        cp = self.state.current_player
        return cp >= 0 and self.seats[cp] == HUMAN

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
        """A click on the place ``key`` (a dot, a pad); False (and nothing changed) when not legal."""
        with self._lock:
            if self.board is None:
                return self._say("this game has no board to click: use the list of legal actions", error=True)
            st = self.state
            cp = st.current_player
            if cp >= 0 and self.seats[cp] != HUMAN:
                return self._say(
                    f"it is {self.game.seat_name(cp)}'s turn, played by the {self.seats[cp]} bot: "
                    "wait, or press 'Bot move'",
                    error=True,
                )
            res = self.board.click(st, self.selected, key)
            if not res.ok:
                return self._say(res.message, error=True)
            if res.action is not None:
                return self._apply(res.action, res.message)
            self.selected = res.selected
            self._say(res.message)
            self._draw()
            return True

    @_guarded
    def play_action(self, action: Action) -> bool:
        """Play ``action`` (an action, its text or its JSON form) at the shown position."""
        with self._lock:
            return self._apply(action, "")

    @_guarded
    def roll(self) -> bool:
        """Resolve the chance step at the shown position with the view's seeded dice."""
        with self._lock:
            st = self.state
            if not st.is_chance_node():
                return self._say("nothing to roll now: it is not a chance step", error=True)
            return self._apply(st.sample_chance(self.rng_chance), "")

    @_guarded
    def advance(self) -> bool:
        """Make one automatic step: a roll at a chance step, or the bot's move; False for a human seat."""
        with self._lock:
            st = self.state
            cp = st.current_player
            if cp == TERMINAL:
                return self._say("the game is over", error=True)
            if cp == CHANCE:
                return self._apply(st.sample_chance(self.rng_chance), "", auto=True)
            name = self.seats[cp]
            if name == HUMAN:
                return self._say(f"{self.game.seat_name(cp)} is played by a human: make a move", error=True)
            action = isslab.bot(self.game.id, name)(st, self.rng_bots)
            return self._apply(action, f"{name} bot: ", auto=True)

    def step_bots(self, max_steps: int = 100_000) -> int:
        """Advance until a human seat is to move or the game ends; the number of steps made."""
        steps = 0
        while steps < max_steps:
            st = self.state
            if st.is_terminal() or (st.current_player >= 0 and self.seats[st.current_player] == HUMAN):
                break
            if not self.advance():
                break
            steps += 1
        return steps

    def set_seat(self, seat: int, player: str) -> None:
        """Let ``player`` (``"human"`` or a bot name) play ``seat``."""
        self.seat_pickers[seat].value = player

    def _apply(self, action: Action, note: str, auto: bool = False) -> bool:
        """Play an action at the cursor (branching if needed), then redraw and let the bots go on."""
        before = self.tree.state
        try:
            self.tree.play(action)
        except IllegalActionError as exc:
            return self._say(str(exc), error=True)
        played = self.tree.actions()[self.tree.cursor - 1]
        self.selected = None
        if before.is_chance_node():
            note = str(played)
        elif note.endswith(": ") or not note:
            note = f"{note}{played}"
        after = self.tree.state
        if after.is_terminal():
            note += " | game over: " + ", ".join(self.game.seat_name(w) for w in after.winners()) + " won"
        # automatic steps (bots, dice) pile up on the status line so a human sees what happened since
        self._notes = [*self._notes[-3:], note] if auto else [note]
        self._say(" · ".join(self._notes))
        self._refresh()
        self._schedule()
        return True

    # ------------------------------------------------------------------------------------------
    # history
    # ------------------------------------------------------------------------------------------

    @_guarded
    def undo(self) -> bool:
        """One step back (the bots wait while you look back)."""
        with self._lock:
            if not self.tree.undo():
                return self._say("already at the start", error=True)
            return self._moved("back to step")

    @_guarded
    def redo(self) -> bool:
        """One step forward along the current line."""
        with self._lock:
            if not self.tree.redo():
                return self._say("already at the last step of this line", error=True)
            return self._moved("forward to step")

    @_guarded
    def go_to(self, step: int) -> bool:
        """Show step ``step`` of the current line (0 = the start)."""
        with self._lock:
            self.tree.go(step)
            return self._moved("step")

    def _moved(self, what: str) -> bool:
        self.selected = None
        tip = "" if self.tree.at_tip() else " (a different move here starts a new branch)"
        self._say(f"{what} {self.tree.cursor} of {self.tree.size - 1}{tip}")
        self._refresh()
        self._schedule()
        return True

    @_guarded
    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"] != self.tree.cursor:
            self.go_to(change["new"])

    # ------------------------------------------------------------------------------------------
    # save / load
    # ------------------------------------------------------------------------------------------

    @_guarded
    def save(self, path: str | Path | None = None) -> Path | None:
        """Write the whole current line as isslab JSON (``isslab.load`` reads it back)."""
        target = Path(path if path is not None else self.path.value).expanduser()
        text = self.tree.tip.to_json()
        target.write_text(text, encoding="utf-8")
        self._say(f"saved {self.tree.size - 1} steps to {target}")
        return target

    @_guarded
    def load(self, source: str | Path | None = None) -> bool:
        """Load a saved game from a file path or JSON text; a bad file changes nothing."""
        src = source if source is not None else self.path.value
        if isinstance(src, str) and src.lstrip().startswith("{"):
            text, where = src, "text"
        else:
            p = Path(src).expanduser()
            if not p.is_file():
                return self._say(f"cannot load: no file {p}", error=True)
            text, where = p.read_text(encoding="utf-8"), str(p)
        try:
            state = isslab.load(text)
        except ValueError as exc:
            return self._say(f"cannot load {where}: {exc}", error=True)
        return self._adopt(state, f"loaded {state.move_number} steps from {where}")

    def _adopt(self, state: State, note: str) -> bool:
        with self._lock:
            if state.game != self.game:
                keep = self.seats if state.game.num_players == self.game.num_players else None
                self._set_game(state.game, keep)
            self.tree = GameTree.from_state(state)
            self.selected = None
            self._say(note)
            self._refresh()
            self._schedule()
            return True

    @_guarded
    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            item = files[0]
            self.load(bytes(item["content"]).decode("utf-8"))

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
        """Start simulating ``games`` games from the shown position in a background thread."""
        with self._lock:
            if self.whatif_run is not None and self.whatif_run.running():
                raise RuntimeError("a what-if run is already going; wait for it to finish")
            games = int(self.wi_games.value if games is None else games)
            bots = list(bots) if bots is not None else [d.value for d in self.wi_bots]
            run = WhatIf(
                self.state,
                bots,
                games,
                seed=int(self.wi_seed.value if seed is None else seed),
                workers=int(self.wi_workers.value if workers is None else workers),
                on_progress=self._wi_progress,
                on_finish=self._wi_finish,
            )
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
            self.whatif_result = df
            self.wi_progress.value = run.games
            self.wi_progress.bar_style = "success"
            table = win_table(df)
            rows = "".join(
                f"<tr><td>{html.escape(self.game.seat_name(int(r.seat)))}</td><td>{html.escape(str(r.bot))}</td>"
                f"<td>{r.win_probability:.1%}</td><td>&plusmn; {r.ci95:.1%}</td></tr>"
                for r in table.itertuples()
            )
            lengths = df.drop_duplicates("game")["length"]
            self.wi_result.value = (
                f"<b>{run.games} games from step {run.state.move_number}</b> (seed {run.seed})"
                "<table class='isslab-table'><tr><th>seat</th><th>bot</th><th>win probability</th>"
                "<th>95%</th></tr>"
                f"{rows}</table>moves per game: mean {lengths.mean():.1f}, median {lengths.median():.0f}"
            )
            colours = seat_colours(self.game.id, self.game.num_players)
            self.wi_plot.value = png_bytes(outcome_figure(df, colours, title="what if from here"))
        except Exception as exc:  # noqa: BLE001 - runs in the what-if thread: report, never raise
            self._fail(exc)

    # ------------------------------------------------------------------------------------------
    # bots on a timer
    # ------------------------------------------------------------------------------------------

    @_guarded
    def _reschedule(self) -> None:
        with self._lock:
            self._schedule()

    def _schedule(self) -> None:
        """Start a timer for the next automatic step (bot or roll) if one is due at the tip."""
        self._gen += 1
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._closed or not self.autoplay.value or not self.tree.at_tip():
            return
        st = self.state
        cp = st.current_player
        if cp == TERMINAL or (cp == CHANCE and not self.auto_roll.value):
            return
        if cp >= 0 and self.seats[cp] == HUMAN:
            return
        delay = float(self.delay.value) * (0.5 if cp == CHANCE else 1.0)
        timer = threading.Timer(delay, self._tick, args=(self._gen,))
        timer.daemon = True  # never keeps a kernel (or a test run) alive
        self._timer = timer
        timer.start()

    def _tick(self, gen: int) -> None:
        with self._lock:
            if gen != self._gen or self._closed:
                return  # something changed since the timer was set: that step is no longer due
            self.advance()

    @_guarded
    def _on_seat(self, change: dict[str, Any]) -> None:
        with self._lock:
            i = self.seat_pickers.index(change["owner"])
            self._say(f"{self.game.seat_name(i)} is now played by {change['new']}")
            self.selected = None
            self._draw()
            self._schedule()

    def close(self) -> None:
        """Stop the bots' timer and close the widgets."""
        with self._lock:
            self._closed = True
            if self._timer is not None:
                self._timer.cancel()
        super().close()

    # ------------------------------------------------------------------------------------------
    # drawing and panels
    # ------------------------------------------------------------------------------------------

    def _build_scene(self) -> Scene:
        if self.board is None:
            return text_scene(self.state)
        return self.board.scene(self.state, self.selected, hints=self.human_to_move(), viewers=self.viewers())

    def _draw(self) -> None:
        """Build the scene of the shown state and paint it (one ``hold_canvas`` batch)."""
        scene = self._build_scene()
        self._scene = scene
        if self.painter is not None and self.board is not None:
            self.painter.draw(scene)
        else:
            self.text_board.value = (
                f"<pre style='font-size:12px;line-height:1.3'>{html.escape(str(self.state))}</pre>"
            )

    def _refresh(self) -> None:
        """Redraw and bring every panel up to date with the shown state."""
        self._draw()
        st = self.state
        tree = self.tree
        self._syncing = True
        try:
            self.slider.max = self.player.max = tree.size - 1
            self.slider.value = self.player.value = tree.cursor
        finally:
            self._syncing = False
        self.undo_button.disabled = tree.cursor == 0
        self.redo_button.disabled = tree.at_tip()
        self.roll_button.disabled = not st.is_chance_node()
        self.step_button.disabled = st.is_terminal()
        legal = st.legal_actions()
        if st.is_chance_node():
            probs = dict(st.chance_outcomes())
            labels = [f"{a}   (p = {probs.get(a, 0):.3g})" for a in legal]
        else:
            labels = [str(a) for a in legal]
        self.action_list.options = [(label, i) for i, label in enumerate(labels)]
        self.play_button.disabled = not legal
        self.log_view.value = self._log_html()
        self.inspector.value = self._inspector_html()
        self.json_view.value = _pretty_json(st.to_json())

    @_guarded
    def _play_selected(self) -> None:
        i = self.action_list.value
        if i is None:
            self._say("choose an action in the list first", error=True)
            return
        legal = self.state.legal_actions()
        if not 0 <= i < len(legal):
            self._say("the list is out of date: choose again", error=True)
            return
        self.play_action(legal[i])

    def _log_html(self) -> str:
        acts = self.tree.actions()
        cur = self.tree.cursor
        lo, hi = max(0, cur - 120), min(len(acts), cur + 40)
        rows = []
        if lo > 0:
            rows.append(f"&hellip; {lo} earlier steps")
        for i in range(lo, hi):
            text = html.escape(str(acts[i]))
            mover = self.tree.at(i).current_player
            style = "color:#777" if mover == CHANCE else ""
            mark = "&#9654;" if i + 1 == cur else "&nbsp;"
            weight = "font-weight:bold;" if i + 1 == cur else ""
            rows.append(f"<div style='{style}{weight}'>{mark}{i + 1:4d}. {text}</div>")
        if hi < len(acts):
            rows.append(f"&hellip; {len(acts) - hi} later steps")
        branches = self.tree.branches
        head = f"{len(acts)} steps on this line" + (f", {branches} other branch(es) kept" if branches else "")
        body = "".join(rows) or "<i>no moves yet</i>"
        return (
            f"<div><b>Action log</b>: {head}</div><div class='isslab-log' style='max-height:300px;"
            f"overflow-y:auto;font-family:monospace;font-size:12px;white-space:pre'>{body}</div>"
        )

    def _inspector_html(self) -> str:
        st = self.state
        g = self.game
        n = g.num_players
        snap = st.snapshot()
        per_seat = [k for k, v in snap.items() if isinstance(v, list) and len(v) == n]
        scalars = [k for k, v in snap.items() if not isinstance(v, list)]
        cp = st.current_player
        who = {CHANCE: "chance", TERMINAL: "nobody (game over)"}.get(cp) or g.seat_name(cp)
        glob: list[tuple[str, Any]] = [
            ("step", f"{self.tree.cursor} of {self.tree.size - 1}"),
            ("to move", who),
            ("rounds", st.rounds),
        ]
        if st.end_reason is not None:
            glob.append(("end", st.end_reason.value))
            glob.append(("winners", ", ".join(g.seat_name(w) for w in st.winners())))
        glob += [(k, snap[k]) for k in scalars]
        try:
            glob += list(st.game_stats().items())
            stats = st.seat_stats()
        except Exception:  # noqa: BLE001 - statistics are optional extras; the tables must still show
            stats = [{} for _ in range(n)]
        stat_keys = [k for k in (stats[0] if stats else {}) if k not in per_seat]
        cells = "".join(
            f"<tr><th style='text-align:left'>{html.escape(str(k))}</th><td>{_cell(v)}</td></tr>"
            for k, v in glob
        )
        head = "".join(f"<th>{html.escape(k)}</th>" for k in ["seat", "player", *per_seat, *stat_keys])
        body = ""
        for s in range(n):
            mark = " style='background:#fff6cc'" if s == cp else ""
            fmt = self.board.format_value if self.board is not None else (lambda _k, v: v)
            vals = [
                g.seat_name(s),
                self.seats[s],
                *(fmt(k, snap[k][s]) for k in per_seat),
                *(stats[s].get(k) for k in stat_keys),
            ]
            body += f"<tr{mark}>" + "".join(f"<td>{_cell(v)}</td>" for v in vals) + "</tr>"
        style = "<style>.isslab-table td,.isslab-table th{padding:1px 6px;font-size:12px}</style>"
        return (
            f"{style}<div class='isslab-inspector' style='overflow-x:auto'><b>State</b>"
            f"<table class='isslab-table'>{cells}</table>"
            f"<b>Seats</b><table class='isslab-table'><tr>{head}</tr>{body}</table></div>"
        )

    # ------------------------------------------------------------------------------------------
    # status
    # ------------------------------------------------------------------------------------------

    def _say(self, message: str, error: bool = False) -> bool:
        """Show ``message`` on the status line; returns ``not error`` so callers can return it."""
        self.message = message
        colour = "#b00020" if error else "#1b5e20"
        self.status.value = f"<span style='color:{colour}'>{html.escape(message)}</span>"
        return not error

    def _fail(self, exc: BaseException) -> None:
        self.errors.append("".join(traceback.format_exception(exc)))
        self._say(f"error: {type(exc).__name__}: {exc}", error=True)


def _cell(v: Any) -> str:
    text = ", ".join(str(x) for x in v) if isinstance(v, list | tuple) else str(v)
    if len(text) > 60:
        text = text[:57] + "..."
    return html.escape(text)


def _pretty_json(text: str) -> str:
    """The save-file JSON with the position indented and one history action per line."""
    doc = json.loads(text)
    history = doc.pop("history")
    state = doc.pop("state")
    lines = ["{"]
    for k, v in doc.items():
        lines.append(f"  {json.dumps(k)}: {json.dumps(v)},")
    lines.append('  "state": {')
    lines += [f"    {json.dumps(k)}: {json.dumps(v)}," for k, v in state.items()]
    if state:
        lines[-1] = lines[-1].rstrip(",")
    lines.append("  },")
    lines.append('  "history": [')
    lines += [f"    {json.dumps(a)}," for a in history]
    if history:
        lines[-1] = lines[-1].rstrip(",")
    lines += ["  ]", "}"]
    return "\n".join(lines)


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
    display(view)
    return view
