"""Verifier of the synthesized task attendees-email-ce01 (world moving-11); generated from its requirements."""

from verifier_checks import intact, send_email

APPS = ['calendar', 'email']
ALLOW = {'email': {'append': {}, 'fields': {}, 'new': {'emails': 1}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'email_sent': send_email(ctx, ['maren.achebe@kestrelpointarchitects.example', 'rhea.hale@mailbox.example', 'tobias.dunmore@mailbox.example'], 'Key handover', ['I might be ten minutes late, please start without me.'], None),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
