"""The rules extractor on real syntax (spaCy) and the real local embedder: what it keeps, how it
words it, and what it marks as a change. Outcomes only."""

from __future__ import annotations

import pytest

from memstore.adapters.local_embedder import LocalMiniLMEmbedder
from memstore.adapters.rules_extractor import RulesExtractor
from memstore.adapters.spacy_parser import SpacyParser
from memstore.domain.extraction import Message
from memstore.domain.models import Kind, MemoryItem, StoreOptions
from tests.doubles import profile_memory

OPTIONS = StoreOptions(procedural_memory_enabled=True)


@pytest.fixture(scope="module")
def extractor() -> RulesExtractor:
    return RulesExtractor(SpacyParser(), LocalMiniLMEmbedder())


def extract(extractor, *turns, context=(), existing=(), options=OPTIONS):
    messages = [Message(id=f"m{n}", role=role, content=text) for n, (role, text) in enumerate(turns)]
    earlier = [Message(id=f"c{n}", role=role, content=text) for n, (role, text) in enumerate(context)]
    return extractor.extract(messages, earlier, list(existing), options)


def facts(extraction, kind=Kind.USER_PROFILE) -> list[str]:
    return [c.content for c in extraction.memories if c.kind == kind]


def item(memory_id: str, content: str, topic: str | None = None) -> MemoryItem:
    return profile_memory(memory_id, content, 0, topic=topic)


def test_two_facts_in_one_message_are_both_kept(extractor):
    got = facts(
        extract(extractor, ("user", "I prefer dark roast coffee in the morning. I drink green tea at night."))
    )
    assert any("dark roast" in f for f in got) and any("green tea" in f for f in got)


def test_chit_chat_questions_and_one_off_requests_are_not_kept(extractor):
    got = extract(
        extractor,
        ("user", "hi again!"),
        ("user", "What's the capital of Peru?"),
        ("user", "Tell me a fun fact about owls."),
        ("user", "haha fair enough"),
        ("user", "Can you summarise this article for me?"),
    )
    assert got.memories == []


@pytest.mark.parametrize(
    "said", ["Don't tell anybody, but I entered a triathlon in June.", "Please stop it."]
)
def test_an_instruction_about_what_a_pronoun_points_at_is_no_standing_instruction(extractor, said):
    assert facts(extract(extractor, ("user", said)), Kind.PROCEDURAL) == []


def test_an_imperative_after_a_condition_on_the_assistant_is_an_instruction(extractor):
    """The tagger reads "include" after "When you …," as a present tense with no subject."""
    got = facts(extract(extractor, ("user", "When you quote prices, include the VAT.")), Kind.PROCEDURAL)
    assert any("VAT" in f for f in got)
    assert extract(extractor, ("user", "lovely, thank you so much")).memories == []


def test_an_imperative_before_a_colon_is_a_clause_of_its_own(extractor):
    """The parser hangs "Please file this away somewhere" on the clause after the colon; the name
    it reads as an adjective is still a name."""
    got = facts(extract(extractor, ("user", "Please file this away somewhere: our accountant is Brodie.")))
    assert got == ["The user's accountant is Brodie."]


def test_someone_of_the_users_who_is_called_a_name_is_introduced(extractor):
    got = facts(
        extract(extractor, ("user", "Can you hang on to this for me? My plumber is called Thorvald."))
    )
    assert got == ["The user's plumber is Thorvald."]


def test_an_instruction_on_how_to_answer_stays_one(extractor):
    assert facts(extract(extractor, ("user", "Please don't repeat yourself.")), Kind.PROCEDURAL)


def test_statements_are_rewritten_in_the_third_person_with_the_users_words(extractor):
    assert facts(extract(extractor, ("user", "I work nights at a bakery in Leith."))) == [
        "The user works nights at a bakery in Leith."
    ]


def test_a_standing_instruction_is_procedural(extractor):
    got = extract(extractor, ("user", "From now on, always answer me in metric units."))
    assert any("metric" in c for c in facts(got, Kind.PROCEDURAL))


def test_a_change_drops_the_former_value_and_is_marked(extractor):
    (moved,) = [
        c
        for c in extract(extractor, ("user", "I moved from Paris to Berlin last month.")).memories
        if c.kind == Kind.USER_PROFILE
    ]
    assert "Berlin" in moved.content and "Paris" not in moved.content
    assert moved.is_update


def test_a_retraction_and_a_new_value_become_one_statement(extractor):
    got = facts(extract(extractor, ("user", "No longer learning Norwegian. It's Polish now.")))
    assert got == ["The user is learning Polish."]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # retracted by its verb: no positive frame to put the new value in ("gave up Babbel")
        ("I gave up Duolingo. It's Babbel now.", "The user gave up Duolingo, it's Babbel now."),
        ("I stopped using Notion, it's Obsidian now.", "The user stopped using Notion, it's Obsidian now."),
        # a contracted negation is not undone in the words
        (
            "I don't sing in the choir anymore. It's the orchestra now.",
            "The user doesn't sing in the choir anymore, it's the orchestra now.",
        ),
        ("I no longer drive a Golf. It's a Tesla now.", "The user drives a Tesla."),
    ],
)
def test_a_new_value_replaces_the_old_only_in_a_clause_whose_negation_is_undone(extractor, text, expected):
    assert facts(extract(extractor, ("user", text))) == [expected]


