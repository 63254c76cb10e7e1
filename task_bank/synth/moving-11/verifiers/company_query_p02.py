"""Verifier of the synthesized task company-query-p02 (world moving-11); generated from its requirements."""

from verifier_checks import answer, intact

APPS = ['contacts']
ALLOW = {}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'correct': answer(ctx, 'company', 'text', ['Copperline Logistics']),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
