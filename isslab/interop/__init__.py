"""isslab games inside other tools: PettingZoo, OpenSpiel, and the array encoding they need.

* :mod:`isslab.interop.actions` - the fixed action numbers each game declares (``Game.action_index``),
  legal masks, and a check of the numbering over random games;
* :mod:`isslab.interop.encoder` - :class:`ViewEncoder`, a seat's ``view`` as a fixed-length array;
* :mod:`isslab.interop.pettingzoo` - ``env(game_id, **options)``, a PettingZoo AEC environment
  (``pip install "isslab[interop]"``);
* :mod:`isslab.interop.openspiel` - ``register()``, every game as a Python OpenSpiel game;
* :mod:`isslab.interop.render` - a state as an RGB array for ``render()``: the board pictures of
  ``isslab_widgets`` once it is imported (it registers them), else the text board.

Nothing here is imported by ``import isslab``: PettingZoo, Gymnasium and OpenSpiel are optional.
"""

from isslab.interop.actions import ActionNumbers, check_action_numbering
from isslab.interop.encoder import ViewEncoder

__all__ = ["ActionNumbers", "ViewEncoder", "check_action_numbering"]
