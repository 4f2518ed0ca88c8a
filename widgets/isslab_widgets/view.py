"""``GameView``: play, replay and question any isslab game in a notebook.

The view is the widget layer over a headless :class:`~isslab_widgets.session.Session` (the game
tree, the seats, the seeded bots and dice, the board plug-in and its selection, the bots' timer):
it forwards clicks, buttons and sliders to the session and redraws the board and the panels
(:mod:`isslab_widgets.panels`) from it. Every widget callback is guarded: an error becomes a status
message, never a broken widget.

Layout, the same for every game, made to fit the notebook area of a laptop's 1366 x 768 screen
(the view is at most :data:`VIEW_WIDTH` x :data:`VIEW_HEIGHT` pixels) without a scroll bar of its
own: the board on the left (at most :data:`FIT_WIDTH` x :data:`FIT_HEIGHT`, a larger one drawn a
little smaller); on the right the title, the status line (whose turn, what just happened), the
controls (undo, the step slider, roll, bot move, pace), and tabs: *Game* (on the left the player
panel, one row per seat with its key numbers, the goal they share said once, and the list of
moves below it, whose long lines wrap; on the right the "what happened" panel with the result of
your last move and the recap of the last round, written to fit its box, and the game-over panel at
the end), *Rules* (the game's rules page), *Position*, *Log*, *JSON*, *What if* and *Save/Load*.
Everything has a fixed size, so nothing moves as the text changes.

Clicks on the board are read by ``ipyevents`` on the board's box, relative to the box at the time
of the click (the canvases ignore the mouse), so a click means the point it landed on even when
JupyterLab scrolls the page to activate the cell, and the keyboard focus stays with the notebook.

Texts follow the session's eyes (see :mod:`isslab_widgets.session`): with one human seat, logs,
status lines, recaps and action labels are ``state.describe(action, that seat)``. Who looks is
the session's one answer, :meth:`Session.sight`, which every part asks: in hot-seat play of a game
with hidden information, when the game waits for another person, the view covers the board and
every tab and computes nothing for a seat, until that person presses "I am ..."
(:mod:`.view_handover`).

The view is put together from parts, one idea each (see :mod:`isslab_widgets.view_base`): the step
controls and the replay (:mod:`.view_steps`), the hot-seat hand-over (:mod:`.view_handover`), the
What if tab (:mod:`.view_whatif`) and the Save/Load tab (:mod:`.view_saves`).
"""

from __future__ import annotations

import html
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, cast

import ipywidgets as widgets

import isslab
from isslab import Action, Game, ReturnsKind, State
from isslab_widgets import panels
from isslab_widgets.boards import Board, animation
from isslab_widgets.history import GameTree
from isslab_widgets.rules import rules_markdown
from isslab_widgets.scene import Scene
from isslab_widgets.session import HUMAN, Session
from isslab_widgets.view_base import TAB_TITLES, _guarded, button
from isslab_widgets.view_handover import HandOver
from isslab_widgets.view_saves import SaveLoad
from isslab_widgets.view_steps import StepControls
from isslab_widgets.view_whatif import WhatIfTab
from isslab_widgets.whatif import WhatIf
from isslab_widgets.winchance import WinChancePanel

if TYPE_CHECKING:
    from isslab_widgets.draw import CanvasPainter

__all__ = ["ANIMATION_SECONDS", "DEFAULT_DELAY", "HUMAN", "TAB_TITLES", "GameView", "make_for_seats", "play"]

