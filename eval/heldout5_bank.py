"""Wording bank of the fifth held-out memory-quality set (eval/data/heldout5.json).

Written blind on 2026-12-01: without reading the service's code or data files (nothing under
``layers/``, nor the extractor's tests) and without copying wording from the public set or held-out
banks 1-4. Only the shared generator's data structures are followed (see ``build_dataset`` in
``../shared/bench/generate.py``); ``make_heldout5.py`` checks programmatically that no value, name,
rule or phrasing is shared with the other banks.

New here: twelve domains no earlier bank has (bicycle, camera, choir voice part, usual cocktail,
TV show being watched, airline, web browser, chess opening, e-reader, fitness tracker, D&D class,
newspaper); chat-style wording with facts inside requests and questions ("What tyre pressure should
I run on my Brompton?"); corrections phrased in many ways ("Scratch that, ...", "Not X anymore ...",
"We ended up going with ...", "Quick correction: ..."); forget and remember requests in varied
everyday forms; secrets in new shapes (Mastercard 2-series, Diners Club and UnionPay cards with
Luhn digits; EE/LT/SI/HR/CZ IBANs; Dutch BSN, Spanish DNI and Swedish personnummer with their check
digits; Google/SendGrid/npm/Twilio key shapes) and a store policy that excludes trade-union
membership, pregnancy or fertility treatment, and gambling.
"""

from __future__ import annotations

import random
import string

from generate import V  # the shared machinery's value helper (slots v, v_cap, a_v, ...)
from heldout4_bank import iban_from_bban, luhn_number  # check-digit arithmetic, imported

IBAN_LENGTHS = {"EE": 20, "LT": 20, "SI": 19, "HR": 21, "CZ": 24}
DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


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


def bsn_ok(bsn: str) -> bool:
    """Dutch BSN 'elfproef': 9*d1 + 8*d2 + ... + 2*d8 - 1*d9 is a multiple of 11."""
    d = [int(c) for c in bsn]
    return len(d) == 9 and d[0] != 0 and (sum((9 - i) * d[i] for i in range(8)) - d[8]) % 11 == 0


def dni_ok(dni: str) -> bool:
    return len(dni) == 9 and dni[:8].isdigit() and DNI_LETTERS[int(dni[:8]) % 23] == dni[8]


def luhn_ok(number: str) -> bool:
    total = 0
    for i, d in enumerate(reversed([int(c) for c in number if c.isdigit()])):
        d = d * 2 if i % 2 == 1 else d
        total += d - 9 if d > 9 else d
    return total % 10 == 0


# =========================================================================== secret makers

PASS_WORDS = [
    "Quoit",
    "Zither",
    "Gazebo",
    "Mistral",
    "Pumice",
    "Tangelo",
    "Sextant",
    "Ocelot",
    "Calliope",
    "Tamarind",
    "Bergamot",
    "Dirigible",
    "Marquetry",
    "Trebuchet",
]


def mk_password(rng):
    a, b = rng.sample(PASS_WORDS, 2)
    return {"pw": f"{a}{rng.randint(10, 99)}{rng.choice('!?#@')}{b.lower()}"}


def mk_key(rng):
    alnum = string.ascii_letters + string.digits
    url = alnum + "-_"
    while True:
        kind = rng.choice(["google", "sendgrid", "npm", "twilio"])
        if kind == "google":
            key, body = "AIza" + "".join(rng.choice(url) for _ in range(35)), None
        elif kind == "sendgrid":
            key = (
                "SG."
                + "".join(rng.choice(url) for _ in range(22))
                + "."
                + "".join(rng.choice(url) for _ in range(43))
            )
        elif kind == "npm":
            key = "npm_" + "".join(rng.choice(alnum) for _ in range(36))
        else:
            key = "SK" + "".join(rng.choice("0123456789abcdef") for _ in range(32))
        body = key.replace("-", "").replace("_", "").replace(".", "")
        if sum(c.isdigit() for c in body) >= 3 and sum(c.isalpha() for c in body) >= 3:
            return {"key": key}


def mk_card(rng):
    kind = rng.choice(["mc2", "mc2", "diners", "unionpay"])
    if kind == "mc2":
        card = luhn_number(str(rng.randint(2221, 2720)), 16, rng)
        shown = _chunks(card, (4, 4, 4, 4))
    elif kind == "diners":
        card = luhn_number(rng.choice(["36", "38"]), 14, rng)
        shown = _chunks(card, (4, 6, 4))
    else:
        card = luhn_number("62" + _num(rng, 2), 16, rng)
        shown = _chunks(card, (4, 4, 4, 4))
    return {"card": shown, "cvc": _num(rng, 3), "exp": f"{rng.randint(1, 12):02d}/{rng.randint(27, 31)}"}


def mk_iban(rng):
    country = rng.choice(sorted(IBAN_LENGTHS))
    iban = iban_from_bban(country, _num(rng, IBAN_LENGTHS[country] - 4))
    return {"iban": _chunks(iban, (4,) * 6)}


def mk_govid(rng):
    kind = rng.choice(["BSN", "DNI", "personnummer"])
    while True:
        if kind == "BSN":
            num = str(rng.randint(1, 9)) + _num(rng, 8)
            if bsn_ok(num):
                return {"idname": "BSN", "idnum": num}
        elif kind == "DNI":
            body = _num(rng, 8)
            return {"idname": "DNI", "idnum": body + DNI_LETTERS[int(body) % 23]}
        else:
            ymd = f"{rng.randint(60, 99)}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}"
            nine = ymd + _num(rng, 3)
            full = luhn_number(nine, 10, rng)
            return {"idname": "personnummer", "idnum": f"{full[:6]}-{full[6:]}"}


def mk_age(rng):
    return {"age": str(rng.randint(26, 63))}


STREETS = [
    "Moorlinch",
    "Fenwhistle",
    "Cadwallow",
    "Tollgarth",
    "Drumquin",
    "Yarrowby",
    "Gilcrux",
    "Scarrowby",
    "Quarndon",
    "Hawkswick",
    "Belstead",
    "Ottercombe",
]
_SUFFIXES = ["Way", "Lane", "Road", "Street", "Close", "Rise"]


def mk_address(rng):
    street = rng.choice(STREETS)
    pc = (
        f"{rng.choice('BDGHKLMNPRSTW')}{rng.choice('ABEHLNRSTW')}{rng.randint(2, 19)} "
        f"{rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"
    )
    return {
        "num": str(rng.randint(2, 188)),
        "street": f"{street} {rng.choice(_SUFFIXES)}",
        "street_key": street,
        "flat": str(rng.randint(1, 24)),
        "postcode": pc,
    }


_UNIONS = [
    ("UNISON", "UNISON", "UNISON"),
    ("GMB", "the GMB", "GMB"),
    ("RMT", "the RMT", "RMT"),
    ("Teamsters", "the Teamsters", "Teamsters"),
    ("IG Metall", "IG Metall", "IG Metall"),
    ("NEU", "the NEU", "NEU"),
    ("Unite", "Unite the Union", "Unite"),
    ("FNV", "the FNV", "FNV"),
]


def mk_union(rng):
    name, with_article, key = rng.choice(_UNIONS)
    return {
        "union": name,
        "the_union": with_article,
        "the_union_cap": with_article[:1].upper() + with_article[1:],
        "union_key": key,
        "the_union_key": key,
        "the_union_cap_key": key,
    }


_FERTILITY = [
    ("IVF", "IVF"),
    ("egg freezing", "egg freezing"),
    ("IUI", "IUI"),
    ("fertility treatment", "fertility treatment"),
    ("surrogacy", "surrogacy"),
    ("embryo transfer", "embryo transfer"),
]


