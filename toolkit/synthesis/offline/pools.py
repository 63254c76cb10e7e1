"""Word pools of the offline backend: invented names, places, shops, and the vocabulary of each scenario.

All names are original and generic (no real people, brands or products).
"""

from __future__ import annotations

from toolkit.synthesis.models import Persona, Scenario

FIRST = [
    "Aiko", "Bastian", "Carmen", "Dmitri", "Esme", "Felix", "Greta", "Hugo", "Ines", "Jonah", "Kira", "Lars",
    "Mira", "Nico", "Odile", "Pavel", "Quinn", "Rhea", "Soren", "Talia", "Umar", "Vera", "Wendell", "Xenia",
    "Yara", "Zane", "Anouk", "Bruno", "Cleo", "Dario", "Elin", "Fabian", "Gemma", "Hamid", "Ilse", "Jasper",
    "Keiko", "Leon", "Maren", "Noor", "Otto", "Pilar", "Rafael", "Sanne", "Tobias", "Una", "Valentin", "Wilma",
]
LAST = [
    "Abernathy", "Bellweather", "Castellan", "Dunmore", "Everhart", "Fairbanks", "Galloway", "Hartigan",
    "Ingleby", "Jessop", "Kettering", "Lindgren", "Marchetti", "Northcott", "Ostrander", "Pemberton", "Quarles",
    "Ravensworth", "Stavros", "Thorne", "Underhill", "Vandermeer", "Whitlock", "Yardley", "Achebe", "Brightwell",
    "Carrow", "Delacourt", "Eastwood", "Farrow", "Greenhalgh", "Holmgren", "Ivanova", "Kowalczyk", "Lockhart",
    "Moravec", "Nakamura", "Okonjo", "Prescott", "Rasmussen", "Sorensen", "Tamsin", "Valdez", "Winterbourne",
]
COMPANIES = [
    "Alderbrook Design", "Bluefin Studio", "Copperline Logistics", "Driftstone Media", "Emberfield Labs",
    "Foxglove Health", "Graniteview Partners", "Harrowgate Legal", "Ironleaf Systems", "Juniper Row Clinic",
    "Kestrel Point Architects", "Lanternhill School", "Moss & Maple Bakery", "Northgate Builders",
]
SERVICES = [("Quillfeather Dental", "dentist"), ("Rowan Street Plumbing", "plumber"), ("Sablewood Vets", "vet"),
            ("Tinmouth Electrics", "electrician"), ("Upland Physio", "physio"), ("Verdant Gardens", "gardener")]
PLACES = [
    "Larkspur Café", "the Old Mill climbing gym", "Harbour Point pier", "Birchwood Park gate", "the Copper Kettle",
    "Fennel & Fig bistro", "the riverside market", "Glasshouse Cinema", "Tallow Lane bookshop", "Marigold Hall",
    "the lido on Quay Road", "Stonebridge tennis courts", "Wren Hill lookout", "the Saffron Room",
]
ACTIVITIES = [  # (event title stem, how a friend proposes it, where)
    ("Climbing", "climbing", "the Old Mill climbing gym"), ("Brunch", "brunch", "Larkspur Café"),
    ("Film night", "a film", "Glasshouse Cinema"), ("Tennis", "tennis", "Stonebridge tennis courts"),
    ("Coffee catch-up", "a coffee", "the Copper Kettle"), ("Evening run", "a run", "Birchwood Park gate"),
    ("Board games", "board games", "the Saffron Room"), ("Swim", "a swim", "the lido on Quay Road"),
    ("Bookshop browse", "a bookshop browse", "Tallow Lane bookshop"), ("Pottery class", "the pottery class", "Marigold Hall"),
]
CODE_KINDS = [
    "door code for the studio", "locker code at the gym", "Wi-Fi password for the cabin", "gate code for the garden",
    "bike shed code", "parcel pickup code", "alarm code for the office", "PIN for the shared storage unit",
]
GENERIC_EVENTS = [
    ("Dentist check-up", 30), ("Yoga class", 60), ("Car service", 90), ("Book club", 90), ("Haircut", 30),
    ("Parents' evening", 60), ("Tax advisor call", 45), ("Language lesson", 60),
]
NEWSLETTERS = [("The Weekly Sprig", "news@weeklysprig.example", "Five ideas for a slow weekend"),
               ("Cityline Transit", "updates@citylinetransit.example", "Timetable changes from next month"),
               ("Pantry Post", "hello@pantrypost.example", "Seasonal recipes: spring greens")]

#: The offline personas. Their summaries say who they are, not what is going on: a world's persona summary adds its
#: scenario (:func:`toolkit.synthesis.world.persona_in`), so persona 0 in the launch scenario is not "moving house".
PERSONAS = [
    Persona(name="Robin Hale", occupation="architect", city="Harbour City", summary="an architect"),
    Persona(name="Robin Hale", occupation="product manager", city="Lake Orrin", summary="a product manager"),
    Persona(name="Robin Hale", occupation="teacher", city="Fernbrook", summary="a primary-school teacher"),
    Persona(name="Robin Hale", occupation="nurse", city="Saltmere", summary="a nurse"),
    Persona(name="Robin Hale", occupation="chef", city="Kilnworth", summary="a chef"),
]

SCENARIOS = {
    "moving": Scenario(id="moving", title="Moving house", description="packing, viewings, removals and handovers"),
    "launch": Scenario(id="launch", title="Product launch", description="rehearsals, press and sign-offs at work"),
    "trip": Scenario(id="trip", title="Class trip", description="bookings, parents and packing for a school trip"),
    "wedding": Scenario(id="wedding", title="Family wedding", description="venues, fittings, guests and suppliers"),
    "renovation": Scenario(id="renovation", title="Kitchen renovation", description="trades, quotes and deliveries"),
}

