"""The game view's step controls: undo, one step back or forward, the step slider and the replay.

Undo takes back the person's last decision with what followed it; the dice and the bots' replies
are a function of the game's seed and the position, so the same decision again meets the same ones
(an undo never re-rolls a die), as the button's tooltip and the status line say.

The slider shows the cursor on the current line of the game tree; moving it shows that step (the
bots wait while you look back). The replay button steps along the line on a timer at the pace of
the bots' pause; pausing keeps the position.
"""

from __future__ import annotations

import threading
from typing import Any

import ipywidgets as widgets

from isslab_widgets.view_base import ViewPart, _guarded, button, icon


class StepControls(ViewPart):
    """Undo, back, the step slider, forward and replay (a part of the game view)."""

    #: True while the view sets its widgets from the session (their callbacks then do nothing)
    _syncing: bool
    _replay_timer: threading.Timer | None

    def _build_steps(self) -> widgets.HBox:
        """The row of step controls (the view places it under the status line)."""
        W = widgets
        self.undo_button = button(
            "take back your last move, with the bots' moves and the dice after it; the dice are not "
            "rolled again: the same move meets the same dice and replies (they follow from the game's "
            "seed and the position), another move draws its own",
            description="Undo my move",
            icon="undo",
        )
        self.back_button = icon("step-backward", "one step back (look back: the bots wait)")
        self.redo_button = icon("step-forward", "one step forward on this line")
        self.forward_button = self.redo_button
        self.slider = W.IntSlider(
            0,
            0,
            0,
            description="step",
            continuous_update=True,
            layout=W.Layout(flex="1 1 auto", width="auto", min_width="160px"),
            style={"description_width": "32px"},
        )
        self.slider.add_class("isslab-steps")
        self.replay_button = W.ToggleButton(
            False,
            icon="play",
            tooltip="replay this line step by step from here; press again to pause (it stays where it is)",
            layout=W.Layout(width="36px", flex="0 0 auto"),
        )
        self.undo_button.on_click(lambda _b: self.undo())
        self.back_button.on_click(lambda _b: self.back())
        self.redo_button.on_click(lambda _b: self.redo())
        self.slider.observe(self._on_slider, "value")
        self.replay_button.observe(self._on_replay, "value")
        return W.HBox(
            [self.undo_button, self.back_button, self.slider, self.redo_button, self.replay_button],
            layout=W.Layout(),
        )

    @_guarded
    def undo(self) -> bool:
        """Take back your last move, with the bots' moves and dice after it (no human seat: one step).

        The dice are not rolled again: the same move meets the same dice (see :meth:`Session.rng_at`).
        """
        return self._do(self.session.undo)

    @_guarded
    def back(self) -> bool:
        """One step back along the line (the bots wait while you look back)."""
        return self._do(self.session.back)

    @_guarded
    def redo(self) -> bool:
        """One step forward along the current line."""
        return self._do(self.session.redo)

    @_guarded
    def go_to(self, step: int) -> bool:
        """Show step ``step`` of the current line (0 = the start)."""
        return self._do(self.session.go_to, step)

    @_guarded
    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"] != self.session.tree.cursor:
            self.go_to(change["new"])

    # --- replay: step along the line on a timer; pausing keeps the position ---------------------

    @_guarded
    def _on_replay(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self.replay_button.icon = "pause"
            self._schedule_replay()
        else:
            self.replay_button.icon = "play"
            if self._replay_timer is not None:
                self._replay_timer.cancel()
                self._replay_timer = None

    def _schedule_replay(self) -> None:
        timer = threading.Timer(max(0.2, float(self.delay.value)), self._replay_tick)
        timer.daemon = True
        self._replay_timer = timer
        timer.start()

    def _replay_tick(self) -> None:
        try:
            with self.session.lock:
                if not self.replay_button.value:
                    return
                if self.session.tree.at_tip():
                    self.replay_button.value = False
                    return
                self.redo()
            self._schedule_replay()
        except Exception as exc:  # noqa: BLE001 - a timer thread has nobody to raise to
            self.session.fail(exc)
            self._show_status()
