"""Verifier of the synthesized task text-message-p08 (world moving-11); generated from its requirements."""

from verifier_checks import intact, send_text

APPS = ['messages']
ALLOW = {'messages': {'append': {'cv08': ['messages']}, 'fields': {}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'text_sent': send_text(ctx, 'p08', 'cv08', ['Running ten minutes late, sorry!']),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
