"""The privacy guard: what never becomes a memory, whatever the extractor proposed."""

import string

import pytest
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


# --------------------------------------------------------------------------- government ids


def test_government_ids_are_always_dropped():
    ids = [
        "My social security number is 219 09 9999.",
        "Here's my SSN: 078-05-1120 for the form.",
        "412-67-3318 - anyway, back to the recipe.",
        "My NI number is QQ123456C.",
        "Payroll wants my national insurance number, which is AB 12 34 56 C.",
        "HR chased me for my NI number (JT 40 18 77 B) again.",
        "passport # 533380006, expires next year",
        "The consulate wants my passport no. - it's K72019384.",
        "My driving licence number is MORGA753116SM9IJ.",
        "driver's license D1234-56789-01234 for the rental",
        "My tax ID is 12-3456789.",
        "UTR 1234567890 for the accountant",
    ]
    assert kept(ids, OPEN) == []


SSN_TEMPLATES = st.sampled_from(["{}", "ssn {}", "{} - then I went to the gym.", "Mine is {} fyi."])


@settings(max_examples=150, deadline=None)
@given(
    area=st.integers(1, 899).filter(lambda n: n != 666),
    group=st.integers(1, 99),
    serial=st.integers(1, 9999),
    sep=st.sampled_from(["-", " "]),
    template=SSN_TEMPLATES,
)
def test_ssn_shaped_values_never_pass(area, group, serial, sep, template):
    value = f"{area:03d}{sep}{group:02d}{sep}{serial:04d}"
    assert kept([template.format(value)], OPEN) == []


@settings(max_examples=150, deadline=None)
@given(
    prefix=st.sampled_from(["AB", "CE", "JH", "PR", "SE", "WL", "YH", "KL"]),
    digits=st.text("0123456789", min_size=6, max_size=6),
    suffix=st.sampled_from("ABCD"),
    spaced=st.booleans(),
)
def test_uk_national_insurance_numbers_never_pass(prefix, digits, suffix, spaced):
    value = (
        f"{prefix} {digits[:2]} {digits[2:4]} {digits[4:]} {suffix}"
        if spaced
        else f"{prefix}{digits}{suffix}"
    )
    assert kept([f"They asked for {value} again, ugh."], OPEN) == []


# --------------------------------------------------------------------------- credentials without the word


def test_passwords_pins_and_security_answers_without_the_word_password():
    secrets = [
        "I use Velvet.Moss.1988! for pretty much every login.",
        "can u keep my spotify pw somewhere: Tide.Lark.2011!",
        "Plum7#quarry22 is what I type for everything.",
        "my pwd for the router is catfish77",
        "I reuse Bramble-2017 across all my accounts.",
        "Sign in with Tr0ub4dor&3 on the work laptop.",
        "The gym locker PIN is 2750.",
        "the alarm code is 8841#",
        "My mother's maiden name is Featherstonehaugh.",
        "My memorable word is kingfisher.",
    ]
    assert kept(secrets, OPEN) == []


@settings(max_examples=200, deadline=None)
@given(
    word=st.text(string.ascii_lowercase, min_size=3, max_size=7),
    symbol=st.sampled_from("#%&!$*@^+=."),
    digits=st.integers(0, 99999),
    template=st.sampled_from(["{}", "it's {} for basically everything", "Use {} tomorrow", "pw {}"]),
)
def test_mixed_class_tokens_never_pass(word, symbol, digits, template):
    token = f"{word.capitalize()}{symbol}{word}{digits}"
    assert kept([template.format(token)], OPEN) == []


def test_benign_numbers_and_names_pass():
    benign = [
        "I run 5k in 24:30 most weekends.",
        "We're on flight BA 117 on Friday.",
        "I'm staying in room 204.",
        "I upgraded to Python 3.12.1 yesterday.",
        "The concert is on 2025-06-14.",
        "My 2 kids love Lego.",
        "I renewed my passport last month.",
        "I learned to code in 2019.",
        "The secret is to add more salt.",
        "I collect subway tokens from different cities.",
        "My phone is an iPhone 15 Pro.",
        "I'm reading Catch-22 again.",
        "The meeting is at 10:30am in Building 7.",
        "My brother Christian lives in Oslo.",
        "My office is on Church Street.",
        "The movie came out last year.",
        "My mum's birthday is June 3rd.",
        "I use the same laptop for everything.",
        "My order number is 10045 for the sofa.",
        "I'm an occupational therapist.",
    ]
    assert kept(benign, OPEN) == benign


