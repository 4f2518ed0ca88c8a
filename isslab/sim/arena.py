"""How strong is a bot? Head-to-head matches with seats rotated, and skill traces over a search budget.

``head_to_head(game, bot, opponent, games)`` plays ``bot`` in one seat and ``opponent`` in every other,
the bot's seat rotating from game to game, and returns its win rate with a Wilson 95% interval.
``skill_trace`` does it for a search bot at several budgets (the README's strength table and the
``bots-and-search`` notebook are built with them). Games run through ``isslab.simulate``, so they
are seeded and may run on several processes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import pandas as pd

import isslab.checks as checks
from isslab.checks import MAX_GAMES
from isslab.core import Bot, Game, make, short_repr
from isslab.frames.stats import wilson_interval
from isslab.sim.api import simulate
from isslab.sim.pool import Workers

__all__ = ["Match", "head_to_head", "skill_trace"]


@dataclass(frozen=True)
class Match:
    """The result of a head-to-head match: the bot's wins (shared wins count) out of ``games``."""

    bot: str
    opponent: str
    games: int
    wins: float
    win_rate: float
    low: float
    high: float


def _name(b: str | Bot) -> str:
    return b if isinstance(b, str) else getattr(b, "__name__", type(b).__name__)


def head_to_head(
    game: Game | str,
    bot: str | Bot,
    opponent: str | Bot,
    games: int = 100,
    seed: int = 0,
    workers: Workers = 1,
) -> Match:
    """``bot`` in one seat, ``opponent`` in the others; the bot's seat rotates over the seats.

    Every seat gets ``games // seats`` games (at least one), all seeded from ``seed``: each
    rotation plays the same dice and draws, so the seats compare on common random numbers.
    """
    games = checks.integer("games", games, 1, MAX_GAMES)
    if isinstance(game, str):
        game = make(game)
    if not isinstance(game, Game):
        raise ValueError(f"game must be a game id or a Game, got {short_repr(game, 60)}")
    n = game.num_players
    per_seat = max(1, games // n)
    wins = 0.0
    played = 0
    for seat in range(n):
        bots: list[str | Bot] = [opponent] * n
        bots[seat] = bot
        df = simulate(game, bots=bots, games=per_seat, seed=seed, workers=workers, progress=False)
        mine = df[df["seat"] == seat]
        wins += float(mine["win"].sum())
        played += len(mine)
    low, high = wilson_interval(wins, played)
    return Match(_name(bot), _name(opponent), played, wins, wins / played, low, high)


def skill_trace(
    game: Game | str,
    bot: str,
    budgets: Sequence[int],
    opponent: str | Bot,
    games: int = 100,
    seed: int = 0,
    workers: Workers = 1,
    **params: Any,
) -> pd.DataFrame:
    """Win rate (with its interval) of the search bot ``bot`` against ``opponent`` at each budget.

    ``params`` go to the bot with each budget (``rollout="random"``, ``exploration=0.7``); one row
    per budget with the columns of :class:`Match` and ``simulations``.
    """
    if isinstance(budgets, str) or not isinstance(budgets, Sequence) or not budgets:
        raise ValueError(
            f"budgets must be a list of simulation counts, like [10, 100], got {short_repr(budgets, 40)}"
        )
    budgets = checks.distinct("budgets", budgets)
    if not isinstance(bot, str):
        raise ValueError(f"bot must be the name of a search bot (mcts, ismcts), got {short_repr(bot, 40)}")
    rows = []
    for budget in budgets:
        spec = f"{bot}({', '.join(f'{k}={v}' for k, v in {'simulations': budget, **params}.items())})"
        match = head_to_head(game, spec, opponent, games=games, seed=seed, workers=workers)
        rows.append({"simulations": budget, **asdict(match)})
    return pd.DataFrame(rows)
