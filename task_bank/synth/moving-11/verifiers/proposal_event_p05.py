"""Verifier of the synthesized task proposal-event-p05 (world moving-11); generated from its requirements."""

from verifier_checks import create_event, intact

APPS = ['calendar', 'messages']
ALLOW = {'calendar': {'append': {}, 'fields': {}, 'new': {'events': 1}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'event_created': create_event(ctx, {'title': 'Bookshop browse with Una', 'date': '2026-03-21', 'start': '16:00', 'end': '17:00', 'attendees': ['p05']}),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