def test_a_move_replaces_the_residence_memory_and_leaves_the_job_alone(extractor):
    existing = [
        item("job", "The user is a UX designer."),
        item("home", "The user lives in Paris with their boyfriend."),
    ]
    (moved,) = [
        c
        for c in extract(
            extractor,
            ("user", "I moved from Paris to Berlin last month for a new job at a fintech startup."),
            existing=existing,
        ).memories
        if c.kind == Kind.USER_PROFILE
    ]
    assert moved.replaces == ["home"]


def test_a_bare_answer_to_the_assistants_question_keeps_the_question(extractor):
    got = facts(
        extract(
            extractor,
            ("assistant", "Congratulations! What's the puppy's name?"),
            ("user", "Biscuit. He is a beagle."),
            context=[("user", "I adopted a puppy last week!")],
        )
    )
    assert any("Biscuit" in f and "name" in f for f in got)
    assert any("Biscuit is a beagle" in f for f in got)


def test_context_messages_are_not_extracted_again(extractor):
    got = extract(extractor, ("user", "Thanks!"), context=[("user", "I adopted a puppy last week!")])
    assert got.memories == []


def test_commands_are_never_stored_as_memories(extractor):
    got = extract(extractor, ("user", "Can you forget where I live?"))
    assert got.memories == [] and got.forget


def test_no_summary_restates_the_facts(extractor):
    got = extract(extractor, ("user", "I keep bees. I also restore old radios. What's 2+2?"))
    assert [c.kind for c in got.memories] == [Kind.USER_PROFILE, Kind.USER_PROFILE]


def test_replace_names_the_former_value_as_its_object(extractor):
    (fact,) = facts(
        extract(extractor, ("user", "Actually, pottery has replaced knitting as my weekend thing."))
    )
    assert "pottery" in fact.lower() and "knitting" not in fact.lower()


def test_news_about_someone_else_never_replaces_the_users_own_fact(extractor):
    existing = [item("home", "The user lives in Tucson.", topic="residence")]
    got = extract(extractor, ("user", "My sister lives in Oslo now."), existing=existing)
    assert all(c.replaces == [] for c in got.memories)


@pytest.mark.parametrize(
    ("said", "now", "former"),
    [
        ("I paused Hindi and picked up Portuguese.", "portuguese", "hindi"),
        ("I no longer use Eclipse; moved everything to Zed.", "zed", "eclipse"),
        ("No more tennis for me, I switched to padel.", "padel", "tennis"),
        ("I don't drink lager anymore, it's stout for me these days.", "stout", "lager"),
    ],
)
def test_a_clause_that_ends_one_thing_and_starts_another_keeps_what_is_true_now(extractor, said, now, former):
    (fact,) = facts(extract(extractor, ("user", said)))
    assert now in fact.lower() and former not in fact.lower()


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("Sorry, Pixel (my hamster) is being loud tonight.", "The user's hamster is Pixel."),
        ("My uncle Tobias is visiting next week.", "The user's uncle is Tobias."),
        ("I'm Ottilie, nice to meet you.", "The user's name is Ottilie."),
        ("Talked to my cousin Bram for ages yesterday.", "The user's cousin is Bram."),
        # a question is no statement, but the names it gives are the user's people and animals
        (
            "My nephew Casimir is mad about trains, any good books for a six-year-old?",
            "The user's nephew is Casimir.",
        ),
        ("Also my dog Pretzel chewed a whole sock, should I call the vet?", "The user's dog is Pretzel."),
    ],
)
def test_the_people_and_animals_a_user_names_are_kept_whatever_happened_to_them(extractor, said, fact):
    kept = facts(extract(extractor, ("user", said)))
    # or a memory kept whole names them the same way ("… talked to the user's cousin Bram …")
    named = fact.removeprefix("The ").rstrip(".").replace(" is ", " ", 1).lower()
    assert fact in kept or any(named in f.lower() for f in kept), kept


def test_a_bare_retraction_gives_way_to_the_new_value_it_came_with(extractor):
    existing = [item("home", "The user lives in Lyon.", topic="residence")]
    got = extract(
        extractor, ("user", "Actually I live in Utrecht now; I left Lyon in the summer."), existing=existing
    )
    replacing = [c.content for c in got.memories if c.replaces == ["home"]]
    assert len(replacing) == 1 and "Utrecht" in replacing[0]


@pytest.mark.parametrize(
    ("old", "said"),
    [
        (
            "The user could eat Peruvian food every day.",
            "Actually, I've gone off Peruvian; Ethiopian is my new favourite.",
        ),
        (
            "Whenever we eat out the user pushes for Georgian.",
            "My favourite cuisine is now Malaysian, not Georgian.",
        ),
        ("The user is a translator by profession.", "I'm not a translator anymore, I'm a paediatric nurse."),
    ],
)
def test_a_change_replaces_the_memory_holding_the_value_it_names(extractor, old, said):
    existing = [item("old", old), item("dog", "The user has a dog called Rex.")]
    got = extract(extractor, ("user", said), existing=existing)
    assert [c.replaces for c in got.memories] == [["old"]]


