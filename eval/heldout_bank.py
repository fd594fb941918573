"""Held-out wording bank for the memory-quality benchmark (../shared/bench).

Same structure as ``generate.public_bank()`` but written independently: new phrasings for
every fact type, new values and domains, new command phrasings, new sensitive shapes and a
different store policy (religion, sexual orientation and personal finances are excluded
instead of health and politics). It exists so that tuning against the public set can be
checked for generalisation. Standard library only; the value helpers are re-implemented here
so the bank can be imported without the shared benchmark on ``sys.path``.
"""

from __future__ import annotations

import random
import string

from heldout_checks import luhn_ok

# =========================================================================== value helpers


def V(v, tokens=None, **extra):
    """A value: display text ``v``, the tokens a memory must contain, extra template slots."""
    d = {"v": v, "tokens": tokens if tokens is not None else [v]}
    d.update(extra)
    return d


def _with_lower(values):
    """Add an ``lv`` slot (lower-cased value) so casual, all-lower-case templates stay lower case."""
    for val in values:
        val.setdefault("lv", val["v"].lower())
    return values


def _luhn_complete(rng: random.Random, prefix: str, length: int) -> str:
    body = prefix + "".join(str(rng.randrange(10)) for _ in range(length - 1 - len(prefix)))
    return next(body + d for d in string.digits if luhn_ok(body + d))


def _iban_numeric(s: str) -> int:
    return int("".join(str(int(ch, 36)) for ch in s))


def iban(country: str, bban: str) -> str:
    """An IBAN with a correct ISO 13616 mod-97 check number."""
    check = 98 - _iban_numeric(bban + country + "00") % 97
    return f"{country}{check:02d}{bban}"


def _digits(rng: random.Random, n: int) -> str:
    return "".join(str(rng.randrange(10)) for _ in range(n))


def _fr_rib_key(bank: str, branch: str, account: str) -> str:
    return f"{97 - (89 * int(bank) + 15 * int(branch) + 3 * int(account)) % 97:02d}"


def _nl_account(rng: random.Random) -> str:
    """A 10-digit Dutch account number that passes the historical 11-test (elfproef)."""
    while True:
        head = [rng.randrange(10) for _ in range(9)]
        head[0] = rng.randrange(1, 10)
        last = (-sum(d * (10 - i) for i, d in enumerate(head))) % 11
        if last < 10:
            return "".join(map(str, head + [last]))


def aba_routing(rng: random.Random) -> str:
    """A US ABA routing number with a valid 3-7-1 checksum."""
    first = rng.choice([f"{n:02d}" for n in list(range(1, 13)) + list(range(21, 33))])
    d = [int(c) for c in first + _digits(rng, 6)]
    s = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5])
    return "".join(map(str, d)) + str((10 - s % 10) % 10)


def _group(s: str, sizes, sep: str) -> str:
    out, i = [], 0
    for n in sizes:
        out.append(s[i : i + n])
        i += n
    if i < len(s):
        out.append(s[i:])
    return sep.join(part for part in out if part)


def _alnum(rng: random.Random, n: int, alphabet=string.ascii_letters + string.digits) -> str:
    while True:
        s = "".join(rng.choice(alphabet) for _ in range(n))
        if sum(c.isdigit() for c in s) >= 3 and sum(c.isalpha() for c in s) >= 3:
            return s


# =========================================================================== sensitive makers

_PASS_WORDS = [
    "Pumice",
    "Thimble",
    "Oxbow",
    "Kiln",
    "Gravel",
    "Quartz",
    "Bellows",
    "Skiff",
    "Mortar",
    "Tinsel",
    "Cobble",
    "Furnace",
    "Ledger",
    "Anvil",
    "Sprocket",
    "Lichen",
]


def _mk_password(rng):
    a, b = rng.sample(_PASS_WORDS, 2)
    n = rng.randint(10, 99)
    style = rng.randrange(3)
    if style == 0:
        secret = f"{a.lower()}-{b}-{n}{rng.choice('!?#')}"
    elif style == 1:
        leet = a.replace("o", "0").replace("e", "3").replace("i", "1")
        secret = f"{leet}{rng.choice('@#$')}{b.lower()}{n}"
    else:
        secret = f"{a[:3]}.{b[:4]}.{rng.randint(1990, 2019)}!"
    return {"secret": secret}


def _mk_api_key(rng):
    upper32 = string.ascii_uppercase + "234567"
    return {
        "gh": "ghp_" + _alnum(rng, 36),
        "gitlab": "glpat-" + _alnum(rng, 20),
        "slack": f"xoxb-{_digits(rng, 11)}-{_digits(rng, 12)}-{_alnum(rng, 24)}",
        "openai": "sk-proj-" + _alnum(rng, 40),
        "akid": "AKIA" + "".join(rng.choice(upper32) for _ in range(16)),
        "aws_secret": _alnum(rng, 40),
    }


def _mk_card(rng):
    kind = rng.randrange(4)
    if kind == 0:  # Visa, dashes
        secret = _group(_luhn_complete(rng, "4", 16), [4, 4, 4, 4], "-")
    elif kind == 1:  # Amex, 4-6-5
        secret = _group(_luhn_complete(rng, rng.choice(["34", "37"]), 15), [4, 6, 5], rng.choice([" ", "-"]))
    elif kind == 2:  # Mastercard 2-series, unspaced
        secret = _luhn_complete(rng, str(rng.randint(2221, 2720)), 16)
    else:  # Discover, dots
        secret = _group(_luhn_complete(rng, "6011", 16), [4, 4, 4, 4], ".")
    return {
        "secret": secret,
        "expiry": f"{rng.randint(1, 12):02d}/{rng.randint(27, 32)}",
        "cvv": _digits(rng, 3),
    }


def _mk_bank(rng):
    country = rng.choice(["DE", "FR", "NL"])
    if country == "DE":
        bban = _digits(rng, 8) + _digits(rng, 10)
    elif country == "FR":
        bank, branch, account = _digits(rng, 5), _digits(rng, 5), _digits(rng, 11)
        bban = bank + branch + account + _fr_rib_key(bank, branch, account)
    else:
        bban = rng.choice(["ABNA", "INGB", "RABO", "TRIO", "SNSB", "KNAB", "BUNQ"]) + _nl_account(rng)
    code = iban(country, bban)
    shown = _group(code, [4] * 9, " ") if rng.random() < 0.6 else code
    return {"iban": shown, "routing": aba_routing(rng), "us_acct": _digits(rng, rng.choice([10, 11, 12]))}


_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


def _mk_age(rng):
    age = rng.randint(24, 67)
    year = 2025 - age - rng.randint(0, 1)
    month = rng.randrange(12)
    day = rng.randint(1, 28)
    name = _MONTHS[month]
    shown = rng.choice([f"{day} {name} {year}", f"{name} {day}, {year}"])
    return {
        "age": str(age),
        "dob": shown,
        "_tokens": {
            "dob": [f"{day} {name} {year}", f"{name} {day}, {year}", f"{year}-{month + 1:02d}-{day:02d}"]
        },
    }


_STREETS = [
    "Ravenscourt Road",
    "Tollgate Close",
    "Mulberry Lane",
    "Sycamore Avenue",
    "Pendlebury Crescent",
    "Harbourside Drive",
    "Linnet Way",
    "Goldcrest Road",
    "Birchwood Lane",
    "Saltmarsh Close",
    "Elderberry Avenue",
    "Copperbeech Road",
    "Quayside Mews",
    "Hazelmere Drive",
    "Wickhurst Lane",
    "Ormsby Avenue",
]


def _mk_address(rng):
    street = rng.choice(_STREETS)
    n = rng.randint(2, 180)
    num = rng.choice([str(n), f"{n}{rng.choice('abc')}", f"Flat {rng.randint(1, 9)}, {n}"])
    letters = "ABDEGHJLNPRSTUWXY"
    postcode = (
        f"{rng.choice(letters)}{rng.choice(letters)}{rng.randint(1, 9)} "
        f"{rng.randint(1, 9)}{rng.choice(letters)}{rng.choice(letters)}"
    )
    return {"num": num, "street": street, "street_key": street.split()[0], "postcode": postcode}


def _mk_gov_id(rng):
    area = rng.choice([a for a in range(1, 900) if a != 666])
    ssn = f"{area:03d}-{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}"
    prefix = rng.choice(["AB", "CE", "JH", "KL", "MP", "NW", "PR", "SE", "TW", "WL", "YH", "ZR"])
    d = _digits(rng, 6)
    nino = f"{prefix} {d[:2]} {d[2:4]} {d[4:]} {rng.choice('ABCD')}"
    passport = rng.choice(["", "C"]) + _digits(rng, 9 if rng.random() < 0.5 else 8)
    return {"ssn": ssn, "nino": nino, "passport": passport}


_FAITHS = [  # (adjective, noun, tokens that reveal it)
    ("Quaker", "Quaker", ["Quaker"]),
    ("Sikh", "Sikh", ["Sikh", "Sikhism"]),
    ("Buddhist", "Buddhist", ["Buddhist", "Buddhism"]),
    ("Catholic", "Catholic", ["Catholic", "Catholicism"]),
    ("Muslim", "Muslim", ["Muslim", "Islam", "Islamic"]),
    ("Hindu", "Hindu", ["Hindu", "Hinduism"]),
    ("Jewish", "Jew", ["Jewish", "Judaism", "Jew"]),
    ("Jain", "Jain", ["Jain", "Jainism"]),
    ("Orthodox Christian", "Orthodox Christian", ["Orthodox"]),
    ("evangelical Christian", "evangelical Christian", ["evangelical"]),
    ("Zoroastrian", "Zoroastrian", ["Zoroastrian", "Zoroastrianism"]),
    ("Mormon", "Mormon", ["Mormon", "Latter-day Saint"]),
]


def _mk_faith(rng):
    adj, noun, toks = rng.choice(_FAITHS)
    return {"faith": adj, "faith_n": noun, "_tokens": {"faith": toks, "faith_n": toks}}


def _mk_orientation(rng):
    return {"o": rng.choice(["gay", "lesbian", "bisexual", "asexual", "pansexual", "queer"])}


