"""The analysis layer: the design report (``isslab.report``) and the lead statistics it builds on."""

from __future__ import annotations

from isslab.analysis.report import Report, plausible_values, report

__all__ = ["Report", "plausible_values", "report"]