def test_birth_dates_and_age_questions_are_dropped():
    assert (
        kept(
            [
                "My birthday is 4 July 1988.",
                "my birthday is 21 March 1969 - what day was that?",
                "As someone who's 51, should I switch careers?",
                "Is 37 too old to learn the violin?",
            ],
            OPEN,
        )
        == []
    )


# --------------------------------------------------------------------------- policy categories

STRICT = StoreOptions(
    user_profile_details="Capture tastes and routines. Never record religious beliefs, sexual orientation, "
    "finances, ethnicity, immigration status or criminal history."
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Never record religious beliefs or anything about the user's sex life.", {"religion", "sex_life"}),
        ("Do not keep health or immigration details.", {"health", "immigration"}),
        ("Avoid storing salary, debts or other financial details.", {"finances"}),
        ("Exclude political views and ethnicity.", {"politics", "ethnicity"}),
        (
            "The following must not be stored: religion, sexual orientation, criminal history.",
            {"religion", "sexuality", "criminal"},
        ),
        ("Religious beliefs and sexual orientation must not be stored.", {"religion", "sexuality"}),
        ("Capture hobbies and family. No health stuff please.", {"health"}),
        ("Remember travel plans; anything about money is off-limits.", {"finances"}),
        (
            "Store preferences. Leave out criminal records and immigration status.",
            {"criminal", "immigration"},
        ),
        ("Keep notes on work and diet, but never on politics or faith.", {"politics", "religion"}),
        ("Capture the user's political beliefs and work. Never store medical details.", {"health"}),
        ("Capture health goals, hobbies and political interests.", set()),
    ],
)
def test_policy_parser_reads_many_phrasings(text, expected):
    assert excluded_categories(text) == expected


def test_excluded_categories_are_dropped_only_when_excluded():
    sensitive = [
        "I became Zoroastrian a couple of years ago.",
        "We go to the gurdwara every Sunday.",
        "I converted to Catholicism at university.",
        "Our family is Jain.",
        "I'm bi and my family doesn't know yet.",
        "I came out as gay to my parents last year.",
        "I'm still paying off a £12,000 car loan.",
        "My credit score tanked after the divorce.",
        "My salary is about 48k.",
        "I'm mixed race - half Ghanaian.",
        "My work visa runs out in October.",
        "I was arrested for drink-driving in 2015.",
    ]
    assert kept(sensitive, STRICT) == []
    assert kept(sensitive, OPEN) == sensitive
    ordinary = [
        "We visited the temples in Kyoto on our honeymoon.",
        "I'm saving up for a trip to Japan.",
        "I ran a race in Berlin.",
        "My brother Christian lives in Oslo.",
        "I order Tunisian food most Fridays.",
    ]
    assert kept(ordinary, STRICT) == ordinary


# --------------------------------------------------------------------------- split fragments


def test_a_value_split_from_its_context_is_still_dropped():
    summary = cand(
        "The user likes tea. The visa form wants the user's passport no. It's K72019384. The user lives in Leeds.",
        Kind.CHAT_SUMMARY,
    )
    fragment = cand("K72019384 - the user spent Sunday painting the spare room.")
    out = screen([summary, fragment], OPEN)
    assert [c.content for c in out] == ["The user likes tea. The user lives in Leeds."]
    assert kept(["131-50-7506 - Spent all of Sunday helping my nephew paint the spare room."], OPEN) == []


# --------------------------------------------------------------------------- people a policy names

