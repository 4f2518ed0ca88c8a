"""isslab: exact, fast engines, bots and simulation for four space-race board games.

>>> import isslab
>>> game = isslab.make("space-1999", players=2)
>>> record = isslab.play(game, ["greedy", "random"], seed=0)
"""

from __future__ import annotations

# Import the game packages now: importing the subpackage ``isslab.games`` binds that name on this
# package, so the public function ``isslab.games()`` is bound again right after it.
import isslab.games as _game_packages  # noqa: E402, F401  (registers every game)
from isslab import bots
from isslab.analysis import Evaluation, Review, evaluate, review, winprob
from isslab.analysis.designer import metrics
from isslab.analysis.report import report  # noqa: E402  (after simulate and compare, which it uses)
from isslab.analysis.tune import Target, TuneResult, tune
from isslab.core import (
    CHANCE,
    TERMINAL,
    VERSION,
    Action,
    Bot,
    EndReason,
    Game,
    GameInfo,
    IllegalActionError,
    Memo,
    Option,
    ReturnsKind,
    State,
    action_type,
    bot,
    bot_names,
    game_class,
    games,  # noqa: E402, F811
    load,
    make,
    register_bot,
    register_game,
    variant,
)
from isslab.frames.stats import compare
from isslab.play import GameRecord, play
from isslab.sim import replay, simulate, summarize, sweep

__version__ = VERSION

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Bot",
    "EndReason",
    "Evaluation",
    "Game",
    "GameInfo",
    "GameRecord",
    "IllegalActionError",
    "Memo",
    "Option",
    "ReturnsKind",
    "Review",
    "State",
    "Target",
    "TuneResult",
    "action_type",
    "bot",
    "bot_names",
    "bots",
    "compare",
    "evaluate",
    "game_class",
    "games",
    "load",
    "make",
    "metrics",
    "play",
    "register_bot",
    "register_game",
    "replay",
    "report",
    "review",
    "simulate",
    "summarize",
    "sweep",
    "tune",
    "variant",
    "winprob",
]
