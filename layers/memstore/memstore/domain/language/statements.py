"""Which clauses of a conversation state something durable about the user, and as what.

Syntax says who a clause is about and what shape it has (a first-person statement, a fragment
answering the assistant's question, an instruction, a question); the labelled examples in
data/statements.jsonl, compared by embedding, say whether it is worth keeping (durable fact,
standing instruction) or not (one-off request, passing state, chit-chat, someone else's news).
Nothing here lists topics or values."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from memstore.domain.language import changes, examples, reference
from memstore.domain.language.commands import vocabulary
from memstore.domain.language.semantics import Decision, Embed, PrototypeClassifier
from memstore.domain.language.syntax import Sentence, Token
from memstore.domain.language.text import (
    SUBJECTS,
    asks,
    asks_within,
    clauses,
    clipped,
    finish,
    head_of,
    introductions,
    is_first_person,
    lowered,
    mentions_first_person,
    presented,
    render,
    strip_leading_noise,
    third_person,
)

KEEP_LABELS = ("durable", "procedural")
MENTION_LABELS = ("transient", "other_person", "opinion_world")
"""Not lasting facts about the user, but what the user told about their days, people and views:
the ones that name someone or something make the session's summary (what a later question may
ask about: "who was I hiking with on Saturday?")."""
SELF_LABELS = ("durable", "procedural", "transient", "chitchat", "opinion_world")
"""A clause whose subject is the user is neither someone else's news nor a request."""
OWNED_LABELS = ("durable", "procedural", "transient", "chitchat", "other_person")
"""A clause whose subject is something of the user's ("my hobby", "my sister") is no opinion
about the world and no request."""
FOCUS_MATCH = 0.35
"""Cosine of a passing mention to a focus phrase of the store's policy at which it is kept as a
fact (MiniLM: a sentence and a short topic phrase sit at 0.2-0.4 when related, below 0.15 when
not; set conservatively)."""
CHANGE_TIE = 0.05
"""A statement that marks a change ("… now") or a habit ("whenever …", "always …") is a lasting
state, not a passing one, unless the passing reading wins by this much."""
FACET_MIN_SCORE = 0.38
"""Mean cosine of a statement to its facet's two nearest examples below which it is filed under no facet."""
FACET_MIN_MARGIN = 0.02


@dataclass
class Statement:
    message_id: str
    text: str
    """Third person, the user's words for the values."""
    evidence: str
    """The clause as the user wrote it (what the classifier saw)."""
    label: str = ""
    margin: float = 0.0
    change: changes.Change = field(default_factory=changes.Change)
    facet: str | None = None
    exclusive: bool = False
    about_self: bool = False
    """The statement's subject is the user ("I …"), not something or someone of theirs."""
    shared: bool = False
    """Part of it is someone else's clause ("I'm helping my mum move flats"): it never gives the
    user's one value of a single-valued facet."""
    named: bool = False
    """The clause names someone or something (a proper noun)."""
    habitual: bool = False
    """The statement speaks of a habit ("whenever I'm at a café I get …")."""
    former: str | None = None
    """Words naming the value a change replaces ("Georgian" of "Malaysian, not Georgian")."""
    retraction_of: str | None = None
    """For a retraction folded into the next statement: the retracted clause (positive form)."""
    context: str | None = None
    """The sentence a pronoun of the statement was resolved from (reference.py)."""
    asked: bool = False
    """A request asked as a question with nothing saying it stands ("Can you drop the emojis?"):
    it stands only when the user's next statement is a standing preference ("I prefer plain
    text")."""
    request: str | None = None
    """The asked request a standing preference took in (its words, as the user wrote them)."""
    slot: bool = False
    """A change that names only what changed ("I switched jobs"): the next change gives the value."""


@dataclass(frozen=True)
class Turn:
    message_id: str
    role: str
    sentences: list[Sentence]


class Semantics:
    """The embedding decisions of the reader, for one embedder (prototypes embedded once)."""

    def __init__(self, embed: Embed):
        self.embed = embed
        self.statements = PrototypeClassifier(examples.load("statements"), embed)
        self.facets = PrototypeClassifier(examples.load("facets"), embed, k=2)
        self._exclusive = {r["label"] for r in examples.rows("facets") if r.get("single_valued")}

    def facet(self, vector: np.ndarray) -> tuple[str | None, bool]:
        """The profile facet a statement is about, and whether that facet holds one value."""
        (decision,) = self.facets.decide_vectors(vector[None, :])
        if decision.score < FACET_MIN_SCORE or decision.margin < FACET_MIN_MARGIN:
            return None, False
        return decision.label, decision.label in self._exclusive


