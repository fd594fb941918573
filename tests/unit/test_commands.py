"""Explicit remember/forget commands: one grammar over syntax (domain/language/commands.py).

Outcomes only (action and content), on sentences written for these tests."""

import pytest

from memstore.adapters.spacy_parser import SpacyParser
from memstore.domain.commands import Command, split_sentences
from memstore.domain.language.commands import is_command, points_back, recognise, vocabulary


@pytest.fixture(scope="module")
def parse():
    return SpacyParser().parse


def command(parse, text: str) -> Command | None:
    return recognise(parse(text))


# ------------------------------------------------------------------ the brief's required examples


@pytest.mark.parametrize(
    ("text", "action", "content"),
    [
        ("please forget about my sister's wedding, it's private.", "forget", "my sister's wedding"),
        ("Can you forget where I live?", "forget", "where I live"),
        ("Actually, forget where I live.", "forget", "where I live"),
        ("Stop remembering my city.", "forget", "my city"),
        ("Delete what you know about my job.", "forget", "my job"),
        ("Don't keep my phone number.", "forget", "my phone number"),
        ("Remember that my dentist is Dr. Halvorsen.", "remember", "my dentist is Dr. Halvorsen"),
        ("Don't forget I'm allergic to peanuts.", "remember", "I'm allergic to peanuts"),
    ],
)
def test_required_examples(parse, text, action, content):
    assert command(parse, text) == Command(action=action, content=content)


# ------------------------------------------------------------------ addressed forms, varied


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("I'd like you to remember that my car is a blue Mazda.", "my car is a blue Mazda"),
        ("Please keep in mind that I work nights.", "I work nights"),
        ("Keep in mind I'm left-handed.", "I'm left-handed"),
        ("Bear in mind that my landlord is named Greta.", "my landlord is named Greta"),
        ("Note that I prefer aisle seats.", "I prefer aisle seats"),
        (
            "Hey, could you please note that my daughter's recital is on May 3rd?",
            "my daughter's recital is on May 3rd",
        ),
        ("Can you make a note that I'm vegetarian?", "I'm vegetarian"),
        ("Can you remember I take the 7:40 train?", "I take the 7:40 train"),
        ("You need to remember that I'm vegan.", "I'm vegan"),
        ("Please remember my son's name is Tobias.", "my son's name is Tobias"),
        ("Please save my new address: 12 Elm Street.", "my new address: 12 Elm Street"),
        (
            "Okay so, could you also store the fact that my passport expires in 2027?",
            "my passport expires in 2027",
        ),
        ("Remember this: the spare key is under the blue pot.", "the spare key is under the blue pot"),
    ],
)
def test_remember_forms(parse, text, content):
    assert command(parse, text) == Command(action="remember", content=content)


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("I don't want you to remember my address.", "my address"),
        ("I'd rather you didn't remember my travel plans.", "my travel plans"),
        ("I need you to forget my gym schedule.", "my gym schedule"),
        ("No need to remember my birthday.", "my birthday"),
        ("You don't need to remember my shoe size.", "my shoe size"),
        ("Would you mind forgetting my ex's name?", "my ex's name"),
        ("Let's forget about the marathon plan.", "the marathon plan"),
        ("Let's not remember my old job.", "my old job"),
        ("You can forget about my ex.", "my ex"),
        ("Please don't store my salary.", "my salary"),
        ("Please erase my old phone number.", "my old phone number"),
        ("Could you remove my old address from your notes?", "my old address"),
        ("Wipe anything about my brother.", "my brother"),
        ("Wipe anything about the Lisbon trip from your memory.", "the Lisbon trip"),
        ("Forget the stuff I told you about my brother-in-law.", "my brother-in-law"),
        ("Erase everything you know about my ex-boyfriend Marco.", "my ex-boyfriend Marco"),
        ("Forget I said anything about the promotion.", "the promotion"),
        ("Clear your memory of my old phone number.", "my old phone number"),
        ("Could you remove Tobias's school from what you have on me?", "Tobias's school"),
        ("Forget about the quilt I was making for my niece.", "the quilt I was making for my niece"),
    ],
)
def test_forget_forms(parse, text, content):
    assert command(parse, text) == Command(action="forget", content=content)


