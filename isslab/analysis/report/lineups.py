"""Who plays in the design report: the line-ups (at every player count), the ladder's rungs up to the
expert, and the bots of the strategy matrix."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from isslab.core import CHANCE, TERMINAL, Game, bot, bot_names, make, short_repr

__all__ = [
    "EXPERT",
    "SEARCH_BOT",
    "LineUp",
    "default_lineups",
    "lineup_at",
    "lineup_label",
    "strategy_bots",
    "top_rung",
]


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

    A cooperative game is mixed the same way: a team of ``greedy`` alone never completes Mission ISS,
    so every success rate would sit at 0 and no conclusion could be rerun under it; ``planner`` and
    ``greedy`` in turn succeed sometimes (about 0.1 at four players, 0.2 at three). With one seat the
    second line-up is the second heuristic bot.
    """
    n = game.num_players
    heur = _heuristics(game.id)
    first: LineUp = (heur[0],) * n
    if n == 1:
        return [first, (heur[1] if len(heur) > 1 else "random",)]
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


#: the ladder's top rung: the expert at its fast setting (the expert-bot issue's batch setting)
EXPERT: Final = "expert(fast=True)"


def top_rung(game: Game) -> tuple[str, str]:
    """The ladder's top rung and a note: the expert at its fast setting where it plays ``game``, else the
    game's search rung (:data:`SEARCH_BOT`), named as the stand-in it is."""
    if "expert" in bot_names(game.id):
        try:
            _first_decision(game, bot(game.id, EXPERT))
        except ValueError as exc:  # the expert refuses a game it has no settings for at its first move
            why = f"the expert does not play {game.id} ({short_repr(str(exc), 80)})"
        else:
            return EXPERT, f"the top rung is the expert at its fast setting ({EXPERT})"
    else:
        why = "no expert bot is registered"
    search = SEARCH_BOT.get(game.id, "mcts(simulations=8)")
    return search, f"{why}: the top rung is the search bot {search}, the strongest bot available here"


def _first_decision(game: Game, chooser: Any) -> None:
    """Ask ``chooser`` for a move at the first decision of a seeded game (it raises if it cannot play)."""
    rng = random.Random(0)
    state = game.new_state()
    while state.current_player == CHANCE:
        state = state.apply(state.sample_chance(rng))
    if state.current_player != TERMINAL:
        state.resolve(chooser(state, rng))


def lineup_at(game: Game, lineup: LineUp, players: int) -> LineUp:
    """``lineup`` of ``game`` at another player count: a default line-up is made again for that table,
    any other is repeated seat by seat (``(a, b, c)`` at five players is ``(a, b, c, a, b)``)."""
    if players == game.num_players:
        return lineup
    other = make(game.id, **{**game.options, "players": players})
    mine = default_lineups(game)
    if lineup in mine:
        return default_lineups(other)[mine.index(lineup)]
    return tuple(lineup[s % len(lineup)] for s in range(players))


def strategy_bots(game: Game) -> list[str]:
    """The bots of the strategy matrix: the game's heuristics (with ``random`` when it has only one)."""
    heur = _heuristics(game.id)
    return heur if len(heur) > 1 else [*heur, "random"]
