"""Verifier of the synthesized task orders-max-hearthline (world moving-11); generated from its requirements."""

from verifier_checks import answer, intact

APPS = ['email']
ALLOW = {}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'correct': answer(ctx, 'order', 'text', ['HE-53593']),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
