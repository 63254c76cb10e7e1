"""In Chromium: the mocked apps' screens and state agree. They act only on what their screen shows (an action naming
a row, button or message that is not visible, on another tab or list or under a dialog, leaves the state as it was;
the same action from the screen that shows it, a tap on its element, goes through), and a screen marks what the
state found (a search result's highlight is the part the search matched)."""

from __future__ import annotations

from tests.conftest import requires_chromium
from tests.test_node_apps import _tap, desktop, device_pages, phone  # noqa: F401 (the shared page fixtures)


def _visible(page) -> set[str]:
    return {e["id"] for e in page.evaluate("__gym.elements()")}


def _app(page, app: str) -> dict:
    return page.evaluate("(a) => __gym.getState().apps[a]", app)


def _dispatch(page, app: str, action: dict) -> None:
    page.evaluate("([a, x]) => __gym.dispatch(a, x)", [app, action])


def _refused(page, app: str, action: dict, element: str) -> None:
    """Check `element` (the one that sends `action`) is not on screen and `action` changes neither data nor screen."""
    assert element not in _visible(page), f"{element} is on screen"
    before = _app(page, app)
    _dispatch(page, app, action)
    after = _app(page, app)
    assert after["data"] == before["data"], f"{action} changed the data from off screen"
    before["ui"].pop("notice", None)
    after["ui"].pop("notice", None)
    assert after["ui"] == before["ui"], f"{action} moved the screen from off screen"


@requires_chromium
def test_potionlab_brew_market_and_tab_rows_act_only_on_screen(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'potionlab'})")
    _tap(page, "ing:dewmoss")
    assert _app(page, "potionlab")["data"]["slots"] == ["dewmoss"]
    _tap(page, "tab:pantry")
    off_screen = [({"type": "add", "ing": "hushleaf"}, "ing:hushleaf"), ({"type": "remove", "slot": 0}, "slot:1"),
                  ({"type": "empty"}, "btn:empty"), ({"type": "brew"}, "btn:brew"),
                  ({"type": "open_order", "id": "o1"}, "order:o1"), ({"type": "open_potion", "id": "pw1"}, "potion:pw1"),
                  ({"type": "open_recipe", "key": "zest-1"}, "recipe:zest-1"),
                  ({"type": "buy", "ing": "zapberry", "qty": 2}, "btn:confirm-buy")]
    for action, element in off_screen:
        _refused(page, "potionlab", action, element)
    _tap(page, "filter:spark")
    _refused(page, "potionlab", {"type": "buy_sheet", "ing": "dewmoss"}, "buy:dewmoss")  # a calm row, filtered out
    _tap(page, "buy:zapberry")
    assert _app(page, "potionlab")["ui"]["buying"] == "zapberry"
    _refused(page, "potionlab", {"type": "buy", "ing": "stormglass", "qty": 1}, "buy:stormglass")
    coins = _app(page, "potionlab")["data"]["coins"]
    _tap(page, "btn:confirm-buy")
    data = _app(page, "potionlab")["data"]
    assert data["coins"] < coins and data["stock"]["zapberry"] >= 1
    _tap(page, "tab:brew")
    _tap(page, "ing:hushleaf")
    _tap(page, "btn:brew")
    assert _app(page, "potionlab")["ui"]["result"]
    _refused(page, "potionlab", {"type": "add", "ing": "moonmilk"}, "ing:moonmilk")  # under the result dialog
    assert errors == []


