"""Verifier of the synthesized task bring-tick-p09 (world moving-11); generated from its requirements."""

from verifier_checks import intact, tick_items

APPS = ['messages', 'notes']
ALLOW = {'notes': {'append': {}, 'fields': {'no01': ['items', 'updated']}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'items_ticked': tick_items(ctx, 'no01', ['ci02', 'ci03']),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
