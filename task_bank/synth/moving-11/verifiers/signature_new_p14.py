"""Verifier of the synthesized task signature-new-p14 (world moving-11); generated from its requirements."""

from verifier_checks import create_contact, intact

APPS = ['contacts', 'email']
ALLOW = {'contacts': {'append': {}, 'fields': {}, 'new': {'contacts': 1}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'contact_created': create_contact(ctx, {'name': 'Pavel Ravensworth', 'phone': '555-2687', 'email': 'pavel.ravensworth@graniteviewpartners.example'}),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
