"""Verifier of the synthesized task file-move-p01 (world moving-11); generated from its requirements."""

from verifier_checks import intact, move_file

APPS = ['email', 'files']
ALLOW = {'files': {'append': {}, 'fields': {'fi03': ['parent', 'modified']}, 'new': {}}}


def verify(ctx):
    """Return one boolean per criterion of the task."""
    return {
        'file_moved': move_file(ctx, 'fi03', 'fd04'),
        'others_intact': intact(ctx, APPS, ALLOW),
    }
