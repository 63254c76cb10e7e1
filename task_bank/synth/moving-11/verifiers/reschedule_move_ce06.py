"""Verifier of the synthesized task reschedule-move-ce06 (world moving-11); generated from its requirements."""

from verifier_checks import intact, update_record

APPS = ['calendar', 'email']
ALLOW = {'calendar': {'append': {}, 'fields': {'ce06': ['date']}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'date_moved': update_record(ctx, 'calendar', 'events', 'ce06', {'date': '2026-03-30'}),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
