"""The analysis layer: what the frames of ``simulate`` and ``sweep`` say, with honest intervals.

* :mod:`isslab.analysis.frame` - the rows' columns, ``record_rows``, and a game's identity in a frame;
* :mod:`isslab.analysis.trace` - the per-step data of one game and its per-game numbers;
* :mod:`isslab.analysis.stats` - ``compare`` and the interval helpers (Wilson, normal, Newcombe,
  Welch, bootstrap);
* :mod:`isslab.analysis.designer` - ``metrics``: the designer metrics with intervals;
* :mod:`isslab.analysis.plots` - matplotlib plots of these frames (the widgets draw with them too).

The layer reads frames and records; it never runs games (that is :mod:`isslab.sim`, which builds on
it). Argument checks are those of :mod:`isslab.checks`.
"""