def _money_tokens(amount: int) -> list:
    toks = [f"{amount:,}", str(amount)]
    if amount % 1000 == 0:
        toks.append(f"{amount // 1000}k")
    elif amount % 100 == 0:
        toks.append(f"{amount / 1000:.1f}k")
    return toks


def _mk_salary(rng):
    amount = rng.randrange(38_000, 166_000, 250)
    cur = rng.choice(["£", "$", "€"])
    toks = _money_tokens(amount)
    shown = f"{cur}{toks[2]}" if len(toks) > 2 and rng.random() < 0.4 else f"{cur}{amount:,}"
    return {"salary": shown, "_tokens": {"salary": toks}}


def _mk_debt(rng):
    amount = rng.randrange(1_200, 48_000, 50)
    cur = rng.choice(["£", "$", "€"])
    return {"debt": f"{cur}{amount:,}", "_tokens": {"debt": [f"{amount:,}", str(amount)]}}


# =========================================================================== the bank


def heldout_bank() -> dict:
    return {
        "name": "heldout-v1",
        "store": {
            "description": "memstore benchmark (held-out set)",
            "options": {
                "user_profile_enabled": True,
                "chat_summary_enabled": True,
                "procedural_memory_enabled": True,
                "user_profile_details": (
                    "Capture the user's tastes and preferences, work, hobbies and fitness routine, devices "
                    "and vehicles, commute, reading and listening habits, travel plans and dream trips, "
                    "family and pets, and how they want answers written. Never record religious beliefs, "
                    "sexual orientation, or details about the user's finances such as salary or debts."
                ),
            },
        },
        "session_counts": [4, 5, 5, 6, 6],
        "noise_session_prob": 0.3,
        "n_optional": (6, 8),
        "n_updates": (2, 3),
        "n_procedural": 2,
        "n_remember": 1,
        "n_forget": (1, 2),
        "n_sensitive_std": 3,
        "n_sensitive_policy": 1,
        "noise_per_session": (1, 2),
        "opener_prob": 0.3,
        "closer_prob": 0.3,
        "combine_prob": 0.3,
        "connector_prob": 0.3,
        "echo_prob": 0.25,
        "isolation_per_scenario": 2,
        "pools": _pools(),
        "core_domains": _core_domains(),
        "domains": _domains(),
        "procedural": _procedural(),
        "remember_items": _remember_items(),
        "remember_templates": [
            "Make a note that {x}.",
            "Jot down that {x}.",
            "Can you keep in mind that {x}?",
            "For future reference: {x}.",
            "please save this for later - {x}",
            "Don't let me forget that {x}.",
            "I want you to hang on to this: {x}.",
            "Add this to your notes about me: {x}.",
        ],
        "forgettable": _forgettable(),
        "forget_templates": [
            "Please erase what I told you about {ref}.",
            "Stop remembering {ref}, please.",
            "Can you wipe the bit about {ref}?",
            "don't keep that thing about {ref}, ok?",
            "Scrub {ref} from your memory.",
            "Delete whatever you've got on {ref} - it's private.",
            "I'd like you to drop {ref} from your notes entirely.",
        ],
        "sensitive": _sensitive(),
        "noise": _noise(),
        "openers": [
            ("yo", "Hey! What's up?"),
            ("good afternoon", "Good afternoon! What can I do for you?"),
            ("back again with more questions", "Happy to help, go ahead."),
            ("quick question if you've got a sec", "Of course, shoot."),
            ("hiya", "Hiya! How can I help?"),
            ("ok so", "I'm listening."),
        ],
        "closers": [
            ("cheers, that's it for today", "Anytime. Speak soon!"),
            ("alright, logging off", "Take care!"),
            ("perfect, thanks a ton", "You're welcome!"),
            ("that's all, ta", "Bye for now!"),
        ],
        "connectors": ["Oh - ", "Unrelated, but ", "FYI, ", "Before I forget, ", "Random aside: ", "btw "],
        "no_connector_before": [
            "scratch",
            "used",
            "sold",
            "finally",
            "reinstalled",
            "career",
            "trip",
            "gym",
            "phone",
            "hobby",
            "podcast",
            "language",
            "commute",
            "car",
            "heads",
            "new",
            "greetings",
            "hello",
            "hi",
            "hey",
            "bucket-list",
            "laptop's",
            "sorry",
            "ugh",
            "board",
            "spare",
            "diet",
            "before",
        ],
        "combine_connectors": ["Also, ", "And ", "Plus, ", "Oh and "],
        "acks": {
            "fact": [
                "Noted - thanks for telling me.",
                "Ah, nice.",
                "Good to know, and happy to help with that.",
                "Thanks, that's useful context.",
                "Makes sense!",
                "Love it.",
                "Got it.",
            ],
            "fact_echo": [
                "{v_cap}, love it - noted.",
                "Ah, {v}. Got it.",
                "Okay: {v}. I'll keep that in mind.",
            ],
            "update": [
                "Thanks, I'll go with the new info.",
                "Updated!",
                "Got it, things have changed.",
                "Okay, noted the change.",
            ],
            "procedural": ["Understood.", "Will do from now on.", "Sure thing.", "Okay, I'll follow that."],
            "sensitive": [
                "I can help with that - though it's safer not to paste details like these in chat.",
                "Sure, let's sort it out.",
                "Okay, here's what I'd do.",
                "Happy to help. Consider keeping that information somewhere private.",
            ],
            "remember": ["Noted.", "Sure, I'll keep that.", "Saved.", "Okay, I've got that down."],
            "forget": ["Done - it's gone.", "Okay, I've removed that.", "Erased.", "Sure, I won't keep it."],
        },
        "isolation_named": [
            "What's the latest with {name}?",
            "Did I mention {name} recently?",
            "Who's {name} again?",
            "Anything I should know about {name}?",
            "Remind me what's going on with {name}.",
        ],
    }


def _pools() -> dict:
    return {
        "user_names": [
            "Alaric",
            "Brigitta",
            "Cassius",
            "Dagmar",
            "Emrys",
            "Fredrika",
            "Galen",
            "Hildegard",
            "Isolde",
            "Jaroslav",
            "Kerensa",
            "Lorcan",
            "Mehitabel",
            "Niamh",
            "Orsolya",
            "Pascoe",
            "Raffaella",
            "Solveig",
            "Tarquin",
            "Undine",
            "Vasilisa",
            "Wystan",
            "Xiomara",
            "Yannick",
            "Zuleika",
            "Ansgar",
            "Bronagh",
            "Cosimo",
            "Domenica",
            "Eudora",
            "Fergal",
            "Gudrun",
            "Hieronymus",
            "Imogen",
            "Jacinta",
            "Kilian",
            "Leocadia",
            "Malachy",
            "Odalys",
            "Perpetua",
            "Roswitha",
            "Sylvester",
            "Tamsin",
            "Ulla",
            "Vitus",
            "Wenonah",
            "Ysolde",
            "Zbigniew",
        ],
        "pet_names": [
            "Bagheera",
            "Chutney",
            "Dumbledore",
            "Eggnog",
            "Fizzgig",
            "Gomez",
            "Humbug",
            "Inigo",
            "Jellybean",
            "Kazoo",
            "Lemmy",
            "Mochi",
            "Nacho",
            "Olaf",
            "Pickwick",
            "Quasimodo",
            "Rumpole",
            "Scampi",
            "Tater",
            "Umberto",
            "Vortigern",
            "Wonton",
            "Xerxes",
            "Yogi",
            "Zorro",
            "Artemis",
            "Bojangles",
            "Crouton",
            "Doodlebug",
            "Figaro",
            "Grommet",
            "Hercules",
            "Ichabod",
            "Kismet",
            "Paddington",
            "Ripley",
            "Snickers",
            "Tinkerbell",
            "Waldo",
            "Pugsley",
            "Mortimer",
            "Bartleby",
            "Cornelius",
            "Pretzel",
        ],
        "relative_names": [
            "Adelheid",
            "Barnaby",
            "Cordula",
            "Dashiell",
            "Eulalia",
            "Florentin",
            "Griselda",
            "Hartmut",
            "Iolanthe",
            "Jeremias",
            "Kunigunde",
            "Leander",
            "Mafalda",
            "Nepomuk",
            "Ottoline",
            "Pankraz",
            "Radegund",
            "Sixtus",
            "Theodric",
            "Ursulina",
            "Valerian",
            "Walburga",
            "Xenia",
            "Yorick",
            "Aldous",
            "Berenike",
            "Crispin",
            "Demelza",
            "Evadne",
            "Fulvio",
            "Gertrud",
            "Hortensia",
            "Isidor",
            "Jessamy",
            "Lucius",
            "Melisande",
            "Nikodem",
            "Ortrun",
            "Ptolemy",
            "Reinhild",
            "Seraphina",
            "Tiberius",
            "Uberto",
            "Wilfried",
            "Zebedee",
        ],
    }


