"""Verifier of the synthesized task birthday-save-p02 (world moving-11); generated from its requirements."""

from verifier_checks import intact, update_record

APPS = ['contacts', 'messages']
ALLOW = {'contacts': {'append': {}, 'fields': {'p02': ['birthday']}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'birthday_saved': update_record(ctx, 'contacts', 'contacts', 'p02', {'birthday': '09-18'}),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
