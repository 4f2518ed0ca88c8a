"""The bottom floor of many-game work: the vocabulary of a run's table, imported by sim and analysis.

* :mod:`isslab.frames.frame` - the rows' columns, ``record_rows``, and a game's identity in a frame;
* :mod:`isslab.frames.trace` - the per-step data of one game and its per-game numbers;
* :mod:`isslab.frames.stats` - ``compare`` and the interval helpers (Wilson, normal, Newcombe,
  Welch, bootstrap).

It reads records and frames and plays no game: it imports the core, the argument checks and
:mod:`isslab.play` (the record of one game), never :mod:`isslab.sim` or :mod:`isslab.analysis`.
"""
