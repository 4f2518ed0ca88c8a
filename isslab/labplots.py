"""Moved to :mod:`isslab.analysis.plots`; ``isslab.labplots`` stays importable as the same module."""

import sys

from isslab.analysis import plots as _moved
from isslab.analysis.plots import *  # noqa: F403  (the public names, for type checkers)

sys.modules[__name__] = _moved
