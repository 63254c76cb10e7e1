"""Offline world construction: a persona's phone, composed deterministically from the pools and a seed.

The builder first draws people and a calendar, then places facts (a proposal in a chat, an event that moved,
a phone number in an email signature, orders, codes, file requests...) in the records of several apps, so that
tasks over the world need evidence from more than one app. Every record is written in the app's state format.
"""

from __future__ import annotations

import random
from typing import Any

from toolkit.synthesis.models import Fact, Person, Persona, Ref, Scenario, World
from toolkit.synthesis.offline import pools
from toolkit.synthesis.timeutil import DEFAULT_CLOCK, add_minutes, days_from, long_day, month_day, parse_clock, to_ms
from toolkit.tasks.params import world_of

#: The phone's email account (read-only in the email app's world.json): the persona's name and address.
ACCOUNT = dict(world_of("email").get("account") or {"name": "Robin Hale", "email": "robin.hale@mailbox.example"})
PHONE_APPS = ["contacts", "messages", "email", "calendar", "notes", "files"]
_STARTS = ["09:00", "09:30", "10:00", "11:00", "11:30", "13:00", "14:00", "15:30", "16:00", "17:30", "18:30"]
_EXTRA_ITEMS = ["Scissors", "Batteries", "Torch", "Cable ties", "Hand sanitiser", "String", "Notebook", "Plasters"]


