"""Verifier of the synthesized task count-week-p04 (world moving-11); generated from its requirements."""

from verifier_checks import answer, intact

APPS = ['calendar']
ALLOW = {}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'correct': answer(ctx, 'count', 'number', ['2']),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
