"""The static scan's rules: the kinds it reports, the modules and names a verifier may use, and the
patterns that name golden data or hidden answer context (see :mod:`toolkit.synthesis.audit_scan`)."""

from __future__ import annotations

import re

#: Every kind the scan reports, with what it means.
KINDS = {
    "syntax_error": "the file does not parse",
    "missing_function": "the named verifier function is not defined at module level",
    "constant_result": "a criterion's value does not depend on the inputs (always the same answer)",
    "ignores_final": "a criterion never looks at the final state or the submitted answer",
    "tautology": "a comparison of an expression with itself, or a condition that is always true",
    "existence_only": "criteria only check that something exists, never its value",
    "catch_all": "a catch-everything handler that turns errors into a pass",
    "trajectory_claim": "success is read from the agent's own actions or claims instead of the state",
    "reads_golden": "reads a golden state, a reference solution or a task file",
    "reads_answer_context": "reads hidden answer context (anything on ctx beyond the verifier contract)",
    "subprocess": "starts processes",
    "network": "uses the network",
    "file_write": "writes, moves or deletes files",
    "file_read": "reads files or lists folders (verifiers read only ctx and ctx.world)",
    "eval_exec": "evaluates code built at run time (eval, exec, compile, pickle, code objects)",
    "dynamic_import": "imports modules by name at run time or edits the import system",
    "host_time": "reads the host clock (verifiers read the virtual clock from the state)",
    "randomness": "uses randomness or process-dependent values (random, uuid4, hash(), id())",
    "introspection": "inspects or patches the interpreter (frames, globals, dunder attributes, sys, gc)",
    "global_state": "keeps state across calls (module-level variables changed by a function): attempts influence each other",
    "forbidden_import": "imports a module outside the verifier allow-list",
}

# Pure computation only; `time`, `datetime` and `types` are allowed but their clock/code attributes are not.
ALLOWED_MODULES = {
    "__future__", "re", "math", "cmath", "json", "datetime", "time", "collections", "itertools", "functools",
    "operator", "statistics", "string", "decimal", "fractions", "numbers", "typing", "typing_extensions",
    "dataclasses", "enum", "unicodedata", "bisect", "heapq", "difflib", "copy", "calendar", "textwrap", "fnmatch",
    "ast", "types", "abc", "hashlib",  # not zoneinfo: it reads the host's time-zone files
}
MODULE_KINDS = {
    "subprocess": ("subprocess", "multiprocessing", "pty", "pexpect", "sh", "concurrent", "asyncio", "threading",
                   "_thread", "signal"),
    "network": ("socket", "ssl", "urllib", "urllib3", "http", "requests", "httpx", "aiohttp", "ftplib", "smtplib",
                "poplib", "imaplib", "telnetlib", "xmlrpc", "websocket", "websockets", "socketserver", "select",
                "selectors", "webbrowser", "email"),
    "file_read": ("io", "pathlib", "glob", "fileinput", "linecache", "shelve", "dbm", "sqlite3", "csv", "yaml",
                  "tomllib", "zipfile", "tarfile", "gzip", "bz2", "lzma", "mmap", "configparser", "os", "posix"),
    "file_write": ("shutil", "tempfile"),
    "eval_exec": ("code", "codeop", "marshal", "pickle", "_pickle", "dill", "cloudpickle", "dis"),
    "dynamic_import": ("importlib", "imp", "pkgutil", "runpy", "zipimport", "builtins", "modulefinder", "site"),
    "randomness": ("random", "secrets", "uuid", "numpy"),
    "introspection": ("sys", "inspect", "gc", "ctypes", "cffi", "traceback", "trace", "faulthandler", "atexit",
                      "resource", "weakref", "_testcapi", "pdb", "bdb", "tracemalloc", "platform"),
}
MODULE_KIND = {m: k for k, mods in MODULE_KINDS.items() for m in mods}

