"""The benchmarks, in one home: ``python -m isslab.bench`` (CPU seconds, medians, ratios to a reference).

Its sections, each a module here:

* ``playouts``, ``play``, ``search``, ``parallel`` (:mod:`isslab.bench.engines`, run by default): the
  engines' random playouts against OpenSpiel's ``chinese_checkers``, games per CPU second with the
  random and default bots, the search bots against OpenSpiel's ``MCTSBot``, and the parallel
  efficiency of ``simulate`` on two workers and on Dask;
* ``report`` (:mod:`isslab.bench.report`): ``isslab.report`` per game at its defaults;
* ``winchance`` (:mod:`isslab.bench.winchance`): calibration, exactness and speed of the win-chance
  models (``--fit`` of ``python -m isslab.bench.winchance`` writes the shipped models);
* ``judge`` (:mod:`isslab.bench.judge`): the review's judge, whether it charges the weaker bot more
  (``--judge-lineup greedy,expert`` for the expert's bar), its exactness and the label ladder;
* ``tune`` (:mod:`isslab.bench.tune`): ``isslab.tune``'s two-option searches per game, its model
  sampler against TPE, random search and NTBEA at the same budget (the median over five seeds);
* ``vr`` (:mod:`isslab.bench.vr`): plain against luck-adjusted 95% intervals at equal games for three
  questions per game, the CPU the luck costs, and the bias check against a plain reference.

``python -m isslab.bench --sections report,winchance,judge,tune`` runs the slow four; each module runs alone
too (``python -m isslab.bench.report``). The strength table of the search bots against the
heuristic bots is :mod:`isslab.bench.strength` (``python -m isslab.bench.strength``: hours, not
minutes). The click-to-draw latency of the game view is measured beside the front-end it times,
``python -m isslab_widgets.bench``: the engine never imports the widgets.
"""
