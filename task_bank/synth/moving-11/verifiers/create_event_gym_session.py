"""Verifier of the synthesized task create-event-gym-session (world moving-11); generated from its requirements."""

from verifier_checks import create_event, intact

APPS = ['calendar']
ALLOW = {'calendar': {'append': {}, 'fields': {}, 'new': {'events': 1}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'event_created': create_event(ctx, {'title': 'Gym session', 'date': '2026-04-05', 'start': '16:30', 'end': '17:00', 'attendees': []}),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
