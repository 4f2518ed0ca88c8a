"""What the game view's panels read of a session: whose turn, the seats, the last result, recaps, the end.

The records (:class:`LogLine`, :class:`Choices`, :class:`SeatRow`, :class:`Result`, :class:`Recap`,
:class:`GameOver`) are plain data that :mod:`isslab_widgets.panels` writes as HTML; the functions
read them from a :class:`~isslab_widgets.session.Session` through the engine's public hooks
(``key_numbers``, ``goal``, ``standing``, ``headline``, ``Game.round_label``), every step described
for the screen's eyes. The session offers them as its methods of the same names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from isslab import CHANCE, TERMINAL, Action, ReturnsKind

if TYPE_CHECKING:
    from isslab_widgets.session import Session

__all__ = [
    "Choices",
    "GameOver",
    "LogLine",
    "Recap",
    "Result",
    "SeatRow",
    "Sight",
    "game_over",
    "recap",
    "result",
    "seat_rows",
    "turn_text",
]


class Sight(NamedTuple):
    """Who looks at the screen now: the one answer every panel, tab and computed value asks.

    ``eyes`` is the seat whose eyes the screen shows (None: omniscient, when no person plays).
    ``cover`` is, in hot-seat play of a game with hidden information, the seat the screen must pass
    to before anything private is shown (None: nobody); while it is set, nothing that depends on a
    hand, either the leaving player's or the next one's, is drawn or computed.
    """

    eyes: int | None
    cover: int | None

    @property
    def covered(self) -> bool:
        """True while the screen passes from one person to another."""
        return self.cover is not None


class LogLine(NamedTuple):
    """One step of the game log: its number (1 = the first action), its text, and who acted."""

    step: int
    text: str
    #: the seat that acted, or ``CHANCE``
    mover: int


class Choices(NamedTuple):
    """The action list a person picks from: actions and their labels, or a note saying why it is empty."""

    actions: list[Action]
    labels: list[str]
    note: str = ""


class SeatRow(NamedTuple):
    """One row of the player panel: who plays a seat, its public numbers and goal, turn and lead."""

    seat: int
    name: str
    colour: str
    #: ``"human"`` or a bot's name
    player: str
    #: the seat's key numbers (``state.key_numbers``), values as text
    numbers: list[tuple[str, str]]
    goal: str
    to_move: bool
    #: among the seats ahead on ``state.standing`` (never every seat: a tie of all leads nobody)
    leads: bool
    #: ``leads`` shared with another seat: the panel says "tied for the lead", never "leads"
    tied: bool = False


class Result(NamedTuple):
    """What followed the human's last decision, as that seat may know it (shown until its next one)."""

    #: the step number of the decision (1 = the first action of the game)
    step: int
    seat: int
    decision: str
    #: the steps after it, up to the shown position
    after: list[LogLine]
    #: the seat's key numbers that changed: ``prestige: 5 PP -> 9 PP``
    changes: list[str]
    #: the engine's headline for the seat (a scored test), when it changed since the decision
    headline: str


class Recap(NamedTuple):
    """What happened in one round, as the screen's eyes may know it."""

    #: the round (0 = the first, as ``state.rounds`` counts)
    round_index: int
    label: str
    #: every step of the round, described for the eyes
    lines: list[LogLine]
    #: per seat, the key numbers that changed over the round (``seat``, ``["money: 12M -> 3M"]``)
    changes: list[tuple[int, list[str]]]
    #: the engine's headlines that appeared during the round (scored tests), oldest first
    headlines: list[str]
    #: False while the round is still being played
    complete: bool


class GameOver(NamedTuple):
    """The end of a game: how it ended, the winners, and every seat's rank and statistics."""

    reason: str
    winners: list[str]
    #: rows ordered by rank: seat, rank, the seat's key numbers, its non-zero statistics
    rows: list[tuple[int, int, list[tuple[str, str]], list[tuple[str, str]]]]
    #: what the game was about, first (the board's ``summary``: points by source, the hands revealed)
    summary: list[str] = []
    #: True for a cooperative game: the seats share one result, so there is no ranking
    team: bool = False


