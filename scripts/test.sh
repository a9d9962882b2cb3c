#!/usr/bin/env bash
# Install everything the tests need, then run them all: type check, node tests, Python + browser tests.
# Usage: bash scripts/test.sh [extra pytest args]
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'

# Headless Chromium for the end-to-end tests (Playwright drives the system browser).
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's chromium for the browser tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "note: no chromium found; browser tests will be skipped (install it: sudo apt-get install chromium)"
  fi
fi

(cd addin && npm ci --no-audit --no-fund --loglevel=error)
echo "== lint and types (ruff, mypy)"
.venv/bin/ruff check bridge tests
.venv/bin/mypy
echo "== type check (tsc --checkJs against @types/office-js)"
(cd addin && npx tsc -p jsconfig.json)
echo "== node tests"
(cd addin && node --test ../tests/js/)
echo "== context.sync() budgets (fail above 2 per op, 2 per readDocument page, 3 per batch of 50 simple ops)"
node tests/js/pane/bench-syncs.js
node tests/js/pane/bench-read.js
node tests/js/pane/bench-batch.js
echo "== python and browser tests (two worker processes, a test file each at a time)"
.venv/bin/python -m pytest -q -n 2 --dist loadfile "$@"
