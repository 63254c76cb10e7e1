"""Verifier of the synthesized task signature-known-p03 (world moving-11); generated from its requirements."""

from verifier_checks import intact, update_record

APPS = ['contacts', 'email']
ALLOW = {'contacts': {'append': {}, 'fields': {'p03': ['phone']}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'phone_saved': update_record(ctx, 'contacts', 'contacts', 'p03', {'phone': '555-5465'}),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
