"""Clauses of a parsed sentence and their rewrite in the third person.

Everything here reads syntax (parts of speech, dependencies, morphology) from the Parser port;
no rule names a topic or a value. The user's own words are kept for every value."""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable

from memstore.domain.language.syntax import Sentence, Token

SUBJECTS = ("nsubj", "nsubjpass", "csubj", "expl")
CLAUSE_HEADS = ("conj", "parataxis", "ccomp", "advcl")
"""Dependencies under which a verb with its own subject starts a clause of its own."""
LEADING_NOISE = ("intj", "discourse", "cc", "punct", "meta", "dep")

_FIRST_PERSON = {
    # word → (replacement, replacement at the start of a text)
    "i": ("the user", "The user"),
    "me": ("the user", "The user"),
    "myself": ("the user", "The user"),
    "my": ("the user's", "The user's"),
    "mine": ("the user's", "The user's"),
    "we": ("the user and others", "The user and others"),
    "us": ("the user and others", "The user and others"),
    "our": ("the user's", "The user's"),
    "ours": ("the user's", "The user's"),
    "ourselves": ("the user and others", "The user and others"),
}
_EXPANDED = {"re": "are", "ve": "have", "ll": "will", "d": "would", "m": "am", "s": "is"}
"""A contraction left after its pronoun was replaced ("we've" → "the user and others have")."""
_THIRD_SINGULAR = {"be": "is", "have": "has", "do": "does"}
_CONTRACTED = {
    "'m": "is",
    "’m": "is",
    "am": "is",
    "m": "is",
    "ve": "has",
    "'ve": "has",
    "’ve": "has",
    "'ll": "will",
    "’ll": "will",
}


_TOLD = (
    (re.compile(r"^The user: "), ""),
    (re.compile(r"\b[Tt]he user and others\b"), "we"),
    (re.compile(r"\b[Tt]he user's\b"), "my"),
    (re.compile(r"\b[Tt]he user\b"), "I"),
)
_AGREEING = {"is": "am", "has": "have", "does": "do"}
"""The auxiliaries whose form the rewrite changed for "the user" (the inverse of _THIRD_SINGULAR)."""


def as_told(text: str) -> str:
    """A memory back in the user's own person ("The user's sister is a nurse." → "My sister is a
    nurse."), for the classifiers whose labelled examples are written as users say things: the
    rewrite's "the user" is a phrase none of those examples has, and it pulls every memory toward
    whichever examples happen to be in the third person."""
    for pattern, replacement in _TOLD:
        text = pattern.sub(replacement, text)
    text = re.sub(r"\bI (\w+)\b", lambda m: f"I {_AGREEING.get(m.group(1), m.group(1))}", text)
    return capitalised(text)


def head_of(tokens: list[Token]) -> Token | None:
    """The token of a clause whose head lies outside it (or is itself): the clause's root."""
    inside = {t.i for t in tokens}
    return next((t for t in tokens if t.head == t.i or t.head not in inside), None)


def asks(s: Sentence) -> bool:
    """The sentence is a question: it ends with "?" that is not only a tag's ("…, okay?"), or,
    whatever its last mark, it opens with subject-auxiliary inversion ("how do I get turmeric
    off a shirt", "can my laptop run it")."""
    last = next((t for t in reversed(s.tokens) if t.pos == "PUNCT"), None)
    if last is None or last.text != "?":
        return _inverted(s)
    before = s.tokens[last.i - 2 : last.i]
    tagged = len(before) == 2 and before[0].text == "," and before[1].dep in ("intj", "discourse")
    agreeing = _tag(s, last) and not _inverted(s) and not _opens_with_question_word(s)
    return s.tokens[last.head].dep != "discourse" and not tagged and not agreeing


def _tag(s: Sentence, mark: Token) -> bool:
    """ "…, please put the Spanish next to them, ¿vale?", "…, right?": one word after the last
    comma, no verb, pronoun or question word, hanging on the clause before, asks for agreement;
    the sentence asks nothing unless its clause does."""
    comma = next((t for t in reversed(s.tokens[: mark.i]) if t.text == ","), None)
    tail = [t for t in s.tokens[comma.i + 1 : mark.i] if any(ch.isalnum() for ch in t.text)] if comma else []
    return len(tail) == 1 and not (
        tail[0].pos in ("VERB", "AUX", "PRON")
        or tail[0].tag in ("WP", "WRB", "WDT")
        or tail[0].head == tail[0].i
    )


