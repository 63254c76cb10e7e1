"""Verifier of the synthesized task signature-known-p04 (world moving-11); generated from its requirements."""

from verifier_checks import intact, update_record

APPS = ['contacts', 'email']
ALLOW = {'contacts': {'append': {}, 'fields': {'p04': ['phone']}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'phone_saved': update_record(ctx, 'contacts', 'contacts', 'p04', {'phone': '555-5108'}),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