# ------------------------------------------------------------------ not commands


@pytest.mark.parametrize(
    "text",
    [
        "do you remember my dog's name?",  # a question about memory
        "Remember when we went hiking?",  # reminiscing
        "I forgot my keys again.",  # the user's own memory
        "I want to remember to call my mom.",
        "You don't remember my birthday.",  # a complaint, not a request
        "Remove my name from the document.",  # "from" names something other than memory
        "Save this draft.",
        "Keep it short.",
        "Don't delete my address.",  # a negated destructive verb is no command
        "My sister's wedding is in June.",
    ],
)
def test_not_commands(parse, text):
    assert command(parse, text) is None


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("delete the last paragraph", "the last paragraph"),
        ("drop the emojis", "the emojis"),
        ("remove the second bullet", "the second bullet"),
        ("Remove the section about pricing.", "pricing"),
        ("Please delete the football thing.", "the football thing"),
    ],
)
def test_a_destructive_verb_whose_object_is_not_the_users_is_a_tentative_forget(parse, text, content):
    """An editing request or a forget: it deletes only a memory it names (decided by the caller)
    and is no command for is_command, so a standing instruction worded so can still be kept."""
    assert command(parse, text) == Command(action="forget", content=content, tentative=True)
    assert not any(is_command(s) for s in parse(text))


def test_a_pointer_takes_its_thing_from_the_rest_of_the_sentence(parse):
    assert command(parse, "Never mind my morning routine, forget it.") == Command(
        action="forget", content="Never mind my morning routine", tentative=True
    )


@pytest.mark.parametrize(
    "text", ["Forget it, let's talk about something else.", "Remember this.", "Never mind, forget that."]
)
def test_pointer_only_commands_name_nothing_but_are_no_memory(parse, text):
    assert command(parse, text) is None
    assert any(is_command(s) for s in parse(text))


def test_is_command_per_sentence(parse):
    sentences = parse("My brother lives in Oslo. Please forget where I live.")
    assert [is_command(s) for s in sentences] == [False, True]
    assert recognise(sentences) == Command(action="forget", content="where I live")


def test_vocabulary_is_data_with_sources():
    voc = vocabulary()
    assert voc.verbs["forget"] == ("drop", "any")
    assert voc.verbs["delete"] == ("drop", "personal")
    assert "keep" in voc.phrases and "stop" in voc.cease
    assert voc.verbs["scrap"] == ("drop", "personal")  # from WordNet, dev/wordnet_command_verbs.py
    assert [rest for rest, _, _ in voc.phrases["toss"]] == [("out",), ("away",)]


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Hmm, scrap the cruise from your notes.", "the cruise"),
        ("Throw away what I told you about my ex.", "my ex"),
        ("Please trash the note about my landlord.", "my landlord"),
        ("Toss out everything about my old job.", "my old job"),
    ],
)
def test_verbs_of_discarding_from_wordnet_forget(parse, text, content):
    assert command(parse, text) == Command(action="forget", content=content)


@pytest.mark.parametrize("text", ["Cancel my gym membership.", "Strike a balance between my two jobs."])
def test_a_verb_whose_first_sense_is_no_discarding_is_no_forget(parse, text):
    assert command(parse, text) is None