def _words(s: Sentence) -> list[Token]:
    """The sentence's words without punctuation, interjections and leading discourse."""
    return [t for t in s.tokens if t.pos not in ("PUNCT", "INTJ") and t.dep not in LEADING_NOISE]


def _opens_with_question_word(s: Sentence) -> bool:
    first = next(iter(_words(s)), None)
    # of the main clause ("What's the best …"), not a subordinate one ("When you explain …, …")
    return first is not None and first.tag in ("WP", "WRB", "WDT", "WP$") and first.head == s.root.i


def _inverted(s: Sentence) -> bool:
    """An auxiliary, modal or copula before the root's subject, at the head of the sentence or
    right after its wh-phrase."""
    return _inverted_at(s, s.root, _words(s))


def asks_within(s: Sentence, clause: list[Token]) -> bool:
    """A clause of a run-on message that is itself a question by its word order, whatever the
    sentence's last mark ("just finished a night shift, how do i convert mg to mcg again"), or a
    wh-word that opens the clause of a verb whose subject is the user ("how i use crawl mode")."""
    root = head_of(clause)
    words = [t for t in clause if t.pos not in ("PUNCT", "INTJ") and t.dep not in LEADING_NOISE]
    if root is None or not words or root.i == s.root.i and _inverted(s):
        return False
    if _inverted_at(s, root, words):
        return True
    first, subject = words[0], next((c for c in s.children(root) if c.dep in ("nsubj", "nsubjpass")), None)
    return (
        first.tag == "WRB"
        and first.head == root.i
        and subject is not None
        and first.i < subject.i < root.i
        and is_first_person(subject)
        and root.i == s.root.i
    )


def _inverted_at(s: Sentence, root: Token, words: list[Token]) -> bool:
    """… counting from after a phrase set off by a comma before the subject ("in figma, how do
    i swap …", "quick one, how do i …")."""
    subject = next((c for c in s.children(root) if c.dep in ("nsubj", "nsubjpass", "expl")), None)
    if subject is None or not words:
        return False
    comma = next((t.i for t in reversed(s.tokens[: subject.i]) if t.text == ","), None)
    if comma is not None and comma > words[0].i:
        words = [t for t in words if t.i > comma]
        if not words:
            return False

    def fronted(t: Token) -> bool:
        return t.i < subject.i and (
            (t.head == root.i and t.dep == "aux") or (t.i == root.i and root.pos == "AUX")
        )

    if words[0].tag in ("WRB", "WP", "WDT"):
        # "what time does …", "how often do …"; or the wh-word asks for the subject ("which bike is …")
        return any(fronted(t) for t in words[1:4]) or words[0] in s.subtree(subject)
    return fronted(words[0])


def is_first_person(token: Token) -> bool:
    return token.pos == "PRON" and token.morph.get("Person") == "1"


def mentions_first_person(tokens: Iterable[Token]) -> bool:
    return any(is_first_person(t) for t in tokens)


def conjugate_third_singular(lemma: str, text: str) -> str:
    """Present tense, third person singular of a verb from its lemma."""
    low = lemma.lower()
    if low in _THIRD_SINGULAR:
        return _THIRD_SINGULAR[low]
    if not low.isalpha():
        return text
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        form = low + "es"
    elif len(low) > 1 and low.endswith("y") and low[-2] not in "aeiou":
        form = low[:-1] + "ies"
    else:
        form = low + "s"
    return form.capitalize() if text[:1].isupper() else form


def _finite_verb_of(sentence: Sentence, subject: Token, inside: set[int]) -> Token | None:
    """The token that agrees with `subject`: its head's first auxiliary kept in the text, or the
    head itself."""
    head = sentence.tokens[subject.head]
    auxes = [c for c in sentence.children(head) if c.dep in ("aux", "auxpass") and c.i in inside]
    if auxes:
        return auxes[0]
    return head if head.i > subject.i else None


