"""Verifier of the synthesized task moved-update-ce04 (world moving-11); generated from its requirements."""

from verifier_checks import intact, update_record

APPS = ['calendar', 'messages']
ALLOW = {'calendar': {'append': {}, 'fields': {'ce04': ['start', 'end']}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'time_updated': update_record(ctx, 'calendar', 'events', 'ce04', {'start': '17:00', 'end': '17:30'}),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
