"""Moved to :mod:`isslab.sim.arena` (it plays games through ``simulate``, so it sits on the simulation
layer); ``isslab.bots.arena`` stays importable as the same module."""

import sys

from isslab.sim import arena as _moved
from isslab.sim.arena import *  # noqa: F403  (the public names, for type checkers)

sys.modules[__name__] = _moved
