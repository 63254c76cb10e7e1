"""Verifier of the synthesized task pin-thread-cv08 (world moving-11); generated from its requirements."""

from verifier_checks import intact, update_record

APPS = ['messages']
ALLOW = {'messages': {'append': {}, 'fields': {'cv08': ['pinned']}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'pinned': update_record(ctx, 'messages', 'threads', 'cv08', {'pinned': True}),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