def test_split_sentences_keeps_abbreviations():
    assert split_sentences("My dentist is Dr. Halvorsen. I like tea! Do you?") == [
        "My dentist is Dr. Halvorsen.",
        "I like tea!",
        "Do you?",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Hey, remember that my locksmith is called Ilse, okay?",
        "Remember that the twins go to Larchfield School, right?",
    ],
)
def test_a_tag_question_does_not_turn_a_command_into_a_question(parse, text):
    found = command(parse, text)
    assert found is not None and found.action == "remember"


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Is it possible to erase my landlord's name from your memory?", "my landlord's name"),
        ("Would it be OK to forget the surprise party?", "the surprise party"),
        ("I'd rather you didn't keep anything on my landlord.", "my landlord"),
    ],
)
def test_polite_questions_and_topics_introduced_by_on(parse, text, content):
    assert command(parse, text) == Command(action="forget", content=content)


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Keep this somewhere: the spare fuses are in the blue tin.", "the spare fuses are in the blue tin"),
        ("Please save this for later: my locker number is 118.", "my locker number is 118"),
        # the parser hangs the announced clause on "this"
        ("Please save this: the Wi-Fi network is called PotatoNet.", "the Wi-Fi network is called PotatoNet"),
    ],
)
def test_a_keeping_verb_pointing_at_what_a_colon_states_is_a_remember(parse, text, content):
    assert command(parse, text) == Command(action="remember", content=content)


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("About my landlord dispute, please don't keep that.", "my landlord dispute"),
        ("I told you about my divorce earlier. Please don't keep any of that.", "my divorce"),
        ("Regarding the surgery, please remove it from your memory.", "the surgery"),
    ],
)
def test_a_pointer_names_a_fronted_topic_or_the_sentence_before(parse, text, content):
    """ "don't keep that" / "remove it": the pointer's thing is the topic put before the verb, or
    what the sentence before was about (its last topic phrase)."""
    found = command(parse, text)
    assert found is not None and (found.action, found.content) == ("forget", content)


def test_a_task_on_what_a_colon_states_is_no_command(parse):
    assert command(parse, "Please translate this: the Wi-Fi network is called PotatoNet.") is None


def test_keep_going_is_no_command(parse):
    assert command(parse, "My sister told me about her trip. Keep going with the plan.") is None


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Don't keep the emojis in the summary.", "emojis"),
        ("About the report, please don't keep the appendix.", "appendix"),
        ("Please don't keep the Canada thing, it was just talk.", "Canada"),
        ("you don't need to keep the cabin crew interview stuff btw, didn't get it", "cabin crew"),
        ("you don't need to keep the stuff about the bathroom leak, it's fixed", "the bathroom leak"),
        ("Don't keep the part about the loan.", "the loan"),
    ],
)
def test_a_negated_keeping_verb_with_an_object_of_its_own_is_a_tentative_forget(parse, text, content):
    """It edits a text or drops what was said: only a stored fact it names decides."""
    found = command(parse, text)
    assert found is not None and found.action == "forget" and found.tentative and content in found.content


def test_a_dash_announces_what_a_pointer_keeps(parse):
    assert command(parse, "save this for later - the locker code is 4411") == Command(
        action="remember", content="the locker code is 4411"
    )


def test_the_sentence_a_pointer_names_is_part_of_the_request(parse):
    told, request = parse("I told you about my divorce earlier. Please don't keep any of that.")
    assert points_back(request, told)
    first, second = parse("My divorce was hard. Remember that my lawyer is Ana.")
    assert not points_back(second, first)


@pytest.mark.parametrize(
    ("text", "content"),
    [
        (
            "Would you kindly make a note that the plumber is coming on the third of June.",
            "the plumber is coming on the third of June",
        ),
        ("note this down pls: the spare fuse is in the blue tin", "the spare fuse is in the blue tin"),
    ],
)
def test_what_a_remember_keeps_is_the_stated_clause(parse, text, content):
    """A clause's own preposition ("coming *on* the third") is no topic pointer, and a pointer
    object ("this") takes what the colon states even with a stray word beside it."""
    assert command(parse, text) == Command(action="remember", content=content)


@pytest.mark.parametrize(
    "text",
    [
        "Delete the bit about my allotment plans, I shouldn't have mentioned them.",
        "Remove the part about my loft conversion.",
    ],
)
def test_a_capitalised_imperative_the_tagger_reads_as_a_name_is_still_a_verb(parse, text):
    got = command(parse, text)
    assert got is not None and got.action == "forget" and "my" in got.content


@pytest.mark.parametrize("text", ["Mark is my brother.", "Pat here."])
def test_a_name_that_is_also_a_verb_stays_a_name(parse, text):
    (sentence,) = parse(text)
    assert sentence.tokens[0].text == text.split()[0]
    assert sentence.tokens[0].pos == "PROPN"
    assert command(parse, text) is None


