"""The game packages; importing this registers every game with ``isslab.make``."""

from __future__ import annotations

import importlib

#: the game packages, in the order ``isslab.games()`` was built from them (``reference``: the design
#: report's two reference games, listed by ``isslab.games(reference=True)``)
PACKAGES = ("space_1999", "game_1969", "mission_iss", "iss_1998", "reference")

for _name in PACKAGES:
    try:
        importlib.import_module(f"isslab.games.{_name}")
    except ModuleNotFoundError as exc:  # a game still being written must not break the others
        if exc.name != f"isslab.games.{_name}":
            raise