@requires_chromium
def test_teamchat_show_and_open_act_only_on_rows_on_screen(desktop):
    page, errors = desktop
    page.evaluate("__gym.reset({seed: 1, start_app: 'teamchat'})")
    for action, element in [({"type": "show", "id": "ms5"}, "mention:ms5"), ({"type": "show", "id": "md1"}, "pinned:md1"),
                            ({"type": "open_channel", "id": "c-data"}, "browse:c-data"),
                            ({"type": "open_dm", "user": "u-ada"}, "dm:u-ada")]:
        _refused(page, "teamchat", action, element)
    _tap(page, "nav:mentions")
    _refused(page, "teamchat", {"type": "show", "id": "mr1c"}, "result:mr1c")
    _tap(page, "mention:ms5")
    ui = _app(page, "teamchat")["ui"]
    assert [ui["screen"], ui["channel"], ui["focus"]] == ["channel", "c-support", "ms5"]
    _tap(page, "btn:new-channel")
    for action, element in [({"type": "open_channel", "id": "c-random"}, "channel:c-random"),
                            ({"type": "open_dm", "user": "u-bram"}, "dm:u-bram"), ({"type": "open_browse"}, "nav:browse")]:
        _refused(page, "teamchat", action, element)  # under the create-channel dialog
    _tap(page, "btn:cancel")
    _tap(page, "nav:browse")
    _tap(page, "browse:c-data")
    assert _app(page, "teamchat")["ui"]["channel"] == "c-data"
    assert errors == []


_MARKS = "[...document.querySelectorAll('[data-gym^=\"result:\"] mark')].map((m) => m.textContent)"


@requires_chromium
def test_messages_search_highlight_marks_what_the_search_matched(phone):
    # The highlight looked for the query in lower case only: 'cafe' found 'Café' (the search folds accents) but
    # marked nothing; a decomposed accent or a doubled space shifted or lost the mark.
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'messages'})")
    threads = _app(page, "messages")["data"]["threads"]
    texts = ["Meet me at Café Rouge at noon", "The cafe\u0301 on Wrenfold  Row opens late"]
    for thread, text in zip(threads, texts):
        thread["messages"][0]["text"] = text
    page.evaluate("(t) => __gym.reset({seed: 1, start_app: 'messages', patch: {apps: {messages: {data: {threads: t}}}}})",
                  threads)
    _tap(page, "btn:search")
    _tap(page, "field:search")
    for query, marks in [("cafe", ["Café", "cafe\u0301"]), ("CAFÉ R", ["Café R"]), ("wrenfold row", ["Wrenfold  Row"])]:
        page.evaluate("__gym.dispatch('messages', {type: '@draft', key: 'search', value: ''})")
        page.keyboard.insert_text(query)
        assert sorted(page.evaluate(_MARKS)) == sorted(marks), query
    assert errors == []


@requires_chromium
def test_crm_record_buttons_and_lead_checks_act_only_on_screen(desktop):
    page, errors = desktop
    page.evaluate("__gym.reset({seed: 1, start_app: 'crm'})")
    for action, element in [({"type": "set_owner", "id": "L-101", "owner": "u-teo"}, "owner-opt:u-teo"),
                            ({"type": "lead_status", "id": "L-102", "status": "contacted"}, "lead-status:contacted"),
                            ({"type": "disqualify", "id": "L-102"}, "btn:disqualify"),
                            ({"type": "opp_stage", "id": "O-403", "stage": "proposal"}, "stage:proposal")]:
        _refused(page, "crm", action, element)  # from the leads table
    _tap(page, "field:lead-search")
    page.keyboard.insert_text("L-102")
    _refused(page, "crm", {"type": "lcheck", "id": "L-105"}, "lcheck:L-105")
    _tap(page, "lead:L-102")
    _refused(page, "crm", {"type": "lead_status", "id": "L-101", "status": "contacted"}, "lead:L-101")
    _tap(page, "lead-status:contacted")
    assert next(x for x in _app(page, "crm")["data"]["leads"] if x["id"] == "L-102")["status"] == "contacted"
    assert errors == []


@requires_chromium
def test_email_reading_buttons_and_rows_act_only_on_screen(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'email'})")
    for action, element in [({"type": "archive", "id": "e05"}, "btn:archive"), ({"type": "trash", "id": "e05"}, "btn:delete"),
                            ({"type": "open", "id": "e28"}, "email:e28"), ({"type": "star", "id": "e26"}, "star:e26")]:
        _refused(page, "email", action, element)  # from the inbox list: e28 is in the trash, e26 archived
    _tap(page, "email:e01")
    _refused(page, "email", {"type": "archive", "id": "e05"}, "email:e05")  # reading e01
    _tap(page, "btn:archive")
    assert next(e for e in _app(page, "email")["data"]["emails"] if e["id"] == "e01")["folder"] == "archive"
    assert errors == []