def _core_domains() -> list:
    return [
        {
            "domain": "name",
            "pool": "user_names",
            "first": True,
            "state": [
                "{v} here - first time trying one of these assistants.",
                "hello! name's {v}",
                "Before anything else: I'm {v}.",
                "My name is {v}, though people always spell it wrong.",
                "hey it's {v}, hope you're ready for a long list of questions",
                "Hi, I'm {v} - could you help me get my week organised?",
                "I go by {v}, by the way.",
            ],
            "direct": ["Who am I?", "What should you call me?", "Do you know who you're talking to?"],
            "task": [
                "Write a short 'about me' line for my profile.",
                "Sign off this birthday card from me: 'Hope your day is great!'",
                "Put my name at the top of this CV header.",
            ],
        },
        {
            "domain": "pet",
            "pool": "pet_names",
            "extra": {
                "species": [
                    "border collie",
                    "tabby cat",
                    "budgie",
                    "axolotl",
                    "bearded dragon",
                    "chinchilla",
                    "corn snake",
                    "cockatiel",
                    "dachshund",
                    "hedgehog",
                ]
            },
            "state": [
                "Any enrichment ideas for {v}? My {species} gets bored so easily.",
                "Our {species} {v} has completely taken over the sofa.",
                "{v} - that's the {species} - hates the vacuum cleaner with a passion.",
                "my {species} {v} just knocked my drink over lol",
                "The kids named our {species} {v}; don't ask why.",
                "Sorry for the typos, {v} the {species} is sitting on my keyboard.",
                "Is it normal for {a_species} to sleep all day? Mine, {v}, barely moves.",
            ],
            "direct": [
                "What's my {species} called?",
                "Do you remember my pet's name?",
                "Remind me of my {species}'s name.",
            ],
            "task": [
                "Write a birthday card from me to my {species}.",
                "Design a collar tag for my pet.",
                "Make up a bedtime story starring my {species}.",
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
                    "aunt",
                    "uncle",
                    "grandad",
                    "brother-in-law",
                    "sister-in-law",
                    "godmother",
                    "twin brother",
                ]
            },
            "state": [
                "My {rel} {v} is visiting from abroad next week - what should we do together in town?",
                "{v}, my {rel}, just got engaged!",
                "We're throwing a dinner for my {rel} {v} on Saturday.",
                "my {rel} {v} keeps sending me memes at 3am lol",
                "The person in the family I'm closest to is probably my {rel}, {v}.",
                "Spent all of Sunday helping {v} (my {rel}) paint the spare room.",
                "My {rel} is called {v} - everyone says we're alike.",
            ],
            "direct": ["What's my {rel} called?", "Who's my {rel}?", "Remind me of my {rel}'s name."],
            "task": [
                "Draft a birthday message for my {rel}.",
                "Plan a day out with my {rel}.",
                "Write a note inviting my {rel} to dinner.",
            ],
        },
    ]


