"""Wording bank of the third held-out memory-quality set (eval/data/heldout3.json).

Written blind: without reading the service's language code (rules extractor, privacy and command
policies) and without reading the wording of the public set or of held-out sets 1 and 2. Only the
shared generator's data structures are followed (see ``build_dataset`` in
``../shared/bench/generate.py``); ``make_heldout3.py`` checks programmatically that no value, name
or phrasing is shared with the other banks.

New here: domains (car, instrument, supported team, allergy-free diet, commute, garden, favourite
author, streaming service, breakfast, next trip, weekend sport, board game, job), e-mail + password
pairs, phone numbers, 15- and 16-digit cards, IE/PT/AT/CH/PL IBANs, and a store policy that
excludes finances, religion and dating life.
"""

from __future__ import annotations

import random
import string

from generate import V  # the shared machinery's value helper (slots v, v_cap, a_v, ...)

# =========================================================================== check digits


def luhn_complete(prefix: str, length: int, rng: random.Random) -> str:
    """A ``length``-digit number starting with ``prefix`` whose last digit is the Luhn check digit."""
    digits = [int(c) for c in prefix]
    while len(digits) < length - 1:
        digits.append(rng.randrange(10))
    total = 0
    for i, d in enumerate(reversed(digits)):  # the check digit will sit to the right, so i=0 is doubled
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return "".join(map(str, digits)) + str((10 - total % 10) % 10)


def iban_with_check(country: str, bban: str) -> str:
    """ISO 13616: the two check digits that make the IBAN's mod-97 remainder 1."""
    rearranged = bban + country + "00"
    num = int("".join(str(int(ch, 36)) for ch in rearranged))
    return f"{country}{98 - num % 97:02d}{bban}"


IBAN_LENGTHS = {"IE": 22, "PT": 25, "AT": 20, "CH": 21, "PL": 28}


def _digits(rng: random.Random, n: int) -> str:
    return "".join(str(rng.randrange(10)) for _ in range(n))


def _group(s: str, n: int = 4, sep: str = " ") -> str:
    return sep.join(s[i : i + n] for i in range(0, len(s), n))


# =========================================================================== secret makers


_MAIL_FIRST = ["rowan", "oriel", "idris", "maelle", "corin", "saoirse", "lucan", "wrenna", "bram", "nerys"]
_MAIL_LAST = ["quennell", "dravik", "ashgrove", "pellowe", "strand", "varga", "oduya", "haverkamp"]
_MAIL_DOMAINS = [
    "postbox.example",
    "kitemail.example",
    "ferrymail.example",
    "owlpost.example",
    "inbox-ly.example",
]
_PW_WORDS = [
    "Cardamom",
    "Halyard",
    "Tessellate",
    "Parsnip",
    "Corvid",
    "Basalt",
    "Juniper",
    "Saffron",
    "Windlass",
    "Quartzite",
]


def mk_login(rng):
    email = (
        f"{rng.choice(_MAIL_FIRST)}{rng.choice(['.', '_', ''])}{rng.choice(_MAIL_LAST)}"
        f"{rng.randint(10, 99)}@{rng.choice(_MAIL_DOMAINS)}"
    )
    style = rng.randrange(3)
    if style == 0:
        pw = f"{rng.choice(_PW_WORDS)}{rng.randint(10, 99)}{rng.choice('?@+=~^')}{rng.choice(_PW_WORDS).lower()}"
    elif style == 1:
        pw = "".join(rng.choice(string.ascii_letters) for _ in range(4)) + _digits(rng, 4) + rng.choice("!%&")
    else:
        pw = f"{rng.choice(_PW_WORDS).lower()}-{rng.choice(_PW_WORDS).lower()}-{rng.randint(100, 999)}"
    return {
        "email": email,
        "pw": pw,
        "site": rng.choice(
            [
                "the kids' school portal",
                "my pension dashboard",
                "the council tax site",
                "the train booking app",
                "my work VPN",
                "the library account",
            ]
        ),
    }


def mk_phone(rng):
    style = rng.randrange(4)
    if style == 0:
        num = f"+44 7{_digits(rng, 3)} {_digits(rng, 6)}"
    elif style == 1:
        num = f"07{_digits(rng, 3)} {_digits(rng, 3)} {_digits(rng, 3)}"
    elif style == 2:
        num = f"+1 ({rng.randint(201, 989)}) {_digits(rng, 3)}-{_digits(rng, 4)}"
    else:
        num = f"+49 15{_digits(rng, 1)} {_digits(rng, 4)} {_digits(rng, 4)}"
    return {"phone": num, "whose": rng.choice(["My", "My", "My mobile", "My personal"])}


def mk_card(rng):
    kind = rng.randrange(3)
    if kind == 0:  # 15-digit, 4-6-5 grouping
        num = luhn_complete(rng.choice(["34", "37"]), 15, rng)
        shown = f"{num[:4]} {num[4:10]} {num[10:]}"
    elif kind == 1:
        num = luhn_complete(rng.choice(["4", "4"]), 16, rng)
        shown = _group(num, 4, rng.choice([" ", "-", ""]))
    else:
        num = luhn_complete(str(rng.randint(2221, 2720)), 16, rng)
        shown = _group(num, 4, " ")
    return {
        "card": shown,
        "exp": f"{rng.randint(1, 12):02d}/{rng.randint(28, 32)}",
        "cvc": _digits(rng, 4 if kind == 0 else 3),
    }


def mk_iban(rng):
    country = rng.choice(sorted(IBAN_LENGTHS))
    n = IBAN_LENGTHS[country] - 4
    if country == "IE":
        bban = "".join(rng.choice(string.ascii_uppercase) for _ in range(4)) + _digits(rng, n - 4)
    else:
        bban = _digits(rng, n)
    iban = iban_with_check(country, bban)
    return {
        "iban": _group(iban, 4, " ") if rng.random() < 0.7 else iban,
        "holder": rng.choice(["joint account", "savings account", "current account", "business account"]),
    }


def mk_age(rng):
    return {"age": str(rng.randint(24, 71))}


_STREETS = [
    "Wicklow Mews",
    "Saltmarsh Road",
    "Otterburn Place",
    "Gallowgate Row",
    "Peverell Street",
    "Chandlers Yard",
    "Ravelston Gardens",
    "Mistletoe Lane",
    "Abernethy Close",
    "Tregenna Hill",
    "Pilgrim Wharf",
    "Stonechat Avenue",
]


def mk_address(rng):
    street = rng.choice(_STREETS)
    area = "".join(rng.choice("BDGHKMNPRSTW") for _ in range(2))
    postcode = f"{area}{rng.randint(1, 19)} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"
    return {
        "num": str(rng.randint(2, 188)),
        "street": street,
        "street_key": street.split()[0],
        "postcode": postcode,
        "flat": str(rng.randint(1, 9)),
    }


def mk_money(rng):
    salary = rng.randrange(31, 140) * 1000 + rng.choice([0, 250, 500, 750])
    debt = rng.randrange(3, 60) * 1000 + rng.choice([0, 200, 400, 600, 800])

    def spellings(x):
        s = f"{x:,}"
        out = [s, s.replace(",", ""), s.replace(",", ".")]
        if x % 1000 == 0:
            out.append(f"{x // 1000}k")
        return out

    return {
        "salary": f"{salary:,}",
        "debt": f"{debt:,}",
        "cur": rng.choice(["£", "€", "$"]),
        "lender": rng.choice(
            [
                "a payday lender",
                "my credit card",
                "a car finance deal",
                "my overdraft",
                "a consolidation loan",
            ]
        ),
        "_tokens": {"salary": spellings(salary), "debt": spellings(debt)},
    }