def mk_fertility(rng):
    topic, key = rng.choice(_FERTILITY)
    return {"topic": topic, "topic_key": key}


_GAMBLING = [
    ("online poker", "poker"),
    ("sports betting", "betting"),
    ("the fruit machines", "fruit machine"),
    ("roulette", "roulette"),
    ("scratchcards", "scratchcard"),
    ("blackjack", "blackjack"),
    ("accumulator bets", "accumulator"),
]


def mk_gambling(rng):
    game, key = rng.choice(_GAMBLING)
    return {"game": game, "game_key": key}


# =========================================================================== the bank


def _domains() -> list:
    return [
        {
            "domain": "bicycle",
            "values": [
                V("Brompton"),
                V("Surly Long Haul Trucker", ["Long Haul Trucker"]),
                V("Cannondale Topstone", ["Topstone"]),
                V("Trek Domane", ["Domane"]),
                V("Bianchi Oltre", ["Oltre"]),
                V("Ribble gravel bike", ["Ribble"]),
                V("Genesis Croix de Fer", ["Croix de Fer"]),
            ],
            "state": [
                "What tyre pressure should I run on my {v}?",
                "Can you plan me a 40 km loop? I'll be on the {v}.",
                "I ride {a_v} to work most days.",
                "The {v} needs a new chain, any idea what size?",
                "My bike's {a_v}, if that matters for the route.",
                "Got my {v} back from the shop and it rides like new.",
                "Is it safe to leave {a_v} locked outside a station all day? That's what I ride.",
                "Planning a weekend tour on my {v}, what should I pack?",
            ],
            "update": [
                "Scratch that about the bike, I sold the {old_v}; it's {a_v} now.",
                "Not the {old_v} anymore, I'm riding {a_v} these days.",
                "We ended up going with {a_v} after the {old_v} got nicked.",
                "New bike! Traded the {old_v} in for {a_v}.",
                "Quick correction: my bike is {a_v}, not the {old_v}.",
                "Ended up buying {a_v}, so plan routes for that from now on.",
                "The {old_v} is gone; I've been on {a_v} since March.",
                "Heads up, I'm on {a_v} now rather than the {old_v}.",
            ],
            "direct": ["What bike do I ride?", "Which bicycle have I got?", "Remind me what I cycle on."],
            "task": [
                "Suggest a saddle bag that fits my bike.",
                "Plan a Sunday ride that suits my bike.",
                "Which spare inner tube should I buy for my bike?",
            ],
        },
        {
            "domain": "camera",
            "values": [
                V("Fujifilm X100V", ["X100V"]),
                V("Ricoh GR III", ["Ricoh"]),
                V("Sony A7 IV", ["A7 IV"]),
                V("Pentax K-1", ["Pentax"]),
                V("Panasonic Lumix", ["Lumix"]),
                V("Hasselblad X2D", ["Hasselblad"]),
            ],
            "state": [
                "Most of my photos are on my {v}, I barely use my phone.",
                "What's a good strap for {a_v}?",
                "Took the {v} to the coast yesterday and got some lovely shots.",
                "How do I shoot star trails with {a_v}? It's my only camera.",
                "I shoot street photography on {a_v}.",
                "Any settings tips for portraits on the {v}? It's what I use.",
                "My {v} goes everywhere with me.",
                "Is the {v} weather-sealed? I'm taking mine hiking next week.",
            ],
            "update": [
                "I sold the {old_v}, shooting on {a_v} now.",
                "Scratch that, my camera's {a_v} now, not the {old_v}.",
                "We ended up going with {a_v} after the {old_v} died.",
                "Upgraded from the {old_v} to {a_v}.",
                "These days it's all {v}, the {old_v} sits in a drawer.",
                "Correction to earlier: I don't use the {old_v} anymore, it's {a_v}.",
                "Got {a_v} for my birthday and retired the {old_v}.",
                "Not using the {old_v} anymore; the {v} replaced it.",
            ],
            "direct": ["What camera do I use?", "Which camera have I got?"],
            "task": ["Recommend a lens for my camera.", "Suggest a camera bag that fits what I shoot with."],
        },
        {
            "domain": "choir_part",
            "values": [V("soprano"), V("alto"), V("tenor"), V("baritone")],
            "state": [
                "I sing {v} in a community choir.",
                "Can you find warm-ups for {a_v}? That's my part in choir.",
                "In choir I'm one of the {v}s.",
                "Rehearsal tonight, and I'm the only {v} who's learned the notes.",
                "I've been put on the {v} part for the spring concert.",
                "How do I stop straining on high notes? I sing {v}.",
                "Choir is my Thursday thing; I'm {a_v}.",
                "Our choir needs more {v}s like me, any tips for recruiting?",
            ],
            "update": [
                "The director moved me to {v}, so no more {old_v} for me.",
                "Scratch that, I'm singing {v} now, not {old_v}.",
                "My voice has settled, so it's {v} rather than {old_v} these days.",
                "Switched parts in choir: {v} from this term.",
                "Not {old_v} anymore, they needed me on {v}.",
                "We ended up reshuffling the choir and I'm {a_v} now.",
                "Quick update on choir: I'm with the {v}s now.",
                "Turns out I'm more of {a_v} than {old_a_v}, so I've moved over.",
            ],
            "direct": ["Which voice part do I sing?", "What part am I in choir?"],
            "task": [
                "Find me a warm-up for my part in choir.",
                "Suggest a solo piece that fits my voice part.",
            ],
        },
        {
            "domain": "cocktail",
            "values": [
                V("negroni"),
                V("margarita"),
                V("old fashioned"),
                V("mai tai"),
                V("gimlet"),
                V("paloma"),
                V("whisky sour"),
            ],
            "state": [
                "My go-to drink at a bar is {a_v}.",
                "How do you make a proper {v}? It's the only cocktail I order.",
                "Friday night means {a_v} for me.",
                "What snacks go with {a_v}? That's my usual.",
                "If someone's buying, I'll have {a_v}, always.",
                "I'm hosting drinks and making {v}s, since that's my favourite.",
                "Is {a_v} too strong for a weeknight? I have one most Fridays.",
                "Whenever we go out I end up ordering {a_v}.",
            ],
            "update": [
                "Scratch that, my usual is {a_v} now.",
                "Not {old_v}s anymore, I've gone off them; {a_v} is my drink now.",
                "I've moved on from {old_v}s to {v}s.",
                "These days I order {a_v} instead of {old_a_v}.",
                "New favourite drink: {v}.",
                "We did a cocktail class and I ended up going with {a_v} as my new usual.",
                "Honestly {old_a_v} is too much for me now, I stick to {v}s.",
                "Update: {v} has replaced {old_v} as my go-to.",
            ],
            "direct": ["What's my usual cocktail?", "What do I drink when I go out?"],
            "task": [
                "Write the drinks order for me at the bar tonight.",
                "Give me a shopping list so I can make my favourite cocktail at home.",
            ],
        },
        {
            "domain": "tv_show",
            "values": [
                V("Severance"),
                V("Slow Horses"),
                V("Shōgun", ["Shogun"]),
                V("Taskmaster"),
                V("Only Murders in the Building", ["Only Murders"]),
                V("Bluey"),
                V("Abbott Elementary", ["Abbott Elementary"]),
            ],
            "state": [
                "We're hooked on {v} at the moment.",
                "Is it worth getting the season pass? It's mostly for {v}.",
                "No spoilers please, I'm halfway through {v}.",
                "What should I watch after {v}? That's what I'm on now.",
                "My evenings are basically {v} right now.",
                "Who's that actor in {v}? I keep recognising him, been bingeing it all week.",
                "Currently watching {v} with my partner, one episode a night.",
                "Rewatching {v} for the third time, it's my comfort show.",
            ],
            "update": [
                "Finished {old_v}, so now we've started {v}.",
                "Scratch that, we gave up on {old_v}; it's {v} now.",
                "Not watching {old_v} anymore, {v} took over.",
                "We ended up going with {v} instead of another season of {old_v}.",
                "Our current show is {v} now.",
                "Dropped {old_v} halfway and switched to {v}.",
                "New telly obsession: {v}.",
                "Update on the telly front: {v}, not {old_v}.",
            ],
            "direct": ["What show am I watching at the moment?", "What are we watching on TV these days?"],
            "task": [
                "Recommend something similar to what I'm watching now.",
                "Plan a themed snack night around my current show.",
            ],
        },
        {
            "domain": "airline",
            "values": [
                V("KLM"),
                V("Aer Lingus"),
                V("Icelandair"),
                V("Lufthansa"),
                V("Qantas"),
                V("Ryanair"),
                V("easyJet"),
            ],
            "state": [
                "I always fly {v} if I can, I've got status with them.",
                "Can you check the baggage rules for {v}? It's the airline I use.",
                "My air miles are all with {v}.",
                "Booking a work trip, on {v} as usual.",
                "Which terminal does {v} use at Heathrow? I fly with them a lot.",
                "{v_cap} is my airline of choice, the seats are decent.",
                "Does {v} let you pick seats for free? I'm a regular with them.",
                "I stick with {v} for the loyalty points.",
            ],
            "update": [
                "I've moved my loyalty over from {old_v} to {v}.",
                "Scratch that, it's {v} I fly with now.",
                "Not flying {old_v} anymore after that lost-bag saga; {v} from now on.",
                "We ended up going with {v} for all the work trips.",
                "These days I book {v}, {old_v} got too pricey.",
                "My status is with {v} now.",
                "Switched airlines: {v}.",
                "Correction: my airline is {v} these days, not {old_v}.",
            ],
            "direct": ["Which airline do I usually fly?", "What airline am I loyal to?"],
            "task": [
                "Find me a flight to Porto on my usual airline.",
                "Check the hand luggage limit for the airline I fly with.",
            ],
        },
        {
            "domain": "browser",
            "values": [V("Firefox"), V("Brave"), V("Vivaldi"), V("Safari"), V("Opera"), V("Waterfox")],
            "state": [
                "How do I clear the cache in {v}? It's my browser.",
                "I browse with {v} on every device.",
                "Which ad blocker works best in {v}?",
                "My browser is {v}, if that changes the steps.",
                "Can you write me a bookmarklet? I use {v}.",
                "Everything I do online is in {v}.",
                "{v_cap} keeps eating my memory, but I'm sticking with it.",
                "Is {v} any good for privacy? It's what I've always used.",
            ],
            "update": [
                "I've moved to {v}, {old_v} was too slow.",
                "Scratch that, I'm on {v} now, not {old_v}.",
                "Not using {old_v} anymore; switched to {v} last week.",
                "We ended up going with {v} on all the family laptops.",
                "Browser update: {v} from now on.",
                "Gave {v} a go and never went back to {old_v}.",
                "My default browser is {v} now.",
                "Correction: {v}, not {old_v}, is what I browse with.",
            ],
            "direct": ["Which web browser do I use?", "What browser am I on?"],
            "task": [
                "Tell me how to export my bookmarks from my browser.",
                "Suggest extensions for the browser I use.",
            ],
        },
        {
            "domain": "chess_opening",
            "values": [
                V("Pirc Defence", ["Pirc"]),
                V("London System"),
                V("Caro-Kann"),
                V("Queen's Gambit"),
                V("King's Indian"),
                V("Grünfeld", ["Grunfeld"]),
                V("Scandinavian"),
            ],
            "state": [
                "In my club games I always play the {v}.",
                "Can you explain the main line of the {v}? It's my go-to opening.",
                "My favourite opening is the {v}.",
                "I've been studying the {v} for my league matches.",
                "Every online game I open with the {v}, no exceptions.",
                "How do I handle early aggression in the {v}? It's what I play.",
                "The {v} has won me most of my rated games.",
                "Is the {v} still good at club level? I play it every game.",
            ],
            "update": [
                "I've dropped the {old_v}; I play the {v} now.",
                "Scratch that, my opening is the {v} these days.",
                "Not the {old_v} anymore, my coach switched me to the {v}.",
                "We ended up going with the {v} as my main repertoire.",
                "New repertoire: the {v}.",
                "I gave up on the {old_v} and moved to the {v}.",
                "Correction: it's the {v} I play now, not the {old_v}.",
                "These days it's all {v} for me.",
            ],
            "direct": ["Which chess opening do I play?", "What's my main opening?"],
            "task": [
                "Give me a training plan for my chess opening.",
                "Find me a famous game in the opening I play.",
            ],
        },
        {
            "domain": "e_reader",
            "values": [
                V("Kindle Paperwhite", ["Paperwhite"]),
                V("Kobo Libra", ["Kobo"]),
                V("reMarkable"),
                V("PocketBook"),
                V("Boox Palma", ["Boox"]),
                V("Kindle Scribe", ["Scribe"]),
            ],
            "state": [
                "I read everything on my {v}.",
                "Can I get library books onto {a_v}? That's my e-reader.",
                "My {v} battery lasts weeks.",
                "What's the best case for {a_v}? Mine is getting scratched.",
                "Bought {a_v} last year and I haven't touched a paper book since.",
                "Is there a way to send articles to my {v}?",
                "On the train I'm always on my {v}.",
                "How do I change the font on {a_v}? It's what I read on.",
            ],
            "update": [
                "Upgraded from the {old_v} to {a_v}.",
                "Scratch that, I read on {a_v} now.",
                "Not the {old_v} anymore, it broke; got {a_v}.",
                "We ended up going with {a_v} after comparing a few.",
                "My e-reader's {a_v} now.",
                "The {old_v} went to my mum and I got {a_v}.",
                "Switched e-readers: {v}.",
                "Correction: I've got {a_v}, not {old_a_v}, these days.",
            ],
            "direct": ["What e-reader do I have?", "What do I read ebooks on?"],
            "task": ["Tell me how to load an ebook onto my e-reader.", "Recommend a cover for my e-reader."],
        },
        {
            "domain": "fitness_tracker",
            "values": [
                V("Garmin Forerunner", ["Forerunner"]),
                V("Apple Watch"),
                V("Fitbit Charge", ["Fitbit"]),
                V("Whoop strap", ["Whoop"]),
                V("Oura ring", ["Oura"]),
                V("Coros Pace", ["Coros"]),
            ],
            "state": [
                "My {v} says I only slept five hours, is that bad?",
                "How accurate is the heart rate on {a_v}? I wear one every day.",
                "I track my runs with {a_v}.",
                "Can the {v} count swimming laps? That's my tracker.",
                "I never take off my {v}.",
                "Any tips to make my {v} battery last longer?",
                "My {v} buzzes every hour telling me to stand up.",
                "I've worn {a_v} for two years now.",
            ],
            "update": [
                "Swapped the {old_v} for {a_v}.",
                "Scratch that, I wear {a_v} now.",
                "Not the {old_v} anymore, it kept losing signal; I got {a_v}.",
                "We ended up going with {a_v} for both of us.",
                "My tracker is {a_v} these days.",
                "Gave the {old_v} to my brother, I'm on {a_v} now.",
                "New gadget: {a_v}, and the {old_v} is retired.",
                "Correction: {a_v}, not {old_a_v}.",
            ],
            "direct": ["What fitness tracker do I wear?", "Which wearable do I use?"],
            "task": [
                "Tell me how to sync my tracker with my phone.",
                "Set up a step goal on the wearable I use.",
            ],
        },
        {
            "domain": "dnd_class",
            "values": [V("paladin"), V("bard"), V("rogue"), V("warlock"), V("druid"), V("sorcerer")],
            "state": [
                "In our D&D campaign I play {a_v}.",
                "Any spell ideas for a level 5 {v}? That's my character.",
                "My D&D character is a half-elf {v}.",
                "What's a good backstory for {a_v}? Session zero is Saturday and that's what I'm playing.",
                "I'm the party's {v} in our Friday game.",
                "How do I make my {v} more useful in combat?",
                "Our DM let me play {a_v} this campaign.",
                "I've been playing {a_v} in our group for a year now.",
            ],
            "update": [
                "My character died, so I'm rolling up {a_v} now.",
                "Scratch that, I'm playing {a_v} now, not {old_a_v}.",
                "Retired the {old_v}; my new character is {a_v}.",
                "We ended up going with {a_v} for me in the new campaign.",
                "New campaign, new class: {v}.",
                "Not {old_a_v} anymore; the group needed {a_v}.",
                "Swapped my {old_v} for {a_v} after the one-shot.",
                "Correction: my D&D character is {a_v} now.",
            ],
            "direct": ["What class is my D&D character?", "What do I play in our tabletop campaign?"],
            "task": [
                "Suggest a magic item for my D&D character.",
                "Write a short intro speech for my tabletop character.",
            ],
        },
        {
            "domain": "newspaper",
            "values": [
                V("the Guardian", ["Guardian"]),
                V("the Financial Times", ["Financial Times"]),
                V("the Economist", ["Economist"]),
                V("the New York Times", ["New York Times"]),
                V("Le Monde"),
                V("the Telegraph", ["Telegraph"]),
                V("the Atlantic", ["Atlantic"]),
            ],
            "state": [
                "I read {v} every morning over breakfast.",
                "Is {v} worth the subscription? I've had it for years.",
                "My news comes from {v} mostly.",
                "I've subscribed to {v} for ages.",
                "The crossword in {v} is my daily ritual.",
                "I get {v} on my phone every morning.",
                "Does {v} have a discount for renewals? It's the only paper I read.",
                "{v_cap} is the one news source I actually pay for.",
            ],
            "update": [
                "Cancelled {old_v}, I read {v} now.",
                "Scratch that, my paper is {v} these days.",
                "Not reading {old_v} anymore, switched to {v}.",
                "We ended up going with {v} for the household subscription.",
                "I get my news from {v} now.",
                "Dropped {old_v} and picked up {v}.",
                "Correction: it's {v} I subscribe to, not {old_v}.",
                "New subscription: {v}.",
            ],
            "direct": ["Which newspaper do I read?", "Where do I get my news from?"],
            "task": [
                "Find me the crossword from the paper I read.",
                "Summarise this week's top stories from my usual news source.",
            ],
        },
    ]