@requires_chromium
def test_contacts_detail_buttons_and_rows_act_only_on_screen(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'contacts'})")
    for action, element in [({"type": "toggle_favorite", "id": "c2"}, "btn:favorite"), ({"type": "toggle_block", "id": "c2"}, "toggle:block"),
                            ({"type": "delete", "id": "c2"}, "btn:delete"), ({"type": "edit", "id": "c2"}, "btn:edit")]:
        _refused(page, "contacts", action, element)  # from the list
    _tap(page, "field:search")
    page.keyboard.insert_text("Celia")
    _refused(page, "contacts", {"type": "open", "id": "c2"}, "contact:c2")  # not a hit
    _tap(page, "contact:c3")
    _refused(page, "contacts", {"type": "toggle_favorite", "id": "c2"}, "contact:c2")  # Celia's screen
    _tap(page, "btn:favorite")
    assert next(c for c in _app(page, "contacts")["data"]["contacts"] if c["id"] == "c3")["favorite"] is True
    assert errors == []


@requires_chromium
def test_notes_editor_buttons_and_rows_act_only_on_screen(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'notes'})")
    for action, element in [({"type": "pin", "id": "n05"}, "btn:pin"), ({"type": "delete", "id": "n05"}, "btn:delete"),
                            ({"type": "restore", "id": "n14"}, "restore:n14")]:
        _refused(page, "notes", action, element)  # from the list
    _tap(page, "folder:f3")
    _refused(page, "notes", {"type": "open", "id": "n05"}, "note:n05")  # a Work note under the Recipes chip
    _tap(page, "note:n07")
    _refused(page, "notes", {"type": "pin", "id": "n05"}, "note:n05")  # n07's editor
    _tap(page, "btn:pin")
    assert next(n for n in _app(page, "notes")["data"]["notes"] if n["id"] == "n07")["pinned"] is True
    assert errors == []


@requires_chromium
def test_calendar_event_buttons_and_rows_act_only_on_screen(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'calendar'})")
    _tap(page, "day:2026-03-18")
    for action, element in [({"type": "delete", "id": "e12"}, "btn:delete"), ({"type": "move", "id": "e12"}, "btn:move"),
                            ({"type": "open", "id": "e12"}, "event:e12")]:
        _refused(page, "calendar", action, element)  # the 18th's list; e12 is on the 17th
    _tap(page, "event:e15")
    _refused(page, "calendar", {"type": "delete", "id": "e12"}, "event:e12")  # e15's screen
    _tap(page, "btn:delete")
    assert _app(page, "calendar")["ui"]["dialog"] == {"kind": "delete", "event": "e15"}
    assert errors == []


@requires_chromium
def test_bank_payee_buttons_act_only_on_the_payee_shown(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'bank'})")
    _refused(page, "bank", {"type": "delete_payee", "id": "p2"}, "btn:delete-payee")  # from the home screen
    _tap(page, "tab:payments")
    _tap(page, "payee:p1")
    _refused(page, "bank", {"type": "delete_payee", "id": "p2"}, "payee:p2")  # p1's screen
    _tap(page, "btn:delete-payee")
    ui = _app(page, "bank")["ui"]
    assert [ui["dialog"], ui["payee"]] == ["delete_payee", "p1"]
    assert errors == []


@requires_chromium
def test_food_order_buttons_act_only_on_the_order_shown(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'food'})")
    _refused(page, "food", {"type": "reorder", "id": "ord901"}, "btn:reorder")  # from the home screen
    _tap(page, "tab:orders")
    _tap(page, "order:ord902")
    _refused(page, "food", {"type": "reorder", "id": "ord901"}, "order:ord901")  # ord902's screen
    cart = _app(page, "food")["data"]["cart"]
    _tap(page, "btn:reorder")
    assert _app(page, "food")["data"]["cart"] != cart
    assert errors == []