def test_a_verb_parsed_again_keeps_its_capital(parse):
    sentence = parse("Delete the bit about my allotment plans, I shouldn't have mentioned them.")[0]
    assert sentence.tokens[0].text == "Delete" and sentence.tokens[0].pos == "VERB"
    assert sentence.text.startswith("Delete the bit")


@pytest.mark.parametrize(
    ("text", "action", "content"),
    [
        ("Make sure you remember that my locker is number 117.", "remember", "my locker is number 117"),
        ("Make sure you forget my old address.", "forget", "my old address"),
    ],
)
def test_a_clause_of_the_assistants_under_an_imperative_is_what_it_asks(parse, text, action, content):
    assert command(parse, text) == Command(action=action, content=content)


def test_a_clause_of_the_assistants_under_a_statement_asks_nothing(parse):
    assert command(parse, "I'll make sure you remember.") is None


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Put it in your notes that my locker is 12.", "my locker is 12"),
        ("Could you add my shoe size to your memory?", "my shoe size"),
        (
            "Add this to what you know about me: the boiler is serviced in May.",
            "the boiler is serviced in May",
        ),
    ],
)
def test_any_verb_that_puts_something_into_the_assistants_memory_is_a_remember(parse, text, content):
    assert command(parse, text) == Command(action="remember", content=content)


def test_a_clause_of_the_assistants_that_qualifies_a_noun_is_no_memory(parse):
    assert command(parse, "Forward this to the address you gave me.") is None


@pytest.mark.parametrize(
    "text",
    [
        "I took the cake out of the oven.",
        "Put the chart in the report.",
        "Don't take my allergy out of your notes.",
        "Use the quote from your notes in the email.",
        "Copy the recipe out of your notes.",
        "Take the figures from your notes and make a table.",
    ],
)
def test_a_place_outside_the_memory_or_reading_from_it_is_no_command(parse, text):
    """Taking something out of "your notes" is as often reading it as dropping it."""
    assert command(parse, text) is None


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Gym thing: wipe it.", "Gym thing"),
        ("The wedding plans — never mind, you can forget about that.", "The wedding plans"),
        (
            "The dentist appointment business, you don't need to keep that, it's sorted.",
            "The dentist appointment business",
        ),
    ],
)
def test_a_pointer_names_the_noun_phrase_that_opens_the_sentence(parse, text, content):
    found = command(parse, text)
    assert found == Command(action="forget", content=content, tentative=True)


@pytest.mark.parametrize(
    "text", ["Delete it.", "Delete it, the paragraph is too long.", "My sister, she is moving to Oslo."]
)
def test_a_pointer_with_nothing_set_before_it_is_no_command(parse, text):
    assert command(parse, text) is None


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Keep my overdraft off the record.", "my overdraft"),
        ("okay Sam delete my old number", "my old number"),
        ("ok so Dana forget my old number", "my old number"),
    ],
)
def test_keeping_out_of_the_memory_and_a_vocative_before_the_verb_make_a_forget(parse, text, content):
    """ "keep … off the record" keeps it out; "Dana" before a bare "forget" cannot be its subject
    (the verb does not agree), so it is a name the user calls the assistant."""
    assert command(parse, text) == Command(action="forget", content=content)


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("the thing i told you about my landlord please don't keep it", "my landlord"),
        ("the stuff about my ex please don't keep it", "my ex"),
    ],
)
def test_a_noun_phrase_that_does_not_agree_with_the_verb_is_the_topic_a_pointer_names(parse, text, content):
    """ "the thing … don't keep it": "don't" does not agree with a singular noun, so the noun
    phrase is a topic put before the verb, not its subject; "it" points at it."""
    got = command(parse, text)
    assert got is not None and (got.action, got.content) == ("forget", content)


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("scratch what I said about the gym membership", "the gym membership"),
        ("clear the stuff about my gym membership", "my gym membership"),
    ],
)
def test_an_imperative_the_tagger_reads_as_a_noun_is_still_a_verb(parse, text, content):
    assert command(parse, text) == Command(action="forget", content=content)


