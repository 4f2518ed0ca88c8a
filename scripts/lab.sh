#!/usr/bin/env bash
# Set everything up, then open the notebooks in JupyterLab (start with notebooks/start-here.ipynb).
set -euo pipefail
cd "$(dirname "$0")/.."
ISSLAB_NO_BROWSER=1 bash scripts/setup.sh
exec .venv/bin/jupyter lab notebooks/start-here.ipynb "$@"
