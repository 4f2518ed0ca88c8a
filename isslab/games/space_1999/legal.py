"""Space: 1999 legal moves, chance outcomes, and the rule that refuses an action that is not legal.

Moves are identified by where the eagle ends (one action per eagle and destination: a step when one
reaches it, else the shortest hop chain found breadth first), since every route to a dot leaves the
same position. A launch is identified by its line and destination.

Legal moves come in a fixed order: landings, launches, then eagle by eagle (innermost first) its
steps (outward, round the ring, inward) and its jumps, and a pass last. So the generic ``first`` bot
plays a simple strategy (land, launch, run out to the rim and round it) and finishes games. The
recurring action objects come from the game's :class:`~.tables.Tables`; only jump chains are built
here.

:func:`illegal_reason` (``state.why_illegal``: boards explain a refused click with it) starts with
the kit's turn gate, so the turn and the chance nodes are refused in the words of every game, then
names the rule of the move ("landing needs a free circle on the target pad", ...). Anything it
cannot read (a malformed action, a text that names no move) gets ``None``, and the caller falls
back to the generic message listing the legal actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from isslab.core import CHANCE
from isslab.games.kit import turn_gate
from isslab.games.space_1999.actions import FirstPlayer, Move, MoveKind, Roll, parse_move
from isslab.games.space_1999.components import COLOURS, CORNERS, PAD, Loc, dot_name
from isslab.games.space_1999.phases import PHASE_TEXT, phase
from isslab.games.space_1999.view import status

if TYPE_CHECKING:
    from isslab.games.space_1999.rules import State1999

__all__ = ["chance_outcomes", "illegal_reason", "launches", "legal_actions", "moves"]

LAUNCH, STEP, JUMP, LAND = MoveKind.LAUNCH, MoveKind.STEP, MoveKind.JUMP, MoveKind.LAND

# --- legal moves ---------------------------------------------------------------------------------


def chance_outcomes(st: State1999) -> list[tuple[Any, float]]:
    """The roll-off before the first round, the die after it (a copy the caller may keep)."""
    t = st.game.tables
    return list(t.first_outcomes if st.first < 0 else t.roll_outcomes)


def legal_actions(st: State1999) -> list[Any]:
    """The legal actions of ``st`` in their fixed order."""
    if st.to_move == CHANCE:
        t = st.game.tables
        return [a for a, _ in (t.first_outcomes if st.first < 0 else t.roll_outcomes)]
    return moves(st, st.to_move)


def launches(st: State1999, seat: int) -> list[Move]:
    """The seat's legal launches: along each line of its pad, onto the outer dot or over it."""
    if not st.home[seat]:
        return []
    t = st.game.tables
    geo = t.geo
    board = st.board
    out: list[Move] = []
    # Rules 2: an eagle leaves the pad along one of the corner's lines
    for direction, _ in geo.corner_lines[t.seat_corner[seat]]:
        s = (direction - st.theta) % geo.S
        if not board[geo.outer[s]]:
            out.append(t.launch_moves[(seat, direction, s)])
            continue
        # the outer dot is taken: jump over it onto the next dot of the same line, and on
        inner = geo.dot(geo.R - 1, s)
        if not board[inner]:
            first = t.launch_jumps[(seat, direction, s)]
            out.append(first)
            for path in _chains(board, geo.hops, geo.rs, inner, {inner}, set(), -1):
                out.append(Move(seat, LAUNCH, (*first.path, *path), first.line, 1 + len(path)))
    return out


