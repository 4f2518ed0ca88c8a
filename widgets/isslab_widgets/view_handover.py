"""The game view's hot-seat hand-over: a cover over every private part while the screen changes hands.

In hot-seat play of a game with hidden information, when the game waits for another person the
view covers everything that depends on a hand, until that person presses "I am ..."
(:meth:`Session.sight <isslab_widgets.session.Session.sight>`,
:meth:`Session.take_screen <isslab_widgets.session.Session.take_screen>`). The cover takes the
place of the tabs (all of them, the harmless Rules tab too, so that the rule is simply "nothing
shows"), the board is veiled, and every panel written for one seat is emptied, so not even the
page's hidden parts hold the leaving player's texts. Nothing is computed for a seat meanwhile: the
win chances, the hints and what-if runs ask the same :meth:`Session.sight` and wait.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from isslab_widgets.session_panels import Sight
from isslab_widgets.view_base import ViewPart, _guarded

#: what a private panel says under the cover
COVERED = "<i>covered until {name} has the screen</i>"


class HandOver(ViewPart):
    """The "Pass the screen to ..." cover and its "I am ..." button (a part of the game view)."""

    #: the panels written for one seat's eyes: emptied under the cover
    happened: widgets.HTML
    log_view: widgets.HTML
    inspector: widgets.HTML
    json_view: widgets.Textarea
    text_board: widgets.HTML

    def _build_handover(self) -> widgets.VBox:
        """The cover (hidden until a hand-over): the view puts it in the place of the tabs."""
        W = widgets
        self.handover_text = W.HTML()
        self.handover_button = W.Button(
            description="I am ...",
            button_style="primary",
            tooltip="the person of this seat now sits at the screen: show its cards",
            layout=W.Layout(width="auto"),
        )
        self.handover_box = W.VBox(
            [self.handover_text, self.handover_button], layout=W.Layout(display="none")
        )
        self.handover_box.add_class("isslab-handover")
        self.handover_button.on_click(lambda _b: self.take_screen())
        return self.handover_box

    @_guarded
    def take_screen(self) -> bool:
        """Hot-seat: the person the screen passes to has it now; its cards and moves show."""
        return self._do(self.session.take_screen)

    def _handover_status(self) -> str | None:
        """The status line while the screen passes to another person, else None."""
        s = self.session
        to = s.sight().cover
        if to is None:
            return None
        # the last message was written for the person leaving the screen
        turn = html.escape(s.turn_text())
        return f"<b>{turn}</b> · pass the screen to {html.escape(s.game.seat_name(to))}"

    def _cover(self, sight: Sight) -> bool:
        """Show the cover while the screen passes (``sight.cover``), else hide it; True when covered.

        Under the cover the tabs are hidden and every panel written for one seat is emptied.
        """
        to = sight.cover
        self.handover_box.layout.display = None if to is not None else "none"
        self.tabs.layout.display = "none" if to is not None else None
        if to is None:
            return False
        s = self.session
        name = html.escape(s.game.seat_name(to))
        self.handover_text.value = (
            f"<div style='font-size:18px;font-weight:bold'>Pass the screen to {name}</div>"
            f"<div>The turn is {name}'s. Its cards, its moves, what it was told and every tab "
            f"(win chances, hints, log, position, what if) stay covered until {name} sits at the "
            "screen.</div>"
        )
        self.handover_button.description = f"I am {s.game.seat_name(to)}: show my cards"
        hidden = COVERED.format(name=name)
        for panel in (self.happened, self.log_view, self.inspector):
            panel.value = hidden
        self.json_view.value = ""
        self.text_board.value = hidden
        return True
