"""Pronouns that point back at what the user named in the sentence before (reference.py), on
spaCy's parse; wordings invented for these tests."""

from __future__ import annotations

import pytest

from memstore.adapters.spacy_parser import SpacyParser
from memstore.domain.language.reference import antecedents, person, within
from tests.unit.hand_parse import parsed

PARSER = SpacyParser()


def resolved(text: str) -> list[str]:
    sentences = PARSER.parse(text)
    assert len(sentences) == 2, text
    return sorted(antecedents(sentences[1], sentences[0]).values())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Is the Moka pot hard to clean? I use it every morning.", ["the Moka pot"]),
        ("Any tips for a Garmin Edge? I ride with one on weekends.", ["a Garmin Edge"]),
        ("Does Iberia charge for seats? I fly with them twice a year.", ["Iberia"]),
        # a name with a capital inside, tagged as a common noun
        ("Does easyJet let you pick seats for free? I'm a regular with them.", ["easyJet"]),
        ("How do I tune a baritone ukulele? That's my instrument.", ["Baritone ukulele"]),
        ("Is the Observer worth it? I've read it since college.", ["the Observer"]),
        # "mine" is "my" and the thing
        ("Any tips for a shy hamster? Mine hides all day.", ["The user's shy hamster"]),
        ("Is the Brompton good in the rain? I'm taking mine to Skye.", ["the user's Brompton"]),
    ],
)
def test_a_pointing_pronoun_takes_the_named_thing_before_it(text, expected):
    assert resolved(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "The office heating broke. It is cold and I am tired today.",
        "I bought a lamp. My sister hates the colour.",
        "What a day. I love it when that happens.",
    ],
)
def test_no_reference_without_a_pointing_argument_or_a_named_thing(text):
    first, second = PARSER.parse(text)
    assert antecedents(second, first) == {}


def test_nothing_without_a_sentence_before():
    (sentence,) = PARSER.parse("I play it every evening.")
    assert antecedents(sentence, None) == {}


@pytest.mark.parametrize(
    ("text", "clause_from", "expected"),
    [
        ("I took up the cello last winter and I practise it every night.", "I practise", ["the cello"]),
        ("I bought a kayak in June and I take it out on Sundays.", "I take", ["kayak"]),
    ],
)
def test_a_pronoun_takes_the_object_of_an_earlier_clause_of_its_sentence(text, clause_from, expected):
    (sentence,) = PARSER.parse(text)
    start = len(text[: text.index(clause_from)].split())
    clause = [t for t in sentence.tokens if t.i >= start]
    assert sorted(within(sentence, clause).values()) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I have to drive Pickle to the groomer at noon, that's our poodle.", ["Pickle"]),
        ("We finally bought a Bullerjan, that's our new stove.", ["Bullerjan"]),
    ],
)
def test_an_afterthought_that_comments_on_what_its_own_sentence_named(text, expected):
    (sentence,) = PARSER.parse(text)
    assert sorted(within(sentence, list(sentence.tokens)).values()) == expected


def test_an_afterthought_never_reaches_into_the_sentence_before():
    first, second = PARSER.parse(
        "My big plan is restoring a narrowboat on the canal. I have to drive Pickle to the groomer "
        "at noon, that's our poodle."
    )
    assert antecedents(second, first) == {}


@pytest.mark.parametrize(
    "text",
    [
        # no kind is said of it, or nothing but a time was named before it
        "I lost the contract at Dunmore in May, that's why money is tight.",
        "I lost my job in March, that's a big blow.",
    ],
)
def test_a_demonstrative_after_a_comma_without_an_afterthought_points_nowhere_within(text):
    (sentence,) = PARSER.parse(text)
    assert within(sentence, list(sentence.tokens)) == {}


def test_a_clause_with_nothing_named_before_it_points_nowhere():
    (sentence,) = PARSER.parse("It rained all day and I hated it.")
    clause = [t for t in sentence.tokens if t.i >= 4]
    assert within(sentence, clause) == {}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My brother Emiliano is visiting. He's a sound engineer.", {"The user's brother Emiliano"}),
        ("My wife is great. She works as a nurse.", {"The user's wife"}),
        ("my sister is coming over, she is a pharmacist", {"The user's sister"}),
        ("My sister and my boss met yesterday. She is a lawyer.", set()),
        ("Karthik is home. He is a cardiologist.", set()),
        ("My car broke down. It is old.", set()),
    ],
)
def test_he_or_she_points_to_the_one_person_the_user_named_as_theirs(text, expected):
    sentences = PARSER.parse(text)
    last = sentences[-1]
    clause = [
        t for t in last.tokens if t.i >= next(t.i for t in last.tokens if t.lower in ("he", "she", "it"))
    ]
    found = person(last, clause, sentences[0] if len(sentences) > 1 else None)
    assert set(found.values()) == expected


def test_a_name_the_model_tags_as_an_adjective_or_hangs_on_the_verb_is_still_an_antecedent():
    after = parsed(("I", "PRON", "nsubj", 1), ("play", "VERB", "ROOT", 1), ("it", "PRON", "dobj", 1))
    adjective = parsed(
        ("Is", "AUX", "ROOT", 0),
        ("the", "DET", "det", 2),
        ("Catalan", "ADJ", "nsubj", 0),
        ("good", "ADJ", "acomp", 0),
        ("at", "ADP", "prep", 3),
        ("level", "NOUN", "pobj", 4),
    )
    compound = parsed(
        ("Which", "DET", "det", 1),
        ("gate", "NOUN", "dobj", 4),
        ("does", "AUX", "aux", 4),
        ("Loganair", "PROPN", "compound", 4),
        ("use", "VERB", "ROOT", 4),
        ("at", "ADP", "prep", 4),
        ("Glasgow", "PROPN", "pobj", 5),
    )
    assert antecedents(after, adjective) == {2: "the Catalan"}
    assert antecedents(after, compound) == {2: "Loganair"}