def test_a_command_the_instant_path_applied_is_not_applied_again(extractor):
    message = Message(
        id="m0", role="user", content="Forget what I said about my novel.", command_applied=True
    )
    assert extractor.extract([message], [], [], OPTIONS).forget == []
    assert extractor.extract([message.model_copy(update={"command_applied": False})], [], [], OPTIONS).forget


@pytest.mark.parametrize(
    ("old", "said", "now", "former"),
    [
        ("The user codes in Vim.", "These days I code in Helix instead of Vim.", "helix", "vim"),
        (
            "The user is learning Welsh.",
            "Side note: I've dropped Welsh and started learning Basque instead.",
            "basque",
            "welsh",
        ),
        (
            "The user's studio bills clients through FreshBooks.",
            "We moved the studio's billing off FreshBooks to Xero in March.",
            "xero",
            "freshbooks",
        ),
        (  # no subject, and a range "from X to Y"
            "The user sells honey at the Rotherhithe market.",
            "moved from rotherhithe to the canal-side market, thursdays now.",
            "canal-side",
            "rotherhithe",
        ),
    ],
)
def test_a_change_drops_its_former_value_and_replaces_the_memory_holding_it(
    extractor, old, said, now, former
):
    existing = [item("old", old), item("dog", "The user has a dog called Rex.")]
    (change,) = extract(extractor, ("user", said), existing=existing).memories
    assert change.replaces == ["old"]
    assert now in change.content.lower() and former not in change.content.lower()


def test_a_retraction_that_names_nothing_never_picks_a_memory_at_random(extractor):
    existing = [item("dog", "The user has a dog called Rex."), item("tea", "The user drinks green tea.")]
    got = extract(
        extractor, ("user", "Big news, I quit and I'm now working as a veterinarian."), existing=existing
    )
    assert all(c.replaces == [] for c in got.memories)


def test_a_session_summary_keeps_what_the_user_mentioned_in_passing_about_someone_named(extractor):
    got = extract(extractor, ("user", "I keep bees. Yesterday I had lunch with Marta at Casa Blanca."))
    summaries = [c.content for c in got.memories if c.kind == Kind.CHAT_SUMMARY]
    assert len(summaries) <= 1
    assert not any("bees" in s for s in summaries)
    assert any("bees" in f for f in facts(got))


def test_what_the_policy_asks_to_focus_on_is_kept_even_when_said_in_passing(extractor):
    said = ("user", "My garden is a mess after the storm last night.")
    focused = StoreOptions(user_profile_details="Focus on the user's garden and plants.")
    assert not any("garden" in f for f in facts(extract(extractor, said)))
    assert any("garden" in f for f in facts(extract(extractor, said, options=focused)))


def test_a_switch_replaces_what_it_names_and_never_the_users_name(extractor):
    existing = [
        item("name", "The user's name is Celestine.", topic="name"),
        MemoryItem(
            memory_id="editor",
            store="s",
            scope="u",
            kind=Kind.PROCEDURAL,
            content="Don't suggest other editors, the user is an Emacs person.",
            created_at=0,
            updated_at=0,
        ),
    ]
    (change,) = extract(
        extractor, ("user", "Also, I finally switched from Emacs to Neovim."), existing=existing
    ).memories
    assert change.replaces == ["editor"]


def test_a_statement_misfiled_under_a_single_valued_facet_never_overwrites_it(extractor):
    # a mis-split German sentence leaves "The user: Juni ab.", which reads as a name; the
    # extractor judged that it replaces no stored memory, so consolidation must not either
    from memstore.domain.merge import consolidate
    from memstore.services.similarity import EmbeddingSimilarity

    existing = [item("name", "The user's name is Mehmet.", topic="name")]
    said = "merk dir bitte: meine Taxi-Konzession läuft am 30. Juni ab"
    got = extract(extractor, ("user", said), existing=existing)
    embedder = extractor._embedder
    similarity = EmbeddingSimilarity(embedder, embedder.model).prime(existing, got.memories)
    ops = consolidate(existing, got, similarity)
    assert all(o.memory_id != "name" for o in ops), [(o.action, o.memory_id) for o in ops]


@pytest.mark.parametrize(
    "said",
    [
        "My name is Wilhelmina.",
        "Wilhelmina here.",
        "You can call me Wilhelmina.",
        # a bare noun's "'s" before a name is "is", not a possessive
        "Name's Wilhelmina, if you were wondering.",
        # the telephone's and the letter's ways of saying who is there
        "Hi, Wilhelmina speaking. Let's see what you can do.",
        "It's Wilhelmina. My partner set this up for me.",
        "Morning, it's Wilhelmina.",
    ],
)
def test_the_users_own_name_is_a_fact_however_it_is_introduced(extractor, said):
    assert any("name is Wilhelmina" in f for f in facts(extract(extractor, ("user", said))))


