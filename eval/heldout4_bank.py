"""Wording bank of the fourth held-out memory-quality set (eval/data/heldout4.json).

Written blind on 2026-12-01 (session 7): without reading the service's code or data files
(``layers/``) and without copying wording from the public set or held-out banks 1-3. Only the
shared generator's data structures are followed (see ``build_dataset`` in
``../shared/bench/generate.py``); ``make_heldout4.py`` checks programmatically that no value, name
or phrasing is shared with the other banks.

New here: domains (home repair project, vegetable patch, synthesizer, commuter line,
volunteering, kids' activity, budgeting method, notes app, password manager, hot sauce,
booked holiday, heating system, dog breed), casual lowercase messages with typos, facts stated in
passing inside a question, unmarked changes of value ("went for X in the end"), forget requests
in indirect and question forms, API tokens in GitHub/AWS/Slack/GitLab shapes, Amex/Discover/JCB
cards, NO/DK/FI/SE/LU IBANs, US-style addresses with apartment numbers, passphrases, and a store
policy that excludes body weight and measurements, immigration status and legal matters.
"""

from __future__ import annotations

import random
import string

from generate import V  # the shared machinery's value helper (slots v, v_cap, a_v, ...)

# =========================================================================== check digits


def luhn_number(prefix: str, length: int, rng: random.Random) -> str:
    """``length`` digits starting with ``prefix``, the last one being the Luhn check digit."""
    body = [int(c) for c in prefix]
    while len(body) < length - 1:
        body.append(rng.randrange(10))
    total = 0
    for i, d in enumerate(reversed(body)):  # the check digit goes to the right: i = 0 is doubled
        d = d * 2 if i % 2 == 0 else d
        total += d - 9 if d > 9 else d
    return "".join(map(str, body)) + str((10 - total % 10) % 10)


def iban_from_bban(country: str, bban: str) -> str:
    """ISO 13616 check digits: the IBAN's mod-97 remainder is 1."""
    num = int("".join(str(int(ch, 36)) for ch in bban + country + "00"))
    return f"{country}{98 - num % 97:02d}{bban}"


IBAN_LENGTHS = {"NO": 15, "DK": 18, "FI": 18, "SE": 24, "LU": 20}


def _num(rng: random.Random, n: int) -> str:
    return "".join(str(rng.randrange(10)) for _ in range(n))


def _chunks(s: str, sizes) -> str:
    out, i = [], 0
    for n in sizes:
        out.append(s[i : i + n])
        i += n
    if i < len(s):
        out.append(s[i:])
    return " ".join(p for p in out if p)


# =========================================================================== secret makers

_PASS_WORDS = [
    "Tugboat",
    "Sorrel",
    "Kestrel",
    "Mangrove",
    "Obelisk",
    "Quarry",
    "Thimble",
    "Burrow",
    "Lichen",
    "Cobble",
    "Ramekin",
    "Spindle",
    "Wicket",
    "Halberd",
]


def mk_passphrase(rng):
    a, b = rng.sample(_PASS_WORDS, 2)
    sep = rng.choice(["-", ".", "_"])
    return {"pw": f"{a}{sep}{b.lower()}{sep}{rng.randint(10, 99)}"}


def mk_token(rng):
    alnum = string.ascii_letters + string.digits
    upper = string.ascii_uppercase + string.digits
    kind = rng.choice(["github", "aws", "slack", "gitlab"])
    while True:
        if kind == "github":
            key = "ghp_" + "".join(rng.choice(alnum) for _ in range(36))
        elif kind == "aws":
            key = "AKIA" + "".join(rng.choice(upper) for _ in range(16))
        elif kind == "slack":
            key = f"xoxb-{_num(rng, 12)}-{_num(rng, 13)}-" + "".join(rng.choice(alnum) for _ in range(24))
        else:
            key = "glpat-" + "".join(rng.choice(alnum + "_") for _ in range(20))
        tail = key.split("_")[-1] if kind != "slack" else key
        if sum(c.isdigit() for c in tail) >= 3 and sum(c.isalpha() for c in tail) >= 3:
            return {"key": key}


def mk_card(rng):
    kind = rng.choice(["amex", "amex", "discover", "jcb"])
    if kind == "amex":
        card = luhn_number(rng.choice(["34", "37"]), 15, rng)
        shown = _chunks(card, (4, 6, 5))
    elif kind == "discover":
        card = luhn_number("6011", 16, rng)
        shown = _chunks(card, (4, 4, 4, 4))
    else:
        card = luhn_number(str(rng.randint(3528, 3589)), 16, rng)
        shown = _chunks(card, (4, 4, 4, 4))
    return {
        "card": shown,
        "cvc": _num(rng, 4 if kind == "amex" else 3),
        "exp": f"{rng.randint(1, 12):02d}/{rng.randint(28, 32)}",
    }


def mk_iban(rng):
    country = rng.choice(sorted(IBAN_LENGTHS))
    if country == "LU":
        bban = _num(rng, 3) + "".join(rng.choice(string.ascii_uppercase + string.digits) for _ in range(13))
    else:
        bban = _num(rng, IBAN_LENGTHS[country] - 4)
    iban = iban_from_bban(country, bban)
    return {"iban": _chunks(iban, (4,) * 7), "holder": rng.choice(["joint", "savings", "current"])}


def mk_age(rng):
    age = rng.randint(24, 67)
    return {"age": str(age), "next": str(age + 1)}


_STREETS = [
    "Tidemill",
    "Wrexleigh",
    "Cobbold",
    "Larchmere",
    "Vossbury",
    "Pennock",
    "Hambleden",
    "Ottery",
    "Quenby",
    "Sedgecombe",
    "Marrowfield",
    "Brindlecote",
]
_SUFFIXES = ["Road", "Avenue", "Court", "Lane", "Drive", "Street"]


def mk_address(rng):
    street = rng.choice(_STREETS)
    return {
        "num": str(rng.randint(12, 4890)),
        "street": f"{street} {rng.choice(_SUFFIXES)}",
        "street_key": street,
        "apt": f"{rng.randint(1, 9)}{rng.choice('ABCD')}",
    }


_VISAS = [
    ("an", "H-1B visa", "H-1B"),
    ("an", "EU Blue Card", "Blue Card"),
    ("a", "Skilled Worker visa", "Skilled Worker visa"),
    ("an", "O-1 visa", "O-1"),
    ("a", "TN visa", "TN visa"),
    ("a", "Global Talent visa", "Global Talent"),
    ("a", "spousal visa", "spousal visa"),
    ("an", "indefinite leave to remain application", "indefinite leave"),
]


def mk_visa(rng):
    art, visa, key = rng.choice(_VISAS)
    return {"visa": visa, "visa_key": key, "a_visa": f"{art} {visa}", "a_visa_key": key}


def mk_body(rng):
    if rng.random() < 0.6:
        kg = rng.randint(71, 118)
        weight, wkey = f"{kg} kg", str(kg)
    else:
        st = rng.randint(11, 19)
        weight, wkey = f"{st} stone {rng.randint(1, 13)}", f"{st} stone"
    waist = rng.randint(30, 46)
    return {"weight": weight, "weight_key": wkey, "waist": str(waist), "waist_key": f"{waist} inch"}