def is_question(sentence: Sentence) -> bool:
    return asks(sentence)


def is_request_question(sentence: Sentence) -> bool:
    """ "Can you always format your replies as bullet points?": a question whose subject is the
    assistant and whose verb takes a modal is a request, not a question."""
    for verb in sentence.tokens:
        subjects = [c for c in sentence.children(verb) if c.dep in SUBJECTS]
        if subjects and subjects[0].lower == "you" and any(c.tag == "MD" for c in sentence.children(verb)):
            return True
    return False


def _told_before_asking(sentence: Sentence, pieces: list[list[Token]]) -> list[list[Token]]:
    """ "I play bodhrán on Thursdays, do you know any exercises for triplets?": the clauses before
    the one that asks, each in a statement's order (the user its subject, before its verb; no
    question word), are what the user told about themselves to set up the question."""
    told = []
    for clause in pieces[:-1]:
        head = head_of(clause)
        if head is None or any(t.tag in ("WP", "WRB", "WDT", "WP$") for t in clause):
            continue
        kids = sentence.children(head)
        subject = next((c for c in kids if c.dep in SUBJECTS), None)
        if subject is None or subject.i > head.i or any(c.dep == "aux" and c.i < subject.i for c in kids):
            continue
        if is_first_person(subject):
            told.append(clause)
    return told


def is_wh_question(sentence: Sentence) -> bool:
    """A question for information about something other than the asker ("What's the puppy's
    name?", not "How can I help?")."""
    if not is_question(sentence) or not any(
        t.tag in ("WP", "WRB", "WDT", "WP$") for t in sentence.tokens[:4]
    ):
        return False
    return not any(t.dep in SUBJECTS and is_first_person(t) for t in sentence.tokens)


def is_instruction(sentence: Sentence, tokens: list[Token]) -> bool:
    """An imperative (a base-form verb at the root with no subject) or a clause whose subject
    is the assistant ("you")."""
    root = head_of(tokens)
    if root is None:
        return False
    subjects = [c for c in sentence.children(root) if c.dep in SUBJECTS]
    if not subjects:
        # a plain present form is the base form: after a fronted condition ("When you use jargon,
        # include a glossary") it is an imperative the tagger read as a present tense
        fronted = any(
            c.dep == "advcl" and c.i < root.i and any(x.dep in SUBJECTS for x in sentence.children(c))
            for c in sentence.children(root)
        )
        return root.tag == "VB" or (root.tag == "VBP" and fronted)
    if _misread_subject(sentence, root, subjects[0]) or _commented(sentence, root, subjects[0]):
        return True
    return subjects[0].lower == "you" and any(c.tag == "MD" for c in sentence.children(root))


def _commented(sentence: Sentence, root: Token, subject: Token) -> bool:
    """ "Always explain with IFRS, not US GAAP, that's what we use here": the parser made the
    comment ("that's …") the root and the imperative before it its adverbial clause."""
    if subject.morph.get("PronType") != "Dem" or subject.i > root.i:
        return False
    return any(
        c.dep == "advcl"
        and c.tag == "VB"
        and c.i < subject.i
        and not any(x.dep in (*SUBJECTS, "mark", "aux") for x in sentence.children(c))
        and any(t.text == "," for t in sentence.tokens[c.i : subject.i])
        for c in sentence.children(root)
    )


def _misread_subject(sentence: Sentence, verb: Token, subject: Token) -> bool:
    """A verb in its plain form with no auxiliary does not agree with a singular noun: a noun set
    off by a comma before it, and owned by no one, is an aside, not its subject ("one more
    thing, never suggest …", "ok first thing, stop saying …")."""
    auxiliaries = [c for c in sentence.children(verb) if c.dep in ("aux", "auxpass")]
    comma = any(t.text == "," for t in sentence.tokens[subject.i + 1 : verb.i])
    owned = any(c.dep == "poss" for c in sentence.children(subject))
    plain = verb.tag in ("VB", "VBP") and not auxiliaries
    return plain and subject.tag in ("NN", "NNP") and comma and not owned


def _dropped_i(root: Token) -> tuple[str, str] | None:
    """What a clause that left out its "I" starts with in full, in the user's words and in the
    third person: "I'm" before a participle or an adjective, "I" before a past tense."""
    if root.tag == "VBG" or root.pos == "ADJ":
        return "I'm", "The user is"
    if root.tag in ("VBD", "VBN"):
        return "I", "The user"
    return None


