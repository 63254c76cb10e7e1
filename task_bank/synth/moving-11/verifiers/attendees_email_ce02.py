"""Verifier of the synthesized task attendees-email-ce02 (world moving-11); generated from its requirements."""

from verifier_checks import intact, send_email

APPS = ['calendar', 'email']
ALLOW = {'email': {'append': {}, 'fields': {}, 'new': {'emails': 1}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'email_sent': send_email(ctx, ['wendell.galloway@mailbox.example', 'ines.hale@mailbox.example', 'tobias.dunmore@mailbox.example'], 'Removal van pickup', ['Looking forward to it, see you there.'], None),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
