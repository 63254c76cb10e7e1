"""Verifier of the synthesized task favorite-contact-p05 (world moving-11); generated from its requirements."""

from verifier_checks import intact, update_record

APPS = ['contacts']
ALLOW = {'contacts': {'append': {}, 'fields': {'p05': ['favorite']}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'favorite': update_record(ctx, 'contacts', 'contacts', 'p05', {'favorite': True}),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