def _slug(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


class _Builder:
    """Holds the draws of one world while its records are placed."""

    def __init__(self, world_id: str, persona: Persona, scenario: Scenario, seed: int, apps: list[str]):
        self.id, self.persona, self.scenario, self.apps = world_id, persona, scenario, apps
        self.rng = random.Random(f"{world_id}:{scenario.id}:{seed}")
        self.vocab = pools.VOCAB.get(scenario.id, pools.VOCAB["moving"])
        self.clock = DEFAULT_CLOCK
        self.now = parse_clock(self.clock)
        self.people: list[Person] = []
        self.records: dict[str, dict[str, list[dict[str, Any]]]] = {a: {} for a in apps}
        self.facts: list[Fact] = []
        self.free_days = [days_from(self.clock, d) for d in range(2, 21)]  # Mon Mar 16 .. Fri Apr 3
        self.rng.shuffle(self.free_days)
        self.seed = seed
        self.me = persona.name.split()[0]
        self._ids: dict[str, int] = {}
        self._cursor: dict[str, int] = {}
        self._minute = 0

    # ---------------------------------------------------------------- helpers

    def nid(self, prefix: str, width: int = 2) -> str:
        self._ids[prefix] = self._ids.get(prefix, 0) + 1
        return f"{prefix}{self._ids[prefix]:0{width}d}"

    def fact(self, kind: str, value: dict[str, Any], *sources: Ref) -> None:
        self.facts.append(Fact(id=self.nid("fact", 3), kind=kind, value=value, sources=list(sources)))

    def day(self):
        return self.free_days.pop()

    def past_ms(self, days_back: int) -> int:
        """A time ``days_back`` days before now (today: before the clock), advancing so times are distinct."""
        self._minute += 7
        base = days_from(self.clock, -days_back)
        hhmm = add_minutes("08:00" if days_back == 0 else "09:15", self._minute % (70 if days_back == 0 else 600))
        return to_ms(base, hhmm)

    def col(self, app: str, name: str) -> list[dict[str, Any]]:
        return self.records.setdefault(app, {}).setdefault(name, [])

    # ---------------------------------------------------------------- people

    def draw_people(self) -> None:
        roles = ["colleague"] * 4 + ["friend"] * 5 + ["family"] * 2 + ["service"] * 2 + ["acquaintance"] * 3
        firsts = self.rng.sample(pools.FIRST, len(roles))
        lasts = self.rng.sample(pools.LAST, len(roles))
        work = self.rng.sample(pools.COMPANIES, 5)
        services = self.rng.sample(pools.SERVICES, 2)
        phones = self.rng.sample(range(2000, 9899), len(roles))
        for i, role in enumerate(roles):
            first, last = firsts[i], lasts[i]
            if role == "family":
                last = self.persona.name.split()[-1]
            if role == "colleague":
                company = work[0] if i < 3 else work[1]
            elif role == "service":
                company = services[i - 11][0]
            elif role == "acquaintance":
                company = work[2 + (i - 13) % 3]
            else:
                company = ""
            domain = f"{_slug(company)}.example" if company else "mailbox.example"
            self.people.append(Person(
                id=f"p{i + 1:02d}", name=f"{first} {last}", phone=f"555-{phones[i]:04d}",
                email=f"{first.lower()}.{_slug(last)}@{domain}", company=company, role=role,
                birthday=f"{self.rng.randint(1, 12):02d}-{self.rng.randint(1, 28):02d}" if i % 2 == 0 else "",
                in_contacts=role != "acquaintance"))

    def by_role(self, *roles: str) -> list[Person]:
        return [p for p in self.people if p.role in roles]

    # ---------------------------------------------------------------- records

    def contacts(self) -> None:
        for p in self.people:
            if p.in_contacts:
                self.col("contacts", "contacts").append({
                    "id": p.id, "name": p.name, "phone": p.phone, "email": p.email, "company": p.company,
                    "favorite": p.role == "family", "notes": "", "birthday": p.birthday})

    def calendar(self) -> None:
        scen = self.rng.sample(self.vocab["events"], 6)
        generic = self.rng.sample(pools.GENERIC_EVENTS, 4)
        crew = self.by_role("colleague", "friend", "family")
        past_days = [days_from(self.clock, -2 - self.rng.randint(0, 1)), days_from(self.clock, -4 - self.rng.randint(0, 2))]
        for k, (title, minutes) in enumerate(scen + generic):
            day = past_days[k - 8] if k >= 8 else self.day()
            start = self.rng.choice(_STARTS)
            who = self.rng.sample(crew, self.rng.randint(1, 3)) if k < 6 else []
            self.col("calendar", "events").append({
                "id": self.nid("ce"), "title": title, "date": day.isoformat(), "start": start,
                "end": add_minutes(start, minutes), "location": self.rng.choice(self.vocab["sites"] if k < 6 else pools.PLACES),
                "attendees": [p.id for p in who], "notes": "", "reminder": self.rng.choice([0, 10, 30, 60])})

    def thread(self, person: Person) -> dict[str, Any]:
        for t in self.col("messages", "threads"):
            if t["contact_id"] == person.id:
                return t
        t = {"id": self.nid("cv"), "contact_id": person.id, "number": person.phone, "messages": [], "unread": 0,
             "pinned": False, "muted": False, "archived": False}
        self.col("messages", "threads").append(t)
        # Each conversation has its own timeline, from a few days ago up to this morning.
        self._cursor[t["id"]] = to_ms(days_from(self.clock, -4), "08:00") + self.rng.randint(0, 600) * 60000
        return t

    def say(self, person: Person, *lines: tuple[str, str], unread: bool = False) -> tuple[str, str]:
        """Append messages (``("them"|"me", text)``) to the person's thread; return (thread id, first message id)."""
        t = self.thread(person)
        first = None
        self._cursor[t["id"]] += self.rng.randint(300, 900) * 60000
        for who, text in lines:
            mid = self.nid("sm", 3)
            first = first or mid
            self._cursor[t["id"]] += self.rng.randint(2, 40) * 60000
            t["messages"].append({"id": mid, "from": who, "text": text, "time": self._cursor[t["id"]]})
        if unread and lines[-1][0] == "them":
            t["unread"] += 1
        return t["id"], first

    def email(self, sender: dict[str, str], subject: str, body: str, days_back: int, read: bool = True,
              labels: list[str] | None = None) -> str:
        eid = self.nid("em")
        self.col("email", "emails").append({
            "id": eid, "folder": "inbox", "time": self.past_ms(days_back), "read": read, "starred": False,
            "labels": labels or [], "from": sender, "to": [ACCOUNT["email"]], "cc": [], "subject": subject,
            "body": body, "attachments": []})
        return eid

    def notes_and_files(self) -> None:
        folders = [{"id": "nf1", "name": "Personal"}, {"id": "nf2", "name": "Work"}, {"id": "nf3", "name": "Projects"}]
        self.col("notes", "folders").extend(folders)
        title, items = self.vocab["checklist"]
        done = set(self.rng.sample(range(len(items)), 2))
        self.col("notes", "notes").append({
            "id": "no01", "title": title, "body": "", "folder": "nf3", "pinned": True, "trashed": False,
            "items": [{"id": f"ci{i + 1:02d}", "text": t, "done": i in done} for i, t in enumerate(items)],
            "updated": self.past_ms(1)})
        self.col("notes", "notes").append({
            "id": "no02", "title": "Groceries", "body": "", "folder": "nf1", "pinned": False, "trashed": False,
            "items": [{"id": f"ci{20 + i}", "text": t, "done": False} for i, t in enumerate(["Oat milk", "Lemons", "Rye bread"])],
            "updated": self.past_ms(2)})
        files = self.col("files", "entries")
        tree = [("fd01", "Documents", "root"), ("fd02", "Downloads", "root"), ("fd03", "Pictures", "root"),
                ("fd04", "To send", "root"), ("fd05", self.scenario.title, "fd01")]
        for fid, name, parent in tree:
            files.append({"id": fid, "name": name, "parent": parent, "folder": True, "type": "folder", "size": 0,
                          "modified": days_from(self.clock, -self.rng.randint(3, 30)).isoformat(), "trashed": False})
        for i, (name, kb) in enumerate(self.vocab["files"] + [("Passport scan.pdf", 388), ("Sunset at the pier.jpg", 2650),
                                                                ("Recipe ideas.txt", 3)]):
            parent = "fd05" if i < 4 else "fd02" if i < len(self.vocab["files"]) else ("fd01", "fd03", "fd01")[i - len(self.vocab["files"])]
            files.append({"id": f"fi{i + 1:02d}", "name": name, "parent": parent, "folder": False, "type": _type(name),
                          "size": kb, "modified": days_from(self.clock, -self.rng.randint(1, 40)).isoformat(), "trashed": False})

    # ---------------------------------------------------------------- facts

    def place_facts(self) -> None:
        friends = self.by_role("friend", "family")
        texters = [p for p in self.people if p.in_contacts and p.phone and p.role != "service"]
        self.rng.shuffle(texters)
        # Three colleagues' contacts lack a phone number: their email signature carries it.
        no_phone = self.rng.sample(self.by_role("colleague"), 3)
        subjects = self.rng.sample(["Catching up", "Quick update", "Notes from today", "About next week"], 3)
        for p, subject in zip(no_phone, subjects):
            next(c for c in self.col("contacts", "contacts") if c["id"] == p.id)["phone"] = ""
            eid = self.email({"name": p.name, "email": p.email}, subject,
                f"Hi {self.me},\n\nGood to hear from you. Let's talk properly soon; call me any time this week.\n\n"
                f"Cheers,\n{p.first}\n{p.phone} (mobile)", self.rng.randint(0, 3))
            self.fact("signature_known", {"person": p.id, "phone": p.phone, "email": eid},
                      Ref(app="email", collection="emails", id=eid), Ref(app="contacts", collection="contacts", id=p.id))
        texters = [p for p in texters if p not in no_phone]
        # Small talk first, so the facts sit inside real conversations.
        for p in texters:
            self.say(p, ("them", f"Hi {self.me}, how was your week?"), ("me", "Busy but good! You?"))
        # Proposals: a plan in a chat that is not in the calendar yet.
        for p, (label, phrase, place) in zip(friends[:3], self.rng.sample(pools.ACTIVITIES, 3)):
            day, start = self.day(), self.rng.choice(_STARTS)
            tid, mid = self.say(p, ("them", f"Fancy {phrase} at {place} on {long_day(day)} at {start}?"),
                                ("me", "Sounds great, count me in!"))
            self.fact("proposal", {"person": p.id, "title": f"{label} with {p.first}", "date": day.isoformat(),
                                   "start": start, "end": add_minutes(start, 60), "place": place, "thread": tid},
                      Ref(app="messages", collection="threads", id=tid))
        # Moved events: an attendee says the time changed.
        events = [e for e in self.col("calendar", "events") if e["date"] > self.now.date().isoformat()]
        moved: list[str] = []
        for e in events:
            texting = sorted((p for p in texters if p.id in e["attendees"]), key=lambda p: (moved.count(p.id), p.id))
            if not texting or len(moved) == 3 or "18:30" <= e["start"] or e["start"] < "09:30":
                continue
            p = texting[0]
            shift = 60 if e["end"] <= "18:00" else -60
            new_start, new_end = add_minutes(e["start"], shift), add_minutes(e["end"], shift)
            tid, _ = self.say(p, ("them", f"Heads-up: the {e['title']} on {long_day(_d(e['date']))} now starts at "
                                          f"{new_start} instead of {e['start']}."), ("me", "Thanks for letting me know."))
            self.fact("moved", {"event": e["id"], "person": p.id, "start": new_start, "end": new_end, "thread": tid},
                      Ref(app="messages", collection="threads", id=tid), Ref(app="calendar", collection="events", id=e["id"]))
            moved.append(p.id)
        # Codes sent by text.
        for p, kind in zip(texters[-3:], self.rng.sample(pools.CODE_KINDS, 3)):
            code = str(self.rng.randint(1000, 99999)) if "password" not in kind else \
                f"{self.rng.choice(['amber', 'cedar', 'fjord', 'maple'])}-{self.rng.choice(['otter', 'heron', 'lynx'])}-{self.rng.randint(10, 99)}"
            tid, _ = self.say(p, ("them", f"The {kind} is {code}."), ("me", "Got it, thanks!"))
            self.fact("code", {"person": p.id, "kind": kind, "code": code, "thread": tid},
                      Ref(app="messages", collection="threads", id=tid))
        # Checklist items someone will bring.
        note = self.col("notes", "notes")[0]
        open_items = [i for i in note["items"] if not i["done"]]
        self.rng.shuffle(open_items)
        for k, p in enumerate(friends[3:5] if len(friends) >= 5 else friends[:2]):
            a, b = open_items[2 * k], open_items[2 * k + 1]
            tid, _ = self.say(p, ("them", f"For the {self.vocab['occasion']} I'll bring the {a['text'].lower()} and the "
                                          f"{b['text'].lower()}."), unread=True)
            self.fact("bring", {"person": p.id, "note": note["id"], "items": [a["id"], b["id"]],
                                "texts": [a["text"], b["text"]], "thread": tid},
                      Ref(app="messages", collection="threads", id=tid), Ref(app="notes", collection="notes", id=note["id"]))
        # Birthdays mentioned in chats for contacts whose birthday is not saved.
        unsaved = [p for p in self.people if p.in_contacts and not p.birthday]
        for p, q in zip(texters[:3], [q for q in unsaved if q not in texters[:3]][:3]):
            month, day = self.rng.randint(4, 12), self.rng.randint(1, 28)
            d = _d(f"2026-{month:02d}-{day:02d}")
            tid, _ = self.say(p, ("them", f"Don't forget: {q.name}'s birthday is on {month_day(d)}!"))
            self.fact("birthday", {"person": q.id, "by": p.id, "birthday": f"{month:02d}-{day:02d}", "thread": tid},
                      Ref(app="messages", collection="threads", id=tid), Ref(app="contacts", collection="contacts", id=q.id))
        self.place_emails()

    def place_emails(self) -> None:
        for p in self.by_role("acquaintance")[:3]:
            subject = self.rng.choice(["Quote for your project", "Following up on our chat", "Introduction and next steps",
                                       "Availability next week"]) + f" - {p.company}"
            eid = self.email({"name": p.name, "email": p.email}, subject,
                             f"Hi {self.me},\n\nThanks for your time. I'd be glad to help; let me know what suits you.\n\n"
                             f"Best regards,\n{p.name}\n{p.company}\nPhone: {p.phone}", self.rng.randint(0, 4), read=False)
            self.fact("signature_new", {"person": p.id, "name": p.name, "phone": p.phone, "email": p.email,
                                        "subject": subject, "email_id": eid}, Ref(app="email", collection="emails", id=eid))
        for shop, domain in self.vocab["shops"]:
            n = 3 if shop == self.vocab["shops"][0][0] else 2
            orders = []
            for _ in range(n):
                number = f"{_slug(shop)[:2].upper()}-{self.rng.randint(10000, 99999)}"
                total = round(self.rng.randint(1200, 18999) / 100, 2)
                eid = self.email({"name": shop, "email": f"orders@{domain}"}, f"Order {number} confirmed",
                                 f"Hi {self.me},\n\nThanks for your order {number}. It will ship within two days.\n\n"
                                 f"Order total: ${total:.2f}\n\n{shop}", self.rng.randint(1, 12), labels=["Orders"])
                orders.append({"number": number, "total": total, "email": eid})
            self.fact("orders", {"shop": shop, "orders": orders},
                      *[Ref(app="email", collection="emails", id=o["email"]) for o in orders])
        askers = self.rng.sample(self.by_role("colleague", "family", "friend"), 6)
        files = [f for f in self.col("files", "entries") if not f["folder"] and f["parent"] in ("fd05", "fd02")]
        for p, f in zip(askers[:3], self.rng.sample(files, 3)):
            eid = self.email({"name": p.name, "email": p.email}, f"Could you send me the {f['name'].rsplit('.', 1)[0]}?",
                             f"Hi {self.me},\n\nCould you send me the file {f['name']} when you get a chance?\n\nThanks,\n{p.first}",
                             self.rng.randint(0, 3), read=False)
            self.fact("file_request", {"person": p.id, "file": f["id"], "name": f["name"], "size": f["size"], "email": eid},
                      Ref(app="email", collection="emails", id=eid), Ref(app="files", collection="entries", id=f["id"]))
        events = [e for e in self.col("calendar", "events") if e["date"] > self.now.date().isoformat() and e["attendees"]]
        used = {f.value.get("event") for f in self.facts}
        for e in [e for e in events if e["id"] not in used][:3]:
            p = self.person(e["attendees"][0])
            day = self.day()
            eid = self.email({"name": p.name, "email": p.email}, f"Moving the {e['title']}?",
                             f"Hi {self.me},\n\nSomething came up. Could we move the {e['title']} to {long_day(day)}? "
                             f"Same time works for me.\n\n{p.first}", self.rng.randint(0, 2), read=False)
            self.fact("reschedule", {"event": e["id"], "person": p.id, "date": day.isoformat(), "email": eid},
                      Ref(app="email", collection="emails", id=eid), Ref(app="calendar", collection="events", id=e["id"]))
        kinds = self.rng.sample([k for k in pools.CODE_KINDS if k not in {f.value.get("kind") for f in self.facts}], 2)
        lines = []
        for p, kind in zip(askers[3:5], kinds):
            code = str(self.rng.randint(1000, 99999))
            lines.append(f"{kind[0].upper()}{kind[1:]}: {code}")
            eid = self.email({"name": p.name, "email": p.email}, "Quick question",
                             f"Hi {self.me},\n\nWhat was the {kind} again? I can't find it anywhere.\n\n{p.first}",
                             self.rng.randint(0, 2), read=False)
            self.fact("code_request", {"person": p.id, "kind": kind, "code": code, "email": eid, "note": "no03"},
                      Ref(app="email", collection="emails", id=eid), Ref(app="notes", collection="notes", id="no03"))
        self.col("notes", "notes").append({"id": "no03", "title": "Codes", "body": "\n".join(lines), "folder": "nf1",
                                           "pinned": False, "trashed": False, "items": [], "updated": self.past_ms(5)})
        note = self.col("notes", "notes")[0]
        extras = self.rng.sample(_EXTRA_ITEMS, 4)
        for k, p in enumerate(askers[5:6] + askers[:1]):
            a, b = extras[2 * k], extras[2 * k + 1]
            eid = self.email({"name": p.name, "email": p.email}, f"Two more things for the {note['title'].lower()}",
                             f"Hi {self.me},\n\nCould you add {a.lower()} and {b.lower()} to the {note['title']} list?\n\n{p.first}",
                             self.rng.randint(0, 2))
            self.fact("add_items", {"person": p.id, "note": note["id"], "texts": [a, b], "email": eid},
                      Ref(app="email", collection="emails", id=eid), Ref(app="notes", collection="notes", id=note["id"]))
        for name, address, subject in pools.NEWSLETTERS[:2]:
            self.email({"name": name, "email": address}, subject, f"Hello,\n\n{subject}. Read more inside.\n\n{name}",
                       self.rng.randint(1, 6))

    def person(self, pid: str) -> Person:
        return next(p for p in self.people if p.id == pid)

    def build(self) -> World:
        self.draw_people()
        self.contacts()
        self.calendar()
        self.notes_and_files()
        self.place_facts()
        self.col("email", "labels").extend(["Work", "Orders", "Family"])
        for t in self.col("messages", "threads"):
            t["messages"].sort(key=lambda m: m["time"])
        self.col("email", "emails").sort(key=lambda e: -e["time"])
        records = {a: cols for a, cols in self.records.items() if a in self.apps and cols}
        return World(id=self.id, persona=self.persona, scenario=self.scenario, seed=self.seed,
                     clock=self.clock, apps=sorted(records), people=self.people, records=records,
                     facts=[f for f in self.facts if all(s.app in records for s in f.sources)])


def _d(iso: str):
    from datetime import date
    return date.fromisoformat(iso)


def _type(name: str) -> str:
    ext = name.rsplit(".", 1)[-1].lower()
    return {"pdf": "pdf", "docx": "document", "txt": "text", "xlsx": "spreadsheet", "pptx": "presentation",
            "png": "image", "jpg": "image", "zip": "archive"}.get(ext, "file")


def offline_world(persona: Persona, scenario: Scenario, apps: list[str], seed: int, world_id: str | None = None) -> World:
    """Return the world of ``persona`` in ``scenario`` over ``apps`` (phone apps), drawn with ``seed``."""
    unknown = sorted(set(apps) - set(PHONE_APPS))
    if unknown:
        raise ValueError(f"the offline backend builds phone worlds over {PHONE_APPS}; unknown app(s) {unknown}")
    needs = [a for a in ("calendar", "messages") if a in apps]
    if needs and "contacts" not in apps:  # its attendees and conversations are contacts: the world would be inconsistent
        raise ValueError(f"the offline backend's {' and '.join(needs)} records refer to contacts; add 'contacts' to the "
                         f"apps ({', '.join(apps)})")
    return _Builder(world_id or f"{scenario.id}-{seed}", persona, scenario, seed, list(apps)).build()