def _with_subject(tokens: list[Token], text: str) -> str:
    lead = _dropped_i(head_of(tokens) or tokens[0])
    return f"{lead[1]} {lowered(tokens, text)}" if lead else text


def _fragment_text(tokens: list[Token], refs: dict[int, str] | None = None) -> tuple[str, str] | None:
    """A subject-less fragment told by the user ("no longer learning Norwegian", "Vegetarian,
    by the way"): the clause as the user would say it in full, and in the third person."""
    root = head_of(tokens) or tokens[0]
    body = lowered(tokens, render(tokens, refs))
    lead = _dropped_i(root)
    if lead is not None:
        return f"{lead[0]} {body}", f"{lead[1]} {body}"
    if root.pos in ("NOUN", "PROPN", "NUM"):
        return body, f"The user: {body}"
    return None


HEADING_WORDS = 4


def _asked_heading(sentence: Sentence) -> str | None:
    """ "My age?" before its answer: a question that is only a short noun phrase of the user's
    heads the next sentence, as "My age:" would; the phrase without "my", else None."""
    words = [t for t in sentence.tokens if t.pos != "PUNCT"]
    if not asks(sentence) or not words or len(words) > HEADING_WORDS:
        return None
    if any(t.pos in ("VERB", "AUX") for t in words) or not any(
        t.dep == "poss" and is_first_person(t) for t in words
    ):
        return None
    return render([t for t in words if not (t.dep == "poss" and is_first_person(t))])


def _headed(sentence: Sentence, tokens: list[Token], change: changes.Change) -> tuple[str, str | None] | None:
    """ "Diet update: keto now" / "Update on the holiday: Montreal, not Cape Town": a short
    heading, a colon and a value with no subject of its own state the value of what the
    heading names (the text, and the former value a change names)."""
    colon = next((n for n, t in enumerate(tokens[: HEADING_WORDS + 1]) if t.text == ":" and n > 0), None)
    if colon is None:
        return None
    heading, value = tokens[:colon], tokens[colon + 1 :]
    inside_heading = {t.i for t in heading}
    if any(t.dep in SUBJECTS and t.head in inside_heading and t.i < t.head for t in heading):
        return None  # "I have two pets: a cat and a dog" is a clause, not a heading
    heading = [t for t in heading if not (t.dep == "poss" and is_first_person(t))] or heading
    # a clause of its own after a comma comments on the value ("keto now, vegetarian didn't work out")
    cut = next(
        (
            n
            for n, t in enumerate(value)
            if t.text == "," and any(x.pos in ("VERB", "AUX") for x in value[n + 1 :])
        ),
        None,
    )
    value = value[:cut] if cut is not None else value
    inside = {t.i for t in value}
    lead = next((t for t in value if t.pos not in ("ADV", "PART", "PUNCT")), None)
    if lead is None or lead.tag == "VB" or not any(t.pos in changes.NAMING for t in value):
        return None
    if any(t.dep in SUBJECTS and t.head in inside or is_first_person(t) for t in value):
        return None
    kept = changes.without_former_value(sentence, value) if change.shift else value
    label = render(heading)
    label = label if heading[0].pos == "PROPN" else label[:1].lower() + label[1:]
    former = changes.former_value(sentence, value) if change.shift else None
    return finish(f"The user's {label}: {render(kept)}"), former


