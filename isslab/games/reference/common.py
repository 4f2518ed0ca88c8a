"""What the two reference games share: their seats, their info, a state whose players hold one number each.

Both are small games of our own for two to four players with nothing hidden, played in turn from
seat 0: a player's standing is one number (the race's space, the row's value held), and a round is
as many turns as there are players.
"""

from __future__ import annotations

from typing import ClassVar

from isslab.core import GameInfo, ReturnsKind, State

__all__ = ["COLOURS", "NAMES", "TurnState", "reference_info"]

#: the seats' names and colours (the largest table has four)
NAMES = ("red", "blue", "green", "yellow")
COLOURS = ("#d62728", "#1f6fd1", "#2ca02c", "#b8860b")


def reference_info(title: str, returns: ReturnsKind, *, chance: bool, default_bot: str) -> GameInfo:
    """The info of a reference game: two to four seats, nothing hidden, listed apart from the board games."""
    return GameInfo(
        title=title,
        min_players=2,
        max_players=len(NAMES),
        returns=returns,
        hidden_information=False,
        chance=chance,
        seat_names=NAMES,
        seat_colours=COLOURS,
        default_bot=default_bot,
        reference=True,
    )


class TurnState(State):
    """A reference game's position: the seat ``to_move``, the ``turns`` taken, one number a player.

    A subclass names the field of that number in ``SCORE`` and the stat it is in ``SCORE_STAT``.
    """

    __slots__ = ()

    #: the state field holding each player's number (``"pos"``: the race's spaces)
    SCORE: ClassVar[str]
    #: its name among a seat's statistics (``"space"``)
    SCORE_STAT: ClassVar[str]

    to_move: int
    turns: int

    @property
    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while a die is in the air, ``TERMINAL`` at the end."""
        return self.to_move

    @property
    def rounds(self) -> int:
        """Rounds played: turns taken over the number of players."""
        return self.turns // self.game.num_players

    def _scores(self) -> tuple[int, ...]:
        scores: tuple[int, ...] = getattr(self, self.SCORE)
        return scores

    def seat_stats(self) -> list[dict[str, float]]:
        """Each player's number (the race's space, the row's value held)."""
        return [{self.SCORE_STAT: float(v)} for v in self._scores()]

    def standing(self, seat: int) -> tuple[float, ...]:
        """The player's number: the more, the better."""
        return (float(self._scores()[self._check_seat(seat)]),)
