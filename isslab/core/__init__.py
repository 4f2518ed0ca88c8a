"""The shared contract of every isslab game: options, Game, State, chance, errors, registry, save/load.

The model is OpenSpiel's: a state is a value, ``apply`` returns a new state, and dice, draws and
shuffles are *chance nodes* whose outcomes are ordinary actions with known probabilities. The rules
never draw random numbers; drivers and bots receive a ``random.Random``.

One module per idea, each importing only those above it:

- :mod:`.values`: seats and markers (``CHANCE``, ``TERMINAL``), ``Action`` and ``action_type``,
  ``IllegalActionError``, ``Memo``, ``short_repr``, JSON freezing and thawing;
- :mod:`.options`: ``Option`` and its validation (the one rule for numbers);
- :mod:`.game`: ``Game``, ``State``, ``GameInfo``, ``ReturnsKind``, ``EndReason`` and the hooks the
  game view reads;
- :mod:`.registry`: ``register_game``, ``make``, ``games``, ``game_class``, bots by name;
- :mod:`.saves`: ``to_json``'s format, ``load`` and ``restore``;
- :mod:`.variants`: ``variant``, a game with one rule changed.

Every name is importable from ``isslab.core`` as before the split.
"""

from __future__ import annotations

from typing import Final

from isslab.core.game import EndReason, Game, GameInfo, ReturnsKind, State
from isslab.core.options import (
    MAX_OPTION_DEPTH,
    MAX_OPTION_INT,
    MAX_OPTION_ITEMS,
    MAX_OPTION_TEXT,
    Option,
    missing_bounds,
)
from isslab.core.registry import _BOTS as _BOTS  # the registry's own dicts (tests patch them)
from isslab.core.registry import _GAMES as _GAMES
from isslab.core.registry import _MADE as _MADE
from isslab.core.registry import (
    Bot,
    bot,
    bot_names,
    default_table,
    game_class,
    games,
    lineage,
    make,
    register_bot,
    register_game,
    register_value,
    value_function,
    value_names,
)
from isslab.core.saves import load, restore
from isslab.core.values import (
    CHANCE,
    MAX_DEPTH,
    MAX_SAVE_CHARS,
    TERMINAL,
    Action,
    IllegalActionError,
    Memo,
    action_type,
    as_int,
    parse_json,
    short_repr,
)
from isslab.core.values import _cut as _cut  # private helpers other modules of isslab use
from isslab.core.values import _freeze as _freeze
from isslab.core.values import _json_depth_ok as _json_depth_ok
from isslab.core.values import _names as _names
from isslab.core.values import _short as _short
from isslab.core.values import _thaw as _thaw
from isslab.core.variants import variant

#: the version of the package (``isslab.__version__``); a fitted model's cache key holds it
VERSION: Final = "0.1.0"

__all__ = [
    "CHANCE",
    "MAX_DEPTH",
    "MAX_OPTION_DEPTH",
    "MAX_OPTION_INT",
    "MAX_OPTION_ITEMS",
    "MAX_OPTION_TEXT",
    "MAX_SAVE_CHARS",
    "TERMINAL",
    "VERSION",
    "Action",
    "Bot",
    "EndReason",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "Memo",
    "Option",
    "ReturnsKind",
    "State",
    "action_type",
    "as_int",
    "bot",
    "bot_names",
    "default_table",
    "game_class",
    "lineage",
    "games",
    "load",
    "make",
    "missing_bounds",
    "parse_json",
    "register_bot",
    "register_game",
    "register_value",
    "value_function",
    "value_names",
    "restore",
    "short_repr",
    "variant",
]