def moves(st: State1999, seat: int) -> list[Any]:
    """Legal moves in a fixed order: landings, launches, then each eagle's steps and jumps."""
    t = st.game.tables
    geo = t.geo
    board = st.board
    S = geo.S
    out_launches = launches(st, seat) if st.home[seat] else []
    if out_launches and t.forced_launch:  # reading 2 (option forced_launch): the launch is compulsory
        return out_launches
    out: list[Any] = []
    mine = st.pos[seat]
    first_outer = t.first_outer
    if mine and mine[-1] >= first_outer:  # an eagle on the rim may follow a target line down
        owner = t.target_owner[seat]
        # target circles are shared with the owner's unlaunched eagles and my landed ones
        if t.eagles - st.landed[seat] - (st.home[owner] if owner >= 0 else 0) > 0:
            lines = t.target_dirs[seat]
            for a in mine:
                if a >= first_outer:
                    s = a - first_outer
                    d = (s + st.theta) % S
                    if d in lines:
                        out.append(t.land_moves[(seat, s, d)])
    out += out_launches
    rs = geo.rs
    hops = geo.hops
    step_moves = t.step_moves[seat]
    for a in mine:
        stepped = set()
        for b, step in step_moves[a]:
            if not board[b]:
                out.append(step)
                stepped.add(b)
        start = rs[a]
        for path in _chains(board, hops, rs, a, {a}, stepped, a):
            out.append(Move(seat, JUMP, (start, *path), "", len(path)))
    if not out or not t.forced_move:
        out.append(t.pass_moves[seat])
    return out


def _chains(
    board: tuple[int, ...],
    hops: tuple[tuple[tuple[int, int], ...], ...],
    rs: list[Loc],
    start: int,
    seen: set[int],
    exclude: set[int],
    left: int,
) -> list[tuple[Loc, ...]]:
    """Shortest hop chains from ``start`` to every dot they reach (breadth first, no revisits).

    ``board``, ``hops`` and ``rs`` are the state's and the geometry's (passed in by the callers,
    which hold them already). Chains ending in ``exclude`` (dots a step reaches) are not returned.
    ``left`` is the dot the moving eagle has just left (-1 for a launch): it still reads as
    occupied on the board but is empty now, so no hop may go over it.
    """
    found: list[tuple[Loc, ...]] = []
    frontier: list[tuple[int, tuple[Loc, ...]]] = [(start, ())]
    while frontier:
        nxt = []
        for x, path in frontier:
            for over, beyond in hops[x]:
                if board[over] and over != left and not board[beyond] and beyond not in seen:
                    seen.add(beyond)
                    p = (*path, rs[beyond])
                    nxt.append((beyond, p))
                    if beyond not in exclude:
                        found.append(p)
        frontier = nxt
    return found


# --- why an action is not legal ------------------------------------------------------------------

_CHANCE_TYPES = (Roll, FirstPlayer)


def _phase_text(p: int) -> str:
    return PHASE_TEXT[p]


def illegal_reason(state: State1999, action: Any) -> str | None:
    """The rule that forbids ``action`` in ``state``, or None when no rule-based reason applies.

    ``action`` may be an action, its text or its JSON form, as ``state.apply`` accepts.
    """
    if isinstance(action, str):
        action = parse_move(action)
    elif isinstance(action, list):
        try:
            action = state.game.decode_action(action)
        except ValueError:
            return None
    cp = state.to_move
    gate = turn_gate(
        cp,
        action,
        chance_types=_CHANCE_TYPES,
        phases_of={},
        phase=phase(state),
        phase_text=_phase_text,
        who=COLOURS.__getitem__,
        over=f"the game is over ({status(state)})",
    )
    if gate is not None:
        return gate
    if cp == CHANCE:
        return _chance_reason(state, action)
    who = COLOURS[cp]
    if type(action) is not Move or not _well_formed(state, action):
        return None
    seat = action.seat
    t = state.game.tables
    kind = action.kind
    offered = launches(state, seat)
    home = CORNERS[t.seat_corner[seat]]
    if t.forced_launch and offered and kind != MoveKind.LAUNCH:
        return (
            f"{who} must launch: eagles still wait on the {home} pad and a launch is legal "
            "(option forced_launch: eagles must launch first)"
        )
    if kind == MoveKind.PASS:
        return f"{who} has a legal move and must move (option forced_move)"
    if kind == MoveKind.LAUNCH:
        return _launch_reason(state, action, offered)
    if kind == MoveKind.LAND:
        return _land_reason(state, action)
    return _move_reason(state, action)


