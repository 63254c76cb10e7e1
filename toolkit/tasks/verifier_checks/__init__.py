"""What task verifiers may import: state primitives (rows, text and number matching, messages) and whole checks.

A verifier imports them as ``from verifier_checks import intact, answer`` instead of carrying a copy: the
verifier worker loads this package as ``verifier_checks`` before its sandbox starts (the worker imports nothing of
the toolkit), and runs these functions as verifier code, under the same limits. The static audit
(toolkit/synthesis/audit_scan.py) allows this package alone beside the standard library's pure modules. The
primitives read a device state (``ctx.initial`` / ``ctx.final``); every check takes the verifier context ``ctx``
(``ctx.initial``, ``ctx.final``, ``ctx.answer``) and returns a bool.

The package's parts: :mod:`.reading` (a state's data and rows), :mod:`.matching` (text, words, codes, phone
numbers), :mod:`.quantities` (numbers, amounts, times), :mod:`.messaging` (contacts and text messages) and
:mod:`.checks` (the whole checks). Verifiers import every name from the package itself (its public names, and
``_text``, which verifiers written before the split import); the parts import one another relatively, so the package
loads the same as ``toolkit.tasks.verifier_checks`` and as ``verifier_checks``.
"""

from .checks import (
    ALWAYS,
    COLLECTIONS,
    _text,
    add_items,
    answer,
    create_contact,
    create_event,
    holds_part,
    intact,
    move_file,
    send_email,
    send_text,
    tick_items,
    update_record,
)
from .matching import (
    alnum,
    digits,
    has_code,
    has_number,
    has_words,
    phone_is,
    says,
    text,
    words,
)
from .messaging import (
    contact,
    message_to,
    new_messages,
    other_threads_intact,
    sent_to,
    thread_content,
    thread_is_with,
    thread_of,
    threads,
    threads_intact,
)
from .quantities import (
    CURRENCY_WORDS,
    hhmm,
    minutes,
    number,
    number_is,
    quantity,
    says_time,
    time_of,
)
from .reading import answer_of, app_data, by_id, clock_now, new_rows, only_changed, rows, same_keys
