"""Moved to :mod:`isslab.frames.trace`; ``isslab.trace`` stays importable as the same module."""

import sys

from isslab.frames import trace as _moved
from isslab.frames.trace import *  # noqa: F403  (the public names, for type checkers)

sys.modules[__name__] = _moved