class Reader:
    def __init__(self, semantics: Semantics, focus: Sequence[str] = ()):
        """`focus`: what the store's policy asks to capture ("cooking and food preferences"); a
        passing mention close to one of them is kept as a fact."""
        self._sem = semantics
        self._focus = np.asarray(semantics.embed(list(focus)), dtype=np.float32) if focus else None
        self.mentioned: list[Statement] = []
        """After `read`: the statements that told something passing (MENTION_LABELS)."""
        self.swaps: list[Statement] = []
        """After `read`: new values said with only the value they replace and no retraction to
        fold into ("Change of plan, it's Madeira now, not Ghent."): the caller looks for the
        stored memory that holds the former value."""

    def read(self, turns: Sequence[Turn], new_ids: set[str], is_command) -> list[Statement]:
        """Statements of the user turns whose message id is in `new_ids`; earlier turns are
        context (the assistant's questions, antecedents)."""
        drafts: list[Statement] = []
        previous: Turn | None = None
        for turn in turns:
            if turn.role == "user" and turn.message_id in new_ids:
                drafts.extend(self._turn(turn, previous, is_command))
            previous = turn
        return self._decide(drafts)

    def _turn(self, turn: Turn, previous: Turn | None, is_command) -> list[Statement]:
        out: list[Statement] = []
        antecedent: list[Token] | None = None
        asked = (
            previous.sentences[-1]
            if previous and previous.role == "assistant" and previous.sentences
            else None
        )
        heading: str | None = None
        for n, sentence in enumerate(turn.sentences):
            if is_command(sentence):
                continue
            asked_heading, heading = heading, _asked_heading(sentence)
            # whatever else a sentence does, naming someone or something of the user's is lasting
            # ("Also my dog Loukoumi ate a koulouri, is sesame dangerous for dogs?")
            named = introductions(sentence)
            # not an answer to a question for something ("Who's your landlord?" "It's Greta.")
            if n < 2 and not (asked and is_wh_question(asked)) and (who := presented(sentence)) is not None:
                named.append(("name", who))
            for noun, name in named:
                text = f"The user's {noun} is {name}."
                out.append(Statement(turn.message_id, text, text, label="intro", about_self=noun == "name"))
            asking = is_question(sentence)
            pieces = clauses(sentence)
            told = None
            if asking and not is_request_question(sentence):
                told = _told_before_asking(sentence, pieces)
                if not told:
                    continue
            for k, clause in enumerate(pieces):
                if told is not None and not any(clause is t for t in told):
                    continue
                if _announces(sentence, clause, pieces[k + 1 :]):
                    continue
                tokens = strip_leading_noise(sentence, clause)
                if not tokens or all(t.pos == "PUNCT" for t in tokens):
                    continue
                if not asking and asks_within(sentence, clause) and not is_instruction(sentence, tokens):
                    continue
                answering = n == 0 and asked is not None and is_wh_question(asked)
                verbless = not any(t.pos in ("VERB", "AUX") for t in tokens)
                if asked_heading and verbless:
                    # "My age? 26, since last month." reads as "My age: 26, since last month."
                    told = f"{asked_heading}: {render(tokens)}"
                    statement = Statement(
                        turn.message_id, finish(f"The user's {told}"), f"My {told}", about_self=True
                    )
                elif answering and verbless:
                    statement = _answer(turn.message_id, asked, render(tokens))
                    antecedent = tokens
                else:
                    before = turn.sentences[n - 1] if n else None
                    refs = (
                        reference.within(sentence, clause)
                        or reference.antecedents(sentence, before)
                        or reference.person(sentence, clause, before)
                    )
                    if refs and before is not None and is_command(before):
                        # "Can you forget the Vespa? I'd rather you didn't keep that.": the same request
                        continue
                    statement = self._clause(turn.message_id, sentence, tokens, antecedent, clause, refs)
                    if statement is not None and refs and before is not None:
                        statement.context = before.text
                standing = _habitual(tokens) or _on_your_condition(sentence, tokens)
                if asking and told is None and statement is not None and not standing:
                    if statement.label != "instruction":
                        continue
                    statement.asked = not _refrains(sentence, tokens)
                if statement is not None:
                    statement.named = any(t.pos == "PROPN" for t in tokens)
                    out.append(statement)
        return _fold_changes(out)

    def _clause(
        self,
        message_id: str,
        sentence: Sentence,
        tokens: list[Token],
        antecedent: list[Token] | None = None,
        clause: list[Token] | None = None,
        refs: dict[int, str] | None = None,
    ) -> Statement | None:
        change = changes.change_of(sentence, clause or tokens)
        instruction = is_instruction(sentence, tokens)
        if (
            change.retract
            and not instruction
            and not mentions_first_person(tokens)
            and any(t.dep in SUBJECTS for t in tokens)
        ):
            former = changes.former_value(sentence, tokens)
            return Statement(
                message_id, render(tokens), render(tokens), label="retraction", change=change, former=former
            )
        swapped = changes.swapped_value(sentence, tokens)
        if swapped is not None and not mentions_first_person(tokens):
            former = changes.former_value(sentence, tokens) if change.shift else None
            # "It's Tuesdays, not Thursdays": the contrasted old value hangs on the new one
            value = changes.without_former_value(sentence, swapped) if change.shift else swapped
            return Statement(
                message_id,
                render(value),
                lowered(tokens, render(tokens)),
                label="swap",
                change=change,
                former=former,
            )
        headed = _headed(sentence, tokens, change)
        if headed is not None:
            text, former = headed
            return Statement(message_id, text, render(tokens), change=change, about_self=True, former=former)
        if instruction:
            if _points_elsewhere(sentence, tokens) or _bare(sentence, tokens):
                return None
            return Statement(
                message_id,
                third_person(sentence, tokens),
                render(tokens),
                label="instruction",
                # the clause's whole subtree: "From now on, …" hangs on the verb before the clause starts
                habitual=_habitual(sentence.subtree(head_of(tokens) or tokens[0]), quantifiers=False),
            )
        if mentions_first_person(tokens):
            kept = changes.without_former_value(sentence, tokens) if change.shift else tokens
            retraction_of = None
            text = None
            split = changes.split_retraction(sentence, kept)
            if split is not None:
                kept, retracted = split
                retraction_of = render(retracted) if any(t.pos in changes.NAMING for t in retracted) else None
                change = changes.Change(shift=True)
                value = changes.swapped_value(sentence, kept)
                positive = changes.without_negation(sentence, retracted)
                old_value = changes.value_of(sentence, positive) if value is not None else None
                if value is not None and old_value and len(positive) < len(retracted):
                    swap = {t.i: "" for t in old_value} | {old_value[0].i: render(value)}
                    text = third_person(sentence, positive, {**(refs or {}), **swap})
                elif value is not None:
                    # "I quit rocket league, it's all valorant now": retracted by its verb, the
                    # clause has no positive frame for the new value; both are told together
                    text = third_person(sentence, tokens, refs)
            if split is not None:
                former = changes.former_value(sentence, retracted, refs)
            else:
                former = changes.former_value(sentence, tokens, refs) if change.shift else None
            subject = next((t for t in tokens if t.dep in SUBJECTS), None)
            dropped = subject is None and _dropped_i(head_of(kept) or kept[0]) is not None
            about_self = dropped or subject is not None and subject.lower in ("i", "we")
            owned = subject is not None and _owned(sentence, subject)
            text = text or third_person(
                sentence, kept, {**(refs or {}), **changes.replacement_frame(sentence, kept)}
            )
            if dropped:
                # "Thinking of opening my own food truck" → "The user is thinking of opening …"
                text = _with_subject(kept, text)
            slot = change.shift and not change.retract and changes.names_slot(sentence, kept)
            return Statement(
                message_id,
                text,
                # what a pointer stands for decides what the clause says ("It's my browser.")
                render(tokens, refs),
                label="self" if about_self else "owned" if owned else "",
                change=change,
                about_self=about_self,
                shared=changes.others_clause(sentence, kept),
                retraction_of=retraction_of,
                former=former or (_topic_of(sentence, kept) if slot else None),
                habitual=_habitual(tokens),
                slot=slot,
            )
        subject = next((t for t in tokens if t.dep in SUBJECTS), None)
        if subject is not None and refs and subject.i in refs:
            # "he's a sound engineer", said of "my brother Emiliano" just before; the evidence is
            # in the user's words, as the labelled examples are ("my brother Emiliano is …")
            mine = {subject.i: "my" + refs[subject.i].removeprefix("The user's")}
            return Statement(
                message_id,
                third_person(sentence, tokens, refs),
                render(tokens, mine),
                label="owned",
                change=change,
            )
        if subject is not None:
            return _resolved(message_id, sentence, tokens, antecedent) or _definite_change(
                message_id, sentence, tokens, change
            )
        kept = changes.without_former_value(sentence, tokens) if change.shift else tokens
        fragment, told = _fragment_text(kept, refs), _fragment_text(tokens, refs)
        if fragment is None or told is None:
            return None
        former = changes.former_value(sentence, tokens, refs) if change.shift else None
        # a verb or an adjective whose "I" was left out is said of the user ("Got promoted …")
        said_of_user = told[1].startswith("The user ")
        return Statement(
            message_id,
            finish(fragment[1]),
            told[0],
            label="self" if said_of_user else "",
            change=change,
            # a bare noun phrase ("Juni ab.") has no predicate to say whose value it is; it gives
            # the user's one value of a facet only when it is marked as a change ("keto now")
            about_self=said_of_user or change.shift,
            former=former,
        )

    def _decide(self, drafts: list[Statement]) -> list[Statement]:
        self.swaps = [d for d in drafts if d.label == "swap"]
        intros = [d for d in drafts if d.label == "intro"]
        kept = self._classified([d for d in drafts if d.label not in ("swap", "intro", "retraction")])
        for intro in intros:
            noun, name = intro.text.removeprefix("The user's ").rstrip(".").split(" is ", 1)
            if not any(k.message_id == intro.message_id and name in k.text and noun in k.text for k in kept):
                intro.label = "durable"
                intro.facet, intro.exclusive = self._sem.facet(np.asarray(self._sem.embed([intro.text]))[0])
                intro.exclusive = intro.exclusive and intro.about_self
                kept.append(intro)
        return kept

    def _focused(self, vector: np.ndarray) -> bool:
        return self._focus is not None and float(np.max(self._focus @ vector)) >= FOCUS_MATCH

    def _classified(self, pending: list[Statement]) -> list[Statement]:
        if not pending:
            return []
        vectors = np.asarray(self._sem.embed([d.evidence for d in pending]), dtype=np.float32)
        decisions = self._sem.statements.decide_vectors(vectors)
        kept = []
        for draft, decision, vector in zip(pending, decisions, vectors, strict=True):
            if draft.asked:
                continue
            if draft.label == "instruction":
                # "from now on", "always", "every time": a standing instruction, however one-off its task reads
                decision = _among(decision, ("procedural",) if draft.habitual else ("procedural", "request"))
            elif draft.label == "self":
                decision = _among(decision, SELF_LABELS)
            elif draft.label == "owned":
                decision = _among(decision, OWNED_LABELS)
            lasting = draft.change.shift or draft.habitual
            if (
                lasting
                and decision.label == "transient"
                and decision.scores["durable"] > decision.score - CHANGE_TIE
            ):
                decision = _among(decision, ("durable", "procedural"))
            draft.label, draft.margin = decision.label, decision.margin
            if decision.label in KEEP_LABELS:
                kept.append(draft)
            elif decision.label in MENTION_LABELS and self._focused(vector):
                draft.label = "durable"
                kept.append(draft)
            elif decision.label in MENTION_LABELS and draft.named:
                self.mentioned.append(draft)
        for draft, reason in zip(pending, pending[1:], strict=False):
            # a reason that points back at the request's object ("… I need to send it tonight") is about the task
            standing = reason.label == "procedural" and reason.context is None
            if draft.asked and reason.message_id == draft.message_id and standing:
                reason.text, reason.evidence = (
                    f"{draft.text} {reason.text}",
                    f"{draft.evidence} {reason.evidence}",
                )
                reason.request = draft.evidence
        facts = [d for d in kept if d.label == "durable"]
        if facts:
            stated = np.asarray(self._sem.embed([d.text for d in facts]), dtype=np.float32)
            for draft, vector in zip(facts, stated, strict=True):
                draft.facet, exclusive = self._sem.facet(vector)
                draft.exclusive = exclusive and draft.about_self and not draft.shared
        return kept


