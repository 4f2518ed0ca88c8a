"""The conformance suites, in one home: what every game, and every call on its frames, must pass.

* :mod:`isslab.conformance.games` - ``check_game(game)`` (the contract of :mod:`isslab.core` at every
  step of seeded games) and ``check_hidden_information(game)`` (the leak test);
* :mod:`isslab.conformance.analysis` - ``check_analysis(id, table)``: every simulation and analysis
  call on a game at one table (``tables(id)``: smallest, default, largest), results checked.

``tests/test_conformance.py`` and ``tests/test_analysis_conformance.py`` run them on every registered
game, and check that each catches what it is meant to catch.
"""

from __future__ import annotations

from isslab.conformance.analysis import (
    AnalysisConformanceError,
    AnalysisReport,
    check_analysis,
    sweep_values,
    tables,
)
from isslab.conformance.games import (
    ConformanceError,
    ConformanceReport,
    HugeSequence,
    LeakReport,
    check_game,
    check_hidden_information,
    check_info,
    panel,
)

__all__ = [
    "AnalysisConformanceError",
    "AnalysisReport",
    "ConformanceError",
    "ConformanceReport",
    "HugeSequence",
    "LeakReport",
    "check_analysis",
    "check_game",
    "check_hidden_information",
    "check_info",
    "panel",
    "sweep_values",
    "tables",
]