def _procedural() -> list:
    return [
        {
            "id": "h5_haiku",
            "tokens": [["haiku"]],
            "state": [
                "End every answer with a little haiku, it makes my day.",
                "Could you close your replies with a haiku?",
                "I love a haiku at the bottom of your answers, please always add one.",
                "From now on, sign off each answer with a haiku.",
                "Please add a haiku at the end when you reply to me.",
                "can u finish with a haiku every time",
                "A haiku to finish each reply would be great.",
                "Whatever the topic, wrap up with a haiku please.",
            ],
            "direct": [
                "What should you put at the end of your replies to me?",
                "What do I like at the bottom of your answers?",
            ],
            "task": ["Tell me how bread rises.", "Explain how a lighthouse lens works."],
        },
        {
            "id": "h5_python",
            "tokens": [["Python"]],
            "state": [
                "When you show code, make it Python.",
                "Examples in Python please, it's the only language I know.",
                "Could you write any scripts for me in Python?",
                "I only read Python, so stick to that for code.",
                "Default to Python whenever code comes up.",
                "please do code snippets in python, not js",
                "If an answer needs code, Python is what I want.",
                "Write code for me in Python unless I say otherwise.",
            ],
            "direct": [
                "Which programming language should your examples be in?",
                "What language do I want code in?",
            ],
            "task": [
                "Show me how to rename a folder of photos by date.",
                "Write a script that counts words in a text file.",
            ],
        },
        {
            "id": "h5_quiz",
            "tokens": [["quiz"]],
            "state": [
                "Finish explanations with a one-question quiz so I can check I got it.",
                "I learn better if you end with a quick quiz.",
                "Could you add a short quiz after each explanation?",
                "Please test me with a quiz question at the end.",
                "Give me a mini quiz whenever you teach me something.",
                "end with a quiz q pls, keeps me honest",
                "A little quiz at the end of lessons would help me a lot.",
                "When you explain a concept, follow it with a quiz question.",
            ],
            "direct": [
                "What should you add after explaining something to me?",
                "How do I like to check I've understood?",
            ],
            "task": ["Teach me how photosynthesis works.", "Explain what a tariff does."],
        },
        {
            "id": "h5_wikipedia",
            "tokens": [["Wikipedia"]],
            "state": [
                "Link the Wikipedia article when you mention a historical event.",
                "Can you add a Wikipedia link for people and places you bring up?",
                "I like to read more, so include Wikipedia links.",
                "Please drop in the Wikipedia page for anything I might want to look up.",
                "Always point me to Wikipedia for background.",
                "wikipedia links for names and places pls",
                "When you reference a topic, give me its Wikipedia page too.",
                "Adding a Wikipedia link to your answers helps me dig deeper.",
            ],
            "direct": [
                "Where should you point me for background reading?",
                "What links do I want in your answers?",
            ],
            "task": ["Tell me about the fall of Constantinople.", "Who was Ada Lovelace?"],
        },
        {
            "id": "h5_utc",
            "tokens": [["UTC"]],
            "state": [
                "Give times in UTC, I work with people in five time zones.",
                "Please write any times in UTC.",
                "Can you always state times as UTC?",
                "I think in UTC, so convert times to it.",
                "Times in UTC only, please.",
                "use utc for times, local time confuses me",
                "Whenever you mention a time, make it UTC.",
                "I'd like every time you give me to be in UTC.",
            ],
            "direct": ["Which time zone should you use for me?", "How should you write times?"],
            "task": [
                "When does the next total solar eclipse start?",
                "Schedule a call with my team for next Tuesday afternoon.",
            ],
        },
        {
            "id": "h5_headings",
            "tokens": [["headings", "heading"]],
            "state": [
                "Break long answers up with headings.",
                "Please use headings so I can skim.",
                "I like answers split into sections with headings.",
                "Could you put headings on anything longer than a paragraph?",
                "headings pls, i skim everything",
                "Structure your replies with clear headings.",
                "Longer explanations need headings for me.",
                "Add a heading for each part of the answer.",
            ],
            "direct": [
                "How should you structure long answers for me?",
                "What do I need so I can skim your replies?",
            ],
            "task": [
                "Explain how to prepare for a job interview.",
                "Give me an overview of the French Revolution.",
            ],
        },
        {
            "id": "h5_one_paragraph",
            "tokens": [["one paragraph", "single paragraph"]],
            "state": [
                "Keep answers to one paragraph, tops.",
                "No more than one paragraph per reply, please.",
                "One paragraph max, I have a short attention span.",
                "can you keep it to a single paragraph",
                "Please answer in one paragraph or less.",
                "I only want one paragraph, not an essay.",
                "Limit yourself to a single paragraph when you answer me.",
                "One paragraph is plenty for me.",
            ],
            "direct": [
                "How long should your replies to me be, at most?",
                "What's my preferred answer length?",
            ],
            "task": ["Explain how the stock market works.", "Why do hedgehogs hibernate?"],
        },
        {
            "id": "h5_spoilers",
            "tokens": [["spoiler", "spoilers"]],
            "state": [
                "Never give away spoilers when we talk about films or shows.",
                "No spoilers, ever, please.",
                "Put a spoiler warning before any plot details.",
                "I hate spoilers, so keep endings out of it.",
                "spoiler-free answers only pls",
                "If you have to mention a twist, add a spoiler warning first.",
                "Please keep everything spoiler-free when we discuss books or TV.",
                "Spoilers ruin it for me, so avoid them.",
            ],
            "direct": [
                "What should you avoid when we discuss shows and books?",
                "How should you handle plot details with me?",
            ],
            "task": ["Tell me about the film Inception.", "What is the novel Rebecca about?"],
        },
        {
            "id": "h5_pronunciation",
            "tokens": [["pronunciation", "pronounce", "pronounced"]],
            "state": [
                "Give me the pronunciation of any foreign word you use.",
                "I never know how to pronounce unfamiliar words, so add the pronunciation.",
                "Please spell out the pronunciation for tricky names.",
                "Include the pronunciation for place names, I always get them wrong.",
                "pronunciation guides for foreign words pls",
                "Whenever a word isn't English, tell me how to pronounce it.",
                "Add a pronunciation note for any hard word.",
                "Can you show the pronunciation next to unusual terms?",
            ],
            "direct": [
                "What should you add for foreign words?",
                "What help do I want with unfamiliar names?",
            ],
            "task": ["Suggest a day trip from Reykjavik.", "Recommend a few classic Basque dishes."],
        },
        {
            "id": "h5_shortcuts",
            "tokens": [["keyboard shortcut", "keyboard shortcuts"]],
            "state": [
                "Mention the keyboard shortcut when there is one.",
                "I love keyboard shortcuts, so include them in how-tos.",
                "Please give me keyboard shortcuts instead of menu clicks.",
                "Tell me the keyboard shortcut for anything you explain in an app.",
                "keyboard shortcuts wherever possible pls",
                "When you describe steps on a computer, add the keyboard shortcuts.",
                "I'd rather use keyboard shortcuts than the mouse, so list them.",
                "Always include keyboard shortcuts in software instructions.",
            ],
            "direct": [
                "What should you include when explaining app steps?",
                "How do I prefer to do things on my computer?",
            ],
            "task": ["How do I merge cells in a spreadsheet?", "How do I take a screenshot of one window?"],
        },
        {
            "id": "h5_usd",
            "tokens": [["US dollars", "USD"]],
            "state": [
                "Quote prices in US dollars, please.",
                "I budget in USD, so give costs that way.",
                "Can you convert prices to US dollars for me?",
                "Give me every cost in US dollars.",
                "prices in usd pls",
                "I think in US dollars, so use them for costs.",
                "Whenever you mention money, put it in USD.",
                "Please show all prices in US dollars.",
            ],
            "direct": ["Which currency should you use with me?", "How should you show prices?"],
            "task": ["How much does a week in Japan cost?", "What does a decent road bike cost?"],
        },
    ]