@pytest.mark.parametrize(
    "text",
    [
        "Tom and Lisa forget my birthday every year.",
        "The kids forget my name.",
        "Keep the receipts in the blue folder.",
    ],
)
def test_a_subject_that_agrees_with_the_verb_or_a_place_outside_the_memory_makes_no_command(parse, text):
    assert command(parse, text) is None


def test_forget_i_said_that_names_what_the_sentence_before_was_about(parse):
    assert command(parse, "I told you about my divorce. Forget I said that.") == Command(
        action="forget", content="my divorce", tentative=True
    )


def test_a_keeping_verb_with_a_source_from_the_memory_is_no_forget(parse):
    found = command(parse, "Keep the quote from your notes for the email.")
    assert found is None or found.action == "remember"


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Please keep in mind, going forward, that my gym closes at nine.", "my gym closes at nine"),
        (
            "Please remember, going forward, that the kids have swim on Tuesdays.",
            "the kids have swim on Tuesdays",
        ),
        ("Keep in mind, looking ahead, that the van needs diesel.", "the van needs diesel"),
    ],
)
def test_a_that_clause_the_parser_hung_on_an_aside_is_what_to_remember(parse, text, content):
    # spaCy attaches the that-clause to "going"/"looking", not to the keeping verb
    assert command(parse, text) == Command(action="remember", content=content)


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Remember that the forms must be filed by Friday.", "the forms must be filed by Friday"),
        ("Note that my visa paperwork was filed in March.", "my visa paperwork was filed in March"),
        ("Remember that the claim gets filed through the portal.", "the claim gets filed through the portal"),
    ],
)
def test_a_verb_that_looks_like_a_memory_noun_is_no_pointer(parse, text, content):
    # "filed" is the verb "file", not "your file on me": the whole clause is what to remember
    assert command(parse, text) == Command(action="remember", content=content)
    assert command(parse, "Delete the file you have on my brother.") == Command(
        action="forget", content="my brother"
    )


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("You needn't keep what I told you about the leak in my bathroom.", "the leak in my bathroom"),
        ("You need not remember my old address.", "my old address"),
    ],
)
def test_need_used_as_a_modal_asks_the_assistant(parse, text, content):
    assert command(parse, text) == Command(action="forget", content=content)


def test_a_question_about_the_memory_is_no_command(parse):
    assert command(parse, "You don't remember my old address, do you?") is None


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Scratch what I said about my Etsy shop plan.", "my Etsy shop plan"),
        ("Get rid of anything you saved about the alpacas.", "the alpacas"),
        ("Get rid of what you know about my job hunt.", "my job hunt"),
    ],
)
def test_deleting_verbs_of_everyday_english_forget(parse, text, content):
    assert command(parse, text) == Command(action="forget", content=content)


@pytest.mark.parametrize(
    "text", ["Scratch that, I'm on Opera now, not Vivaldi.", "Forget that, I live in Leeds now."]
)
def test_a_that_set_off_by_a_comma_retracts_what_was_said_and_forgets_nothing(parse, text):
    """The clause after it is the correction; "forget that I live in Leeds" would name the fact."""
    assert command(parse, text) is None
    assert command(parse, "Forget that I live in Leeds.") == Command(
        action="forget", content="I live in Leeds"
    )


def test_a_keeping_verb_before_that_and_a_comma_still_remembers(parse):
    found = command(parse, "Remember that, my dentist is Dr Okafor.")
    assert found is not None and found.action == "remember"


def test_chat_spellings_are_read_as_written(parse):
    assert command(parse, "u dont need to keep the thing about darren pls") == Command(
        action="forget", content="darren", tentative=True
    )
    assert command(parse, "keep this somewhere pls: the spare fuses are in the blue tin") == Command(
        action="remember", content="the spare fuses are in the blue tin"
    )


@pytest.mark.parametrize(
    ("text", "action", "content", "tentative"),
    [
        ("Don't hold on to the orchard plan, I don't want that saved.", "forget", "the orchard plan", True),
        (
            "And don't hold on to that stuff about my cousin, that's her business.",
            "forget",
            "my cousin",
            False,
        ),
        ("Could you hold on to the name of my landlord?", "remember", "the name of my landlord", False),
    ],
)
def test_the_phrasal_verb_of_keeping_takes_the_object_of_the_preposition_after_its_particle(
    parse, text, action, content, tentative
):
    got = command(parse, text)
    assert got is not None
    assert (got.action, got.content, got.tentative) == (action, content, tentative)


