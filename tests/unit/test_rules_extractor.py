"""The rules extractor on phrasings written for these tests (not the benchmark's)."""

import pytest

from memstore.adapters.rules_extractor import RulesExtractor
from memstore.domain.merge import consolidate
from memstore.domain.models import Kind, MemoryItem, StoreOptions
from memstore.domain.privacy import screen
from memstore.ports.extractor import Extraction, Message

OPTS = StoreOptions(
    procedural_memory_enabled=True, user_profile_details="Do not store medications or health conditions."
)


def run(*texts, role="user", existing=(), options=OPTS) -> Extraction:
    msgs = [Message(id=f"m{i}", role=role, content=t) for i, t in enumerate(texts)]
    return RulesExtractor().extract(msgs, [], list(existing), options)


def facts(ex: Extraction, kind=Kind.USER_PROFILE):
    return [c for c in ex.memories if c.kind == kind]


def lower(s: str) -> str:
    return s.lower()


@pytest.mark.parametrize(
    ("text", "must_contain", "topic"),
    [
        ("I've been a dental hygienist for six years.", ["dental hygienist"], "job"),
        ("My go-to drink is a flat white with oat milk.", ["flat white"], "drink:hot"),
        ("I mostly listen to jazz while I cook.", ["jazz"], None),
        ("We've got two cats, Miso and Tofu.", ["Miso", "Tofu"], None),
        ("I do most of my writing in Obsidian.", ["Obsidian"], None),
        ("My partner Ruth teaches yoga.", ["Ruth", "yoga"], None),
        ("Nowadays I'm based in Rotterdam.", ["Rotterdam"], "home city"),
        ("Hiya, Marguerite here!", ["Marguerite"], "name"),
        ("For context, I'm a tram driver in Zurich.", ["tram driver"], "job"),
        ("My daughter Ines plays football on Saturdays.", ["Ines", "football"], None),
        ("Lately I've been obsessed with Korean cooking.", ["Korean"], "food:cuisine"),
        ("I'm practising Welsh with a tutor twice a week.", ["Welsh"], "language learning"),
    ],
)
def test_first_person_facts_keep_their_values(text, must_contain, topic):
    got = facts(run(text))
    assert len(got) == 1, got
    for token in must_contain:
        assert token in got[0].content
    assert got[0].topic == topic
    assert "I " not in got[0].content and " my " not in f" {got[0].content} "


@pytest.mark.parametrize(
    "text",
    [
        "What's the tallest mountain in Africa?",
        "My friend thinks pineapple belongs on pizza.",
        "If I won the lottery I'd buy a boat.",
        "thanks so much!",
        "Could you explain how a heat pump works?",
        "lol fair enough",
        "I'm not sure, let me think.",
        "Write me a haiku about autumn.",
    ],
)
def test_no_memory_from_chit_chat_questions_and_others(text):
    assert run(text).memories == []


def test_assistant_text_is_never_a_source():
    assert run("You mentioned you live in Lisbon and love Thai food.", role="assistant").memories == []


def test_two_facts_in_one_message_become_two_candidates():
    got = facts(
        run("I'm training for a half marathon in October. I also play the cello in an amateur orchestra.")
    )
    assert [("marathon" in c.content, "cello" in c.content) for c in got] == [(True, False), (False, True)]
    got = facts(run("I live in Ghent, and I work as a sound engineer."))
    assert {c.topic for c in got} == {"home city", "job"}


