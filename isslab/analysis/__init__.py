"""The analysis layer: win chances (evaluate, fitted models, reviews) and their designer metrics."""

from __future__ import annotations
