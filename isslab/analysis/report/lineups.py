"""Who plays in the design report: the line-ups, and the ladder's heuristic and search rungs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from isslab.core import Game, ReturnsKind, bot_names, make, short_repr

__all__ = ["SEARCH_BOT", "LineUp", "default_lineups", "lineup_label"]


#: the search rung of the ladder per game: a small budget, so that the report stays fast
SEARCH_BOT: Final[dict[str, str]] = {
    "space-1999": "mcts(simulations=8)",
    "1969": "ismcts(simulations=4)",
    "mission-iss": "mcts(simulations=2)",
    "1998-iss": "ismcts(simulations=2)",
}


#: bots that are not heuristics of a game (the ladder's ends, the search bots, the expert and the levels)
_NOT_HEURISTIC: Final = frozenset(("random", "first", "mcts", "ismcts", "expert", "easy", "medium", "hard"))


LineUp = tuple[str, ...]


def _heuristics(gid: str) -> list[str]:
    default = make(gid).info.default_bot
    rest = [b for b in bot_names(gid) if b not in _NOT_HEURISTIC and b != default]
    return [default, *rest]


def default_lineups(game: Game) -> list[LineUp]:
    """Two line-ups: the default bot in every seat, and a mix (the heuristic bots in turn, seats rotated).

    In a cooperative game the second line-up is the first other heuristic bot in every seat (Mission
    ISS: ``planner`` plays as a team, ``greedy`` per seat); with one seat, the second heuristic bot.
    """
    n = game.num_players
    heur = _heuristics(game.id)
    first: LineUp = (heur[0],) * n
    if game.info.returns is ReturnsKind.COOPERATIVE or n == 1:
        other = heur[1] if len(heur) > 1 else "random"
        return [first, (other,) * n]
    mix = heur if len(heur) > 1 else [heur[0], "random"]
    return [first, tuple(mix[s % len(mix)] for s in range(n))]


def _lineup(game: Game, spec: Any) -> LineUp:
    if isinstance(spec, str):
        return (spec,) * game.num_players
    if isinstance(spec, Sequence) and all(isinstance(b, str) for b in spec):
        if len(spec) == 1:
            return (str(spec[0]),) * game.num_players
        if len(spec) != game.num_players:
            raise ValueError(
                f"a line-up of {game.id} with {game.num_players} players names {game.num_players} bots "
                f"(or one for every seat), got {len(spec)}: {short_repr(spec)}"
            )
        return tuple(str(b) for b in spec)
    raise ValueError(
        "bots must be a list of line-ups, each a bot name (every seat) or a list of names (one per seat), "
        f"got {short_repr(spec)}"
    )


def lineup_label(lineup: LineUp) -> str:
    """``greedy`` for one bot in every seat, else the bots in seat order joined by ``/``."""
    return lineup[0] if len(set(lineup)) == 1 else "/".join(lineup)