def _owned(sentence: Sentence, subject: Token) -> bool:
    """The clause is about a thing of the user's: its subject is ("my dog is …"), or a copula
    names the subject as one ("Ryanair is my airline of choice", "… the airline I use": a
    relative clause with the user as its subject says whose it is as "my" does)."""
    verb = sentence.tokens[subject.head]
    named = [subject, *(c for c in sentence.children(verb) if c.dep == "attr" and verb.lemma == "be")]
    return any(
        (c.dep == "poss" and is_first_person(c))
        or (c.dep == "relcl" and any(x.dep in SUBJECTS and is_first_person(x) for x in sentence.children(c)))
        for n in named
        for c in sentence.children(n)
    )


def _on_your_condition(sentence: Sentence, tokens: list[Token]) -> bool:
    """ "Could you favour what's in season when you suggest meals?": a request conditioned on
    what the assistant does in general (a subordinate clause in the present tense whose subject
    is the assistant) may stand beyond the task at hand; the examples then decide."""
    return any(
        t.dep == "advcl"
        and any(c.dep in ("mark", "advmod") and c.tag in ("IN", "WRB") for c in sentence.children(t))
        and any(c.dep in SUBJECTS and c.lower == "you" for c in sentence.children(t))
        and (
            t.tag in ("VBP", "VBZ")
            or any(c.dep == "aux" and c.tag in ("VBP", "VBZ") for c in sentence.children(t))
        )
        for t in tokens
    )


