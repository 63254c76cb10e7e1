"""Verifier of the synthesized task add-attendee-ce07 (world moving-11); generated from its requirements."""

from verifier_checks import intact, update_record

APPS = ['calendar']
ALLOW = {'calendar': {'append': {}, 'fields': {'ce07': ['attendees']}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'attendee_added': update_record(ctx, 'calendar', 'events', 'ce07', {'attendees': ['p06']}),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
