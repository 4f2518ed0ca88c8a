"""Moved to :mod:`isslab.analysis.trace`; ``isslab.trace`` stays importable as the same module."""

import sys

from isslab.analysis import trace as _moved
from isslab.analysis.trace import *  # noqa: F403  (the public names, for type checkers)

sys.modules[__name__] = _moved
