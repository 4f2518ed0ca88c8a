"""Moved to :mod:`isslab.analysis.designer`; ``isslab.designer`` stays importable as the same module."""

import sys

from isslab.analysis import designer as _moved
from isslab.analysis.designer import *  # noqa: F403  (the public names, for type checkers)

sys.modules[__name__] = _moved
