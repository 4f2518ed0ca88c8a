"""``python -m isslab`` runs the command line."""

from isslab.cli import main

raise SystemExit(main())