def _habitual(tokens: list[Token], quantifiers: bool = True) -> bool:
    """A request asked as a question is a standing instruction only when it says so ("can you
    *always* …", "… *from now on*?"); otherwise it is a one-off task. Without `quantifiers`,
    "each"/"every" alone do not count ("list each step" is one task)."""
    markers = {e.text for e in examples.load("habitual_markers") if quantifiers or e.label != "quantifier"}
    words = " ".join(t.lower for t in tokens)
    return any(t.lower in markers or t.lemma.lower() in markers for t in tokens) or any(
        f" {m} " in f" {words} " for m in markers if " " in m
    )


def _points_elsewhere(sentence: Sentence, tokens: list[Token]) -> bool:
    """ "Don't tell anyone.", "Stop it.": an instruction whose object is a pronoun pointing at
    something said or someone unnamed, with nothing else named, is about that, not a way of
    answering ("Don't repeat yourself", "Tell me more" and "Don't ramble" are)."""
    root = head_of(tokens)
    objects = [c for c in sentence.children(root) if c.dep in ("dobj", "dative")] if root is not None else []
    pointing = any(
        o.pos == "PRON" and o.morph.get("Person") not in ("1", "2") and o.morph.get("Reflex") != "Yes"
        for o in objects
    )
    return pointing and not any(t.pos in changes.NAMING for t in tokens)


