"""Verifier of the synthesized task add-items-p01 (world moving-11); generated from its requirements."""

from verifier_checks import add_items, intact

APPS = ['email', 'notes']
ALLOW = {'notes': {'append': {}, 'fields': {'no01': ['items', 'updated']}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'items_added': add_items(ctx, 'no01', ['Notebook', 'String']),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