def _agreeing_verbs(sentence: Sentence, tokens: list[Token]) -> set[int]:
    """Indices of present-tense verbs whose subject is "I" (plus verbs coordinated with them)."""
    inside = {t.i for t in tokens}
    out: set[int] = set()
    for t in tokens:
        if t.dep not in ("nsubj", "nsubjpass") or t.lower not in ("i",):
            continue
        verb = _finite_verb_of(sentence, t, inside)
        if verb is None or verb.i not in inside:
            continue
        bare = verb.tag == "VB" and verb.dep not in ("aux", "auxpass")
        if verb.tag == "VBP" or bare or verb.lower in _CONTRACTED or verb.lower in ("'d", "’d"):
            out.add(verb.i)
        if verb.dep not in ("aux", "auxpass"):
            out.update(
                c.i
                for c in sentence.children(verb)
                if c.dep == "conj"
                and c.tag in ("VBP", "VB")
                and not any(s.dep in SUBJECTS for s in sentence.children(c))
            )
    return out


def _verb_form(token: Token) -> str:
    if token.lower in ("'d", "’d"):
        return "had" if token.lemma == "have" else "would"
    return _CONTRACTED.get(token.lower) or conjugate_third_singular(token.lemma, token.text)


def render(tokens: list[Token], replace: dict[int, str] | None = None) -> str:
    """The tokens as text, with their original spacing (a replaced token keeps its spacing)."""
    replace = replace or {}
    parts: list[str] = []
    for n, t in enumerate(tokens):
        word = replace.get(t.i, t.text)
        if not word:
            continue
        space = t.space if n < len(tokens) - 1 else ""
        if not space and n < len(tokens) - 1:
            after = tokens[n + 1]
            following = replace.get(after.i, after.text)
            glued = (
                (t.i in replace or after.i in replace)
                and word[-1:].isalnum()
                and following[:1].isalnum()
                and not any(mark in after.text for mark in ("'", "’"))
            )
            if glued or after.i != t.i + 1 and after.pos != "PUNCT":
                # "im" → "The user is", not "The useris"
                space = " "
        if t.text.startswith(("'", "’")) and parts and word[:1].isalpha():
            parts.append(" ")
        parts.append(word + space)
    return "".join(parts).strip()


def third_person(sentence: Sentence, tokens: list[Token], extra: dict[int, str] | None = None) -> str:
    """ "I work nights and my dog Rex hates it" → "The user works nights and the user's dog Rex
    hates it". First-person pronouns become "the user"; verbs agreeing with "I" agree with it."""
    replace: dict[int, str] = dict(extra or {})
    first = tokens[0].i if tokens else 0
    for t in tokens:
        if is_first_person(t) and t.lower in _FIRST_PERSON and t.i not in replace:
            mid, start = _FIRST_PERSON[t.lower]
            replace[t.i] = start if t.i == first else mid
    for i in _agreeing_verbs(sentence, tokens):
        replace[i] = _verb_form(sentence.tokens[i])
    for t in tokens:
        if t.i - 1 in replace and t.text[:1] in ("'", "’") and t.i not in replace:
            replace[t.i] = _EXPANDED.get(t.lower[1:], t.text)
    return finish(render(tokens, replace))


def finish(text: str) -> str:
    """Trimmed, capitalised, ending with a full stop when it ends with no punctuation."""
    text = " ".join(text.split()).strip(" ,;:-–—")
    for mark in (".", ",", ";", ":", "!", "?"):
        text = text.replace(" " + mark, mark)
    if not text:
        return text
    if text[-1] not in ".!?":
        text += "."
    return capitalised(text)


def capitalised(text: str) -> str:
    """The text with a capital first letter, unless its first word has a capital inside it: a
    name written that way keeps it ("reMarkable", "iPad")."""
    first = text.split(" ", 1)[0]
    if any(ch.isupper() for ch in first[1:]):
        return text
    return text[:1].upper() + text[1:]