# Qualified names (after import aliases are resolved) → kind; a prefix match on dotted names.
QUALIFIED = {
    "subprocess": ("os.system", "os.popen", "os.exec", "os.spawn", "os.fork", "os.forkpty", "os.posix_spawn",
                   "os.kill", "os.killpg", "os.startfile"),
    "file_write": ("os.remove", "os.unlink", "os.rename", "os.renames", "os.replace", "os.mkdir", "os.makedirs",
                   "os.rmdir", "os.removedirs", "os.truncate", "os.chmod", "os.chown", "os.link", "os.symlink",
                   "os.utime", "os.write", "os.putenv", "os.unsetenv", "json.dump", "pickle.dump"),
    "file_read": ("os.open", "os.read", "os.listdir", "os.scandir", "os.walk", "os.stat", "os.lstat", "os.path",
                  "os.getcwd", "os.environ", "os.getenv", "json.load", "io.open", "pathlib.Path",
                  "inspect.getsource", "inspect.getfile"),
    "eval_exec": ("types.FunctionType", "types.CodeType", "types.LambdaType", "pickle.loads"),
    "host_time": ("time.time", "time.monotonic", "time.perf_counter", "time.process_time", "time.thread_time",
                  "time.clock_gettime", "datetime.datetime.now", "datetime.datetime.today", "datetime.datetime.utcnow",
                  "datetime.date.today"),
    "randomness": ("os.urandom", "os.getrandom", "uuid.uuid1", "uuid.uuid4"),
    "introspection": ("sys._getframe", "sys.settrace", "sys.setprofile", "sys.modules", "sys.path"),
}
NOW_IF_NO_ARG = {"time.localtime": 0, "time.gmtime": 0, "time.ctime": 0, "time.asctime": 0, "time.strftime": 1}
BUILTIN_KINDS = {
    "eval": "eval_exec", "exec": "eval_exec", "compile": "eval_exec", "breakpoint": "eval_exec",
    "__import__": "dynamic_import", "__build_class__": "introspection", "__loader__": "dynamic_import",
    "__spec__": "dynamic_import", "__builtins__": "introspection", "__file__": "file_read", "open": "file_read",
    "input": "file_read", "globals": "introspection", "locals": "introspection", "vars": "introspection",
    "setattr": "introspection", "delattr": "introspection", "exit": "introspection", "quit": "introspection",
    "hash": "randomness", "id": "randomness", "help": "introspection",
}
PATH_WRITE = {"write_text", "write_bytes", "unlink", "mkdir", "touch", "rmdir", "symlink_to", "hardlink_to",
               "chmod", "writelines"}
PATH_READ = {"read_text", "read_bytes", "iterdir", "rglob", "readlines", "read"}
FRAME_ATTRS = {"f_back", "f_globals", "f_locals", "f_builtins", "f_code", "tb_frame", "tb_next", "gi_frame",
                "gi_code", "cr_frame", "ag_frame", "co_code", "co_consts", "func_globals"}
DUNDER_OK = {"__name__", "__doc__", "__init__", "__future__"}
# Attributes of ctx beyond the verifier contract that name golden data (others are hidden answer context).
GOLDEN_RE = re.compile(r"golden|(^|_)gold($|_)|reference_?(solution|state|log|final)|expected_?(state|final)|"
                       r"oracle|cheat", re.I)
# Words in a string given to a file API (open, Path, os.path.*, .with_name...) that name golden data or hidden answer
# context. Strings elsewhere are data (an expected value may well say "gold" or "Documents/Reference"): not judged.
GOLDEN_PATH_RE = re.compile(r"gold|reference|expected|oracle|cheat|solution|task_bank|\.ya?ml$|/runs?/", re.I)
ANSWER_PATH_RE = re.compile(r"requirements|hidden|answer|evidence|truth", re.I)
#: Calls (qualified names, prefix match) whose string arguments name files.
FILE_API = ("open", "io.open", "os.open", "os.path", "os.listdir", "os.scandir", "os.walk", "os.stat", "pathlib",
            "glob", "shutil", "linecache", "fileinput", "json.load", "codecs.open", "importlib", "runpy")
#: Methods whose string arguments name files (on a Path or a file object, whatever it was built from).
FILE_METHODS = {"with_name", "with_stem", "with_suffix", "joinpath", "open", "read_text", "read_bytes", "write_text",
                "write_bytes", "glob", "rglob", "exists", "is_file", "is_dir", "iterdir"}


#: Vetted modules a verifier may import: the checks the verifier worker provides (the package toolkit/tasks/verifier_checks/).
VETTED_MODULES = {"verifier_checks"}