@requires_chromium
def test_dialer_voicemail_buttons_act_only_on_the_voicemail_shown(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'dialer'})")
    _refused(page, "dialer", {"type": "ask_delete_vm", "id": "v1"}, "btn:delete-vm")  # from the first tab
    _tap(page, "tab:voicemail")
    _tap(page, "vm:v2")
    _refused(page, "dialer", {"type": "ask_delete_vm", "id": "v1"}, "vm:v1")  # v2's screen
    _tap(page, "btn:delete-vm")
    assert _app(page, "dialer")["ui"]["dialog"] == {"kind": "delete_vm", "id": "v2"}
    assert errors == []


@requires_chromium
def test_rides_rating_acts_only_on_the_ride_shown(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'rides'})")
    _tap(page, "tab:activity")
    _tap(page, "ride:r06")
    _tap(page, "star:2")
    _refused(page, "rides", {"type": "submit_rating", "id": "r05"}, "ride:r05")  # r06's screen
    _tap(page, "btn:submit-rating")
    rides = {r["id"]: r for r in _app(page, "rides")["data"]["rides"]}
    assert rides["r06"]["rating"] == 2 and rides["r05"].get("rating") is None
    assert errors == []


@requires_chromium
def test_pinboard_post_buttons_act_only_on_the_post_shown(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'pinboard'})")
    liked = _app(page, "pinboard")["data"]["liked"]
    target = next(e["id"].split(":", 1)[1] for e in page.evaluate("__gym.elements()") if e["id"].startswith("post:"))
    other = next(p for p in ("p01", "p02", "p04") if p != target and p not in liked)
    _refused(page, "pinboard", {"type": "like", "post": other}, "btn:like")  # from the home feed
    _tap(page, f"post:{target}")
    _refused(page, "pinboard", {"type": "like", "post": other}, f"post:{other}")  # another post's screen
    _tap(page, "btn:like")
    assert (target in _app(page, "pinboard")["data"]["liked"]) != (target in liked)
    assert errors == []


@requires_chromium
def test_reviews_list_and_place_buttons_act_only_on_screen(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'reviews'})")
    _refused(page, "reviews", {"type": "ask_delete_list", "id": "l1"}, "btn:delete-list")  # from explore
    _refused(page, "reviews", {"type": "ask_delete_review", "id": "p3"}, "btn:delete-review")
    _tap(page, "tab:saved")
    _tap(page, "list:l2")
    _refused(page, "reviews", {"type": "ask_delete_list", "id": "l1"}, "list:l1")  # l2's screen
    _tap(page, "btn:delete-list")
    assert _app(page, "reviews")["ui"]["dialog"] == {"kind": "delete_list", "id": "l2"}
    assert errors == []


@requires_chromium
def test_clips_delete_and_privacy_act_only_on_the_more_sheets_clip(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'clips'})")
    _refused(page, "clips", {"type": "delete_clip", "clip": "m2"}, "btn:delete-clip")  # no More sheet
    _tap(page, "tab:me")
    _tap(page, "grid:m1")
    _tap(page, "more:m1")
    _refused(page, "clips", {"type": "delete_clip", "clip": "m2"}, "grid:m2")  # m1's sheet
    _tap(page, "btn:delete-clip")
    assert _app(page, "clips")["ui"]["dialog"] == {"kind": "delete_clip", "clip": "m1"}
    assert errors == []


@requires_chromium
def test_greenhouse_moves_act_only_on_the_plant_shown(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'greenhouse'})")
    _refused(page, "greenhouse", {"type": "move_plant", "plant": "p1", "to": "D"}, "move:D")  # from the overview
    _tap(page, "zone:A")
    _tap(page, "ztab:plants")
    _tap(page, "plant:p1")
    _refused(page, "greenhouse", {"type": "move_plant", "plant": "p3", "to": "D"}, "plant:p3")  # p1's screen
    _tap(page, "move:D")
    assert next(p for p in _app(page, "greenhouse")["data"]["plants"] if p["id"] == "p1")["zone"] == "D"
    assert errors == []