def _bare(sentence: Sentence, tokens: list[Token]) -> bool:
    """ "Help.", "Wait!": a verb alone, with neither object, complement, modifier nor negation,
    asks for something now; it says no way of answering ("Don't ramble." does)."""
    root = head_of(tokens)
    return root is not None and all(c.dep in ("punct", "intj", "discourse") for c in sentence.children(root))


def _announces(sentence: Sentence, clause: list[Token], after: list[list[Token]]) -> bool:
    """ "I never introduced myself: I'm Elowen.", "I made a decision: I'm moving to Oslo.": a
    clause that a colon closes, with a clause of its own after it, only announces what follows."""
    end = clause[-1].i + 1
    if end >= len(sentence.tokens) or sentence.tokens[end].text != ":" or not after:
        return False
    following = after[0]
    return following[0].i == end + 1 and any(t.dep in SUBJECTS for t in following)


def _refrains(sentence: Sentence, tokens: list[Token]) -> bool:
    """ "Could you not use bullet points in your answers?", "Could you stop using jargon?": a
    request to leave something off or to stop doing it asks for a way of answering, not for a
    task, unless a day or a "this" ties it to the task at hand ("not include the intro this
    time?", "not cc him on this email?")."""
    root = head_of(tokens)
    if root is None:
        return False
    negated = any(c.dep == "neg" for c in sentence.children(root))
    ceasing = root.lemma.lower() in vocabulary().cease and any(
        c.dep == "xcomp" for c in sentence.children(root)
    )
    days = {e.text for e in examples.load("time_words") if e.label == "day"}
    here_and_now = any(t.lower in days or (t.lower == "this" and t.dep == "det") for t in tokens)
    return (negated or ceasing) and not here_and_now


def _among(decision: Decision, labels: tuple[str, ...]) -> Decision:
    """The decision restricted to the labels syntax leaves possible."""
    ranked = sorted(((decision.scores[label], label) for label in labels), reverse=True)
    (best, label), second = ranked[0], ranked[1][0] if len(ranked) > 1 else ranked[0][0]
    return Decision(label=label, score=best, margin=best - second, scores=decision.scores)


def _resolved(
    message_id: str, sentence: Sentence, tokens: list[Token], antecedent: list[Token] | None
) -> Statement | None:
    """ "Biscuit. He is a beagle.": a clause whose subject is a third-person pronoun, right after
    the user named the thing it points to, is about that thing of the user's."""
    subject = next((t for t in tokens if t.dep in SUBJECTS), None)
    if antecedent is None or subject is None or subject.pos != "PRON" or subject.morph.get("Person") != "3":
        return None
    if subject.morph.get("PronType") != "Prs":
        return None
    name = render(antecedent).rstrip(".!")
    text = third_person(sentence, tokens)
    rest = render([t for t in tokens if t.i != subject.i])
    return Statement(message_id, finish(f"{name} {rest}" if rest else text), f"my {name} {rest}", label="")


def _definite_change(
    message_id: str, sentence: Sentence, tokens: list[Token], change: changes.Change
) -> Statement | None:
    """ "The trip is now to Reykjavik instead of Cape Town.": a change said of something the
    user calls by a definite noun (the trip, the wedding) is about a thing of theirs."""
    subject = next(t for t in tokens if t.dep in SUBJECTS)
    kids = sentence.children(subject)
    definite = any(c.dep == "det" and c.morph.get("Definite") == "Def" for c in kids)
    if not (change.shift and subject.pos == "NOUN" and (definite or clipped(sentence, subject))):
        return None
    kept = changes.without_former_value(sentence, tokens)
    text, told = render(kept), render(tokens)
    if not definite:
        text, told = f"The user's {lowered(kept, text)}", f"my {lowered(tokens, told)}"
    return Statement(
        message_id,
        finish(text),
        told,
        label="owned",
        change=change,
        former=changes.former_value(sentence, tokens),
    )


