"""Verifier of the synthesized task email-compose-p02 (world moving-11); generated from its requirements."""

from verifier_checks import intact, send_email

APPS = ['email']
ALLOW = {'email': {'append': {}, 'fields': {}, 'new': {'emails': 1}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'email_sent': send_email(ctx, ['bastian.eastwood@copperlinelogistics.example'], 'This week', ['Lunch on Friday? My treat.'], None),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
