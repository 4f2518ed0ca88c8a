#!/usr/bin/env bash
# Set up everything isslab needs on a fresh Debian/Ubuntu machine with Python 3.11+:
# a virtual environment in .venv with the package (editable), the notebook, test, distributed and
# interop (PettingZoo, OpenSpiel) extras, and Debian's Chromium for the browser test. Safe to run
# again: it only adds what is missing.
#
# Packages are reinstalled only when pyproject.toml, binder/requirements.txt or the Python of .venv
# changed since the last run (a stamp of their hashes in .venv); ISSLAB_REINSTALL=1 forces it. The
# package is installed editable, so changes to the code need no reinstall.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
STAMP=.venv/.isslab-setup-stamp
WANT="$(cat pyproject.toml binder/requirements.txt | sha256sum | cut -d' ' -f1) $(.venv/bin/python -V 2>&1)"
if [ "${ISSLAB_REINSTALL:-0}" = "1" ] || [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
  # One editable install with every extra (binder/requirements.txt, what mybinder.org installs, is
  # the notebooks and interop extras of the same line); pip's own notices are left out.
  PIP=(.venv/bin/python -m pip --quiet --disable-pip-version-check --no-input)
  "${PIP[@]}" install --upgrade pip
  "${PIP[@]}" install -e ".[notebooks,test,distributed,interop]"
  echo "$WANT" > "$STAMP"
else
  echo "isslab: packages up to date (ISSLAB_REINSTALL=1 reinstalls them)"
fi

# Notebooks are stored without outputs: git sees a notebook you ran (and JupyterLab saved) as
# unchanged, through the clean filter of .gitattributes (scripts/nbstrip.py, Python's stdlib only).
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git config filter.nbstrip.clean "python3 scripts/nbstrip.py"
  git config filter.nbstrip.smudge cat
fi

# The browser test drives Debian's Chromium through Playwright (never `playwright install`).
if [ "${ISSLAB_NO_BROWSER:-0}" != "1" ] && ! command -v chromium >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
echo "isslab is set up in $(pwd)/.venv"