@pytest.mark.parametrize(
    ("context", "said"),
    [
        ([("assistant", "Who is your landlord?")], "It's Greta."),
        ([], "It's Monday."),
        ([], "It's Greta now, not Paula."),
    ],
)
def test_it_is_a_name_answering_a_question_or_saying_more_names_no_user(extractor, context, said):
    got = facts(extract(extractor, ("user", said), context=context))
    assert not any("user's name" in f for f in got)


def test_a_change_said_of_a_definite_thing_replaces_the_memory_holding_its_former_value(extractor):
    old = item("mem_trip", "The user is planning a week in Tallinn in May.", "travel")
    got = extract(
        extractor, ("user", "Small change: the trip is now to Vilnius instead of Tallinn."), existing=[old]
    )
    (fact,) = [c for c in got.memories if c.kind == Kind.USER_PROFILE]
    assert "Vilnius" in fact.content and "Tallinn" not in fact.content
    assert fact.replaces == ["mem_trip"]


def test_a_change_replaces_the_memory_of_a_value_named_elsewhere_in_its_message(extractor):
    old = item("mem_trip", "The user is flying to Tallinn next month.", "travel")
    other = item("mem_job", "The user works as a pharmacist.", "work")
    got = extract(
        extractor,
        ("user", "I switched the trip to Vilnius; Tallinn was too expensive."),
        existing=[old, other],
    )
    (fact,) = [c for c in got.memories if c.kind == Kind.USER_PROFILE and "Vilnius" in c.content]
    assert fact.replaces == ["mem_trip"]


def replaced(extraction, existing) -> list[str]:
    by_id = {m.memory_id: m.content for m in existing}
    return [by_id[i] for c in extraction.memories for i in c.replaces]


def test_a_negated_alternative_is_the_former_value_not_a_fact(extractor):
    old = [item("e1", "Nothing beats a good Vietnamese meal for the user.")]
    got = extract(extractor, ("user", "My favourite cuisine is now Moroccan, not Vietnamese."), existing=old)
    assert [f for f in facts(got) if "Vietnamese" in f] == []
    assert replaced(got, old) == [old[0].content]


def test_no_more_x_ends_x_and_the_new_value_replaces_it(extractor):
    old = [
        item("e1", "Weekends are for knitting, that's the user's thing."),
        item("e2", "The user's name is Tom."),
    ]
    got = extract(extractor, ("user", "No more knitting for me, I switched to geocaching."), existing=old)
    assert any("geocaching" in f for f in facts(got))
    assert replaced(got, old) == [old[0].content]


def test_replaced_x_as_role_states_the_new_value_in_the_role(extractor):
    old = [item("e1", "The user's way of unwinding is beekeeping.")]
    got = extract(
        extractor,
        ("user", "Actually, sourdough baking has replaced beekeeping as my weekend thing."),
        existing=old,
    )
    assert facts(got) == ["Sourdough baking is now the user's weekend thing."]
    assert replaced(got, old) == [old[0].content]


def test_replaced_x_without_a_role_keeps_both_values_in_its_words(extractor):
    old = [item("e1", "The user does woodworking.")]
    got = extract(extractor, ("user", "Painting has replaced woodworking for me."), existing=old)
    assert facts(got) == ["Painting has replaced woodworking for the user."]
    assert replaced(got, old) == [old[0].content]


def test_a_heading_and_a_value_state_the_value_and_name_the_old_one(extractor):
    old = [item("e1", "The user is planning a week in Cape Town, first time there.")]
    got = extract(extractor, ("user", "Update on the holiday: Montreal, not Cape Town."), existing=old)
    assert any("Montreal" in f and "Cape Town" not in f for f in facts(got))
    assert replaced(got, old) == [old[0].content]


def test_my_new_x_replaces_the_old_x_but_a_new_x_adds_one(extractor):
    job = [item("e1", "The user works at Acme as a designer.")]
    got = extract(extractor, ("user", "My new job is at Globex."), existing=job)
    assert replaced(got, job) == [job[0].content]
    dog = [item("e2", "The user has a dog named Rex.")]
    got = extract(extractor, ("user", "I got a new puppy named Biscuit."), existing=dog)
    assert any("Biscuit" in f for f in facts(got)) and replaced(got, dog) == []


def test_the_names_x_introduces_the_user_and_a_named_things_name_does_not(extractor):
    assert facts(extract(extractor, ("user", "Before anything else: the name's Eulalie."))) == [
        "The user's name is Eulalie."
    ]
    assert facts(extract(extractor, ("user", "The name of the restaurant is Nopi."))) == []
    assert facts(extract(extractor, ("user", "By the way, my name's Valentina."))) == [
        "The user's name is Valentina."
    ]


def test_a_subjectless_report_reads_as_a_sentence_about_the_user(extractor):
    assert facts(extract(extractor, ("user", "Finally sold the old van and bought a cargo bike."))) == [
        "The user finally sold the old van and bought a cargo bike."
    ]


