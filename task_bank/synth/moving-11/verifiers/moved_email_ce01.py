"""Verifier of the synthesized task moved-email-ce01 (world moving-11); generated from its requirements."""

from verifier_checks import intact, send_email

APPS = ['email', 'messages']
ALLOW = {'email': {'append': {}, 'fields': {}, 'new': {'emails': 1}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'email_sent': send_email(ctx, ['maren.achebe@kestrelpointarchitects.example'], 'Key handover', ['14:00'], None),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