def strip_leading_noise(sentence: Sentence, tokens: list[Token]) -> list[Token]:
    """Drops interjections, conjunctions and a leading comment set off by a comma ("Anyway,",
    "By the way,", "Oh and") — any opening stretch before a comma that holds no verb and no
    first person."""
    out = list(tokens)
    while out and (out[0].dep in LEADING_NOISE or out[0].pos in ("PUNCT", "CCONJ", "INTJ")):
        out = out[1:]
    for n, t in enumerate(out[:6]):
        if t.text in (",", "—", "–", ":") and n > 0:
            opening, rest = out[:n], out[n + 1 :]
            # after a colon, the words up to the next comma must be a clause: "Diet update: keto
            # now, vegetarian didn't work out" gives the heading's value, "Side note: I live …" not
            said = (
                next((rest[:m] for m, r in enumerate(rest) if r.text == ","), rest) if t.text == ":" else rest
            )
            if (
                len(opening) <= 4
                and not any(
                    o.pos in ("VERB", "AUX", "PROPN") or o.dep in SUBJECTS or is_first_person(o)
                    for o in opening
                )
                and any(r.pos in ("VERB", "AUX") for r in said)
            ):
                return strip_leading_noise(sentence, rest)
            break
    return out


def _stranded(sentence: Sentence, owner: dict[int, int], n: int, t: Token) -> int | None:
    """The piece holding the words after `t`, when `t` is a preposition left without its object
    in piece `n`."""
    if t.dep != "prep" or any(
        owner.get(c.i) == n for c in sentence.children(t) if c.dep in ("pobj", "pcomp")
    ):
        return None
    after = owner.get(t.i + 1)
    return after if after is not None and after != n else None


def _rejoin_stranded(sentence: Sentence, pieces: list[list[Token]]) -> list[list[Token]]:
    """A cut that leaves a preposition without its object ("I work night shifts at | a
    convenience store fri sat …") came from a misparse: the preposition's piece and the piece
    holding the words after it are one clause."""
    while True:
        owner = {t.i: n for n, p in enumerate(pieces) for t in p}
        pair = next(
            (
                (n, m)
                for n, p in enumerate(pieces)
                for t in p
                if (m := _stranded(sentence, owner, n, t)) is not None
            ),
            None,
        )
        if pair is None:
            return pieces
        merged = sorted(pieces[pair[0]] + pieces[pair[1]], key=lambda t: t.i)
        pieces = [p for n, p in enumerate(pieces) if n not in pair] + [merged]


def clauses(sentence: Sentence) -> list[list[Token]]:
    """The sentence cut where a verb with a subject of its own is coordinated with, or set
    beside, the verb before it ("I cook, and my wife bakes" → two clauses). A subordinate
    clause that explains ("…so I need low-sugar meals") stays with its main clause."""
    starts: list[Token] = []
    for t in sentence.tokens:
        if _not_its_own_object(sentence, t):
            starts.append(t)
            continue
        if t.dep not in CLAUSE_HEADS or t.pos not in ("VERB", "AUX"):
            continue
        if _subject_dropped(sentence, t) or _second_with_dropped_i(sentence, t):
            starts.append(t)
            continue
        subjects = [c for c in sentence.children(t) if c.dep in SUBJECTS]
        if not subjects and _announcing(sentence, t):
            starts.append(t)
            continue
        if not subjects or subjects[0].morph.get("PronType") in ("Dem", "Rel"):
            continue
        head = sentence.tokens[t.head]
        if t.dep == "advcl" or (t.dep == "ccomp" and t.i > head.i and not _separated(sentence, head, t)):
            continue
        starts.append(t)
    if not starts:
        return [list(sentence.tokens)]
    pieces: list[list[Token]] = []
    owned: set[int] = set()
    for head in sorted(starts, key=lambda t: len(sentence.subtree(t))):
        span = [t for t in sentence.subtree(head) if t.i not in owned]
        owned.update(t.i for t in span)
        pieces.append(span)
    rest = [t for t in sentence.tokens if t.i not in owned]
    if any(t.pos not in ("PUNCT", "CCONJ") for t in rest):
        pieces.append(rest)
    pieces = _rejoin_stranded(sentence, pieces)
    pieces = sorted((p for p in (_trim(p) for p in pieces) if p), key=lambda p: p[0].i)
    joined: list[list[Token]] = []
    for piece in pieces:
        if joined and _is_comment(piece):
            ids = {t.i for t in joined[-1] + piece}
            lo, hi = min(ids), max(ids)
            joined[-1] = [
                t
                for t in sentence.tokens[lo : hi + 1]
                if t.i in ids or t.pos in ("PUNCT", "CCONJ") or t.dep == "cc"
            ]
        else:
            joined.append(piece)
    return joined