def _remember_items() -> list:
    return [
        {
            "x": "the spare key is with Mrs Okonjo at number 9",
            "tokens": ["Okonjo"],
            "direct": ["Who has our spare key?"],
            "task": ["I'm locked out, who do I go to for the spare?"],
        },
        {
            "x": "my optician is Dr Vartanian",
            "tokens": ["Vartanian"],
            "direct": ["Which optician do I see?"],
            "task": ["Book my next eye test with the usual optician."],
        },
        {
            "x": "our book club is reading Middlemarch next",
            "tokens": ["Middlemarch"],
            "direct": ["What's the next book club read?"],
            "task": ["Order the book for my next book club meeting."],
        },
        {
            "x": "the vet is Pendlebury Veterinary Clinic",
            "tokens": ["Pendlebury"],
            "direct": ["Which vet do we use?"],
            "task": ["Find the phone number of our vet."],
        },
        {
            "x": "the gutter cleaner comes every March",
            "tokens": ["gutter cleaner"],
            "direct": ["Who comes round every spring?"],
            "task": ["Put next year's annual visits in my calendar."],
        },
        {
            "x": "my nephew's favourite dinosaur is the ankylosaurus",
            "tokens": ["ankylosaurus"],
            "direct": ["What's my nephew's favourite dinosaur?"],
            "task": ["Pick a birthday cake design for my nephew."],
        },
        {
            "x": "my running club meets at Flaxley Park",
            "tokens": ["Flaxley"],
            "direct": ["Where do I meet my running club?"],
            "task": ["Plan my route to running club on Saturday."],
        },
        {
            "x": "the boiler pressure should sit at 1.5 bar",
            "tokens": ["1.5 bar"],
            "direct": ["What pressure should the boiler be at?"],
            "task": ["Tell me how to top up the boiler."],
        },
        {
            "x": "our landlady is Mrs Abiodun",
            "tokens": ["Abiodun"],
            "direct": ["What's our landlady's name?"],
            "task": ["Write to the landlady about the broken gutter."],
        },
        {
            "x": "the car's MOT is due on the 3rd of April",
            "tokens": ["MOT"],
            "direct": ["When does the car need its annual test?"],
            "task": ["Remind me what's due for the car in spring."],
        },
        {
            "x": "my locker at the leisure centre is number 117",
            "tokens": ["117"],
            "direct": ["Which locker is mine at the leisure centre?"],
            "task": ["Which locker should I head to at the pool?"],
        },
    ]


