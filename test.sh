#!/usr/bin/env bash
# Command B: set everything up (with the dev extra), then run the test suite.
# Extra arguments go to pytest (e.g. ./test.sh -m slow, ./test.sh tests/tasks).
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh dev
exec .venv/bin/python -m pytest "$@"