def _announcing(sentence: Sentence, verb: Token) -> bool:
    """ "Please file this away somewhere: our tax adviser is Abernethy.": an imperative before a
    colon, which the parser hung on the clause after it, is a clause of its own."""
    head = sentence.tokens[verb.head]
    end = sentence.subtree(verb)[-1].i
    return (
        verb.tag == "VB" and verb.i < head.i and any(x.text == ":" for x in sentence.tokens[end + 1 : head.i])
    )


def _subject_dropped(sentence: Sentence, verb: Token) -> bool:
    """ "Changed over to acrylics, the enamels stink", "Sold the old car finally, bought an EV": a
    past-tense verb with an object or particle that opens the sentence with no subject,
    subordinator or agent, set off by a comma from the clause the parser hung it on, is a clause of
    its own whose "I" was left out, unless that clause's subject is the user's ("Exhausted, I
    slept" is one clause)."""
    if verb.dep != "advcl" or verb.tag not in ("VBD", "VBN"):
        return False
    head = sentence.tokens[verb.head]
    opening = next((t for t in sentence.tokens if t.dep not in ("intj", "punct", "cc", "discourse")), None)
    if opening is None or opening.i != sentence.subtree(verb)[0].i or head.i < verb.i:
        return False
    kids = sentence.children(verb)
    if any(c.dep in (*SUBJECTS, "mark", "agent", "auxpass") for c in kids):
        return False
    if not any(c.dep in ("dobj", "prt", "xcomp", "ccomp") for c in kids):
        return False  # "Born in Leeds, my dad …" describes the subject after it
    if not _separated(sentence, verb, head):
        return False
    return not any(c.dep in SUBJECTS and is_first_person(c) for c in sentence.children(head))


def _second_with_dropped_i(sentence: Sentence, verb: Token) -> bool:
    """ "Dropped the Telegraph and picked up Le Monde": the second of two past-tense verbs with
    objects that open the sentence with no subject shares the left-out "I" and is a statement of
    its own (with a subject, "my sister sold the car and bought a bike", it stays with it)."""
    head = sentence.tokens[verb.head]
    if verb.dep != "conj" or head.dep != "ROOT" or {verb.tag, head.tag} - {"VBD", "VBN"}:
        return False
    opening = next((t for t in sentence.tokens if t.dep not in ("intj", "punct", "cc", "discourse")), None)
    if opening is None or opening.i != head.i:
        return False
    objects = ("dobj", "prt", "xcomp", "ccomp")
    return all(
        not any(c.dep in (*SUBJECTS, "mark", "auxpass") for c in sentence.children(v))
        and any(c.dep in objects for c in sentence.children(v))
        for v in (verb, head)
    )


def _not_its_own_object(sentence: Sentence, verb: Token) -> bool:
    """ "The Bullitt is gone, swapped it for a Brompton": a coordinated verb with no subject of its
    own whose object is a plain pronoun that can stand for the subject before it cannot share that
    subject (a thing that did it to itself would be "itself"); the one who did it is the "I" that
    chat leaves out."""
    # the parser hangs such a verb on the clause before it as a conjunct or as an unlabelled "dep"
    if verb.dep not in ("conj", "dep") or verb.tag not in ("VBD", "VBN"):
        return False
    if not _separated(sentence, verb, sentence.tokens[verb.head]):
        return False
    kids = sentence.children(verb)
    if any(c.dep in (*SUBJECTS, "mark", "auxpass") for c in kids):
        return False
    head = sentence.tokens[verb.head]
    subject = next((c for c in sentence.children(head) if c.dep in SUBJECTS), None)
    if subject is None or subject.pos == "PRON" or is_first_person(subject):
        return False
    plural = subject.morph.get("Number") == "Plur" or subject.tag in ("NNS", "NNPS")
    pointer = "them" if plural else "it"
    return any(c.dep == "dobj" and c.lower == pointer for c in kids)


