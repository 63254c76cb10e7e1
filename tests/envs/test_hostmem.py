"""Reading the host's THP settings (toolkit.envs.hostmem).

The sysfs files are copied into a temporary tree for the combinations: a test must not change the kernel's
settings, and the machine running it has only one of them. The real /sys is read too where it exists.
"""

from pathlib import Path

import pytest

from toolkit.envs.hostmem import THP_ROOT, HostMemory, read_host_memory


def _tree(tmp: Path, anon: str, shmem: str, anon_folio: str, shmem_folio: str) -> Path:
    def line(choices: list[str], chosen: str) -> str:
        return " ".join(f"[{c}]" if c == chosen else c for c in choices) + "\n"

    top = ["always", "within_size", "advise", "never", "deny", "force"]
    (tmp / "hugepages-64kB").mkdir(parents=True)
    (tmp / "enabled").write_text(line(["always", "madvise", "never"], anon))
    (tmp / "shmem_enabled").write_text(line(top, shmem))
    (tmp / "hugepages-64kB" / "enabled").write_text(line(["always", "inherit", "madvise", "never"], anon_folio))
    (tmp / "hugepages-64kB" / "shmem_enabled").write_text(line(["always", "inherit", "within_size", "advise", "never"], shmem_folio))
    return tmp


@pytest.mark.parametrize("settings, folios", [
    (("madvise", "never", "never", "never"), False),       # the kernel defaults: 4 kB faults
    (("madvise", "never", "always", "always"), True),      # scripts/tune-host.sh apply
    (("madvise", "never", "always", "never"), False),      # anonymous only: shared memory still faults 4 kB
    (("always", "within_size", "never", "never"), True),   # 2 MB pages everywhere
    (("always", "within_size", "inherit", "inherit"), True),
    (("madvise", "advise", "inherit", "inherit"), False),  # advised only: Chromium does not advise
])
def test_capture_folios(tmp_path, settings, folios):
    mem = read_host_memory(_tree(tmp_path, *settings))
    assert mem == HostMemory(*settings)
    assert mem.capture_folios is folios
    assert mem.as_dict()["capture_folios"] is folios and mem.as_dict()["folio_kb"] == 64
    assert settings[0] in mem.describe()


def test_missing_tree_and_unreadable_files(tmp_path):
    assert read_host_memory(tmp_path / "absent") is None
    (tmp_path / "enabled").write_text("always [madvise] never\n")  # no shmem file, no 64 kB folder (older kernel)
    mem = read_host_memory(tmp_path)
    assert mem == HostMemory(anon="madvise", shmem=None, anon_folio=None, shmem_folio=None)
    assert mem.capture_folios is False


def test_this_host():
    mem = read_host_memory()
    if not (THP_ROOT / "enabled").is_file():
        assert mem is None
        return
    assert mem.anon in {"always", "madvise", "never"}
    assert isinstance(mem.capture_folios, bool)


def test_doctor_reports_the_setting_as_advice():
    from toolkit.doctor import _host_memory_row

    row = _host_memory_row()
    assert row["check"] == "host memory (capture cost)"
    assert row["ok"] in (True, None)  # advice, never a failure
    mem = read_host_memory()
    if mem is not None:
        assert row["detail"].startswith(mem.describe())
        assert (row["ok"] is True) == mem.capture_folios
