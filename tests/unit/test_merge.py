"""The consolidation policy: reinforce, update, create, forget."""

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memstore.domain.extraction import Candidate, Extraction
from memstore.domain.merge import (
    DUPLICATE_THRESHOLD,
    Operation,
    consolidate,
    lexical_similarity,
    replaced_in,
    what_holds_now,
)
from memstore.domain.models import Kind, MemoryItem


class Item(MemoryItem):
    topic: str | None = None


def item(mid, content, kind=Kind.USER_PROFILE, topic=None, t=1):
    return Item(
        memory_id=mid,
        store="s",
        scope="u",
        kind=kind,
        content=content,
        created_at=t,
        updated_at=t,
        topic=topic,
    )


def cand(content, kind=Kind.USER_PROFILE, **kw):
    return Candidate(kind=kind, content=content, **kw)


_IDS = itertools.count()


def apply(existing, ops):
    """What the caller does with the operations (ids for creates are synthetic)."""
    out = {m.memory_id: m for m in existing}
    for op in ops:
        if op.action == "create":
            c = op.candidate
            new_id = f"n{next(_IDS)}"
            out[new_id] = item(new_id, c.content, c.kind, c.topic)
        elif op.action == "update":
            old = out[op.memory_id]
            out[op.memory_id] = old.model_copy(
                update={"content": op.candidate.content, "topic": op.candidate.topic or old.topic}
            )
        elif op.action == "delete":
            del out[op.memory_id]
    return list(out.values())


def test_repeated_fact_reinforces_without_copy():
    existing = [item("m1", "The user works as a data engineer.", topic="job")]
    ops = consolidate(
        existing, Extraction(memories=[cand("The user works as a data engineer.", topic="job")])
    )
    assert [(o.action, o.memory_id) for o in ops] == [("reinforce", "m1")]


def test_a_single_valued_topic_takes_the_new_value():
    existing = [item("m1", "The user lives in Leeds.", topic="residence")]
    ops = consolidate(
        existing,
        Extraction(
            memories=[cand("The user lives in York now.", topic="residence", exclusive=True, is_update=True)]
        ),
    )
    assert [(o.action, o.memory_id, o.candidate.content) for o in ops] == [
        ("update", "m1", "The user lives in York now.")
    ]


def test_a_topic_that_holds_many_values_keeps_them():
    existing = [item("m1", "The user plays chess.", topic="hobbies")]
    ops = consolidate(existing, Extraction(memories=[cand("The user restores old radios.", topic="hobbies")]))
    assert [o.action for o in ops] == ["create"]


def test_replaces_is_honoured_even_without_topic():
    existing = [item("m1", "Weekends are for pottery."), item("m2", "The user lives in Leeds.")]
    ops = consolidate(
        existing,
        Extraction(memories=[cand("Chess has taken over the weekends.", replaces=["m1"], is_update=True)]),
    )
    assert [(o.action, o.memory_id) for o in ops] == [("update", "m1")]


def test_a_named_replacement_that_differs_only_by_its_value_rewrites_the_memory():
    existing = [item("m1", "The user plays at the trad session on Thursdays.")]
    new = "The user plays at the trad session on Tuesdays."
    near = lambda a, b: 0.97  # noqa: E731 - what an embedder gives two texts one word apart
    ops = consolidate(existing, Extraction(memories=[cand(new, replaces=["m1"], is_update=True)]), near)
    assert [(o.action, o.memory_id, o.candidate.content) for o in ops] == [("update", "m1", new)]
    same = consolidate(existing, Extraction(memories=[cand(existing[0].content, replaces=["m1"])]), near)
    assert [(o.action, o.memory_id) for o in same] == [("reinforce", "m1")]


def test_a_replacement_keeps_the_slot_of_the_memory_it_replaces():
    # the change was matched to the memory it replaces; its own facet guess is the weaker one
    existing = [item("m1", "The user's big hobby is birdwatching.", topic="hobbies")]
    new = cand("The user switched to geocaching.", topic="travel", replaces=["m1"], is_update=True)
    ops = consolidate(existing, Extraction(memories=[new]))
    assert [(o.action, o.memory_id, o.candidate.topic) for o in ops] == [("update", "m1", "hobbies")]
    untopiced = [item("m1", "The user's big hobby is birdwatching.")]
    ops = consolidate(untopiced, Extraction(memories=[new]))
    assert [(o.action, o.candidate.topic) for o in ops] == [("update", "travel")]


