"""The effects several steps share: moving an astronaut, doing an experiment, counting a pad down.

Players and FEDOR do these the same way (FEDOR "will do so like any other player", Solo), so
:mod:`.steps` and :mod:`.fedor` both use them. Each changes the fields of a state copy in place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from isslab.games.iss_1998.scoring import ADVANCED, EXPERIMENTS, stat
from isslab.games.iss_1998.tables import UNITY
from isslab.games.kit import put

if TYPE_CHECKING:
    from isslab.games.iss_1998.rules import State1998

__all__ = ["count_down", "do_experiment", "move"]


def move(st: State1998, p: int, src: int, dst: int) -> None:
    """An astronaut of ``p`` from ``src`` (a compartment or Unity) to ``dst``."""
    if src == dst:
        return
    occ = st.occ[p]
    unity = st.unity[p]
    if src == UNITY:
        unity -= 1
    else:
        occ &= ~(1 << src)
    if dst == UNITY:
        unity += 1
    else:
        occ |= 1 << dst
    st.occ = put(st.occ, p, occ)
    st.unity = put(st.unity, p, unity)


def do_experiment(st: State1998, p: int, c: int, sources: tuple[int, ...], targets: tuple[int, ...]) -> None:
    """Conduct Experiments: pay the materials, move the astronauts, keep the card face up."""
    tb = st.game.tables
    st.iss_mat = put(st.iss_mat, p, st.iss_mat[p] - tb.exp_iss[c])
    st.ext_mat = put(st.ext_mat, p, st.ext_mat[p] - tb.exp_ext[c])
    if tb.exp_long[c]:  # long-term: the astronauts stay in the compartments
        for src, dst in zip(sources, targets, strict=True):
            move(st, p, src, dst)
    else:  # short-term: through the compartment and straight back to Unity
        for src in sources:
            move(st, p, src, UNITY)
    st.played = put(st.played, p, st.played[p] + (c,))
    stat(st, p, EXPERIMENTS, 1)
    if tb.exp_level[c] == 3:
        stat(st, p, ADVANCED, 1)


def count_down(st: State1998, n: int, steps: int) -> None:
    """Lower pad ``n``'s countdown cube by ``steps``, stopping on 0."""
    st.countdown = put(st.countdown, n, max(0, st.countdown[n] - steps))
