"""Verifier of the synthesized task set-reminder-ce07 (world moving-11); generated from its requirements."""

from verifier_checks import intact, update_record

APPS = ['calendar']
ALLOW = {'calendar': {'append': {}, 'fields': {'ce07': ['reminder']}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'reminder_set': update_record(ctx, 'calendar', 'events', 'ce07', {'reminder': 1440}),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
