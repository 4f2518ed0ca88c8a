"""``replay`` lives in :mod:`isslab.analysis.replay` (it reads a row back into a game); this path stays."""

from isslab.analysis.replay import Replay, replay

__all__ = ["Replay", "replay"]
