"""The shared contract of every isslab game (the package that ``isslab/core.py`` became).

Every name is importable from ``isslab.core`` as before.
"""

from __future__ import annotations

from isslab.core.game import *  # noqa: F403
from isslab.core.game import _BOTS as _BOTS
from isslab.core.game import _GAMES as _GAMES
from isslab.core.game import MAX_DEPTH as MAX_DEPTH
from isslab.core.game import MAX_OPTION_DEPTH as MAX_OPTION_DEPTH
from isslab.core.game import MAX_OPTION_INT as MAX_OPTION_INT
from isslab.core.game import MAX_OPTION_ITEMS as MAX_OPTION_ITEMS
from isslab.core.game import MAX_OPTION_TEXT as MAX_OPTION_TEXT
from isslab.core.game import MAX_SAVE_CHARS as MAX_SAVE_CHARS
from isslab.core.game import __all__ as __all__
from isslab.core.game import _cut as _cut
from isslab.core.game import _freeze as _freeze
from isslab.core.game import _json_depth_ok as _json_depth_ok
from isslab.core.game import _names as _names
from isslab.core.game import _short as _short
from isslab.core.game import _thaw as _thaw
from isslab.core.game import game_class as game_class
