"""The analysis layer: what the frames of ``simulate`` and ``sweep`` say, with honest intervals.

The vocabulary of the frames (their columns, traces and interval statistics) is :mod:`isslab.frames`.

* :mod:`isslab.analysis.designer` - ``metrics``: the designer metrics with intervals;
* :mod:`isslab.analysis.plots` - matplotlib plots of these frames (the widgets draw with them too);
* :mod:`isslab.analysis.report` - ``report``: the design report of a game, on the lead statistics of
  :mod:`isslab.analysis.leads`;
* win chances: :mod:`~isslab.analysis.evaluate` (``evaluate``), :mod:`~isslab.analysis.winprob`
  (fitted models), :mod:`~isslab.analysis.review` (``review``, ``hints``) and
  :mod:`~isslab.analysis.winmetrics` (the metrics read from them).

The layer reads frames and records, and plays games only through the public API (win chances
play on from a position); the many-game runner is :mod:`isslab.sim`. Argument checks are those of
:mod:`isslab.checks`.
"""

from __future__ import annotations

from isslab.analysis import winprob
from isslab.analysis.evaluate import Evaluation, evaluate
from isslab.analysis.report import Report, plausible_values, report
from isslab.analysis.review import Review, hints, review
from isslab.analysis.winmetrics import win_metrics

__all__ = [
    "Evaluation",
    "Report",
    "Review",
    "evaluate",
    "hints",
    "plausible_values",
    "report",
    "review",
    "win_metrics",
    "winprob",
]
