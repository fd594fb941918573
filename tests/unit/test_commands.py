"""Explicit remember/forget commands in the newest user message."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memstore.domain.commands import Command, parse_command, split_sentences


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


# --------------------------------------------------------------------------- families, not sentences


@pytest.mark.parametrize(
    ("text", "content"),
    [
        (
            "Log this for me: my bike lock key sits in the blue drawer.",
            "my bike lock key sits in the blue drawer",
        ),
        ("Could you file away that my godson's birthday is 9 October?", "my godson's birthday is 9 October"),
        ("Keep track of the fact that Ottilie prefers window seats.", "Ottilie prefers window seats"),
        (
            "Commit this to memory: the boiler engineer is called Ravindra.",
            "the boiler engineer is called Ravindra",
        ),
        ("FYI for the future, my partner can't eat shellfish.", "my partner can't eat shellfish"),
        ("Note for later: the garage door sticks in winter.", "the garage door sticks in winter"),
        ("For future reference - our vet is Dr. Amadi in Headingley.", "our vet is Dr. Amadi in Headingley"),
        (
            "Please hold on to this - my daughter's teacher is Ms Abernathy.",
            "my daughter's teacher is Ms Abernathy",
        ),
        ("I want you to hang on to this: the boat is moored at Pier 9.", "the boat is moored at Pier 9"),
        ("Put it on record: I'm moving to Tallinn in March.", "I'm moving to Tallinn in March"),
        ("Pop this in your notes: my allotment is plot 14.", "my allotment is plot 14"),
        ("Add this to your notes about me: I coach under-9s rugby.", "I coach under-9s rugby"),
        ("Add my new gym, Ironworks, to your notes.", "my new gym, Ironworks"),
        ("Jot down that the piano tuner comes in April.", "the piano tuner comes in April"),
        ("Don't let me forget that the MOT is due in May.", "the MOT is due in May"),
        ("Make a mental note that I'm vegetarian on weekdays.", "I'm vegetarian on weekdays"),
        ("Store that my partner's name is Ines.", "my partner's name is Ines"),
        ("My locker number is 221 - remember that.", "My locker number is 221"),
        ("Our cleaner comes on Thursdays. Make a note of that.", "Our cleaner comes on Thursdays"),
        (
            "Please note the following:\nMy barber is Tomasz at Sharp Cuts.",
            "My barber is Tomasz at Sharp Cuts",
        ),
    ],
)
def test_remember_family(text, content):
    cmd = parse_command(text)
    assert cmd is not None and cmd.action == "remember"
    assert cmd.content == content


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("Erase everything you know about my divorce.", "my divorce"),
        ("Please get rid of what I told you about the job at Brightwell.", "the job at Brightwell"),
        ("Purge the notes on my old flat in Leith.", "my old flat in Leith"),
        ("Could you clear whatever you have about the Kelso wedding from your memory?", "the Kelso wedding"),
        ("Remove any mention of Paulina from your records.", "Paulina"),
        ("Discard the part about my knee surgery.", "my knee surgery"),
        ("Can you wipe the bit about the allotment plan?", "the allotment plan"),
        ("Delete whatever you've got on the canal boat idea - it's private.", "the canal boat idea"),
        ("I'd like you to drop the Lisbon offer from your notes entirely.", "the Lisbon offer"),
        ("Scrub the sabbatical plan from your memory.", "the sabbatical plan"),
        ("Unlearn the thing about my sister's loan.", "my sister's loan"),
        ("No need to remember the Tenerife trip anymore.", "the Tenerife trip"),
        ("I don't want you to remember my ex-husband's name.", "my ex-husband's name"),
        ("Stop keeping notes on my sleep schedule.", "my sleep schedule"),
        ("You can forget about the pottery class.", "the pottery class"),
        ("Scratch the bit about the Lisbon conference, it fell through.", "the Lisbon conference"),
        ("That thing about the boat - forget it.", "the boat"),
        ("Wipe my salary from your memory, please.", "my salary"),
        ("I'd rather you didn't keep anything about my brother's arrest.", "my brother's arrest"),
        ("Forget I ever mentioned the Barcelona offer.", "the Barcelona offer"),
        ("Erase the stuff about Mr. Pemberton.", "Mr. Pemberton"),
        ("Take the karaoke night out of your notes.", "the karaoke night"),
    ],
)
def test_forget_family_gives_a_clean_phrase(text, phrase):
    cmd = parse_command(text)
    assert cmd is not None and cmd.action == "forget"
    assert cmd.content == phrase


@pytest.mark.parametrize(
    "text",
    [
        "How do I forget an embarrassing memory?",
        "What's a good way to remember people's names?",
        "Before I forget, my cousin is visiting.",
        "Please delete the last paragraph.",
        "Remove the part about pricing from the essay.",
        "Drop the formal tone, please.",
        "Could you clear the cache on my laptop?",
        "Save me a seat at the table.",
        "Keep going with the story.",
        "Log in to my account for me.",
        "Don't forget to call your mum.",
        "Never mind, forget I said anything.",
        "I need to keep track of my spending.",
        "Remove the bullet points.",
        "Scrub the pan with baking soda.",
        "Let's drop the subject.",
        "Help me forget my ex.",
        "Forget about work for a bit and tell me a joke.",
        "Write down the steps for me.",
        "Note that the function returns None.",
    ],
)
def test_decoys_are_not_commands(text):
    assert parse_command(text) is None


OBJECTS = st.sampled_from(
    [
        "the Vespa",
        "my landlord",
        "the hot tub idea",
        "the Quillstone recruiter",
        "my salary",
        "the treehouse project",
    ]
)
FORGET_TEMPLATES = st.sampled_from(
    [
        "Forget {}.",
        "Please forget about {}, thanks.",
        "Can you wipe the bit about {}?",
        "Delete whatever you've got on {} - it's private.",
        "I'd like you to drop {} from your notes entirely.",
        "Scrub {} from your memory.",
        "Erase what I told you about {}.",
        "Oh, and remove any mention of {} from your records please.",
        "No need to remember {} anymore.",
    ]
)


@settings(max_examples=120, deadline=None)
@given(obj=OBJECTS, template=FORGET_TEMPLATES, lead=st.sampled_from(["", "Thanks for that. ", "Hmm. "]))
def test_forget_phrase_is_exactly_the_object(obj, template, lead):
    cmd = parse_command(lead + template.format(obj))
    assert cmd is not None and cmd.action == "forget"
    assert cmd.content == obj


FACTS = st.sampled_from(
    ["my optician is Lindqvist Eyecare", "the babysitter's name is Marisela", "our anniversary is on 2 May"]
)
REMEMBER_TEMPLATES = st.sampled_from(
    [
        "Remember that {}.",
        "For future reference: {}.",
        "Jot down that {}.",
        "I want you to hang on to this: {}.",
        "Add this to your notes about me: {}.",
        "Could you make a note that {}?",
        "{} - remember that, okay?",
    ]
)


@settings(max_examples=120, deadline=None)
@given(fact=FACTS, template=REMEMBER_TEMPLATES)
def test_remember_content_is_exactly_the_fact(fact, template):
    text = template.format(fact)
    cmd = parse_command(text[0].upper() + text[1:])
    assert cmd is not None and cmd.action == "remember"
    assert cmd.content.lower() == fact.lower()


# --------------------------------------------------------------------------- more families


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("Erase the kayak from whatever you've stored about me.", "the kayak"),
        ("Remove my cousin Radek from everything you know about me, thanks.", "my cousin Radek"),
        ("Drop the pottery class out of whatever you've got on me please", "the pottery class"),
        ("bin everything re the bakery job pls", "the bakery job"),
        ("Scrap anything about the Lanzarote timeshare.", "the Lanzarote timeshare"),
        ("You can let go of the details about my driving test.", "my driving test"),
        ("Let go of the stuff about the allotment waiting list, please.", "the allotment waiting list"),
        ("Junk any mention of the caravan.", "the caravan"),
        ("I take back everything I said about the chess club.", "the chess club"),
        ("Retract what I told you about the lottery syndicate, please forget it.", "the lottery syndicate"),
        ("I want to withdraw what I mentioned regarding Tomasz - delete it.", "Tomasz"),
        ("I retract my comment about the climbing gym, please delete it.", "the climbing gym"),
    ],
)
def test_discarding_verbs_with_a_memory_object_are_forgets(text, phrase):
    cmd = parse_command(text)
    assert cmd is not None and cmd.action == "forget"
    assert cmd.content == phrase


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Keep a record: our router is in the loft.", "our router is in the loft"),
        ("Keep a log - my bike frame is 56cm.", "my bike frame is 56cm"),
        ("Pin this for me: the boiler engineer is Wojtek.", "the boiler engineer is Wojtek"),
        ("Pin this: my passport photo booth is at Boots.", "my passport photo booth is at Boots"),
        ("Stash this away for later - my nephew collects fossils", "my nephew collects fossils"),
        ("Bookmark this for me: my favourite bakery is Crumbs.", "my favourite bakery is Crumbs"),
        ("Save this for later pls - my shoe size is 44", "my shoe size is 44"),
        ("Store this for future reference: our bins go out on Tuesdays.", "our bins go out on Tuesdays"),
        ("Please note my piano tuner lives in Frome.", "my piano tuner lives in Frome"),
        ("Please note that I'm left-handed.", "I'm left-handed"),
        ("Note I take my tea without sugar.", "I take my tea without sugar"),
        ("Kindly note: my landlord is called Bertrand.", "my landlord is called Bertrand"),
    ],
)
def test_keeping_verbs_with_a_hand_over_are_remembers(text, content):
    cmd = parse_command(text)
    assert cmd is not None and cmd.action == "remember"
    assert cmd.content == content


@pytest.mark.parametrize(
    "text",
    [
        # "note" addressed to nobody in particular: a remark about the world, not about the user
        "Please note: the meeting moved to 3pm.",
        "Please note that the shop closes at five.",
        "Please note, the deadline has changed.",
        "Please note my new number.",
        # keeping/discarding verbs acting on the conversation or the world
        "Can you scrap the second paragraph?",
        "Scrap that, make it shorter.",
        "Let go of the steering wheel slowly.",
        "Ditch the formal tone please.",
        "Cancel my 3pm meeting.",
        "bin the bullet points from the summary",
        "Pin the tweet to my profile.",
        "Log my hours worked today.",
        "Keep a record of your sources in the essay.",
        "I take back my offer to help Sam.",
        # a retraction followed by the new value is a correction, not a forget
        "I take back what I said about the coffee, it's tea for me now.",
        "Ignore what I said about Rocket League, it's Hades now.",
        # questions about memory
        "Do you keep a record of everything I say?",
        "How do I delete what you've saved on me?",
    ],
)
def test_new_family_decoys_are_not_commands(text):
    assert parse_command(text) is None


DISCARD_TEMPLATES = st.sampled_from(
    [
        "Delete {} from whatever you've saved on me.",
        "scrap everything re {} pls",
        "I take back what I said about {}, please delete it.",
        "You can let go of the info about {}.",
        "Bin all the notes on {}, cheers.",
        "Erase {} from everything you know about me.",
    ]
)


@settings(max_examples=120, deadline=None)
@given(obj=OBJECTS, template=DISCARD_TEMPLATES)
def test_discard_family_phrase_is_exactly_the_object(obj, template):
    cmd = parse_command(template.format(obj))
    assert cmd is not None and cmd.action == "forget"
    assert cmd.content == obj


KEEP_TEMPLATES = st.sampled_from(
    [
        "Keep a record: {}.",
        "Pin this for me: {}.",
        "Save this for later pls - {}",
        "Please note {}.",
        "Please note that {}.",
        "Stash this away: {}.",
    ]
)


@settings(max_examples=120, deadline=None)
@given(
    fact=st.sampled_from(["my optician is Lindqvist Eyecare", "our anniversary is on 2 May"]),
    template=KEEP_TEMPLATES,
)
def test_keep_family_content_is_exactly_the_fact(fact, template):
    cmd = parse_command(template.format(fact))
    assert cmd is not None and cmd.action == "remember"
    assert cmd.content == fact


def test_forgetting_a_clause_about_the_user_names_its_object():
    """"Forget that I like jazz" forgets jazz, not every memory with "like" in it; a clause
    that names nothing is not a command."""
    assert parse_command("Forget that I like jazz.") == Command(action="forget", content="jazz")
    assert parse_command("please forget that i said i collect stamps") == Command(action="forget", content="stamps")
    assert parse_command("Forget that I am learning Polish.") == Command(action="forget", content="Polish")
    assert parse_command("Forget I said anything.") is None
    assert parse_command("Forget I asked.") is None