def test_unrelated_fact_is_created():
    existing = [item("m1", "The user lives in Leeds.", topic="home city")]
    ops = consolidate(existing, Extraction(memories=[cand("The user plays the cello.")]))
    assert [o.action for o in ops] == ["create"]


def test_update_scrubs_stale_value_from_summaries():
    existing = [
        item("m1", "The user is learning Norwegian.", topic="language learning"),
        item("s1", "The user is learning Norwegian. The user lives in Leeds.", Kind.CHAT_SUMMARY),
        item("s2", "The user is learning Norwegian.", Kind.CHAT_SUMMARY),
    ]
    ops = consolidate(
        existing,
        Extraction(
            memories=[cand("The user is learning Polish now.", topic="language learning", is_update=True)]
        ),
    )
    after = {m.memory_id: m.content for m in apply(existing, ops)}
    assert after == {"m1": "The user is learning Polish now.", "s1": "The user lives in Leeds."}


def test_summaries_are_never_the_target_of_a_fact_update():
    existing = [item("s1", "The user drinks dark roast.", Kind.CHAT_SUMMARY)]
    ops = consolidate(
        existing,
        Extraction(memories=[cand("The user drinks cold brew now.", is_update=True, replaces=["s1"])]),
    )
    assert all(o.memory_id != "s1" or o.action == "delete" for o in ops)
    assert any(o.action == "create" for o in ops)


def test_forget_deletes_facts_and_rewrites_summaries():
    existing = [
        item("m1", "The user is saving up for a vintage Vespa."),
        item("m2", "The user lives in Leeds."),
        item("p1", "Never mention vespas.", Kind.PROCEDURAL),
        item("s1", "The user lives in Leeds. The user is saving up for a Vespa.", Kind.CHAT_SUMMARY),
    ]
    ops = consolidate(existing, Extraction(forget=["the VESPA"]))
    after = {m.memory_id: m.content for m in apply(existing, ops)}
    assert after == {"m2": "The user lives in Leeds.", "s1": "The user lives in Leeds."}


def test_forget_without_an_embedder_matches_by_distinctive_words():
    existing = [item("a", "Marathon training twice a week."), item("b", "Likes tea.")]
    ops = consolidate(existing, Extraction(forget=["the marathon"]))
    assert [(o.action, o.memory_id) for o in ops] == [("delete", "a")]
    assert consolidate(existing, Extraction(forget=["my accordion"])) == []


def test_a_candidate_naming_a_forgotten_thing_is_not_stored():
    ops = consolidate(
        [],
        Extraction(
            memories=[cand("The user is training for a marathon."), cand("The user likes tea.")],
            forget=["the marathon"],
        ),
    )
    assert [o.candidate.content for o in ops if o.action == "create"] == ["The user likes tea."]


def test_a_tentative_forget_deletes_the_facts_it_names_and_never_an_instruction():
    existing = [
        item("m1", "The user is saving up for a vintage Vespa."),
        item("p1", "Never mention vespas.", Kind.PROCEDURAL),
    ]
    ops = consolidate(existing, Extraction(forget_facts=["the VESPA"]))
    assert [(o.action, o.memory_id) for o in ops] == [("delete", "m1")]


def test_a_tentative_forget_that_names_a_fact_takes_the_request_read_as_an_instruction_with_it():
    ops = consolidate(
        [],
        Extraction(
            memories=[
                cand("The user is toying with buying a canal boat."),
                cand("Delete the bit about the canal boat idea.", Kind.PROCEDURAL),
                cand("The user likes tea."),
            ],
            forget_facts=["the bit about the canal boat idea"],
        ),
    )
    assert [o.candidate.content for o in ops if o.action == "create"] == ["The user likes tea."]