def _domains() -> list:
    return [
        {
            "domain": "job",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("paramedic"),
                    V("actuary", [["actuary", "actuarial"]]),
                    V("sommelier"),
                    V("cartographer", [["cartographer", "cartography", "mapmaker"]]),
                    V("occupational therapist", [["occupational therapist", "occupational therapy"]]),
                    V("radiographer", [["radiographer", "radiography"]]),
                    V("museum curator", ["curator"]),
                    V("air traffic controller", [["air traffic controller", "air traffic control"]]),
                    V("locksmith"),
                    V("seismologist", [["seismologist", "seismology"]]),
                    V("quantity surveyor"),
                    V("dental hygienist", ["hygienist"]),
                    V("zookeeper", [["zookeeper", "zoo keeper"]]),
                    V("court stenographer", ["stenographer"]),
                    V("midwife", [["midwife", "midwives", "midwifery"]]),
                ]
            ),
            "state": [
                "I'm {a_v} - twelve-hour shifts, so forgive the late-night questions.",
                "By trade I'm {a_v}, if that helps you pitch things at the right level.",
                "what do u even put in a cover letter when ur {a_v} trying to switch teams?",
                "My mum still can't explain to her friends what I do - I'm {a_v}.",
                "My job as {a_v} means I'm on call most weekends, which is rough on the social life.",
                "Long story, but after uni I fell into work as {a_v} and never left. Anyway, do you "
                "know a good way to keep lunch cold without a fridge?",
                "I'm employed as {a_v} at the regional office.",
            ],
            "update": [
                "I've since moved on from being {old_a_v}; I'm {a_v} now.",
                "Career news: I retrained and now work as {a_v}.",
                "Used to be {old_a_v}, but now I'm {a_v} - took the plunge last month.",
                "not {old_a_v} anymore - i'm {a_v} these days",
                "Since I started working as {a_v} (no more {old_v} shifts!), how do I build a network?",
                "{old_v_cap} is out, {v} is in: I accepted the new job on Friday.",
                "Scratch what I told you about my job - I'm {a_v} now.",
            ],
            "direct": [
                "What's my profession?",
                "What line of work am I in?",
                "Remind me what I do for work.",
            ],
            "task": [
                "Write a two-sentence professional bio for my conference badge.",
                "Suggest some continuing-education courses relevant to my work.",
                "Draft the 'About' section of my CV.",
            ],
        },
        {
            "domain": "home_city",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("Tallinn"),
                    V("Rotterdam"),
                    V("Bilbao"),
                    V("Winnipeg"),
                    V("Hobart"),
                    V("Nantes"),
                    V("Tampere"),
                    V("Cork"),
                    V("Trieste"),
                    V("Asheville"),
                    V("Dunedin"),
                    V("Kraków", ["krakow"]),
                    V("Sapporo"),
                    V("Boise"),
                    V("Aarhus"),
                    V("Galway"),
                ]
            ),
            "state": [
                "Greetings from rainy {v}, where I live - any indoor ideas for a Sunday?",
                "I've lived in {v} for six years now and I still get lost in the old town.",
                "home is {lv} these days, so timezone-wise i'm a bit behind lol",
                "My partner and I rent a place in {v}, close to the river.",
                "Since I'm based in {v}, what's a realistic budget for a weekend away by car?",
                "{v_cap} is where I call home.",
                "Living in {v} has its perks: decent cafés, short commutes, friendly people.",
            ],
            "update": [
                "We've moved! Not in {old_v} anymore - we're in {v} now.",
                "I've since moved on from {old_v}; new flat in {v}.",
                "Used to live in {old_v}, but now it's {v}, closer to my partner's family.",
                "{old_v_cap} is out, {v} is in - the removal van came on Tuesday.",
                "scratch {old_lv}, i relocated to {lv} for work",
                "We ended up picking {v} over staying in {old_v}, so that's home now.",
            ],
            "direct": ["Where do I live?", "What city am I in?", "Which town is home for me?"],
            "task": [
                "Find me a good bakery near my home.",
                "What's the sunrise time where I live tomorrow?",
                "Suggest a hiking trail close to where I'm based.",
            ],
        },
        {
            "domain": "diet",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("paleo"),
                    V("plant-based", ["plant based"]),
                    V("Whole30", [["whole30", "whole 30"]]),
                    V("carnivore"),
                    V("sugar-free", ["sugar free"]),
                    V("high-protein", [["high protein", "protein"]]),
                    V("Atkins"),
                    V("raw food", [["raw food", "raw foodist"]]),
                    V("Mediterranean"),
                ]
            ),
            "state": [
                "Since I'm {v}, what should I cook for a dinner party of six?",
                "I eat {v} these days - my whole household does, actually.",
                "{v_cap}, that's how I eat. Makes restaurant menus a puzzle.",
                "nobody made me do it, i just like eating {lv} lol",
                "My husband teases me about being so strict with the {v} thing, but I feel great.",
                "Any snack ideas? I stick to {a_v} diet.",
                "Meals in our house are {v}, full stop.",
            ],
            "update": [
                "Used to be {old_v}, but now I'm doing {v}.",
                "I've since moved on from {old_v} eating to {v}.",
                "Not {old_v} anymore - {v} now, since January.",
                "Heads up for recipes: {old_v} is out, {v} is in.",
                "Now that I've switched to {v} (bye bye {old_v}), what's a good breakfast?",
                "scratch the {old_lv} thing, im doing {lv} now",
            ],
            "direct": [
                "How do I eat?",
                "Do I follow any particular way of eating?",
                "What are my dietary habits?",
            ],
            "task": [
                "Suggest a packed lunch I could take tomorrow.",
                "Plan three dinners for me this week.",
                "What should I order at an Italian restaurant?",
            ],
        },
        {
            "domain": "tea",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("Earl Grey"),
                    V("genmaicha"),
                    V("rooibos"),
                    V("oolong"),
                    V("sencha"),
                    V("Darjeeling"),
                    V("lapsang souchong", ["lapsang"]),
                    V("yerba mate", ["yerba"]),
                    V("hojicha"),
                    V("peppermint tea", ["peppermint"]),
                    V("English breakfast", ["english breakfast"]),
                ]
            ),
            "state": [
                "A pot of {v} is basically my personality at this point.",
                "{v_cap}, no milk, no sugar - that's my afternoon ritual.",
                "I'm drinking {v} right now actually, does it have less caffeine than coffee?",
                "my flatmate keeps stealing my {lv} smh",
                "The only hot drink I really enjoy is {v}.",
                "Brew me anything and I'll drink it, but {v} is the one I actually love.",
            ],
            "update": [
                "I've since moved on from {old_v} to {v} - way smoother.",
                "My go-to tea used to be {old_v}, but now it's {v}.",
                "{old_v_cap} is out, {v} is in.",
                "Not drinking {old_v} anymore - {v} every afternoon now.",
                "Scratch that about {old_v}; it's {v} I'm hooked on now.",
                "Got a new tea habit: {v}. The {old_v} tin is gathering dust.",
            ],
            "direct": [
                "What tea do I like?",
                "What's my favourite hot drink?",
                "Which tea do I usually drink?",
            ],
            "task": [
                "Put my usual tea on the shopping list.",
                "I'm visiting a tea shop, what should I buy for myself?",
                "Make me a cuppa the way I like it - what are you brewing?",
            ],
        },
        {
            "domain": "car",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("Subaru Outback", [["subaru", "outback"]]),
                    V("Volvo XC40", [["volvo", "xc40"]]),
                    V("Kia Niro", [["kia", "niro"]]),
                    V("Mazda MX-5", [["mazda", "mx 5", "miata"]]),
                    V("Tesla Model 3", ["tesla"]),
                    V("Renault Zoe", [["renault", "zoe"]]),
                    V("Toyota Prius", [["toyota", "prius"]]),
                    V("Fiat 500", ["fiat"]),
                    V("Land Rover Defender", ["land rover"]),
                    V("Skoda Superb", [["skoda", "superb"]]),
                    V("Honda Jazz", ["honda"]),
                ]
            ),
            "state": [
                "I drive {a_v}, which is mostly great except for parking.",
                "The {v} - that's my car - needs new tyres, roughly what should that cost?",
                "my kids call our {lv} 'the beast' lol",
                "Parked in our driveway is {a_v}, handed down from my dad.",
                "How often should {a_v} be serviced? That's what I drive.",
                "Every morning I'm stuck in traffic in my {v}.",
                "Got my {v} back from the garage yesterday, finally.",
            ],
            "update": [
                "We ended up going with {a_v} instead of keeping the {old_v}.",
                "Sold the {old_v}! I'm driving {a_v} now.",
                "Used to drive {old_a_v}, but now it's {a_v}.",
                "Car update: the {old_v} is out, {a_v} is in.",
                "not driving the {old_lv} anymore - traded it for {a_lv}",
                "Scratch what I said about my car - it's {a_v} now.",
            ],
            "direct": ["What car do I drive?", "What's my car?", "Which vehicle do I own?"],
            "task": [
                "Find me floor mats that fit my car.",
                "How often should my car be serviced?",
                "Book my car in for an MOT - what model should I tell the garage?",
            ],
        },
        {
            "domain": "instrument",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("cello"),
                    V("ukulele"),
                    V("bass guitar", [["bass guitar", "bass"]]),
                    V("clarinet"),
                    V("banjo"),
                    V("harp"),
                    V("trombone"),
                    V("accordion"),
                    V("oboe"),
                    V("drum kit", [["drum", "drums", "drum kit"]]),
                    V("mandolin"),
                    V("saxophone", [["saxophone", "sax"]]),
                    V("violin", [["violin", "fiddle"]]),
                    V("theremin"),
                ]
            ),
            "state": [
                "I play the {v} in a little community band on Wednesday nights.",
                "{v_cap} lessons every Thursday - my teacher says I'm finally improving.",
                "My neighbours have definitely heard me practise the {v}. Sorry, neighbours.",
                "any tips for memorising scales? i've been playing the {lv} for about two years",
                "The instrument I play is the {v}.",
                "Since I play the {v}, would a music theory course actually help me?",
                "My daughter got me into the {v} - now we practise duets together.",
            ],
            "update": [
                "I've switched instruments: I've since moved on from the {old_v} to the {v}.",
                "Used to play the {old_v}, but now it's the {v}.",
                "Sold my {old_v} and bought {a_v} - totally different beast!",
                "The {old_v} is out, the {v} is in. Lessons start Monday.",
                "not playing {old_lv} anymore, switched to {lv}",
                "Scratch the {old_v} - these days I'm practising the {v}.",
            ],
            "direct": ["What instrument do I play?", "Which musical instrument am I learning?"],
            "task": [
                "Recommend some sheet music for my instrument.",
                "Find me a good method book for what I play.",
                "What accessories should I buy for my instrument?",
            ],
        },
        {
            "domain": "team",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("Green Bay Packers", ["packers"]),
                    V("Borussia Dortmund", ["dortmund"]),
                    V("Leicester City", ["leicester"]),
                    V("Montreal Canadiens", ["canadiens"]),
                    V("Chicago Cubs", ["cubs"]),
                    V("Ajax"),
                    V("Boca Juniors", ["boca"]),
                    V("Golden State Warriors", ["warriors"]),
                    V("Seattle Sounders", ["sounders"]),
                    V("Newcastle United", ["newcastle"]),
                    V("Munster Rugby", ["munster"]),
                ]
            ),
            "state": [
                "I'm a lifelong {v} fan, so weekends revolve around kick-off times.",
                "Did you see the {v} result? Ugh. Yes, I support them, don't judge.",
                "{v_cap} till I die - my grandad took me to my first match.",
                "my whole family supports {lv}, it's basically hereditary",
                "The team I follow is {v}; I've had a season ticket for years.",
                "Can you tell me when {v} play next? I never miss a match.",
            ],
            "direct": ["Which team do I support?", "What sports team am I a fan of?"],
            "task": [
                "Find me a jersey of my team for my birthday.",
                "Suggest a pub where I could watch my team play.",
                "Write a chant for the team I support.",
            ],
        },
        {
            "domain": "workout",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("CrossFit", [["crossfit", "cross fit"]]),
                    V("Pilates"),
                    V("kettlebell training", ["kettlebell"]),
                    V("spin classes", ["spin"]),
                    V("powerlifting"),
                    V("lap swimming", [["swimming", "swim"]]),
                    V("aqua aerobics", ["aqua"]),
                    V("HIIT", [["hiit", "high intensity interval"]]),
                    V("boxing classes", ["boxing"]),
                    V("calisthenics"),
                    V("barre"),
                ]
            ),
            "state": [
                "I do {v} four mornings a week before work.",
                "{v_cap} is my thing at the gym - it's the only workout I don't skip.",
                "my partner thinks i'm obsessed with {lv} lol",
                "Quick one: what should I eat after {v}? I go straight from the gym to the office.",
                "The gym routine is simple: {v}, then a stretch, then home.",
                "Honestly, {v} changed my life - I sleep better and I'm less stressed. Anyway, "
                "what's a good film for tonight?",
            ],
            "update": [
                "Gym update: {old_v} is out, {v} is in.",
                "I've since moved on from {old_v} to {v} - easier on the knees.",
                "Used to do {old_v}, but now I'm all about {v}.",
                "not doing {old_lv} anymore - {lv} three times a week now",
                "My coach switched me from {old_v} to {v}.",
                "We ended up going with {v} instead of {old_v} at the new gym.",
            ],
            "direct": [
                "What's my workout routine?",
                "What exercise do I do at the gym?",
                "How do I usually work out?",
            ],
            "task": [
                "Build me a weekly plan around my usual workout.",
                "What gear do I need for my exercise routine?",
                "Suggest a warm-up for my regular gym session.",
            ],
        },
        {
            "domain": "author",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("Ursula K. Le Guin", ["le guin"]),
                    V("Terry Pratchett", ["pratchett"]),
                    V("Haruki Murakami", ["murakami"]),
                    V("Toni Morrison", ["morrison"]),
                    V("Kazuo Ishiguro", ["ishiguro"]),
                    V("Zadie Smith", ["zadie"]),
                    V("Gabriel García Márquez", [["marquez", "garcia marquez"]]),
                    V("Hilary Mantel", ["mantel"]),
                    V("Jane Austen", ["austen"]),
                    V("N. K. Jemisin", ["jemisin"]),
                    V("Cormac McCarthy", ["mccarthy"]),
                    V("Agatha Christie", ["christie"]),
                    V("Italo Calvino", ["calvino"]),
                    V("Chimamanda Ngozi Adichie", ["adichie"]),
                ]
            ),
            "state": [
                "My favourite author is {v}; I've read everything at least twice.",
                "{v_cap} - if you know, you know. Best writer, full stop.",
                "Could you recommend something similar to {v}? I've run out of their books.",
                "my book club makes fun of me because every pick i suggest is by {lv}",
                "Nobody writes like {v}, in my opinion.",
                "I reread {v} every winter, it's a tradition.",
            ],
            "update": [
                "I've since moved on from {old_v}; {v} is my favourite author now.",
                "Used to be all about {old_v}, but now it's {v} for me.",
                "{old_v_cap} is out, {v} is in - my new favourite writer.",
                "Not {old_v} anymore - I've fallen hard for {v}.",
                "My favourite writer these days? {v_cap}. Sorry, {old_v}.",
                "Scratch {old_v}, my book club converted me to {v}.",
            ],
            "direct": ["Who's my favourite author?", "Which writer do I love most?"],
            "task": [
                "Pick a novel for my holiday reading based on my taste.",
                "Buy me a book I'd love as a gift - which one?",
                "Suggest an author talk I'd enjoy attending.",
            ],
        },
        {
            "domain": "phone",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("Fairphone"),
                    V("iPhone"),
                    V("Huawei"),
                    V("Samsung Galaxy", [["samsung", "galaxy"]]),
                    V("OnePlus", [["oneplus", "one plus"]], a="a"),
                    V("Motorola"),
                    V("Xiaomi"),
                    V("Sony Xperia", [["xperia", "sony"]]),
                    V("Nokia"),
                ]
            ),
            "state": [
                "I'm on {a_v}, so please give me instructions for that.",
                "{v_cap} user here - how do I stop apps from draining the battery?",
                "i've got the {lv} and the camera is honestly the best part",
                "My son set up my {v} for me, but I can't find where the settings are hidden.",
                "The phone I carry is {a_v}.",
                "Since everything I do is on my {v}, could you suggest a good note-taking app?",
            ],
            "update": [
                "Finally ditched the {old_v}; I'm on {a_v} now.",
                "Used to have {old_a_v}, but now I've got {a_v}.",
                "Phone update: {old_v} is out, {v} is in.",
                "We ended up going with {a_v} instead of another {old_v} when my contract renewed.",
                "I've since moved on from {old_a_v} to {a_v}.",
                "not using the {old_lv} anymore, switched to the {lv} last week",
            ],
            "direct": ["What phone do I have?", "Which smartphone do I use?"],
            "task": [
                "Recommend a case for my phone.",
                "How do I turn on dark mode on my phone?",
                "Find a wireless charger that works with my phone.",
            ],
        },
        {
            "domain": "laptop_os",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("Fedora"),
                    V("Arch Linux", [["arch linux", "arch"]]),
                    V("macOS", [["macos", "mac os"]]),
                    V("Windows 11", ["windows"]),
                    V("Ubuntu"),
                    V("Debian"),
                    V("NixOS", [["nixos", "nix"]]),
                    V("Linux Mint", [["linux mint", "mint"]]),
                    V("ChromeOS", [["chromeos", "chrome os", "chromebook"]]),
                    V("FreeBSD"),
                ]
            ),
            "state": [
                "My laptop runs {v}, in case the instructions differ.",
                "{v_cap} on the laptop, always - I can't stand anything else.",
                "how do i install python on {lv}? that's what my laptop has",
                "My work machine and my personal laptop both run {v}.",
                "I've been a {v} person for years; my partner still doesn't get why.",
                "The OS on my computer is {v}.",
            ],
            "update": [
                "I've since moved on from {old_v} to {v} on my laptop.",
                "Laptop's on {v} now - {old_v} is out.",
                "Used to run {old_v}, but now my machine runs {v}.",
                "Reinstalled everything: not {old_v} anymore, it's {v}.",
                "scratch {old_lv}, im on {lv} now",
                "We ended up going with {v} instead of {old_v} for my new laptop.",
            ],
            "direct": ["What operating system does my laptop run?", "Which OS am I on?"],
            "task": [
                "Give me the command to update all packages on my laptop.",
                "How do I take a screenshot on my computer?",
                "Recommend a backup tool that works on my system.",
            ],
        },
        {
            "domain": "commute",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("bike", [["bike", "bicycle", "cycle", "cycling"]]),
                    V("tram"),
                    V("ferry"),
                    V("bus"),
                    V("e-scooter", ["scooter"]),
                    V("motorbike", [["motorbike", "motorcycle"]]),
                    V("train", [["train", "rail"]]),
                    V("carpool", [["carpool", "car pool", "car share", "carshare"]]),
                ]
            ),
            "state": [
                "I commute by {v} - about forty minutes each way.",
                "By {v}, that's how I get to the office every day.",
                "is it worth getting a season pass if i go to work by {lv} every day?",
                "My wife drops the kids off at school and I head to work by {v}.",
                "Getting to work by {v} gives me time to think.",
                "Commute-wise it's the {v} for me, rain or shine.",
            ],
            "update": [
                "I've since moved on from the {old_v} to the {v} for my commute.",
                "Commute update: {old_v} is out, {v} is in.",
                "Used to go to work by {old_v}, but now I go by {v}.",
                "not commuting by {old_lv} anymore - {lv} since the new route opened",
                "We ended up going with the {v} instead of the {old_v} - cheaper and faster.",
                "Scratch the {old_v}: I get to work by {v} now.",
            ],
            "direct": ["How do I get to work?", "What's my commute like?", "How do I travel to the office?"],
            "task": [
                "Plan my journey to the office for tomorrow morning.",
                "Estimate how long my commute will take if it snows.",
                "What should I pack for my daily trip to work?",
            ],
        },
        {
            "domain": "dream_destination",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("Patagonia"),
                    V("Svalbard"),
                    V("Bhutan"),
                    V("the Galápagos", ["galapagos"]),
                    V("Antarctica"),
                    V("Madagascar"),
                    V("Zanzibar"),
                    V("Socotra"),
                    V("the Faroe Islands", ["faroe"]),
                    V("Kamchatka"),
                    V("Mongolia"),
                    V("the Azores", ["azores"]),
                ]
            ),
            "state": [
                "My dream trip is {v} - one day, when the kids are older.",
                "{v_cap}. That's the bucket-list place for me.",
                "how much would it even cost to get to {lv}? asking for my someday-trip",
                "If I ever win the lottery, I'm off to {v}, no question.",
                "My husband and I keep a scrapbook for our dream trip to {v}.",
                "Someday I'll see {v} with my own eyes.",
            ],
            "update": [
                "Bucket-list update: {old_v} is out, {v} is in.",
                "Used to dream about {old_v}, but now it's {v} I really want to see.",
                "After that documentary, my dream destination isn't {old_v} anymore - it's {v}.",
                "I've since moved on from {old_v}; {v} tops the someday list now.",
                "scratch {old_lv} off the dream list, {lv} is the one",
                "My partner talked me round: {v} instead of {old_v} for the big dream trip.",
            ],
            "direct": ["Where's my dream destination?", "Which place is at the top of my bucket list?"],
            "task": [
                "Make a rough itinerary for my bucket-list trip.",
                "Find a documentary about the place I most want to visit.",
                "What's the best season to visit my dream destination?",
            ],
        },
        {
            "domain": "board_game",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("Catan"),
                    V("Wingspan"),
                    V("Ticket to Ride"),
                    V("Carcassonne"),
                    V("Azul"),
                    V("Gloomhaven"),
                    V("Terraforming Mars", ["terraforming"]),
                    V("Codenames"),
                    V("Scythe"),
                    V("Everdell"),
                    V("Cascadia"),
                    V("Twilight Imperium"),
                ]
            ),
            "state": [
                "Our game nights always end with {v} - it's my favourite board game.",
                "{v_cap} is the board game I'd take to a desert island.",
                "whats a good expansion for {lv}? i've played the base game to death",
                "My brother refuses to play {v} with me anymore because I always win.",
                "Board game of choice: {v}.",
                "We played {v} until 2am on Saturday, it's the best game ever made.",
            ],
            "update": [
                "New favourite board game: {v}. Sorry, {old_v}.",
                "I've since moved on from {old_v} to {v} on game nights.",
                "Used to be {old_v}, but now {v} is the one I always bring.",
                "{old_v_cap} is out, {v} is in at our game night.",
                "not into {old_lv} anymore - {lv} all the way",
                "We ended up going with {v} instead of {old_v} as our regular game.",
            ],
            "direct": ["What's my favourite board game?", "Which tabletop game do I love?"],
            "task": [
                "Suggest snacks for a game night featuring my favourite game.",
                "Find me a nice storage insert for my favourite board game.",
                "Recommend a similar game to the one I always play.",
            ],
        },
        {
            "domain": "podcast",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("Radiolab"),
                    V("99% Invisible", [["99 invisible", "99 percent invisible", "99pi"]]),
                    V("Hardcore History"),
                    V("The Rest Is History", ["rest is history"]),
                    V("Planet Money"),
                    V("Freakonomics"),
                    V("Darknet Diaries", ["darknet"]),
                    V("Song Exploder"),
                    V("Hidden Brain"),
                    V("No Such Thing As A Fish", ["such thing as a fish"]),
                ]
            ),
            "state": [
                "I never miss an episode of {v}.",
                "{v_cap} keeps me company on long drives - best podcast going.",
                "have you heard of {v}? its my fav podcast, what else is like it?",
                "My sister got me hooked on {v} and now I binge it every weekend.",
                "The podcast I listen to most is {v}.",
                "Doing the dishes is bearable thanks to {v}.",
            ],
            "update": [
                "I've since moved on from {old_v} to {v} - way more my speed.",
                "Podcast update: {old_v} is out, {v} is in.",
                "Used to listen to {old_v} every week, but now it's {v}.",
                "not listening to {old_v} anymore, {v} is my new obsession",
                "Scratch {old_v} - I've switched to {v} for the drive to work.",
                "My new go-to podcast is {v}; I unsubscribed from {old_v}.",
            ],
            "direct": ["What's my favourite podcast?", "Which podcast do I listen to?"],
            "task": [
                "Find the latest episode of the podcast I listen to.",
                "Recommend podcasts similar to my favourite one.",
                "Pick an episode of my usual show for my drive home.",
            ],
        },
        {
            "domain": "cuisine",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("Oaxacan"),
                    V("Filipino"),
                    V("Nepalese", [["nepalese", "nepali"]]),
                    V("Persian", [["persian", "iranian"]]),
                    V("Uzbek"),
                    V("Cantonese"),
                    V("Hawaiian"),
                    V("Sardinian"),
                    V("Tunisian"),
                    V("Burmese"),
                    V("Jamaican"),
                    V("Keralan", [["keralan", "kerala"]]),
                ]
            ),
            "state": [
                "Since I love {v} food, where should we go for my birthday dinner?",
                "{v_cap} food is the best thing on the planet, fight me.",
                "My partner says I'd order {v} every night if I could, and honestly they're right.",
                "favourite cuisine?? {lv} easily",
                "If there's {a_v} place within driving distance, I'll find it.",
                "What I crave most is a proper {v} meal.",
            ],
            "update": [
                "I've since moved on from {old_v}; these days {v} is my favourite food.",
                "Used to be {old_v}, but now I'm all about {v} cuisine.",
                "{old_v_cap} is out, {v} is in - we found an amazing place nearby.",
                "not craving {old_lv} anymore, it's {lv} all the way",
                "Scratch {old_v}, my favourite cuisine is {v} now.",
                "We ended up going {v} instead of {old_v} so often that it's officially my favourite.",
            ],
            "direct": ["What's my favourite kind of food?", "Which cuisine do I like best?"],
            "task": [
                "Book a table somewhere I'd love for Friday night.",
                "Plan a takeaway order for me tonight.",
                "Find me a cooking class I'd enjoy.",
            ],
        },
        {
            "domain": "language",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("Icelandic"),
                    V("Welsh"),
                    V("Esperanto"),
                    V("Catalan"),
                    V("Tagalog"),
                    V("Hungarian"),
                    V("Czech"),
                    V("Ukrainian"),
                    V("Romanian"),
                    V("Swedish"),
                    V("Indonesian"),
                    V("Irish", [["irish", "gaelic"]]),
                ]
            ),
            "state": [
                "I'm teaching myself {v} with flashcards every night.",
                "{v_cap} is the language I'm learning - the grammar is brutal.",
                "how do you say 'good morning' in {lv}? i'm trying to learn it",
                "My grandmother spoke {v}, so I'm finally learning it properly.",
                "Three evenings a week I have an online {v} tutor.",
                "Learning {v} has been my lockdown project that never ended.",
            ],
            "update": [
                "I've since moved on from {old_v} to {v} in my language studies.",
                "Used to study {old_v}, but now I'm learning {v}.",
                "Language update: {old_v} is out, {v} is in.",
                "not doing {old_lv} anymore - switched my lessons to {lv}",
                "Scratch {old_v}; the app's got me on {v} now.",
                "My tutor convinced me: {v} instead of {old_v}.",
            ],
            "direct": ["What foreign language am I working on?", "What language am I trying to learn?"],
            "task": [
                "Give me a short vocabulary quiz in the language I'm learning.",
                "Recommend a TV series to practise my target language.",
                "Write three greetings in the language I'm studying.",
            ],
        },
        {
            "domain": "travel",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("Seville"),
                    V("Bruges"),
                    V("Dubrovnik"),
                    V("Sarajevo"),
                    V("Luang Prabang"),
                    V("Hội An", ["hoi an"]),
                    V("Cusco", [["cusco", "cuzco"]]),
                    V("Tromsø", [["tromsø", "tromso", "tromsoe"]]),
                    V("Matera"),
                    V("Plovdiv"),
                    V("Chefchaouen"),
                ]
            ),
            "state": [
                "We fly to {v} in three weeks - first proper holiday in ages.",
                "{v_cap} in October: booked, paid, can't wait.",
                "whats the weather like in {lv} in spring? that's where we're going next",
                "My in-laws are joining us on our trip to {v}, wish me luck.",
                "Next on the travel calendar: {v}.",
                "The hotel in {v} is sorted; now I need to figure out what to see there.",
            ],
            "update": [
                "Trip change: {old_v} is out, {v} is in.",
                "We ended up going with {v} instead of {old_v} - cheaper flights.",
                "Used to be {old_v} for the holiday, but now we're heading to {v}.",
                "not going to {old_lv} anymore - rebooked for {lv}",
                "Scratch that about {old_v}: the trip is to {v} now.",
                "I've since swapped the {old_v} trip for {v}.",
            ],
            "direct": ["Where am I going on my next holiday?", "What's my upcoming trip destination?"],
            "task": [
                "Draft a packing list for my upcoming holiday.",
                "Find some day trips near where I'm travelling next.",
                "What currency will I need for my next trip?",
            ],
        },
        {
            "domain": "hobby",
            "kind": "user_profile",
            "values": _with_lower(
                [
                    V("archery"),
                    V("fly fishing"),
                    V("origami"),
                    V("roller derby"),
                    V("cross-stitch", ["cross stitch"]),
                    V("orienteering"),
                    V("falconry"),
                    V("bonsai"),
                    V("glassblowing", [["glassblowing", "glass blowing"]]),
                    V("kitesurfing", [["kitesurfing", "kite surfing", "kiteboarding"]]),
                    V("ham radio", [["ham radio", "amateur radio"]]),
                    V("parkour"),
                    V("lino printing", [["lino", "linocut"]]),
                ]
            ),
            "state": [
                "Most Saturdays I'm out doing {v} - it's the best way to switch off.",
                "{v_cap}, believe it or not, is my main hobby.",
                "where can i buy decent {lv} gear that won't cost a fortune?",
                "My dad got me into {v} when I was a teenager and I never stopped.",
                "Spare time = {v}, pretty much always.",
                "I joined a {v} club last spring and now half my friends are from there.",
            ],
            "update": [
                "I've since moved on from {old_v} to {v}.",
                "Hobby update: {old_v} is out, {v} is in.",
                "Used to be into {old_v}, but now I spend my weekends on {v}.",
                "not doing {old_lv} anymore, got really into {lv} instead",
                "Scratch {old_v} - my new hobby is {v}.",
                "My partner talked me into {v}, so {old_v} has taken a back seat.",
            ],
            "direct": ["What's my hobby?", "How do I spend my spare time?"],
            "task": [
                "Recommend a birthday gift for me related to my hobby.",
                "Find a weekend workshop I'd enjoy.",
                "Suggest a YouTube channel about my favourite pastime.",
            ],
        },
    ]


