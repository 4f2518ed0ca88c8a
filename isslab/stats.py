"""Moved to :mod:`isslab.frames.stats`; ``isslab.stats`` stays importable as the same module."""

import sys

from isslab.frames import stats as _moved
from isslab.frames.stats import *  # noqa: F403  (the public names, for type checkers)

sys.modules[__name__] = _moved
