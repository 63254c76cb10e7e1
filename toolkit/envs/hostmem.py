"""The host's transparent-huge-page settings, which decide what a full-screen capture costs.

A 1080×2400 capture allocates fresh bitmaps on every call (~10 MB in Chromium's GPU process, as much again in
the shared memory that carries it to the browser). With 4 kB pages the kernel faults and zeroes them 2,600
pages at a time, and in a virtual machine each fault is expensive: on the development VM they are about half
of a blank page's capture (30 ms → 14 ms with large folios). Multi-size THP (Linux 6.8 for anonymous memory,
6.11 for shmem) can back both with 64 kB folios, 16× fewer faults, without the 2 MB pages' bloat. The toolkit never changes these settings itself;
``scripts/tune-host.sh`` does, on request, and ``guigym doctor`` and the ``env`` benchmark report them.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from pathlib import Path

THP_ROOT = Path("/sys/kernel/mm/transparent_hugepage")
FOLIO_KB = 64
_ON = {"always", "within_size", "force"}  # settings under which an unadvised fault gets a large folio


def _selected(path: Path) -> str | None:
    """Return the bracketed choice of a sysfs setting such as ``always [madvise] never``, or None if unreadable."""
    try:
        match = re.search(r"\[([a-z_]+)\]", path.read_text())
    except OSError:
        return None
    return match.group(1) if match else None


@dataclass(frozen=True)
class HostMemory:
    """THP settings: the 2 MB (top-level) choice and the ``FOLIO_KB`` size's own, for anonymous and shmem memory."""

    anon: str | None
    shmem: str | None
    anon_folio: str | None
    shmem_folio: str | None

    def _large(self, top: str | None, folio: str | None) -> bool:
        if folio in _ON or (folio == "inherit" and top in _ON):
            return True
        return top in _ON

    @property
    def capture_folios(self) -> bool:
        """Return True when unadvised anonymous and shmem faults both get large folios (cheap captures)."""
        return self._large(self.anon, self.anon_folio) and self._large(self.shmem, self.shmem_folio)

    def as_dict(self) -> dict:
        """Return the settings and ``capture_folios`` as a JSON-ready dict."""
        return {**asdict(self), "folio_kb": FOLIO_KB, "capture_folios": self.capture_folios}

    def describe(self) -> str:
        """Return a one-line summary such as ``anon madvise/64k never, shmem never/64k never``."""
        return (f"anon {self.anon}/{FOLIO_KB}k {self.anon_folio}, shmem {self.shmem}/{FOLIO_KB}k {self.shmem_folio}")


def read_host_memory(root: Path = THP_ROOT) -> HostMemory | None:
    """Return the host's THP settings, or None where the kernel exposes none (not Linux, no THP)."""
    if not (root / "enabled").is_file():
        return None
    folio = root / f"hugepages-{FOLIO_KB}kB"
    return HostMemory(anon=_selected(root / "enabled"), shmem=_selected(root / "shmem_enabled"),
                      anon_folio=_selected(folio / "enabled"), shmem_folio=_selected(folio / "shmem_enabled"))
