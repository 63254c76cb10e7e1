#!/usr/bin/env bash
# Command A: set everything up, then evaluate the reference and the random agent on the bundled suite.
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh
.venv/bin/guigym eval --agent reference --suite "${SUITE:-mobile-core}" --trials 1 --parallel 4 "$@"
.venv/bin/guigym eval --agent random --suite "${SUITE:-mobile-core}" --trials 1 --parallel 4 "$@"
