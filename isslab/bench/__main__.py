"""``python -m isslab.bench`` runs the benchmark's sections (see :mod:`isslab.bench`)."""

from isslab.bench.engines import main

raise SystemExit(main())
