"""Explicit remember/forget commands in the newest user message."""

import pytest

from memstore.domain.commands import parse_command, split_sentences


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Remember that my dentist is Dr. Halvorsen.", "my dentist is Dr. Halvorsen"),
        ("please remember my locker code is on the fridge", "my locker code is on the fridge"),
        ("Hey, remember that I take the 7:40 train, okay?", "I take the 7:40 train"),
        ("Can you remember that my sister's wedding is in Porto?", "my sister's wedding is in Porto"),
        ("Don't forget that my mum's birthday is on June 3rd.", "my mum's birthday is on June 3rd"),
        ("Oh, and keep in mind that I hate cilantro.", "I hate cilantro"),
        (
            "I'd like you to remember this: the spare key is under the blue pot.",
            "the spare key is under the blue pot",
        ),
        ("Make a note that our landlord is called Ibrahim.", "our landlord is called Ibrahim"),
        ("Thanks! Also, please remember that I'm lactose intolerant.", "I'm lactose intolerant"),
    ],
)
def test_remember_phrasings(text, content):
    cmd = parse_command(text)
    assert cmd is not None and cmd.action == "remember"
    assert cmd.content == content


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("Please forget about the Vespa.", "the Vespa"),
        ("Forget what I said about the job in Oslo, it's off.", "the job in Oslo"),
        ("Can you forget my ex? I'd rather you didn't keep that.", "my ex"),
        ("I want you to forget everything about the kitchen renovation.", "the kitchen renovation"),
        ("Please delete everything you know about my old flat.", "my old flat"),
        ("Don't remember my salary, please.", "my salary"),
        ("Remove the note about the dentist from your memory.", "the dentist"),
        ("Scrap that, forget the thing about the piano.", "the piano"),
        ("Stop remembering my gym schedule", "my gym schedule"),
    ],
)
def test_forget_phrasings(text, phrase):
    cmd = parse_command(text)
    assert cmd is not None and cmd.action == "forget"
    assert cmd.content == phrase


@pytest.mark.parametrize(
    "text",
    [
        "I forgot my keys again",
        "Do you remember what I told you yesterday?",
        "Remember when we talked about Rome?",
        "forget it",
        "Can you drop the emojis?",
        "How do I remove a wine stain?",
        "I always forget to water the plants.",
        "",
        "Can you remember things?",
    ],
)
def test_not_commands(text):
    assert parse_command(text) is None


def test_split_sentences_keeps_abbreviations():
    assert split_sentences("My dentist is Dr. Halvorsen. I like tea! Do you?") == [
        "My dentist is Dr. Halvorsen.",
        "I like tea!",
        "Do you?",
    ]