def _is_comment(piece: list[Token]) -> bool:
    """ "…, that's my thing": a clause whose subject points back at the clause before it."""
    subject = next((t for t in piece[:3] if t.dep in SUBJECTS), None)
    if subject is None or subject.pos != "PRON":
        return False
    return subject.morph.get("PronType") == "Dem" or subject.morph.get("Gender") == "Neut"


def _separated(sentence: Sentence, a: Token, b: Token) -> bool:
    lo, hi = sorted((a.i, b.i))
    return any(t.text in (",", ";", "—", "–", ":") for t in sentence.tokens[lo:hi])


def _trim(tokens: list[Token]) -> list[Token]:
    out = list(tokens)
    while out and (out[0].pos in ("PUNCT", "CCONJ") or out[0].dep == "cc"):
        out = out[1:]
    while out and (out[-1].pos in ("PUNCT", "CCONJ", "SCONJ") or out[-1].dep in ("cc", "mark")):
        out = out[:-1]
    return out


def subject_noun(sentence: Sentence) -> str | None:
    """Whom or what a third-person statement is about, as a lemma: None for the user themself
    ("The user lives…", a subjectless fragment), else the head of its subject ("The user's
    sister lives…" → "sister"); an attribute is its owner's ("The user's rabbit's name…" → "rabbit")."""
    root = sentence.root
    subject = next((c for c in sentence.children(root) if c.dep in ("nsubj", "nsubjpass")), None)
    if subject is None or _with_the_user(sentence, subject):
        return None
    if subject.pos == "PRON":
        return None if subject.lower in ("i", "we") else subject.lower
    while owner := next(
        (
            c
            for c in sentence.children(subject)
            if c.dep == "poss" and c.pos in ("NOUN", "PROPN") and c.lower != "user"
        ),
        None,
    ):
        subject = owner
    return subject.lemma.lower()


def _with_the_user(sentence: Sentence, subject: Token) -> bool:
    """The subject is the user, alone or with others ("The user's friend Doreen and the user
    booked …", the rewrite's "the user and others" of "we", which the parser may split): what
    it did, the user did."""
    group = [subject, *(c for c in sentence.children(subject) if c.dep == "conj")]
    if subject.dep == "conj":
        group.append(sentence.tokens[subject.head])
    rewritten_we = [t.lower for t in sentence.tokens[max(subject.i - 2, 0) : subject.i]] == ["user", "and"]
    return rewritten_we or any(
        t.lower == "user" and not any(c.dep == "poss" for c in sentence.children(t)) for t in group
    )


def _name_of(sentence: Sentence, token: Token) -> str:
    """A proper name with the proper nouns and titles compounded onto it ("Dr. Halvorsen")."""
    parts = [c for c in sentence.children(token) if c.dep == "compound" and c.pos == "PROPN"] + [token]
    return " ".join(t.text for t in sorted(parts, key=lambda t: t.i))


def _mine(sentence: Sentence, token: Token) -> bool:
    return any(c.dep == "poss" and is_first_person(c) for c in sentence.children(token))


def _owned(sentence: Sentence, noun: Token) -> bool:
    """The noun is the user's: "my dog", or the object of a verb whose subject is the user."""
    if _mine(sentence, noun):
        return True
    head = sentence.tokens[noun.head]
    return noun.dep == "dobj" and any(
        c.dep in SUBJECTS and is_first_person(c) for c in sentence.children(head)
    )


def lowered(tokens: list[Token], text: str) -> str:
    """`text` (the words of `tokens`) with its first letter lowered to go after other words,
    unless it opens with a name or an all-capitals word."""
    if tokens[0].pos != "PROPN" and not tokens[0].text.isupper():
        return text[:1].lower() + text[1:]  # "Finally sold the van" → "The user finally sold the van"
    return text


def clipped(sentence: Sentence, noun: Token) -> bool:
    """ "Co-driver is Ilkka.", "Life list crossed 430 now!": a singular noun that opens the
    sentence without its article is the user's, the "my" or "the" clipped as chat clips it."""
    return (
        noun.tag == "NN"
        and not any(c.dep in ("det", "poss") for c in sentence.children(noun))
        and min(t.i for t in sentence.subtree(noun)) == 0
    )


