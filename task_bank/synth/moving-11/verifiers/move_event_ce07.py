"""Verifier of the synthesized task move-event-ce07 (world moving-11); generated from its requirements."""

from verifier_checks import intact, update_record

APPS = ['calendar']
ALLOW = {'calendar': {'append': {}, 'fields': {'ce07': ['date']}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'date_moved': update_record(ctx, 'calendar', 'events', 'ce07', {'date': '2026-03-19'}),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
