"""The analysis layer: win chances (evaluate, fitted models, reviews) and their designer metrics."""

from __future__ import annotations

from isslab.analysis import winprob
from isslab.analysis.evaluate import Evaluation, evaluate
from isslab.analysis.review import Review, hints, review
from isslab.analysis.winmetrics import win_metrics

__all__ = ["Evaluation", "Review", "evaluate", "hints", "review", "win_metrics", "winprob"]
