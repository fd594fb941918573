"""What a pronoun of the user's statement points back to, when the user named it just before:
in the sentence before, or in an earlier clause of the same sentence ("I got into pottery last
year and I do it every Sunday").

"How accurate is the heart rate on a Fitbit Charge? I wear one every day." and "Is the Atlantic
worth the subscription? I've had it for years." state a fact about the user whose value is in
the sentence before (here a question, which is itself no memory). A memory that says "The user
wears one every day." keeps nothing; one that says "The user wears a Fitbit Charge every day."
keeps the fact.

Which pronouns: a non-human third-person personal pronoun ("it", "them"), a demonstrative one
("that", "this"), the pro-form "one" or the possessive "mine" ("my" and the thing), standing as
an argument of the statement: the object of a verb or preposition ("I play it", "a regular with
them"), or the subject of "be" with a noun or prepositional complement ("That's my e-reader",
"It's in my frontend code"; not "It's cold").

Which antecedent, by syntax only: the noun phrases of the previous sentence that are arguments
(subject, object, object of a preposition, complement of "be"). A phrase with a proper noun is
preferred (a name is what a later memory needs), the subject first among several; otherwise the
last phrase, the one nearest the pronoun. Within one sentence it is the nearest object, complement or
subject before the clause, else the nearest object of a preposition ("I bought a Brompton in May
and I ride it to work": the Brompton)."""

from __future__ import annotations

from memstore.domain.language.syntax import Sentence, Token
from memstore.domain.language.text import SUBJECTS, capitalised, is_first_person, render

_ARGUMENTS = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "attr", "appos"})
_MODIFIERS = frozenset({"det", "amod", "compound", "nummod", "poss", "nmod", "punct", "case", "quantmod"})
_OBJECTS = frozenset({"dobj", "pobj"})
_CORE = frozenset({"dobj", "attr", "nsubj", "nsubjpass", "appos"})


def within(sentence: Sentence, clause: list[Token]) -> dict[int, str]:
    """Token index of the clause's pointing pronoun → the nearest argument noun phrase of the
    same sentence before the clause, when there is one."""
    if not clause:
        return {}
    start = min(t.i for t in clause)
    # "it" and "them", and an afterthought's "that": otherwise "this" and "that" within a
    # sentence mostly point at the situation ("my daughter set this up for me"), and "one" takes
    # a kind from a phrase ("visiting an alpaca farm and I might adopt one"), which the phrase's
    # head need not be
    pointers = [
        t
        for t in clause
        if _is_pointer(sentence, t) and (t.morph.get("PronType") == "Prs" or _afterthought(sentence, t))
    ]
    if not pointers:
        return {}
    if pointers[0].morph.get("PronType") == "Dem":
        start = pointers[0].i  # an afterthought: its own clause holds what it comments on
    candidates = [c for c in _candidates(sentence) if c[-1].i < start]
    if not candidates:
        return {}
    # the earlier clause's object or complement before a phrase of its adjuncts ("in May")
    best = max(candidates, key=lambda c: (c[-1].dep in _CORE, c[-1].i))
    return {pointers[0].i: _text(best, pointers[0])}


def _mine(s: Sentence, t: Token) -> bool:
    """ "Mine's called Jujube", "I'm taking mine hiking": the possessive pronoun stands for "my"
    and a noun said before; the tagger calls it a pronoun, a noun or a name. With a determiner
    or a modifier it is a noun ("a copper mine")."""
    return (
        t.lower == "mine"
        and t.dep in (*_OBJECTS, "nsubj", "nsubjpass")
        and not any(c.dep in _MODIFIERS - {"punct", "case"} for c in s.children(t))
    )


def _is_pointer(s: Sentence, t: Token) -> bool:
    if _mine(s, t):
        return True
    if t.pos == "PRON":
        kind = t.morph.get("PronType")
        personal = (
            kind == "Prs" and t.morph.get("Person") == "3" and t.morph.get("Gender") not in ("Masc", "Fem")
        )
        if not (personal or kind == "Dem") or t.morph.get("Poss") == "Yes" or t.morph.get("Reflex") == "Yes":
            return False
    elif not (
        t.lower == "one" and t.pos in ("NUM", "NOUN") and not any(_modifies(s, c) for c in s.children(t))
    ):
        return False
    if t.dep in _OBJECTS:
        return True
    if t.dep not in ("nsubj", "nsubjpass") or t.pos != "PRON":
        return False
    head = s.tokens[t.head]
    complements = [c for c in s.children(head) if c.i > t.i]
    return (
        head.lemma == "be"
        and any(c.dep in ("attr", "prep", "ccomp", "advcl") for c in complements)
        and not any(c.dep == "acomp" for c in complements)
    )


def _modifies(s: Sentence, child: Token) -> bool:
    """ "the blue one", "one of them": "one" with its own noun phrase is no pro-form."""
    return child.dep in ("det", "amod", "compound", "nummod", "poss") or child.lower == "of"


def _phrase(s: Sentence, head: Token) -> list[Token]:
    """The head noun with the modifiers written before it (determiner, adjectives, compounds)."""
    left = [t for t in s.subtree(head) if t.i <= head.i]
    out = [head]
    for t in reversed(left[:-1]):
        if t.i != out[0].i - 1 or (t.dep not in _MODIFIERS and s.tokens[t.head].i not in {o.i for o in out}):
            break
        out.insert(0, t)
    return out