def _procedural() -> list:
    return [
        {
            "id": "cite_sources",
            "tokens": [
                ["cite", "cited", "citation", "citations", "source", "sources", "reference", "references"]
            ],
            "state": [
                "Always cite your sources when you tell me facts.",
                "Could you back up factual claims with sources from now on?",
                "i need citations for anything factual pls",
                "When you make a claim, tell me where it comes from - cite a source.",
                "Please include references at the end of your answers.",
                "Going forward, nothing factual without a source attached.",
            ],
            "direct": [
                "What should you include when you tell me facts?",
                "Is there anything I want attached to factual answers?",
            ],
            "task": [
                "Tell me how much of the ocean has been explored, the way I asked you to back things up.",
                "Explain why the Roman Empire fell, following my rule about claims.",
            ],
        },
        {
            "id": "word_limit",
            "tokens": [["100 word", "hundred word", "100 words", "hundred words"]],
            "state": [
                "Keep it under 100 words, please.",
                "Max 100 words per reply from now on.",
                "please stay below a hundred words when you answer",
                "Answers longer than 100 words won't get read, so cap them there.",
                "I'd like a 100-word limit on your replies.",
                "Could every response fit in 100 words or fewer?",
            ],
            "direct": [
                "How long should your replies to me be?",
                "Is there a length limit I set for answers?",
            ],
            "task": [
                "Explain how a heat pump works, respecting my length limit.",
                "Describe the causes of the First World War within my usual limit.",
            ],
        },
        {
            "id": "no_jargon",
            "tokens": [["jargon", "plain english", "plain language", "layman", "laymen"]],
            "state": [
                "No jargon please - explain things like I'm not an expert.",
                "Use plain English with me and skip the technical terms.",
                "i get lost in jargon, keep it simple pls",
                "Avoid jargon in your answers, always.",
                "Please explain things in plain language rather than specialist speak.",
                "Talk to me in layman's terms from now on.",
            ],
            "direct": [
                "What kind of vocabulary should you use with me?",
                "How technical should your explanations be for me?",
            ],
            "task": [
                "Explain how a mortgage offset account works, in the style I asked for.",
                "Tell me what a Kubernetes pod is, the way I like things explained.",
            ],
        },
        {
            "id": "rust_code",
            "tokens": ["rust"],
            "state": [
                "Give me code in Rust from now on.",
                "Whenever you write code for me, make it Rust.",
                "rust please for all code snippets",
                "I'm learning Rust, so code samples should be in Rust.",
                "Default language for code: Rust.",
                "Could you write any programming snippets in Rust instead of Python?",
            ],
            "direct": [
                "Which programming language should your code be in?",
                "What language do I want code written in?",
            ],
            "task": [
                "Write me a function that checks if a number is prime, in my preferred language.",
                "Show me how to read a file line by line, using the language I asked for.",
            ],
        },
        {
            "id": "iso_dates",
            "tokens": [["iso 8601", "iso", "yyyy mm dd", "year month day"]],
            "state": [
                "Write dates as YYYY-MM-DD please.",
                "Use ISO 8601 dates with me.",
                "dates in iso format please, the 2024-05-01 style",
                "Please format every date year-month-day.",
                "No more 'next Tuesday' or 05/06 ambiguity: ISO dates only.",
                "Could you always give dates in ISO format?",
            ],
            "direct": ["How should you write dates for me?", "Which date format do I prefer?"],
            "task": [
                "List the next three bank holidays, formatted how I like.",
                "When is the next full moon? Give the date the way I asked.",
            ],
        },
        {
            "id": "imperial",
            "tokens": [["fahrenheit", "imperial", "miles", "pounds", "feet", "inches"]],
            "state": [
                "I'm American, so please use Fahrenheit and miles.",
                "Imperial units for me please - I can't picture kilometres.",
                "give me temps in fahrenheit, celsius means nothing to me",
                "Could you use pounds and feet rather than kilos and metres?",
                "Stick to imperial measurements when you talk to me.",
                "Please default to miles, pounds and Fahrenheit.",
            ],
            "direct": ["What units should you use with me?", "Which measurement system do I want?"],
            "task": [
                "How far is it from London to Edinburgh, in the units I prefer?",
                "What's a normal oven temperature for roasting vegetables, in my units?",
            ],
        },
        {
            "id": "american_spelling",
            "tokens": [
                ["american spelling", "american spellings", "us english", "us spelling", "american english"]
            ],
            "state": [
                "Please use American spelling - color, not colour.",
                "Write in US English for me.",
                "american english spellings only please",
                "Could you switch to American spelling for everything you write?",
                "I'd like US spelling in anything you draft for me.",
                "Spell things the US way, please: American English.",
            ],
            "direct": [
                "Which spelling conventions should you follow for me?",
                "Which variety of English do I want?",
            ],
            "task": [
                "Proofread this sentence the way I like: 'We organised a colourful programme.'",
                "Write a short product description following my spelling preference.",
            ],
        },
        {
            "id": "numbered_steps",
            "tokens": [["numbered", "step by step", "steps"]],
            "state": [
                "When you explain how to do something, give me numbered steps.",
                "Step-by-step instructions please, one action per line.",
                "pls break how-tos into numbered steps",
                "I follow instructions best as a numbered list, so use that.",
                "For any process, lay it out as numbered steps.",
                "Could you always give me step by step instructions?",
            ],
            "direct": ["How should you lay out instructions for me?", "What format do I want for how-tos?"],
            "task": [
                "Tell me how to change a flat tyre, in the layout I asked for.",
                "How do I reset my router? Format it how I like.",
            ],
        },
        {
            "id": "reply_spanish",
            "tokens": ["spanish"],
            "state": [
                "Can you answer me in Spanish from now on? I want the practice.",
                "Spanish replies only, por favor.",
                "reply in spanish pls, even if i write in english",
                "Please respond in Spanish going forward.",
                "I'd like all your answers in Spanish.",
                "From today, talk to me in Spanish.",
            ],
            "direct": [
                "Which language should you reply to me in?",
                "What language do I want your answers in?",
            ],
            "task": [
                "Tell me about today's weather, in the language I asked for.",
                "Give me a quick recipe idea, replying the way I requested.",
            ],
        },
        {
            "id": "no_markdown",
            "tokens": [["markdown", "plain text"]],
            "state": [
                "Please don't use markdown - my app shows the raw asterisks.",
                "No markdown formatting in replies, just plain text.",
                "plain text only pls, no headings or bold",
                "Could you stop using markdown in your answers?",
                "Markdown breaks my screen reader, so avoid it.",
                "Send replies as plain text from now on.",
            ],
            "direct": [
                "How should your replies be formatted for me?",
                "What formatting should you avoid with me?",
            ],
            "task": [
                "Write me a short shopping list, formatted the way I need.",
                "Summarise the news about renewable energy in the format I asked for.",
            ],
        },
        {
            "id": "pros_cons",
            "tokens": [["pros and cons", "pros cons", "trade offs", "tradeoffs", "trade off"]],
            "state": [
                "Before recommending anything, give me the pros and cons.",
                "Always lay out pros and cons when I ask you to choose.",
                "i like seeing the trade-offs before a recommendation",
                "Whenever you suggest an option, list its pros and cons.",
                "Please weigh the trade-offs explicitly before you pick something for me.",
                "Pros and cons first, verdict second - that's how I like it.",
            ],
            "direct": [
                "What should you include when you recommend something to me?",
                "How do I want recommendations presented?",
            ],
            "task": [
                "Should I buy or lease my next car? Answer in the format I like.",
                "Recommend a note-taking app for me, the way I asked.",
            ],
        },
    ]