FAMILY_POLICY = StoreOptions(
    user_profile_details="Capture the user's hobbies, routines and tastes. Do not store anything about their "
    "medical history, their kids' names or nurseries, or the company they work for's name, nor their "
    "employer's name."
)
PEOPLE_POLICY = StoreOptions(
    user_profile_details="Keep interests, routines and preferences. Never record where they bank, their religion, "
    "their partner's job or anything about their gambling."
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Keep the user's interests, routines and preferences. Never keep anything about their health, "
            "their children's names or schools, or their employer's name.",
            {"health", "about:children:name", "about:children:school", "about:employer:name"},
        ),
        ("Do not record the names of their kids.", {"about:children:name"}),
        ("Never store their partner's job or where they bank.", {"about:partner:job", "about:self:bank"}),
        ("Avoid keeping their siblings' ages.", {"about:siblings:age"}),
        ("Never keep anything about where they work.", {"about:employer:*"}),
        ("Do not store their pets' names or their religion.", {"about:pets:name", "religion"}),
        ("Never keep anything about their gambling.", {"topic:gambl"}),
        ("Keep their interests, routines and preferences, and their children's hobbies.", set()),
        ("Store preferences, no matter how small.", set()),
    ],
)
def test_policy_items_about_people_become_subject_attribute_pairs(text, expected):
    assert excluded_categories(text) == expected


def test_children_names_are_dropped_but_other_facts_about_children_pass():
    leaks = [
        "Our eldest, Wilhelmina, starts violin next week.",
        "Bartholomew, my son, has a cold again.",
        "We're taking my toddler Juniper to the zoo.",
        "I have a daughter called Ffion who loves trains.",
        "My kids' names are Oisin and Maeve.",
        "The user's youngest Tobias won the spelling bee.",
    ]
    assert kept(leaks, FAMILY_POLICY) == []
    fine = [
        "My daughter loves painting.",
        "My son and I watched Frozen on Sunday.",
        "Our kids prefer pasta to rice.",
        "My brother Ignatius lives in Cork.",
        "My dog Biscuit hates the hoover.",
    ]
    assert kept(fine, FAMILY_POLICY) == fine


def test_children_schools_are_dropped_with_or_without_the_child_named():
    leaks = [
        "My twins just started at Foxhollow Primary.",
        "Please write an absence note to Larkspur Academy for my son.",
        "Pick-up from Bramblewick Infants is at 3:15.",
        "The little one goes to Rosebay Nursery now.",
        "Got a newsletter from St Anselm's School about the trip.",
    ]
    assert kept(leaks, FAMILY_POLICY) == []
    fine = [
        "I studied history at Kelvingrove College.",
        "My daughter hates school on Mondays.",
        "I teach pottery at Willowmere Academy.",
    ]
    assert kept(fine, FAMILY_POLICY) == fine


def test_the_users_employer_is_dropped_but_not_other_peoples_or_working_from_home():
    leaks = [
        "I work for Pemberton & Hale, and the hours are long.",
        "The user works at Saltmarsh Analytics.",
        "My company, Ironvale Robotics, is moving offices.",
        "I've been at Cinderford Freight for six years.",
        "Email HR at Brightlake Media about my leave.",
        "Gantry Health just announced more layoffs.",
        "I'm employed by Quayside Partners.",
    ]
    assert kept(leaks, FAMILY_POLICY) == []
    fine = [
        "I work at home on Fridays.",
        "I work from home most days.",
        "My mechanic works at Hollis Motors.",
        "My sister works for Verdant Labs.",
        "I started Duolingo last month.",
        "I'm a regular at Caffè Nero.",
    ]
    assert kept(fine, FAMILY_POLICY) == fine


def test_other_people_and_self_attributes_follow_the_policy():
    leaks = [
        "My wife is a paramedic.",
        "My husband works as a welder.",
        "I bank with Tandem Mutual.",
        "My bank is Northgate Savings.",
        "We go to the gurdwara every Sunday.",
        "I put fifty quid on the horses, gambling is my vice.",
    ]
    assert kept(leaks, PEOPLE_POLICY) == []
    fine = [
        "My wife loves sea swimming.",
        "I walked past the river bank this morning.",
        "I work as a florist.",
    ]
    assert kept(fine, PEOPLE_POLICY) == fine
    assert kept(leaks[:4], OPEN) == leaks[:4]


