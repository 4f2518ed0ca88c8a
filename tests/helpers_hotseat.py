"""What the hot-seat tests share: every text a widget holds, the secrets of a line, playing to the cover."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import ipywidgets as widgets
from isslab_widgets import GameView

import isslab


def texts(widget: Any) -> Iterator[str]:
    """Every text a widget and its children hold (shown or not: a hidden element is still in the page)."""
    for name in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and value:
            yield value
    for label in getattr(widget, "_options_labels", ()) or ():
        yield str(label)
    if isinstance(widget, widgets.Output):
        for out in widget.outputs:
            yield json.dumps(out.get("data", {}))
    for child in getattr(widget, "children", ()) or ():
        yield from texts(child)


def page_text(view: GameView) -> str:
    """All the view's texts, and the board's picture, as one string."""
    return "\n".join([*texts(view), view.to_svg()])


def secrets_of(state: isslab.State, seat: int) -> set[str]:
    """Texts about ``state``'s history that ``seat`` may not read: what others were told apart from it.

    A text that is part of one ``seat`` may read ("USSR draws 1" in "USSR draws 1 card") is left out.
    """
    n = state.game.num_players
    mine = [state.describe(a, seat) for a in state.history]
    told = {state.describe(a, other) for a in state.history for other in [None, *range(n)]}
    return {text for text in told if not any(text in m for m in mine)}


def hand_texts(state: isslab.State, seat: int) -> set[str]:
    """Texts computed from ``seat``'s hand: the labels of its legal moves (when it is to move)."""
    if state.current_player != seat:
        return set()
    return {t for a in state.legal_actions() if len(t := state.describe(a, seat)) > 14}


def to_next_cover(view: GameView, rng: random.Random, max_steps: int = 400) -> int:
    """Play the greedy bot's choices for whoever has the screen until the screen must pass; its seat."""
    greedy = isslab.bot(view.game.id, "greedy")
    for _ in range(max_steps):
        to = view.session.handover()
        if to is not None:
            return to
        st = view.state
        assert not st.is_terminal(), "the game ended before the screen had to pass"
        if st.is_chance_node():
            assert view.roll()
        else:
            assert view.play_action(greedy(st, rng)), view.message
    raise AssertionError("the screen never had to pass")


def assert_covered(view: GameView, leaving: int, to: int) -> None:
    """The cover is up: the tabs hidden, every text of one seat gone, nothing of either hand anywhere."""
    s = view.session
    st = view.state
    assert view.handover_box.layout.display is None and view.tabs.layout.display == "none"
    assert f"I am {view.game.seat_name(to)}" in view.handover_button.description
    text = page_text(view)
    for secret in secrets_of(st, to) | secrets_of(st, leaving):
        assert secret not in text, secret
    for label in hand_texts(st, to) | hand_texts(st, leaving):
        assert label not in text, label
    for seat in (leaving, to):
        assert json.dumps(st.view(seat), indent=1) not in text
    assert "best moves" not in text and "visits" not in text and "sees it" not in text
    assert view.winchance.strip.values == [] and view.winchance.strip.mode == "covered"
    assert view.json_view.value == "" and view.action_list.options == ()
    assert s.log() == [] and s.result() is None and s.recap() is None and s.choices().actions == []
