"""The ``guigym`` command line: thin calls into toolkit functions."""
