"""Kernel-level limits of a verifier worker: an empty network namespace and a seccomp syscall filter.

Loaded by the worker (``verifier_worker.py``) before its audit hook starts; plain standard library, no toolkit
import. Both are best effort: each returns whether it took effect and, when not, why. The seccomp filter is
what still holds if verifier code gets past the audit hook (or runs as root, where ``RLIMIT_NPROC`` does
not apply): it refuses starting processes or threads, signalling other processes, installing signal
handlers, connecting, binding, listening or sending on sockets, every call that creates, deletes, renames or
changes a file, and opening a file for writing. A worker installs it in each child it forks for a call.
"""

from __future__ import annotations

import ctypes
import errno
import os
import struct

CLONE_NEWUSER, CLONE_NEWNET = 0x10000000, 0x40000000
PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 38, 22, 2
AUDIT_ARCH_X86_64 = 0xC000003E
RET_ALLOW, RET_KILL, RET_ERRNO = 0x7FFF0000, 0x80000000, 0x00050000
LD_W_ABS, JEQ, JGE, JSET, RET = 0x20, 0x15, 0x35, 0x45, 0x06
# open(2)/openat(2) flags that write or create: O_WRONLY O_RDWR O_CREAT O_TRUNC O_APPEND __O_TMPFILE.
WRITE_FLAGS = 0x1 | 0x2 | 0x40 | 0x200 | 0x400 | 0x400000

# x86_64 syscall numbers refused with EPERM: processes and threads (a call needs neither), new signal handlers
# (a handler is handed the running frame), tracing and other processes' memory, sockets that connect, listen
# or send (a bare socket is harmless), every call that creates, removes, renames or changes a file, mounts
# and namespaces, io_uring (its operations bypass seccomp), and host-wide settings.
DENY = (
    56, 57, 58, 59, 322, 13,  # clone fork vfork execve execveat rt_sigaction
    101, 310, 311, 424, 438, 129, 297,  # ptrace process_vm_readv/writev pidfd_send_signal/getfd rt_(tg)sigqueueinfo
    42, 43, 44, 46, 49, 50, 288, 307,  # connect accept sendto sendmsg bind listen accept4 sendmmsg
    87, 263, 82, 264, 316, 84, 83, 258, 133, 259,  # unlink(at) rename(at/at2) rmdir mkdir(at) mknod(at)
    86, 265, 88, 266, 90, 91, 268, 452, 92, 93, 94, 260,  # link(at) symlink(at) chmod family chown family
    76, 77, 85, 285, 326, 132, 235, 280, 261,  # truncate ftruncate creat fallocate copy_file_range utime(s) futimesat
    188, 189, 190, 197, 198, 199,  # set/remove xattr
    165, 166, 155, 161, 272, 308, 303, 304, 428, 429, 430, 431, 432, 433, 442,  # mounts chroot unshare setns handles
    425, 426, 427, 321, 298, 323, 248, 249, 250,  # io_uring, bpf, perf_event_open, userfaultfd, keys
    175, 176, 313, 246, 320, 169, 170, 171, 167, 168, 163, 164, 227, 159, 305, 240, 241, 300, 179,  # host-wide
)
ENOSYS_CALLS = (435, 437)  # clone3, openat2: "not here" makes libc fall back to clone/openat, which are checked
OPEN_FLAGS_ARG = ((2, 1), (257, 2))  # open(path, flags), openat(dirfd, path, flags)
SIGNAL_CALLS = (62, 200, 234)  # kill, tkill, tgkill: allowed only towards the worker itself (pid or 0)


def isolate_network() -> tuple[bool, str]:
    """Move this process into an empty network namespace; return (done, why not)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError as exc:
        return False, f"no libc through ctypes ({exc})"
    reasons = []
    for flags, name in ((CLONE_NEWUSER | CLONE_NEWNET, "CLONE_NEWUSER|CLONE_NEWNET"), (CLONE_NEWNET, "CLONE_NEWNET")):
        if libc.unshare(flags) == 0:
            return True, ""
        reasons.append(f"unshare({name}): {os.strerror(ctypes.get_errno())}")
    return False, "; ".join(reasons) + " (unprivileged user namespaces are probably disabled on this host)"


def _op(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
    return struct.pack("HBBI", code, jt, jf, k)


def _program_head() -> bytes:
    """Return the filter up to the signal rules (the part that does not depend on the process id)."""
    eperm, enosys = RET_ERRNO | errno.EPERM, RET_ERRNO | errno.ENOSYS
    ops = [_op(LD_W_ABS, 4), _op(JEQ, AUDIT_ARCH_X86_64, 1, 0), _op(RET, RET_KILL),
           _op(LD_W_ABS, 0), _op(JGE, 0x40000000, 0, 1), _op(RET, eperm)]  # the x32 ABI: refused outright
    for nr in DENY:
        ops += [_op(JEQ, nr, 0, 1), _op(RET, eperm)]
    for nr in ENOSYS_CALLS:
        ops += [_op(JEQ, nr, 0, 1), _op(RET, enosys)]
    for nr, arg in OPEN_FLAGS_ARG:  # each block ends in a return, so the syscall number stays loaded otherwise
        ops += [_op(JEQ, nr, 0, 4), _op(LD_W_ABS, 16 + 8 * arg), _op(JSET, WRITE_FLAGS, 0, 1), _op(RET, eperm),
                _op(RET, RET_ALLOW)]
    return b"".join(ops)


def _program_tail(pid: int) -> bytes:
    eperm = RET_ERRNO | errno.EPERM
    ops = []
    for nr in SIGNAL_CALLS:
        ops += [_op(JEQ, nr, 0, 5), _op(LD_W_ABS, 16), _op(JEQ, pid, 2, 0), _op(JEQ, 0, 1, 0), _op(RET, eperm),
                _op(RET, RET_ALLOW)]
    ops.append(_op(RET, RET_ALLOW))
    return b"".join(ops)


class _Fprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def syscall_filter():
    """Prepare the seccomp filter; return a function that installs it on the calling process for good.

    The function returns (done, why not). Preparing once lets each forked child install it in microseconds.
    """
    machine = os.uname().machine  # not through the platform module, which would keep the host's uname for verifiers
    if machine != "x86_64":
        reason = f"the seccomp filter is written for x86_64, not {machine}"
        return lambda: (False, reason)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError as exc:
        reason = f"no libc through ctypes ({exc})"
        return lambda: (False, reason)
    head, ulong, prctl, get_errno = _program_head(), ctypes.c_ulong, libc.prctl, ctypes.get_errno

    def restrict() -> tuple[bool, str]:
        code = head + _program_tail(os.getpid())
        buf = ctypes.create_string_buffer(code, len(code))
        prog = _Fprog(len(code) // 8, ctypes.cast(buf, ctypes.c_void_p))
        if prctl(PR_SET_NO_NEW_PRIVS, ulong(1), ulong(0), ulong(0), ulong(0)) != 0:
            return False, f"prctl(PR_SET_NO_NEW_PRIVS): {os.strerror(get_errno())}"
        if prctl(PR_SET_SECCOMP, ulong(SECCOMP_MODE_FILTER), ctypes.byref(prog), ulong(0), ulong(0)) != 0:
            return False, f"prctl(PR_SET_SECCOMP): {os.strerror(get_errno())}"
        return True, ""

    return restrict


def restrict_syscalls() -> tuple[bool, str]:
    """Install the seccomp filter on this process (for good); return (done, why not)."""
    return syscall_filter()()
