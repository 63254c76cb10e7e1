"""Verifier of the synthesized task orders-total-hearthline (world moving-11); generated from its requirements."""

from verifier_checks import answer, intact

APPS = ['email']
ALLOW = {}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'correct': answer(ctx, 'total', 'number', ['198.62']),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