@pytest.mark.parametrize(
    ("old", "update", "new_token", "old_token"),
    [
        (
            "I drink Earl Grey every morning.",
            "I stopped drinking Earl Grey. Rooibos all the way now.",
            "Rooibos",
            "Earl Grey",
        ),
        ("I'm vegetarian.", "I'm not vegetarian anymore, I eat fish now.", "fish", "vegetarian"),
        ("My editor is Vim.", "I stopped using Vim; Helix is my editor now.", "Helix", "Vim"),
        ("I live in Porto.", "I've moved from Porto to Ghent.", "Ghent", "Porto"),
        (
            "I'm learning Italian.",
            "I gave up on Italian and I'm learning Korean instead.",
            "Korean",
            "Italian",
        ),
        (
            "Weekends are for climbing.",
            "Rowing has replaced climbing as my weekend thing.",
            "Rowing",
            "climbing",
        ),
    ],
)
def test_updates_replace_the_old_memory(old, update, new_token, old_token):
    store: list[MemoryItem] = []
    for n, text in enumerate([old, update]):
        ex = run(text, existing=store)
        ex = ex.model_copy(update={"memories": screen(ex.memories, OPTS)})
        for op in consolidate(store, ex):
            if op.action == "create":
                store.append(
                    MemoryItem(
                        memory_id=f"x{n}{len(store)}",
                        store="s",
                        scope="u",
                        kind=op.candidate.kind,
                        content=op.candidate.content,
                        created_at=n,
                        updated_at=n,
                    )
                )
            elif op.action == "update":
                store = [
                    m.model_copy(update={"content": op.candidate.content})
                    if m.memory_id == op.memory_id
                    else m
                    for m in store
                ]
    profile = [m.content for m in store if m.kind == Kind.USER_PROFILE]
    assert any(new_token in c for c in profile), profile
    assert not any(old_token in c for c in profile), profile


def test_update_candidates_are_flagged():
    got = facts(run("These days I take the train to work instead of driving."))
    assert got and "driving" not in got[0].content and "train" in got[0].content


@pytest.mark.parametrize(
    ("text", "token", "topic"),
    [
        ("Could you please answer in Spanish from now on?", "Spanish", "procedural:reply language"),
        ("Please call me Sam from now on.", "Sam", "procedural:address"),
        ("Avoid jargon when you explain things to me.", "jargon", "procedural:tone"),
        ("I prefer answers with code samples in Rust.", "Rust", "procedural:code language"),
        (
            "Going forward, no exclamation marks and keep replies under five sentences.",
            "sentences",
            "procedural:length",
        ),
        ("Always give temperatures in Fahrenheit for me.", "Fahrenheit", "procedural:units"),
    ],
)
def test_procedural_instructions(text, token, topic):
    got = facts(run(text), Kind.PROCEDURAL)
    assert len(got) == 1 and token in got[0].content and got[0].topic == topic


def test_procedural_needs_the_store_option():
    assert facts(run("Please always use bullet points."), Kind.PROCEDURAL)
    assert not run("Please always use bullet points.", options=StoreOptions()).memories


def test_commands_inside_extraction():
    ex = run("Don't forget that my anniversary is on the 14th of May.")
    assert [c.content for c in ex.memories] == ["The user's anniversary is on the 14th of May."]
    assert ex.memories[0].importance > 0.8
    ex = run("I'm saving for a Ducati.", "Please forget about the Ducati.")
    assert ex.forget == ["the Ducati"]
    assert not any("Ducati" in c.content for c in ex.memories)


def test_sensitive_parts_are_not_extracted():
    ex = run(
        "My password is hunter2 and my PIN is 4821.",
        "I'm 41 and I work as a carpenter.",
        "I take lisinopril every morning.",
    )
    contents = " ".join(c.content for c in ex.memories)
    assert "hunter2" not in contents and "4821" not in contents and "41" not in contents
    assert "lisinopril" not in contents and "carpenter" in contents


def test_summary_is_built_from_facts_only():
    ex = run(
        "hey",
        "I live in Ghent.",
        "Why is the sky blue?",
        "I work as a sound engineer.",
        "My wifi password is Kettle#4410.",
    )
    summaries = facts(ex, Kind.CHAT_SUMMARY)
    assert len(summaries) == 1
    assert "Ghent" in summaries[0].content and "sound engineer" in summaries[0].content
    assert "sky" not in summaries[0].content and "Kettle" not in summaries[0].content
    assert not facts(run("I live in Ghent.", "thanks!"), Kind.CHAT_SUMMARY)
    assert not facts(
        run("I live in Ghent.", "I like tea.", options=StoreOptions(chat_summary_enabled=False)),
        Kind.CHAT_SUMMARY,
    )


def test_deterministic():
    texts = [
        "I'm a welder in Bilbao.",
        "Also, I'm learning Basque on Tuesdays.",
        "Keep answers brief please.",
    ]
    assert run(*texts) == run(*texts)
