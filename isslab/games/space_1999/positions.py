"""Space: 1999 positions built by hand (``game.position``), and the checks every position must pass.

:func:`build` places eagles by dot name (``position(disc={"red": ["r4s2", "hub"]})``) and derives
the rest the way play would have left it; :func:`check_position` (``State._check_position``) then
checks the bookkeeping, so a position no game could reach is refused with a ``ValueError`` that
names the inconsistency. Every keyword value is read through the kit's bounded helpers: a value
such as ``range(10**9)`` is refused by its length, never expanded.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from isslab.core import CHANCE, TERMINAL, Game, short_repr
from isslab.games.kit import freeze, is_int, per_seat
from isslab.games.space_1999.components import COLOURS, CORNERS
from isslab.games.space_1999.phases import EndCode

if TYPE_CHECKING:
    from isslab.games.space_1999.rules import Game1999, State1999

__all__ = ["build", "check_position", "parse_dot", "parse_seat"]


def build(
    game: Game1999,
    disc: Any = None,
    home: Any = None,
    landed: Any = None,
    theta: int | None = None,
    to_move: int | str | None = None,
    first: int | str = 0,
    turn: int = 0,
    round: int = 0,
    **fields: Any,
) -> State1999:
    """Build a position from a compact description, e.g. ``position(disc={"red": ["r4s2", "hub"]})``.

    ``disc`` maps a seat (number or colour) to the names of the dots its eagles stand on (or gives
    one list per seat). Eagles neither on the disc nor landed are on their home pad unless
    ``home`` says otherwise. ``home`` and ``landed`` give one count per seat (or a dict seat ->
    count). ``theta`` defaults to the set-up rotation; ``to_move`` (a seat, a colour, ``CHANCE`` or
    ``TERMINAL``) defaults to the seat whose turn follows from ``first`` and ``turn`` (the die
    roll once all have moved). Other state fields (``jumps``, ``end``) may be given by name.
    Raises ``ValueError`` if the position breaks a rule (see :func:`check_position`).
    """
    t = game.tables
    n = t.n
    if "board" in fields or "pos" in fields:
        raise ValueError("place eagles with disc={seat: [dot names]}, not with the board or pos fields")
    board = [0] * t.ndots
    pos: list[list[int]] = [[] for _ in range(n)]
    entries: list[tuple[int, Any]] = []
    if isinstance(disc, Mapping):
        if len(disc) > n:
            raise ValueError(f"disc has {len(disc)} entries for {n} seats")
        entries = [(parse_seat(game, who, "disc"), names) for who, names in disc.items()]
    elif disc is not None:  # one list of dot names per seat
        entries = list(per_seat("disc", disc, n, COLOURS).items())
    for seat, names in entries:
        if isinstance(names, str):
            raise ValueError(f"disc[{COLOURS[seat]}] must be a list of dot names, got {short_repr(names)}")
        names = freeze(names, depth=1, max_items=t.ndots)
        if not isinstance(names, tuple):
            raise ValueError(f"disc[{COLOURS[seat]}] must be a list of dot names, got {short_repr(names)}")
        for name in names:
            i = parse_dot(game, name)
            if board[i]:
                raise ValueError(f"two eagles on {name}")
            board[i] = seat + 1
            pos[seat].append(i)
    landed_t = _counts(game, "landed", landed, (0,) * n)
    if type(turn) is not int:
        raise ValueError(f"turn must be an int (turns taken this round), got {short_repr(turn)}")
    derived = tuple(t.eagles - len(pos[s]) - landed_t[s] for s in range(n))
    home_t = _counts(game, "home", home, derived)
    first_seat = parse_seat(game, first, "first") if first != -1 else -1
    end = fields.get("end", EndCode.PLAYING)
    if to_move is None:
        if end != EndCode.PLAYING:
            mover = TERMINAL
        elif first_seat < 0 or turn == n:
            mover = CHANCE
        else:
            mover = (first_seat + turn) % n
    elif to_move in (CHANCE, TERMINAL):
        mover = to_move
    else:
        mover = parse_seat(game, to_move, "to_move")
    built = {
        "theta": t.start_rotation if theta is None else theta,
        "board": tuple(board),
        "pos": tuple(tuple(sorted(p)) for p in pos),
        "home": home_t,
        "landed": landed_t,
        "to_move": mover,
        "first": first_seat,
        "turn": turn,
        "round": round,
        **{name: freeze(value) for name, value in fields.items()},
    }
    return cast("State1999", Game.position(game, **built))


def _counts(game: Game1999, what: str, value: Any, default: tuple[int, ...]) -> tuple[int, ...]:
    """One whole number per seat (``home``, ``landed``): a sequence, or a dict seat -> count whose
    missing seats keep ``default``."""
    if value is None:
        return default
    n = game.tables.n
    try:
        given = per_seat(what, value, n, COLOURS)
    except ValueError:
        raise ValueError(f"{what} needs one count >= 0 per seat ({n}), got {short_repr(value)}") from None
    if not all(type(x) is int for x in given.values()):
        raise ValueError(
            f"{what} needs one count >= 0 per seat ({n}): whole numbers, got {short_repr(value)}"
        )
    return tuple(given.get(s, default[s]) for s in range(n))


def parse_seat(game: Game1999, who: Any, what: str) -> int:
    """A seat given by number or colour."""
    n = game.tables.n
    if isinstance(who, str) and who in COLOURS[:n]:
        return COLOURS.index(who)
    if is_int(who, 0, n - 1):
        return int(who)
    raise ValueError(
        f"{what}: no seat {short_repr(who)}; use 0 to {n - 1} or one of {', '.join(COLOURS[:n])}"
    )


def parse_dot(game: Game1999, name: Any) -> int:
    """Disc index of a dot named ``hub`` or ``r<ring>s<spoke>``."""
    t = game.tables
    if name == "hub":
        return 0
    try:
        if not isinstance(name, str) or name[:1] != "r":  # "x4s2" must not pass for r4s2
            raise ValueError(name)
        r_text, s_text = name[1:].split("s")
        if not (r_text.isdigit() and s_text.isdigit()):  # no "r+4s2" or "r 4s2"
            raise ValueError(name)
        return t.geo.index[(int(r_text), int(s_text))]
    except (ValueError, KeyError):
        raise ValueError(
            f"no dot {short_repr(name)}: use 'hub' or 'r<ring>s<spoke>' with ring 1..{t.rings}, "
            f"spoke 0..{t.spokes - 1}"
        ) from None


def _is_count(value: object) -> bool:
    """True for an int >= 0 (not a bool)."""
    return type(value) is int and value >= 0 or isinstance(value, enum.IntEnum) and value >= 0


def check_position(st: State1999) -> None:
    """Raise ``ValueError`` if a hand-built position breaks the rules' bookkeeping (``_check_position``)."""
    t = st.game.tables
    n, geo, E = t.n, t.geo, t.eagles

    def need(ok: bool, problem: str) -> None:
        if not ok:
            raise ValueError(f"not a Space: 1999 position: {problem}")

    def counts(name: str) -> tuple[int, ...]:
        value = getattr(st, name)
        need(
            isinstance(value, tuple) and len(value) == n and all(_is_count(v) for v in value),
            f"{name} needs one count >= 0 per seat ({n}), got {short_repr(value)}",
        )
        return cast(tuple[int, ...], value)

    need(
        _is_count(st.theta) and st.theta < geo.S,
        f"theta must be 0 to {geo.S - 1}, got {short_repr(st.theta)}",
    )
    need(
        isinstance(st.board, tuple)
        and len(st.board) == geo.ndots
        and all(_is_count(v) and v <= n for v in st.board),
        f"board needs {geo.ndots} entries of 0 (vacant) to {n} (seat + 1)",
    )
    need(isinstance(st.pos, tuple) and len(st.pos) == n, f"pos needs one tuple of dots per seat ({n})")
    for seat, dots in enumerate(st.pos):
        need(
            isinstance(dots, tuple) and list(dots) == sorted(set(dots)),
            f"{COLOURS[seat]}'s dots must be a sorted tuple without repeats",
        )
    on_board = [tuple(i for i, v in enumerate(st.board) if v == seat + 1) for seat in range(n)]
    need(list(st.pos) == on_board, "board and pos disagree about where the eagles stand")
    home, landed = counts("home"), counts("landed")
    counts("jumps")
    for seat in range(n):
        need(
            home[seat] + len(st.pos[seat]) + landed[seat] == E,
            f"{COLOURS[seat]} must have {E} eagles in all (pad + disc + landed), "
            f"got {home[seat]} + {len(st.pos[seat])} + {landed[seat]}",
        )
        owner = t.target_owner[seat]
        need(
            landed[seat] + (home[owner] if owner >= 0 else 0) <= E,
            f"{CORNERS[t.target_corner[seat]]} pad has {E} circles: {COLOURS[seat]}'s landed eagles "
            "and its owner's unlaunched eagles do not fit",
        )
    need(
        _is_count(st.end) and st.end in tuple(EndCode),
        f"end must be one of {[int(e) for e in EndCode]}, got {short_repr(st.end)}",
    )
    need(
        type(st.first) is int and -1 <= st.first < n,
        f"first must be -1 or a seat, got {short_repr(st.first)}",
    )
    need(_is_count(st.turn) and st.turn <= n, f"turn must be 0 to {n}, got {short_repr(st.turn)}")
    need(
        _is_count(st.round) and st.round <= t.max_rounds,
        f"round must be 0 to max_rounds={t.max_rounds}, got {short_repr(st.round)}",
    )
    done = [s for s in range(n) if landed[s] == E]
    cp = st.to_move
    if st.end == EndCode.PLAYING:
        need(not done, f"{COLOURS[done[0]] if done else ''} has landed every eagle: the game is over")
        if st.first < 0:
            need(
                cp == CHANCE and st.turn == 0 and st.round == 0,
                "before the roll-off only chance moves",
            )
        elif cp == CHANCE:
            need(st.turn == n, "the die is rolled only once every player has had a turn")
        else:
            need(
                isinstance(cp, int) and st.turn < n and cp == (st.first + st.turn) % n,
                f"turn {st.turn} after {COLOURS[st.first]} started is "
                f"{COLOURS[(st.first + st.turn) % n] if st.turn < n else 'the die'}'s, "
                f"not {short_repr(cp)}",
            )
    else:
        need(cp == TERMINAL, "a finished game has to_move TERMINAL")
        if st.end == EndCode.ALL_LANDED:
            need(len(done) == 1, "a game won by landing every eagle has exactly one such commander")
        else:
            need(not done and st.round >= t.max_rounds, "only the max_rounds cap ends a game unfinished")
