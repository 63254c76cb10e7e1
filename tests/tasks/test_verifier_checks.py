"""The primitives of verifier_checks that bundled and synthesized verifiers import, on hand-made states."""

from __future__ import annotations

import ast
from types import SimpleNamespace

import pytest

from toolkit.paths import TASK_BANK
from toolkit.tasks import verifier_checks as vc


def _state(threads=(), contacts=(), now=None, **apps) -> dict:
    data = {"messages": {"data": {"threads": list(threads)}}, "contacts": {"data": {"contacts": list(contacts)}}}
    data.update({app: {"data": value} for app, value in apps.items()})
    state = {"apps": data}
    if now is not None:
        state["os"] = {"clock": {"now": now}}
    return state


def test_reading_a_state_tolerates_missing_apps_and_rows_without_ids():
    state = _state(notes={"notes": [{"id": "n1", "title": "a"}, {"title": "no id"}, "junk"]})
    assert vc.app_data(state, "notes")["notes"][0]["id"] == "n1"
    assert vc.app_data(state, "absent") == {} and vc.app_data({"apps": None}, "notes") == {}
    assert list(vc.rows(state, "notes", "notes")) == ["n1"]
    assert vc.by_id(None) == {} and vc.clock_now(state) == 0 and vc.clock_now(_state(now=5)) == 5


def test_new_rows_same_keys_and_only_changed_compare_the_initial_and_final_state():
    before = _state(notes={"notes": [{"id": "n1", "title": "a", "updated": 1}], "folders": ["x"]})
    after = _state(notes={"notes": [{"id": "n1", "title": "b", "updated": 2}, {"id": "n2", "title": "c"}], "folders": ["x"]})
    ctx = SimpleNamespace(initial=before, final=after)
    assert [r["id"] for r in vc.new_rows(ctx, "notes", "notes")] == ["n2"]
    assert vc.same_keys(ctx, "notes", ["folders"]) and not vc.same_keys(ctx, "notes", ["notes"])
    old, new = vc.rows(before, "notes", "notes"), dict(vc.rows(after, "notes", "notes"))
    del new["n2"]
    assert not vc.only_changed(old, new, {})
    assert not vc.only_changed(old, new, {"n1": ["title"]})  # the edit time changed too
    assert vc.only_changed(old, new, {"n1": ["title"]}, ignore=("updated",))
    assert not vc.only_changed(old, vc.rows(after, "notes", "notes"), {"n1": ["title"]}, ignore=("updated",))
    assert vc.only_changed(old, vc.rows(after, "notes", "notes"), {"n1": ["title"]}, ignore=("updated",), added=True)
    assert not vc.only_changed(vc.rows(after, "notes", "notes"), old, {}, added=True)  # a row was deleted


@pytest.mark.parametrize(("value", "strip", "expected"), [
    ("  Hello   World ", "", "hello world"), ('"Quoted"', "\"'", "quoted"), (' " spaced " ', "\"'", " spaced "),
    ("“Curly”.", "\"'“”.", "curly"), (None, "", ""), (0, "", "0"), ("ÉCOLE", "", "école"),
])
def test_text_collapses_whitespace_strips_then_casefolds(value, strip, expected):
    assert vc.text(value, strip) == expected


def test_text_can_keep_case():
    assert vc.text("  Fix   the Typo ", fold=False) == "Fix the Typo" and vc.text("Straße", fold=False) != "strasse"


def test_words_alnum_and_digits_keep_only_what_they_name():
    assert vc.words("Re: lunch, at 12:30!") == "re lunch at 12 30"
    assert vc.alnum("Fern & Co. #7") == "fernco7"
    assert vc.digits("(555) 010-7788") == "5550107788" and vc.digits(None) == ""


@pytest.mark.parametrize(("value", "drop", "expected"), [
    ("1,250", ",", 1250.0), ("1,250", "", None), ("$12.50", "$,", 12.5), (" 7 ", ",", 7.0), (3, ",", 3.0),
    (True, ",", None), (None, ",", None), ("seven", ",", None), ("12¢", ",¢", 12.0),
    # a comma is a separator, as AnswerSheet reads it: "1,5" is 1.5, not 15; a stray comma is no number
    ("1,5", ",", 1.5), ("$1,5", "$,", 1.5), ("-12,000.50", ",", -12000.5), ("1,,2", ",", None),
    ("12,34,5", ",", None), ("1 250", "¤, ", 1250.0), ("¤ 1,250.00", "¤, ", 1250.0),
    # what float() reads and a person does not type
    ("nan", ",", None), ("inf", ",", None), ("1_000", ",", None), ("0x10", ",", None), (".5", ",", 0.5),
])
def test_number_reads_text_after_dropping_separators(value, drop, expected):
    assert vc.number(value, drop) == expected