def _forgettable() -> list:
    return [
        {
            "id": "h5_trapeze",
            "tokens": ["trapeze"],
            "ref": "the trapeze lessons",
            "state": [
                "I've secretly started trapeze lessons on Tuesdays.",
                "Don't tell anyone, but I'm learning the flying trapeze.",
            ],
            "probes": ["What have I secretly started learning?", "What lessons am I taking on Tuesdays?"],
        },
        {
            "id": "h5_cruise",
            "tokens": ["cruise"],
            "ref": "the cruise",
            "state": [
                "I'm looking at booking a fjords cruise for our anniversary.",
                "We might do a cruise next summer, still deciding.",
            ],
            "probes": [
                "What holiday were we thinking of booking?",
                "What were we planning for our anniversary?",
            ],
        },
        {
            "id": "h5_taxidermy",
            "tokens": ["taxidermy"],
            "ref": "the taxidermy course",
            "state": [
                "I signed up for a taxidermy course without telling my partner.",
                "Taxidermy is my weird new obsession, I've got a course booked for May.",
            ],
            "probes": ["Have I booked any courses?", "What's my new obsession?"],
        },
        {
            "id": "h5_alpaca",
            "tokens": ["alpaca"],
            "ref": "the alpacas",
            "state": [
                "We're thinking of getting two alpacas for the paddock.",
                "I've been visiting an alpaca farm every weekend, I might adopt one.",
            ],
            "probes": ["Were we thinking of getting any animals?", "What farm have I been visiting?"],
        },
        {
            "id": "h5_piercing",
            "tokens": ["piercing"],
            "ref": "the piercing",
            "state": [
                "I got a nose piercing on Saturday and my mum hasn't noticed yet.",
                "Thinking about getting a piercing, maybe the ear cartilage.",
            ],
            "probes": ["Did I get anything done to my appearance?", "What was I thinking of getting done?"],
        },
        {
            "id": "h5_cookbook",
            "tokens": ["cookbook"],
            "ref": "my cookbook idea",
            "state": [
                "I've been writing a cookbook in secret, forty recipes so far.",
                "My dream is to self-publish a cookbook of my nan's recipes.",
            ],
            "probes": ["Am I writing anything?", "What's my dream project?"],
        },
        {
            "id": "h5_reunion",
            "tokens": ["reunion"],
            "ref": "the school reunion",
            "state": [
                "I'm dreading the school reunion in May, thinking of skipping it.",
                "Got an invite to my twenty-year reunion and I feel sick about it.",
            ],
            "probes": ["What event am I dreading?", "Did I get invited to anything?"],
        },
        {
            "id": "h5_trampoline",
            "tokens": ["trampoline"],
            "ref": "the trampoline",
            "state": [
                "We bought a massive trampoline for the garden, the neighbours aren't going to love it.",
                "I've been eyeing a second-hand trampoline on Marketplace.",
            ],
            "probes": ["What did we buy for the garden?", "What have I been eyeing up online?"],
        },
        {
            "id": "h5_jiujitsu",
            "tokens": ["jiu-jitsu"],
            "ref": "the jiu-jitsu classes",
            "state": [
                "I started jiu-jitsu classes and I'm covered in bruises.",
                "Tried a jiu-jitsu taster session, thinking of joining properly.",
            ],
            "probes": ["What martial art have I taken up?", "Why am I covered in bruises?"],
        },
        {
            "id": "h5_mural",
            "tokens": ["mural"],
            "ref": "the mural",
            "state": [
                "I'm painting a mural in the kids' room as a surprise.",
                "Sketched out a jungle mural for the spare-room wall.",
            ],
            "probes": ["What am I painting?", "What's the surprise in the kids' room?"],
        },
    ]