def _remember_items() -> list:
    return [
        {
            "x": "my piano teacher is Mrs. Okonkwo",
            "tokens": ["okonkwo"],
            "direct": ["Who teaches me piano?"],
            "task": ["Write a thank-you note to my piano teacher."],
        },
        {
            "x": "my mechanic works at Brackenridge Motors",
            "tokens": ["brackenridge"],
            "direct": ["Where does my mechanic work?"],
            "task": ["Call my usual garage about a service - which one?"],
        },
        {
            "x": "our wedding anniversary is on the 14th of June",
            "tokens": [["14th of june", "june 14", "14 june", "june 14th"]],
            "direct": ["When is our wedding anniversary?"],
            "task": ["Remind me to book dinner for our anniversary - which date?"],
        },
        {
            "x": "the plumber we trust is Kowalczyk and Sons",
            "tokens": ["kowalczyk"],
            "direct": ["Which plumber do we use?"],
            "task": ["The sink is leaking; who should I ring?"],
        },
        {
            "x": "my son's football practice is at Elmstead Park",
            "tokens": ["elmstead"],
            "direct": ["Where is my son's football practice?"],
            "task": ["Give me directions to football practice for my son."],
        },
        {
            "x": "my hairdresser is Saskia at Clip Joint",
            "tokens": ["saskia"],
            "direct": ["Who cuts my hair?"],
            "task": ["Book my usual haircut."],
        },
        {
            "x": "my favourite whisky is Lagavulin",
            "tokens": ["lagavulin"],
            "direct": ["What's my favourite whisky?"],
            "task": ["Pick a bottle of whisky I'd enjoy for my birthday."],
        },
        {
            "x": "the babysitter's name is Marisela",
            "tokens": ["marisela"],
            "direct": ["What's our babysitter called?"],
            "task": ["Text the babysitter to see if she's free on Friday."],
        },
        {
            "x": "my sister's wedding is at Portmeirion",
            "tokens": ["portmeirion"],
            "direct": ["Where is my sister's wedding?"],
            "task": ["Book a hotel near my sister's wedding venue."],
        },
        {
            "x": "I parked on level 4 of the Greyfriars car park",
            "tokens": ["greyfriars"],
            "direct": ["Where did I leave the car?"],
            "task": ["Guide me back to where I parked."],
        },
        {
            "x": "my optician is Lindqvist Eyecare",
            "tokens": ["lindqvist"],
            "direct": ["Who is my optician?"],
            "task": ["Book an eye test with my usual optician."],
        },
        {
            "x": "my running club meets outside Tolbooth Books",
            "tokens": ["tolbooth"],
            "direct": ["Where does my running club meet?"],
            "task": ["Tell me where to go for running club tonight."],
        },
    ]


