"""The fixed action numbers of a game, as PettingZoo and OpenSpiel use them.

Each game declares them through three hooks of its ``Game`` (see ``isslab/games/README.md``):
``num_distinct_actions()``, ``max_chance_outcomes()`` and ``action_index(action)``. A number and the
state it is played in name exactly one action, so the legal actions of a state become a map from
numbers to actions (:meth:`ActionNumbers.legal`) and a 0/1 mask over ``range(num_distinct_actions)``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

from isslab.core import Action, Game, IllegalActionError, State, short_repr

__all__ = ["ActionNumbers", "check_action_numbering"]

#: the hooks of the contract, in the order a new game writes them
_HOOKS = ("num_distinct_actions", "max_chance_outcomes", "action_index")


class ActionNumbers:
    """The action numbering of one game: sizes, the number of an action, the legal map of a state."""

    def __init__(self, game: Game) -> None:
        self.game = game
        for hook in _HOOKS:  # the core's defaults raise only when called: say it now, by name
            if getattr(type(game), hook) is getattr(Game, hook):
                raise NotImplementedError(f"{game._no_numbering(hook)}; isslab.interop needs it")
        #: how many numbers player actions use (the size of a ``Discrete`` action space)
        self.num_actions = int(game.num_distinct_actions())
        #: how many numbers chance outcomes use
        self.num_chance = int(game.max_chance_outcomes())
        if self.num_actions < 1:
            raise ValueError(f"{game.id}: num_distinct_actions() must be at least 1, got {self.num_actions}")

    def index(self, action: Action) -> int:
        """The number of ``action``."""
        return int(self.game.action_index(action))

    def legal(self, state: State) -> dict[int, Action]:
        """The legal actions (chance outcomes at a chance node) of ``state`` by number, ascending."""
        index = self.game.action_index
        out = {int(index(a)): a for a in state.legal_actions()}
        top = self.num_chance if state.is_chance_node() else self.num_actions
        if len(out) != len(state.legal_actions()) or any(not 0 <= i < top for i in out):
            self._complain(state, top)
        return dict(sorted(out.items()))

    def mask(self, state: State, legal: dict[int, Action] | None = None) -> npt.NDArray[np.int8]:
        """A 0/1 ``int8`` array over the player action numbers: 1 where the action is legal."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if state.current_player >= 0:
            mask[list(legal if legal is not None else self.legal(state))] = 1
        return mask

    def action(self, state: State, number: Any) -> Action:
        """The legal action of ``state`` with this number; ``IllegalActionError`` naming the legal ones."""
        legal = self.legal(state)
        try:
            found = legal.get(int(number))
        except (TypeError, ValueError):
            found = None
        if found is None:
            shown = ", ".join(f"{i}: {legal[i]}" for i in list(legal)[:8])
            more = f" ... and {len(legal) - 8} more" if len(legal) > 8 else ""
            raise IllegalActionError(
                f"action number {short_repr(number, 40)} is not legal in {self.game.id} at move "
                f"{state.move_number}; legal: {shown}{more}"
            )
        return found

    def _complain(self, state: State, top: int) -> None:
        seen: dict[int, Action] = {}
        for a in state.legal_actions():
            i = int(self.game.action_index(a))
            if not 0 <= i < top:
                raise ValueError(f"{self.game.id}: action_index({a}) = {i} is outside range({top})")
            if i in seen:
                raise ValueError(f"{self.game.id}: two legal actions share the number {i}: {seen[i]} and {a}")
            seen[i] = a


def check_action_numbering(game: Game, games: int = 5, seed: int = 0) -> int:
    """Play ``games`` random games and check every state's numbering; the number of states checked.

    In every state the legal actions must have distinct numbers in range (``ValueError`` names the
    first that do not), and each number must lead back to its action.
    """
    numbers = ActionNumbers(game)
    rng = random.Random(seed)
    checked = 0
    for _ in range(games):
        state = game.new_state()
        while not state.is_terminal():
            legal = numbers.legal(state)
            for i, a in legal.items():
                if numbers.index(a) != i:
                    raise ValueError(f"{game.id}: the number of {a} changed between two calls")
            checked += 1
            if state.is_chance_node():
                state = state.apply(state.sample_chance(rng))
            else:
                state = state.apply(legal[rng.choice(list(legal))])
    return checked
