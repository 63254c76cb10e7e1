"""Verifier of the synthesized task event-start-ce07 (world moving-11); generated from its requirements."""

from verifier_checks import answer, intact

APPS = ['calendar']
ALLOW = {}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'correct': answer(ctx, 'start', 'text', ['15:30']),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
