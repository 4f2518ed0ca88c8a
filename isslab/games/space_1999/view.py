"""Space: 1999 as text and data: the text board of ``str(state)`` and the JSON-able ``view``.

Both are pure functions of the position. The game hides nothing, so the view is the same for
every seat apart from ``you``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from isslab.core import CHANCE, TERMINAL, Action
from isslab.games.space_1999.actions import Move, MoveKind
from isslab.games.space_1999.components import COLOURS, CORNERS, PAD, Loc, dot_name

if TYPE_CHECKING:
    from isslab.games.space_1999.rules import State1999

__all__ = ["board_text", "describe", "dot_words", "goal", "key_numbers", "standing", "status", "view"]


def status(state: State1999) -> str:
    """Whose turn it is, or how the game ended, in a few words."""
    if state.to_move == TERMINAL:
        winners = state.winners()
        if winners:
            return "game over: " + ", ".join(COLOURS[w] for w in winners) + " won"
        return f"game over, unfinished: the max_rounds limit ({state.game.max_rounds}) stopped it; nobody won"
    if state.to_move == CHANCE:
        return "roll-off to come" if state.first < 0 else "die roll to turn the disc"
    return f"{COLOURS[state.to_move]} to move"


def board_text(state: State1999) -> str:
    """The position as text: a line per commander, then the disc ring by ring as seen on the table."""
    g = state.game
    geo = g.geo
    S = geo.S
    # a game the cap stopped ended after its last full round; any other is in (or ended in) the next
    unfinished = state.to_move == TERMINAL and not state.winners()
    when = f"after round {state.round}" if unfinished else f"round {state.round + 1}"
    lines = [f"Space: 1999, {when}, disc turned {state.theta} marks; {status(state)}"]
    for s in range(g.num_players):
        lines.append(
            f"  {COLOURS[s]:6} {CORNERS[g.seat_corner[s]]} -> {CORNERS[g.target_corner[s]]}: "
            f"pad {state.home[s]}, landed {state.landed[s]}, on disc "
            + (" ".join(dot_name(geo.rs[d]) for d in state.pos[s]) or "-")
        )
    # one row per ring, columns are board directions (east = 0), so the picture does not turn
    letters = "." + "".join(c[0].upper() for c in COLOURS)
    corners = ", ".join(f"{CORNERS[c]} at {geo.corner_dir[c]}" for c in range(4))
    lines.append(f"  disc by board direction 0..{S - 1} (east = 0, counter-clockwise; {corners})")
    for r in range(geo.R, 0, -1):
        row = [letters[state.board[geo.dot(r, d - state.theta)]] for d in range(S)]
        lines.append(f"  r{r}   " + " ".join(row))
    lines.append(f"  hub  {letters[state.board[0]]}")
    return "\n".join(lines)


def view(state: State1999, seat: int) -> dict[str, Any]:
    """Everything on the table, JSON-able (Space: 1999 has no hidden information)."""
    g = state.game
    reason = state.end_reason
    return {
        "game": g.id,
        "round": state.round,
        "rotation": state.theta,
        "to_move": state.to_move,
        "first": state.first,
        "you": seat,
        "status": status(state),
        "end": reason.name if reason is not None else None,
        "seats": [
            {
                "colour": COLOURS[s],
                "home": CORNERS[g.seat_corner[s]],
                "target": CORNERS[g.target_corner[s]],
                "on_pad": state.home[s],
                "on_disc": [dot_name(g.geo.rs[d]) for d in state.pos[s]],
                "landed": state.landed[s],
            }
            for s in range(g.num_players)
        ],
    }


# --- the game view's player panel (everything in Space: 1999 is public) ----------------------------


def key_numbers(state: State1999, seat: int) -> list[tuple[str, int | float | str]]:
    """Eagles landed (of all), still on the home pad, and the distance left to land them all."""
    g = state.game
    return [
        ("landed", f"{state.landed[seat]}/{g.eagles}"),
        ("on pad", state.home[seat]),
        ("distance", g.distance(state, seat)),
    ]


def goal(state: State1999, seat: int) -> str:
    """Where the seat's eagles must land: the pad in the opposite corner."""
    g = state.game
    eagles = f"{g.eagles} eagle{'s' if g.eagles != 1 else ''}"
    return f"land {eagles} on the {CORNERS[g.target_corner[seat]]} pad"


def standing(state: State1999, seat: int) -> tuple[float, ...]:
    """Eagles landed, then the shorter distance still to go (the order of ``ranks``)."""
    return (state.landed[seat], -state.game.distance(state, seat))


# --- moves in words, as a person reads the board ----------------------------------------------------


def dot_words(loc: Loc) -> str:
    """A place as the board labels it: ``ring 4 spoke 13`` (rings from the hub out, spoke numbers on
    the rim, both turning with the disc), ``the hub`` or ``the NE pad``."""
    r, s = loc
    if r == PAD:
        return f"the {CORNERS[s]} pad"
    return "the hub" if r == 0 else f"ring {r} spoke {s}"


def _hop(a: Loc, b: Loc) -> str:
    """One step or hop ``from a to b``, naming only what changes when a ring or a spoke is kept."""
    if a[0] > 0 and b[0] > 0 and a[0] == b[0]:
        return f"round ring {a[0]} from spoke {a[1]} to spoke {b[1]}"
    if a[0] > 0 and b[0] > 0 and a[1] == b[1]:
        way = "in" if b[0] < a[0] else "out"
        return f"{way} along spoke {a[1]} from ring {a[0]} to ring {b[0]}"
    return f"from {dot_words(a)} to {dot_words(b)}"


def _then(last: Loc, route: tuple[Loc, ...]) -> str:
    """The further stops of a chain of hops after ``last``: ``, then to spoke 4, then to the hub``.

    A stop on the same ring names its spoke only, on the same spoke its ring only.
    """
    out = ""
    for loc in route:
        if loc[0] > 0 and last[0] > 0 and loc[0] == last[0]:
            out += f", then to spoke {loc[1]}"
        elif loc[0] > 0 and last[0] > 0 and loc[1] == last[1]:
            out += f", then to ring {loc[0]}"
        else:
            out += f", then to {dot_words(loc)}"
        last = loc
    return out


def describe(action: Action, seat: int | None) -> str:
    """A move in the board's words (``red steps round ring 4 from spoke 13 to spoke 14``); chance as ``str``.

    ``str(action)`` stays the canonical text that ``state.apply`` reads (``red steps r4s13 ->
    r4s14``); this is the text people are shown, the same for every seat (nothing is hidden).
    """
    if type(action) is not Move:
        return str(action)
    who = COLOURS[action.seat]
    kind, path = action.kind, action.path
    if kind == MoveKind.PASS:
        return f"{who} passes"
    if kind == MoveKind.LAUNCH:
        how = "launches and jumps" if action.hops else "launches"
        return f"{who} {how} along line {action.line} to {dot_words(path[1])}{_then(path[1], path[2:])}"
    if kind == MoveKind.LAND:
        return f"{who} lands from {dot_words(path[0])} on {dot_words(path[1])} (line {action.line})"
    verb = "jumps" if kind == MoveKind.JUMP else "steps"
    return f"{who} {verb} {_hop(path[0], path[1])}{_then(path[1], path[2:])}"