def test_number_is_compares_within_a_tolerance():
    assert vc.number_is("42", 42) and not vc.number_is("42.0000001", 42)
    assert vc.number_is("$1,042.00", 1042, drop="$,", tolerance=1e-6)
    assert vc.number_is("12.004", 12, tolerance=0.005) and not vc.number_is("12.005", 12, tolerance=0.005)  # strictly
    assert not vc.number_is(None, 0) and not vc.number_is(False, 0)


def test_minutes_and_hhmm_convert_and_wrap_a_day():
    assert vc.minutes("09:05") == 545 and vc.hhmm(545) == "09:05" and vc.hhmm(24 * 60 + 30) == "00:30"


@pytest.mark.parametrize(("value", "expected"), [
    ("14:15", "14:15"), ("2:15 pm", "14:15"), ("4 PM", "16:00"), ("16.00", "16:00"), ("12 am", "00:00"),
    ("9", None), ("13 pm", None), ("24:00", None), ("noon", None), (None, None),
])
def test_time_of_reads_a_time_answer(value, expected):
    assert vc.time_of(value) == expected


def test_threads_are_found_by_contact_or_by_phone_digits():
    t1 = {"id": "t1", "contact_id": "c1", "number": "555-0101", "unread": 2, "messages": [{"id": "m1", "from": "c1"}]}
    t2 = {"id": "t2", "contact_id": None, "number": "(555) 0102", "messages": []}
    state = _state(threads=[t1, t2], contacts=[{"id": "c2", "phone": "555-0102"}])
    assert vc.thread_of(vc.threads(state), "c1", None) is t1
    assert vc.thread_of(vc.threads(state), "c9", "5550102") is t2
    assert vc.thread_of(vc.threads(state), None, "") is None
    assert vc.thread_is_with(t2, state, "c2") and not vc.thread_is_with(t1, state, "c2")
    assert "unread" not in vc.thread_content(t1) and vc.thread_content(None) is None
    assert vc.contact(state, "c2")["phone"] == "555-0102" and vc.contact(state, "c7") == {}


def test_new_messages_pairs_each_new_message_with_its_thread():
    before = _state(threads=[{"id": "t1", "messages": [{"id": "m1", "from": "c1"}]}])
    after = _state(threads=[{"id": "t1", "messages": [{"id": "m1", "from": "c1"}, {"id": "m2", "from": "me"},
                                                      {"id": "m3", "from": "c1"}]}])
    ctx = SimpleNamespace(initial=before, final=after)
    assert [m["id"] for _, m in vc.new_messages(ctx)] == ["m2"]
    assert [(t["id"], m["id"]) for t, m in vc.new_messages(ctx, mine=False)] == [("t1", "m2"), ("t1", "m3")]


def _messaging(before_threads, after_threads):
    contacts = [{"id": "c1", "phone": "555-0101"}, {"id": "c2", "phone": "555-0102"}]
    return SimpleNamespace(initial=_state(threads=before_threads, contacts=contacts),
                           final=_state(threads=after_threads, contacts=contacts))


def _t(tid, cid, number, *ids, **extra):
    return {"id": tid, "contact_id": cid, "number": number,
            "messages": [{"id": i, "from": "me" if i.startswith("s") else cid, "text": f"text {i}"} for i in ids], **extra}


def test_sent_to_and_other_threads_intact_follow_one_contact():
    before = [_t("t1", "c1", "555-0101", "m1"), _t("t2", "c2", "555-0102", "m2")]
    ctx = _messaging(before, [_t("t1", "c1", "555-0101", "m1", "s1"), _t("t2", "c2", "555-0102", "m2")])
    assert [m["id"] for m in vc.sent_to(ctx, "c1")] == ["s1"] and vc.sent_to(ctx, "c2") == []
    assert vc.other_threads_intact(ctx, "c1") and not vc.other_threads_intact(ctx, "c2")
    assert vc.threads_intact(ctx)
    started = _messaging(before, before + [_t("t3", None, "555-0199", "s2")])  # a thread with a stranger began
    assert not vc.other_threads_intact(started, "c1") and vc.threads_intact(started)
    rewritten = _messaging(before, [_t("t1", "c1", "555-0101", "m9"), before[1]])  # history rewritten
    assert not vc.threads_intact(rewritten)
    assert vc.threads_intact(_messaging(before, [_t("t1", "c1", "555-0101", "m1", unread=0), before[1]]))


