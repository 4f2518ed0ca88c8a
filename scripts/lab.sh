#!/usr/bin/env bash
# Set everything up, then start JupyterLab at the repository's root with the course's first notebook,
# notebooks/start-here.ipynb, open (so that links such as ../docs/rules/1969.md work). JupyterLab
# stays in the foreground: Ctrl-C stops it. Extra arguments go to JupyterLab (--port=8889, ...).
# When nothing changed since the last run, set-up takes well under a second (see scripts/setup.sh).
# As root (containers, Binder-like machines) JupyterLab needs --allow-root, which is added then.
set -euo pipefail
cd "$(dirname "$0")/.."
ISSLAB_NO_BROWSER=1 bash scripts/setup.sh
# the project's notebooks are saved without outputs (jupyter-config/jupyter_server_config.py)
export JUPYTER_CONFIG_PATH="$(pwd)/jupyter-config${JUPYTER_CONFIG_PATH:+:$JUPYTER_CONFIG_PATH}"
ARGS=(--ServerApp.root_dir="$(pwd)" --LabApp.default_url=/lab/tree/notebooks/start-here.ipynb)
if [ "$(id -u)" -eq 0 ]; then
  ARGS+=(--allow-root)
fi
exec .venv/bin/jupyter lab "${ARGS[@]}" "$@"
