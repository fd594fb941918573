"""The parser's reuse block: one update reads each text once, and nothing is kept after it."""

import pytest

from memstore.adapters.spacy_parser import SpacyParser


def _counting(monkeypatch) -> list[str]:
    parsed: list[str] = []
    original = SpacyParser._parse_many

    def counted(self, texts):
        parsed.extend(texts)
        return original(self, texts)

    monkeypatch.setattr(SpacyParser, "_parse_many", counted)
    return parsed


def test_inside_a_block_a_text_is_parsed_once_and_gives_the_same_sentences(monkeypatch):
    parser = SpacyParser()
    parsed = _counting(monkeypatch)
    alone = parser.parse("I moved to Lisbon. My sister still lives in Porto.")
    parsed.clear()
    with parser.reusing():
        first = parser.parse_many(["I moved to Lisbon. My sister still lives in Porto.", "Nice!"])
        again = parser.parse_many(["Nice!", "I moved to Lisbon. My sister still lives in Porto."])
        with parser.reusing():
            nested = parser.parse("Nice!")
    assert parsed == ["I moved to Lisbon. My sister still lives in Porto.", "Nice!"]
    assert first[0] == again[1] == alone
    assert nested == first[1] == again[0]


def test_after_the_block_nothing_is_kept_and_every_parse_runs(monkeypatch):
    parser = SpacyParser()
    parsed = _counting(monkeypatch)
    with parser.reusing():
        parser.parse("My PIN is private.")
    assert parser._local.memo is None
    parser.parse("My PIN is private.")
    parser.parse("My PIN is private.")
    assert parsed == ["My PIN is private."] * 3


def test_a_caller_changing_its_list_does_not_change_the_kept_parse():
    parser = SpacyParser()
    with parser.reusing():
        first = parser.parse("I like tea. I hate coffee.")
        first.clear()
        assert len(parser.parse("I like tea. I hate coffee.")) == 2


def test_the_block_ends_even_when_the_work_inside_fails():
    parser = SpacyParser()
    try:
        with parser.reusing():
            parser.parse("I like tea.")
            raise RuntimeError("extraction failed")
    except RuntimeError:
        pass
    assert parser._local.memo is None


def test_a_consolidation_parses_each_text_once_and_keeps_no_parse_after_it(monkeypatch):
    from memstore.domain.access import Caller
    from memstore.domain.updates import UpdateMemoriesRequest, UpdateStatus
    from tests.doubles import memory_container

    c, scheduler = memory_container()
    items = [
        {"role": "user", "content": "I moved from Paris to Berlin last month for a new job."},
        {"role": "assistant", "content": "Congratulations on the move!"},
        {"role": "user", "content": "I prefer dark roast coffee. I drink green tea at night."},
    ]
    update_id = c.updates.submit(
        "s", UpdateMemoriesRequest(scope="alice", items=items, update_delay=0), Caller()
    )["update_id"]
    parsed = _counting(monkeypatch)
    assert c.consolidation.run(scheduler.jobs[-1])["status"] == "done"
    assert parsed, "the rules extractor parsed the messages"
    assert len(parsed) == len(set(parsed)), "a text was parsed twice in one consolidation"
    assert c.parser._local.memo is None
    assert c.updates.get("s", update_id, Caller()).status == UpdateStatus.COMPLETED


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        (
            "Sold the Hilux 🚙 got a Ford Ranger 🔥",
            ["Sold the Hilux.", "got a Ford Ranger"],
        ),
        (
            "wait no sorry, SQ6 🤦🏾\u200d♀️ they upgraded the desk",
            ["wait no sorry, SQ6.", "they upgraded the desk"],
        ),
        ("It is 25°C ☀️.", ["It is 25°C."]),
        ("thanks! 🙏🏾", ["thanks!"]),
    ],
)
def test_an_emoji_between_words_ends_a_sentence_and_elsewhere_is_left_out(text, sentences):
    """The parser would take an emoji for a noun ("🚙/dobj") and join two clauses into one."""
    assert [s.text for s in SpacyParser().parse(text)] == sentences


@pytest.mark.parametrize(
    ("text", "lemma"),
    [("Got a Pentax for my birthday.", "get"), ("Took the train to Leeds.", "take")],
)
def test_an_irregular_past_that_opens_a_sentence_is_no_imperative(text, lemma):
    first = SpacyParser().parse(text)[0].tokens[0]
    assert (first.tag, first.lemma) == ("VBD", lemma)


@pytest.mark.parametrize("text", ["Wind the clock back an hour.", "Get me a coffee."])
def test_an_imperative_stays_one(text):
    assert SpacyParser().parse(text)[0].tokens[0].tag == "VB"


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("Scratch what I said about the trip.", "Scratch"),
        ("bin the stuff about my ex", "bin"),
        ("Reply to the email in French.", "Reply"),
    ],
)
def test_an_imperative_read_as_a_noun_is_parsed_again_as_a_verb_without_the_word_added(text, verb):
    (sentence,) = SpacyParser().parse(text)
    first = sentence.tokens[0]
    assert (first.text, first.pos, first.dep) == (verb, "VERB", "ROOT")
    assert sentence.text == text
    assert [t.i for t in sentence.tokens] == list(range(len(sentence.tokens)))
    assert all(0 <= t.head < len(sentence.tokens) for t in sentence.tokens)


@pytest.mark.parametrize(
    "text", ["Referee in the Mestis league at weekends.", "Work is busy.", "Dinner was great."]
)
def test_a_noun_that_could_be_a_verb_stays_a_noun(text):
    assert SpacyParser().parse(text)[0].tokens[0].pos == "NOUN"
