"""What the parts of the game view share: the tabs' titles, the guard of widget callbacks, requests.

:class:`~isslab_widgets.view.GameView` is put together from parts, one idea each: the step
controls (:mod:`.view_steps`), the hot-seat hand-over (:mod:`.view_handover`), the What if tab
(:mod:`.view_whatif`) and the Save/Load tab (:mod:`.view_saves`). Each part is a base class of the
view; :class:`ViewPart` names what they use of the view (the session, the redraw, the status line).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from isslab_widgets.guard import guarded_by
from isslab_widgets.session import Session

#: the tabs of the side column, in order
TAB_TITLES = ("Game", "Win chances", "Rules", "Position", "Log", "JSON", "What if", "Save/Load")


class ViewPart(widgets.HBox):
    """What a part of the game view uses of it; :class:`~isslab_widgets.view.GameView` defines it all."""

    #: the headless game session: tree, seats, random streams, board and selection, bots' timer
    session: Session
    #: the tabs of the side column (titles: :data:`TAB_TITLES`)
    tabs: widgets.Tab
    #: seconds between the bots' moves (the replay steps at the same pace)
    delay: widgets.FloatSlider

    def _refresh(self) -> None:
        """Redraw and bring every panel up to date with the session (the view does it)."""
        raise NotImplementedError

    def _show_status(self) -> None:
        """Show the session's message on the status line (the view does it)."""
        raise NotImplementedError

    def _do(self, fn: Callable[..., bool], *args: Any) -> bool:
        """Run a session request and bring the widgets up to date with its outcome."""
        with self.session.lock:
            ok = fn(*args)
            if ok:
                self._refresh()
            else:
                self._show_status()
            return ok


def button(tooltip: str, **kw: Any) -> widgets.Button:
    """A button of the side column, as wide as its text."""
    return widgets.Button(tooltip=tooltip, layout=widgets.Layout(width="auto", flex="0 0 auto"), **kw)


def icon(name: str, tooltip: str) -> widgets.Button:
    """A small button showing only an icon."""
    return widgets.Button(icon=name, tooltip=tooltip, layout=widgets.Layout(width="36px", flex="0 0 auto"))


def _fail(part: ViewPart, exc: Exception) -> None:
    part.session.fail(exc)
    part._show_status()


#: the view's callbacks: an exception is the session's error, shown on the status line
_guarded = guarded_by(_fail)