def _nominal(s: Sentence, t: Token) -> bool:
    """A noun in an argument's role; or what the small model tagged otherwise in one: an
    adjective with a determiner ("the Scandinavian", "an old fashioned"), or a name it hung on a
    verb as a compound ("Which terminal does Icelandair use")."""
    if t.dep in _ARGUMENTS:
        return t.pos in ("NOUN", "PROPN") or (t.pos == "ADJ" and any(c.dep == "det" for c in s.children(t)))
    return t.pos == "PROPN" and t.dep == "compound" and s.tokens[t.head].pos == "VERB"


def _candidates(s: Sentence) -> list[list[Token]]:
    out = []
    for t in s.tokens:
        if _nominal(s, t) and not is_first_person(t):
            phrase = _phrase(s, t)
            if not any(is_first_person(p) or p.pos == "PRON" for p in phrase):
                out.append(phrase)
    return out


def _named(t: Token) -> bool:
    """A proper noun, or a word with a capital inside it the tagger took for a common noun
    ("easyJet", "iPad")."""
    return (
        t.pos == "PROPN"
        or any(ch.isupper() for ch in t.text[1:])
        or (t.pos == "ADJ" and t.text[:1].isupper())
    )


def _choose(candidates: list[list[Token]]) -> list[Token] | None:
    named = [c for c in candidates if any(_named(t) for t in c)]
    if named:
        subjects = [c for c in named if c[-1].dep in (*SUBJECTS, "compound")]
        return subjects[0] if subjects else named[-1]
    return candidates[-1] if candidates else None


def _text(phrase: list[Token], pointer: Token) -> str:
    words = list(phrase)
    indefinite = words and words[0].dep == "det" and words[0].morph.get("Definite") == "Ind"
    if pointer.lower == "mine":
        text = "the user's " + render([w for w in words if w.dep != "det"])
    else:
        text = render(words[1:] if indefinite and pointer.lower != "one" else words)
    return text if pointer.dep not in SUBJECTS else capitalised(text)


def antecedents(sentence: Sentence, previous: Sentence | None) -> dict[int, str]:
    """Token index of each pointing pronoun in `sentence` → the words it stands for."""
    if previous is None:
        return {}
    pointers = [t for t in sentence.tokens if _is_pointer(sentence, t)]
    if not pointers or _afterthought(sentence, pointers[0]):
        return {}
    chosen = _choose(_candidates(previous))
    if chosen is None:
        return {}
    return {p.i: _text(chosen, p) for p in pointers[:1]}


def _afterthought(s: Sentence, pointer: Token) -> bool:
    """ "I take Bonbon to the vet, that's our chicken": a pronoun right after a comma, said to be
    some kind of thing, comments on what the clause before it just named, not on the sentence
    before ("…, that's why money is tight" says no kind)."""
    return (
        pointer.i > 0
        and s.tokens[pointer.i - 1].text == ","
        and any(c.dep == "attr" and c.pos == "NOUN" for c in s.children(s.tokens[pointer.head]))
        and any(c[-1].i < pointer.i and c[-1].dep in _CORE for c in _candidates(s))
    )


def person(sentence: Sentence, clause: list[Token], previous: Sentence | None) -> dict[int, str]:
    """ "My brother Emiliano is visiting, he's a sound engineer": "he" or "she" as the subject of
    the clause points to the one person the user just named as theirs, the subject of a clause
    before it ("my brother Emiliano"), in the same sentence or else the sentence before. With
    two such people ("my sister … my boss …") nothing is guessed."""
    subject = next((t for t in clause if t.dep in SUBJECTS), None)
    if (
        subject is None
        or subject.pos != "PRON"
        or subject.morph.get("Person") != "3"
        or subject.morph.get("Gender") not in ("Masc", "Fem")
    ):
        return {}
    start = min(t.i for t in clause)
    for s, before in ((sentence, start), (previous, None)):
        if s is None:
            continue
        owned = [t for t in _owned_subjects(s) if before is None or t.i < before]
        if len(owned) > 1:
            return {}
        if owned:
            return {subject.i: _owner_phrase(s, owned[0])}
    return {}


def _owned_subjects(s: Sentence) -> list[Token]:
    """Common nouns that are a clause's subject and the user's ("my brother", "my sister tilly")."""
    owned = [
        t
        for t in s.tokens
        if t.pos == "NOUN"
        and t.dep in SUBJECTS
        and any(c.dep == "poss" and is_first_person(c) for c in s.children(t))
    ]
    # "my sister and my boss": each of the coordinated subjects is a candidate
    return owned + [c for t in owned for c in s.children(t) if c.dep == "conj" and c.pos in ("NOUN", "PROPN")]


def _owner_phrase(s: Sentence, noun: Token) -> str:
    names = [c for c in s.children(noun) if c.dep == "appos" and c.pos == "PROPN"]
    words = _phrase(s, noun) + [x for n in names[:1] for x in s.subtree(n) if x.dep in ("compound", "appos")]
    poss = {t.i: "The user's" for t in words if t.dep == "poss" and is_first_person(t)}
    return render(words, poss)
