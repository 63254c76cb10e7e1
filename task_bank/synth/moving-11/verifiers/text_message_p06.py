"""Verifier of the synthesized task text-message-p06 (world moving-11); generated from its requirements."""

from verifier_checks import intact, send_text

APPS = ['messages']
ALLOW = {'messages': {'append': {'cv04': ['messages']}, 'fields': {}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'text_sent': send_text(ctx, 'p06', 'cv04', ['Thanks again for yesterday.']),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
