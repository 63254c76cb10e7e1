"""Verifier of the synthesized task share-phone-p05-p13 (world moving-11); generated from its requirements."""

from verifier_checks import intact, send_text

APPS = ['contacts', 'messages']
ALLOW = {'messages': {'append': {'cv01': ['messages']}, 'fields': {}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'text_sent': send_text(ctx, 'p05', 'cv01', ['555-8524']),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
