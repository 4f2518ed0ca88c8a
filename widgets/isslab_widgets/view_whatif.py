"""The game view's What if tab: simulate games from the shown position with bots, in the background.

The run (:class:`~isslab_widgets.whatif.WhatIf`) plays on in its own thread while the board stays
playable; its progress, its result table and its outcome plot fill the tab. From the game-over
panel, "What if from here" goes back to your last decision first.

In a game with hidden information a run starts from the hidden cards redrawn as the seat at the
screen may imagine them, so its result belongs to that seat's eyes: it shows only while that seat
looks (:meth:`Session.sight <isslab_widgets.session.Session.sight>`), never under the hot-seat
cover, and no run starts under the cover.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from isslab.analysis.plots import outcome_figure, png_bytes
from isslab_widgets import panels
from isslab_widgets.session_panels import Sight
from isslab_widgets.view_base import TAB_TITLES, ViewPart, _guarded, button
from isslab_widgets.whatif import WhatIf


class WhatIfTab(ViewPart):
    """The What if tab: games, workers, seed, a bot per seat, the run and its result (a view part)."""

    #: one bot chooser per seat (the view makes them for each game)
    wi_bots: list[widgets.Dropdown]
    #: the run going or last finished, and its result table
    whatif_run: WhatIf | None
    whatif_result: Any
    _wi_note: str
    #: the tab's text and plot of the last run, and the seat whose eyes it was made for (None: anyone's)
    _wi_html: str = ""
    _wi_png: bytes = b""
    _wi_for: int | None = None
    #: True from a run's start to its end (the thread is still alive while it reports its end)
    _wi_busy: bool = False

    def _build_what_if(self) -> widgets.VBox:
        """The What if tab's content (the bot choosers go into ``wi_bots_row`` for each game)."""
        W = widgets
        self.wi_games = W.BoundedIntText(200, min=1, max=1_000_000, description="games")
        self.wi_workers = W.BoundedIntText(1, min=1, max=16, description="workers")
        self.wi_seed = W.IntText(0, description="seed")
        self.wi_bots_row = W.VBox()
        self.wi_button = button(
            "simulate games from the shown position", description="Run what-if from here", icon="play"
        )
        self.wi_button.button_style = "info"
        self.wi_progress = W.IntProgress(0, min=0, max=1, description="progress")
        self.wi_result = W.HTML()
        # shown once a run has drawn it: an Image without a value is a broken picture
        self.wi_plot = W.Image(format="png", layout=W.Layout(max_width="100%", display="none"))
        self.wi_button.on_click(lambda _b: self._start_what_if())
        return W.VBox(
            [
                W.HTML("Simulate games from the shown position with these bots:"),
                self.wi_bots_row,
                W.HBox([self.wi_games, self.wi_workers]),
                self.wi_seed,
                self.wi_button,
                self.wi_progress,
                self.wi_result,
                self.wi_plot,
            ]
        )

    @_guarded
    def what_if_from_here(self, games: int | None = None) -> WhatIf | None:
        """From the game-over panel: go to your last decision, open What if, and simulate from there."""
        with self.session.lock:
            s = self.session
            i = s.last_decision()
            if i is None:
                recap = s.recap()
                i = recap.lines[0].step - 1 if recap is not None and recap.lines else 0
            s.go_to(i)
            self._refresh()
            self.tabs.selected_index = TAB_TITLES.index("What if")
            return self.what_if(games=games)

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
            start, note = self.session.simulation_start(seed)  # refused under the hot-seat cover
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
            self._wi_for = self.session.eyes() if self.session.hides() else None
            self._wi_png = b""
            self._wi_busy = True
            self._wi_html = (
                f"running {games} games from step {self.session.tree.cursor} with {', '.join(bots)} &hellip; "
                "(the board stays playable)"
            )
            self._show_what_if(self.session.sight())
            return run.start()

    @_guarded
    def _start_what_if(self) -> None:
        try:
            self.what_if()
        except (ValueError, RuntimeError) as exc:
            self._wi_html = f"<span style='color:#b00'>{html.escape(str(exc))}</span>"
            self._show_what_if(self.session.sight())

    def _wi_progress(self, done: int, total: int) -> None:
        self.wi_progress.value = min(done, total)

    def _wi_finish(self, run: WhatIf) -> None:
        try:
            with self.session.lock:
                self._wi_busy = False
                if run.error is not None:
                    self.wi_progress.bar_style = "danger"
                    self._wi_html = (
                        f"<span style='color:#b00'>what-if failed: {html.escape(repr(run.error))}</span>"
                    )
                else:
                    df = run.result
                    if df is None:
                        raise RuntimeError("the what-if run ended without a result")
                    self.whatif_result = df
                    self.wi_progress.value = run.games
                    self.wi_progress.bar_style = "success"
                    game = run.state.game
                    self._wi_html = panels.what_if_html(
                        game, df, run.games, run.state.move_number, run.seed, self._wi_note
                    )
                    colours = list(game.info.seat_colours[: game.num_players])
                    self._wi_png = png_bytes(outcome_figure(df, colours, title="what if from here"))
                self._show_what_if(self.session.sight())
        except Exception as exc:  # noqa: BLE001 - runs in the what-if thread: report, never raise
            self.session.fail(exc)
            self._show_status()

    def _show_what_if(self, sight: Sight) -> None:
        """The tab's result, shown only to the eyes it was made for, and nothing under the cover."""
        self.wi_button.disabled = self._wi_busy or sight.covered
        if sight.covered:
            shown, png = "<i>covered until the screen has passed</i>", b""
        elif self._wi_for is not None and self._wi_for != sight.eyes:
            who = html.escape(self.session.game.seat_name(self._wi_for))
            shown = f"<i>the last what-if run was made for {who}'s eyes: it shows when {who} looks</i>"
            png = b""
        else:
            shown, png = self._wi_html, self._wi_png
        self.wi_result.value = shown
        self.wi_plot.value = png
        self.wi_plot.layout.display = None if png else "none"
