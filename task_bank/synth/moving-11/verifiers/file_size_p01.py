"""Verifier of the synthesized task file-size-p01 (world moving-11); generated from its requirements."""

from verifier_checks import answer, intact

APPS = ['email', 'files']
ALLOW = {}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'correct': answer(ctx, 'size', 'number', ['2310']),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
