"""The privacy guard: what never becomes a memory, whatever the extractor proposed."""

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from memstore.domain.models import Kind, StoreOptions
from memstore.domain.privacy import excluded_categories, screen
from memstore.ports.extractor import Candidate

POLICY = StoreOptions(
    user_profile_details="Capture preferences and hobbies. Do not store medications, diagnoses or health "
    "conditions, or political affiliations and voting intentions."
)
OPEN = StoreOptions(user_profile_details="Capture the user's health goals, hobbies and political interests.")


def cand(text: str, kind: Kind = Kind.USER_PROFILE) -> Candidate:
    return Candidate(kind=kind, content=text)


def kept(texts, options=POLICY):
    return [c.content for c in screen([cand(t) for t in texts], options)]


def luhn_complete(body: list[int]) -> str:
    total = 0
    for i, d in enumerate(reversed(body)):
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return "".join(map(str, body + [(10 - total % 10) % 10]))


def iban(country: str, bban: str) -> str:
    digits = "".join(str(int(ch, 36)) for ch in bban + country + "00")
    check = 98 - int(digits) % 97
    return f"{country}{check:02d}{bban}"


SENTENCES = st.sampled_from(
    [
        "My card is {} if you need it.",
        "{}",
        "Ordering now, use {} for the tickets.",
        "here it is: {} thanks",
        "The number {} is on the back.",
    ]
)


@settings(max_examples=200, deadline=None)
@given(
    body=st.lists(st.integers(0, 9), min_size=12, max_size=18),
    sep=st.sampled_from(["", " ", "-"]),
    template=SENTENCES,
)
def test_luhn_valid_cards_never_pass(body, sep, template):
    number = luhn_complete(body)
    grouped = sep.join(number[i : i + 4] for i in range(0, len(number), 4))
    assert kept([template.format(grouped)], OPEN) == []


@settings(max_examples=200, deadline=None)
@given(
    country=st.text(string.ascii_uppercase, min_size=2, max_size=2),
    bban=st.text(string.ascii_uppercase + string.digits, min_size=11, max_size=26),
    spaced=st.booleans(),
    template=SENTENCES,
)
def test_valid_ibans_never_pass(country, bban, spaced, template):
    value = iban(country, bban)
    if spaced:
        value = " ".join(value[i : i + 4] for i in range(0, len(value), 4))
    assert kept([template.format(value)], OPEN) == []


BENIGN = st.builds(
    lambda subj, verb, obj: f"{subj} {verb} {obj}.",
    st.sampled_from(["The user", "My sister", "We", "I"]),
    st.sampled_from(["really like", "often cook", "are learning", "prefer", "usually drink", "play"]),
    st.sampled_from(
        [
            "Thai food",
            "the cello",
            "Portuguese",
            "dark roast coffee",
            "chess on Sundays",
            "board games",
            "long walks by the river",
            "bouldering twice a week",
        ]
    ),
)


@settings(max_examples=150, deadline=None)
@given(texts=st.lists(BENIGN, min_size=1, max_size=5))
def test_benign_sentences_pass_unchanged(texts):
    assert kept(texts) == texts


@settings(max_examples=150, deadline=None)
@given(
    texts=st.lists(
        st.one_of(
            BENIGN,
            st.sampled_from(
                [
                    "My PIN is 4821.",
                    "I'm 34 years old.",
                    "I take sertraline daily.",
                    "The user enjoys knitting.",
                    "I live at 12 Foxglove Way.",
                    "Summary. The user turned 40. The user likes tea.",
                ]
            ),
        ),
        max_size=6,
    ),
    kind=st.sampled_from(list(Kind)),
)
def test_idempotent(texts, kind):
    once = screen([cand(t, kind) for t in texts], POLICY)
    assert screen(once, POLICY) == once


def test_secrets_of_common_shapes_are_dropped():
    assert (
        kept(
            [
                "My Stripe key is sk_live_4eC39HqLyjWDarjtT1zdp7dc",
                "Use AKIAIOSFODNN7EXAMPLE for the deploy",
                "token ghp_16C7e42F292c6912E7710c838347Ae178B4a",
                "the bot uses xoxb-123456789012-abcdefghijkl",
                "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
                "My wifi password is Pelican#2291",
                "I changed my email password to Correct-Horse-88",
                "My bank PIN code is 0451",
                "Put account 12345678, sort code 12-34-56 on the invoice",
            ],
            OPEN,
        )
        == []
    )


def test_exact_age_and_birth_date_are_dropped_even_in_third_person():
    assert (
        kept(
            [
                "I just turned 38 last week.",
                "The user is 52.",
                "I'm 29 years old.",
                "As a 45-year-old I worry.",
                "At 61 the user finally retired.",
                "I was born on 3 March 1990.",
                "My date of birth is 1990-03-03.",
            ],
            OPEN,
        )
        == []
    )
    assert kept(["I'm 5 minutes away.", "I run 10 km on Sundays."], OPEN) == [
        "I'm 5 minutes away.",
        "I run 10 km on Sundays.",
    ]


def test_street_addresses_are_dropped_but_cities_kept():
    assert (
        kept(
            [
                "We moved into 42 Marigold Terrace.",
                "My home address is Flat 3, 7 Elm Street.",
                "Send it to 221B Baker Street",
                "Postcode SW1A 1AA",
            ],
            OPEN,
        )
        == []
    )
    assert kept(["I live in Ghent.", "I walk 10 minutes down the road to work."], OPEN) == [
        "I live in Ghent.",
        "I walk 10 minutes down the road to work.",
    ]


def test_policy_categories_come_from_the_store_text():
    assert excluded_categories(POLICY.user_profile_details) == {"health", "politics"}
    assert excluded_categories(OPEN.user_profile_details) == frozenset()
    assert excluded_categories("Never keep anything about religion or sexual orientation.") == {
        "religion",
        "sexuality",
    }
    assert excluded_categories(None) == frozenset()
    sensitive = [
        "I take atorvastatin every night.",
        "I was diagnosed with endometriosis.",
        "I've voted Green Party for years.",
        "I'm a card-carrying member of the Pirate Party.",
    ]
    assert kept(sensitive, POLICY) == []
    assert kept(sensitive, OPEN) == sensitive


def test_policy_does_not_eat_ordinary_facts():
    facts = [
        "I'm planning a surprise party for Leo.",
        "I work as a paediatric nurse.",
        "My dentist is Dr. Halvorsen.",
        "I'm a physiotherapist.",
        "I love Thai food.",
    ]
    assert kept(facts, POLICY) == facts


def test_summary_loses_only_its_sensitive_sentences():
    out = screen(
        [cand("The user likes tea. The user takes metformin. The user lives in Leeds.", Kind.CHAT_SUMMARY)],
        POLICY,
    )
    assert [c.content for c in out] == ["The user likes tea. The user lives in Leeds."]
    assert screen([cand("The user takes metformin.", Kind.CHAT_SUMMARY)], POLICY) == []
