"""Start a verifier worker: the script the pool runs, so that the worker module itself is not ``__main__``.

Verifier code may not import ``__main__``; even so this module keeps nothing in its globals but ``_main``.
"""


def _main() -> None:
    import importlib.util
    import os

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "verifier_worker.py")
    spec = importlib.util.spec_from_file_location("guigym_verifier_worker", path)
    worker = importlib.util.module_from_spec(spec)  # not put in sys.modules: nothing names it
    spec.loader.exec_module(worker)
    worker.serve()


if __name__ == "__main__":
    _main()
