#!/usr/bin/env bash
# Run every benchmark section and keep the JSON under bench-results/ (ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
mkdir -p bench-results
.venv/bin/guigym bench --json "$@" | tail -n 1 | tee "bench-results/$(date -u +%Y%m%d-%H%M%S).json"
