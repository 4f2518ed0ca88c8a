"""The 1969 board's clicks: a research box (hire), a mission (launch), a card or a button.

A refused click is explained by the engine: the board names the actions the click could have meant
and shows ``state.why_illegal`` of each. While playing Intelligence the selection is the multiset of
cards picked so far.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, cast

from isslab import Action, State

# the 1969 package re-exports every name a board needs (its modules may move)
from isslab.games.game_1969 import (
    BOXES,
    COMMIT,
    KINDS,
    BuyCards,
    Commit,
    Discard,
    EndPurchases,
    Game1969,
    Hire,
    Launch,
    Pass,
    Reroll,
    SpendPrestige,
    State1969,
    cards_text,
)
from isslab_widgets.boards import Click, no_click_now
from isslab_widgets.boards.game_1969.words import Board1969Words


class Board1969Clicks(Board1969Words):
    """Turns clicks on boxes, missions, cards and buttons into the engine's actions."""

    def click(self, state: State, selected: Hashable | None, key: Hashable | None) -> Click:
        """A click on a box (hire), a mission (launch), a card or a button; the engine says why not."""
        st = cast(State1969, state)
        if (refused := no_click_now(st, selected)) is not None:
            return refused
        legal = st.legal_actions()
        if not isinstance(key, tuple) or not key:
            return Click(
                selected=selected,
                ok=False,
                message="nothing to click there: click a research box, a mission, a card or a button",
            )
        what = key[0]
        if what == "do":
            action = key[1]
            if action in legal:
                return Click(action=action)
            return _refused(st, selected, [action])
        if what == "clear":
            return Click(selected=None, message="no cards chosen")
        if what == "box":
            return self._click_box(st, legal, selected, key)
        if what == "mission":
            return self._click_mission(st, legal, selected, key[1])
        if what == "card":
            return self._click_card(st, legal, selected, key[1])
        return Click(selected=selected, message=f"nothing to do with {key!r}", ok=False)

    def _click_box(
        self, st: State1969, legal: Sequence[Any], selected: Hashable | None, key: tuple[Any, ...]
    ) -> Click:
        _, sheet, b = key
        cp = st.current_player
        hires = [a for a in legal if type(a) is Hire and a.sheet == sheet and a.box == BOXES[b]]
        name = self.place_name(key)
        if hires:
            # a hire costs money: even a box that takes one scientist type asks first (a button)
            if selected == key:
                return Click(selected=None, message=f"{name} deselected")
            kinds = ", ".join(f"{a.kind} {st.hire_cost(cp, KINDS.index(a.kind))}M" for a in hires)
            return Click(selected=key, message=f"{name}: choose the scientist ({kinds}), or cancel")
        # what the click would have hired: a spy on a rival's sheet, any scientist type on one's own
        types = ["spy"] if sheet != cp else [k for k in KINDS if k != "spy"]
        return _refused(st, selected, [Hire(cp, k, BOXES[b], sheet) for k in types])

    def _click_mission(self, st: State1969, legal: Sequence[Any], selected: Hashable | None, m: int) -> Click:
        g = cast(Game1969, self.game)
        for a in legal:
            if type(a) is Launch and a.mission == m:
                return Click(action=a)
        return _refused(st, selected, [Launch(st.current_player, m, g.m_name[m], g.m_cost[m])])

    def _click_card(
        self, st: State1969, legal: Sequence[Any], selected: Hashable | None, value: int
    ) -> Click:
        cp = st.current_player
        if st.phase == COMMIT:  # playing Intelligence: the selection is the multiset picked so far
            hand = st.hands[cp]
            picked = (
                list(selected[1])
                if isinstance(selected, tuple) and selected[:1] == ("commit",)
                else [0] * len(hand)
            )
            if not 1 <= value <= len(hand):
                return Click(selected=selected, message=f"there is no {value} card in this game", ok=False)
            if picked[value - 1] >= hand[value - 1]:
                # a chosen card clicked again goes back to the hand: clicking cycles through the copies
                picked[value - 1] = 0
            else:
                picked[value - 1] += 1
            chosen = tuple(picked)
            text = cards_text(chosen)
            return Click(
                selected=("commit", chosen) if sum(chosen) else None,
                message=f"chosen to play: {text} (click 'play {text}' to commit)"
                if sum(chosen)
                else "no cards chosen",
            )
        discard = Discard(cp, value)
        if discard in legal:
            return Click(action=discard)
        return _refused(st, selected, [discard])

    def origin(self, action: Action) -> Hashable | None:
        """The clickable place of an action: its box, its mission track, or its button."""
        t = type(action)
        if t is Hire:
            return ("box", action.sheet, BOXES.index(action.box))
        if t is Launch:
            return ("mission", action.mission)
        if t in (SpendPrestige, Discard, BuyCards, EndPurchases, Pass, Reroll, Commit):
            return ("do", action)
        return None


def _refused(state: State, selected: Hashable | None, meant: Sequence[Action]) -> Click:
    """A refused click, explained by the engine: why each action the click could have meant is illegal.

    Actions refused for the same reason share it; different reasons are listed with the action each
    is about, described for the seat to act (the only seat a click can act for).
    """
    seat = state.current_player
    reasons: dict[str, list[str]] = {}
    for action in meant:
        why = state.why_illegal(action)
        if why is not None:
            reasons.setdefault(why, []).append(state.describe(action, seat))
    if len(reasons) == 1:
        text = next(iter(reasons))
    else:
        text = "; ".join(f"{' / '.join(about)}: {why}" for why, about in reasons.items())
    return Click(selected=selected, message=f"not a legal click: {text}", ok=False)
