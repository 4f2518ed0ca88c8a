"""Board plug-ins: one per game id, each drawing states as scenes and turning clicks into actions.

A board is any object with the :class:`Board` protocol, built from the game by ``Class(game)``.
It is found by one convention, so adding a game's board is its module alone: the game package
``isslab.games.<package>`` is drawn by the module ``isslab_widgets.boards.<package>``, whose
``BOARD`` names the class. Modules are imported on first use (one broken board breaks no other
game); a game without a board module gets the generic text view.

Games whose pieces move from place to place (eagles between dots, astronauts between modules) share
the select-then-move click logic of :class:`SelectThenMove`. A board never re-implements the rules:
when it explains why a click is refused it asks the engine (``state.why_illegal``), or states a fact
about the legal actions ("no legal move starts there").
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Final, Protocol, runtime_checkable

from isslab import CHANCE, Action, Game, State
from isslab.core import Memo
from isslab_widgets.scene import Circle, Rect, Scene, Text

__all__ = [
    "ANIMATION_FRAMES",
    "ROLL_FIRST",
    "Board",
    "Click",
    "SelectThenMove",
    "Viewers",
    "action_text",
    "animation",
    "board_class",
    "board_for",
    "board_module",
    "no_click_now",
    "svg_of",
    "text_scene",
    "visible_text",
]

_GAME_PACKAGES = "isslab.games."


def board_module(game: Game) -> str | None:
    """The module that would draw ``game``: ``isslab_widgets.boards.<package of its engine>``."""
    module = type(game).__module__
    if not module.startswith(_GAME_PACKAGES):
        return None
    return __name__ + "." + module[len(_GAME_PACKAGES) :].split(".")[0]


def board_class(game: Game) -> Callable[[Game], Board] | None:
    """The board class of ``game`` (its module's ``BOARD``), or None when it has no board module."""
    name = board_module(game)
    if name is None:
        return None
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:  # no board yet: the text view draws it; a broken import still raises
            return None
        raise
    cls: Callable[[Game], Board] = module.BOARD
    return cls


@dataclass(frozen=True)
class Click:
    """What a click means: an action to play, a new selection, or nothing (with the reason).

    With an action, ``message`` is an optional remark shown after the action's description (the
    session describes the action for the seat whose eyes the screen shows).
    """

    action: Action | None = None
    selected: Hashable | None = None
    message: str = ""
    #: False when the click was not legal; the caller then changes nothing
    ok: bool = True


#: the seats whose hidden information (cards in hand) a picture may show
Viewers = tuple[int, ...]

#: why no click plays at a chance step, in the words of a game that rolls dice
ROLL_FIRST: Final = "roll first: the next step is a chance roll"


def no_click_now(state: State, selected: Hashable | None, chance: str = ROLL_FIRST) -> Click | None:
    """The refusal of any click where no seat can play one: the game is over, or a chance step
    (said in the words ``chance``) comes first; None where a click may play."""
    if state.is_terminal():
        return Click(selected=selected, message="the game is over", ok=False)
    if state.is_chance_node():
        return Click(selected=selected, message=chance, ok=False)
    return None


@runtime_checkable
class Board(Protocol):
    """What the game view needs from a game's board plug-in (built as ``BoardClass(game)``)."""

    def scene(
        self, state: State, selected: Hashable | None = None, hints: bool = True, viewers: Viewers = ()
    ) -> Scene:
        """The picture of ``state``; with ``hints``, highlights for the (human) seat to move.

        ``selected`` is the board's own selection (from an earlier :class:`Click`); ``viewers`` are
        the seats whose hidden information (cards in hand) the picture may show.
        """
        ...

    def click(self, state: State, selected: Hashable | None, key: Hashable | None) -> Click:
        """What a click on the region ``key`` (None: empty space) means with ``selected`` chosen."""
        ...

    def place_name(self, key: Hashable) -> str:
        """A readable name for a clickable place."""
        ...

    def format_value(self, field: str, value: Any) -> Any:
        """A per-seat state field's value in words for the inspector (dot numbers as dot names).

        None hides the field: internal values (a disc angle, a code of -1) are never shown as
        they are. A board may also have ``field_label(field) -> str`` for the column's heading,
        and ``frames(before, action, after, viewers) -> list[Scene]`` for its own animations
        (see :func:`animation`).
        """
        ...


class SelectThenMove:
    """Click logic for pieces that move between places: select where a move starts, then its end.

    A board mixes this in and says where an action starts and ends (:meth:`origin`,
    :meth:`target`: any hashable place keys, the keys of its scene's regions). A click on a place
    where legal moves start selects it; a click on one of their ends plays the move; the selected
    place again deselects it. A refused click is explained by the engine when the board can name
    the action the click would have meant (:meth:`candidate`), else by what the legal list shows.
    """

    #: the status message for a click on empty space
    nothing_here: str = "nothing to click there"

    def origin(self, action: Action) -> Hashable | None:
        """The place an action starts from (a piece, a pad), or None if it is not a board move."""
        return None

    def target(self, action: Action) -> Hashable | None:
        """The place an action ends on, or None."""
        return None

    def place_name(self, key: Hashable) -> str:
        """A readable name for a clickable place."""
        return str(key)

    def candidate(self, state: State, origin: Hashable, target: Hashable) -> Action | None:
        """The action a move from ``origin`` to ``target`` would be, for the engine to judge (None: unknown).

        Boards whose actions name just a piece and a place (an astronaut to a module) return it, so a
        refused move is explained by ``state.why_illegal``; boards whose moves carry more than the two
        places (a route, a line) return None.
        """
        return None

    def moves_from(self, state: State, key: Hashable) -> list[Action]:
        """The legal actions that start from ``key``, in the engine's order."""
        return [a for a in state.legal_actions() if self.origin(a) == key]

    def click(self, state: State, selected: Hashable | None, key: Hashable | None) -> Click:
        """Select an origin, play a move to a target, deselect, or say why the click is refused."""
        if (refused := no_click_now(state, selected)) is not None:
            return refused
        if key is None:
            return Click(selected=selected, message=self.nothing_here, ok=False)
        who = state.game.seat_name(state.current_player)
        name = self.place_name(key)
        if selected is not None:
            chosen = [a for a in self.moves_from(state, selected) if self.target(a) == key]
            if chosen:
                others = len(chosen) - 1
                extra = f"{others} other routes there are in the action list" if others else ""
                return Click(action=chosen[0], message=extra)
            if key == selected:
                return Click(selected=None, message=f"{name} deselected")
        starts = self.moves_from(state, key)
        if starts:
            return Click(
                selected=key,
                message=f"{who}: {len(starts)} move{'s' if len(starts) != 1 else ''} from {name}; "
                "click a highlighted destination",
            )
        if selected is not None:
            meant = self.candidate(state, selected, key)
            why = state.why_illegal(meant) if meant is not None else None
            if why is None:
                why = f"no legal move of {who} goes from {self.place_name(selected)} to {name}"
        else:
            why = f"no legal move of {who} starts at {name}"
        return Click(selected=selected, message=f"not a legal click: {why}", ok=False)


def action_text(state: State, action: Action, viewers: tuple[int, ...]) -> str | None:
    """How a picture for ``viewers`` writes ``action``: None when it may not be written at all.

    Games without hidden information write every action in full. Otherwise the text is the one seat's
    description (``state.describe(action, seat)``) for a single viewer, the full text when every seat
    views, and nothing for other viewer sets (a static picture for nobody in particular).
    """
    game = state.game
    if not game.info.hidden_information or len(set(viewers)) == game.num_players:
        return state.describe(action)
    if len(viewers) == 1:
        return state.describe(action, viewers[0])
    return None


_MADE: Memo[Game, Board | None] = Memo(maxsize=64)  # a sweep can build many games: stay bounded


def board_for(game: Game) -> Board | None:
    """The board of ``game`` (built once per game and options), or None if it has no board module."""
    if game in _MADE:
        return _MADE[game]
    cls = board_class(game)
    board = cls(game) if cls is not None else None
    _MADE[game] = board
    return board


def svg_of(state: State) -> str | None:
    """SVG of a state through its board, or None when the game has no board (Jupyter then skips it)."""
    board = board_for(state.game)
    if board is None:
        return None
    return board.scene(state, hints=False).to_svg()


def text_scene(state: State, seat: int | None = None) -> Scene:
    """The generic picture of a game without a board: its text, or what ``seat`` may see of it.

    With a ``seat`` in a game with hidden information the picture is ``state.view(seat)`` (the text
    rendering ``str(state)`` is omniscient); otherwise it is ``str(state)``, line by line.
    """
    lines = visible_text(state, seat).splitlines() or [""]
    width = int(min(1200, 40 + 7.3 * max(len(line) for line in lines)))
    height = 24 + 16 * len(lines)
    shapes = tuple(
        Text(12, 20 + 16 * i, line, size=12, fill="#111111", anchor="start", mono=True)
        for i, line in enumerate(lines)
    )
    return Scene(width, height, {"pieces": shapes}, title=f"{state.game.title}, move {state.move_number}")


def visible_text(state: State, seat: int | None) -> str:
    """The text board a seat may read: ``str(state)``, or its ``view`` when something is hidden from it."""
    if seat is None or not state.game.info.hidden_information:
        return str(state)
    view = state.view(seat)
    lines = [f"{state.game.title}, move {state.move_number}: what {state.game.seat_name(seat)} sees"]
    lines += [f"  {k}: {json.dumps(v, separators=(', ', ': '))}" for k, v in view.items()]
    return "\n".join(lines)


#: frames of a move's or a roll's animation (drawn over ``ANIMATION_SECONDS`` by the view)
ANIMATION_FRAMES = 4


def animation(
    board: Board, before: State, action: Action, after: State, viewers: tuple[int, ...] = ()
) -> list[Scene]:
    """Frames to show between ``before`` and ``after`` (the step ``action``), the final scene not included.

    A board may draw its own (a method ``frames(before, action, after, viewers) -> list[Scene]``:
    Space: 1999 slides the eagle and turns the disc); any other board gets the generic frames:
    the place of the move (:meth:`SelectThenMove.target` or ``origin``, when the board has them)
    ringed by a shrinking circle, and a chance outcome written large over the board, in the
    words the ``viewers`` may read (``action_text``).
    """
    own = getattr(board, "frames", None)
    if callable(own):
        frames: list[Scene] = own(before, action, after, viewers)
        return frames
    final = board.scene(after, hints=False, viewers=viewers)
    place = None
    for where in ("target", "origin"):
        find = getattr(board, where, None)
        key = find(action) if callable(find) else None
        if key is not None and final.region(key) is not None:
            place = final.region(key)
            break
    text = action_text(before, action, viewers) if before.current_player == CHANCE else None
    if place is None and not text:
        return []
    out = []
    colour = "#ff9800"
    if before.current_player >= 0:
        colour = before.game.info.seat_colours[before.current_player]
    for i in range(ANIMATION_FRAMES):
        shapes = list(final.layer("pieces"))
        grow = (ANIMATION_FRAMES - i) / ANIMATION_FRAMES
        if place is not None:
            shapes.append(Circle(place.x, place.y, place.r * (1 + 1.5 * grow), stroke=colour, width=4.0))
        if text:
            w = min(final.width - 20, 40 + 9 * len(text))
            y = final.height / 2
            shapes.append(
                Rect((final.width - w) / 2, y - 22, w, 44, fill="#ffffff", stroke="#333333", alpha=0.92)
            )
            shapes.append(Text(final.width / 2, y, text, size=12 + 6 * (1 - grow), bold=True))
        layers = dict(final.layers)
        layers["pieces"] = tuple(shapes)
        out.append(Scene(final.width, final.height, layers, final.regions, final.title, final.background))
    return out