def _noun_phrase(sentence: Sentence, noun: Token) -> str:
    parts = [c for c in sentence.children(noun) if c.dep in ("compound", "amod")] + [noun]
    return " ".join(t.text for t in sorted(parts, key=lambda t: t.i))


def introductions(sentence: Sentence) -> list[tuple[str, str]]:
    """Who or what of the user's the sentence names, as (noun, name): "my parrot Boomer",
    "Wolfie, my dog", "Rascal (my guinea pig)", "a ferret called Nimbus", "my dentist is Dr.
    Halvorsen", "I'm Quentin", "call me Quentin", "Quentin here", "the name's Quentin" (noun "name"). Read from apposition, naming verbs and identity
    copulas, whatever the rest of the sentence says; a negated name ("…, not Vietnamese") is none."""
    out: list[tuple[str, str]] = []
    for p in sentence.tokens:
        if p.pos != "PROPN" or p.dep == "compound":
            continue
        head = sentence.tokens[p.head]
        kids = sentence.children(p)
        start = min(x.i for x in sentence.subtree(p))
        if any(c.dep == "neg" for c in kids) or (start > 0 and sentence.tokens[start - 1].dep == "neg"):
            continue  # "…, not Vietnamese", "…, not the Sony A7 IV"
        for n in [c for c in kids if c.dep in ("appos", "poss", "compound") and c.pos == "NOUN"]:
            if _owned(sentence, n):
                out.append((_noun_phrase(sentence, n), _name_of(sentence, p)))
        if any(c.dep == "poss" and is_first_person(c) for c in kids):
            out.extend(
                (c.text, _name_of(sentence, p))
                for c in kids
                if c.dep in ("amod", "compound", "nmod") and c.pos == "NOUN"
            )
        if p.dep in ("appos", "compound") and head.pos == "NOUN" and _owned(sentence, head):
            out.append((_noun_phrase(sentence, head), _name_of(sentence, p)))
        if p.dep == "oprd" and head.lemma in ("call", "name") and head.dep == "acl":
            noun = sentence.tokens[head.head]
            if noun.pos == "NOUN" and _owned(sentence, noun):
                out.append((_noun_phrase(sentence, noun), _name_of(sentence, p)))
        if (
            p.dep == "oprd"
            and head.lemma in ("call", "name")
            and any(c.dep == "dobj" and c.lower == "me" for c in sentence.children(head))
        ):
            out.append(("name", _name_of(sentence, p)))
        if p.dep == "oprd" and head.lemma in ("call", "name"):
            # "my plumber is called Thorvald"
            out.extend(
                (_noun_phrase(sentence, c), _name_of(sentence, p))
                for c in sentence.children(head)
                if c.dep == "nsubjpass" and c.pos == "NOUN" and _owned(sentence, c)
            )
        if (
            p.dep == "ROOT"
            and any(c.lower == "here" for c in kids)
            and not any(t.pos in ("VERB", "AUX") for t in sentence.tokens)
        ):
            out.append(("name", _name_of(sentence, p)))
        # a name after the copula is its complement, whatever the parser called it ("the name is Piran")
        if head.lemma == "be" and (p.dep in ("attr", "acomp") or (p.dep == "nsubj" and p.i > head.i)):
            subject = next((c for c in sentence.children(head) if c.dep in SUBJECTS and c.i < head.i), None)
            if subject is not None and is_first_person(subject) and subject.lower == "i":
                out.append(("name", _name_of(sentence, p)))
            elif subject is not None and subject.pos == "NOUN" and _owned(sentence, subject):
                out.append((_noun_phrase(sentence, subject), _name_of(sentence, p)))
            elif subject is not None and subject.pos == "NOUN" and clipped(sentence, subject):
                # the words before the copula, however the tagger cut them ("Co - driver")
                words = sentence.tokens[: head.i]
                noun = "".join(t.text + t.space for t in words).strip()
                out.append((lowered(list(words), noun), _name_of(sentence, p)))
            elif (
                subject is not None
                and subject.lemma == "name"
                and not any(c.dep in ("poss", "prep", "acl", "relcl") for c in sentence.children(subject))
            ):
                out.append(("name", _name_of(sentence, p)))
    out.extend(_named_after(sentence))
    out.extend(("name", name) for name in _here(sentence))
    out.extend(("name", name) for name in _speaking(sentence))
    # a name holds no digits ("my account GR56 0172 …") and no number follows it ("home Kolokotroni 42")
    numbered = {
        t.text for t, after in zip(sentence.tokens, sentence.tokens[1:], strict=False) if after.pos == "NUM"
    }
    return [
        (noun, name)
        for noun, name in dict.fromkeys(out)
        if not any(ch.isdigit() for ch in name) and name.split()[-1] not in numbered and name not in _CALENDAR
    ]


