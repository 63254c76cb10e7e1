"""Verifier of the synthesized task location-text-ce03 (world moving-11); generated from its requirements."""

from verifier_checks import intact, send_text

APPS = ['calendar', 'messages']
ALLOW = {'messages': {'append': {'cv03': ['messages']}, 'fields': {}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'text_sent': send_text(ctx, 'p07', 'cv03', ['the new flat, 14 Wren Road']),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
