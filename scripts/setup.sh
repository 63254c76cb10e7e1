#!/usr/bin/env bash
# Set up everything guigym needs, idempotently: Debian chromium, .venv, the package (+ extras).
# Usage: scripts/setup.sh [EXTRAS]   e.g. scripts/setup.sh dev   (quick when nothing changed)
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"

# chromium runs web pages; chromium-headless-shell runs the mocked devices under frame control
# (faster observations; without it they fall back to chromium, see toolkit/envs/local.py).
missing=""
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ] && [ -z "${GUIGYM_CHROMIUM:-}" ]; then
  missing="chromium"
fi
if [ ! -x /usr/bin/chromium-headless-shell ] && [ -z "${GUIGYM_HEADLESS_SHELL:-}" ]; then
  missing="$missing chromium-headless-shell"
fi
if [ -n "$missing" ]; then
  echo "guigym setup: installing Debian$missing" >&2
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi

PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  echo "guigym setup: creating .venv" >&2
  "$PY" -m venv .venv
fi

# Reinstall only when pyproject.toml or the extras changed (an install with extras also serves the plain one).
sha="$(sha256sum pyproject.toml | cut -c1-16)"
want="${sha}-${extras}"
have="$(cat .venv/.guigym-installed 2>/dev/null || true)"
if [ "$want" != "$have" ] && { [ -n "$extras" ] || [ "${have%%-*}" != "$sha" ]; }; then
  echo "guigym setup: installing the package${extras:+ with [$extras]}" >&2
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null
  .venv/bin/python -m pip install -q -e ".${extras:+[$extras]}"
  echo "$want" > .venv/.guigym-installed
fi
