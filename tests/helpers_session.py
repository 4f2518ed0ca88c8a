"""Shared by the session and game-view tests: drive a headless session to a position."""

from __future__ import annotations

import random
from typing import Any

from isslab_widgets.session import Session

import isslab


def play_until(session: Session, done: Any, max_steps: int = 5000, seed: int = 0) -> None:
    """Bots move; the human seats play the greedy bot's choice; until ``done(state)`` holds."""
    greedy = isslab.bot(session.game.id, "greedy")
    rng = random.Random(seed)
    for _ in range(max_steps):
        if done(session.state):
            return
        st = session.state
        assert not st.is_terminal(), "the game ended first"
        if session.human_to_move():
            assert session.play(greedy(st, rng)), session.message
        else:
            assert session.advance(), session.message
    raise AssertionError("the position never came")
