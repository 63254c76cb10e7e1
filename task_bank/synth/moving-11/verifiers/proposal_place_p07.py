"""Verifier of the synthesized task proposal-place-p07 (world moving-11); generated from its requirements."""

from verifier_checks import answer, intact

APPS = ['messages']
ALLOW = {}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'correct': answer(ctx, 'place', 'text', ['Marigold Hall']),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
