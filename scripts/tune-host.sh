#!/usr/bin/env bash
# Opt-in host tuning for cheap full-screen captures: 64 kB THP folios for anonymous and shmem memory.
#   scripts/tune-host.sh status   show the settings (what `guigym doctor` reads)
#   scripts/tune-host.sh apply    as root: 64 kB folios for anon and shmem faults (lasts until reboot)
#   scripts/tune-host.sh revert   as root: back to the kernel defaults for that size (never)
# Why: every 1080x2400 capture allocates ~20 MB of fresh memory in Chromium; with 4 kB pages the kernel faults it
# in 5,000 times per capture. Measured on the 2-core development VM (benchmarks/README.md): screenshot p50
# 39.9 -> 23.1 ms, step p50 61.0 -> 42.3 ms, CPU per step 82 -> 56 ms, PSS per instance unchanged.
# Nothing in guigym applies it.
set -euo pipefail
root=/sys/kernel/mm/transparent_hugepage
folio=$root/hugepages-64kB
show() { for f in "$root/enabled" "$root/shmem_enabled" "$folio/enabled" "$folio/shmem_enabled"; do
  printf '%-60s %s\n' "$f" "$(cat "$f" 2>/dev/null || echo 'not available')"; done; }
set_folios() {
  if [[ ! -w $folio/enabled || ! -w $folio/shmem_enabled ]]; then
    echo "tune-host: $folio is missing or not writable (needs root and a kernel with multi-size THP for anonymous and shmem memory, 6.11 or later)" >&2; exit 2
  fi
  echo "$1" > "$folio/enabled"; echo "$1" > "$folio/shmem_enabled"
}
case "${1:-status}" in
  status) show ;;
  apply) set_folios always; show ;;
  revert) set_folios never; show ;;
  *) echo "usage: $0 [status|apply|revert]" >&2; exit 2 ;;
esac