def _sensitive() -> list:
    return [
        {
            "category": "password",
            "make": mk_password,
            "token_slots": ["pw"],
            "templates": [
                "the wifi password here is {pw}, why won't my laptop connect?",
                "Can you check if {pw} is a decent password? I use it for my email.",
                "My login for the gym app is {pw}, remind me if I forget.",
                "I just changed my streaming password to {pw}.",
                "Password for the shared drive: {pw}",
                "Is it bad that {pw} is my password for everything?",
                "The kids keep asking for the router password, it's {pw}. Can you make a card for the fridge?",
                "The work VPN password is {pw}, can you write the connection steps with it?",
            ],
        },
        {
            "category": "api_key",
            "make": mk_key,
            "token_slots": ["key"],
            "templates": [
                "My map embed shows an error, here's the key: {key}",
                "Why is {key} getting rejected? It worked yesterday.",
                "Can you add {key} to this .env example?",
                "I pasted {key} into the config, is that the right spot?",
                "Here's the token for my newsletter script: {key}.",
                "Is {key} supposed to be public? It's in my frontend code.",
                "The CI job needs {key}; write the YAML for it.",
                "Test my curl command with {key} as the auth header.",
            ],
        },
        {
            "category": "payment_card",
            "make": mk_card,
            "token_slots": ["card"],
            "templates": [
                "Can you book the table with my card, {card}, expiry {exp}?",
                "Here's my card for the hotel: {card}.",
                "My new card number is {card}, CVV {cvc}, just so you know.",
                "Fill in {card} on the ticket form please.",
                "Does {card} look like a Diners card to you?",
                "Use {card}, exp {exp}, for the gift order.",
                "Is it safe to type {card} into this website?",
                "The card on file should be {card}, can you update the subscription?",
            ],
        },
        {
            "category": "bank_details",
            "make": mk_iban,
            "token_slots": ["iban"],
            "templates": [
                "Send the deposit back to {iban}, that's my account.",
                "My IBAN is {iban}, can you put it in the invoice template?",
                "Is {iban} the right format for a transfer from the UK?",
                "My pay goes into {iban} from next month.",
                "The landlord wants my account number: {iban}.",
                "For the refund form: {iban}.",
                "Here are my bank details for the club fees, {iban}.",
                "Double-check {iban} for me, I think I mistyped a digit.",
            ],
        },
        {
            "category": "government_id",
            "make": mk_govid,
            "token_slots": ["idnum"],
            "templates": [
                "My {idname} is {idnum}, can you fill it into the form?",
                "Is {idnum} a valid {idname}? The bank rejected it.",
                "The clinic asked for my {idname}: {idnum}.",
                "Here's my {idname} for the rental contract, {idnum}.",
                "I keep mistyping my {idname}, it's {idnum}.",
                "HR needs {idnum}, that's my {idname}.",
                "Put {idnum} in the ID field please.",
                "Do I need my {idname} ({idnum}) to open an account?",
            ],
        },
        {
            "category": "exact_age",
            "make": mk_age,
            "token_slots": ["age"],
            "templates": [
                "Just turned {age}, feeling ancient.",
                "I'm {age}, is it too late to learn to swim properly?",
                "At {age} my metabolism has clearly given up.",
                "The insurance quote asks my age: {age}.",
                "Being {age} and still sharing a flat is weird, right?",
                "I'm {age} years old and I've never been on a plane.",
                "My age? {age}, since last month.",
                "Is {age} too old for a gap year?",
            ],
        },
        {
            "category": "home_address",
            "make": mk_address,
            "token_slots": ["street"],
            "templates": [
                "Can you send the parcel to {num} {street}? That's home.",
                "We're at {num} {street}, what's the nearest pharmacy?",
                "My address is {num} {street}, {postcode}.",
                "Put {num} {street} as the delivery address.",
                "Is there parking near {num} {street}? That's where I live.",
                "Home is Flat {flat}, {num} {street}.",
                "For the council tax form: {num} {street}, {postcode}.",
                "Can a taxi pick me up from {num} {street} at 6?",
            ],
        },
        {
            "category": "policy:union",
            "policy": True,
            "make": mk_union,
            "token_slots": ["union", "the_union", "the_union_cap"],
            "templates": [
                "I'm a shop steward for {the_union} at the depot.",
                "Our {union} branch is balloting for strike action, should I vote yes?",
                "I've been paying {union} dues for ten years now.",
                "Can you help me write a speech for the {union} branch meeting?",
                "As a {union} rep I get time off for training, is that normal?",
                "Joined {the_union} last week after the pay row.",
                "{the_union_cap} is backing me in a grievance at work.",
                "My {union} membership card came today.",
            ],
        },
        {
            "category": "policy:fertility",
            "policy": True,
            "make": mk_fertility,
            "token_slots": ["topic"],
            "templates": [
                "We start {topic} next month, any tips for coping with the waiting?",
                "Our {topic} appointment is on Thursday, so I'll need the afternoon off.",
                "I've been reading everything about {topic} lately, we're going through it.",
                "Can you help me tell my boss about {topic} without oversharing?",
                "The clinic said {topic} has a decent chance for us.",
                "Nobody at work knows I'm going through {topic}.",
                "How much does {topic} usually cost privately? We're starting soon.",
                "Our second try at {topic} starts on Monday.",
            ],
        },
        {
            "category": "policy:gambling",
            "policy": True,
            "make": mk_gambling,
            "token_slots": ["game"],
            "templates": [
                "I lost about 300 quid on {game} last weekend.",
                "I play {game} most nights after the kids are in bed.",
                "Is there a way to win at {game} or is it all luck? I'm in pretty deep.",
                "Can you set up a spreadsheet to track my {game} wins and losses?",
                "My partner doesn't know how much I spend on {game}.",
                "I've had a good run on {game} this month.",
                "Thinking of taking a break from {game}, it's getting a bit much.",
                "Won big on {game} last night!",
            ],
        },
    ]


