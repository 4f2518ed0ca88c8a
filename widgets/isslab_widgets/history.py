"""The game tree behind undo, redo, the history slider and branching (no widgets here).

States are values (``apply`` never mutates), so keeping every position is cheap and going back is
just moving a cursor. Playing a different move from an earlier position starts a new branch; the old
continuation stays in the tree and comes back if the same move is played there again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from isslab import Action, State

__all__ = ["GameTree"]


@dataclass
class _Node:
    state: State
    parent: int  # -1 for the root
    action: Action | None  # the action that led here from the parent
    children: dict[Any, int] = field(default_factory=dict)  # action -> node id
    last_child: int = -1  # the continuation most recently followed (what redo replays)


class GameTree:
    """Every position reached, with the current line (root to tip) and a cursor on it."""

    def __init__(self, root: State) -> None:
        self._nodes: list[_Node] = [_Node(root, -1, None)]
        self._line: list[int] = [0]
        self._cursor = 0

    @classmethod
    def from_state(cls, state: State) -> GameTree:
        """A tree whose line replays ``state``'s history from the game's start, cursor at the end."""
        tree = cls(state.game.new_state())
        try:
            for a in state.history:
                tree.play(a)
        except ValueError:
            return cls(state)
        if tree.tip != state:
            return cls(state)  # history does not lead here: start the tree at the given position
        return tree

    # --- reading -------------------------------------------------------------------------------

    @property
    def cursor(self) -> int:
        """Index of the shown position on the current line (0 = start)."""
        return self._cursor

    @property
    def size(self) -> int:
        """Number of positions on the current line."""
        return len(self._line)

    @property
    def tip(self) -> State:
        """The last position of the current line."""
        return self._nodes[self._line[-1]].state

    @property
    def state(self) -> State:
        """The position at the cursor."""
        return self._nodes[self._line[self._cursor]].state

    @property
    def nodes(self) -> int:
        """Number of positions in the whole tree (all branches)."""
        return len(self._nodes)

    @property
    def branches(self) -> int:
        """Number of alternative continuations ever started (0 for a single line)."""
        return sum(max(0, len(n.children) - 1) for n in self._nodes)

    def at(self, i: int) -> State:
        """The position at index ``i`` of the current line."""
        return self._nodes[self._line[i]].state

    def actions(self) -> list[Action]:
        """The actions of the current line, in order."""
        return [self._nodes[i].action for i in self._line[1:]]

    def at_tip(self) -> bool:
        """True when the cursor is on the last position of the line."""
        return self._cursor == len(self._line) - 1

    # --- moving --------------------------------------------------------------------------------

    def go(self, i: int) -> State:
        """Move the cursor to index ``i`` of the line (clamped) and return that position."""
        self._cursor = max(0, min(int(i), len(self._line) - 1))
        return self.state

    def undo(self) -> bool:
        """Step the cursor back; False at the start."""
        if self._cursor == 0:
            return False
        self._cursor -= 1
        return True

    def redo(self) -> bool:
        """Step the cursor forward along the line; False at the tip."""
        if self.at_tip():
            return False
        self._cursor += 1
        return True

    def cut(self) -> int:
        """Take back everything after the cursor: the line ends here; returns how many steps went.

        The positions stay in the tree (``nodes``), but no line follows them any more: playing the
        same action here again starts afresh instead of bringing the old continuation back.
        """
        gone = self._line[self._cursor + 1 :]
        for node_id in (self._line[self._cursor], *gone):
            self._nodes[node_id].last_child = -1
        self._line = self._line[: self._cursor + 1]
        return len(gone)

    def play(self, action: Action) -> State:
        """Apply ``action`` at the cursor (may raise ``IllegalActionError``; then nothing changes).

        The same action as the line's next one just moves forward; a different one switches to (or
        creates) another branch, and the line continues along that branch's latest continuation.
        """
        node_id = self._line[self._cursor]
        node = self._nodes[node_id]
        key = node.state.resolve(action)  # raises before anything is touched
        child = node.children.get(key)
        if child is None:
            new_state = node.state.apply(key)
            child = len(self._nodes)
            self._nodes.append(_Node(new_state, node_id, key))
            node.children[key] = child
        node.last_child = child
        line = self._line[: self._cursor + 1]
        nxt = child
        while nxt != -1:  # follow the remembered continuation of that branch
            line.append(nxt)
            nxt = self._nodes[nxt].last_child
        self._line = line
        self._cursor += 1
        return self.state