def test_keep_part_of_a_policy_never_excludes():
    keep_only = StoreOptions(
        user_profile_details="Keep the user's interests, routines and preferences, their children's names, "
        "schools and hobbies, and their employer."
    )
    assert excluded_categories(keep_only.user_profile_details) == frozenset()
    facts = ["My son Arlo loves Lego.", "I work at Kitebridge Consulting.", "My morning routine is a 5k run."]
    assert kept(facts, keep_only) == facts


def test_summaries_lose_only_the_sentences_about_excluded_people():
    summary = cand(
        "The user enjoys bouldering. The user's son Matteo starts at Hillbrook Primary in September. "
        "The user works at Oakhurst Logistics. The user prefers oat milk.",
        Kind.CHAT_SUMMARY,
    )
    out = screen([summary], FAMILY_POLICY)
    assert [c.content for c in out] == ["The user enjoys bouldering. The user prefers oat milk."]


# --------------------------------------------------------------------------- always-on shapes


def test_birth_dates_and_ages_in_words_are_dropped():
    leaks = [
        "I'm a 1988 baby, the 12th of October to be exact.",
        "Born in '91 on the 2nd of March.",
        "The user was born back in 1979.",
        "My birthday's the 14th of February.",
        "I'm fifty-three and learning to surf.",
        "Being thirty-one and still flat-sharing is rough.",
        "At sixty-two my back isn't what it was.",
        "I'll be 47 next week.",
        "Turning forty this year, help me plan a party.",
    ]
    assert kept(leaks, OPEN) == []
    fine = [
        "My mum's birthday is on June 3rd.",
        "We moved here in 2019.",
        "I'll be 10 minutes late.",
        "I'm twenty minutes away.",
        "Let's meet at twenty past six.",
        "The 1995 vintage was excellent.",
    ]
    assert kept(fine, OPEN) == fine


def test_national_ids_with_their_name_are_dropped():
    leaks = [
        "My TFN is 412 655 079.",
        "Here's my tax file number for the form: 318 204 577.",
        "My SIN is 046 454 286.",
        "Aadhaar: 4921 7730 1846",
        "My PPS number is 7812345TW.",
    ]
    assert kept(leaks, OPEN) == []
    assert kept(["My favourite number is 7.", "The 412 bus goes to town."], OPEN) == [
        "My favourite number is 7.",
        "The 412 bus goes to town.",
    ]


def test_addresses_with_less_common_street_types_are_dropped():
    assert kept(["Send it to 42 Wattle Parade.", "Deliver to house no. 9, please."], OPEN) == []


def test_where_a_secret_is_kept_is_not_the_secret():
    facts = ["The gate code for the allotments is on a sticker under the bench."]
    assert kept(facts, OPEN) == facts
    assert kept(["The gate code for the allotments is 4471."], OPEN) == []


# --------------------------------------------------------------------------- health, broadly


def test_conditions_injuries_and_treatments_are_health():
    leaks = [
        "I've had a slipped disc since March.",
        "My GP reckons it's long covid.",
        "I tore my meniscus playing five-a-side.",
        "My shoulder surgery is on Friday.",
        "I've got physio sessions twice a week.",
        "Because of tinnitus I avoid gigs.",
        "I get panic attacks on the Tube.",
        "I'm seeing a rheumatologist about my hands.",
    ]
    assert kept(leaks, POLICY) == []
    assert kept(leaks, OPEN) == leaks
    fine = [
        "Disc golf is my weekend thing.",
        "My knee hated netball, so I switched to padel.",
        "I'm a physiotherapist.",
        "I work as an occupational therapist.",
        "I broke the club record for the 5k.",
        "The hospital cafe does great scones.",
    ]
    assert kept(fine, POLICY) == fine


def test_unknown_policy_items_screen_by_their_own_words():
    policy = StoreOptions(
        user_profile_details="Keep hobbies. Never keep anything about their gambling, their car or their home town, "
        "and do not store anything the user says about other people."
    )
    assert excluded_categories(policy.user_profile_details) == {"topic:gambl", "topic:car", "topic:home town"}
    leaks = ["I gamble on the horses most Saturdays.", "My cars are both red.", "My hometown is Ballarat."]
    assert kept(leaks, policy) == []
    fine = ["I carry a sketchbook everywhere.", "I love homemade bread.", "I play chess on Thursdays."]
    assert kept(fine, policy) == fine
