"""Explicit memory commands ("remember that …", "forget …"), recognised by one grammar over syntax.

A command is a clause whose governing verb is a memory verb (data/command_verbs.jsonl: keeping
verbs such as remember/note/keep/store/save, dropping verbs such as forget/delete/erase/remove,
phrases such as "keep in mind"), or any verb that puts something into "your memory", "your notes",
"your head" ("put it in your notes"; not one that takes something out: "copy the quote from your
notes" reads it), and which is addressed to the assistant:

- an imperative: the verb has no subject, is in its base form, has no "to"/modal auxiliary, and
  nothing before it in its own clause but discourse (interjections, adverbs, conjunctions,
  "do"+negation): "Actually, forget where I live.", "Please remember that …";
- a second-person subject with a modal auxiliary (tag MD): "Can you forget …", "you should
  remember …". With "do" instead ("do you remember my dog's name?") it is a question, not a
  command;
- a second-person subject under a first-person clause: "I want/need/'d like you to …",
  "I'd rather you didn't remember …";
- a subjectless complement (xcomp) of an addressed verb: "Stop remembering …", "Would you mind
  forgetting …"; or the complement of "let's": "Let's forget about …"; or of a question with a
  dummy "it": "Is it possible to wipe … from your memory?";
- the infinitive of a noun negated by "no": "No need to remember …".

Polarity: every negation on the chain (a `neg` dependent, a "no" determiner, an aspectual verb
such as "stop") flips keep ↔ drop: "don't forget" = remember, "don't keep" = forget. A negated
destructive verb ("don't delete my address") is no command at all.

Verbs that also serve editing requests (keep, save, store, delete, remove, drop, clear …, marked
`object: personal` in the data) are commands only when what they govern refers to the user or to
the assistant's memory: a first-person word ("my job"), a second-person clause ("what you know
about …"), an indefinite pronoun with a topic preposition ("anything about …") or a "from your
memory/notes" phrase. "Delete the last paragraph", "drop the emojis" govern none: a tentative forget (below).
A "from" phrase naming something else ("from the document") marks an edit too.

The content is the verb's object or complement subtree (its dobj, ccomp, xcomp, attr, or the
object of a topic preposition: "forget about X" → X), without leading marks, discourse or
punctuation and without the "from your memory" phrase. When that object is only a pointer to
what is known ("what you know about my job", "the stuff I told you about my brother") the
content is the object of its topic preposition ("my job").

A command whose object is only pronouns and determiners names nothing (unless a colon follows
with what it points at: "Remember this: the spare key is under the pot"): "Forget it, let's talk
about something else" dismisses a topic and deletes nothing, "Remember this." points elsewhere.
`is_command` is still true for such a sentence (it is no fact to store), but `recognise` skips
it. When the rest of the sentence names something ("Never mind my morning routine, forget it"),
that is the pointer's object, as a tentative forget; so is a noun phrase that opens the sentence,
set off by punctuation, when it is not the clause's subject ("Gym thing: wipe it.", "The wedding
plans — you can forget about that"; a verb's nearest subject is its subject, an earlier one is such
a topic).

A destructive personal verb whose object does not refer to the user or the memory ("Delete the
football thing") is a tentative forget: `recognise` returns it (`Command.tentative`), and it
deletes only what it names by similarity; when it names no memory it was an editing request,
reported nowhere."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources

from memstore.domain.commands import Command
from memstore.domain.language.syntax import Sentence, Token
from memstore.domain.language.text import asks

__all__ = ["Command", "is_command", "points_back", "recognise"]


@dataclass(frozen=True)
class _Vocabulary:
    verbs: dict[str, tuple[str, str]]
    """lemma → (role keep|drop, object any|personal)."""
    phrases: dict[str, list[tuple[tuple[str, ...], str, str]]]
    """first word → [(remaining words, role, object)]."""
    cease: frozenset[str]
    counterfactual: frozenset[str]
    negators: frozenset[str]
    hortative: frozenset[str]
    memory_nouns: frozenset[str]
    topic_preps: frozenset[str]


_VOCABULARY = ("command_verbs", "command_verbs_wordnet")
"""The hand-written closed classes, and the verbs of discarding taken from WordNet
(dev/wordnet_command_verbs.py)."""


@functools.cache
def vocabulary() -> _Vocabulary:
    data = resources.files("memstore.data")
    raw = [data.joinpath(f"{name}.jsonl").read_text(encoding="utf-8") for name in _VOCABULARY]
    verbs: dict[str, tuple[str, str]] = {}
    phrases: dict[str, list[tuple[tuple[str, ...], str, str]]] = {}
    sets: dict[str, set[str]] = {}
    for line in "\n".join(raw).splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        if not row.get("source"):
            raise ValueError("command vocabulary: every entry needs a source")
        lemma, role = row["lemma"], row["role"]
        if role in ("keep", "drop"):
            words = tuple(lemma.split())
            if len(words) > 1:
                phrases.setdefault(words[0], []).append((words[1:], role, row.get("object", "any")))
            else:
                verbs[lemma] = (role, row.get("object", "any"))
        else:
            sets.setdefault(role, set()).add(lemma)
    return _Vocabulary(
        verbs=verbs,
        phrases=phrases,
        cease=frozenset(sets.get("cease", ())),
        counterfactual=frozenset(sets.get("counterfactual", ())),
        negators=frozenset(sets.get("negator", ())),
        hortative=frozenset(sets.get("hortative", ())),
        memory_nouns=frozenset(sets.get("memory_noun", ())),
        topic_preps=frozenset(sets.get("topic_prep", ())),
    )


_SUBJECT = ("nsubj", "nsubjpass", "csubj", "expl")
_DISCOURSE = (
    "intj",
    "advmod",
    "punct",
    "cc",
    "aux",
    "auxpass",
    "neg",
    "discourse",
    "npadvmod",
    "dep",
    "mark",
)
_OBJECT = ("dobj", "obj", "ccomp", "xcomp", "attr", "oprd", "dative")
_CLAUSE_ROLES = ("ROOT", "conj", "advcl", "ccomp", "parataxis", "dep")
_CONTENT_TRIM = ("mark", "cc", "punct", "intj", "prep")


@dataclass(frozen=True)
class _Clause:
    verb: Token
    role: str
    personal_only: bool
    used: tuple[Token, ...]
    """The verb and the words of a phrasal memory verb ("keep in mind")."""


def _lemma(t: Token) -> str:
    return (t.lemma or t.text).lower()


def _person(t: Token) -> str | None:
    return t.morph.get("Person") if t.pos == "PRON" else None


def _subject(s: Sentence, v: Token) -> Token | None:
    """The subject nearest before the verb: an earlier one is a topic put in front ("the sewing
    circle thing, you don't need to keep that")."""
    subjects = [c for c in s.children(v) if c.dep in _SUBJECT]
    before = [c for c in subjects if c.i < v.i]
    return before[-1] if before else next(iter(subjects), None)


def _negations(s: Sentence, v: Token) -> int:
    voc = vocabulary()
    return sum(1 for c in s.children(v) if c.dep == "neg" or (c.dep == "det" and _lemma(c) in voc.negators))


def _is_verb(s: Sentence, t: Token) -> bool:
    if t.pos in ("VERB", "AUX"):
        return True
    # A sentence-initial imperative is sometimes tagged as a proper noun or noun ("Delete …").
    return t.dep == "ROOT" and all(p.dep in _DISCOURSE for p in s.tokens[: t.i])


def _clauses(s: Sentence) -> list[_Clause]:
    voc = vocabulary()
    out = []
    for t in s.tokens:
        if not _is_verb(s, t):
            continue
        lemma = _lemma(t)
        phrase = _phrase(s, t, voc.phrases.get(lemma, []))
        if phrase is not None:
            out.append(phrase)
            continue
        if lemma in voc.verbs:
            role, obj = voc.verbs[lemma]
            if role == "keep" and any(_lemma(c) != "from" and _memory_place(s, c) for c in s.children(t)):
                role = "drop"  # "keep that off the record", "keep it out of your notes" ("from" is a source)
            out.append(_Clause(t, role, obj == "personal", (t,)))
        elif _puts_into_memory(s, t):
            out.append(_Clause(t, "keep", False, (t,)))
        elif lemma in voc.counterfactual and _untold(s, t):
            out.append(_Clause(t, "drop", False, (t,)))
    return out


def _untold(s: Sentence, verb: Token) -> bool:
    """ "Can we pretend I never mentioned the mural?": the make-believe's complement is the
    user's own act, negated: as if the user had not told it."""
    for c in s.children(verb):
        subject = _subject(s, c) if c.dep == "ccomp" else None
        if subject is not None and _person(subject) == "1" and _negations(s, c):
            return True
    return False


def _phrase(s: Sentence, t: Token, phrases: list[tuple[tuple[str, ...], str, str]]) -> _Clause | None:
    """The memory phrase ("keep in mind", "throw away") whose other words hang on the verb `t`."""
    near = [c for c in s.children(t) if c.dep not in _OBJECT[1:]]
    for rest, role, obj in phrases:
        # a word of the phrase under another of its words ("keep *in mind*"), not under any
        # phrase of the verb ("take the figures from your *notes*" is no "take note")
        words = near + [g for c in near if _lemma(c) in rest for g in s.children(c)]
        used = [next((n for n in words if _lemma(n) == w), None) for w in rest]
        if all(u is not None for u in used):
            return _Clause(t, role, obj == "personal", (t, *[u for u in used if u is not None]))
    return None


_OUT_OF = ("from", "out", "off")
_INTO = ("in", "into", "to", "onto")
_PLACE_DEPS = ("prep", "prt", "advmod", "dative")


def _place(s: Sentence, prep: Token) -> tuple[str | None, list[Token]]:
    """The direction of a place phrase ("out" for "from", "out of", "off"; "in" for "in", "into",
    "to", "onto") and the nouns it names."""
    if prep.dep not in _PLACE_DEPS:
        return None, []
    word = _lemma(prep)
    direction = "out" if word in _OUT_OF else "in" if word in _INTO else None
    if word == "of" and prep.i and _lemma(s.tokens[prep.i - 1]) == "out":
        direction = "out"  # "out" parsed as a particle, "of your notes" as the verb's own phrase
    heads = [prep, *(c for c in s.children(prep) if c.dep == "prep" and _lemma(c) == "of")]
    if word == "out":
        heads = heads[1:] or [t for t in s.tokens if t.i == prep.i + 1 and _lemma(t) == "of"]
    return direction, [o for h in heads for o in s.children(h) if o.dep in ("pobj", "pcomp")]


def _puts_into_memory(s: Sentence, verb: Token) -> bool:
    """Any verb that puts something into the assistant's memory is a keeping one: a place phrase ("in",
    "into", "to") whose noun is the assistant's ("put it in your notes", "add my shoe size to your
    memory"). Taking something out of it is no command by the place alone: "use / copy / read the
    quote from your notes" reads it."""
    for prep in s.children(verb):
        direction, objects = _place(s, prep)
        if direction == "in" and any(_assistants_memory(s, o) for o in objects):
            return True
    return False


def _yours(s: Sentence, phrase: Token) -> bool:
    """The phrase holds a clause whose subject is the assistant ("what you know about me")."""
    return any(_person(sub) == "2" for t in s.subtree(phrase) if (sub := _subject(s, t)) is not None)


def _assistants_memory(s: Sentence, noun: Token) -> bool:
    """ "your notes", or a clause of what the assistant knows or has ("add this to what you know
    about me"; not a noun it qualifies: "forward this to the address you gave me")."""
    if noun.pos in ("PRON", "VERB", "AUX"):
        return _yours(s, noun)
    kids = s.children(noun)
    # the memory noun may qualify a vaguer head ("your memory thing", "your notes app")
    named = [noun, *(c for c in kids if c.dep == "compound")]
    return any(_lemma(n) in vocabulary().memory_nouns for n in named) and any(
        c.dep == "poss" and _person(c) == "2" for c in kids
    )


def _imperative(s: Sentence, v: Token) -> bool:
    misread = any(_misread_subject(s, v, c) for c in s.children(v))
    if v.tag not in ("VB", "NNP", "NN") and not misread or asks(s):
        return False
    if v.dep not in _CLAUSE_ROLES:
        return False
    kids = s.children(v)
    if any(c.dep in ("aux", "auxpass") and c.tag in ("TO", "MD") for c in kids):
        return False
    return all(
        c.dep in _DISCOURSE
        or c.dep == "advcl"
        or _fronted_topic(c, v)
        or _misread_subject(s, v, c)
        or _clause_before(s, v, c)
        for c in kids
        if c.i < v.i
    )


def _misread_subject(s: Sentence, verb: Token, t: Token) -> bool:
    """A singular noun taken for the subject of a verb whose finite form does not agree with it
    ("Hmm, scrap …", "nvm forget …", "the thing I told you about my husband, don't keep it"): a
    plain present form, of the verb or of its first auxiliary ("don't"), makes the word a vocative,
    an interjection or a topic put before the verb ("Tom and Lisa forget …" agrees, and so do
    "can" and "did" with anything)."""
    singular = t.tag in ("NN", "NNP", "UH") and not any(c.dep == "conj" for c in s.children(t))
    auxiliaries = [c for c in s.children(verb) if c.dep in ("aux", "auxpass") and c.i < verb.i]
    finite = auxiliaries[0] if auxiliaries else verb
    return (
        t.dep in _SUBJECT
        and t.pos in ("PROPN", "NOUN", "INTJ", "X")
        and finite.tag in ("VB", "VBP")
        and singular
    )


def _clause_before(s: Sentence, verb: Token, t: Token) -> bool:
    """A clause of its own, set off by punctuation, before the verb ("You don't need to know
    about the mural, please forget it.")."""
    last = s.subtree(t)[-1]
    return t.dep in ("ccomp", "parataxis") and any(x.pos == "PUNCT" for x in s.tokens[last.i + 1 : verb.i])


def _fronted_topic(t: Token, verb: Token) -> bool:
    """ "About my cousin and the money, don't keep that": a topic phrase put before the verb."""
    topics = vocabulary().topic_preps
    return t.dep == "prep" and t.i < verb.i and (_lemma(t) in topics or t.lower in topics)


def _addressed(s: Sentence, v: Token, depth: int = 0) -> tuple[bool, int]:
    """(is the clause of `v` addressed to the assistant, negations on the way up)."""
    voc = vocabulary()
    neg = _negations(s, v)
    head = s.tokens[v.head]
    subj = _subject(s, v)
    if subj is not None and _misread_subject(s, v, subj):
        subj = None
    if subj is None:
        if v.dep == "xcomp" and _polite_question(s, head):
            return True, neg + _negations(s, head)
        if v.dep in ("acl", "relcl", "xcomp") and head.pos == "NOUN" and _negations(s, head):
            # "no need to remember the mall stuff"; not "I have no time to keep a diary"
            owner = _subject(s, s.tokens[head.head]) if head.head != head.i else None
            return owner is None or _person(owner) != "1", neg + _negations(s, head)
        if v.dep in ("xcomp", "advcl") and head.pos == "ADJ" and head.dep == "acomp" and depth < 3:
            # "would you be so kind as to hold on to this", "are you able to forget …": the
            # infinitive of an adjective said of its clause's subject is that subject's act
            ok, n = _addressed(s, s.tokens[head.head], depth + 1)
            return ok, n + neg
        if v.dep == "xcomp" and head.i != v.i and depth < 3:
            ok, n = _addressed(s, head, depth + 1)
            return ok, n + neg + (1 if _lemma(head) in voc.cease else 0)
        return _imperative(s, v), neg
    if _lemma(head) in voc.hortative and head.i != v.i and _imperative(s, head):
        return True, neg + _negations(s, head)
    person = _person(subj)
    if (
        person == "1"
        and subj.morph.get("Number") == "Plur"
        and asks(s)
        and any(_modal(c) for c in s.children(v))
    ):
        # "Can we forget about the mural?": a joint act proposed to the assistant, as "let's" is
        return True, neg
    if person == "2":
        kids = s.children(v)
        question = asks(s) and not any(_modal(c) for c in kids)
        if any(_modal(c) for c in kids) or (depth > 0 and not question):
            # "can you forget …", "you should remember …"; "you (don't) need to remember …"
            return True, neg
        head_subj = _subject(s, head) if head.i != v.i else None
        if v.dep in ("ccomp", "xcomp") and head_subj is not None and _person(head_subj) == "1":
            return True, neg + _negations(s, head)
        # "Make sure you remember …", "Be sure you don't forget …": a clause of the assistant's
        # under an imperative is what the imperative asks for
        governor = s.tokens[head.head] if head.pos == "ADJ" and head.dep == "acomp" else head
        if v.dep == "ccomp" and governor.i != v.i and _imperative(s, governor):
            return True, neg + _negations(s, governor)
        return False, 0
    return False, 0


def _modal(t: Token) -> bool:
    """A modal, or an auxiliary used as one ("you need not keep …", "you needn't keep …"): any
    auxiliary verb but the primary ones (be, have, do)."""
    return t.tag == "MD" or (t.dep == "aux" and t.pos == "AUX" and t.lemma not in ("be", "have", "do"))


def _polite_question(s: Sentence, head: Token) -> bool:
    """ "Is it possible to wipe …?", "Would it be OK to forget …?": a question whose copula has
    the dummy subject "it" asks the assistant to do its infinitive."""
    subject = _subject(s, head)
    return asks(s) and _lemma(head) == "be" and subject is not None and subject.lower == "it"


def _words(tokens: list[Token]) -> str:
    return "".join(t.text + t.space for t in tokens).strip()


def _memory_place(s: Sentence, prep: Token) -> bool | None:
    """For a "from" ("out of", "off") phrase: True when it names the assistant's memory ("from your
    notes", "off the record"), False when it names something else ("from the document"), None when
    it is no such phrase."""
    direction, objs = _place(s, prep)
    if direction != "out" or not objs:
        return None
    voc = vocabulary()
    return any(
        _lemma(o) in voc.memory_nouns or any(_person(p) == "2" for p in s.children(o)) or _yours(s, o)
        for o in objs
    )


def _object_tokens(s: Sentence, clause: _Clause) -> list[Token]:
    voc = vocabulary()
    used = {u.i for u in clause.used}
    out: list[Token] = []
    for owner in clause.used:
        kids = s.children(owner)
        for c in kids:
            if c.i in used or _aside(s, c, kids):
                continue
            # a phrase's own preposition takes its object ("get rid *of* the notes")
            complement = c.dep in _OBJECT or (
                owner.i != clause.verb.i and c.dep in ("acl", "relcl", "pobj", "pcomp")
            )
            # … and so does the preposition right after its particle ("hold on *to* my notes")
            if c.dep == "prep" and any(u.dep == "prt" and u.i + 1 == c.i for u in clause.used):
                out.extend(x for o in s.children(c) if o.dep in ("pobj", "pcomp") for x in s.subtree(o))
            elif complement or (c.dep == "prep" and _lemma(c) in voc.topic_preps):
                out.extend(s.subtree(c))
    return sorted({t.i: t for t in out}.values(), key=lambda t: t.i)


def _aside(s: Sentence, c: Token, kids: list[Token]) -> bool:
    """A clause set off by a comma after the verb's own object says why, it is no second object
    ("that thing about raben, forget it, they offer less")."""
    obj = next((k for k in kids if k.dep == "dobj" and k.i < c.i), None)
    return c.dep == "ccomp" and obj is not None and any(t.text == "," for t in s.tokens[obj.i : c.i])


def correction(s: Sentence) -> str | None:
    """ "Scratch that, my camera's a Pentax now": the words after a deleting verb pointing back at
    what the user just said, which correct it; None for any other sentence. The parser reads
    such a sentence as one clause under the verb, so the correction is worth parsing alone."""
    verbs = vocabulary().verbs
    for verb in s.tokens:
        if verbs.get(_lemma(verb), ("",))[0] == "drop" and _retracts_what_was_said(s, verb):
            return "".join(t.text + t.space for t in s.tokens[verb.i + 3 :]).strip()
    return None


def _retracts_what_was_said(s: Sentence, verb: Token) -> bool:
    """ "Scratch that, I'm on Opera now": "that" right after the verb that opens the sentence, set
    off by a comma, is no complementizer ("forget that I'm on Opera" names the fact) but a pointer
    at what the user just said, and the words after it are the correction, a statement of its
    own. Read from the words' order: the parser tags such a "that" every which way (mark,
    object, determiner)."""
    t = s.tokens
    return (
        all(x.pos in ("INTJ", "ADV", "PUNCT", "CCONJ") for x in t[: verb.i])
        and verb.i + 2 < len(t)
        and t[verb.i + 1].lower == "that"
        and t[verb.i + 2].text == ","
        and any(x.pos in ("VERB", "AUX", "NOUN", "PROPN") for x in t[verb.i + 3 :])
    )


def _stranded_clause(s: Sentence, verb: Token) -> list[Token]:
    """A complement clause the parser hung on an adjunct of the verb instead of the verb ("keep in
    mind, going forward, that the pressure should sit at 1.5 bar": the that-clause under "going"),
    taken as the object of a verb that has none of its own."""
    for adjunct in s.children(verb):
        if adjunct.dep not in ("advcl", "advmod", "npadvmod"):
            continue
        for t in s.subtree(adjunct):
            if t.dep == "ccomp" and any(m.dep == "mark" for m in s.children(t)):
                return s.subtree(t)
    return []


def _without_places(s: Sentence, tokens: list[Token]) -> list[Token]:
    drop: set[int] = set()
    for t in tokens:
        if _memory_place(s, t):
            drop |= {x.i for x in s.subtree(t)}
    return [t for t in tokens if t.i not in drop]


def _topic(s: Sentence, tokens: list[Token]) -> list[Token]:
    """The object of a topic preposition, when the object itself only points at what is known:
    a pronoun, a clause with a first- or second-person subject, a noun with such a relative
    clause ("the stuff I told you about my brother" → "my brother") or with a topic
    preposition of its own ("the bit about my ex-wife" → "my ex-wife")."""
    voc = vocabulary()
    ids = {t.i for t in tokens}
    tops = [t for t in tokens if t.head not in ids or t.head == t.i]
    if not tops:
        return tokens
    top = tops[0]
    clauses = [c for c in s.children(top) if c.dep in ("relcl", "acl", "ccomp")]
    stated = [c for c in clauses if any(m.dep == "mark" for m in s.children(c))]
    if top.pos == "NOUN" and stated:
        # an appositive clause: "the fact that my passport expires in May" → the clause
        return [t for t in tokens if t.i in {x.i for x in s.subtree(stated[0])}]
    memory = top.pos == "NOUN" and _lemma(top) in voc.memory_nouns  # "my file", not "must be filed"
    about = [
        c
        for c in s.children(top)
        if c.dep == "prep" and _lemma(c) in voc.topic_preps and top.pos in ("NOUN", "PRON")
    ]
    # a topic phrase of the verb's own ("hold on to that stuff, about my brother") says what the object points at
    of_the_verb = any(
        t.dep == "prep" and _lemma(t) in voc.topic_preps and t.head not in ids and t.i > top.i for t in tokens
    )
    pointer = (
        bool(about)
        or of_the_verb
        or memory
        or top.pos == "PRON"
        or any(_person(sub) in ("1", "2") for c in [top, *clauses] if (sub := _subject(s, c)) is not None)
    )
    if not pointer:
        return tokens
    for t in tokens:
        # a topic preposition under a copula is the predicate ("the recital is on May 3rd")
        predicate = t.head in ids and _lemma(s.tokens[t.head]) == "be"
        if t.dep == "prep" and (
            (_lemma(t) in voc.topic_preps and not predicate) or (memory and t.head == top.i)
        ):
            inner = [x for x in s.subtree(t) if x.i != t.i and x.i in ids]
            if inner:
                return inner
    return tokens


def _trim(tokens: list[Token]) -> list[Token]:
    while tokens and (tokens[0].dep in _CONTENT_TRIM or tokens[0].pos == "PUNCT"):
        tokens = tokens[1:]
    while tokens and (tokens[-1].pos == "PUNCT" or _please(tokens[-1])):
        tokens = tokens[:-1]
    return tokens


def _please(t: Token) -> bool:
    """ "Remember this please: …": the tagger sometimes makes the politeness word a noun object."""
    return t.lower == "please"


def _scope(s: Sentence, clause: _Clause) -> list[Token]:
    return [t for u in clause.used for c in s.children(u) if c.dep not in _SUBJECT for t in s.subtree(c)]


def _elsewhere(s: Sentence, clause: _Clause) -> bool:
    """A "from" phrase names something other than the memory ("from the document")."""
    return any(_memory_place(s, t) is False for t in _scope(s, clause))


def _refers_to_memory(s: Sentence, clause: _Clause, tokens: list[Token]) -> bool:
    """Whether what a destructive or storing verb governs is about the user or the assistant's
    memory (see the module docstring)."""
    voc = vocabulary()
    scope = _scope(s, clause)
    places = [_memory_place(s, t) for t in scope]
    if any(p is False for p in places):
        return False
    if any(p for p in places):
        return True
    if any(_person(t) == "1" for t in tokens):
        return True
    if any(_person(sub) == "2" for t in tokens if t.pos in ("VERB", "AUX") and (sub := _subject(s, t))):
        return True
    pronoun_object = any(t.pos == "PRON" and t.dep in _OBJECT for t in scope)
    topic = any(t.dep == "prep" and _lemma(t) in voc.topic_preps for t in scope)
    return pronoun_object and topic


_ANNOUNCING = (":", "-", "–", "—")
"""Punctuation after which a sentence states what a pointer ("remember this") announces."""


def _after_colon(s: Sentence, verb: Token) -> list[Token]:
    colon = next((t for t in s.tokens if t.i > verb.i and t.pos == "PUNCT" and t.text in _ANNOUNCING), None)
    return _trim([t for t in s.tokens if colon is not None and t.i > colon.i])


def _dictated(s: Sentence, clause: _Clause, tokens: list[Token]) -> bool:
    """ "Keep this somewhere: the spare fuses are in the blue tin": a keeping verb whose object
    only points at what a colon then states is the user dictating something to keep."""
    announced = _after_colon(s, clause.verb)
    # the parser may hang the announced clause on the pointer ("save this: the network is called …")
    pointer = [t for t in tokens if not announced or t.i < announced[0].i]
    return clause.role == "keep" and not _named(_trim(pointer)) and _named(announced)


def _named(tokens: list[Token]) -> bool:
    return any(t.pos not in ("PRON", "DET", "PUNCT", "PART", "ADP", "CCONJ", "SCONJ") for t in tokens)


@dataclass(frozen=True)
class _Reading:
    command: Command | None
    """None when the clause names nothing (a pointer-only object)."""


def _read(s: Sentence, before: Sentence | None = None) -> _Reading | None:
    """`before` is the message's previous sentence: what a pointer ("don't keep that") may name."""
    for clause in _clauses(s):
        ok, negations = _addressed(s, clause.verb)
        if not ok:
            continue
        if clause.role == "drop" and _retracts_what_was_said(s, clause.verb):
            continue
        tokens = _without_places(s, _object_tokens(s, clause))
        if not _named(tokens):
            tokens = _stranded_clause(s, clause.verb) or tokens
        role = clause.role if negations % 2 == 0 else ("keep" if clause.role == "drop" else "drop")
        if negations % 2 and clause.role == "drop" and clause.personal_only:
            continue
        tentative = False
        if clause.personal_only:
            kids = s.children(clause.verb)
            used = {u.i for u in clause.used}
            if any(c.dep in ("acomp", "oprd", "xcomp") and c.pos == "ADJ" and c.i not in used for c in kids):
                continue
            if not _refers_to_memory(s, clause, tokens) and not _dictated(s, clause, tokens):
                if role != "drop" or _elsewhere(s, clause):
                    continue
                named = _named(_trim(_topic(s, tokens)))
                # "don't keep the emojis" may edit a text ("don't keep the thing about the car"
                # points at what was said): tentative, like a destructive verb's bare object
                if (
                    not named
                    and (_dislocated(s) if clause.role == "drop" else _pointed_at(s, clause.verb, before))
                    is None
                ):
                    # "delete it" edits a text, unless the sentence opened with what "it" is
                    # ("Course thing: wipe it."); "don't keep that" points at what was said
                    continue
                tentative = True
        pointers = {
            t.i for t in tokens if t.head == clause.verb.i and t.dep in _OBJECT and t.pos in ("PRON", "DET")
        }
        content = _trim([t for t in _topic(s, tokens) if t.i not in pointers])
        colon = next((n for n, t in enumerate(content) if t.text in _ANNOUNCING), None)
        if colon is not None and not _named(content[:colon]):
            content = _trim(content[colon + 1 :])
        announced = _after_colon(s, clause.verb)
        if not _named(content) or pointers and _named(announced):
            # "remember this: the spare key is under the blue pot" — the pointer announces what follows
            content = announced
        if role == "drop" and (not _named(content) or _only_points(content)):
            # "Never mind my morning routine, forget it": the pointer's thing is the rest, or what
            # the sentence before said ("I shouldn't have told you about X. Don't keep any of that.");
            # so is the thing of "forget I said it"
            pointed = _pointed_at(s, clause.verb, before)
            if pointed or not _named(content):
                content = pointed or content
                tentative = True
        if not _named(content):
            return _Reading(None)
        action = "remember" if role == "keep" else "forget"
        return _Reading(Command(action=action, content=_words(content), tentative=tentative))
    return None


def _about(verb: Token, tokens: list[Token]) -> bool:
    """The object has a topic phrase after the verb ("the thing about the car", "the bit on my
    salary"): it names something said, not a part of a text being edited."""
    topics = vocabulary().topic_preps
    return any(t.dep == "prep" and _lemma(t) in topics and t.i > verb.i for t in tokens)


def _only_points(tokens: list[Token]) -> bool:
    """A clause that names nothing but points at something said ("I said it", "I mentioned that")."""
    return not _names_a_thing(tokens) and any(
        t.pos == "PRON" and t.dep in ("dobj", "obj", "pobj") and _person(t) not in ("1", "2") for t in tokens
    )


def _pointed_at(s: Sentence, verb: Token, before: Sentence | None) -> list[Token] | None:
    """What a pointer-only object names: a topic put before the verb, the thing the rest of its
    sentence names, else the topic of the sentence before."""
    fronted = [c for c in s.children(verb) if _fronted_topic(c, verb)]
    if fronted:
        return _trim([x for x in s.subtree(fronted[0]) if x.i != fronted[0].i])
    # a noun phrase (not a bare vocative: it has a determiner or an owner) that does not agree
    # with the verb is the topic put before it
    topic = [
        c
        for c in s.children(verb)
        if c.pos == "NOUN"
        and _misread_subject(s, verb, c)
        and any(d.dep in ("det", "poss") for d in s.children(c))
    ]
    if topic:
        return _trim(_topic(s, s.subtree(topic[0])))
    dislocated = _dislocated(s)
    if dislocated:
        return dislocated
    rest = _trim(_rest(s, verb))
    if _names_a_thing(rest):
        return _trim(_topic(s, rest))
    if before is None:
        return None
    about = [t for t in before.tokens if t.dep == "prep" and _lemma(t) in vocabulary().topic_preps]
    if about:
        # the last one: a sentence-opening phrase ("On reflection, …") frames, it names nothing
        named = _trim([x for x in before.subtree(about[-1]) if x.i != about[-1].i])
    else:
        named = _trim(_topic(before, [t for t in before.tokens if t.pos != "PUNCT" or t.text not in ".!?"]))
    return named if _names_a_thing(named) else None


def _dislocated(s: Sentence) -> list[Token] | None:
    """A noun phrase that opens the sentence and is set off by punctuation without being the
    subject of its clause: the topic a later pointer names ("Course thing: wipe it.", "the wedding
    plans — never mind, you can forget about that")."""
    start = next((t for t in s.tokens if t.dep not in ("cc", "intj", "punct")), None)
    if start is None:
        return None
    for noun in s.tokens:
        if noun.pos not in ("NOUN", "PROPN"):
            continue
        phrase = _trim(s.subtree(noun))
        if not phrase or phrase[0].i != start.i or phrase[-1].i + 1 >= len(s.tokens):
            continue
        after = s.tokens[phrase[-1].i + 1]
        if after.pos != "PUNCT" or after.text not in (",", *_ANNOUNCING):
            continue
        head = s.tokens[noun.head]
        displaced = noun.dep in ("dep", "npadvmod") or (
            noun.dep in _SUBJECT and (subject := _subject(s, head)) is not None and subject.i != noun.i
        )
        return phrase if displaced and _names_a_thing(phrase) else None
    return None


def _names_a_thing(tokens: list[Token]) -> bool:
    return any(t.pos in ("NOUN", "PROPN", "NUM") for t in tokens)


def _rest(s: Sentence, verb: Token) -> list[Token]:
    """The sentence without the clause of `verb`."""
    clause = (
        {t.i for t in s.subtree(verb)}
        if verb.dep != "ROOT"
        else {verb.i}
        | {
            t.i
            for c in s.children(verb)
            if c.dep not in ("advcl", "ccomp", "conj", "parataxis")
            for t in s.subtree(c)
        }
    )
    return [t for t in s.tokens if t.i not in clause]


def is_command(sentence: Sentence) -> bool:
    """Whether the sentence asks the assistant to remember or forget something (even when it
    only points at it: "Forget it."). Such a sentence is never itself a memory. A tentative
    forget (a destructive verb whose object does not say it is the user's or the memory's:
    "delete the football thing") is a command only if it names a memory, which the caller
    decides: it is no command here."""
    reading = _read(sentence)
    return reading is not None and not (reading.command is not None and reading.command.tentative)


def points_back(sentence: Sentence, before: Sentence) -> bool:
    """The command of `sentence` names only what `before` said ("I told you about my divorce.
    Don't keep that."): `before` is part of the request, no statement of its own."""
    alone = _read(sentence)
    if alone is not None and alone.command is not None:
        return False
    reading = _read(sentence, before)
    return reading is not None and reading.command is not None


def recognise(sentences: list[Sentence]) -> Command | None:
    """The first command of one message (its parsed sentences) that names what to keep or drop."""
    for n, s in enumerate(sentences):
        reading = _read(s, sentences[n - 1] if n else None)
        if reading is not None and reading.command is not None:
            return reading.command
    return None
