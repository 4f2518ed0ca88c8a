"""The luck race: a reference game of pure luck, with no decisions and no feedback.

Every player has a token at the start of a track of ``track`` spaces. On a turn the player rolls a
die of ``die`` faces (a chance node) and moves the token that many spaces; the first token to reach
the last space wins at once. A turn offers one action, the roll, so no decision is ever made, and
how far a token moves does not depend on where any token stands: the lead of a token grows or
shrinks by the dice alone. The design report measures this game to show what its metrics give at
the luck end (``isslab.report("luck-race")``): every rung of the ladder plays the same games, the
luck share is 1, and the leader at mid-game wins exactly as often as a race with its lead
increments shuffled (about 0.6 with four players), well above the fair share.

The game is our own, written for measuring: no rulebook, no assumed values. Seat 0 rolls first.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from isslab.core import (
    CHANCE,
    TERMINAL,
    Action,
    EndReason,
    Game,
    Option,
    ReturnsKind,
    action_type,
    register_game,
)
from isslab.games.reference.common import NAMES, TurnState, reference_info

__all__ = ["DieFace", "GameRace", "RaceEnd", "RollDie", "StateRace"]


@action_type
class RollDie(NamedTuple):
    """A player's only move: roll the die for the token (the face comes next, as chance)."""

    seat: int

    def __str__(self) -> str:
        return f"{NAMES[self.seat]} rolls the die"


@action_type
class DieFace(NamedTuple):
    """Chance: the face the die shows; the token that rolled moves that many spaces."""

    value: int

    def __str__(self) -> str:
        return f"the die shows {self.value}"


class RaceEnd(EndReason):
    """How a luck race ends."""

    #: the only end: a token reached the last space
    FINISHED = "a token reached the last space"


class StateRace(TurnState):
    """A position of the luck race: the tokens' spaces, who acts, whose die is rolling, the winner."""

    __slots__ = ("pos", "to_move", "mover", "turns", "winner")
    SCORE = "pos"
    SCORE_STAT = "space"
    FIELDS: ClassVar[tuple[str, ...]] = __slots__  # every slot is a field of the position

    pos: tuple[int, ...]
    mover: int
    winner: int

    def _legal_actions(self) -> list[Action]:
        if self.to_move == CHANCE:
            return [DieFace(v) for v in range(1, self.game.options["die"] + 1)]
        return [RollDie(self.to_move)]

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        faces = self._legal_actions()
        return [(a, 1.0 / len(faces)) for a in faces]

    def _apply(self, action: Action) -> StateRace:
        new = self._copy()
        if type(action) is RollDie:
            new.to_move = CHANCE
            return new
        track = self.game.options["track"]
        reached = min(track, self.pos[self.mover] + int(action.value))
        new.pos = (*self.pos[: self.mover], reached, *self.pos[self.mover + 1 :])
        if reached >= track:
            new.winner = self.mover
            new.to_move = TERMINAL
            return new
        new.turns = self.turns + 1
        new.mover = (self.mover + 1) % self.game.num_players
        new.to_move = new.mover
        return new

    def _check_position(self) -> None:
        n, track = self.game.num_players, self.game.options["track"]
        if len(self.pos) != n or not all(isinstance(p, int) and 0 <= p <= track for p in self.pos):
            raise ValueError(f"pos must give each of the {n} tokens a space from 0 to {track}")
        if not 0 <= self.mover < n or self.to_move not in (self.mover, CHANCE, TERMINAL):
            raise ValueError("to_move must be the seat whose turn it is (mover), CHANCE or TERMINAL")
        finished = [s for s, p in enumerate(self.pos) if p >= track]
        if len(finished) > 1 or (self.to_move == TERMINAL) != bool(finished):
            raise ValueError("a position holds at most one token on the last space, and it ends the game")
        if (finished and self.winner != finished[0]) or (not finished and self.winner != -1):
            raise ValueError("winner must be the seat on the last space, or -1 before the end")

    def winners(self) -> tuple[int, ...]:
        """The seat whose token reached the last space (none before the end)."""
        return (self.winner,) if self.winner >= 0 else ()

    @property
    def end_reason(self) -> RaceEnd | None:
        """``FINISHED`` once a token is home."""
        return RaceEnd.FINISHED if self.to_move == TERMINAL else None

    def key_numbers(self, seat: int) -> list[tuple[str, int | float | str]]:
        """The token's space out of the track's."""
        seat = self._check_seat(seat)
        return [("space", f"{self.pos[seat]}/{self.game.options['track']}")]

    def goal(self, seat: int) -> str:
        """Reach the last space first."""
        self._check_seat(seat)
        return f"reach space {self.game.options['track']} first"

    def _view(self, seat: int) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "you": seat,
            "track": self.game.options["track"],
            "spaces": list(self.pos),
            "to_move": self.to_move,
            "rolling": self.mover,
            "winner": self.winner,
        }

    def __str__(self) -> str:
        track = self.game.options["track"]
        if self.to_move == TERMINAL:
            status = f"{NAMES[self.winner]} won"
        elif self.to_move == CHANCE:
            status = f"{NAMES[self.mover]}'s die is rolling"
        else:
            status = f"{NAMES[self.to_move]} to roll"
        lines = [f"Luck race, round {self.rounds + 1}; {status}"]
        for s, p in enumerate(self.pos):
            lines.append(f"  {NAMES[s]:6} {'#' * p}{'.' * (track - p)} {p}/{track}")
        return "\n".join(lines)


@register_game
class GameRace(Game):
    """The luck race: roll, move, and the first token home wins (a reference game of pure luck)."""

    id = "luck-race"
    title = "Luck race (reference game)"
    # exactly one token finishes first; a turn offers one action, so every bot plays the same game
    INFO = reference_info(title, ReturnsKind.CONSTANT_SUM, chance=True, default_bot="first")
    OPTIONS = (
        Option("players", 4, "number of racers", min=2, max=4),
        Option("track", 20, "spaces from the start to the last space", min=2, max=200),
        Option("die", 6, "faces of the die (1 to die, each as likely)", min=2, max=20),
    )
    STATE = StateRace
    ACTION_TYPES = (RollDie, DieFace)
    CONFORMANCE_VARIANTS = ({"players": 2, "track": 5, "die": 2}, {"players": 3, "track": 40, "die": 10})

    def new_state(self) -> StateRace:
        """Every token at the start; seat 0 rolls first."""
        st = StateRace.__new__(StateRace)
        st._init_base(self)
        st.pos = (0,) * self.num_players
        st.to_move = 0
        st.mover = 0
        st.turns = 0
        st.winner = -1
        return st

    def num_distinct_actions(self) -> int:
        """One player action: the roll."""
        return 1

    def max_chance_outcomes(self) -> int:
        """One number per face of the die."""
        return int(self._options["die"])

    def action_index(self, action: Action) -> int:
        """``RollDie`` is 0; the face ``DieFace(v)`` is ``v - 1``."""
        if type(action) is RollDie:
            return 0
        if type(action) is DieFace:
            return int(action.value) - 1
        raise ValueError(f"not a luck-race action: {action!r}")