def _chance_reason(state: State1999, action: Any) -> str | None:
    """Why a move or the wrong chance outcome is refused at a chance node."""
    if state.first < 0:
        if type(action) is FirstPlayer:
            return None  # a seat out of range: the generic message lists the outcomes
        return "the roll-off comes first: the highest roll decides who starts"
    if type(action) is FirstPlayer:
        return "the roll-off is over: the die is rolled to turn the disc"
    if type(action) is Move:
        return "every commander has had a turn: the die turns the disc before anyone moves again"
    return None


def _well_formed(state: State1999, m: Move) -> bool:
    """True if every field of the move has the shape of a real one (else no reason is given)."""
    try:
        return (
            type(m.seat) is int
            and 0 <= m.seat < state.game.tables.n
            and m.kind in tuple(MoveKind)
            and isinstance(m.path, tuple)
            and all(_is_loc(state, p) for p in m.path)
            and isinstance(m.line, str)
            and type(m.hops) is int
        )
    except TypeError:  # an unhashable field
        return False


def _is_loc(state: State1999, p: Any) -> bool:
    """True for a disc dot or a pad location."""
    if not (isinstance(p, tuple) and len(p) == 2 and all(type(x) is int for x in p)):
        return False
    return p in state.game.tables.geo.index or (p[0] == PAD and 0 <= p[1] < 4)


def _name(loc: Loc) -> str:
    return dot_name(loc)


def _own_eagle(state: State1999, seat: int, loc: Loc) -> str | None:
    """Why ``loc`` is not the seat's eagle on the disc, or None if it is."""
    geo = state.game.tables.geo
    if loc not in geo.index:
        return f"a move starts on the disc, not on {_name(loc)}"
    holder = state.board[geo.index[loc]]
    if holder == 0:
        return f"there is no eagle on {_name(loc)}"
    if holder != seat + 1:
        return f"the eagle on {_name(loc)} is {COLOURS[holder - 1]}'s, not {COLOURS[seat]}'s"
    return None


def _launch_reason(state: State1999, m: Move, launches: list[Move]) -> str:
    t = state.game.tables
    geo = t.geo
    seat, who = m.seat, COLOURS[m.seat]
    corner = t.seat_corner[seat]
    if not state.home[seat]:
        return f"{who} has no eagle left on the {CORNERS[corner]} pad to launch"
    lines = {label: d for d, label in geo.corner_lines[corner]}
    if m.line not in lines:
        return (
            f"{who} launches along a line of its own pad ({', '.join(lines)}), "
            f"not along {m.line or 'no line'}"
        )
    if not m.path or m.path[0] != (PAD, corner):
        return f"a launch starts on {who}'s own pad, {CORNERS[corner]}"
    s = geo.spoke_at(lines[m.line], state.theta)
    outer, inner = (geo.R, s), (geo.R - 1, s)
    if not state.board[geo.index[outer]]:
        return f"line {m.line} meets {_name(outer)} now: a launch along it goes onto {_name(outer)}"
    if state.board[geo.index[inner]]:
        return (
            f"the launch along line {m.line} is blocked: {_name(outer)} is taken and so is {_name(inner)} "
            "behind it, so there is no vacant dot to jump onto"
        )
    same = [a for a in launches if a.line == m.line and a.path[-1] == m.path[-1]]
    if same:
        return f"that route is not offered: use '{same[0]}' (one move per destination)"
    if len(m.path) < 2 or m.path[1] != inner:
        return f"{_name(outer)} is taken: a launch along line {m.line} jumps over it onto {_name(inner)}"
    return _chain_reason(state, m, left=None) or (
        f"no chain of jumps from {_name(inner)} reaches {_name(m.path[-1])}"
    )