def test_duplicates_within_one_extraction_collapse():
    ops = consolidate(
        [],
        Extraction(
            memories=[
                cand("The user lives in Ghent.", topic="home city"),
                cand("The user lives in Ghent.", topic="home city", message_ids=["x"]),
                cand("The user works as a baker."),
                cand("The user works as a baker!"),
            ]
        ),
    )
    assert [o.candidate.content for o in ops if o.action == "create"] == [
        "The user lives in Ghent.",
        "The user works as a baker.",
    ]


def test_two_facts_of_one_extraction_are_both_kept():
    ops = consolidate(
        [],
        Extraction(
            memories=[
                cand("The user prefers dark roast coffee in the morning.", topic="food and drink"),
                cand("The user drinks green tea at night.", topic="food and drink"),
            ]
        ),
    )
    assert [o.action for o in ops] == ["create", "create"]


def test_a_marked_change_of_a_single_value_wins_within_one_extraction():
    ops = consolidate(
        [],
        Extraction(
            memories=[
                cand("The user lives in Leeds.", topic="residence", exclusive=True),
                cand("The user lives in York now.", topic="residence", exclusive=True, is_update=True),
            ]
        ),
    )
    assert [o.candidate.content for o in ops] == ["The user lives in York now."]


def test_similarity_is_a_parameter():
    existing = [item("m1", "alpha")]
    ops = consolidate(existing, Extraction(memories=[cand("beta")]), similarity=lambda a, b: 1.0)
    assert [(o.action, o.memory_id) for o in ops] == [("reinforce", "m1")]
    assert lexical_similarity("The user likes Tea.", "the user LIKES teas") >= DUPLICATE_THRESHOLD
    assert lexical_similarity("", "x") == 0.0


TOPICS = st.sampled_from([None, "job", "diet", "home city", "editor"])
WORDS = st.sampled_from(
    ["tea", "coffee", "Leeds", "Porto", "vegan", "nurse", "chef", "Vim", "Zed", "chess", "Vespa", "knitting"]
)
CANDS = st.builds(
    lambda ws, t, u: cand("The user " + " ".join(ws) + ".", topic=t, is_update=u),
    st.lists(WORDS, min_size=1, max_size=3),
    TOPICS,
    st.booleans(),
)


UNRELATED = st.lists(
    st.sampled_from(["cello", "Lisbon", "sourdough", "chess", "kayak", "Rust", "beekeeping", "tango"]),
    min_size=2,
    max_size=6,
    unique=True,
)


@settings(max_examples=100, deadline=None)
@given(
    values=UNRELATED,
    topics=st.lists(TOPICS, min_size=6, max_size=6),
    marks=st.lists(st.booleans(), min_size=6, max_size=6),
)
def test_unrelated_facts_never_replace_each_other(values, topics, marks):
    store: list = []
    for value, topic, mark in zip(values, topics, marks, strict=False):
        batch = [cand(f"{value}.", topic=topic, is_update=mark, exclusive=mark)]
        ops = consolidate(store, Extraction(memories=batch))
        assert all(o.action == "create" for o in ops)
        store = apply(store, ops)
    assert len(store) == len(values)


@settings(max_examples=100, deadline=None)
@given(batch=st.lists(CANDS, min_size=1, max_size=5))
def test_restating_a_fact_never_creates_a_second_memory(batch):
    store = apply([], consolidate([], Extraction(memories=batch)))
    again = apply(
        store, consolidate(store, Extraction(memories=[cand(m.content, topic=m.topic) for m in store]))
    )
    assert sorted(m.content for m in again) == sorted(m.content for m in store)


@settings(max_examples=200, deadline=None)
@given(batch=st.lists(CANDS, min_size=1, max_size=6), word=WORDS)
def test_forget_leaves_nothing_that_mentions_the_phrase(batch, word):
    store = apply([], consolidate([], Extraction(memories=batch)))
    summary = item("s", " ".join(m.content for m in store) or "The user likes tea.", Kind.CHAT_SUMMARY)
    store = store + [summary]
    after = apply(store, consolidate(store, Extraction(forget=[word])))
    assert not any(word.lower() in m.content.lower().rstrip(".").split() for m in after)


