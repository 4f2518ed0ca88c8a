"""Board modules: one per game id, each turning states into scenes and clicks into actions.

A board module subclasses :class:`Board` and registers itself with :func:`register_board`. The
modules listed in :data:`MODULES` are imported on first use, so adding the 1969 board is one new
module plus one line here; a game without a board module gets the generic text view.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, ClassVar

from isslab import Action, Game, State
from isslab_widgets.scene import Scene

__all__ = ["MODULES", "Board", "Click", "board_for", "register_board", "svg_of", "text_scene"]

#: game id -> module holding its board (imported lazily, so one broken board breaks no other game)
MODULES: dict[str, str] = {
    "space-1999": "isslab_widgets.boards.space_1999",
    "1969": "isslab_widgets.boards.game_1969",
}

_BOARDS: dict[str, type[Board]] = {}


@dataclass(frozen=True)
class Click:
    """What a click means: an action to play, a new selection, or nothing (with the reason)."""

    action: Action | None = None
    selected: Hashable | None = None
    message: str = ""
    #: False when the click was not legal; the caller then changes nothing
    ok: bool = True


class Board:
    """Draws one game's states and interprets clicks on them (subclass per game)."""

    game_id: ClassVar[str] = ""

    def __init__(self, game: Game) -> None:
        self.game = game

    # --- to implement per game -----------------------------------------------------------------

    def scene(
        self,
        state: State,
        selected: Hashable | None = None,
        hints: bool = True,
        viewers: tuple[int, ...] = (),
    ) -> Scene:
        """The scene of ``state``; with ``hints``, highlights for the player to move and ``selected``.

        ``viewers`` are the seats whose hidden information (cards in hand) the picture may show.
        """
        raise NotImplementedError

    def origin(self, action: Action) -> Hashable | None:
        """The clickable place an action starts from (a piece, a pad), or None if not clickable."""
        return None

    def target(self, action: Action) -> Hashable | None:
        """The clickable place an action ends on, or None."""
        return None

    def place_name(self, key: Hashable) -> str:
        """A readable name for a clickable place."""
        return str(key)

    def format_value(self, field: str, value: Any) -> Any:
        """A state field's value as the inspector should show it (e.g. dot numbers as dot names)."""
        return value

    def occupant(self, state: State, key: Hashable) -> int | None:
        """The seat whose piece stands on ``key``, if any (for the "not your piece" message)."""
        return None

    # --- shared click logic: select an origin, then click one of its targets -------------------

    def moves_from(self, state: State, key: Hashable) -> list[Action]:
        """The legal actions that start from ``key``, in the engine's order."""
        return [a for a in state.legal_actions() if self.origin(a) == key]

    def click(self, state: State, selected: Hashable | None, key: Hashable | None) -> Click:
        """Interpret a click on ``key`` (None: empty space) with ``selected`` already chosen."""
        g = self.game
        if state.is_terminal():
            return Click(selected=selected, message="the game is over", ok=False)
        if state.is_chance_node():
            return Click(selected=selected, message="roll first: the next step is a chance roll", ok=False)
        who = g.seat_name(state.current_player)
        if key is None:
            return Click(
                selected=selected, message="no dot or pad there: click on an eagle or a dot", ok=False
            )
        name = self.place_name(key)
        if selected is not None:
            chosen = [a for a in self.moves_from(state, selected) if self.target(a) == key]
            if chosen:
                extra = (
                    f" ({len(chosen) - 1} other routes there are in the action list)"
                    if len(chosen) > 1
                    else ""
                )
                return Click(action=chosen[0], message=f"{chosen[0]}{extra}")
            if key == selected:
                return Click(selected=None, message=f"{name} deselected")
        starts = self.moves_from(state, key)
        if starts:
            return Click(
                selected=key,
                message=f"{who}: {len(starts)} move{'s' if len(starts) != 1 else ''} from {name}; "
                "click a highlighted destination",
            )
        owner = self.occupant(state, key)
        if owner is not None and owner != state.current_player:
            why = f"{name} holds {g.seat_name(owner)}'s eagle, and it is {who}'s turn"
        elif owner is not None:
            why = f"{who}'s eagle on {name} has no legal move"
        elif selected is not None:
            why = f"{self.place_name(selected)} cannot reach {name} this turn"
        else:
            why = f"nothing of {who}'s to move at {name}"
        return Click(selected=selected, message=f"not a legal click: {why}", ok=False)


def register_board(game_id: str) -> Callable[[type[Board]], type[Board]]:
    """Class decorator: use this Board subclass to draw ``game_id``."""

    def deco(cls: type[Board]) -> type[Board]:
        cls.game_id = game_id
        _BOARDS[game_id] = cls
        return cls

    return deco


_CACHE: dict[Game, Board | None] = {}


def board_for(game: Game) -> Board | None:
    """The board for ``game`` (built once per game and options), or None if it has no board module."""
    if game in _CACHE:
        return _CACHE[game]
    gid = game.id
    if gid not in _BOARDS and gid in MODULES:
        importlib.import_module(MODULES[gid])
    cls = _BOARDS.get(gid)
    board = cls(game) if cls is not None else None
    if len(_CACHE) > 64:  # a sweep in a notebook can build many games: keep the cache bounded
        _CACHE.clear()
    _CACHE[game] = board
    return board


def svg_of(state: Any) -> str | None:
    """SVG of a state through its board module, or None when the game has no board (Jupyter skips it)."""
    board = board_for(state.game)
    if board is None:
        return None
    return board.scene(state, hints=False).to_svg()


def text_scene(state: Any) -> Scene:
    """The generic picture of a game without a board module: its text rendering, line by line."""
    from isslab_widgets.scene import Text

    lines = str(state).splitlines() or [""]
    width = int(min(1200, 40 + 7.3 * max(len(line) for line in lines)))
    height = 24 + 16 * len(lines)
    shapes = tuple(
        Text(12, 20 + 16 * i, line, size=12, fill="#111111", anchor="start", mono=True)
        for i, line in enumerate(lines)
    )
    return Scene(width, height, {"pieces": shapes}, title=f"{state.game.title}, move {state.move_number}")
