#!/usr/bin/env bash
# Set up everything isslab needs on a fresh Debian/Ubuntu machine with Python 3.11+:
# a virtual environment in .venv with the package (editable), the notebook, test, distributed and
# interop (PettingZoo, OpenSpiel) extras, and Debian's Chromium for the browser test. Safe to run again: it only adds what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
# binder/requirements.txt is what mybinder.org installs; installing it here keeps Binder honest.
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -r binder/requirements.txt
.venv/bin/python -m pip install --quiet -e ".[notebooks,test,distributed,interop]"

# The browser test drives Debian's Chromium through Playwright (never `playwright install`).
if [ "${ISSLAB_NO_BROWSER:-0}" != "1" ] && ! command -v chromium >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
echo "isslab is set up in $(pwd)/.venv"
