"""The words of a review: move ratings, luck ratings, accuracy and the label ladder of a seat's play.

All thresholds are on the result's [0, 1] range (a win chance: points of chance over 100):

* a **decision** is rated by its loss like lichess rates chess moves: an *inaccuracy* from 0.05, a
  *mistake* from 0.10, a *blunder* from 0.15 (lichess's 0.1, 0.2 and 0.3 on its [-1, 1] scale);
* a **chance step** is rated by the luck a seat met, as GNU Backgammon marks rolls: *very lucky*
  from +0.20, *lucky* from +0.10, *unlucky* from -0.10, *very unlucky* from -0.20 (GNU Backgammon's
  0.3 and 0.6 of equity are 0.15 and 0.3 of win chance in a two-sided game; a seat of four starts
  at a quarter, so its swings are smaller), and only when the luck is larger than twice its
  standard error (a rollout's noise is no luck);
* a seat's **accuracy** is lichess's: each decision scores ``103.1668 * exp(-0.04354 * L) - 3.1669``
  (``L`` its loss in points of the range, clipped to [0, 100]), and the seat's accuracy is their
  mean;
* a seat's **error rate** is its mean loss per decision (in thousandths of the range, GNU
  Backgammon's unit), and its **label** comes from :data:`LADDER`: GNU Backgammon's eight words, with
  thresholds set from the error rates the bots of isslab measure (``docs/win-chances.md``, "The label
  ladder": at two seats the default bot lands on *supernatural*, 1969's ``moonshot`` and ``spy`` on
  *expert* and *advanced*, ``random`` and ``first`` on *casual* or *beginner*).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import numpy as np

__all__ = ["LADDER", "LUCK", "RATINGS", "accuracy", "label", "luck_rating", "rate"]

#: decision ratings by loss (on the result's [0, 1] range), worst first
RATINGS: Final = (("blunder", 0.15), ("mistake", 0.10), ("inaccuracy", 0.05))
#: luck ratings by the luck a seat met at a chance step (on [0, 1]), most extreme first
LUCK: Final = (("very lucky", 0.20), ("lucky", 0.10), ("very unlucky", -0.20), ("unlucky", -0.10))
#: the label of a seat's play by its error rate (mean loss per decision, thousandths of the range):
#: the label of the first row whose bound the rate is below
LADDER: Final = (
    ("supernatural", 1.0),
    ("world class", 2.5),
    ("expert", 5.0),
    ("advanced", 10.0),
    ("intermediate", 20.0),
    ("casual", 35.0),
    ("beginner", 60.0),
    ("awful", math.inf),
)


def rate(loss: float) -> str:
    """A decision's rating by its loss on the [0, 1] scale: blunder, mistake, inaccuracy or ""."""
    for name, threshold in RATINGS:
        if loss >= threshold - 1e-12:
            return name
    return ""


def luck_rating(luck: float, se: float = 0.0) -> str:
    """A chance step's rating by the luck met (on [0, 1]) and its standard error; "" when small or noise."""
    if math.isnan(luck) or (not math.isnan(se) and abs(luck) <= 2 * se):
        return ""
    for name, threshold in LUCK:
        if (threshold > 0 and luck >= threshold) or (threshold < 0 and luck <= threshold):
            return name
    return ""


def accuracy(losses: Sequence[float] | np.ndarray) -> float:
    """lichess's accuracy (0-100) of decisions with these losses on the [0, 1] scale (NaN for none)."""
    arr = np.asarray(losses, dtype=float)
    if not len(arr):
        return math.nan
    per = 103.1668 * np.exp(-0.04354 * 100 * arr) - 3.1669
    return float(np.clip(per, 0.0, 100.0).mean())


def label(error_rate: float) -> str:
    """The ladder's word for an error rate (thousandths of the range per decision); "" for NaN."""
    if math.isnan(error_rate):
        return ""
    for name, bound in LADDER:
        if error_rate < bound:
            return name
    return LADDER[-1][0]