#: What a persona is doing in each scenario, after its summary ("an architect" + "who is moving ...").
SCENARIO_PHRASES = {
    "moving": "who is moving to a new flat across town",
    "launch": "preparing the launch of a new app",
    "trip": "organising a class trip",
    "wedding": "helping plan a sibling's wedding",
    "renovation": "renovating the kitchen at home",
}

#: Per scenario: events (title, minutes), the checklist note, files (name, KB) and shops (name, domain).
VOCAB = {
    "moving": {
        "sites": ["the new flat, 14 Wren Road", "Quayside letting office", "the old flat, 3 Ferry Street"],
        "events": [("Flat viewing", 60), ("Removal van pickup", 120), ("Key handover", 30), ("Internet installation", 120),
                   ("Deposit meeting", 45), ("Meter reading", 30)],
        "checklist": ("Moving checklist", ["Bubble wrap", "Packing tape", "Label markers", "Plant boxes", "Spare keys",
                                           "Toolbox", "Bin bags"]),
        "files": [("Lease draft.pdf", 412), ("Inventory list.xlsx", 58), ("Floor plan.png", 2310), ("Deposit receipt.pdf", 96),
                  ("Utility contracts.pdf", 733), ("Removal quote.pdf", 141), ("Room measurements.txt", 4)],
        "shops": [("Boxwell Supplies", "boxwell.example"), ("Hearthline Home", "hearthline.example")],
        "occasion": "move",
    },
    "launch": {
        "sites": ["Lighthouse meeting room", "the fourth-floor studio", "Harbour Hall auditorium"],
        "events": [("Launch rehearsal", 90), ("Press briefing", 60), ("Design sign-off", 60), ("Beta feedback review", 60),
                   ("Pricing workshop", 120), ("Support training", 90)],
        "checklist": ("Launch day kit", ["Demo laptop", "Badge lanyards", "Spare chargers", "Printed one-pagers",
                                         "Stickers", "Extension cord", "Clicker"]),
        "files": [("Launch plan.docx", 88), ("Press kit.zip", 5120), ("Pricing sheet.xlsx", 47), ("Keynote draft.pptx", 3480),
                  ("Beta survey results.pdf", 264), ("Release notes.txt", 9), ("Brand guide.pdf", 1822)],
        "shops": [("Inkpress Print", "inkpress.example"), ("Gearbay Electronics", "gearbay.example")],
        "occasion": "launch day",
    },
    "trip": {
        "sites": ["Fernbrook Primary, room 4", "Lake Orrin visitor centre", "the school hall"],
        "events": [("Museum tour", 120), ("Boat excursion", 180), ("Parent briefing", 60), ("Packing session", 60),
                   ("Farewell dinner", 120), ("Coach booking call", 30)],
        "checklist": ("Trip packing list", ["Rain jackets", "Sun cream", "First-aid kit", "Snacks", "Travel adapters",
                                            "Water bottles", "Name badges"]),
        "files": [("Trip itinerary.pdf", 318), ("Hostel booking.pdf", 204), ("Permission forms.pdf", 452),
                  ("Lake map.png", 1930), ("Trip budget.xlsx", 36), ("Emergency contacts.txt", 3), ("Coach timetable.pdf", 122)],
        "shops": [("Trailmark Outfitters", "trailmark.example"), ("Wayfare Tickets", "wayfare.example")],
        "occasion": "trip",
    },
    "wedding": {
        "sites": ["Hollin Manor", "St. Brigid's chapel", "the Willow Barn"],
        "events": [("Cake tasting", 60), ("Venue walkthrough", 90), ("Dress fitting", 60), ("Florist meeting", 45),
                   ("Rehearsal dinner", 150), ("Band audition", 60)],
        "checklist": ("Wedding to-dos", ["Guest book", "Place cards", "Ribbon", "Candles", "Fairy lights", "Vases",
                                         "Confetti"]),
        "files": [("Guest list.xlsx", 52), ("Seating plan.pdf", 380), ("Speech draft.docx", 31), ("Venue contract.pdf", 655),
                  ("Menu options.pdf", 207), ("Playlist.txt", 2), ("Invitation design.png", 2870)],
        "shops": [("Petal & Stem", "petalandstem.example"), ("Linenfold Rentals", "linenfold.example")],
        "occasion": "wedding",
    },
    "renovation": {
        "sites": ["home, 22 Alder Close", "Gritstone Hardware yard", "the kitchen showroom on Mill Road"],
        "events": [("Kitchen tiling", 240), ("Plumber visit", 60), ("Paint samples pickup", 30), ("Electrician quote", 45),
                   ("Cabinet delivery", 120), ("Worktop measuring", 60)],
        "checklist": ("Renovation shopping", ["Tile spacers", "Grout", "Sandpaper", "Masking tape", "Drop cloths",
                                              "Cabinet handles", "Silicone"]),
        "files": [("Kitchen layout.pdf", 566), ("Tile samples.png", 2440), ("Builder quote.pdf", 173), ("Appliance manuals.zip", 8200),
                  ("Budget renovation.xlsx", 61), ("Paint colours.txt", 2), ("Permit letter.pdf", 98)],
        "shops": [("Gritstone Hardware", "gritstone.example"), ("Hollowbrook Kitchens", "hollowbrook.example")],
        "occasion": "renovation",
    },
}

#: The default worlds: (persona index, scenario id, seed).
DEFAULT_WORLDS = [(0, "moving", 11), (1, "launch", 23), (2, "trip", 37), (3, "wedding", 41), (4, "renovation", 53)]