def _answer(message_id: str, asked: Sentence, answer: str) -> Statement:
    """A bare reply to the assistant's question keeps the question as its context."""
    question = render(list(asked.tokens))
    text = finish(f"Asked “{question}”, the user answered: {answer.rstrip('.!')}")
    return Statement(message_id, text, f"{question} {answer}", label="", change=changes.Change())


def _topic_of(sentence: Sentence, tokens: list[Token]) -> str | None:
    """ "I've changed my mind *about Rotorua*": what a change that names its slot is about is the
    value it leaves."""
    head = head_of(tokens)
    topics = vocabulary().topic_preps
    preps = [c for c in sentence.children(head) if c.dep == "prep" and c.lower in topics] if head else []
    objects = [o for p in preps for o in sentence.children(p) if o.dep == "pobj" and o.pos in changes.NAMING]
    return (
        " ".join(t.text for t in sentence.subtree(objects[0]) if t.pos in changes.NAMING) if objects else None
    )


def _fold_changes(statements: list[Statement]) -> list[Statement]:
    """A retraction followed by a new value ("no longer learning Norwegian. It's Polish now.")
    becomes one statement of the new value in the retracted clause's frame."""
    out: list[Statement] = []
    for s in statements:
        former = out[-1] if out and out[-1].message_id == s.message_id else None
        if former is not None and former.slot and s.change.shift and s.label not in ("swap", "intro"):
            # "I switched jobs last month, I'm a data engineer now": one change, told in two;
            # "I've changed my mind about Rotorua. I've entered Queenstown instead.": the first
            # only names the value left, which the memory no longer holds
            if former.former:
                s.former = s.former or former.former
            else:
                s.text = f"{former.text} {s.text}"
            s.evidence = f"{former.evidence}, {s.evidence}"
            out[-1] = s
            continue
        if (
            s.label not in ("swap", "intro", "retraction")
            and former is not None
            and former.label not in ("swap", "intro")
        ):
            if _bare_retraction(former) and not s.change.retract:
                out[-1] = _replacing(s, former)
                continue
            if (
                _bare_retraction(s)
                and former.change.shift
                and not former.change.retract
                and former.retraction_of is None
            ):
                out[-1] = _replacing(former, s)
                continue
        if s.label == "swap":
            if out and out[-1].change.retract:
                former = out[-1]
                out[-1] = Statement(
                    former.message_id,
                    _swap_into(former.text, former.evidence, s),
                    _swap_into(former.evidence, former.evidence, s),
                    label=former.label,
                    change=changes.Change(shift=True),
                    about_self=former.about_self,
                    retraction_of=former.evidence,
                )
            elif s.former:
                out.append(s)
            continue
        out.append(s)
    return out


def _bare_retraction(s: Statement) -> bool:
    return s.change.retract and s.retraction_of is None


def _replacing(value: Statement, retraction: Statement) -> Statement:
    """ "I'm not a translator anymore, I'm a nurse." / "I'm over Thai food. These days I crave
    Moroccan.": the new value names what it replaces by the retraction that came with it."""
    value.retraction_of = retraction.evidence if retraction.former else None
    value.former = value.former or retraction.former
    value.change = changes.Change(shift=True)
    return value


def _swap_into(retracted_text: str, told: str, swap: Statement) -> str:
    """The new value in the retracted clause once its negation is gone ("I'm not into Catan
    anymore" + "it's Azul now": "The user is into Azul"); `told` is the retraction as the user
    said it. A clause retracted by its verb ("I quit rocket league") or by a contracted negation
    ("doesn't sing") has no positive frame to reuse in its words: the two are told together."""
    words = retracted_text.rstrip(".").split()
    kept = [w for w in words if w.lower().strip(",") not in _NEGATORS]
    negated = any(w.lower().strip(",.") in _NEGATORS or w.lower().endswith("n't") for w in told.split())
    if not negated or any(w.lower().endswith("n't") for w in kept):
        return finish(f"{retracted_text.rstrip('.')}, {swap.evidence}")
    value = swap.text.rstrip(".")
    for n in range(len(kept) - 1, -1, -1):
        if kept[n][:1].isupper() or n == len(kept) - 1:
            kept[n] = value
            if n and kept[n - 1].lower() in _ARTICLES and value.split()[0].lower() in _ARTICLES:
                del kept[n - 1]
            break
    return finish(" ".join(kept))


_NEGATORS = frozenset({"no", "not", "longer", "anymore", "n't"})
_ARTICLES = frozenset({"a", "an", "the"})