def test_someone_elses_move_inside_the_users_sentence_replaces_no_residence(extractor):
    got = extract(
        extractor,
        ("user", "I'm helping my aunt Marguerite move flats this weekend."),
        existing=[item("m1", "The user lives in Rennes.", topic="residence")],
    )
    assert got.memories and all(not c.replaces and not c.is_update and not c.exclusive for c in got.memories)


def test_a_mention_that_changes_a_stored_value_is_taken_as_a_change_of_that_memory(extractor):
    from types import SimpleNamespace

    from memstore.domain.language.changes import Change
    from memstore.domain.language.statements import Statement

    def mention(text: str, former: str | None, shift: bool = True) -> Statement:
        return Statement("m0", text, text, label="transient", change=Change(shift=shift), former=former)

    moved = mention("The cabin is now in Abisko.", "Tromsø")
    unstored = mention("The gig is now at the Roundhouse.", "Brixton")
    unchanged = mention("The cabin is in Tromsø.", "Tromsø", shift=False)
    sisters = mention("The conference is now in Abisko.", "Oslo")
    reader = SimpleNamespace(mentioned=[moved, unstored, unchanged, sisters])
    existing = [
        item("mem_cabin", "The user and others booked a cabin in Tromsø for New Year!"),
        item("mem_sister", "The user's sister lives in Oslo."),
    ]
    assert extractor._updating_mentions(reader, existing) == [moved]
    assert moved.label == "durable"
    assert reader.mentioned == [unstored, unchanged, sisters]


def test_a_change_naming_a_value_of_someone_elses_memory_does_not_replace_it(extractor):
    sister = item("mem_sister", "The user's sister lives in Tromsø.")
    got = extract(
        extractor, ("user", "The conference is now in Abisko instead of Tromsø."), existing=[sister]
    )
    assert not any(c.replaces for c in got.memories)


def test_a_closer_memory_about_someone_else_does_not_hide_the_users_own(extractor):
    sister = item("sister", "The user's sister Mara is learning Welsh now.")
    mine = item("mine", "The user goes to Welsh lessons on Tuesdays.")
    got = extract(
        extractor,
        ("user", "I'm not learning Welsh anymore, I'm learning Basque now."),
        existing=[sister, mine],
    )
    assert replaced(got, [sister, mine]) == [mine.content]


def test_a_replacement_is_filed_under_the_slot_of_the_memory_it_replaces(extractor):
    # alone, "The user has moved on, now it's Persian stews." is filed under no facet
    old = item("e1", "The user's favourite thing to cook is Hungarian goulash.")
    got = extract(
        extractor, ("user", "I've moved on from Hungarian goulash, now it's Persian stews."), existing=[old]
    )
    (fact,) = [c for c in got.memories if c.replaces == ["e1"]]
    assert fact.topic == "food and drink"


def test_a_later_clause_that_points_back_keeps_the_value_it_points_at(extractor):
    got = facts(
        extract(extractor, ("user", "I took up the cello last winter and I practise it every night."))
    )
    assert any("cello" in f and "every night" in f for f in got), got


def test_a_change_retires_every_memory_of_its_slot_that_states_the_former_value(extractor):
    old = [
        item("e1", "The user's note-taking app is Evernote."),
        item("e2", "The user has set up Evernote on every device."),
        item("e3", "The user's favourite cafe in Graz is Sorger."),
        item("e4", "The user lives in Graz."),
    ]
    notes = extract(
        extractor, ("user", "I don't use Evernote anymore, I switched to Obsidian."), existing=old
    )
    assert sorted(replaced(notes, old)) == sorted([old[0].content, old[1].content])
    # the cafe names the old city but is no memory of where the user lives
    moved = extract(extractor, ("user", "I moved from Graz to Linz in May."), existing=old)
    assert replaced(moved, old) == [old[3].content]


def test_a_statement_that_points_at_a_name_in_a_question_keeps_the_name(extractor):
    got = facts(extract(extractor, ("user", "How do I export bookmarks from Vivaldi? It's my browser.")))
    assert any("Vivaldi" in f and "browser" in f for f in got), got


@pytest.mark.parametrize(
    "said",
    ["From now on, end each answer with a limerick.", "Going forward, give me prices in yen."],
)
def test_an_instruction_marked_as_standing_is_procedural_however_one_off_its_task_reads(extractor, said):
    assert facts(extract(extractor, ("user", said)), Kind.PROCEDURAL)


def test_each_or_every_alone_does_not_make_a_task_standing(extractor):
    assert not facts(extract(extractor, ("user", "List each ingredient of the stew.")), Kind.PROCEDURAL)


def test_a_question_of_the_users_own_heads_the_answer_after_it(extractor):
    got = facts(extract(extractor, ("user", "My job? Farrier, for twelve years now.")))
    assert any(f.startswith("The user's job: Farrier") for f in got), got


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "I play the bodhrán at the trad session on Thursdays, do you know any good exercises for triplets?",
            ["The user plays the bodhrán at the trad session on Thursdays."],
        ),
        (
            "im on the robotics team at Hillcrest and the robot keeps drifting left, are the motors all the same??",
            ["The user is on the robotics team at Hillcrest."],
        ),
        ("What tyres should I buy for my Golf?", []),
        ("Do you know if I can freeze cooked rice?", []),
    ],
)
def test_what_the_user_tells_before_asking_is_kept_and_the_question_is_not(extractor, said, kept):
    assert facts(extract(extractor, ("user", said))) == kept