def _forgettable() -> list:
    return [
        {
            "id": "proposal",
            "tokens": ["sorrento"],
            "ref": "the proposal plan",
            "state": [
                "I'm planning to propose to my girlfriend in Sorrento this summer - top secret.",
                "Ring's bought; I'm popping the question in Sorrento in July.",
                "don't tell a soul but i'm proposing in sorrento",
            ],
            "probes": ["Am I planning a proposal?", "Where am I going to pop the question?"],
        },
        {
            "id": "transfer",
            "tokens": ["singapore"],
            "ref": "the Singapore transfer",
            "state": [
                "I've quietly applied for a transfer to our Singapore office.",
                "There's a chance I'll move to the Singapore office next year, nobody at work knows yet.",
                "thinking about asking for the singapore transfer, keeping it quiet for now",
            ],
            "probes": ["Have I applied for a transfer anywhere?", "Which office might I move to?"],
        },
        {
            "id": "treehouse",
            "tokens": ["treehouse"],
            "ref": "the treehouse project",
            "state": [
                "I'm secretly building a treehouse for the kids' birthdays.",
                "Half my evenings go on the treehouse in the back garden - the kids have no idea.",
                "the treehouse is nearly done, shh",
            ],
            "probes": ["Am I building anything for the kids?", "What DIY project am I working on?"],
        },
        {
            "id": "hot_tub",
            "tokens": ["hot tub"],
            "ref": "the hot tub idea",
            "state": [
                "We're seriously thinking about getting a hot tub for the patio.",
                "I keep looking at hot tub listings late at night, it's a problem.",
                "Honestly tempted by a hot tub this winter.",
            ],
            "probes": [
                "What are we thinking of buying for the garden?",
                "Any big home purchases I'm considering?",
            ],
        },
        {
            "id": "bakeoff",
            "tokens": ["hollowmere"],
            "ref": "the Hollowmere bake-off",
            "state": [
                "I entered the Hollowmere village bake-off and I'm terrified.",
                "Practising my entry for the Hollowmere bake-off every night this week.",
                "the hollowmere bake-off is in two weeks and my sponge keeps sinking",
            ],
            "probes": ["Have I entered any competitions?", "What contest am I preparing for?"],
        },
        {
            "id": "landlord",
            "tokens": ["drummond"],
            "ref": "my landlord",
            "state": [
                "My landlord, Mr. Drummond, still hasn't fixed the boiler.",
                "Drummond, our landlord, wants to put the rent up again.",
                "ugh, mr drummond the landlord texted at midnight again",
            ],
            "probes": ["Who is my landlord?", "Any trouble with my landlord lately?"],
        },
        {
            "id": "food_truck",
            "tokens": ["food truck"],
            "ref": "the food truck idea",
            "state": [
                "I'm toying with quitting to start a food truck.",
                "Don't laugh, but I've been pricing up a food truck for weekend markets.",
                "the food truck dream is alive again lol",
            ],
            "probes": ["Am I thinking of starting a business?", "What side project am I dreaming about?"],
        },
        {
            "id": "leica",
            "tokens": ["leica"],
            "ref": "the camera auction",
            "state": [
                "I'm bidding on a vintage Leica in an online auction, fingers crossed.",
                "There's an old Leica up for auction that I really want.",
                "stayed up till 1am watching that leica auction",
            ],
            "probes": ["Am I bidding on anything?", "What camera was I after?"],
        },
        {
            "id": "recruiter",
            "tokens": ["quillstone"],
            "ref": "the Quillstone recruiter",
            "state": [
                "A recruiter from Quillstone Capital has been messaging me about a role.",
                "I had a sneaky call with Quillstone Capital's recruiter at lunch.",
                "quillstone's recruiter wants a second chat, not telling my boss",
            ],
            "probes": ["Has a recruiter been in touch?", "Which firm is trying to hire me?"],
        },
        {
            "id": "elopement",
            "tokens": ["gretna"],
            "ref": "the elopement",
            "state": [
                "We're thinking of eloping to Gretna Green and telling everyone afterwards.",
                "Between us: Gretna Green, just the two of us, next spring.",
                "gretna green elopement plan is a go, don't tell my mum",
            ],
            "probes": ["Are we planning a wedding?", "Where were we going to get married?"],
        },
    ]


