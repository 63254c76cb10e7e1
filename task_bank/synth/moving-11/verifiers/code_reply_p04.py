"""Verifier of the synthesized task code-reply-p04 (world moving-11); generated from its requirements."""

from verifier_checks import intact, send_email

APPS = ['email', 'notes']
ALLOW = {'email': {'append': {}, 'fields': {}, 'new': {'emails': 1}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'reply_sent': send_email(ctx, ['maren.achebe@kestrelpointarchitects.example'], None, ['76213'], 'em18'),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