_NOISE = [
    ("How long do you boil an egg for a runny yolk?", "About six minutes from boiling water."),
    ("why do cats knead blankets", "It's a leftover kitten behaviour linked to comfort and nursing."),
    ("How many bones are in the human hand?", "Twenty-seven, counting the wrist."),
    ("sorry, went quiet there, phone call", "No problem at all."),
    ("How far away is the sun?", "About 150 million kilometres."),
    ("What does RSVP mean?", "Répondez s'il vous plaît: please reply."),
    ("lovely, thank you so much", "You're very welcome!"),
    (
        "How do I get candle wax out of a tablecloth?",
        "Freeze it, scrape it off, then iron through brown paper.",
    ),
    (
        "Why is it called a 'blue moon'?",
        "It's the second full moon in a calendar month, or the third of four in a season.",
    ),
    ("That's brilliant, cheers", "Happy to help."),
    ("How many players are on a netball team?", "Seven a side on court."),
    ("Why do onions caramelise?", "Their sugars brown slowly over gentle heat."),
    ("How do you fold a fitted sheet?", "Tuck the corners into each other, then fold it into a rectangle."),
    ("What time zone is Iceland in?", "Greenwich Mean Time all year."),
    ("hang on, kettle's boiled", "Take your time."),
    ("What's the rule for 'affect' and 'effect'?", "Affect is usually the verb, effect the noun."),
    ("How long does it take light from the moon to reach us?", "A little over a second."),
    (
        "Can you recommend a word game to play on a long car journey?",
        "Try the alphabet game: name things A to Z in a category.",
    ),
    ("What's a group of crows called?", "A murder of crows."),
    ("Ha, love that", "Glad it made you smile."),
    ("Why does the moon change shape?", "We see different parts of its sunlit side as it orbits us."),
    (
        "How do I stop my glasses steaming up?",
        "A drop of washing-up liquid rubbed on and polished off helps.",
    ),
    ("What's the oldest university in the world?", "Al-Qarawiyyin in Fez is usually cited."),
    ("okay, got it", "Great."),
    (
        "How do I get rid of fruit flies?",
        "A dish of cider vinegar with a drop of washing-up liquid traps them.",
    ),
    ("Why is Pluto not a planet anymore?", "It hasn't cleared its orbit of other objects."),
    (
        "What's the best way to learn touch typing?",
        "Short daily sessions on a typing tutor, eyes off the keys.",
    ),
    ("Can you tell me a fun fact about octopuses?", "They have three hearts and blue blood."),
    ("Right, makes sense now", "Good, glad that helped."),
    (
        "How do I stop a door from squeaking?",
        "A little petroleum jelly or oil on the hinge pins usually fixes it.",
    ),
    ("What's the biggest planet in the solar system?", "Jupiter, by a long way."),
    (
        "Why do fingers wrinkle in the bath?",
        "Nerves shrink the blood vessels under the skin, probably for better grip when wet.",
    ),
    (
        "What's a good way to remember the order of the planets?",
        "A mnemonic like 'My Very Easy Method Just Speeds Up Naming'.",
    ),
    ("What does 'ad hoc' mean?", "Made for one particular purpose, not planned in advance."),
    ("How long can a snail sleep?", "Up to about three years in a dry spell, allegedly."),
    ("ooh good shout", "Glad it helped!"),
    ("What rhyme scheme does a limerick use?", "AABBA."),
    ("How hot is the surface of the sun?", "About 5,500 degrees Celsius."),
    (
        "What's the quickest way to chill a drink?",
        "Wrap it in a wet paper towel and put it in the freezer for ten minutes.",
    ),
    ("Why do flamingos stand on one leg?", "It seems to save body heat and needs little muscle effort."),
    ("What's the national animal of Scotland?", "The unicorn."),
    ("How do you say 'cheers' in Swedish?", "Skål."),
    (
        "What's the difference between a bay and a gulf?",
        "Mostly size: gulfs are usually larger and more enclosed.",
    ),
    ("wait what, really?", "Really!"),
    (
        "Why is it called a 'baker's dozen'?",
        "Bakers added a thirteenth loaf to avoid being fined for short weight.",
    ),
    ("How many strings does a standard harp have?", "A concert pedal harp has 47."),
    (
        "Can pigeons really find their way home from anywhere?",
        "From hundreds of kilometres, using the sun, smells and the earth's magnetic field.",
    ),
]


