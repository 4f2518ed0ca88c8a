"""Moved to :mod:`isslab.analysis.stats`; ``isslab.stats`` stays importable as the same module."""

import sys

from isslab.analysis import stats as _moved
from isslab.analysis.stats import *  # noqa: F403  (the public names, for type checkers)

sys.modules[__name__] = _moved