@requires_chromium
def test_tiletrip_remove_acts_only_on_the_open_sheets_tile(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'tiletrip'})")
    _refused(page, "tiletrip", {"type": "remove", "id": "a17"}, "btn:remove")  # no sheet open
    _tap(page, "day:2")
    _tap(page, "tile:a12")
    _refused(page, "tiletrip", {"type": "remove", "id": "a17"}, "tile:a17")  # a12's sheet; a17 is on day 1
    _tap(page, "btn:remove")
    plan = {e["id"] for e in _app(page, "tiletrip")["data"]["plan"]}
    assert "a12" not in plan and "a17" in plan
    assert errors == []


@requires_chromium
def test_roster_requests_and_availability_act_only_on_screen(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'roster'})")
    _refused(page, "roster", {"type": "approve", "id": "r2"}, "approve:r2")  # from the board
    _refused(page, "roster", {"type": "toggle_day", "day": "sun", "staff": "c21"}, "avail:sun")
    _tap(page, "tab:requests")
    _tap(page, "decline:r2")
    assert next(r for r in _app(page, "roster")["data"]["requests"] if r["id"] == "r2")["status"] == "declined"
    assert errors == []


@requires_chromium
def test_gallery_photo_actions_act_only_on_the_viewers_photo(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'gallery'})")
    _refused(page, "gallery", {"type": "ask_trash", "photo": "p03"}, "btn:favorite")  # the grid: no viewer buttons
    _tap(page, "photo:p28")
    _refused(page, "gallery", {"type": "favorite", "photo": "p24"}, "photo:p24")  # p28's viewer
    fav = next(p for p in _app(page, "gallery")["data"]["photos"] if p["id"] == "p28")["favorite"]
    _tap(page, "btn:favorite")
    assert next(p for p in _app(page, "gallery")["data"]["photos"] if p["id"] == "p28")["favorite"] is (not fav)
    assert errors == []


@requires_chromium
def test_files_search_lists_what_the_shared_rule_matches(phone):
    # The search folded accents and case but compared with includes: "tax  return" as typed (two spaces) listed nothing.
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'files'})")
    _tap(page, "btn:search")
    _tap(page, "field:search")
    page.keyboard.insert_text("TAX  return")
    hits = sorted(e for e in _visible(page) if e.startswith("entry:"))
    entries = {e["id"]: e["name"] for e in _app(page, "files")["data"]["entries"]}
    assert [entries[h.split(":", 1)[1]] for h in hits] == ["Tax return 2025.pdf"]
    assert errors == []


@requires_chromium
def test_clock_alarm_switches_act_only_on_the_alarms_screen(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'clock'})")
    _tap(page, "tab:world")
    _refused(page, "clock", {"type": "toggle_alarm", "id": "a1"}, "toggle:alarm:a1")  # the world clock
    _tap(page, "tab:alarms")
    _tap(page, "toggle:alarm:a1")
    assert next(a for a in _app(page, "clock")["data"]["alarms"] if a["id"] == "a1")["on"] is False
    assert errors == []


@requires_chromium
def test_files_sheet_actions_act_only_on_the_sheets_entry(phone):
    page, errors = phone
    page.evaluate("__gym.reset({seed: 1, start_app: 'files'})")
    _refused(page, "files", {"type": "delete", "id": "f06"}, "act:delete")  # no sheet open
    _tap(page, "entry:d1")
    _tap(page, "more:f07")
    _refused(page, "files", {"type": "delete", "id": "f06"}, "more:f06")  # f07's sheet
    _tap(page, "act:delete")
    entries = {e["id"]: e for e in _app(page, "files")["data"]["entries"]}
    assert entries["f07"]["trashed"] and not entries["f06"]["trashed"]
    assert errors == []