_FAITHS = [
    ("a practising Quaker", ["Quaker", "Quakers"]),
    ("Catholic", ["Catholic", "Catholicism"]),
    ("a Sikh", ["Sikh", "Sikhism"]),
    ("Buddhist", ["Buddhist", "Buddhism"]),
    ("Orthodox Jewish", ["Jewish", "Judaism", "Orthodox"]),
    ("Muslim", ["Muslim", "Islam"]),
    ("a Jehovah's Witness", ["Jehovah"]),
    ("Hindu", ["Hindu", "Hinduism"]),
    ("Mormon", ["Mormon", "Latter-day"]),
    ("Baptist", ["Baptist"]),
]


def mk_faith(rng):
    faith, keys = rng.choice(_FAITHS)
    return {"faith": faith, "_tokens": {"faith": keys}}


_DATES = [
    "Caspian",
    "Anatole",
    "Ozias",
    "Cosmin",
    "Dariela",
    "Evren",
    "Ignatius",
    "Florin",
    "Tobiah",
    "Gaetano",
    "Hollis",
    "Peregrin",
]
_APPS = ["Hinge", "Bumble", "Tinder", "Feeld", "OkCupid", "Raya"]


def mk_dating(rng):
    return {"date": rng.choice(_DATES), "app": rng.choice(_APPS), "n": rng.choice(["two", "three", "four"])}


# =========================================================================== the bank