_CALENDAR = frozenset(calendar.day_name) | frozenset(calendar.month_name[1:])
"""Days and months are when, not who ("Session zero is Saturday"); from the standard library."""


def _here(sentence: Sentence) -> list[str]:
    """ "hiya, Rowena here, first time on this thing", "Thandiwe here, I'm a sound engineer": a
    name and "here", set off on both sides by the sentence's edges or punctuation, is the speaker
    saying who they are, however the parser read the name (a verb, a conjunct). "Paris here is
    lovely" goes on into a clause, and "Over here" is no name. In lower case ("hey! priyanka
    here, data eng") only a noun that opens what the user says, after a greeting at most."""
    t = sentence.tokens
    return [
        name.text
        for n, name in enumerate(t[:-1])
        if t[n + 1].lower == "here"
        and name.text.isalpha()
        and (
            name.pos in ("PROPN", "NOUN", "VERB")
            if name.text[:1].isupper()
            else name.pos in ("PROPN", "NOUN")
        )
        and (name.text[:1].isupper() or all(x.pos in ("INTJ", "PUNCT") for x in t[:n]))
        and (n == 0 or t[n - 1].pos == "PUNCT")
        and (n + 2 == len(t) or t[n + 2].pos == "PUNCT")
    ]


def _speaking(sentence: Sentence) -> list[str]:
    """ "Hi, Imelda speaking.": a name as the subject of a bare "speaking", the telephone's way of
    saying who is on the line."""
    return [
        _name_of(sentence, t)
        for t in sentence.tokens
        if t.pos == "PROPN"
        and t.dep == "nsubj"
        and (verb := sentence.tokens[t.head]).lemma == "speak"
        and verb.tag == "VBG"
        and all(c.i == t.i or c.dep in ("intj", "punct", "discourse") for c in sentence.children(verb))
    ]


def presented(sentence: Sentence) -> str | None:
    """ "It's Eamon.", "Morning, this is Vitalis.": a sentence that only says "it is" or "this
    is" a name, which, opening what the user says when nothing was asked, says who is writing."""
    words = [t for t in sentence.tokens if t.pos not in ("PUNCT", "INTJ") and t.dep not in LEADING_NOISE]
    words = [t for t in words if t.dep != "npadvmod" or t.i > sentence.root.i]
    if len(words) < 3 or words[0].lower not in ("it", "this") or words[1].lemma != "be":
        return None
    name = words[2:]
    if not all(t.pos == "PROPN" and t.text[:1].isupper() for t in name) or len(name) > 2:
        return None
    text = " ".join(t.text for t in name)
    return None if text in _CALENDAR else text


def _named_after(sentence: Sentence) -> list[tuple[str, str]]:
    """ "my mum Tancredi is coming", "helping my mum Ignatia move": a capitalised word right after a
    noun of the user's names it, whatever dependency the parser gave the pair (both subjects of
    one verb, the name read as a noun with the relation as its modifier); a time adverbial ("my
    flight Monday") names nothing."""
    out: list[tuple[str, str]] = []
    for noun, name in zip(sentence.tokens, sentence.tokens[1:], strict=False):
        if (
            noun.pos != "NOUN"
            or name.pos not in ("PROPN", "NOUN")
            or not name.text[:1].isupper()
            or name.dep in ("npadvmod", "compound", "appos")
        ):
            continue
        siblings = noun.head == name.head and name.dep in (noun.dep, "oprd") or noun.head == name.i
        if siblings and (_mine(sentence, noun) or (noun.head == name.i and _mine(sentence, name))):
            out.append((_noun_phrase(sentence, noun), _name_of(sentence, name)))
    return out
