"""Verifier of the synthesized task event-date-ce08 (world moving-11); generated from its requirements."""

from verifier_checks import answer, intact

APPS = ['calendar']
ALLOW = {}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'correct': answer(ctx, 'date', 'text', ['2026-03-20']),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