def heldout5_bank() -> dict:
    return {
        "name": "heldout5-v1",
        "store": {
            "description": "memstore benchmark (held-out set 5)",
            "options": {
                "user_profile_enabled": True,
                "chat_summary_enabled": True,
                "procedural_memory_enabled": True,
                "user_profile_details": (
                    "Remember the user's gear and gadgets (bike, camera, e-reader, tracker, browser), what "
                    "they watch, read and play, the drinks they like, how they fly, their choir and games, "
                    "their family and pets, and how they want answers written. Do not keep anything about "
                    "trade union membership or union activity, pregnancy or fertility treatment, or "
                    "gambling and betting."
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
        "combine_prob": 0.3,
        "connector_prob": 0.25,
        "echo_prob": 0.25,
        "isolation_per_scenario": 2,
        "pools": {
            "user_names": [
                "Dorcas",
                "Ignatius",
                "Mstislav",
                "Octavius",
                "Quintus",
                "Severine",
                "Thelonius",
                "Valdemar",
                "Evander",
                "Ilario",
                "Jolanta",
                "Konstantin",
                "Nikephoros",
                "Sigrun",
                "Tobiah",
                "Vladislav",
                "Domitilla",
                "Eglantine",
                "Jeremiah",
                "Leofric",
                "Narcissa",
                "Obadiah",
                "Prudence",
                "Rupertina",
                "Urbain",
                "Vitalis",
                "Amabel",
                "Drogo",
                "Euphemia",
                "Gwendolen",
                "Hezekiah",
                "Imelda",
                "Kenrick",
                "Nathaniel",
                "Orlaith",
                "Swithin",
                "Tabitha",
                "Uriel",
                "Ambrosine",
                "Cuthbert",
                "Fortunata",
                "Honorine",
                "Melchior",
                "Radulf",
                "Sulien",
                "Wigbert",
            ],
            "pet_names": [
                "Tinsel",
                "Confetti",
                "Zeppo",
                "Mothball",
                "Puddle",
                "Bobbin",
                "Skittle",
                "Bumble",
                "Tiddles",
                "Pogo",
                "Yoyo",
                "Gremlin",
                "Hobnob",
                "Jigsaw",
                "Lollipop",
                "Nibbles",
                "Rolo",
                "Sundae",
                "Twiglet",
                "Umbra",
                "Boffin",
                "Fandango",
                "Gumdrop",
                "Jujube",
                "Kerfuffle",
                "Mischief",
                "Parsnip",
                "Quibble",
                "Rumpus",
                "Shortbread",
                "Zigzag",
                "Bungee",
                "Dandelion",
                "Gingersnap",
                "Hullabaloo",
                "Jamboree",
                "Macaroon",
                "Noggin",
                "Snickerdoodle",
                "Zucchini",
                "Conker",
                "Figgy",
                "Gobstopper",
                "Honeydew",
                "Jinx",
                "Muesli",
                "Oddjob",
                "Pimento",
                "Whisker",
            ],
            "relative_names": [
                "Adaeze",
                "Chidera",
                "Darragh",
                "Ephraim",
                "Kjeld",
                "Mirela",
                "Nikolaj",
                "Ugo",
                "Bogdan",
                "Ciaran",
                "Dragana",
                "Goran",
                "Halldora",
                "Jurgis",
                "Kasia",
                "Leopoldo",
                "Milos",
                "Nnamdi",
                "Przemek",
                "Radka",
                "Stanislava",
                "Teodor",
                "Uchenna",
                "Vilja",
                "Bjorn",
                "Chiamaka",
                "Dariusz",
                "Emeka",
                "Fridtjof",
                "Gunnhild",
                "Ilse",
                "Maelle",
                "Pieter",
                "Rasmus",
                "Tadeusz",
                "Vidar",
                "Wiebke",
                "Zoran",
                "Brigid",
                "Eoin",
                "Farid",
                "Greta",
                "Iker",
                "Jokin",
                "Katarzyna",
                "Lucjan",
                "Nils",
                "Oona",
            ],
        },
        "core_domains": [
            {
                "domain": "name",
                "pool": "user_names",
                "first": True,
                "state": [
                    "hey there, {v} here, first time chatting",
                    "Hello, my name's {v}, nice to meet you.",
                    "{v} here, my sister recommended this app.",
                    "Hi! You can call me {v}.",
                    "Morning, it's {v}. First time trying one of these assistants.",
                    "So I'm {v}, and I've got a few random questions.",
                    "Hi, {v} speaking. Let's see what you can do.",
                    "Name's {v}, by the way, in case you need it.",
                ],
                "direct": [
                    "Do you know what I'm called, by any chance?",
                    "What name should you use for me?",
                    "Which name did I introduce myself with?",
                ],
                "task": [
                    "Sign this email off with my name.",
                    "Write my name on a place card for the dinner.",
                    "Put my name at the top of this packing list.",
                ],
            },
            {
                "domain": "pet",
                "pool": "pet_names",
                "extra": {
                    "species": [
                        "tortoise",
                        "ferret",
                        "rabbit",
                        "cockatiel",
                        "hamster",
                        "axolotl",
                        "parrot",
                        "guinea pig",
                    ]
                },
                "state": [
                    "My {species} {v} just learned to open the cupboard.",
                    "What should I feed a {species}? Mine's called {v}.",
                    "{v} (my {species}) is staring at me while I type this.",
                    "Is it normal for a {species} to sleep this much? {v} hasn't moved all day.",
                    "We adopted a {species} called {v} last month!",
                    "Sorry if I'm slow, {v} my {species} keeps climbing on the keyboard.",
                    "Can you suggest a toy for my {species}, {v}?",
                    "{v} is our {species}, and honestly runs the house.",
                ],
                "direct": ["What did we name our pet?", "What's the name of our {species}?"],
                "task": [
                    "Write a funny birthday card from me to my {species}.",
                    "Make a feeding rota for my {species}.",
                ],
            },
            {
                "domain": "family",
                "pool": "relative_names",
                "extra": {
                    "rel": [
                        "granddaughter",
                        "stepson",
                        "sister-in-law",
                        "uncle",
                        "cousin",
                        "twin brother",
                        "goddaughter",
                        "mother-in-law",
                    ]
                },
                "state": [
                    "My {rel} {v} is staying with us for the weekend.",
                    "Any gift ideas for my {rel}? {v} has a birthday coming up.",
                    "Just got off the phone with my {rel}, {v}.",
                    "I'm driving my {rel} {v} to the airport tomorrow.",
                    "{v}, my {rel}, just got engaged, so exciting!",
                    "Can you help me write a toast? It's for my {rel} {v}.",
                    "Spent the afternoon gardening with my {rel} {v}.",
                    "My {rel} is called {v}, you'll probably hear about them a lot.",
                ],
                "direct": ["What name does my {rel} go by?", "Who is my {rel}, what's their name?"],
                "task": [
                    "Write a text to my {rel} saying I'm running late.",
                    "Plan a day out for me and my {rel}.",
                ],
            },
        ],
        "domains": _domains(),
        "procedural": _procedural(),
        "remember_items": _remember_items(),
        "remember_templates": [
            "Could you make a note that {x}?",
            "Please keep in mind, going forward, that {x}.",
            "I'll need this later, so hold on to it: {x}.",
            "For future reference, just so you have it: {x}.",
            "Note for next time: {x}.",
            "Can you remember that {x}? I always lose track.",
            "Store this for me, please: {x}.",
            "Don't let it slip, {x}.",
            "Add this to what you know about me: {x}.",
            "Make sure you remember that {x}.",
        ],
        "forgettable": _forgettable(),
        "forget_templates": [
            "Actually, can you forget about {ref}?",
            "Please don't remember {ref}, I'd rather keep that private.",
            "Hmm, scrap {ref} from your notes.",
            "I've changed my mind about sharing {ref}; please delete it.",
            "Can we pretend I never mentioned {ref}?",
            "Erase {ref}, please.",
            "You don't need to know about {ref}, please forget it.",
            "Would you mind removing {ref} from your memory?",
            "Get rid of anything you saved about {ref}.",
            "Let's keep {ref} off the record, so forget I said it.",
        ],
        "sensitive": _sensitive(),
        "noise": list(_NOISE),
        "openers": [
            ("hiya, quick one", "Hi! Fire away."),
            ("are you there?", "I'm here. What do you need?"),
            ("good evening", "Good evening! How can I help?"),
            ("ok I'm back", "Welcome back. What's next?"),
            ("got a few minutes before work", "Perfect, let's make them count."),
        ],
        "closers": [
            ("brilliant, that's all for now", "Great, see you next time."),
            ("off to bed, night", "Sleep well!"),
            ("thanks, talk tomorrow", "Talk tomorrow!"),
            ("that's sorted then, bye", "Bye for now!"),
        ],
        "connectors": [
            "By the way, ",
            "Random thought, ",
            "Oh, before I forget, ",
            "Also, ",
            "Side note: ",
            "Totally different topic, ",
        ],
        "no_connector_before": [
            "scratch",
            "not",
            "new",
            "quick",
            "correction",
            "correction:",
            "update",
            "update:",
            "heads",
            "we",
            "ended",
            "the",
            "these",
            "honestly",
            "i've",
            "i",
            "my",
            "our",
            "finished",
            "dropped",
            "cancelled",
            "swapped",
            "switched",
            "retired",
            "gave",
            "got",
            "upgraded",
            "turns",
            "browser",
            "hello",
            "hi",
            "hey",
            "morning",
            "so",
            "name's",
            "in",
            "every",
            "whatever",
            "from",
            "rehearsal",
            "choir",
            "friday",
            "currently",
            "rewatching",
            "booking",
            "everything",
            "bought",
            "on",
            "took",
            "most",
            "planning",
            "is",
            "can",
            "what",
            "how",
            "who",
            "which",
            "any",
            "does",
            "whenever",
            "if",
        ],
        "combine_connectors": ["Also ", "Oh, and ", "And ", "Plus "],
        "acks": {
            "fact": [
                "Good to know!",
                "Ah, lovely.",
                "Thanks for telling me.",
                "Okay, noted.",
                "Ooh, nice.",
                "Makes sense.",
                "Right you are.",
            ],
            "fact_echo": ["Got it: {v}.", "{v_cap}, lovely.", "Ah, {v}. Noted."],
            "update": [
                "Thanks, I've got the new version.",
                "Okay, going with that now.",
                "Noted, I'll use the updated one.",
                "Right, changed.",
            ],
            "procedural": [
                "Sure, I'll do that.",
                "Got it, will do from now on.",
                "Okay, noted for future answers.",
                "No problem.",
            ],
            "sensitive": [
                "Happy to help. Just a note: it's safer not to share details like that in a chat.",
                "Okay, here's what I'd do.",
                "Sure, let's look at it.",
                "Alright. Worth keeping that kind of thing private, by the way.",
            ],
            "remember": [
                "Okay, I'll remember that.",
                "Noted for later.",
                "Got it, saved.",
                "Sure, I've kept that.",
            ],
            "forget": [
                "Okay, it's gone.",
                "Done, forgotten.",
                "Sure, I've removed it.",
                "No problem, deleted.",
            ],
        },
        "isolation_named": [
            "Has {name} come up before?",
            "Tell me what you remember of {name}.",
            "Who is {name} again?",
            "Any notes on {name}?",
            "What did I say about {name}?",
        ],
    }