def test_message_to_wants_exactly_one_matching_message_and_nothing_else_touched():
    before = [_t("t1", "c1", "555-0101", "m1"), _t("t2", "c2", "555-0102", "m2")]
    says_hi = lambda body: "s1" in body
    one = _messaging(before, [_t("t1", "c1", "555-0101", "m1", "s1"), before[1]])
    assert vc.message_to(one, "c1", "555-0101", says_hi) == (True, True)
    assert vc.message_to(one, "c1", "555-0101", lambda body: False) == (False, True)
    by_number = _messaging(before, [before[0], before[1], _t("t3", None, "(555) 0103", "s1")])
    assert vc.message_to(by_number, None, "555-0103", says_hi) == (True, True)
    two = _messaging(before, [_t("t1", "c1", "555-0101", "m1", "s1", "s2"), before[1]])
    assert vc.message_to(two, "c1", "555-0101", says_hi)[0] is False
    other_touched = _messaging(before, [_t("t1", "c1", "555-0101", "m1", "s1"), _t("t2", "c2", "555-0102")])
    assert vc.message_to(other_touched, "c1", "555-0101", says_hi) == (True, False)


def test_answer_of_reads_the_submitted_sheet():
    assert vc.answer_of(SimpleNamespace(answer={"count": "3"}), "count") == "3"
    assert vc.answer_of(SimpleNamespace(answer=None), "count") is None


def test_bundled_verifiers_import_only_names_verifier_checks_defines():
    """A misspelt import would surface only as a verifier_error at run time; catch it here for every bundled file."""
    files = [p for p in TASK_BANK.rglob("*.py")]
    assert files
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "verifier_checks":
                missing = [a.name for a in node.names if not hasattr(vc, a.name)]
                assert not missing, f"{path.relative_to(TASK_BANK)} imports {missing} from verifier_checks"


def test_has_words_code_and_number_find_whole_groups_only():
    assert vc.has_words("Team sync, 3pm", "team  SYNC") and not vc.has_words("team syncing", "team sync")
    assert not vc.has_words("anything", "") and not vc.has_words(None, "a")
    assert vc.has_code("ref CC6042.", "CC-6042") and vc.has_code("cc 6042", "CC-6042")
    assert not vc.has_code("CC-60421", "CC-6042") and not vc.has_code("ACC-6042", "CC-6042")
    assert vc.has_code("code 7316, thanks", "7316") and not vc.has_code("73165", "7316") and not vc.has_code("x", "")
    assert vc.has_number("call 555 0142", "555-0142") and vc.has_number("(555) 0142", "5550142")
    assert vc.has_number("id 42 555-0142", "5550142") and vc.has_number("+1 555 0142 or so", "5550142")
    assert not vc.has_number("55501429", "555-0142") and not vc.has_number("15550142", "5550142")
    assert not vc.has_number("555 x 0142", "5550142") and not vc.has_number("555", "")


def test_a_sent_message_part_is_a_number_a_code_or_words_as_the_synthesized_checks_name_it():
    """send_text / send_email parts were substrings: "5558524" did not say 555-8524, "762134" said the code 76213."""
    assert vc.holds_part("reach her on 555 8524", "555-8524") and vc.holds_part("5558524", "555-8524")
    assert not vc.holds_part("555-85241", "555-8524")
    assert vc.holds_part("The code is 76213.", "76213") and not vc.holds_part("762134", "76213")
    assert vc.holds_part("lunch on friday?  my treat", "Lunch on Friday? My treat.")
    assert vc.holds_part("I might be ten minutes late, please start without me", "I might be ten minutes late, please "
                                                                                  "start without me.")
    assert not vc.holds_part("see yourself out", "see you") and not vc.holds_part("the flat", "the new flat")
    state = {"apps": {"messages": {"data": {"threads": [{"id": "cv01", "contact_id": "p05", "messages": []}]}}}}
    sent = {"apps": {"messages": {"data": {"threads": [
        {"id": "cv01", "contact_id": "p05", "messages": [{"id": "m1", "from": "me", "text": "It is 555 8524"}]}]}}}}
    assert vc.send_text(SimpleNamespace(initial=state, final=sent), "p05", "cv01", ["555-8524"])
