"""Shared by the tests that write a toy game of their own: its ``GameInfo`` in one call."""

from __future__ import annotations

from isslab import GameInfo, ReturnsKind


def toy_info(
    title: str,
    seats: tuple[str, ...],
    returns: ReturnsKind = ReturnsKind.GENERAL_SUM,
    *,
    hidden: bool = False,
    chance: bool = False,
) -> GameInfo:
    """The info of a toy game for exactly ``len(seats)`` seats, played by ``random`` by default."""
    return GameInfo(
        title=title,
        min_players=len(seats),
        max_players=len(seats),
        returns=returns,
        hidden_information=hidden,
        chance=chance,
        seat_names=seats,
        seat_colours=tuple("#000000" if i % 2 == 0 else "#ffffff" for i in range(len(seats))),
        default_bot="random",
    )