def test_a_change_replaces_the_memory_of_the_same_thing_even_when_it_was_filed_under_another_kind(extractor):
    """ "My default browser is Opera now." and a stored "The user's browser is Safari, …" that the
    classifier had filed as procedural: the same subject with the same verb is one slot."""
    browser = item("browser", "The user's browser is Safari, if that changes the steps.").model_copy(
        update={"kind": Kind.PROCEDURAL}
    )
    sister = item("sister", "The user's sister is a nurse in Leeds.")
    got = extract(extractor, ("user", "My default browser is Opera now."), existing=[browser, sister])
    assert [(c.content, c.replaces) for c in got.memories] == [
        ("The user's default browser is Opera now.", ["browser"])
    ]


def test_a_value_set_off_by_not_is_the_former_one_never_the_users_name(extractor):
    name = item("name", "The user is Severine.", topic="name")
    browser = item("browser", "The user uses Vivaldi.", topic="technology")
    got = extract(
        extractor, ("user", "Scratch that, I'm on Opera now, not Vivaldi."), existing=[name, browser]
    )
    assert [(c.content, c.replaces) for c in got.memories] == [("The user is on Opera now.", ["browser"])]


@pytest.mark.parametrize(
    "said",
    [
        "Aer Lingus is my airline of choice, the legroom is fine.",
        "Marmite is my guilty pleasure.",
        "The Rialto is my local cinema.",
    ],
)
def test_a_thing_named_as_one_of_the_users_is_a_fact_about_the_user(extractor, said):
    got = facts(extract(extractor, ("user", said)))
    assert any(said.split(" is ")[0] in f and "the user's" in f for f in got), got


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        (
            "Could you look up the refund policy for Vueling? It's the airline I use.",
            "Vueling is the airline the user uses.",
        ),
        (
            "Can you list the seat options on Wizz Air? It's the airline I pick.",
            "Wizz Air is the airline the user picks.",
        ),
    ],
)
def test_a_thing_a_relative_clause_names_as_the_users_is_a_fact_about_the_user(extractor, said, stored):
    assert stored in facts(extract(extractor, ("user", said)))


def test_mine_names_the_users_own_thing_said_before(extractor):
    got = facts(extract(extractor, ("user", "Any tips for a shy tortoise? Mine's called Pebble.")))
    assert any(f.startswith("The user's shy tortoise is called Pebble") for f in got), got


@pytest.mark.parametrize(
    "said",
    [
        "Quick thing, stop adding emojis to your replies.",
        "One more thing, never suggest recipes with pork.",
    ],
)
def test_an_instruction_after_an_aside_the_parser_read_as_its_subject_is_kept(extractor, said):
    # spaCy makes "Quick thing" / "One more thing" the subject of the imperative
    got = facts(extract(extractor, ("user", said)), Kind.PROCEDURAL)
    assert len(got) == 1 and said.split(", ")[1].rstrip(".").split(" ")[-1] in got[0], got


def test_a_possessed_noun_before_a_parenthetical_stays_the_subject(extractor):
    assert (
        facts(extract(extractor, ("user", "My sister, bless her, calls every Sunday.")), Kind.PROCEDURAL)
        == []
    )


@pytest.mark.parametrize(
    ("stored", "said", "updated"),
    [
        (
            "The user's club night is on Thursdays.",
            "Small change, it's Fridays now, not Thursdays.",
            "The user's club night is on Fridays.",
        ),
        (
            "The user and others are flying to Porto in June.",
            "Change of plan, it's Bilbao now, not Porto.",
            "The user and others are flying to Bilbao in June.",
        ),
    ],
)
def test_a_new_value_said_with_only_the_value_it_replaces_updates_that_memory(
    extractor, stored, said, updated
):
    got = extract(extractor, ("user", said), existing=[item("m1", stored)])
    assert [(m.content, m.replaces) for m in got.memories] == [(updated, ["m1"])]


def test_a_new_value_whose_former_value_is_not_stored_says_nothing(extractor):
    got = extract(
        extractor,
        ("user", "Change of plan, it's Bilbao now, not Porto."),
        existing=[item("m1", "The user likes jazz.")],
    )
    assert got.memories == []


@pytest.mark.parametrize(
    ("stored", "topic", "said", "value"),
    [
        (
            "The user works as a chemistry teacher.",
            "occupation",
            "I changed jobs in the spring, I'm a pharmacist now.",
            "pharmacist",
        ),
        (
            "The user lives in a flat in Glasgow.",
            "residence",
            "We moved house in March, we live in Dundee now.",
            "Dundee",
        ),
    ],
)
def test_a_change_that_names_only_its_slot_is_one_change_with_the_value_after_it(
    extractor, stored, topic, said, value
):
    old = [item("m1", stored, topic), item("m2", "The user's dog is called Pip.", "pets")]
    got = extract(extractor, ("user", said), existing=old)
    assert len(got.memories) == 1, got.memories
    assert value in got.memories[0].content and got.memories[0].replaces == ["m1"]