@settings(max_examples=200, deadline=None)
@given(existing=st.lists(CANDS, min_size=1, max_size=5), batch=st.lists(CANDS, max_size=5))
def test_reinforce_never_changes_content(existing, batch):
    store = apply([], consolidate([], Extraction(memories=existing)))
    before = {m.memory_id: m.content for m in store}
    ops = consolidate(store, Extraction(memories=batch))
    for op in ops:
        assert isinstance(op, Operation)
        if op.action == "reinforce":
            assert op.memory_id in before
    after = {m.memory_id: m.content for m in apply(store, [o for o in ops if o.action == "reinforce"])}
    assert after == before


def test_forget_commands_reach_the_memories_they_name():
    from memstore.adapters.local_embedder import LocalMiniLMEmbedder
    from memstore.adapters.spacy_parser import SpacyParser
    from memstore.domain.language.commands import recognise

    parse, embed = SpacyParser().parse, LocalMiniLMEmbedder().embed
    existing = [
        item("m1", "The user has entered a sprint triathlon in Windermere."),
        item("m2", "The user signed up for an open mic poetry evening."),
        item("m3", "Ottoline from the bouldering wall asked the user out."),
        item("m4", "The user prefers oat milk."),
        item("m5", "The user is saving for a campervan conversion."),
    ]
    messages = {
        "m1": "Please forget everything about the triathlon.",
        "m2": "Delete the poetry evening from your notes.",
        "m3": "Could you forget what I told you about Ottoline?",
        "m5": "I don't want you to remember my campervan plans.",
    }
    for mid, text in messages.items():
        cmd = recognise(parse(text))
        assert cmd is not None and cmd.action == "forget", text
        ops = consolidate(existing, Extraction(forget=[cmd.content]), forget_embed=embed)
        assert [(o.action, o.memory_id) for o in ops] == [("delete", mid)], text


@pytest.mark.parametrize(
    ("new", "old", "now"),
    [
        (
            "Gave the Oura ring to the user's brother, the user is on a Whoop strap now.",
            "The user wears an Oura ring every day.",
            "The user is on a Whoop strap now.",
        ),
        # a part that names the old value beside a value of its own is no history
        (
            "The user lives in Berlin, near Paris Bar.",
            "The user lives in Paris.",
            "The user lives in Berlin, near Paris Bar.",
        ),
        # nothing of its own would be left
        ("Not the Bianchi anymore.", "The user rides a Bianchi.", "Not the Bianchi anymore."),
        # what would be left points back at what would go
        (
            "The user stopped using Notion, it's Obsidian now.",
            "The user uses Notion for everything.",
            "The user stopped using Notion, it's Obsidian now.",
        ),
    ],
)
def test_a_replacement_states_what_holds_now(new, old, now):
    assert what_holds_now(new, old) == now
    existing = [item("m1", old)]
    ops = consolidate(existing, Extraction(memories=[cand(new, replaces=["m1"], is_update=True)]))
    assert [(o.action, o.candidate.content) for o in ops] == [("update", now)]


@given(
    st.lists(
        st.sampled_from(["Oslo", "the bike", "Tuesday", "a Trek", "tea", "Anna"]), min_size=1, max_size=4
    )
)
def test_what_holds_now_never_invents_words(parts):
    new = ", ".join(f"the user likes {p}" for p in parts) + "."
    kept = what_holds_now(new, "The user likes Oslo.")
    words = lambda text: set(re.findall(r"[a-z']+", text.lower()))  # noqa: E731
    assert words(kept) <= words(new)
    assert "oslo" not in words(kept) or kept == new


def test_a_change_replaces_only_the_sentence_of_a_memory_that_it_names():
    old = "The user: Tamsin, tram driver, Sheffield. Prints terrain on an Anycubic Kobra."
    change = Candidate(
        kind=Kind.USER_PROFILE,
        content="The user bought a Prusa MK4.",
        evidence="I sold the Anycubic, bought a Prusa MK4",
    )
    assert (
        replaced_in(old, change) == "The user: Tamsin, tram driver, Sheffield. The user bought a Prusa MK4."
    )


def test_a_change_naming_no_single_sentence_replaces_the_whole_memory():
    old = "The user rides a Brompton. The user rides to work on Mondays."
    change = Candidate(
        kind=Kind.USER_PROFILE, content="The user rides a Tern now.", evidence="I ride a Tern now"
    )
    assert replaced_in(old, change) == "The user rides a Tern now."