def test_hold_on_without_an_object_is_no_command(parse):
    assert command(parse, "Hold on, I need to check something.") is None


@pytest.mark.parametrize(
    ("text", "action", "content"),
    [
        # the antonym of keeping ("fail to keep or to maintain") drops
        ("Oh and lose what I told you about my cousin's court case.", "forget", "my cousin's court case"),
        ("Please lose the bit about my overdraft.", "forget", "my overdraft"),
        # WordNet's first sense of "file away": place in a container for keeping records
        ("File this away for me: the boiler code is F28.", "remember", "the boiler code is F28"),
    ],
)
def test_wordnet_relations_of_keeping_give_a_forget_and_a_remember(parse, text, action, content):
    got = command(parse, text)
    assert got is not None
    assert (got.action, got.content) == (action, content)


@pytest.mark.parametrize(
    "text",
    [
        "Can you help me lose weight before the wedding?",
        "How do I lose my accent?",
        "Don't lose my address, I'll need it for the form.",
        "I filed my tax return yesterday.",
    ],
)
def test_losing_or_filing_that_is_not_said_to_the_memory_is_no_command(parse, text):
    assert command(parse, text) is None


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Could we just drop the stuff about my ex?", "my ex"),
        ("Can we forget about the allotment plan?", "the allotment plan"),
        # make-believe over the user's own telling, negated
        ("Let's pretend I didn't tell you about the jiu-jitsu classes.", "the jiu-jitsu classes"),
        ("Pretend I never said that about my boss.", "my boss"),
    ],
)
def test_a_joint_act_or_a_make_believe_untelling_is_a_forget(parse, text, content):
    assert command(parse, text) == Command(action="forget", content=content)


@pytest.mark.parametrize(
    "text",
    [
        "We should forget about the allotment plan.",
        "Pretend you're a pirate and tell me a story.",
        "Let's pretend I'm a customer and you sell me a car.",
        "I pretend I don't know him when he calls.",
    ],
)
def test_a_statement_of_ours_or_a_make_believe_of_something_else_is_no_command(parse, text):
    assert command(parse, text) is None


def test_a_politeness_word_read_as_the_object_is_no_content(parse):
    assert command(parse, "Remember this please: my locker number is 418.") == Command(
        action="remember", content="my locker number is 418"
    )


# ------------------------------------------------------------------ session 24: more of English's own structure


@pytest.mark.parametrize(
    ("text", "action", "content"),
    [
        # a negated noun governing the memory verb negates it
        ("btw no need to remember the gym stuff, my sister reads my phone", "forget", "the gym stuff"),
        ("There is no need to keep my old address.", "forget", "my old address"),
        # the infinitive of an adjective said of the assistant in a modal request
        (
            "Would you be so kind as to hold on to this for me: the parish fete is on June 2.",
            "remember",
            "the parish fete is on June 2",
        ),
        # a memory noun that qualifies a vaguer head is still the assistant's memory
        (
            "put this in your memory thing: the dentist is on 2 October",
            "remember",
            "the dentist is on 2 October",
        ),
        ("add it to your notes app: my locker is 42", "remember", "my locker is 42"),
    ],
)
def test_commands_read_from_negation_scope_adjective_complements_and_compound_nouns(
    parse, text, action, content
):
    assert command(parse, text) == Command(action=action, content=content)


def test_a_clause_after_the_pointer_says_why_and_the_fronted_topic_is_what_to_forget(parse):
    got = command(parse, "that thing about raben forget it, they offer less. i stay")
    assert got is not None and got.action == "forget" and got.content == "raben"


@pytest.mark.parametrize(
    "text",
    [
        "I'm happy to remember that for you.",
        "I was able to remember the code.",
        "I have no time to keep a diary.",
    ],
)
def test_the_users_own_remembering_is_no_command(parse, text):
    assert command(parse, text) is None
