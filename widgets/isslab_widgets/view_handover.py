"""The game view's hot-seat hand-over: a cover over every private part while the screen changes hands.

In hot-seat play of a game with hidden information, when the turn passes to another person the
view covers that seat's cards, moves, log and what it was told, until that person presses
"I am ..." (:meth:`Session.handover <isslab_widgets.session.Session.handover>`,
:meth:`Session.take_screen <isslab_widgets.session.Session.take_screen>`).
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from isslab_widgets.view_base import ViewPart, _guarded


class HandOver(ViewPart):
    """The "Pass the screen to ..." cover and its "I am ..." button (a part of the game view)."""

    #: the columns of the Game tab (seats, what happened, moves): hidden while the screen changes hands
    game_columns: widgets.Box
    happened: widgets.HTML
    log_view: widgets.HTML
    inspector: widgets.HTML
    json_view: widgets.Textarea

    def _build_handover(self) -> widgets.VBox:
        """The cover (hidden until a hand-over): the view puts it on top of the Game tab."""
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
        to = s.handover()
        if to is None:
            return None
        # the last message was written for the person leaving the screen
        turn = html.escape(s.turn_text())
        return f"<b>{turn}</b> · pass the screen to {html.escape(s.game.seat_name(to))}"

    def _cover(self, to: int | None) -> bool:
        """Show the cover when the screen passes to seat ``to`` (None: hide it); True when covered.

        Nothing private shows until the next person has the screen.
        """
        self.handover_box.layout.display = None if to is not None else "none"
        self.game_columns.layout.display = "none" if to is not None else None
        if to is None:
            return False
        s = self.session
        name = html.escape(s.game.seat_name(to))
        self.handover_text.value = (
            f"<div style='font-size:18px;font-weight:bold'>Pass the screen to {name}</div>"
            f"<div>The turn is {name}'s. Its cards, its moves and what it was told stay "
            f"covered until {name} sits at the screen.</div>"
        )
        self.handover_button.description = f"I am {s.game.seat_name(to)}: show my cards"
        hidden = f"<i>covered until {name} has the screen</i>"
        self.happened.value = hidden
        self.log_view.value = hidden
        self.inspector.value = hidden
        self.json_view.value = ""
        return True