#: how long a move or a roll is animated (the checkbox "animate" switches it off)
ANIMATION_SECONDS = 0.3
#: seconds between the bots' moves by default (dice: a quarter of it)
DEFAULT_DELAY = 0.35
#: the view's largest size: the output area of a notebook in JupyterLab on a 1366 x 768 screen is
#: 1186 x 647 pixels (measured by tests/test_browser.py), less room for a scroll bar and a margin
VIEW_WIDTH = 1170
VIEW_HEIGHT = 640
#: width of the column to the right of the board (title, status, controls, tabs)
SIDE_WIDTH = 560
#: the largest board drawn at ``size=1.0``: a larger one (1969 at five nations, Mission ISS, 1998 ISS)
#: is drawn a little smaller, so that board and side column fit :data:`VIEW_WIDTH` x :data:`VIEW_HEIGHT`
FIT_WIDTH = VIEW_WIDTH - SIDE_WIDTH - 10
FIT_HEIGHT = VIEW_HEIGHT
#: the largest board scale ``size`` accepts
MAX_SIZE = 2.0
#: the Game tab's two columns (8 px apart): the player panel with the moves below it, and what
#: happened; together as wide as the tab's room (the side column less the tab's border and padding)
SEATS_WIDTH = 270
HAPPENED_WIDTH = SIDE_WIDTH - 4 - 2 - 8 - 8 - SEATS_WIDTH  # the tab's margins, border, padding; the gap
#: the Game tab's height: with the title, status line, controls and tab bar above, the side column
#: is :data:`VIEW_HEIGHT` high at most
GAME_TAB_HEIGHT = 428

_CSS = """<style>
.isslab-view { font-size: 13px; line-height: 1.35; }
.isslab-view .widget-html, .isslab-view .widget-html-content { margin-top: 0; margin-bottom: 0; }
.isslab-view .widget-box { overflow: visible; }
.isslab-view .jupyter-widget-tab > .jupyter-widget-TabPanel-tabContents.widget-tab-contents
  { padding: 6px 4px; }
.isslab-view .widget-html-content { white-space: normal; overflow-wrap: anywhere; line-height: 1.35; }
.isslab-view .isslab-board { padding: 0; margin: 0; border: 0; cursor: pointer; position: relative; }
.isslab-view .isslab-board canvas { pointer-events: none; }
.isslab-view .isslab-title .widget-html-content { font-size: 13px; }
.isslab-view .isslab-status .widget-html-content { font-size: 12.5px; }
.isslab-view .isslab-seat { padding: 1px 4px; box-sizing: border-box; font-size: 12px; line-height: 16px; }
.isslab-view .isslab-game-tab, .isslab-view .isslab-columns, .isslab-view .isslab-columns .widget-box
  { margin: 0; }
.isslab-view .isslab-seat-top { min-height: 26px; line-height: 24px; }
.isslab-view .isslab-goal { color: #444; }
.isslab-view .isslab-shared-goal { font-size: 12px; line-height: 16px; padding: 0 0 3px 2px; }
.isslab-view .isslab-moves { flex: 1 1 0; min-height: 48px; width: auto; }
.isslab-view .isslab-moves select { height: 100%; overflow-x: hidden; font-size: 12px; }
.isslab-view .isslab-moves option { white-space: normal; overflow-wrap: break-word; padding: 1px 2px;
  border-bottom: 1px solid #eeeeee; }
.isslab-view .isslab-more { color: #555; margin-top: 2px; }
.isslab-view .isslab-log-result { color: #1f4f9a; }
.isslab-view .isslab-happened .widget-html-content, .isslab-view .isslab-gameover-box .widget-html-content
  { font-size: 12px; }
.isslab-view .isslab-headline { background: #eef4ff; border-left: 3px solid #1f6fd1; padding: 2px 5px;
  margin: 3px 0; }
.isslab-view .isslab-gameover { background: #fffbe6; border: 1px solid #e0c200; padding: 4px 6px; }
.isslab-view .isslab-result { margin-bottom: 6px; }
.isslab-view .isslab-rank { margin-top: 3px; }
.isslab-view .isslab-table td, .isslab-view .isslab-table th { padding: 1px 5px; font-size: 12px;
  text-align: left; vertical-align: top; }
.isslab-view .isslab-handover { background: #1b2433; color: #fff; padding: 12px; }
.isslab-view .isslab-handover .widget-html-content { color: #fff; font-size: 15px; }
.isslab-view .isslab-rules { font-size: 13px; }
.isslab-view .widget-tab > .p-TabBar .p-TabBar-tab, .isslab-view .widget-tab > .lm-TabBar .lm-TabBar-tab
  { min-width: 0; padding: 0 8px; flex: 0 1 auto; }
.isslab-view .isslab-happened { overflow: hidden; }
.isslab-view .widget-tab-contents img { max-height: 240px; width: auto; }
.isslab-view .isslab-inspector td, .isslab-view .isslab-inspector th { overflow-wrap: normal; }
</style>"""


