#!/usr/bin/env bash
# Set everything up, then run the whole test suite: lint, types, unit and rule tests, the
# conformance suite over every game, the notebooks (nbval) and the real-browser test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$(pwd)/.venv/bin:$PATH"
# a fresh cache of fitted models for each run, as on a fresh machine: a test that needs a model
# nobody ships must fail here too, not pass on a model an earlier run left behind
export ISSLAB_CACHE="${ISSLAB_CACHE:-$(mktemp -d)}"

echo "== ruff"; ruff check isslab widgets tests; ruff format --check isslab widgets tests
echo "== mypy (strict on isslab/ and widgets/)"; mypy
echo "== pytest: library, rules, conformance suite, widgets (2 processes)"
pytest -n 2 --dist load -m "not browser" --durations=25 tests "$@"  # the 25 slowest, to keep the suite quick
echo "== pytest: every notebook executes headless (nbval)"
pytest --nbval-lax -n 2 --dist loadfile notebooks  # a notebook stays in one kernel, two at once
echo "== pytest: real browser (JupyterLab + Chromium)"
CI=${CI:-1} pytest -m browser tests/test_browser.py