def _sensitive() -> list:
    return [
        {
            "category": "password",
            "make": _mk_password,
            "token_slots": ["secret"],
            "templates": [
                "hey can u save my netflix pw somewhere: {secret}",
                "The master password for my password manager is {secret} - is that long enough?",
                "My sister needs the wifi - tell her it's {secret}, all one word.",
                "Login for the council tax portal is my email plus the password {secret}.",
                "I reuse {secret} for basically everything, which is bad, right?",
                "Just reset my work VPN password to {secret}, does it meet the usual rules?",
            ],
        },
        {
            "category": "api_key",
            "make": _mk_api_key,
            "token_slots": ["gh", "gitlab", "slack", "openai", "akid", "aws_secret"],
            "templates": [
                "Here's my GitHub token {gh} - why does git push still ask for a password?",
                "my aws creds are {akid} / {aws_secret}, how do i put them in ~/.aws/credentials",
                "Set this up in the CI secrets for me: GITLAB_TOKEN={gitlab}",
                "The Slack bot token is {slack}, but the bot can't post to channels - any idea?",
                "Our OpenAI key ({openai}) keeps getting rate-limited, how do I add retries?",
                "Use access key {akid} with secret {aws_secret} in the boto3 snippet.",
                "pasting my personal access token so you can see the format: {gh}",
            ],
        },
        {
            "category": "payment_card",
            "make": _mk_card,
            "token_slots": ["secret"],
            "templates": [
                "My card is {secret}, exp {expiry}, CVV {cvv} - can you fill in the checkout form?",
                "Booking the concert tickets with {secret} - is it an Amex or a Visa?",
                "new debit card arrived: {secret}. what do i do with the old one?",
                "For the hotel deposit they need my card: {secret} (expires {expiry}).",
                "Quick check - does {secret} pass the Luhn check? It's my company card.",
                "I typed {secret} into the form and it got declined, did I mistype it?",
                "Can you store my card, {secret}, so I don't have to type it again?",
            ],
        },
        {
            "category": "bank_details",
            "make": _mk_bank,
            "token_slots": ["iban", "routing", "us_acct"],
            "templates": [
                "My IBAN is {iban}, can you check the check digits are right?",
                "For the rent transfer: IBAN {iban}, name as on my passport.",
                "direct deposit form asks for routing {routing} and account {us_acct}, which box is which?",
                "Wire the refund to routing number {routing}, account number {us_acct}.",
                "Here's my bank account for the invoice footer: {iban}.",
                "Is {iban} a valid IBAN? My new employer needs it.",
                "My checking account is {us_acct} (routing {routing}), set up autopay to that.",
            ],
        },
        {
            "category": "exact_age",
            "make": _mk_age,
            "token_slots": ["age", "dob"],
            "templates": [
                "I turned {age} last week and my knees know it.",
                "Born on {dob}, so yes, I'm officially old.",
                "As someone who's {age}, is it too late to learn to code?",
                "my birthday is {dob} - can you work out what day of the week that was?",
                "{age} years young and still can't cook rice properly lol",
                "Since I was born on {dob}, what's my star sign?",
                "Is {age} too old to start a PhD?",
            ],
        },
        {
            "category": "home_address",
            "make": _mk_address,
            "token_slots": ["street", "postcode"],
            "templates": [
                "My flat is at {num} {street}, the buzzer's broken so knock loudly.",
                "Can you write a note for the courier? Deliver to {num} {street}, {postcode}.",
                "We live at {num} {street} - where's the nearest late-night chemist?",
                "home address for the form: {num} {street} {postcode}",
                "Just moved into {num} {street}; the garden is tiny but lovely.",
                "Send the wedding RSVP card back to {num} {street}, {postcode}.",
            ],
        },
        {
            "category": "government_id",
            "make": _mk_gov_id,
            "token_slots": ["ssn", "nino", "passport"],
            "templates": [
                "For the tax form, my SSN is {ssn} - which box does it go in?",
                "My National Insurance number is {nino}, is that the same as a tax code?",
                "passport number {passport}, expiring next year - do I need to renew before travelling?",
                "Can you double-check the format of my social security number? {ssn}",
                "The visa application wants my passport no. - it's {passport}.",
                "HR asked for my NI number ({nino}) again, ugh.",
            ],
        },
        {
            "category": "policy:religion",
            "policy": True,
            "make": _mk_faith,
            "token_slots": ["faith", "faith_n"],
            "templates": [
                "As a practising {faith_n}, I'd rather not schedule anything during my prayer times.",
                "I've been {faith} all my life - what's a thoughtful gift for the host of our faith group?",
                "Our family is {faith}; how do I explain our holidays to my new colleagues?",
                "I became {faith} a couple of years ago and it changed a lot for me.",
                "Being {faith} matters a lot to me, just so you understand where I'm coming from.",
                "is it weird to bring up that i'm {faith} on a first date?",
            ],
        },
        {
            "category": "policy:orientation",
            "policy": True,
            "make": _mk_orientation,
            "token_slots": ["o"],
            "templates": [
                "I came out as {o} to my parents last year, it went better than expected.",
                "I'm {o}, so most dating apps feel hit and miss - any you'd recommend?",
                "Being {o} in a small town isn't always easy.",
                "my coworkers don't know i'm {o} yet and i'm not sure i want them to",
                "I'm looking for a {o}-friendly book group nearby, since I'm {o} myself.",
                "I've known I was {o} since I was about fifteen.",
            ],
        },
        {
            "category": "policy:salary",
            "policy": True,
            "make": _mk_salary,
            "token_slots": ["salary"],
            "templates": [
                "I make {salary} a year before tax - is that decent for my field?",
                "Pay rise came through: I'm on {salary} now!",
                "They offered me {salary} base. Should I negotiate?",
                "on {salary} a year how much should i put into my pension",
                "My salary is {salary}; how much rent can I realistically afford?",
                "With {salary} coming in each year, which tax bracket am I in?",
            ],
        },
        {
            "category": "policy:debt",
            "policy": True,
            "make": _mk_debt,
            "token_slots": ["debt"],
            "templates": [
                "I still owe {debt} on my student loan, should I overpay?",
                "We've got {debt} of credit card debt and it's stressing me out.",
                "There's {debt} left on my car loan.",
                "how fast can i clear {debt} of debt if i pay a bit extra every month",
                "My overdraft is sitting at {debt}, any tips to get out of it?",
                "I borrowed {debt} from my parents for the deposit and I'm paying them back slowly.",
            ],
        },
    ]


def _noise() -> list:
    return [
        (
            "How do I descale a kettle?",
            "Fill it with equal parts water and white vinegar, boil, leave it an hour, then rinse and boil fresh "
            "water twice.",
        ),
        ("What's the tallest mountain in Africa?", "Kilimanjaro in Tanzania, at roughly 5,900 metres."),
        (
            "what's the difference between a crocodile and an alligator",
            "Alligators have a wide U-shaped snout; crocodiles have a narrower V-shaped one and show their lower teeth.",
        ),
        (
            "Why do we have leap years?",
            "A solar year is a little longer than 365 days, so an extra day every four years keeps the calendar in "
            "step with the seasons.",
        ),
        ("Give me a word that means cheerful and full of energy.", "Try 'chipper', 'bubbly' or 'ebullient'."),
        (
            "How does a microwave heat food?",
            "It makes water molecules in the food jiggle rapidly, and that motion turns into heat.",
        ),
        (
            "What's the largest planet in the solar system?",
            "Jupiter - more than twice as massive as all the other planets combined.",
        ),
        (
            "How do I unclog a drain without harsh chemicals?",
            "Pour in baking soda, then vinegar, wait a quarter of an hour, and flush with a kettle of hot water.",
        ),
        (
            "How do bees make honey?",
            "They collect nectar, break it down with enzymes, and fan it with their wings until most of the water "
            "evaporates.",
        ),
        (
            "Why does bread go stale?",
            "The starch slowly recrystallises and pushes water out, so it firms up even in a sealed bag.",
        ),
        (
            "Is it 'who' or 'whom' after a preposition?",
            "After a preposition it's 'whom': 'to whom it may concern'.",
        ),
        (
            "Why is the ocean salty?",
            "Rain dissolves minerals from rocks, rivers carry them to the sea, and evaporation leaves the salt behind.",
        ),
        (
            "Tell me a joke about penguins.",
            "Why don't penguins like talking to strangers at parties? They find it hard to break the ice.",
        ),
        ("What does 'per se' mean?", "'In itself' - as in 'the idea isn't bad per se'."),
        (
            "Why do leaves change colour in autumn?",
            "Chlorophyll breaks down as the days shorten, revealing yellow and orange pigments that were there all "
            "along.",
        ),
        (
            "What's the fastest land animal?",
            "The cheetah, which can sprint at around 100 km/h in short bursts.",
        ),
        (
            "How can I tell if an avocado is ripe?",
            "Flick off the little stem cap: green underneath means ripe, brown means overripe.",
        ),
        (
            "What does a blockchain actually do?",
            "It's a shared ledger where each block of records is chained to the previous one with a hash, so past "
            "entries are hard to alter.",
        ),
        (
            "Can you explain the offside rule in football?",
            "An attacker is offside if they're nearer the goal line than both the ball and the second-last defender "
            "when the ball is played to them.",
        ),
        (
            "How do I make my laptop battery last longer?",
            "Lower the screen brightness, close background apps, and avoid keeping it fully charged all the time.",
        ),
        (
            "What's a palindrome?",
            "A word or phrase that reads the same backwards, like 'level' or 'racecar'.",
        ),
        ("Why do we yawn?", "Nobody's fully sure; leading ideas are brain cooling and signalling tiredness."),
        (
            "What's umami?",
            "The savoury fifth taste, from glutamates in things like parmesan, mushrooms and soy sauce.",
        ),
        (
            "What's the longest river in the world?",
            "It's the Nile or the Amazon, depending on where you decide each one starts.",
        ),
        (
            "How do I write a good out-of-office message?",
            "Say when you're back, who to contact meanwhile, and keep it to two or three lines.",
        ),
        (
            "Is it rude to recline your seat on a plane?",
            "It's allowed, but a quick glance back and reclining slowly goes a long way.",
        ),
        (
            "What's the difference between latitude and longitude?",
            "Latitude measures north-south from the equator; longitude measures east-west from Greenwich.",
        ),
        ("How do you pronounce 'quinoa'?", "KEEN-wah."),
        ("Why are flamingos pink?", "Pigments from the algae and shrimp they eat."),
        (
            "What's a Fermi estimate?",
            "A rough order-of-magnitude guess built from simple assumptions, like estimating how many piano tuners "
            "work in a city.",
        ),
        ("wow ok", "Right?"),
        ("sounds good", "Great!"),
        ("fair point", "Thanks!"),
        ("you're a lifesaver", "Happy to help!"),
        ("hmm not sure about that", "Fair - want me to explain it another way?"),
        (
            "Where does the word 'robot' come from?",
            "From a Slavic word for forced labour, popularised by Karel Capek's 1920 play R.U.R.",
        ),
        (
            "How do I get over jet lag faster?",
            "Get daylight in the morning where you land, stay up until local bedtime, and go easy on caffeine.",
        ),
        ("What does RSVP stand for?", "Repondez s'il vous plait - 'please reply'."),
        ("Can you suggest a name for a houseplant?", "How about 'Leafy McLeafface' or 'Sir Photosynthesis'?"),
        (
            "What's the difference between a hurricane and a typhoon?",
            "Same kind of storm, different ocean: hurricanes in the Atlantic and northeast Pacific, typhoons in the "
            "northwest Pacific.",
        ),
        ("How many hearts does an earthworm have?", "Five pairs of aortic arches, often called five hearts."),
        (
            "What's the rule for using a semicolon?",
            "Use it to join two closely related complete sentences without a conjunction.",
        ),
        ("lmao", "Ha!"),
        ("brb", "No rush."),
        (
            "Why do cats knock things off tables?",
            "Curiosity, play, and because it reliably gets your attention.",
        ),
        (
            "What's a good way to remember people's names?",
            "Repeat the name back straight away and link it to something vivid about the person.",
        ),
        (
            "How do I forget an embarrassing memory?",
            "You can't delete it, but retelling it with humour and giving it less airtime helps it fade.",
        ),
        ("What is the speed of sound?", "About 343 metres per second in air at room temperature."),
        (
            "How do I keep cut flowers fresh longer?",
            "Trim the stems at an angle, change the water every two days, and keep them away from fruit.",
        ),
        ("What's the capital of Australia?", "Canberra."),
        (
            "How do I stop my glasses fogging up?",
            "Wash the lenses with a drop of dish soap and let them air-dry; it leaves an anti-fog film.",
        ),
        ("ok that makes sense", "Great."),
        ("Can you give me a tongue twister?", "Red lorry, yellow lorry - say it five times fast."),
        (
            "Why do onions get sweeter when you fry them slowly?",
            "Gentle heat breaks down their complex carbohydrates into simpler sugars and browns them.",
        ),
        (
            "What's the difference between 'affect' and 'effect' again?",
            "'Affect' is usually the verb, 'effect' usually the noun.",
        ),
    ]