class GameView(StepControls, HandOver, WhatIfTab, SaveLoad):
    """An interactive board with a player panel, recaps, rules, history, details and what-if."""

    def __init__(
        self,
        game_or_state: Game | State | str,
        seats: Sequence[str] | None = None,
        *,
        seed: int | None = None,
        delay: float = DEFAULT_DELAY,
        autoplay: bool = True,
        auto_roll: bool = True,
        animate: bool = True,
        size: float = 1.0,
    ) -> None:
        super().__init__()
        if isinstance(size, bool) or not isinstance(size, int | float) or not 0.5 <= size <= MAX_SIZE:
            raise ValueError(f"size is the board's scale, a number from 0.5 to {MAX_SIZE:g}, not {size!r}")
        #: the board's scale on the page (1.0: drawn pixel for pixel)
        self.size = float(size)
        #: the headless game session: tree, seats, random streams, board and selection, bots' timer
        self.session = Session(
            game_or_state, seats, seed=seed, autoplay=autoplay, auto_roll=auto_roll, delay=delay
        )
        self.session.animate = animate
        self.session.on_step = self._after_timer_step
        self._syncing = False
        self._scene: Scene | None = None
        self._drawn: State | None = None
        self._shown_game: Game | None = None
        self._choices = self.session.choices()
        self._replay_timer: threading.Timer | None = None
        self._events: Any = None
        self.whatif_run: WhatIf | None = None
        self.whatif_result: Any = None
        self._wi_note = ""
        #: frames drawn by animations (tests and the benchmark read it)
        self.animated_frames = 0
        #: the last redraw's CPU seconds (the benchmark reads it)
        self.redraw_seconds = 0.0
        self._build_widgets(delay, autoplay, auto_roll, animate)
        self._game_widgets()
        self._refresh()
        self.session.schedule()

    # ------------------------------------------------------------------------------------------
    # widgets
    # ------------------------------------------------------------------------------------------

    def _build_widgets(self, delay: float, autoplay: bool, auto_roll: bool, animate: bool) -> None:
        W = widgets
        self.add_class("isslab-view")
        self.title = W.HTML(layout=W.Layout())
        self.title.add_class("isslab-title")
        self.status = W.HTML(layout=W.Layout(height="50px", overflow="hidden"))
        self.status.add_class("isslab-status")
        self.text_board = W.HTML()
        self.painter: CanvasPainter | None = None  # created when the game has a board module
        self.board_box = W.Box(layout=W.Layout(flex="0 0 auto"))
        self.board_box.add_class("isslab-board")

        self.roll_button = button("resolve the chance step (roll the die)", description="Roll", icon="cube")
        self.roll_button.add_class("isslab-roll")
        self.step_button = button(
            "let the bot (or chance) to move make one step now", description="Bot move", icon="forward"
        )
        self.step_button.add_class("isslab-step")

        def check(value: bool, text: str, tooltip: str) -> widgets.Checkbox:
            return W.Checkbox(
                value,
                description=text,
                indent=False,
                tooltip=tooltip,
                layout=W.Layout(width="auto", flex="0 0 auto", margin="0 10px 0 0"),
            )

        self.autoplay = check(autoplay, "bots play by themselves", "bots move after the pause set beside")
        self.auto_roll = check(auto_roll, "roll automatically", "chance steps resolve by themselves")
        self.animate = check(animate, "animate", "show moves and dice briefly (a few hundred ms)")
        self.choose_dice = check(
            False, "choose the dice", "teaching: the list of moves offers the chance outcomes"
        )
        self.delay = W.FloatSlider(
            delay,
            min=0.0,
            max=3.0,
            step=0.05,
            description="pause s",
            tooltip="seconds between the bots' moves (dice: a quarter of it)",
            layout=W.Layout(width="210px", flex="0 0 auto"),
            style={"description_width": "52px"},
        )

        self.seat_box = W.VBox(layout=W.Layout(flex="0 0 auto"))
        #: the goal every seat shares, said once above the seats ("" when each has its own)
        self.goal_html = W.HTML(layout=W.Layout(flex="0 0 auto"))
        # the text is written to fit the box (panels.happened_html): it never scrolls or cuts
        self.happened = W.HTML(layout=W.Layout(height=f"{GAME_TAB_HEIGHT}px", width=f"{HAPPENED_WIDTH}px"))
        self.happened.add_class("isslab-happened")
        self.over_html = W.HTML(layout=W.Layout())
        self.over_html.add_class("isslab-gameover-box")
        self.again_button = button("a new game with the same seats", description="Play again", icon="refresh")
        self.whatif_here_button = button(
            "simulate games from your last decision with the bots (opens the What if tab)",
            description="What if from here",
            icon="random",
        )
        self.over_box = W.VBox(
            [self.over_html, W.HBox([self.again_button, self.whatif_here_button])],
            layout=W.Layout(display="none", max_height=f"{GAME_TAB_HEIGHT}px"),
        )
        # the list fills the room the seats leave; its long lines wrap (it scrolls only up and down)
        self.action_list = W.Select(options=[], rows=3)
        self.action_list.add_class("isslab-scrolls")
        self.action_list.add_class("isslab-moves")
        # why the list is empty (a bot or the dice to move), in the list's place
        self.action_note = W.HTML(layout=W.Layout(flex="1 1 0", min_height="0", display="none"))
        self.play_button = button(
            "play the move chosen in the list", description="Play selected", icon="check"
        )
        self.moves_box = W.VBox(
            [W.HTML("<b>Moves</b>"), self.action_list, self.action_note, self.play_button],
            layout=W.Layout(flex="1 1 0", min_height="0", margin="4px 0 0 0"),
        )
        self.log_view = W.HTML(layout=W.Layout())
        # a table of every seat's numbers: it scrolls in the tab's room (a wide or long one)
        self.inspector = W.HTML(layout=W.Layout(max_height=f"{GAME_TAB_HEIGHT - 6}px", overflow="auto"))
        self.inspector.add_class("isslab-scrolls")
        self.json_view = W.Textarea(
            layout=W.Layout(width="auto", height=f"{GAME_TAB_HEIGHT - 20}px"), disabled=True
        )
        self.rules_view = W.Output(layout=W.Layout(height=f"{GAME_TAB_HEIGHT - 6}px", overflow="auto"))
        self.rules_view.add_class("isslab-rules")
        self.rules_view.add_class("isslab-scrolls")

        self.roll_button.on_click(lambda _b: self.roll())
        self.step_button.on_click(lambda _b: self.advance())
        self.play_button.on_click(lambda _b: self._play_selected())
        self.again_button.on_click(lambda _b: self.play_again())
        self.whatif_here_button.on_click(lambda _b: self.what_if_from_here())
        for timing in (self.autoplay, self.auto_roll, self.delay, self.animate, self.choose_dice):
            timing.observe(self._on_timing, "value")

        #: the Game tab's columns: the seats with the moves below them, and what happened; at the end
        #: the game-over panel takes the whole tab (its summary of every seat needs the width)
        self.game_column_parts = (
            W.VBox(
                [self.goal_html, self.seat_box, self.moves_box],
                layout=W.Layout(width=f"{SEATS_WIDTH}px", height=f"{GAME_TAB_HEIGHT}px"),
            ),
            W.VBox(
                [self.happened], layout=W.Layout(width=f"{HAPPENED_WIDTH}px", height=f"{GAME_TAB_HEIGHT}px")
            ),
        )
        self.game_tab = W.VBox(
            [
                self.over_box,
                W.HBox(list(self.game_column_parts), layout=W.Layout(grid_gap="8px", flex="0 0 auto")),
            ],
            layout=W.Layout(width=f"{SEATS_WIDTH + 8 + HAPPENED_WIDTH}px", flex="0 0 auto"),
        )
        self.game_columns = self.game_tab.children[1]
        self.game_tab.add_class("isslab-game-tab")
        self.game_columns.add_class("isslab-columns")
        #: the win-chance strip, hint switch and review panel (isslab_widgets.winchance), in a tab of
        #: its own so that the whole view still fits a laptop screen
        self.winchance = WinChancePanel(self.session, self.go_to)
        tabs = W.Tab(
            children=[
                self.game_tab,
                self.winchance,
                self.rules_view,
                self.inspector,
                self.log_view,
                W.VBox([self.json_view]),
                self._build_what_if(),
                self._build_saves(),
            ],
            layout=W.Layout(),
        )
        for i, title in enumerate(TAB_TITLES):
            tabs.set_title(i, title)
        tabs.selected_index = 0
        self.tabs = tabs
        # the win chances of a table with no model are computed only while their tab is open
        self.winchance.shown = lambda: self.tabs.selected_index == self.tabs.children.index(self.winchance)
        tabs.observe(self._on_tab, names="selected_index")

        steps = self._build_steps()
        self.side = W.VBox(
            [
                W.HTML(_CSS),
                self.title,
                self.status,
                steps,
                W.HBox(
                    [self.roll_button, self.step_button, self.delay],
                    layout=W.Layout(flex_flow="row wrap"),
                ),
                W.HBox(
                    [self.autoplay, self.auto_roll, self.animate, self.choose_dice],
                    layout=W.Layout(flex_flow="row wrap"),
                ),
                self._build_handover(),  # in the place of the tabs while the screen passes
                tabs,
            ],
            layout=W.Layout(width=f"{SIDE_WIDTH}px", flex="0 0 auto", margin="0 0 0 10px"),
        )
        self.left = W.VBox([self.board_box], layout=W.Layout(flex="0 0 auto"))
        self.children = [self.left, self.side]
        self.layout = W.Layout(align_items="flex-start", flex_flow="row nowrap")

    def _game_widgets(self) -> None:
        """Seat rows and what-if choosers, roll controls, the rules and the board (or text view)."""
        s = self.session
        game = s.game
        self._shown_game = game
        bots = isslab.bot_names(game.id)
        default_bot = Session.default_bot(game)
        players = "1 player" if game.num_players == 1 else f"{game.num_players} players"
        self.title.value = (
            f"<b style='font-size:15px'>{html.escape(game.title)}</b> &middot; {players} &middot; "
            "the rules are in the <i>Rules</i> tab"
        )
        self.seat_pickers = [
            widgets.Dropdown(
                options=Session.seat_options(game),
                value=player,
                tooltip=f"who plays {game.seat_name(i)}: a person (human), a level (easy, medium, "
                "hard: the expert) or a bot",
                layout=widgets.Layout(width="78px", flex="0 0 auto"),
            )
            for i, player in enumerate(s.seats)
        ]
        for d in self.seat_pickers:
            d.observe(self._on_seat, "value")
        self.seat_html = [widgets.HTML(layout=widgets.Layout(flex="1 1 auto", width="auto")) for _ in s.seats]
        self.seat_lines = [widgets.HTML(layout=widgets.Layout()) for _ in s.seats]
        self.seat_box.children = [
            widgets.VBox(
                [widgets.HBox([h, d], layout=widgets.Layout(align_items="center")), lines],
                layout=widgets.Layout(margin="0 0 3px 0"),
            )
            for h, d, lines in zip(self.seat_html, self.seat_pickers, self.seat_lines, strict=True)
        ]
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
        self._show_default_path()
        # a game without chance nodes needs no dice controls
        shown = None if game.info.chance else "none"
        for w in (self.roll_button, self.auto_roll, self.choose_dice):
            w.layout.display = shown
        self.rules_view.clear_output()
        from IPython.display import Markdown

        self.rules_view.append_display_data(Markdown(rules_markdown(game)))  # type: ignore[no-untyped-call]
        if s.board is not None:
            if self.painter is None:
                from isslab_widgets.draw import CanvasPainter  # ipycanvas only when a board needs it

                self.painter = CanvasPainter(600, 600)
                self.painter.canvas.add_class("isslab-canvas")
                self._events = self._listen(self.painter)
            self.board_box.children = [self.painter.canvas]
            scene = s.scene()
            width, height = scene.width, scene.height
            self._size_board(width, height)
        else:
            self.board_box.children = [self.text_board]
            self.board_box.layout.width = "600px"
            self.board_box.layout.height = None
        self._drawn = None

    def _scale(self, width: float, height: float) -> float:
        """The board's scale on the page: ``size``, less for a board larger than :data:`FIT_WIDTH` x
        :data:`FIT_HEIGHT` (the canvas is painted at that scale, so the board stays sharp)."""
        fit = min(1.0, FIT_WIDTH / width if width > 0 else 1.0, FIT_HEIGHT / height if height > 0 else 1.0)
        return self.size * fit

    def _size_board(self, width: int, height: int) -> None:
        """The board's box (and canvas) at the view's scale: clicks are read relative to the box."""
        scale = self._scale(width, height)
        w, h = f"{round(width * scale)}px", f"{round(height * scale)}px"
        self.board_box.layout.width, self.board_box.layout.height = w, h
        if self.painter is not None:
            self.painter.scale = scale
            self.painter.canvas.layout.width, self.painter.canvas.layout.height = w, h

    def _listen(self, painter: CanvasPainter) -> Any:
        """Mouse-downs on the board's box (ipyevents); without ipyevents, the canvas's own events."""
        try:
            from ipyevents import Event  # type: ignore[import-untyped]
        except ImportError:  # the canvas reads clicks itself (a click that scrolls the page may be misread)
            painter.canvas.on_mouse_down(self._on_mouse_down)
            self.board_box.remove_class("isslab-board")
            return None
        events = Event(source=self.board_box, watched_events=["mousedown"])
        events.on_dom_event(self._on_board_event)
        return events

    @_guarded
    def _on_board_event(self, event: dict[str, Any]) -> None:
        """A mouse-down on the board's box, at ``relativeX/Y`` of the box as it was when clicked."""
        if event.get("button", 0) != 0 or self._scene is None:
            return
        scale = self._scale(self._scene.width, self._scene.height)
        width = float(event.get("boundingRectWidth") or 0) or self._scene.width * scale
        height = float(event.get("boundingRectHeight") or 0) or self._scene.height * scale
        x = float(event["relativeX"]) * self._scene.width / width
        y = float(event["relativeY"]) * self._scene.height / height
        self.click(x, y)

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
        """The canvas's own mouse-down, in its pixels (``painter.scale`` of them per scene unit)."""
        k = self.painter.scale if self.painter is not None else 1.0
        self.click(x / k, y / k)

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
    def play_again(self) -> bool:
        """A new game with the same game, options and seats (the next seed)."""
        return self._do(self.session.play_again)

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
            s = self.session
            s.autoplay = bool(self.autoplay.value)
            s.auto_roll = bool(self.auto_roll.value)
            s.delay = float(self.delay.value)
            s.animate = bool(self.animate.value)
            if s.choose_dice != bool(self.choose_dice.value):
                s.choose_dice = bool(self.choose_dice.value)
                self._refresh()
            s.schedule()

    def _on_tab(self, change: dict[str, Any]) -> None:
        """A tab was opened: the win chances catch up when theirs is (they wait while it is closed)."""
        if self.tabs.children[change["new"]] is self.winchance:
            self.winchance.refresh()

    def _after_timer_step(self) -> None:
        """The session's timer made a step (in its thread): redraw, never raise."""
        try:
            self._refresh()
        except Exception as exc:  # noqa: BLE001 - a timer thread has nobody to raise to
            self.session.fail(exc)
            self._show_status()

    def close(self) -> None:
        """Stop the bots' and the replay's timers and close the widgets."""
        self.session.close()
        if self._replay_timer is not None:
            self._replay_timer.cancel()
        super().close()

    # ------------------------------------------------------------------------------------------
    # drawing and panels
    # ------------------------------------------------------------------------------------------

    def _draw(self) -> None:
        """Build the scene of the shown state and paint it; one step forward is animated briefly."""
        s = self.session
        scene = s.scene()
        self._scene = scene
        covered = s.sight().covered
        if self.painter is not None and s.board is not None:
            before = self._drawn
            tree = s.tree
            if (
                s.animate
                and not covered  # a frame would show the leaving player's cards under the cover
                and self.painter.client_ready
                and before is not None
                and tree.cursor > 0
                and tree.at(tree.cursor - 1) is before
            ):
                frames = animation(s.board, before, tree.actions()[tree.cursor - 1], s.state, s.viewers())
                for frame in frames:
                    self.painter.draw(frame)
                    self.animated_frames += 1
                    time.sleep(ANIMATION_SECONDS / len(frames))
            if self.painter.pixels(scene) != (self.painter.canvas.width, self.painter.canvas.height):
                self._size_board(scene.width, scene.height)
            self.painter.draw(scene)
        elif not covered:  # under the cover the hand-over empties the text board
            self.text_board.value = panels.text_board_html(s)
        self._drawn = s.state

    def _show_status(self) -> None:
        handover = self._handover_status()
        self.status.value = handover if handover is not None else panels.status_html(self.session)

    def _refresh(self) -> None:
        """Redraw and bring every panel up to date with the session."""
        s = self.session
        start = time.process_time()
        with s.lock:
            if s.game != self._shown_game:  # a loaded file of another game (or player count)
                self._game_widgets()
            self._draw()
            self._show_status()
            st = s.state
            tree = s.tree
            self._syncing = True
            try:
                self.slider.max = tree.size - 1
                self.slider.value = tree.cursor
                for picker, player in zip(self.seat_pickers, s.seats, strict=True):
                    picker.value = player
            finally:
                self._syncing = False
            sight = s.sight()  # who looks: every panel below follows it
            eyes, to = sight
            humans = s.humans()
            rows = s.seat_rows()
            self.goal_html.value = panels.shared_goal_html(
                rows, team=s.game.info.returns == ReturnsKind.COOPERATIVE
            )
            for row, top, lines in zip(rows, self.seat_html, self.seat_lines, strict=True):
                you = row.seat == eyes and (len(humans) == 1 or (len(humans) > 1 and to is None))
                top.value = panels.seat_name_html(row, you=you)
                lines.value = panels.seat_lines_html(row, goal=not self.goal_html.value)
            self.undo_button.disabled = s.last_decision() is None and (bool(humans) or tree.cursor == 0)
            self.back_button.disabled = tree.cursor == 0
            self.redo_button.disabled = tree.at_tip()
            self.roll_button.disabled = not st.is_chance_node()
            self.step_button.disabled = st.is_terminal() or s.human_to_move()
            over = s.game_over()
            self.over_box.layout.display = None if over is not None else "none"
            self.over_html.value = panels.game_over_html(over, s)
            self.whatif_here_button.disabled = tree.size < 2
            # at the end the game-over panel takes the place of the seats, the moves and what happened
            for column in self.game_column_parts:
                column.layout.display = "none" if over is not None else None
            if not self._cover(sight):  # hot-seat: nothing private shows until the next person has the screen
                self.happened.value = panels.happened_html(s, s.result(), s.recap())
                self.log_view.value = panels.log_html(s)
                self.inspector.value = panels.inspector_html(s)
                self.json_view.value = panels.json_text(s)
            choices = s.choices()
            self._choices = choices
            self.action_list.options = [(label, i) for i, label in enumerate(panels.distinct(choices.labels))]
            self.action_note.value = html.escape(choices.note)
            self.action_list.layout.display = None if choices.actions else "none"
            self.action_note.layout.display = "none" if choices.actions else None
            self.play_button.disabled = not choices.actions
            self.winchance.refresh()  # it asks the session's sight itself
            self._show_what_if(sight)
            self._show_default_path()  # a new game (play again, a loaded game of another kind): its own file
        self.redraw_seconds = time.process_time() - start

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


def make_for_seats(game_id: str, seats: Sequence[str] | None, options: dict[str, Any]) -> Game:
    """``isslab.make(game_id, **options)``; without ``players``, as many players as ``seats`` if it can."""
    if seats is not None and "players" not in options and not isinstance(seats, str):
        info = isslab.make(game_id).info
        if info.min_players <= len(seats) <= info.max_players:
            options = {**options, "players": len(seats)}
    return isslab.make(game_id, **options)


def play(
    game_id: str,
    seats: Sequence[str] | None = None,
    *,
    seed: int | None = None,
    delay: float = DEFAULT_DELAY,
    size: float = 1.0,
    **options: Any,
) -> GameView:
    """Build ``game_id`` with ``options``, display its view and return it (``view = play(...)``).

    Without a ``players`` option, the number of ``seats`` given is the number of players when the
    game can be played so (``play("1998-iss", seats=["human"])`` is the solo game against FEDOR).
    ``size`` scales the board (1.0 fits a laptop's screen; 1.3 suits a large one).
    """
    from IPython.display import display

    view = GameView(make_for_seats(game_id, seats, options), seats, seed=seed, delay=delay, size=size)
    cast(Callable[[object], None], display)(view)
    return view