def test_a_request_asked_as_a_question_stands_when_a_standing_preference_backs_it(extractor):
    got = facts(
        extract(extractor, ("user", "Could you leave out the exclamation marks? I like a calm tone.")),
        Kind.PROCEDURAL,
    )
    assert len(got) == 1 and "exclamation marks" in got[0] and "calm tone" in got[0], got
    one_off = extract(extractor, ("user", "Could you shorten this paragraph? I need to send it tonight."))
    assert not any("shorten" in f for f in facts(one_off, Kind.PROCEDURAL))


def test_a_tentative_forget_is_reported_apart_from_a_definite_one(extractor):
    got = extract(extractor, ("user", "Can you drop the exclamation marks?"))
    assert got.forget == [] and got.forget_facts == ["the exclamation marks"]
    got = extract(extractor, ("user", "Can you drop the exclamation marks? I like a calm tone."))
    assert got.forget == [] and got.forget_facts == [] and len(facts(got, Kind.PROCEDURAL)) == 1
    got = extract(extractor, ("user", "Please forget what I told you about my exam."))
    assert got.forget_facts == [] and len(got.forget) == 1


def test_a_new_value_contrasted_with_the_old_one_leaves_the_old_one_out(extractor):
    old = [item("m1", "The user plays bodhrán at the trad session on Thursdays.")]
    got = extract(extractor, ("user", "Sorry, it's Tuesdays, not Thursdays."), existing=old)
    assert [(m.content, m.replaces) for m in got.memories] == [
        ("The user plays bodhrán at the trad session on Tuesdays.", ["m1"])
    ]


def test_he_or_she_after_a_person_of_the_users_is_read_as_that_person(extractor):
    got = extract(extractor, ("user", "My wife Ana is great. She works as a nurse in Leeds."))
    said = " ".join(m.content for m in got.memories)
    assert "The user's wife Ana works as a nurse in Leeds." in said, got.memories
    assert "She works" not in said


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        (
            "Thinking of opening my own food truck next year.",
            "The user is thinking of opening the user's own food truck next year.",
        ),
        ("Got promoted to head chef!!!", "The user got promoted to head chef"),
        ("Got a Fender Jazz bass for my birthday.", "The user got a Fender Jazz bass"),
    ],
)
def test_a_clause_that_left_out_its_i_is_said_of_the_user(extractor, said, stored):
    assert any(f.startswith(stored) for f in facts(extract(extractor, ("user", said)))), stored


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Could you not use bullet points in your answers?", True),
        ("Could you please stop using so much jargon?", True),
        ("Can you not include the intro this time?", False),
        ("Can you not cc him on this email?", False),
        ("Can you summarise this article?", False),
    ],
)
def test_a_request_asked_as_a_question_to_leave_something_off_is_a_way_of_answering(extractor, said, kept):
    got = facts(extract(extractor, ("user", said)), Kind.PROCEDURAL)
    assert bool(got) == kept, got


def test_a_headed_value_with_a_comment_after_it_replaces_the_old_value(extractor):
    old = [item("d1", "The user is vegetarian, always hunting for new recipes.")]
    got = extract(extractor, ("user", "Diet update: keto now, vegetarian didn't work out."), existing=old)
    assert [(m.content, m.replaces) for m in got.memories] == [("The user's diet update: keto now.", ["d1"])]


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("Oh, I never introduced myself: I'm Elowen.", ["The user is Elowen.", "The user's name is Elowen."]),
        ("I have two pets: a cat and a dog.", ["The user has two pets: a cat and a dog."]),
        ("My diet: vegan now.", ["The user's diet: vegan now."]),
    ],
)
def test_a_colon_after_a_clause_announces_and_after_a_noun_heads(extractor, said, stored):
    assert facts(extract(extractor, ("user", said))) == stored


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Forget that, I live in Leeds now.", "The user lives in Leeds now."),
        # the parser hangs the whole correction on "Scratch" as its object
        ("Scratch that, my camera's a Pentax K-1 now.", "The user's camera is a Pentax K-1 now."),
        # a contrasted old value of several words is left out, and names nothing of the user's
        (
            "Scratch that, my camera's a Pentax K-1 now, not the Sony A7 IV.",
            "The user's camera is a Pentax K-1 now.",
        ),
    ],
)
def test_a_correction_after_scratch_that_is_kept_and_the_words_retracting_are_not(extractor, said, kept):
    assert facts(extract(extractor, ("user", said))) == [kept]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("i just finished a night shift, how do i convert mg to mcg again", "night shift"),
        ("I am on nights this week and how do I stay awake", "nights this week"),
        ("in figma, how do i swap all instances of one component", None),
    ],
)
def test_a_question_without_its_mark_is_not_stored_and_what_sets_it_up_is(extractor, said, kept):
    got = facts(extract(extractor, ("user", said)))
    assert not any(w in f for f in got for w in ("convert", "stay awake", "swap all"))
    assert (kept is None and got == []) or any(kept in f for f in got)