def _land_reason(state: State1999, m: Move) -> str:
    t = state.game.tables
    geo = t.geo
    seat, who = m.seat, COLOURS[m.seat]
    target = t.target_corner[seat]
    if len(m.path) != 2:
        return "a landing goes from an outer dot straight onto the target pad"
    start, end = m.path
    if end != (PAD, target):
        where = f"the {CORNERS[end[1]]} planet" if end[0] == PAD else _name(end)
        return f"{who} can land only on its target planet, {CORNERS[target]}, not on {where}"
    problem = _own_eagle(state, seat, start)
    if problem:
        return problem
    if start[0] != geo.R:
        return f"only an eagle on the outer ring can land: {_name(start)} is on ring {start[0]}"
    direction = (start[1] + state.theta) % geo.S
    lines = {d: label for d, label in geo.corner_lines[target]}
    if direction not in lines:
        dirs = ", ".join(str(d) for d in lines)
        return (
            f"{who}'s eagle on {_name(start)} points at board direction {direction} now, but the lines of "
            f"{CORNERS[target]} point at {dirs}: it does not line up with any of them"
        )
    owner = t.target_owner[seat]
    waiting = state.home[owner] if owner >= 0 else 0
    if t.eagles - state.landed[seat] - waiting <= 0:
        return (
            f"landing needs a free circle on the target pad: the {t.eagles} circles of "
            f"{CORNERS[target]} hold "
            f"{waiting} unlaunched {COLOURS[owner] if owner >= 0 else ''} eagle(s) and "
            f"{state.landed[seat]} landed {who} eagle(s)"
        )
    return (
        f"the eagle on {_name(start)} follows line {lines[direction]} onto the planet, "
        f"not {m.line or 'no line'}"
    )


def _move_reason(state: State1999, m: Move) -> str:
    geo = state.game.tables.geo
    seat, who = m.seat, COLOURS[m.seat]
    if len(m.path) < 2:
        return "a move needs a destination"
    start, end = m.path[0], m.path[-1]
    problem = _own_eagle(state, seat, start)
    if problem:
        return problem
    if end not in geo.index:
        return f"eagles leave the disc only by landing on their target planet, not onto {_name(end)}"
    if state.board[geo.index[end]] and end != start:
        return f"{_name(end)} is taken: an eagle ends its move on a vacant dot"
    offered = [
        a
        for a in state.legal_actions()
        if type(a) is Move and a.kind in (MoveKind.STEP, MoveKind.JUMP) and a.path[0] == start
    ]
    same = [a for a in offered if a.path[-1] == end]
    if same:
        return f"that route is not offered: use '{same[0]}' (one move per destination)"
    a, b = geo.index[start], geo.index[end]
    if m.kind == MoveKind.STEP and b not in geo.steps[a]:
        return (
            f"{who}'s eagle on {_name(start)} cannot reach {_name(end)}: it is not next to it along a line, "
            "and no chain of jumps over single eagles onto vacant dots leads there"
        )
    if m.kind == MoveKind.STEP:
        return f"{_name(end)} is taken: an eagle ends its move on a vacant dot"
    return _chain_reason(state, m, left=a) or (
        f"{who}'s eagle on {_name(start)} cannot reach {_name(end)} by jumping"
    )


def _chain_reason(state: State1999, m: Move, left: int | None) -> str | None:
    """The first hop of a chain that breaks the jump rule, in words (None if every hop is fine)."""
    geo = state.game.tables.geo
    board = state.board
    path = m.path if left is not None else m.path[1:]  # a launch chain starts behind the outer dot
    seen = {path[0]}
    for x, y in zip(path, path[1:], strict=False):
        i, j = geo.index.get(x), geo.index.get(y)
        if i is None or j is None:
            return f"{_name(x)} -> {_name(y)} is not a jump on the disc"
        over = next((o for o, beyond in geo.hops[i] if beyond == j), None)
        if over is None:
            return (
                f"{_name(x)} -> {_name(y)} is not a jump: a jump goes along one line over the next dot "
                "onto the dot right behind it"
            )
        if not board[over] or over == left:
            return (
                f"{_name(x)} -> {_name(y)} would jump over {_name(geo.rs[over])}, which is vacant: "
                "jumps go over eagles"
            )
        if board[j] or y in seen:
            return f"{_name(y)} is not vacant: each jump ends on a vacant dot, and a chain visits a dot once"
        seen.add(y)
    return None