def _text(value: object) -> str:
    """A number as people write it: ``3`` rather than ``3.0``; anything else as ``str``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return f"{value:.3g}"
    return str(value)


def _changes(
    before: list[tuple[str, int | float | str]], after: list[tuple[str, int | float | str]]
) -> list[str]:
    """``label: old -> new`` for each key number that changed (labels matched by name)."""
    old = dict(before)
    return [f"{k}: {_text(old[k])} → {_text(v)}" for k, v in after if k in old and old[k] != v]


def turn_text(session: Session) -> str:
    """Whose turn it is, in words: ``your turn (red)``, ``blue (greedy bot) to move``, ``dice``."""
    st = session.state
    cp = st.current_player
    g = session.game
    if cp == TERMINAL:
        winners = st.winners()
        if g.info.returns == ReturnsKind.COOPERATIVE:  # one result for the team: say it, with its measure
            eyes = session.eyes()
            measure = st.goal(0 if eyes is None else eyes)
            return f"game over: the team {'won' if winners else 'lost'} ({measure})"
        if not winners:
            return "game over: nobody won"
        return "game over: " + ", ".join(g.seat_name(w) for w in winners) + " won"
    if cp == CHANCE:
        return "chance: the dice (or the cards) decide"
    name = g.seat_name(cp)
    if session.human_to_move():  # cp is a seat here: chance and the end are above
        return f"your turn ({name})" if len(session.humans()) == 1 else f"{name}'s turn (human)"
    return f"{name} ({session.seats[cp]} bot) to move"


def seat_rows(session: Session) -> list[SeatRow]:
    """The player panel: one row per seat, from the engine's public hooks."""
    st = session.state
    g = session.game
    n = g.num_players
    standing = [st.standing(s) for s in range(n)]
    best = max(standing)
    leaders = {s for s in range(n) if standing[s] == best} if len(set(standing)) > 1 else set()
    if st.is_terminal() and st.winners():
        leaders = set(st.winners())
    # several seats level at the top share the lead: the panel says so, rather than "leads" for each
    tied = len(leaders) > 1 and not st.is_terminal()
    cp = st.current_player
    return [
        SeatRow(
            seat=s,
            name=g.seat_name(s),
            colour=g.info.seat_colours[s],
            player=session.seats[s],
            numbers=[(k, _text(v)) for k, v in st.key_numbers(s)],
            goal=st.goal(s),
            to_move=cp == s,
            leads=s in leaders,
            tied=tied and s in leaders,
        )
        for s in range(n)
    ]


def result(session: Session) -> Result | None:
    """What followed the human's last decision up to the shown position, for that seat's eyes.

    It stays the same while bots and dice move, and changes with the human's next decision.
    """
    eyes = session.eyes()
    i = session.last_decision(eyes if len(session.humans()) > 1 else None)
    if i is None:
        return None
    tree = session.tree
    before = tree.at(i)
    seat = before.current_player
    now = session.state
    eyes = session.eyes()
    seen = seat if eyes is None else eyes
    decision = now.describe(tree.actions()[i], eyes)
    after = session.log(i + 1, tree.cursor)
    changes = _changes(before.key_numbers(seen), now.key_numbers(seen))
    # the first new headline after the decision is the result it led to (its mission test);
    # later ones (the rivals' tests) are in the recap
    old = before.headline(seen)
    headline = ""
    for p in range(i + 1, tree.cursor + 1):
        line = tree.at(p).headline(seen)
        if line and line != old:
            headline = line
            break
    return Result(i + 1, seat, decision, after, changes, headline)


def recap(session: Session, index: int | None = None) -> Recap | None:
    """What happened in round ``index`` on the current line (default: the last round finished).

    Rounds are ``state.rounds`` as the engine counts them; every step is described for the
    screen's eyes. None when there is no such round yet.
    """
    tree = session.tree
    st = session.state
    if index is None:
        index = st.rounds - 1
    if index < 0:
        return None
    steps = [p for p in range(tree.cursor) if tree.at(p).rounds == index]
    if not steps:
        return None
    lo, hi = steps[0], steps[-1] + 1
    eyes = session.eyes()
    start, end = tree.at(lo), tree.at(hi)
    n = session.game.num_players
    changes = [(s, _changes(start.key_numbers(s), end.key_numbers(s))) for s in range(n)]
    headlines: list[str] = []
    if eyes is not None or not session.game.info.hidden_information:
        seen = 0 if eyes is None else eyes
        for p in range(lo + 1, hi + 1):
            line = tree.at(p).headline(seen)
            if line and line not in headlines and line != start.headline(seen):
                headlines.append(line)
    return Recap(
        index,
        session.game.round_label(index),
        session.log(lo, hi),
        [(s, c) for s, c in changes if c],
        headlines,
        end.rounds > index,
    )


def game_over(session: Session) -> GameOver | None:
    """The end of the game at the shown position (None while it goes on): winners, ranks, stats."""
    st = session.state
    if not st.is_terminal():
        return None
    g = session.game
    n = g.num_players
    reason = st.end_reason.value if st.end_reason is not None else "the game is over"
    ranks = st.ranks()
    stats = st.seat_stats()
    # statistics that are zero for every seat say nothing: left out
    keys = [k for k in (stats[0] if stats else {}) if any(stats[s].get(k) for s in range(n))]
    rows = [
        (
            s,
            ranks[s],
            [(k, _text(v)) for k, v in st.key_numbers(s)],
            [(k.replace("_", " "), _text(stats[s][k])) for k in keys],
        )
        for s in sorted(range(n), key=lambda s: (ranks[s], s))
    ]
    summary = getattr(session.board, "summary", None)
    lines = list(summary(st)) if callable(summary) else []
    team = g.info.returns == ReturnsKind.COOPERATIVE
    return GameOver(reason, [g.seat_name(w) for w in st.winners()], rows, lines, team)