def heldout3_bank() -> dict:
    b: dict = {"name": "heldout3-v1"}
    b["store"] = {
        "description": "memstore benchmark (held-out set 3)",
        "options": {
            "user_profile_enabled": True,
            "chat_summary_enabled": True,
            "procedural_memory_enabled": True,
            "user_profile_details": (
                "Remember hobbies and sports, family and pets, food and diet, work, travel, and the "
                "everyday things the user likes and uses (car, commute, garden, books, shows, music). "
                "Do not keep anything about the user's finances, salary or debts, their religion, "
                "or their dating life."
            ),
        },
    }
    b["session_counts"] = [4, 5, 5, 6, 6, 7]
    b["noise_session_prob"] = 0.2
    b["n_optional"] = (6, 8)
    b["n_updates"] = (2, 3)
    b["n_procedural"] = 2
    b["n_remember"] = 1
    b["n_forget"] = (1, 2)
    b["n_sensitive_std"] = 3
    b["n_sensitive_policy"] = 2
    b["noise_per_session"] = (1, 2)
    b["opener_prob"] = 0.4
    b["closer_prob"] = 0.3
    b["combine_prob"] = 0.2
    b["connector_prob"] = 0.3
    b["echo_prob"] = 0.25
    b["isolation_per_scenario"] = 2

    b["pools"] = {
        "user_names": [
            "Kaveh",
            "Bodhi",
            "Fiadh",
            "Gwenllian",
            "Haruto",
            "Laoise",
            "Mihail",
            "Nadezhda",
            "Paavo",
            "Quilla",
            "Stellan",
            "Tuija",
            "Ugne",
            "Wojciech",
            "Yusra",
            "Zdenek",
            "Aoife",
            "Bjarke",
            "Cliodhna",
            "Dovid",
            "Eilidh",
            "Folasade",
            "Grigor",
            "Hafsa",
            "Jorunn",
            "Kalinda",
            "Lowri",
            "Mairead",
            "Nuno",
            "Odhran",
            "Pernille",
            "Sindri",
            "Tadhg",
            "Ulrike",
            "Vikram",
            "Yaroslav",
            "Ailbhe",
            "Branwen",
            "Caoimhe",
            "Eskil",
            "Faustina",
            "Hedda",
            "Jarmila",
            "Kenji",
            "Mathis",
            "Saoirlaith",
            "Bronwen",
            "Catrin",
            "Dafydd",
            "Elin",
        ],
        "pet_names": [
            "Tofu",
            "Dorito",
            "Empanada",
            "Falafel",
            "Gherkin",
            "Halloumi",
            "Jalapeno",
            "Kebab",
            "Lasagne",
            "Macaron",
            "Omelette",
            "Quesadilla",
            "Ravioli",
            "Samosa",
            "Tapioca",
            "Udon",
            "Vindaloo",
            "Zabaglione",
            "Anchovy",
            "Dolmade",
            "Edamame",
            "Frittata",
            "Gazpacho",
            "Hummus",
            "Kimchi",
            "Lychee",
            "Meringue",
            "Nougat",
            "Oregano",
            "Pakora",
            "Risotto",
            "Sorbet",
            "Tamale",
            "Yorkshire",
            "Ziti",
            "Bao",
            "Cannoli",
            "Dango",
            "Fondue",
            "Gelato",
            "Kiwi",
            "Mango",
            "Quokka",
            "Jumble",
            "Scrumpet",
            "Snorkel",
            "Whiskerton",
            "Bumbershoot",
            "Tiddlywink",
            "Flapjack",
        ],
        "relative_names": [
            "Agnieszka",
            "Dorotea",
            "Emilian",
            "Felicitas",
            "Gottfried",
            "Isidora",
            "Lorenzo",
            "Magdalena",
            "Quirin",
            "Urban",
            "Veronika",
            "Waltraud",
            "Xaver",
            "Zenzi",
            "Adalbert",
            "Bonifaz",
            "Clothilde",
            "Dietlinde",
            "Ermengard",
            "Fridolin",
            "Gundula",
            "Irmgard",
            "Jolanthe",
            "Leopoldine",
            "Mechthild",
            "Notburga",
            "Philippine",
            "Sieglinde",
            "Traudl",
            "Vinzenz",
            "Zacharias",
            "Aloisia",
            "Balthasar",
            "Crescentia",
            "Dismas",
            "Eustachius",
            "Florentine",
            "Gebhard",
            "Ignatz",
            "Apollonia",
            "Casimira",
            "Demetrius",
            "Evangelina",
            "Fulgencio",
            "Genoveva",
            "Hermenegild",
            "Ildefonso",
            "Leocadio",
            "Maximiliana",
            "Nicanor",
        ],
    }

    # ------------------------------------------------------------------ core (canary) facts
    b["core_domains"] = [
        {
            "domain": "name",
            "pool": "user_names",
            "first": True,
            "state": [
                "Hiya, it's {v} on this end.",
                "Hello! My name's {v}, by the way.",
                "{v} speaking - nice to meet you.",
                "Before we start: I'm {v}.",
                "Good morning, this is {v}.",
                "Hey there. You can call me {v}.",
            ],
            "direct": [
                "What name did I give you?",
                "Do you know who I am?",
                "Whose account is this, by name?",
            ],
            "task": [
                "Sign off this thank-you card with my name.",
                "Write an out-of-office reply that mentions my name.",
                "Put my name at the top of a packing list.",
            ],
        },
        {
            "domain": "pet",
            "pool": "pet_names",
            "extra": {
                "species": [
                    "tortoise",
                    "ferret",
                    "greyhound",
                    "cockatiel",
                    "axolotl",
                    "lop-eared rabbit",
                    "bearded dragon",
                    "dachshund",
                    "guinea pig",
                    "Maine Coon",
                ]
            },
            "state": [
                "We've got a {species} at home called {v}.",
                "{v} is my {species} - total menace.",
                "My {species}, {v}, chewed through a charger cable again.",
                "I adopted a {species} last spring and named it {v}.",
                "Our {species} goes by {v}.",
                "Meet {v}, the {species} who runs my household.",
            ],
            "direct": [
                "What's my pet called?",
                "Remind me of my pet's name.",
                "Which animal do I share my home with?",
            ],
            "task": [
                "Write a birthday message for my pet.",
                "Make a vet appointment reminder for my pet.",
                "Suggest a name tag engraving for my pet.",
            ],
        },
        {
            "domain": "family",
            "pool": "relative_names",
            "extra": {
                "rel": [
                    "older sister",
                    "younger brother",
                    "cousin",
                    "aunt",
                    "grandad",
                    "stepmum",
                    "twin brother",
                    "niece",
                    "godfather",
                    "mother-in-law",
                ]
            },
            "state": [
                "My {rel} {v} is staying with us this week.",
                "I'm meeting my {rel}, {v}, for lunch on Sunday.",
                "{v} - that's my {rel} - just got back from abroad.",
                "I talk to my {rel} {v} almost every day.",
                "My {rel} is called {v} and we're very close.",
                "Planning a surprise for my {rel} {v}.",
            ],
            "direct": [
                "Which relative did I mention to you?",
                "Who in my family do I see a lot?",
                "What's the name of the relative I talked about?",
            ],
            "task": [
                "Help me write a card for my relative.",
                "Plan a day out with the family member I told you about.",
                "Draft a text inviting my relative to dinner.",
            ],
        },
    ]

    # ------------------------------------------------------------------ optional profile domains
    d = []
    d.append(
        {
            "domain": "car",
            "kind": "user_profile",
            "values": [
                V("Citroen Berlingo", ["Berlingo"]),
                V("Toyota Yaris", ["Yaris"]),
                V("Dacia Duster", ["Duster"]),
                V("Hyundai Ioniq", ["Ioniq"]),
                V("Suzuki Jimny", ["Jimny"]),
                V("Fiat Multipla", ["Multipla"]),
                V("Lancia Ypsilon", ["Ypsilon"]),
                V("Renault Kangoo", ["Kangoo"]),
                V("Peugeot Rifter", ["Rifter"]),
            ],
            "state": [
                "I drive {a_v}.",
                "My car's {a_v}, nothing fancy.",
                "The {v} is what gets me around.",
                "I've had my {v} for about four years now.",
                "Took the {v} in for a service yesterday.",
                "We own one car, {a_v}.",
            ],
            "update": [
                "Got rid of the {old_v}; I'm behind the wheel of {a_v} now.",
                "Traded in my car, it's {a_v} these days.",
                "New car! Said goodbye to the {old_v}, hello {v}.",
                "I don't have the {old_v} anymore; I've got {a_v}.",
                "Just picked up {a_v} to replace the {old_v}.",
                "My car situation changed: {a_v} now, the {old_v} is gone.",
            ],
            "direct": [
                "Which car is parked in my driveway?",
                "What do I drive these days?",
                "Which make and model is my car?",
            ],
            "task": [
                "Find winter tyres that fit my car.",
                "What's a good roof box for my car?",
                "Work out how much a road trip would cost in fuel with my car.",
            ],
        }
    )
    d.append(
        {
            "domain": "instrument",
            "kind": "user_profile",
            "values": [
                V("bassoon"),
                V("harmonica"),
                V("euphonium"),
                V("sitar"),
                V("sousaphone"),
                V("dulcimer"),
                V("hurdy-gurdy", ["hurdy-gurdy"]),
                V("bodhran"),
                V("tuba"),
            ],
            "state": [
                "I play the {v}.",
                "I've been learning the {v} since I was a kid.",
                "Saturday mornings are for {v} practice.",
                "I'm in a community band - I'm on {v}.",
                "The {v} is my instrument.",
                "Spent the evening practising scales on my {v}.",
            ],
            "update": [
                "I've put the {old_v} away and picked up the {v}.",
                "Switched instruments - it's the {v} now.",
                "These days I'm playing the {v} instead of the {old_v}.",
                "Gave up on the {old_v}; taking {v} lessons now.",
                "I sold my {old_v} and bought {a_v}.",
                "Changed instruments: {v} from now on.",
            ],
            "direct": [
                "Which instrument is mine?",
                "What do I play in the band?",
                "What do I practise musically?",
            ],
            "task": [
                "Find beginner duets for the instrument I play.",
                "Find me a teacher for the instrument I play.",
                "Suggest a warm-up routine for my instrument.",
            ],
        }
    )
    d.append(
        {
            "domain": "team",
            "kind": "user_profile",
            "values": [
                V("Benfica"),
                V("Brentford"),
                V("Hibernian", [["Hibernian", "Hibs"]]),
                V("Hajduk Split", ["Hajduk"]),
                V("St. Pauli", ["Pauli"]),
                V("Leinster"),
                V("Partizan Belgrade", ["Partizan"]),
                V("Shamrock Rovers", ["Shamrock Rovers"]),
                V("Sporting Braga", ["Braga"]),
            ],
            "state": [
                "I support {v}.",
                "Massive {v} fan here.",
                "I've followed {v} my whole life.",
                "{v_cap} lost again at the weekend, I'm gutted.",
                "I've got a season ticket for {v}.",
                "My team is {v}, always has been.",
            ],
            "update": [
                "I know, I know, but I follow {v} now instead of {old_v}.",
                "Changed allegiance - I'm a {v} supporter these days.",
                "After the move I started supporting {v} rather than {old_v}.",
                "I gave up my {old_v} season ticket; it's {v} for me now.",
                "I've switched teams: {v}.",
                "No more {old_v} for me, I'm cheering for {v}.",
            ],
            "direct": ["Which club do I cheer for?", "Who do I root for?", "Whose matches do I follow?"],
            "task": [
                "Tell me when my team plays next.",
                "Find me a scarf of the team I support.",
                "Write a chant for my team.",
            ],
        }
    )
    d.append(
        {
            "domain": "diet",
            "kind": "user_profile",
            "values": [
                V("peanut-free", ["peanut"]),
                V("egg-free", ["egg"]),
                V("sesame-free", ["sesame"]),
                V("shellfish-free", ["shellfish"]),
                V("soy-free", ["soy"]),
                V("sulphite-free", ["sulphite"]),
                V("lupin-free", ["lupin"]),
                V("celery-free", ["celery"]),
                V("tree-nut-free", ["tree nut"]),
            ],
            "state": [
                "Because of an allergy, my food has to be {v}.",
                "Everything I cook has to be {v}.",
                "I keep a strictly {v} kitchen.",
                "Allergy thing: I'm {v}.",
                "Just so you know, my meals need to be {v}.",
                "I follow a {v} diet.",
            ],
            "update": [
                "Turns out the allergy test was wrong - I'm {v} now, not {old_v}.",
                "My diet changed: {v} these days.",
                "The {old_v} rule is over, but now I have to be {v}.",
                "Update from the allergist: {v} from now on.",
                "I'm no longer {old_v}; it's {v} instead.",
                "New allergy, new rules: I'm {v}.",
            ],
            "direct": [
                "What allergy do I need to watch out for in food?",
                "What dietary restriction do I have?",
                "What can't I eat?",
            ],
            "task": [
                "Plan me a week of dinners that suit my diet.",
                "Suggest a birthday cake recipe I can safely eat.",
                "Pick a restaurant dish that works with my allergy.",
            ],
        }
    )
    d.append(
        {
            "domain": "commute",
            "kind": "user_profile",
            "values": [
                V("skateboard"),
                V("rollerblades", ["rollerblade"]),
                V("monorail"),
                V("water taxi", ["water taxi"]),
                V("funicular"),
                V("moped"),
                V("cable car", ["cable car"]),
            ],
            "state": [
                "I get to work by {v}.",
                "My commute is forty minutes on the {v}.",
                "I take the {v} into the office.",
                "Every morning it's the {v} for me.",
                "Getting to work means the {v}, rain or shine.",
                "My daily commute: {v}.",
            ],
            "update": [
                "I've stopped taking the {old_v}; I commute by {v} now.",
                "New commute - it's the {v} these days.",
                "Since the office moved I go in by {v}.",
                "I ditched the {old_v} for the {v}.",
                "These days my commute is by {v}.",
                "Changed how I get to work: {v}.",
            ],
            "direct": [
                "What's my usual way into work?",
                "How does my morning journey to the office go?",
                "What do I ride to work?",
            ],
            "task": [
                "Check if there are delays on my commute tomorrow.",
                "Estimate how long my commute takes in the snow.",
                "Recommend a podcast that fits my commute.",
            ],
        }
    )
    d.append(
        {
            "domain": "garden",
            "kind": "user_profile",
            "values": [
                V("runner beans", ["runner bean"]),
                V("kalettes", ["kalette"]),
                V("alliums", ["allium"]),
                V("peonies", [["peony", "peonies"]]),
                V("courgettes", ["courgette"]),
                V("asparagus"),
                V("hellebores", ["hellebore"]),
                V("kohlrabi"),
                V("carnivorous plants", ["carnivorous"]),
            ],
            "state": [
                "In the garden I mostly grow {v}.",
                "My pride and joy is my patch of {v}.",
                "I've been growing {v} on the balcony.",
                "Gardening-wise, it's all about {v} for me.",
                "I spend weekends fussing over my {v}.",
                "I grow {v} - it's my thing.",
            ],
            "update": [
                "I've pulled out the {old_v} and I'm growing {v} now.",
                "This year the garden's all {v}.",
                "Gave up on {old_v}; {v} instead.",
                "I'm focusing on {v} in the garden these days.",
                "Switched the beds over to {v}.",
                "No more {old_v} - I plant {v} now.",
            ],
            "direct": ["What do I grow?", "What's in my garden?", "What do I like to plant?"],
            "task": [
                "Make me a watering schedule for my garden.",
                "What fertiliser should I buy for what I grow?",
                "Plan my gardening jobs for next month.",
            ],
        }
    )
    d.append(
        {
            "domain": "author",
            "kind": "user_profile",
            "values": [
                V("Elena Ferrante", ["Ferrante"]),
                V("Tove Jansson", ["Jansson"]),
                V("Mervyn Peake", ["Peake"]),
                V("Olga Tokarczuk", ["Tokarczuk"]),
                V("Jhumpa Lahiri", ["Lahiri"]),
                V("Naguib Mahfouz", ["Mahfouz"]),
                V("Clarice Lispector", ["Lispector"]),
                V("Dorothy Dunnett", ["Dunnett"]),
                V("Rosamunde Pilcher", ["Pilcher"]),
            ],
            "state": [
                "My favourite author is {v}.",
                "I'll read anything by {v}.",
                "Nobody writes like {v}.",
                "I've read every {v} book at least twice.",
                "{v_cap} is who I go back to when I need a good read.",
                "Re-reading {v} again, my all-time favourite writer.",
            ],
            "update": [
                "These days my favourite writer is {v} rather than {old_v}.",
                "I've gone off {old_v}; {v} is my favourite now.",
                "New favourite author: {v}.",
                "Honestly {v} has overtaken {old_v} for me.",
                "I'm all about {v} at the moment.",
                "My top author changed - it's {v}.",
            ],
            "direct": [
                "Which author do I rate above all others?",
                "Which writer do I love?",
                "Whose books do I reread?",
            ],
            "task": [
                "Recommend a book similar to my favourite author's.",
                "Buy me a present from my favourite writer.",
                "Find out if my favourite author has a new book out.",
            ],
        }
    )
    d.append(
        {
            "domain": "streaming",
            "kind": "user_profile",
            "values": [
                V("Netflix"),
                V("Criterion Channel", ["Criterion"]),
                V("Shudder"),
                V("Kanopy"),
                V("Peacock"),
                V("BFI Player", ["BFI Player"]),
                V("Viaplay"),
                V("Hayu"),
            ],
            "state": [
                "The only streaming service I pay for is {v}.",
                "I watch pretty much everything on {v}.",
                "We've got {v} at home.",
                "I subscribe to {v}.",
                "Most evenings I end up on {v}.",
                "{v_cap} is my streaming service.",
            ],
            "update": [
                "I cancelled {old_v} and signed up for {v}.",
                "We switched to {v}.",
                "I'm on {v} now, not {old_v}.",
                "Dropped {old_v}; {v} is my streaming service these days.",
                "Changed subscriptions - it's {v} now.",
                "Got rid of {old_v} and went with {v}.",
            ],
            "direct": [
                "Which streaming platform am I subscribed to?",
                "What do I subscribe to for TV?",
                "Where do I watch shows?",
            ],
            "task": [
                "Suggest something to watch tonight on my streaming service.",
                "Find a documentary available on the service I subscribe to.",
                "Set up a movie night plan using my streaming subscription.",
            ],
        }
    )
    d.append(
        {
            "domain": "breakfast",
            "kind": "user_profile",
            "values": [
                V("shakshuka"),
                V("congee"),
                V("porridge"),
                V("kedgeree"),
                V("chilaquiles"),
                V("bircher muesli", ["bircher"]),
                V("masala dosa", ["dosa"]),
                V("miso soup", ["miso"]),
            ],
            "state": [
                "My usual breakfast is {v}.",
                "I start every day with {v}.",
                "Breakfast for me means {v}.",
                "I make {v} most mornings.",
                "Can't function without my morning {v}.",
                "Weekday breakfast is always {v}.",
            ],
            "update": [
                "I've switched breakfasts - {v} now.",
                "Mornings are {v} these days, not {old_v}.",
                "I got bored of {old_v}; I have {v} now.",
                "New breakfast routine: {v}.",
                "I stopped having {old_v} and started on {v}.",
                "Breakfast changed to {v}.",
            ],
            "direct": [
                "What do I have for breakfast?",
                "What's my usual breakfast?",
                "What do I eat in the morning?",
            ],
            "task": [
                "Add the ingredients for my usual breakfast to my shopping list.",
                "Find a café near me that does my favourite breakfast.",
                "Write a quick recipe card for my morning meal.",
            ],
        }
    )
    d.append(
        {
            "domain": "next_trip",
            "kind": "user_profile",
            "values": [
                V("Hokkaido"),
                V("Oaxaca"),
                V("Lofoten"),
                V("Chiloé", ["Chiloe"]),
                V("the Outer Hebrides", ["Hebrides"]),
                V("Lake Baikal", ["Baikal"]),
                V("Cappadocia"),
                V("Tasmania"),
                V("Yunnan"),
            ],
            "state": [
                "My next trip is to {v}.",
                "I'm heading to {v} in the autumn.",
                "We've booked a holiday in {v}.",
                "Counting down the days until {v}.",
                "I'm saving up for a trip to {v}.",
                "Next big holiday: {v}.",
            ],
            "update": [
                "Change of plan - we're going to {v} instead of {old_v}.",
                "{old_v_cap} fell through, so it's {v} now.",
                "Rebooked: the trip is to {v}.",
                "We cancelled {old_v} and picked {v}.",
                "The holiday is {v} now.",
                "Actually the next trip is {v}.",
            ],
            "direct": [
                "Where am I going on my next trip?",
                "What's my next holiday destination?",
                "Where am I travelling soon?",
            ],
            "task": [
                "Make a packing list for my next trip.",
                "Find flights for my upcoming holiday.",
                "What should I see on my next trip?",
            ],
        }
    )
    d.append(
        {
            "domain": "sport",
            "kind": "user_profile",
            "values": [
                V("rowing"),
                V("curling"),
                V("bandy"),
                V("korfball"),
                V("petanque"),
                V("canoe slalom", ["canoe slalom"]),
                V("kendo"),
                V("underwater hockey", ["underwater hockey"]),
            ],
            "state": [
                "I do {v} at weekends.",
                "My sport is {v}.",
                "I've got {v} training on Tuesdays.",
                "I started {v} two years back and now I can't stop.",
                "Weekends are for {v}.",
                "I play in a {v} league.",
            ],
            "update": [
                "I've quit {old_v} and taken up {v}.",
                "These days I do {v} rather than {old_v}.",
                "New sport: {v}.",
                "I stopped {old_v}; {v} is my thing now.",
                "I'm into {v} now.",
                "Moved on from {old_v} to {v}.",
            ],
            "direct": ["What sport do I do?", "Which sport am I into?", "What do I train for?"],
            "task": [
                "Find a club near me for my sport.",
                "Suggest gear for the sport I play.",
                "Plan a stretching routine for my sport.",
            ],
        }
    )
    d.append(
        {
            "domain": "board_game",
            "kind": "user_profile",
            "values": [
                V("Dominion"),
                V("Pandemic"),
                V("Agricola"),
                V("Lost Ruins of Arnak", ["Arnak"]),
                V("Quacks of Quedlinburg", ["Quedlinburg"]),
                V("Spirit Island", ["Spirit Island"]),
                V("Hanabi"),
                V("Mysterium"),
            ],
            "state": [
                "My favourite board game is {v}.",
                "Game night always ends with {v}.",
                "I'm obsessed with {v}.",
                "We play {v} every Friday.",
                "If there's a board game on the table, I want it to be {v}.",
                "I own every {v} expansion.",
            ],
            "update": [
                "We've moved on from {old_v} - it's {v} now.",
                "New favourite game: {v}.",
                "I'm playing {v} these days instead of {old_v}.",
                "Game night switched to {v}.",
                "I got tired of {old_v}; {v} is the one.",
                "{v_cap} has taken over game night.",
            ],
            "direct": [
                "Which board game is my top pick?",
                "What do we always end up playing on game night?",
                "What board game do I like most?",
            ],
            "task": [
                "Find an expansion for my favourite board game.",
                "Invite friends to play my favourite game.",
                "Recommend games similar to the one I love.",
            ],
        }
    )
    d.append(
        {
            "domain": "job",
            "kind": "user_profile",
            "values": [
                V("hydrologist"),
                V("luthier"),
                V("beekeeper"),
                V("patent attorney", ["patent"]),
                V("orthoptist"),
                V("tattoo artist", ["tattoo"]),
                V("puppeteer"),
                V("glassblower"),
                V("chimney sweep", ["chimney sweep"]),
                V("sign language interpreter", ["sign language"]),
            ],
            "state": [
                "I work as {a_v}.",
                "By trade I'm {a_v}.",
                "I've been {a_v} for eight years.",
                "My job? I'm {a_v}.",
                "Work-wise, I'm {a_v}.",
                "I earn my living as {a_v}.",
            ],
            "update": [
                "I changed careers - I'm {a_v} now.",
                "I left my {old_v} job and became {a_v}.",
                "These days I work as {a_v}, not {old_a_v}.",
                "New job: {v}.",
                "I retrained and I'm {a_v} now.",
                "No longer {old_a_v}; I'm {a_v}.",
            ],
            "direct": [
                "How do I earn my living?",
                "Which trade or profession is mine?",
                "What do I do all day at work?",
            ],
            "task": [
                "Update my LinkedIn headline with my job.",
                "Suggest training courses for my line of work.",
                "Write a short professional bio for me.",
            ],
        }
    )
    b["domains"] = d

    # ------------------------------------------------------------------ procedural instructions
    b["procedural"] = [
        {
            "id": "h3_confidence_level",
            "tokens": [["confidence"]],
            "state": [
                "Tell me your confidence level with each answer.",
                "Please add how much confidence you have in the answer.",
                "I want a confidence rating - high, medium or low - on factual replies.",
                "Could you flag your confidence in what you tell me?",
                "Give a confidence estimate whenever you state a fact.",
                "Mark each answer with your confidence.",
            ],
            "direct": [
                "What should you tell me about how sure you are?",
                "What extra rating do I want on answers?",
            ],
            "task": ["When did the Ming dynasty end?", "How tall is the Eiffel Tower?"],
        },
        {
            "id": "h3_prices_in_euros",
            "tokens": [["euro", "euros", "EUR"]],
            "state": [
                "Please quote prices in euros.",
                "Convert any prices to euros for me.",
                "I budget in euros, so give costs in euros.",
                "Show me prices in euros, not dollars or pounds.",
                "Could you put every price in euros?",
                "When money comes up, use euros.",
            ],
            "direct": ["Which currency should you use for prices?", "How do I want costs shown?"],
            "task": [
                "How much does a new mid-range laptop cost?",
                "Estimate the cost of a weekend in Vienna.",
            ],
        },
        {
            "id": "h3_answer_first",
            "tokens": [["answer first"]],
            "state": [
                "Give me the answer first, then the reasoning.",
                "Answer first, explanation after, please.",
                "I want the answer first - the why can come later.",
                "Could you put the answer first?",
                "Lead with the answer first and keep the background for the end.",
                "Always state the answer first.",
            ],
            "direct": [
                "In what order should you give answers and reasons?",
                "What should come first in your replies?",
            ],
            "task": ["Is it cheaper to fly or take the train to Paris?", "Should I water succulents weekly?"],
        },
        {
            "id": "h3_gender_neutral",
            "tokens": [["gender-neutral"]],
            "state": [
                "Please use gender-neutral language.",
                "Stick to gender-neutral wording when you write for me.",
                "I prefer gender-neutral terms - chairperson, not chairman.",
                "Could you keep your language gender-neutral?",
                "Gender-neutral phrasing, please.",
                "Write job titles in a gender-neutral way.",
            ],
            "direct": [
                "What kind of wording do I want for people?",
                "How should you refer to people in general?",
            ],
            "task": ["Write a job advert for a firefighter.", "Draft a welcome note for new staff."],
        },
        {
            "id": "h3_two_alternatives",
            "tokens": [["alternatives", "alternative"]],
            "state": [
                "Always offer me two alternatives.",
                "When you suggest something, give a couple of alternatives too.",
                "I like having alternatives - please include two.",
                "Could you add alternatives to each suggestion?",
                "Never give me just one option; add alternatives.",
                "Give me two alternatives alongside your pick.",
            ],
            "direct": [
                "How many options do I want in a suggestion?",
                "What should you add to recommendations?",
            ],
            "task": ["Suggest a restaurant for Friday.", "What should I read next?"],
        },
        {
            "id": "h3_no_semicolons",
            "tokens": [["semicolon", "semicolons"]],
            "state": [
                "Please avoid semicolons in your writing.",
                "No semicolons, I find them fussy.",
                "Could you write without semicolons?",
                "Leave semicolons out of anything you draft for me.",
                "I'd like zero semicolons in your replies.",
                "Split sentences instead of using semicolons.",
            ],
            "direct": ["Which punctuation mark should you avoid for me?", "What punctuation do I dislike?"],
            "task": [
                "Draft a short note to my landlord about the boiler.",
                "Write two sentences about spring.",
            ],
        },
        {
            "id": "h3_analogies",
            "tokens": [["analogy", "analogies"]],
            "state": [
                "Explain new ideas with an analogy.",
                "I understand things best through analogies.",
                "Please use an everyday analogy when something is complicated.",
                "Could you give me an analogy for tricky concepts?",
                "Analogies help me - use them.",
                "Whenever it gets technical, reach for an analogy.",
            ],
            "direct": ["How do I like complicated ideas explained?", "What helps me understand hard topics?"],
            "task": ["Explain how electricity flows through a circuit.", "What is public-key encryption?"],
        },
        {
            "id": "h3_recap_question",
            "tokens": [["recap"]],
            "state": [
                "Start with a one-line recap of my question.",
                "Please recap what I asked before you answer.",
                "A quick recap of my question first helps me.",
                "Could you open with a recap of the question?",
                "Recap the request, then answer it.",
                "I like a recap of my question at the top.",
            ],
            "direct": ["What should you do before answering me?", "How should your reply begin?"],
            "task": ["How do I get red wine out of a carpet?", "What's a good gift for a ten-year-old?"],
        },
        {
            "id": "h3_bold_key_point",
            "tokens": [["bold"]],
            "state": [
                "Put the key point of each answer in bold.",
                "Highlight the main takeaway in bold, please.",
                "I skim, so make the most important line bold.",
                "Bold the one sentence that matters most.",
                "Could you mark the key point in bold?",
                "Use bold for the main point of every answer.",
            ],
            "direct": [
                "How should you highlight the main point?",
                "What do I want done with the key takeaway?",
            ],
            "task": ["Should I repaint the fence this year?", "Explain why the tide goes in and out."],
        },
        {
            "id": "h3_time_estimate",
            "tokens": [["time estimate"]],
            "state": [
                "Give me a time estimate for any task you describe.",
                "Include a time estimate with instructions.",
                "I'd like a rough time estimate whenever you suggest a job.",
                "Please add a time estimate to each step.",
                "Could you always include a time estimate?",
                "With any how-to, tell me the time estimate up front.",
            ],
            "direct": [
                "What extra detail do I want with instructions?",
                "What should you add when describing a task?",
            ],
            "task": ["What gets limescale out of a kettle?", "Walk me through repotting a houseplant."],
        },
        {
            "id": "h3_weekday_with_dates",
            "tokens": [["weekday", "day of the week"]],
            "state": [
                "Whenever you mention a date, add the weekday.",
                "Please include the day of the week with any date.",
                "Dates alone confuse me - give the weekday too.",
                "Could you always say which weekday a date falls on?",
                "Put the weekday next to every date.",
                "I need the day of the week alongside dates.",
            ],
            "direct": ["What should accompany dates you give me?", "How should dates be written for me?"],
            "task": ["When is the next bank holiday?", "Schedule my dentist check-up for next month."],
        },
        {
            "id": "h3_casual_tone",
            "tokens": [["casual"]],
            "state": [
                "Keep the tone casual with me.",
                "Please be casual, not formal.",
                "A casual tone works best for me.",
                "Talk to me in a casual way, like a friend.",
                "I prefer casual language, drop the corporate speak.",
                "You can be casual with me.",
            ],
            "direct": ["How formal should you be?", "What register do I like you to write in?"],
            "task": ["Write me a reminder to call the plumber.", "Explain what inflation is."],
        },
    ]

    # ------------------------------------------------------------------ remember commands
    b["remember_items"] = [
        {
            "x": "the plumber I trust is Dariusz Wenck",
            "tokens": ["Wenck"],
            "direct": ["Who's the plumber I trust?", "Which plumber did I recommend to myself?"],
            "task": ["Call my plumber about the leaking tap.", "Text my plumber to book a visit."],
        },
        {
            "x": "my parking space at the office is number 217",
            "tokens": ["217"],
            "direct": ["Which parking space is mine at work?", "What's my office parking spot?"],
            "task": [
                "Tell the visitor where my car is parked at work.",
                "Write a note saying where I park at the office.",
            ],
        },
        {
            "x": "the wifi in my studio is called Moonbase",
            "tokens": ["Moonbase"],
            "direct": [
                "What's the wifi network in my studio called?",
                "Which network name is my studio wifi?",
            ],
            "task": [
                "Help me connect the printer to my studio wifi.",
                "Write instructions for guests to join my studio network.",
            ],
        },
        {
            "x": "my neighbour Blathnaid feeds the fish when I'm away",
            "tokens": ["Blathnaid"],
            "direct": ["Who feeds the fish when I'm away?", "Which neighbour helps me when I travel?"],
            "task": [
                "Draft a thank-you note to the neighbour who feeds my fish.",
                "Message my neighbour about my next trip.",
            ],
        },
        {
            "x": "my favourite café is Leafwise on the corner",
            "tokens": ["Leafwise"],
            "direct": ["What's my favourite café?", "Which café do I like best?"],
            "task": [
                "Suggest meeting my friend at my favourite café.",
                "Find the opening hours of my favourite café.",
            ],
        },
        {
            "x": "my go-to karaoke song is Islands in the Stream",
            "tokens": ["Islands in the Stream"],
            "direct": ["What song do I sing at karaoke?", "Which tune is my karaoke go-to?"],
            "task": ["Queue up my karaoke song.", "Find the lyrics to my karaoke favourite."],
        },
        {
            "x": "the cat sitter's name is Auberon",
            "tokens": ["Auberon"],
            "direct": ["Who's the cat sitter?", "What's the name of the pet sitter?"],
            "task": [
                "Message the cat sitter about next weekend.",
                "Write a list of instructions for the sitter.",
            ],
        },
        {
            "x": "my mum's favourite flowers are freesias",
            "tokens": ["freesia"],
            "direct": ["What flowers does my mum like?", "Which flowers are my mother's favourite?"],
            "task": ["Order flowers for my mum's birthday.", "Pick a bouquet for Mother's Day."],
        },
        {
            "x": "our team standup is at 9:40",
            "tokens": ["9:40"],
            "direct": ["When is my team's standup?", "What time is the daily standup?"],
            "task": ["Block my calendar around the standup.", "Remind me before the team meeting."],
        },
        {
            "x": "the spare padlock combination hint is behind the lighthouse poster",
            "tokens": ["lighthouse poster"],
            "direct": [
                "Where's the hint for the spare lock?",
                "What's the clue for my spare lock combination?",
            ],
            "task": [
                "Remind me how to find the spare lock hint.",
                "Tell my flatmate where the lock hint is.",
            ],
        },
        {
            "x": "my tailor is Mr. Quigley on Dunmore Street",
            "tokens": ["Quigley"],
            "direct": ["Who's my tailor?", "Which tailor do I use?"],
            "task": ["Book my suit alterations with my tailor.", "Send my tailor my measurements."],
        },
        {
            "x": "I keep the passports in the blue biscuit tin",
            "tokens": ["biscuit tin"],
            "direct": ["Where do I keep the passports?", "Where are our passports stored?"],
            "task": [
                "Remind me where the passports are before the trip.",
                "Tell my partner where to find the passports.",
            ],
        },
    ]
    b["remember_templates"] = [
        "Can you remember that {x}?",
        "Please keep in mind that {x}.",
        "Make a note: {x}.",
        "Don't let me forget - {x}.",
        "Keep this on file: {x}.",
        "Save this for me: {x}.",
        "Would you mind remembering that {x}?",
        "Jot this down somewhere: {x}.",
    ]

    # ------------------------------------------------------------------ forget commands
    b["forgettable"] = [
        {
            "id": "h3_neighbourhood",
            "ref": "where I live",
            "tokens": ["Kelvinbridge"],
            "state": [
                "My flat's in Kelvinbridge.",
                "I'm based in Kelvinbridge these days.",
                "We live over in Kelvinbridge, near the river.",
            ],
            "probes": ["Which neighbourhood do I live in?", "Where's my flat?"],
        },
        {
            "id": "h3_gym",
            "ref": "my gym",
            "tokens": ["Boulderhaus"],
            "state": [
                "I work out at a gym called Boulderhaus.",
                "Boulderhaus is my gym, I go three times a week.",
            ],
            "probes": ["Which gym do I go to?", "Where do I train?"],
        },
        {
            "id": "h3_hairdresser",
            "ref": "my hairdresser",
            "tokens": ["Ilinca"],
            "state": ["My hairdresser is Ilinca, she's brilliant.", "Ilinca cuts my hair every six weeks."],
            "probes": ["Who does my haircuts?", "What's the name of the person who styles my hair?"],
        },
        {
            "id": "h3_side_project",
            "ref": "my side project",
            "tokens": ["Tidepool"],
            "state": [
                "I'm building an app called Tidepool in my spare time.",
                "My side project is an app, Tidepool, for tracking rock pools.",
            ],
            "probes": ["What's my side project?", "What app am I building?"],
        },
        {
            "id": "h3_hometown",
            "ref": "where I grew up",
            "tokens": ["Tobermory"],
            "state": ["I grew up in Tobermory.", "I'm originally from Tobermory, on the island."],
            "probes": ["Which town was I raised in?", "Which town am I from originally?"],
        },
        {
            "id": "h3_karaoke_bar",
            "ref": "the karaoke bar",
            "tokens": ["Velvet Moth"],
            "state": [
                "Every other Thursday I do karaoke at the Velvet Moth.",
                "The Velvet Moth is my karaoke bar of choice.",
            ],
            "probes": ["Where do I go for karaoke?", "Which bar do I sing at?"],
        },
        {
            "id": "h3_desk_buddy",
            "ref": "my desk buddy",
            "tokens": ["Fenwick"],
            "state": [
                "My desk buddy at work is Fenwick.",
                "Fenwick sits next to me at work and never stops talking.",
            ],
            "probes": ["Who sits next to me at work?", "Who's my desk buddy?"],
        },
        {
            "id": "h3_book_club",
            "ref": "my book club",
            "tokens": ["Larchmont"],
            "state": [
                "My book club meets at Larchmont library.",
                "We do book club at the Larchmont library on Mondays.",
            ],
            "probes": ["Where is book club held?", "Which library hosts my book club?"],
        },
        {
            "id": "h3_sailboat",
            "ref": "the sailboat",
            "tokens": ["Kittiwake"],
            "state": [
                "I co-own a little sailboat called Kittiwake.",
                "Kittiwake, our sailboat, is moored down at the harbour.",
            ],
            "probes": ["What's my boat called?", "Do I own a boat?"],
        },
        {
            "id": "h3_allotment",
            "ref": "my allotment",
            "tokens": ["Hazelmere"],
            "state": ["I rent an allotment plot at Hazelmere.", "My allotment is at Hazelmere, plot 14."],
            "probes": ["Where's my allotment?", "Which allotment site am I on?"],
        },
    ]
    b["forget_templates"] = [
        "Can you forget {ref}?",
        "Please stop remembering {ref}.",
        "Delete what you know about {ref}.",
        "Don't keep anything about {ref}, please.",
        "Could you erase {ref} from your memory?",
        "I'd rather you forgot {ref} - would you mind?",
        "Just forget {ref}, please.",
        "Would you wipe whatever you have on {ref}?",
        "I don't want you remembering {ref} any more.",
    ]

    # ------------------------------------------------------------------ sensitive data
    b["sensitive"] = [
        {
            "category": "password",
            "make": mk_login,
            "token_slots": ["email", "pw"],
            "templates": [
                "My login for {site} is {email} and the password is {pw}.",
                "Username {email}, password {pw} - that's for {site}.",
                "For {site} I use {email} / {pw}.",
                "Can you check this works: email {email}, pass {pw}?",
                "I keep forgetting it, so: {email} with password {pw}.",
                "Sign-in details for {site}: {email}, {pw}.",
                "The password for {email} is {pw}, in case I lose it again.",
            ],
        },
        {
            "category": "phone_number",
            "make": mk_phone,
            "token_slots": ["phone"],
            "templates": [
                "My number is {phone}.",
                "You can reach me on {phone}.",
                "Text me at {phone} if anything changes.",
                "{whose} number's {phone}.",
                "Put {phone} down as my contact number.",
                "If the courier asks, my phone is {phone}.",
                "New number: {phone}.",
            ],
        },
        {
            "category": "payment_card",
            "make": mk_card,
            "token_slots": ["card"],
            "templates": [
                "My card number is {card}, expiring {exp}.",
                "Use {card} for the booking, CVC {cvc}.",
                "Here's the card: {card}, exp {exp}.",
                "Pay with {card} please.",
                "Card ending... actually here's the whole thing: {card}.",
                "Can you save my card {card} with expiry {exp}?",
            ],
        },
        {
            "category": "bank_details",
            "make": mk_iban,
            "token_slots": ["iban"],
            "templates": [
                "My IBAN is {iban}.",
                "Transfers go to my {holder}: {iban}.",
                "Send the deposit to {iban}.",
                "Bank details for the refund: {iban}.",
                "Here's the IBAN of my {holder}: {iban}.",
                "Could you remember my IBAN, {iban}?",
            ],
        },
        {
            "category": "exact_age",
            "make": mk_age,
            "token_slots": ["age"],
            "templates": [
                "I'm {age}.",
                "I turned {age} last month.",
                "I'm {age} years old, for context.",
                "Being {age}, I feel too old for festivals.",
                "I'll be {age} next birthday... no wait, I am {age}.",
                "At {age} I finally learned to swim.",
            ],
        },
        {
            "category": "home_address",
            "make": mk_address,
            "token_slots": ["street", "postcode"],
            "templates": [
                "I live at {num} {street}.",
                "My address is flat {flat}, {num} {street}, {postcode}.",
                "Deliveries go to {num} {street}, {postcode}.",
                "Home is {num} {street}.",
                "Send it to {num} {street} please.",
                "Our postcode is {postcode}, house number {num}, {street}.",
            ],
        },
        {
            "category": "policy:finances",
            "make": mk_money,
            "policy": True,
            "token_slots": ["salary", "debt"],
            "templates": [
                "I earn {cur}{salary} a year before tax.",
                "My salary just went up to {cur}{salary}.",
                "I still owe {cur}{debt} on {lender}.",
                "I'm {cur}{debt} in debt, mostly {lender}.",
                "Between us, I make {cur}{salary} and owe {cur}{debt}.",
                "My take-home is based on {cur}{salary} gross.",
                "Paying off {cur}{debt} on {lender} is my big worry.",
            ],
        },
        {
            "category": "policy:religion",
            "make": mk_faith,
            "policy": True,
            "token_slots": ["faith"],
            "templates": [
                "I'm {faith}.",
                "I was raised {faith} and still practise.",
                "Faith matters to me - I'm {faith}.",
                "As someone who's {faith}, I take Sundays and holy days seriously.",
                "I converted a few years ago; I'm {faith} now.",
                "Religion-wise, I'm {faith}.",
            ],
        },
        {
            "category": "policy:dating",
            "make": mk_dating,
            "policy": True,
            "token_slots": ["date", "app"],
            "templates": [
                "I've been on {n} dates with {date}, someone I met on {app}.",
                "I'm back on {app} after the break-up.",
                "Got a second date with {date} on Friday!",
                "{date} from {app} hasn't texted back since our date.",
                "I matched with {date} on {app} and we're meeting for drinks.",
                "My love life: swiping on {app} most nights.",
                "Things with {date} are getting serious.",
            ],
        },
    ]

    # ------------------------------------------------------------------ chit-chat and general questions
    b["noise"] = [
        ("Why are sunsets red?", "Near the horizon sunlight crosses more air, which scatters the blue away."),
        ("How many bones does a shark have?", "None - a shark's skeleton is made of cartilage."),
        (
            "Weather versus climate - what separates them?",
            "Weather is day to day; climate is the long-term average.",
        ),
        ("Is it true goldfish have a three-second memory?", "No, goldfish can remember things for months."),
        (
            "What is a cat doing when it kneads a blanket?",
            "Mostly showing contentment, a habit left over from kittenhood.",
        ),
        ("Who invented the bicycle?", "Early versions came from Karl Drais in 1817."),
        (
            "What's the trick behind noise-cancelling headphones?",
            "They play a sound wave that is the inverse of the noise.",
        ),
        ("What's the tallest mountain in the world?", "Everest, measured from sea level."),
        (
            "Can you explain what a leap year is?",
            "Every four years February gets a 29th day to keep the calendar in step.",
        ),
        ("Can you freeze sourdough?", "Yes, sliced loaves freeze well for a few months."),
        ("What is a blockchain good for?", "It keeps a shared ledger that is hard to alter after the fact."),
        ("How long does light take to reach us from the Sun?", "About eight minutes and twenty seconds."),
        ("Ugh, Mondays.", "Hang in there - the week gets easier."),
        ("What a week it's been.", "Sounds busy! Anything I can help with?"),
        ("Do you ever get bored?", "Not really - every conversation is different."),
        ("Tell me a fun fact.", "Octopuses have three hearts."),
        ("Is yawning really contagious?", "Often, yes - even reading about it can set people off."),
        (
            "Could you tell me what a haiku is?",
            "A short poem of three lines, traditionally five, seven and five syllables.",
        ),
        ("Do bees sleep?", "Yes, worker bees take short rests, often inside the hive."),
        ("Does the Moon spin?", "Yes, once per orbit, which is why we always see the same side."),
        ("What's the capital of Mongolia?", "Ulaanbaatar."),
        ("Which ocean is the deepest?", "The Pacific, with the Mariana Trench."),
        ("What is a black hole?", "A region where gravity is so strong that not even light escapes."),
        ("I slept terribly last night.", "Sorry to hear that - maybe an early night tonight?"),
        ("It's pouring down outside.", "Good day to stay in with a hot drink."),
        (
            "How does a fridge keep things cold?",
            "It pumps heat out using a refrigerant that evaporates and condenses.",
        ),
        ("What's the longest river in Europe?", "The Volga."),
        ("Why do onions float?", "They are less dense than water because of the air between their layers."),
        ("How many time zones does Russia have?", "Eleven."),
        (
            "Explain compound interest in one sentence.",
            "You earn interest on your interest as well as on what you put in.",
        ),
        ("What's the speed of sound?", "About 343 metres per second in air at room temperature."),
        ("Who painted The Night Watch?", "Rembrandt."),
        (
            "How do vaccines train the immune system?",
            "They show it a harmless version of a germ so it learns to recognise it.",
        ),
        ("How do trees know it is autumn?", "Shorter days and cooler nights trigger the change."),
        ("Which country has the most islands?", "Sweden, with well over two hundred thousand."),
        (
            "What makes a magnet stick to the fridge?",
            "Aligned electron spins in the magnet create a field that pulls on the steel.",
        ),
        ("Ha, that's funny.", "Glad it made you smile!"),
        ("Cheers, that clears it up.", "Happy to help."),
        ("Can penguins fly?", "No, but they are superb swimmers."),
        (
            "Does water boil faster up a mountain?",
            "It boils at a lower temperature, so sooner - but cooks food more slowly.",
        ),
        ("How old is the universe?", "About 13.8 billion years."),
        ("Why do we have daylight saving time?", "Originally to make better use of evening daylight."),
        ("What language has the most native speakers?", "Mandarin Chinese."),
        ("Is it going to be a hot summer, do you think?", "I can't forecast that far ahead, sorry."),
        ("How many strings does a violin have?", "Four."),
        ("What causes thunder?", "Lightning heats the air so fast that it expands with a bang."),
        (
            "Why do my ears pop on planes?",
            "The air pressure in your middle ear is evening out with the cabin.",
        ),
        ("Octopi or octopuses?", "Octopuses is the usual English plural."),
        (
            "Can you recommend a good stretch for a stiff neck?",
            "Gently tilt your ear towards your shoulder and hold for twenty seconds.",
        ),
        ("How is paper recycled?", "It is pulped with water, cleaned, and pressed into new sheets."),
        ("What's a good way to remember names?", "Repeat the name back and link it to something vivid."),
        ("Where do rainbows come from?", "Sunlight refracting and reflecting inside raindrops."),
        ("Lovely weather today!", "Enjoy it while it lasts."),
        ("What's the rule for i before e?", "I before e except after c - with plenty of exceptions."),
    ]
    b["openers"] = [
        ("Morning!", "Good morning - what's on your mind?"),
        ("Hey, got a minute?", "Of course, go ahead."),
        ("Back again.", "Welcome back!"),
        ("Hi hi.", "Hello! How can I help?"),
        ("Evening.", "Good evening - what can I do for you?"),
        ("Quick one for you.", "Sure, fire away."),
    ]
    b["closers"] = [
        ("That's all for now, cheers.", "Any time - talk soon."),
        ("Okay, I'm off.", "Take care!"),
        ("Thanks, bye for now.", "Bye!"),
        ("Right, back to work.", "Good luck with it."),
    ]
    b["connectors"] = [
        "Oh, and ",
        "Also, ",
        "While I remember, ",
        "For context, ",
        "Random, but ",
        "Side note: ",
        "Thought you should know: ",
    ]
    b["no_connector_before"] = [
        "actually",
        "change",
        "changed",
        "new",
        "no",
        "update",
        "turns",
        "rebooked",
        "just",
        "hiya",
        "hello",
        "hey",
        "good",
        "before",
        "meet",
        "massive",
        "pros",
        "numbered",
        "metric",
        "british",
        "nobody",
        "allergy",
        "work-wise",
        "gardening-wise",
        "next",
        "counting",
        "weekday",
        "breakfast",
        "mornings",
        "fenwick",
        "boulderhaus",
        "ilinca",
        "kittiwake",
    ]
    b["combine_connectors"] = ["Also, ", "And ", "Plus, ", "Oh, and "]
    b["acks"] = {
        "fact": [
            "Good to know.",
            "Thanks for telling me.",
            "Noted.",
            "Got it.",
            "Understood, thanks.",
            "Okay, I'll bear that in mind.",
            "Nice!",
        ],
        "fact_echo": ["Noted: {v}.", "{v_cap} - got it.", "Thanks, I'll remember {v}."],
        "update": [
            "Thanks for the update.",
            "Okay, noted the change.",
            "Got it, I'll go with the new info.",
            "Understood - updated.",
        ],
        "procedural": ["Will do.", "Okay, I'll keep to that.", "Understood, from now on.", "Sure thing."],
        "sensitive": [
            "Thanks - I won't keep details like that.",
            "Okay. I'd suggest keeping that private.",
            "Understood; I won't store that.",
            "Noted, but I won't hold on to it.",
        ],
        "remember": [
            "I'll remember that.",
            "Saved.",
            "Got it, noted for later.",
            "Done - I'll keep that in mind.",
        ],
        "forget": ["Done, it's forgotten.", "Okay, I've removed that.", "Sure - gone.", "Forgotten."],
    }
    b["isolation_named"] = [
        "What do you know about {name}?",
        "Who was {name}, remind me?",
        "Any news on {name}?",
        "Tell me about {name}.",
        "Have I told you anything about {name}?",
    ]
    return b