@pytest.mark.parametrize(
    "said",
    [
        "The Bullitt is gone. I swapped it for a Brompton.",
        "the bullitt is gone, swapped it for a brompton.",
    ],
)
def test_a_change_whose_old_value_is_a_pronoun_replaces_what_the_pronoun_stands_for(extractor, said):
    stored = "The user's bike is a Bullitt cargo bike."
    old = [item("e1", stored)]
    got = extract(extractor, ("user", said), existing=old)
    assert set(replaced(got, old)) == {stored}
    assert any("brompton" in f.lower() for f in facts(got))


@pytest.mark.parametrize(
    ("stored", "said"),
    [
        (
            "The user's friend Maud and the user have booked a canal trip on the Avon in May.",
            "Maud's knee is playing up, so we have swapped to a canal trip on the Severn instead.",
        ),
    ],
)
def test_a_change_said_of_us_replaces_what_the_user_did_with_someone(extractor, stored, said):
    old = [item("e1", stored)]
    got = extract(extractor, ("user", said), existing=old)
    assert set(replaced(got, old)) == {stored}


@pytest.mark.parametrize(
    "said",
    [
        "Can you use metric units when you give me recipes?",
        "Would you keep it short when you answer on my phone?",
    ],
)
def test_a_request_conditioned_on_what_the_assistant_does_in_general_stands(extractor, said):
    assert len(facts(extract(extractor, ("user", said)), Kind.PROCEDURAL)) == 1


@pytest.mark.parametrize(
    ("said", "kept"), [("Help!", 0), ("Wait.", 0), ("Don't ramble.", 1), ("Be brief.", 1)]
)
def test_a_verb_alone_asks_for_something_now_and_is_no_standing_instruction(extractor, said, kept):
    assert len(facts(extract(extractor, ("user", said)), Kind.PROCEDURAL)) == kept


def test_having_sold_a_thing_replaces_the_memory_of_it(extractor):
    got = extract(
        extractor,
        ("user", "Big news, I sold the Wayfarer to a club member and bought a Laser."),
        existing=[item("boat", "The user sails a Wayfarer on Rutland Water.")],
    )
    (change,) = [c for c in got.memories if c.kind == Kind.USER_PROFILE]
    assert "Laser" in change.content and change.replaces == ["boat"]


@pytest.mark.parametrize(
    "text",
    ["I sell handmade soap at the Saturday market.", "My uncle sold me his old Wayfarer last spring."],
)
def test_selling_as_a_habit_or_by_someone_else_ends_nothing(extractor, text):
    got = extract(
        extractor, ("user", text), existing=[item("boat", "The user sails a Wayfarer on Rutland Water.")]
    )
    assert all(not c.replaces for c in got.memories)


@pytest.mark.parametrize(
    ("stored", "said"),
    [
        # a phrasal change verb with its particle after the object
        ("The user plays the cello in an amateur orchestra.", "I gave the cello up last winter."),
        ("The user has a Fiat Panda.", "I gave my Panda away to my nephew last week."),
        ("The user drives a Buick.", "I traded in the Buick last week."),
    ],
)
def test_a_phrasal_verb_of_giving_up_replaces_the_memory_of_what_was_given_up(extractor, stored, said):
    got = extract(extractor, ("user", said), existing=[item("old", stored)])
    assert any(c.replaces == ["old"] for c in got.memories)


@pytest.mark.parametrize(
    "said", ["I'll give the Panda away next year.", "My nephew gave his Panda away.", "I give old toys away."]
)
def test_giving_away_to_come_by_someone_else_or_as_a_habit_ends_nothing(extractor, said):
    got = extract(extractor, ("user", said), existing=[item("old", "The user has a Fiat Panda.")])
    assert all(not c.replaces for c in got.memories)


@pytest.mark.parametrize(
    "said",
    [
        "Also pls always explain with IFRS, not US GAAP, that's what we use here",
        "Use metric units, that's what I grew up with.",
    ],
)
def test_an_instruction_with_a_comment_after_it_is_still_an_instruction(extractor, said):
    assert len(facts(extract(extractor, ("user", said)), Kind.PROCEDURAL)) == 1


def test_a_change_of_mind_about_a_value_replaces_it_and_leaves_it_out_of_the_new_memory(extractor):
    stored = "The user is training for the user's first marathon, Rotorua in May."
    said = "I've changed my mind about Rotorua. I've entered the Queenstown Marathon in November instead."
    got = extract(extractor, ("user", said), existing=[item("race", stored)])
    (change,) = [c for c in got.memories if c.kind == Kind.USER_PROFILE]
    assert change.replaces == ["race"]
    assert "Queenstown" in change.content and "Rotorua" not in change.content


def test_a_change_naming_only_its_slot_is_told_with_the_new_value(extractor):
    got = facts(extract(extractor, ("user", "I switched jobs last month, I'm a data engineer now.")))
    assert got == ["The user switched jobs last month. The user is a data engineer now."]


def test_a_change_of_a_noun_whose_article_chat_clipped_is_the_users(extractor):
    assert facts(extract(extractor, ("user", "Life list crossed 430 now!"))) == [
        "The user's life list crossed 430 now!"
    ]