_CASES = [
    ("custody hearing", "custody"),
    ("small claims case", "small claims"),
    ("drink-driving charge", "drink driving"),
    ("employment tribunal", "tribunal"),
    ("eviction hearing", "eviction"),
    ("restraining order application", "restraining order"),
    ("personal injury claim", "personal injury"),
]
_DAYS = ["next Tuesday", "the 14th", "early March", "the week after next", "this Friday"]


def mk_case(rng):
    case, key = rng.choice(_CASES)
    return {"case": case, "case_key": key, "when": rng.choice(_DAYS)}


# =========================================================================== the bank


def heldout4_bank() -> dict:
    return {
        "name": "heldout4-v1",
        "store": {
            "description": "memstore benchmark (held-out set 4)",
            "options": {
                "user_profile_enabled": True,
                "chat_summary_enabled": True,
                "procedural_memory_enabled": True,
                "user_profile_details": (
                    "Keep what makes everyday help better: the user's home and garden projects, the gear "
                    "and software they use, their hobbies and volunteering, how they get around, their "
                    "household, kids' activities and pets, holiday plans and how they like answers laid "
                    "out. Leave out the user's body weight or body measurements, their visa or immigration "
                    "status, and any court case, legal claim or dispute they are involved in."
                ),
            },
        },
        "session_counts": [4, 5, 5, 6, 6],
        "noise_session_prob": 0.2,
        "n_optional": (6, 7),
        "n_updates": (2, 3),
        "n_procedural": 2,
        "n_remember": 1,
        "n_forget": (1, 2),
        "n_sensitive_std": 3,
        "n_sensitive_policy": 2,
        "noise_per_session": (1, 2),
        "opener_prob": 0.3,
        "closer_prob": 0.3,
        "combine_prob": 0.35,
        "connector_prob": 0.3,
        "echo_prob": 0.25,
        "isolation_per_scenario": 2,
        "pools": {
            "user_names": [
                "Briony",
                "Corisande",
                "Eulalie",
                "Hesper",
                "Isambard",
                "Kenelm",
                "Nollaig",
                "Piran",
                "Rowena",
                "Selwyn",
                "Ulick",
                "Yselda",
                "Zillah",
                "Drusilla",
                "Eamon",
                "Gervase",
                "Honoria",
                "Jocasta",
                "Orrin",
                "Romilly",
                "Torquil",
                "Wenceslas",
                "Aelred",
                "Dymphna",
                "Ebenezer",
                "Gwilym",
                "Ishbel",
                "Kezia",
                "Lucasta",
                "Melisende",
                "Ninian",
                "Olwen",
                "Pelagia",
                "Senga",
                "Thaddea",
                "Ulfric",
                "Vashti",
                "Wilmot",
                "Yestin",
                "Bevis",
                "Columba",
                "Edric",
                "Fulke",
                "Gobnait",
                "Hamnet",
                "Ebba",
                "Lettice",
                "Oriana",
                "Sabine",
                "Tristram",
                "Jethro",
                "Ludovic",
            ],
            "pet_names": [
                "Sardine",
                "Bonbon",
                "Cashew",
                "Brisket",
                "Turnip",
                "Meatball",
                "Pesto",
                "Radish",
                "Scone",
                "Truffle",
                "Sherbet",
                "Praline",
                "Goulash",
                "Biryani",
                "Tortellini",
                "Haggis",
                "Bratwurst",
                "Crumble",
                "Dijon",
                "Oatcake",
                "Paella",
                "Quiche",
                "Rarebit",
                "Tiramisu",
                "Bhaji",
                "Tagine",
                "Muffin",
                "Baklava",
                "Pierogi",
                "Strudel",
                "Teacake",
                "Eclair",
                "Bagel",
                "Gumbo",
                "Jambalaya",
                "Focaccia",
                "Ciabatta",
                "Polenta",
                "Couscous",
                "Tabbouleh",
                "Tempura",
                "Yakitori",
                "Korma",
                "Pavlova",
                "Trifle",
                "Bramley",
            ],
            "relative_names": [
                "Aurelie",
                "Fiametta",
                "Gulliver",
                "Ingram",
                "Jovita",
                "Keturah",
                "Neasa",
                "Rohesia",
                "Sorcha",
                "Tiernan",
                "Vasco",
                "Wilfrida",
                "Zoltan",
                "Cathal",
                "Desdemona",
                "Eluned",
                "Grainne",
                "Hywel",
                "Jarlath",
                "Lachlan",
                "Marit",
                "Nemo",
                "Peadar",
                "Ruairi",
                "Tegwen",
                "Annwen",
                "Bedwyr",
                "Deiniol",
                "Eithne",
                "Fflur",
                "Heledd",
                "Iestyn",
                "Lleucu",
                "Meinir",
                "Nesta",
                "Owain",
                "Pryderi",
                "Rhodri",
                "Siwan",
                "Tudur",
                "Angharad",
                "Cadfael",
                "Dilys",
                "Elffin",
                "Geraint",
                "Hafwen",
                "Idwal",
                "Llinos",
                "Mabon",
                "Osian",
                "Peredur",
                "Sioned",
                "Taliesin",
                "Wynfor",
                "Gruffudd",
                "Myfanwy",
            ],
        },
        "core_domains": [
            {
                "domain": "name",
                "pool": "user_names",
                "first": True,
                "state": [
                    "hiya, {v} here, first time on this thing",
                    "Before anything else: the name's {v}.",
                    "hello! {v} speaking, first time using this",
                    "Quick intro, I'm {v} and I've got a bunch of house questions.",
                    "It's {v}. My partner set this up for me.",
                    "evening. i'm {v} btw",
                ],
                "direct": ["What do you call me?", "Have I told you my name?", "Which name did I give you?"],
                "task": [
                    "Write a sign-off line for my messages to the parish newsletter.",
                    "Fill in the 'your name' line of this volunteer form for me.",
                    "Make a label for my toolbox with my name on it.",
                ],
            },
            {
                "domain": "pet",
                "pool": "pet_names",
                "extra": {"species": ["dog", "cat", "lurcher", "budgie", "chicken", "gecko", "rat", "duck"]},
                "state": [
                    "ugh {v} (my {species}) chewed through the hosepipe",
                    "Do {species}s get bored? Mine, {v}, keeps staring at the wall.",
                    "Our {species} {v} has claimed the new sofa for good.",
                    "I've got to take {v} to the vet later, that's our {species}.",
                    "{v} is my {species}, and yes, there is an Instagram account.",
                    "Is it weird that I talk to my {species} {v} while I do the dishes?",
                ],
                "direct": [
                    "What's the name of my pet?",
                    "What did I call my {species}?",
                    "Which animal do I have at home, and what's it called?",
                ],
                "task": [
                    "Write a pet-sitter note for my {species}.",
                    "Come up with a nickname for my pet.",
                    "Make a 'lost pet' poster for my {species}.",
                ],
            },
            {
                "domain": "family",
                "pool": "relative_names",
                "extra": {
                    "rel": [
                        "stepdaughter",
                        "nephew",
                        "niece",
                        "godson",
                        "aunt",
                        "brother-in-law",
                        "eldest",
                        "youngest",
                    ]
                },
                "state": [
                    "My {rel} {v} is helping me paint the hallway on Sunday.",
                    "can you believe my {rel} {v} passed their driving test first time",
                    "What do you get a teenager who has everything? Asking for my {rel} {v}.",
                    "I'm collecting my {rel}, {v}, from the station tonight.",
                    "{v} - my {rel} - wants to borrow my drill again.",
                    "Me and my {rel} {v} built a bird box yesterday.",
                ],
                "direct": ["Who is my {rel}, name-wise?", "What's my {rel}'s first name?"],
                "task": [
                    "Write a birthday message for my {rel}.",
                    "Plan a Saturday outing with my {rel}.",
                    "Draft a quick thank-you text to my {rel}.",
                ],
            },
        ],
        "domains": [
            {
                "domain": "home_project",
                "values": [
                    V("decking"),
                    V("radiators", ["radiator"]),
                    V("skirting boards", ["skirting"]),
                    V("guttering"),
                    V("wallpaper"),
                    V("fence panels", ["fence"]),
                    V("bathroom grout", ["grout"]),
                ],
                "state": [
                    "This month's job around the house is the {v}.",
                    "spent all saturday on the {v} and its still not done lol",
                    "How long should it take an amateur to redo the {v}? That's my project right now.",
                    "The big DIY thing at ours at the moment is sorting out the {v}.",
                    "I've finally started on the {v}, the house project I've put off for ages.",
                    "Do I need any special tools for the {v}? I'm doing it myself this spring.",
                ],
                "update": [
                    "{v_cap} jumped the queue, so that's the project now instead of the {old_v}.",
                    "finished the {old_v}!! on to the {v} next",
                    "Change of plan at home: we're doing the {v} first.",
                    "Got someone in for the {old_v}, so I'm on the {v} myself now.",
                    "The current house job is the {v}; the {old_v} is done and dusted.",
                    "Moved on to the {v} this week.",
                ],
                "direct": ["Which DIY job is on the go at my place?", "Which home repair am I busy with?"],
                "task": [
                    "Make me a shopping list for my current DIY job.",
                    "Plan this weekend around my home project.",
                ],
            },
            {
                "domain": "veg_patch",
                "values": [
                    V("broad beans", ["broad bean"]),
                    V("pak choi"),
                    V("celeriac"),
                    V("shallots", ["shallot"]),
                    V("sweetcorn"),
                    V("leeks", ["leek"]),
                    V("garlic"),
                ],
                "state": [
                    "the only thing thriving in my raised bed is the {v} tbh",
                    "Is it too late to feed the {v}? They're the main thing I grow.",
                    "Most of my plot is given over to {v} this year.",
                    "I'm growing {v} on the balcony and I'm weirdly proud of them.",
                    "My pride and joy in the garden right now: {v}.",
                    "What's eating my {v}? It's what I've planted the most of.",
                ],
                "update": [
                    "Pulled out the {old_v}, the bed is all {v} now.",
                    "ok so the {old_v} failed and i replanted with {v}",
                    "This season it's {v} rather than {old_v}.",
                    "Gave up on {old_v}. {v_cap} instead.",
                    "The plot's been taken over by {v} now.",
                    "I've switched the patch over to {v}.",
                ],
                "direct": ["What am I growing at the moment?", "What's in my veg patch?"],
                "task": [
                    "Give me a watering schedule for what I'm growing.",
                    "Suggest a recipe using what's coming up in my garden.",
                ],
            },
            {
                "domain": "synth",
                "values": [
                    V("Korg Minilogue", ["Minilogue"]),
                    V("Arturia MicroFreak", ["MicroFreak"]),
                    V("Elektron Digitakt", ["Digitakt"]),
                    V("Arturia PolyBrute", ["PolyBrute"]),
                    V("Yamaha Reface", ["Reface"]),
                    V("Synthstrom Deluge", ["Deluge"]),
                ],
                "state": [
                    "Most of my tracks start on my {v}.",
                    "any tips for getting fatter bass out of a {v}? its my main synth",
                    "I make music in the evenings, mostly on {a_v}.",
                    "The {v} is the centre of my little studio setup.",
                    "Can a {v} sync to a drum machine over MIDI? That's what I play.",
                    "My main instrument these days is {a_v}.",
                ],
                "update": [
                    "Sold the {old_v}; the {v} is my main synth now.",
                    "Traded up to {a_v}.",
                    "picked up a {v} secondhand and the {old_v} went on ebay",
                    "These days everything I make goes through the {v}.",
                    "Went with the {v} in the end.",
                    "{v_cap} replaced the {old_v} on my desk.",
                ],
                "direct": ["Which synth do I use?", "What keyboard do I make music on?"],
                "task": [
                    "Suggest a patch I could program on my synth.",
                    "Recommend a case that fits my main instrument.",
                ],
            },
            {
                "domain": "commute_line",
                "values": [
                    V("Jubilee line", ["Jubilee"]),
                    V("Piccadilly line", ["Piccadilly"]),
                    V("Metrolink tram", ["Metrolink"]),
                    V("Overground"),
                    V("Thameslink"),
                    V("Merseyrail"),
                ],
                "state": [
                    "I get the {v} into work every day.",
                    "is the {v} always this rammed at 8? its my commute",
                    "My daily commute is forty minutes on the {v}.",
                    "Every morning it's me, a podcast and the {v}.",
                    "Do you know if there are strikes on the {v} this week? I rely on it.",
                    "Work is a straight run on the {v} for me.",
                ],
                "update": [
                    "New office, so now I'm on the {v} instead.",
                    "ive given up on the {old_v}, taking the {v} now",
                    "My route changed: it's the {v} these days.",
                    "The {v} is my commute now, not the {old_v}.",
                    "Started getting the {v} to work.",
                    "Swapped the {old_v} for the {v} after the timetable change.",
                ],
                "direct": ["What's my route to the office?", "What line do I commute on?"],
                "task": [
                    "Check for delays on my usual commute.",
                    "Plan my journey to the office tomorrow morning.",
                ],
            },
            {
                "domain": "volunteering",
                "values": [
                    V("soup kitchen"),
                    V("tool library"),
                    V("talking newspaper"),
                    V("hospice shop", ["hospice"]),
                    V("canal restoration trust", ["canal"]),
                    V("litter picking group", ["litter"]),
                    V("community orchard", ["orchard"]),
                    V("wildlife rescue"),
                ],
                "state": [
                    "I give a few hours a week to the local {v}.",
                    "volunteering at the {v} again tmrw, my saturday thing",
                    "Sunday mornings are for the {v}, I've helped out there for years.",
                    "How do I get more people to sign up to the {v}? I volunteer there.",
                    "My bit for the community is the {v}.",
                    "I help run the {v} in town.",
                ],
                "update": [
                    "I've stepped back from the {old_v}, I'm helping the {v} now.",
                    "new volunteering gig: {v}",
                    "These days my volunteering is at the {v}.",
                    "Left the {old_v} crew and joined the {v}.",
                    "Ended up signing up with the {v}.",
                    "It's the {v} that gets my spare hours now.",
                ],
                "direct": ["Where do I give my time as a volunteer?", "What community work do I do?"],
                "task": [
                    "Write a short recruitment post for the place I volunteer.",
                    "Plan my next volunteering shift.",
                ],
            },
            {
                "domain": "kids_activity",
                "values": [
                    V("judo"),
                    V("ballet"),
                    V("Scouts", ["scout"]),
                    V("coding club"),
                    V("capoeira"),
                    V("sea cadets", ["sea cadet"]),
                    V("trampolining"),
                ],
                "state": [
                    "Saturday mornings are taken up with the kids' {v}.",
                    "what do you pack for a {v} competition? our youngest does it",
                    "My two are obsessed with {v}, three sessions a week.",
                    "I'm the taxi service for {v} every Wednesday.",
                    "Is {v} good for a shy kid? Ours just started.",
                    "The kids do {v} after school.",
                ],
                "update": [
                    "They've dropped {old_v}, it's {v} now.",
                    "kids quit {old_v} and signed up for {v} instead",
                    "New term, new thing: {v}.",
                    "Our youngest has moved on to {v}.",
                    "{v_cap} is the after-school thing now.",
                    "No more {old_v}; they do {v}.",
                ],
                "direct": ["What activity do my kids do?", "What's the kids' after-school club?"],
                "task": [
                    "Make a packing checklist for the kids' weekly activity.",
                    "Find a birthday present that fits what my kids are into.",
                ],
            },
            {
                "domain": "budgeting",
                "values": [
                    V("YNAB"),
                    V("envelope system", ["envelope"]),
                    V("Monzo pots", ["Monzo"]),
                    V("Goodbudget"),
                    V("zero-based budget", ["zero based"]),
                    V("Snoop"),
                ],
                "state": [
                    "I keep track of household money with {v}.",
                    "does {v} work for couples? thats what i budget with",
                    "Our budgeting lives in {v}, every pound gets a job.",
                    "I've used {v} for years to keep the bills in order.",
                    "Money-wise, {v} is how we manage the month.",
                    "Quick question about {v}, which is what I use for the monthly plan.",
                ],
                "update": [
                    "Moved our money tracking over to {v}.",
                    "ditched {old_v} for {v}",
                    "We use {v} now; {old_v} was too fiddly.",
                    "Tried {v} last month and stuck with it.",
                    "{v_cap} is our system now.",
                    "Went for {v} in the end.",
                ],
                "direct": ["How do I manage my monthly spending?", "What budgeting method do I use?"],
                "task": [
                    "Set up next month's spending plan in my usual tool.",
                    "Help me categorise this month's bills the way I track them.",
                ],
            },
            {
                "domain": "notes_app",
                "values": [
                    V("Obsidian"),
                    V("Logseq"),
                    V("Joplin"),
                    V("OneNote"),
                    V("Bear", a="the"),
                    V("Apple Notes"),
                    V("Craft"),
                ],
                "state": [
                    "All my notes live in {v}.",
                    "how do i make a template in {v}? its where i keep everything",
                    "I plan every project in {v}.",
                    "My second brain is {v}, honestly.",
                    "Can {v} sync across a phone and a laptop? It's my notes app.",
                    "{v_cap} is where my to-do lists go.",
                ],
                "update": [
                    "I've migrated everything to {v}.",
                    "moved my notes from {old_v} to {v} over the weekend",
                    "{v_cap} is my notes app now.",
                    "Ended up in {v} after all.",
                    "I'm done with {old_v}; it's {v} from here on.",
                    "Switched note apps: {v}.",
                ],
                "direct": ["Where do I keep my notes?", "Which notes app do I use?"],
                "task": [
                    "Write a meeting-notes template for my notes app.",
                    "Suggest a folder structure for my notes tool.",
                ],
            },
            {
                "domain": "password_manager",
                "values": [
                    V("Bitwarden"),
                    V("KeePassXC"),
                    V("Dashlane"),
                    V("Proton Pass"),
                    V("Enpass"),
                    V("NordPass"),
                ],
                "state": [
                    "I keep all my logins in {v}.",
                    "is {v} safe enough? its what the whole family uses",
                    "My password manager is {v}.",
                    "Can {v} share a vault with my partner? That's our password manager.",
                    "Everything's saved in {v}, so I only remember one thing.",
                    "For logins I rely on {v}.",
                ],
                "update": [
                    "Moved all our logins over to {v}.",
                    "bye {old_v}, hello {v}",
                    "We're on {v} now.",
                    "Exported everything out of {old_v} into {v}.",
                    "Settled on {v} in the end.",
                    "The family switched password managers; it's {v} now.",
                ],
                "direct": ["Which password manager do I use?", "Where do I store my logins?"],
                "task": [
                    "Walk me through adding a new login in my password manager.",
                    "Explain how to set up emergency access in the app I use for passwords.",
                ],
            },
            {
                "domain": "hot_sauce",
                "values": [
                    V("Cholula"),
                    V("Tapatío", ["Tapatio"]),
                    V("Sriracha"),
                    V("Yellowbird"),
                    V("El Yucateco", ["Yucateco"]),
                    V("Frank's RedHot", ["RedHot"]),
                ],
                "state": [
                    "I put {v} on basically everything.",
                    "theres always a bottle of {v} in my bag, dont judge",
                    "Would {v} work in a marinade? It's my go-to hot sauce.",
                    "Eggs aren't eggs without {v}.",
                    "My fridge door is just {v}, several bottles.",
                    "My hot sauce of choice is {v}.",
                ],
                "update": [
                    "I've gone off {old_v}, {v} is my hot sauce now.",
                    "new obsession: {v}",
                    "It's {v} on everything these days.",
                    "Found {v} and never looked back.",
                    "{v_cap} has replaced {old_v} in my fridge.",
                    "Switched my hot sauce to {v}.",
                ],
                "direct": ["What's my favourite hot sauce?", "What do I put on my eggs?"],
                "task": [
                    "Add my hot sauce to the shopping list.",
                    "Suggest a taco recipe using my favourite sauce.",
                ],
            },
            {
                "domain": "holiday",
                "values": [
                    V("Girona"),
                    V("Cádiz", ["Cadiz"]),
                    V("Lecce"),
                    V("Valletta"),
                    V("Ghent"),
                    V("Zadar"),
                    V("Madeira"),
                ],
                "state": [
                    "We're off to {v} in the summer, flights are booked.",
                    "any food tips for {v}? we're going in july",
                    "Our next holiday is a week in {v}.",
                    "What should I pack for {v} in June? That's the family trip.",
                    "I've booked a long weekend in {v} for our anniversary.",
                    "The holiday this year is {v}.",
                ],
                "update": [
                    "Booked {v} in the end.",
                    "change of plan, its {v} not {old_v}",
                    "We cancelled {old_v} and we're going to {v} instead.",
                    "Holiday's now {v}.",
                    "Ended up choosing {v} for the summer.",
                    "{v_cap} won the family vote over {old_v}.",
                ],
                "direct": ["Which city is our next holiday in?", "What trip have I booked?"],
                "task": ["Make a packing list for my upcoming holiday.", "Plan day one of my next trip."],
            },
            {
                "domain": "heating",
                "values": [
                    V("heat pump"),
                    V("wood burner"),
                    V("combi boiler", ["combi"]),
                    V("storage heaters", ["storage heater"], a="some"),
                    V("underfloor heating system", ["underfloor"]),
                    V("pellet stove", ["pellet"]),
                ],
                "state": [
                    "We heat the house with {a_v}.",
                    "is it normal for {a_v} to make a clicking noise? that's our heating",
                    "Our heating is {a_v}, installed when we moved in.",
                    "The house runs on {a_v} in winter.",
                    "How often should {a_v} be serviced? That's what we have.",
                    "We've got {a_v} for heating.",
                ],
                "update": [
                    "We've had {a_v} put in, the {old_v} is gone.",
                    "finally replaced the {old_v}, got {a_v}",
                    "Heating's {a_v} now.",
                    "Went for {a_v} in the end.",
                    "The {old_v} died, so {a_v} it is.",
                    "We now heat the place with {a_v}.",
                ],
                "direct": ["How is my house heated?", "What heating do we have?"],
                "task": [
                    "Give me a winter maintenance checklist for our heating.",
                    "Estimate this winter's heating costs for our setup.",
                ],
            },
            {
                "domain": "dog_breed",
                "values": [
                    V("labrador"),
                    V("whippet"),
                    V("dachshund"),
                    V("cockapoo"),
                    V("vizsla"),
                    V("shiba inu", ["shiba"]),
                    V("border collie", ["collie"]),
                ],
                "state": [
                    "We're getting {a_v} puppy in the spring.",
                    "how much exercise does {a_v} need? we're picking one up next month",
                    "The breeder's {v} litter is due soon and we're on the list.",
                    "We've decided on {a_v} as our next dog.",
                    "Can {a_v} live in a flat? That's the breed we've chosen.",
                    "The plan is {a_v}, the kids are beyond excited.",
                ],
                "update": [
                    "We ended up getting {a_v}.",
                    "plot twist, it's {a_v} not {old_a_v}",
                    "Changed our minds: {a_v} instead.",
                    "Went with {a_v} in the end.",
                    "The {old_v} plan fell through, so {a_v}.",
                    "{v_cap} it is, after all that.",
                ],
                "direct": ["What breed of dog are we getting?", "Which dog breed did we choose?"],
                "task": [
                    "Make a puppy-proofing checklist for the breed we picked.",
                    "Suggest toys for the dog we're getting.",
                ],
            },
        ],
        "procedural": [
            {
                "id": "h4_checkbox",
                "tokens": [["checkbox", "checkboxes", "check box", "tick box"]],
                "state": [
                    "Format any list of things to buy or do as checkboxes.",
                    "lists as checkboxes plz, i tick them off in my notes",
                    "When you give me a to-do list, use checkboxes.",
                    "I like shopping lists with a checkbox per item.",
                    "Checkboxes for lists, please, not bullets.",
                    "Could every list you make me have tick boxes?",
                ],
                "direct": ["How should you format lists for me?", "What list style do I prefer?"],
                "task": [
                    "Write me a list of things to pack for a weekend away.",
                    "Give me a to-do list for deep-cleaning the kitchen.",
                ],
            },
            {
                "id": "h4_safety",
                "tokens": [["safety"]],
                "state": [
                    "For any DIY or electrical question, put safety warnings first.",
                    "safety stuff at the top pls when its anything with tools",
                    "Lead with safety notes when I ask about repairs.",
                    "Always mention safety first on home-repair answers.",
                    "I want the safety points before the steps.",
                    "Remind me of safety precautions up front for tool jobs.",
                ],
                "direct": [
                    "What should come first when I ask about repairs?",
                    "What do I want at the top of DIY answers?",
                ],
                "task": ["How do I replace a light switch?", "How do I cut a worktop with a circular saw?"],
            },
            {
                "id": "h4_difficulty",
                "tokens": [["difficulty"]],
                "state": [
                    "Rate the difficulty of each project you suggest.",
                    "give me a difficulty rating for diy jobs pls",
                    "Tell me the difficulty level before you explain a project.",
                    "I want a difficulty score on anything hands-on.",
                    "Please flag difficulty, out of five, for practical tasks.",
                    "Always include a difficulty rating.",
                ],
                "direct": [
                    "What rating should you give projects for me?",
                    "What should you tell me about a practical task before explaining it?",
                ],
                "task": ["Suggest a weekend woodworking project.", "How would I tile a splashback?"],
            },
            {
                "id": "h4_wordcap",
                "tokens": [["150 words", "hundred and fifty words"]],
                "state": [
                    "Keep replies under 150 words.",
                    "max 150 words per answer pls, i read on my phone",
                    "Try to stay within 150 words.",
                    "Answers of 150 words or fewer, please.",
                    "I'd like answers capped at 150 words.",
                    "Don't go over 150 words unless I ask.",
                ],
                "direct": ["How long should your answers be?", "Is there a length limit on your replies?"],
                "task": ["Explain how tides work.", "Tell me about the history of the bicycle."],
            },
            {
                "id": "h4_cost",
                "tokens": [["cost estimate", "cost estimates"]],
                "state": [
                    "Whenever you suggest a fix, add a rough cost estimate.",
                    "pls always put a cost estimate on repair ideas, money's tight-ish",
                    "I'd like a ballpark cost estimate with every project idea.",
                    "Can you include a cost estimate when you recommend buying something?",
                    "Give me a cost estimate in pounds before the how-to.",
                    "A quick cost estimate helps me decide, so always add one.",
                ],
                "direct": [
                    "What money information should you give me with suggestions?",
                    "What do I want to know about price when you recommend a fix?",
                ],
                "task": [
                    "How could I stop my back door from sticking?",
                    "Suggest a way to brighten a dark hallway.",
                ],
            },
            {
                "id": "h4_beginner",
                "tokens": [["beginner", "beginners"]],
                "state": [
                    "Pitch explanations at a beginner level, please.",
                    "explain stuff like im a total beginner, no shame",
                    "Treat me as a beginner when it's anything technical.",
                    "I'm happiest with beginner-friendly explanations.",
                    "Assume I'm a beginner unless I say otherwise.",
                    "Keep things at beginner level for me.",
                ],
                "direct": [
                    "What level should you pitch your explanations at?",
                    "How much should you assume I already know?",
                ],
                "task": ["Explain how a fuse box works.", "Tell me how compound interest is calculated."],
            },
            {
                "id": "h4_one_rec",
                "tokens": [["one recommendation", "single recommendation"]],
                "state": [
                    "Give me one recommendation, not a list of options.",
                    "just one recommendation pls, too many choices stresses me out",
                    "When I ask what to buy, make a single recommendation.",
                    "I'd rather have one recommendation than five maybes.",
                    "Please narrow it down to one recommendation.",
                    "A single recommendation is all I need from you.",
                ],
                "direct": [
                    "How many options should you give me when I ask for advice?",
                    "How do I like product suggestions?",
                ],
                "task": [
                    "Which cordless drill should I get?",
                    "What board game should we play at Christmas?",
                ],
            },
            {
                "id": "h4_seasonal",
                "tokens": [["seasonal", "in season"]],
                "state": [
                    "For recipes, use seasonal ingredients where you can.",
                    "seasonal veg in recipes pls, its cheaper",
                    "Could you favour what's in season when you suggest meals?",
                    "I cook seasonal, so build recipes around that.",
                    "Stick to ingredients that are in season right now.",
                    "Please suggest seasonal dishes rather than anything flown in.",
                ],
                "direct": [
                    "What should you keep in mind when you suggest recipes?",
                    "What kind of ingredients do I prefer in meal ideas?",
                ],
                "task": ["Plan three dinners for next week.", "Suggest a pudding for Sunday lunch."],
            },
            {
                "id": "h4_glossary",
                "tokens": [["glossary"]],
                "state": [
                    "Add a short glossary under answers that use technical terms.",
                    "stick a glossary at the end if theres tricky words",
                    "I like a glossary of the trickier terms at the bottom.",
                    "Please finish technical answers with a mini glossary.",
                    "A glossary after the explanation really helps me.",
                    "When you use specialist words, include a glossary.",
                ],
                "direct": [
                    "What should you add to answers with technical words?",
                    "What do I want at the end of technical explanations?",
                ],
                "task": ["Explain how a heat exchanger works.", "Tell me how remortgaging works."],
            },
            {
                "id": "h4_spotify",
                "tokens": [["Spotify"]],
                "state": [
                    "When you recommend music, give me Spotify links.",
                    "music recs as spotify links pls",
                    "Put Spotify links next to any album you suggest.",
                    "I listen on Spotify, so link there when you recommend songs.",
                    "For any track you mention, add the Spotify link.",
                    "Please make music suggestions Spotify-friendly, with links.",
                ],
                "direct": [
                    "How should you give me music recommendations?",
                    "Where should links to songs point for me?",
                ],
                "task": ["Recommend an album for a long drive.", "Suggest songs for a kitchen disco."],
            },
        ],
        "remember_items": [
            {
                "x": "the stopcock is behind the washing machine",
                "tokens": ["stopcock"],
                "direct": ["Where do I turn the water off at the mains?"],
                "task": ["A pipe's burst, what do I turn off first and where is it?"],
            },
            {
                "x": "my plumber is called Thorvald",
                "tokens": ["Thorvald"],
                "direct": ["Who is my plumber?"],
                "task": ["Text my plumber about the dripping tap."],
            },
            {
                "x": "our allotment is plot 14B",
                "tokens": ["14B"],
                "direct": ["Which allotment plot is ours?"],
                "task": ["Fill in the allotment society form for me."],
            },
            {
                "x": "the boiler is serviced by Heatwise",
                "tokens": ["Heatwise"],
                "direct": ["Who services our boiler?"],
                "task": ["Book the annual boiler check with the usual firm."],
            },
            {
                "x": "my guitar teacher is Dunleavy",
                "tokens": ["Dunleavy"],
                "direct": ["Who teaches me guitar?"],
                "task": ["Write to my guitar teacher to move Thursday's lesson."],
            },
            {
                "x": "the spare fuses are in the blue tin in the garage",
                "tokens": ["fuse"],
                "direct": ["Where are the spares for the plug sockets kept?"],
                "task": ["The toaster plug died, what do I need and where do I find it?"],
            },
            {
                "x": "my cousin's wedding is at Hartwell Barn",
                "tokens": ["Hartwell"],
                "direct": ["Where is my cousin getting married?"],
                "task": ["Plan my route to my cousin's wedding."],
            },
            {
                "x": "the hallway paint is Elephant's Breath",
                "tokens": ["Elephant's Breath"],
                "direct": ["What paint colour did we use in the hallway?"],
                "task": ["Order a tester pot to touch up the hall."],
            },
            {
                "x": "the kids' swimming lessons are at Brockwell Lido",
                "tokens": ["Brockwell"],
                "direct": ["Where do the kids have swimming lessons?"],
                "task": ["Work out how long it takes to get to the kids' swimming lessons."],
            },
            {
                "x": "our tax adviser is Abernethy",
                "tokens": ["Abernethy"],
                "direct": ["Who is our tax adviser?"],
                "task": ["Draft a note to our tax adviser about the deadline."],
            },
            {
                "x": "the Wi-Fi network is called PotatoNet",
                "tokens": ["PotatoNet"],
                "direct": ["What's our Wi-Fi network called?"],
                "task": ["Write guest instructions for joining our Wi-Fi."],
            },
        ],
        "remember_templates": [
            "Jot this down for me: {x}.",
            "keep this somewhere pls: {x}",
            "Can you hang on to this for me? {x_cap}.",
            "Don't let me lose track of this: {x}.",
            "Just so you know for later, {x}.",
            "Save this for later: {x}.",
            "Please file this away somewhere: {x}.",
            "note to self, and to you: {x}",
        ],
        "forgettable": [
            {
                "id": "extension",
                "tokens": ["extension"],
                "ref": "the kitchen extension",
                "state": [
                    "We're getting quotes for a kitchen extension, nothing signed yet.",
                    "Between us, we might build an extension out the back next year.",
                ],
                "probes": ["Are we planning any building work?", "What are we getting quotes for?"],
            },
            {
                "id": "quarrybank",
                "tokens": ["Quarrybank"],
                "ref": "the Quarrybank application",
                "state": [
                    "I've quietly applied for a job at Quarrybank, my boss doesn't know.",
                    "Fingers crossed for Quarrybank, I sent my CV there on Monday.",
                ],
                "probes": ["Have I applied for any jobs?", "Which employer am I waiting to hear from?"],
            },
            {
                "id": "kilimanjaro",
                "tokens": ["Kilimanjaro"],
                "ref": "the Kilimanjaro trek",
                "state": [
                    "I'm secretly planning to climb Kilimanjaro for my 50th.",
                    "Been reading up on Kilimanjaro routes, thinking of doing it next year.",
                ],
                "probes": ["Am I planning any big adventure?", "Which mountain was I thinking of climbing?"],
            },
            {
                "id": "narrowboat",
                "tokens": ["narrowboat"],
                "ref": "the narrowboat idea",
                "state": [
                    "Half-serious plan: sell up and live on a narrowboat.",
                    "I keep browsing narrowboat listings at 2am.",
                ],
                "probes": ["Am I thinking of moving somewhere unusual?", "What was I browsing listings for?"],
            },
            {
                "id": "skydive",
                "tokens": ["skydive"],
                "ref": "the skydive",
                "state": [
                    "I've booked a charity skydive and haven't told my mum.",
                    "gonna do a tandem skydive in august, terrified",
                ],
                "probes": ["Have I booked anything daring?", "What am I doing for charity?"],
            },
            {
                "id": "etsy",
                "tokens": ["Etsy"],
                "ref": "my Etsy shop plan",
                "state": [
                    "I'm thinking of opening an Etsy shop for my pottery.",
                    "Nobody knows yet but I've drafted an Etsy shop for my prints.",
                ],
                "probes": [
                    "Am I planning to sell anything online?",
                    "What side business was I thinking about?",
                ],
            },
            {
                "id": "loftconv",
                "tokens": ["loft conversion"],
                "ref": "the loft conversion",
                "state": [
                    "We've had an architect round about a loft conversion.",
                    "Been pricing a loft conversion, it's eye-watering.",
                ],
                "probes": ["What building project were we looking into?", "Did we have an architect round?"],
            },
            {
                "id": "tinyhouse",
                "tokens": ["tiny house"],
                "ref": "the tiny house",
                "state": [
                    "I've got a Pinterest board full of tiny house designs, dreaming of building one.",
                    "My secret project is planning a tiny house in my uncle's field.",
                ],
                "probes": ["What am I dreaming of building?", "What's my secret project?"],
            },
            {
                "id": "blacksmithing",
                "tokens": ["blacksmithing"],
                "ref": "the blacksmithing class",
                "state": [
                    "I've booked a blacksmithing taster day for my birthday.",
                    "thinking about blacksmithing lessons, there's a forge near work",
                ],
                "probes": ["Have I signed up for any classes?", "What craft was I looking into?"],
            },
            {
                "id": "bagpipes",
                "tokens": ["bagpipes"],
                "ref": "the bagpipes",
                "state": [
                    "Don't laugh: I'm learning the bagpipes from videos.",
                    "I bought a practice chanter, the first step to proper bagpipes.",
                ],
                "probes": ["What instrument am I secretly learning?", "What am I learning from videos?"],
            },
        ],
        "forget_templates": [
            "Can you forget {ref}? Probably shouldn't have said.",
            "scratch what i said about {ref} pls",
            "Delete the bit about {ref}, I shouldn't have mentioned it.",
            "I'd rather you didn't keep anything on {ref}.",
            "Is it possible to wipe {ref} from your memory?",
            "Don't hold on to {ref}, I don't want that saved.",
            "Could you drop {ref} from whatever you've got on me?",
            "hey, lose the stuff about {ref}, yeah?",
            "On second thoughts, I don't want you remembering {ref}.",
        ],
        "sensitive": [
            {
                "category": "password",
                "make": mk_passphrase,
                "token_slots": ["pw"],
                "templates": [
                    "the shed wifi passphrase is {pw}, can you make a qr code for it",
                    "My master password is {pw}, is that long enough?",
                    "Login for the school parents' portal: {pw}. Keep it handy.",
                    "I reset my email to {pw} this morning.",
                    "Does {pw} count as a strong passphrase? Using it for online banking.",
                    "The password for the allotment society site is {pw}, if I ever ask.",
                ],
            },
            {
                "category": "api_key",
                "make": mk_token,
                "token_slots": ["key"],
                "templates": [
                    "why does my home automation script 403? token is {key}",
                    "Here's the access key for my backup bucket: {key}. What's the CLI command?",
                    "Can you put {key} into the config file for my weather station?",
                    "My bot keeps failing with {key}, did I paste it wrong?",
                    "Set the env var to {key} in the example please.",
                    "The deploy token for my synth patch site is {key}.",
                ],
            },
            {
                "category": "payment_card",
                "make": mk_card,
                "token_slots": ["card"],
                "templates": [
                    "Is {card} an Amex or something else? Found it in a drawer.",
                    "put {card} exp {exp} on the booking for the van hire",
                    "New card came: {card}, security code {cvc}.",
                    "Pay the deposit with {card}, expiring {exp}.",
                    "Card for the kids' club fees is {card}.",
                    "Could you fill the checkout form with {card}?",
                ],
            },
            {
                "category": "bank_details",
                "make": mk_iban,
                "token_slots": ["iban"],
                "templates": [
                    "Our {holder} account IBAN is {iban}, can you check the format?",
                    "send the refund to {iban} pls",
                    "Put {iban} on the invoice for the repair work.",
                    "My IBAN for the Nordic job is {iban}.",
                    "Here's where my wages land: {iban}.",
                    "Is {iban} a valid IBAN? The builder needs it.",
                ],
            },
            {
                "category": "exact_age",
                "make": mk_age,
                "token_slots": ["age"],
                "templates": [
                    "hit {age} last month and my knees know it",
                    "The form wants my age, it's {age}, what box does that go in?",
                    "Is {age} too old to start learning the cello?",
                    "I'm {age} and only now learning to solder.",
                    "At {age}, should I still be doing burpees?",
                    "I'll be {next} next birthday; right now I'm {age}.",
                ],
            },
            {
                "category": "home_address",
                "make": mk_address,
                "token_slots": ["street"],
                "templates": [
                    "Ship it to {num} {street}, Apt {apt}.",
                    "we live at {num} {street}, apartment {apt}, how far is the nearest tip?",
                    "Put {num} {street} on the parcel label.",
                    "My address for the council form is {num} {street}.",
                    "Is {num} {street} in the flood zone? That's our place.",
                    "Please address the thank-you cards from {num} {street}, Apt {apt}.",
                ],
            },
            {
                "category": "policy:immigration",
                "policy": True,
                "make": mk_visa,
                "token_slots": ["visa", "a_visa"],
                "templates": [
                    "I'm on {a_visa}, so I can't change jobs easily.",
                    "my {visa} renewal is stressing me out",
                    "Can I travel abroad while my {visa} is being processed?",
                    "Being on {a_visa} means I need my employer's sign-off for everything.",
                    "I moved here on {a_visa} three years ago.",
                    "Does {a_visa} let me do volunteering?",
                ],
            },
            {
                "category": "policy:body",
                "policy": True,
                "make": mk_body,
                "token_slots": ["weight", "waist"],
                "templates": [
                    "I weigh {weight} at the moment, what's a sensible target?",
                    "stepped on the scales: {weight}. ugh.",
                    "My waist is {waist} inches now, what size trousers is that?",
                    "At {weight}, how many calories should I be eating?",
                    "Down to {weight} after the summer.",
                    "I'm {weight} and my waist measures {waist} inches.",
                ],
            },
            {
                "category": "policy:legal",
                "policy": True,
                "make": mk_case,
                "token_slots": ["case"],
                "templates": [
                    "My {case} is listed for {when}.",
                    "what do i wear to court for my {case}? its {when}",
                    "Lawyer says the {case} could drag on for months.",
                    "I've got the {case} {when}, can't think about anything else.",
                    "Can you help me write a statement for my {case}?",
                    "The {case} paperwork is due {when}.",
                ],
            },
        ],
        "noise": [
            (
                "how do you get a stripped screw out",
                "Press a wide rubber band between the driver and the screw head, or use a screw extractor bit.",
            ),
            (
                "What's the difference between a wrench and a spanner?",
                "Mostly where you live: spanner is British English, wrench is American.",
            ),
            (
                "Why does toast always land butter side down?",
                "It usually falls from table height, which is just enough for half a rotation.",
            ),
            ("one sec, doorbell", "No rush."),
            (
                "Can you explain what a mortgage term is?",
                "It's how many years you agree to take to repay the loan.",
            ),
            ("How many litres are in a gallon?", "About 4.5 in a UK gallon, 3.8 in a US gallon."),
            ("cheers, sorted", "Great, glad that worked."),
            ("What's the tallest tree species?", "Coast redwoods, some over 115 metres."),
            ("Do fish sleep?", "They rest with lowered activity, though most can't close their eyes."),
            ("What's a good word for a very small amount?", "Smidgen, dash, soupçon or iota."),
            (
                "Why are manhole covers round?",
                "A round lid can't fall through its own hole, and it's easy to roll.",
            ),
            ("hmm interesting", "It is, isn't it?"),
            ("What year did the Berlin Wall fall?", "1989."),
            (
                "How do I convert a recipe for a smaller tin?",
                "Compare the tin areas and scale the ingredients by that ratio.",
            ),
            ("What does 'e.g.' stand for?", "Exempli gratia, meaning 'for example'."),
            ("Can owls really turn their heads all the way round?", "Not quite: about 270 degrees."),
            (
                "What's the best way to remember someone's name?",
                "Repeat it back straight away and link it to something about them.",
            ),
            ("ok makes sense", "Great."),
            (
                "How do solar panels make electricity?",
                "Light knocks electrons loose in silicon cells, which creates a current.",
            ),
            ("What's an anagram of 'listen'?", "Silent."),
            (
                "how come a low full moon looks massive",
                "It's an optical illusion; its size in the sky hardly changes.",
            ),
            (
                "Should you let red wine breathe?",
                "Young, tannic reds can soften a little; most everyday wines are fine straight away.",
            ),
            ("How fast can a kangaroo hop?", "Up to around 70 km/h over short distances."),
            (
                "Got any good dad jokes?",
                "Why did the scarecrow win an award? He was outstanding in his field.",
            ),
            ("haha fair", "Ha!"),
            (
                "What's the difference between a virus and bacteria?",
                "Bacteria are living cells; viruses need a host cell to reproduce.",
            ),
            (
                "Why is the sea salty?",
                "Rivers wash minerals from rocks into it, and evaporation leaves the salt behind.",
            ),
            (
                "What's a polite way to ask a neighbour to turn their music down?",
                "Keep it friendly and specific: mention the time and ask if they could lower it after that.",
            ),
            (
                "Where does the phrase 'cold turkey' come from?",
                "Probably from the clammy, goosebumped skin of withdrawal, like a plucked bird.",
            ),
            ("thx", "You're welcome."),
            ("roughly how many km to the moon", "About 384,000 km on average."),
            (
                "What's the rule for 'fewer' versus 'less'?",
                "Fewer for things you can count, less for amounts.",
            ),
            (
                "Can you recommend a classic film for a quiet night in?",
                "Try 'Roman Holiday', gentle and charming.",
            ),
            (
                "Why do knuckles crack?",
                "Gas bubbles in the joint fluid collapse when the joint is stretched.",
            ),
            ("What's the deepest lake in the world?", "Lake Baikal in Siberia."),
            ("How do you say 'thank you' in Welsh?", "Diolch."),
            ("neat", "Right?"),
            (
                "What's a good way to start a speech?",
                "Open with a short story or a surprising fact, then say why it matters.",
            ),
            ("Why do cut apples go brown?", "Enzymes in the fruit react with oxygen in the air."),
            (
                "Why do we get hiccups?",
                "The diaphragm spasms and the vocal cords snap shut, which makes the 'hic'.",
            ),
            (
                "Explain what a spreadsheet pivot does.",
                "It summarises rows into a compact table grouped by the fields you choose.",
            ),
            ("lol ok", "Ha, okay!"),
            ("wait, penguins have knees??", "Yes, they're just hidden under the feathers."),
            (
                "Why is it called a 'hat trick'?",
                "It comes from cricket, where a bowler taking three wickets in a row was given a hat.",
            ),
            (
                "What's the best way to clean a cast iron pan?",
                "Hot water and a brush, dry it on the hob, then a thin coat of oil.",
            ),
            (
                "Do you know a good knot for tying down a load?",
                "A trucker's hitch gives you a tight, adjustable line.",
            ),
        ],
        "openers": [
            ("morning all", "Morning! What can I do for you?"),
            ("right, a few things", "Go for it."),
            ("hello hello", "Hello! What's up?"),
            ("got a sec?", "Always. What is it?"),
            ("back again", "Good to see you. What's on the list today?"),
        ],
        "closers": [
            ("that's me done, ta", "Anytime, bye for now."),
            ("ok off to do the school run", "Good luck out there!"),
            ("perfect, speak later", "Speak soon!"),
            ("right, back to it", "Have a productive one."),
        ],
        "connectors": [
            "Oh also, ",
            "Unrelated, but ",
            "While I think of it, ",
            "btw ",
            "One more thing: ",
            "PS ",
        ],
        "no_connector_before": [
            "hiya",
            "before",
            "hello",
            "quick",
            "it's",
            "evening",
            "change",
            "new",
            "no",
            "plot",
            "bye",
            "finished",
            "booked",
            "ok",
            "ditched",
            "sold",
            "traded",
            "pulled",
            "gave",
            "moved",
            "ended",
            "went",
            "kids",
            "ive",
            "the",
            "we",
            "picked",
            "got",
            "started",
            "switched",
            "found",
            "tried",
            "exported",
            "settled",
            "changed",
            "left",
            "swapped",
            "holiday's",
            "heating's",
            "finally",
            "i'm",
            "i've",
            "this",
            "these",
            "they've",
            "our",
            "my",
            "plot",
            "new",
            "we're",
            "bye",
            "it's",
        ],
        "combine_connectors": ["Also ", "And ", "Oh and ", "Plus, "],
        "acks": {
            "fact": [
                "Nice one.",
                "Ah, good to know.",
                "Noted!",
                "That sounds lovely.",
                "Got it.",
                "Oh nice.",
                "Fair enough!",
            ],
            "fact_echo": ["{v_cap}, noted.", "Ah, {v}! Nice.", "Okay: {v}. Got it."],
            "update": [
                "Okay, updated.",
                "Right, I'll go with that from now on.",
                "Got it, thanks for the heads-up.",
                "Ah, things have moved on. Noted.",
            ],
            "procedural": ["Will do.", "Okay, I'll answer that way.", "Sure thing.", "Understood."],
            "sensitive": [
                "Okay. A small word of caution: that's the kind of detail best kept out of chats.",
                "Let me help with that.",
                "Sure, here's what I think.",
                "Alright. Maybe keep details like that to yourself in future, just in case.",
            ],
            "remember": ["Noted, I'll keep that.", "Saved.", "Okay, I've made a note.", "Got it, kept."],
            "forget": ["Done, that's gone.", "Okay, I won't keep that.", "Deleted.", "Sure, wiped."],
        },
        "isolation_named": [
            "Is there anything new about {name}?",
            "Sorry, who's {name}?",
            "Did I mention {name} before?",
            "What do you remember about {name}?",
            "Remind me about {name}.",
        ],
    }
