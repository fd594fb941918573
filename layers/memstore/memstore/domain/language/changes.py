"""Change markers: a statement that something about the user changed ("now", "no longer",
"moved", "switched", "actually"), found by the lemma and role of its words. The markers are a
small closed class kept in data/change_markers.jsonl."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from memstore.domain.language import examples
from memstore.domain.language.syntax import Sentence, Token
from memstore.domain.language.text import CLAUSE_HEADS, SUBJECTS, head_of, is_first_person


@dataclass(frozen=True)
class Change:
    shift: bool = False
    """The statement says something is different from before."""
    retract: bool = False
    """The statement ends a former fact ("no longer learning Norwegian", "I quit piano")."""


@functools.cache
def _markers() -> dict[str, str]:
    return {e.text: e.label for e in examples.load("change_markers")}


@functools.cache
def _definite_only() -> frozenset[str]:
    """Markers that mark a change only on a definite noun ("my *new* job", not "a *new* puppy")."""
    return frozenset(r["text"] for r in examples.rows("change_markers") if r.get("definite"))


def _any_more(sentence: Sentence, token: Token) -> bool:
    """ "any more" as one adverb ("not using it any more"), not a quantity ("any more coffee")."""
    return (
        token.lower == "more"
        and token.pos == "ADV"
        and token.i > 0
        and sentence.tokens[token.i - 1].lower == "any"
    )


@functools.cache
def _past_only() -> frozenset[str]:
    """Markers that end something only when it is done ("I *sold* the Laser", not "I sell soap")."""
    return frozenset(r["text"] for r in examples.rows("change_markers") if r.get("past"))


def _not_done(sentence: Sentence, token: Token, marker: str | None = None) -> bool:
    """A past-only marker said in another tense, or of someone else ("my nephew sold me his
    truck" is how the user got one)."""
    if (marker or token.lemma.lower()) not in _past_only():
        return False
    subject = next((c for c in sentence.children(token) if c.dep in SUBJECTS), None)
    return token.tag not in ("VBD", "VBN") or (subject is not None and not is_first_person(subject))


def _indefinite(sentence: Sentence, token: Token) -> bool:
    noun = sentence.tokens[token.head]
    return any(c.dep == "det" and c.lower in ("a", "an", "another", "some") for c in sentence.children(noun))


@functools.cache
def _object_is_former() -> frozenset[str]:
    """Change verbs whose object is the old value ("painting has *replaced woodworking*")."""
    return frozenset(r["text"] for r in examples.rows("change_markers") if r.get("former") == "object")


def _negated(sentence: Sentence, token: Token) -> bool:
    return any(c.dep == "neg" for c in sentence.children(token))


def _someone_elses(sentence: Sentence, token: Token, top: Token | None) -> bool:
    """The word sits in a clause of someone else's inside a clause of the user's: "I'm helping my
    mum *move* flats" is the mum's move, not a change of the user's ("my editor is X *now*" is)."""
    node, other = token, False
    while top is not None:
        subject = next((c for c in sentence.children(node) if c.dep in SUBJECTS), None)
        if subject is not None and node.pos in ("VERB", "AUX"):
            if is_first_person(subject):
                return other
            other = True
        if node.i == top.i or node.head == node.i:
            return False
        node = sentence.tokens[node.head]
    return False


def _anothers_subject(sentence: Sentence, token: Token, top: Token | None) -> bool:
    """ "Club wants me on *the new* portal": the clause is someone else's (its subject is neither
    the user, the user's thing, nor the new thing itself), so "new" changes nothing of the user's."""
    if top is None:
        return False
    subject = next((c for c in sentence.children(top) if c.dep in SUBJECTS), None)
    if subject is None or subject.i == token.head:
        return False
    owned = (
        is_first_person(subject)
        or subject.lower == "user"
        or any(
            c.dep == "poss" and (is_first_person(c) or c.lower == "user") for c in sentence.children(subject)
        )
    )
    return not owned


def _up_to_now(sentence: Sentence, token: Token) -> bool:
    """ "I've been a librarian *for a few years now*": an adverb of the present on a perfect
    verb that also carries a span ("for …", "since …") ends that span at the present: the fact
    has held all along, nothing changed."""
    verb = sentence.tokens[token.head]
    if token.dep != "advmod" or verb.pos not in ("VERB", "AUX"):
        return False
    kids = sentence.children(verb)
    perfect = any(c.dep == "aux" and c.lemma == "have" for c in kids) and (
        verb.tag == "VBN" or any(c.dep == "aux" and c.tag == "VBN" for c in kids)
    )
    spans = [
        p
        for p in sentence.subtree(verb)
        if p.dep == "prep"
        and p.lower in ("for", "since")
        and any(o.dep == "pobj" and o.pos != "PROPN" for o in sentence.children(p))
    ]
    return perfect and bool(spans)


def others_clause(sentence: Sentence, tokens: list[Token]) -> bool:
    """Part of the statement is a clause with a subject other than the user ("I'm helping *my mum
    move flats*", "I moved because *my company relocated*")."""
    inside = {t.i for t in tokens}
    top = head_of(tokens)
    return any(
        t is not top
        and t.pos in ("VERB", "AUX")
        and t.dep in (*CLAUSE_HEADS, "xcomp")
        and any(c.dep in SUBJECTS and c.i in inside and not is_first_person(c) for c in sentence.children(t))
        for t in tokens
    )


def change_of(sentence: Sentence, tokens: list[Token]) -> Change:
    markers = _markers()
    shift = retract = False
    top = head_of(tokens)
    for t in tokens:
        label = markers.get(t.lemma.lower()) or markers.get(t.lower)
        if label is None or _someone_elses(sentence, t, top):
            continue
        if t.pos in ("ADV", "ADJ") and t.lower in ("longer", "more"):
            if any(s.dep == "neg" or s.lower == "no" for s in tokens if abs(s.i - t.i) <= 1):
                retract = True
            elif _any_more(sentence, t) and any(
                s.dep == "neg" for s in tokens if s.head == t.head or s.head == sentence.tokens[t.head].head
            ):
                retract = True  # "I'm not using the Tenaz any more": "anymore" written in two words
            continue
        if t.lower == "over" and t.pos == "ADP" and sentence.tokens[t.head].lemma == "be":
            shift = retract = True
            continue
        if t.lower in _definite_only() and (
            t.dep != "amod" or _indefinite(sentence, t) or _anothers_subject(sentence, t, top)
        ):
            continue
        if (t.pos == "ADV" and _up_to_now(sentence, t)) or _not_done(sentence, t):
            continue
        if t.pos in ("VERB", "ADV", "ADJ"):
            shift = True
            retract = retract or (label == "retract" and not _negated(sentence, t))
    inside = {t.i for t in tokens}
    # a phrasal verb, its particle next to it or after the object ("traded the Buick in")
    pairs = [(a, b) for a, b in zip(tokens, tokens[1:], strict=False)] + [
        (t, c)
        for t in tokens
        for c in sentence.children(t)
        if c.dep in ("prt", "advmod") and c.pos in ("ADP", "ADV") and c.i in inside and c.i > t.i + 1
    ]
    for a, b in pairs:
        phrase = next(
            (p for p in (f"{a.lower} {b.lower}", f"{a.lemma.lower()} {b.lower}") if p in markers), None
        )
        if phrase is None or _not_done(sentence, a, phrase):
            continue
        shift = True
        retract = retract or (markers[phrase] == "retract" and not _negated(sentence, a))
    contrast = any(_contrasted(sentence, t) for t in tokens)
    return Change(shift=shift or retract or contrast, retract=retract)


SOURCE_PREPOSITIONS = ("from", "off")
"""English's prepositions of the place something leaves: on a change verb, their object is the old value."""
GOAL_PREPOSITIONS = ("to", "into")
"""… and of the place it reaches: their object is the new value ("changed my radio over *to* Classic FM")."""


def _goal(sentence: Sentence, verb: Token) -> bool:
    near = [c for c in sentence.children(verb) if c.dep in ("prep", "prt", "advmod")]
    near += [g for c in near for g in sentence.children(c)]
    return any(c.dep == "prep" and c.lower in GOAL_PREPOSITIONS for c in near)


_CONTRASTS = {"instead": "of", "rather": "than"}
"""The two English contrastive prepositions of two words: what follows names the old value."""


def without_former_value(sentence: Sentence, tokens: list[Token]) -> list[Token]:
    """Drops the old value a change names ("moved *from Paris* to Berlin", "moved the team *off
    Salesforce*", "tea *instead of coffee*", "tenor *rather than alto*"): the memory states what is true now; the old value
    stays in its revision."""
    markers = _markers()
    drop: set[int] = set()
    for t in tokens:
        if t.dep != "prep" or t.lower not in SOURCE_PREPOSITIONS:
            continue
        head = sentence.tokens[t.head]
        if markers.get(head.lemma.lower()) and head.pos == "VERB":
            # a preposition hanging from the source one ends its range: "from X *to Y*"
            ends = {x.i for c in sentence.children(t) if c.dep == "prep" for x in sentence.subtree(c)}
            drop.update(x.i for x in sentence.subtree(t) if x.i not in ends)
    for t in tokens:
        link = _CONTRASTS.get(t.lower)
        if link is not None:
            head = sentence.tokens[t.head]
            top = head if head.lower == link else t
            if top is not t or any(c.lower == link for c in sentence.children(t)):
                drop.update(x.i for x in sentence.subtree(top))
                of = [x for x in (head, *sentence.children(t)) if x.lower == link]
                drop.update(
                    x.i
                    for o in of
                    for c in sentence.children(o)
                    if c.dep == "pobj"
                    for x in sentence.subtree(c)
                )
                for o in of:
                    # "instead of a gimlet" read as a coordination: the old value follows the link
                    a = sentence.tokens[o.i + 1] if o.i + 1 < len(sentence.tokens) else None
                    while (
                        a is not None
                        and a.dep in ("det", "poss", "nummod", "compound", "amod")
                        and a.head > a.i
                    ):
                        a = sentence.tokens[a.head]
                    if a is not None and a.pos in ("NOUN", "PROPN", "ADJ"):
                        drop.update(x.i for x in sentence.subtree(a))
    for t in tokens:
        if _former_object(sentence, t) and any(
            c.dep == "prep" and c.lower == "as" for c in sentence.children(sentence.tokens[t.head])
        ):
            drop.update(x.i for x in sentence.subtree(t))
        if _contrasted(sentence, t):
            comma = max(p.i for p in sentence.tokens[: t.i] if p.text == ",")
            drop.update(x.i for x in sentence.subtree(t) if x.i >= comma)
            drop.update(p.i for p in tokens if comma <= p.i < t.i and (p.dep == "neg" or p.text == ","))
    return [t for t in tokens if t.i not in drop]


def _former_object(sentence: Sentence, token: Token) -> bool:
    """The object of a change verb whose object is the old value ("replaced *woodworking*")."""
    return token.dep == "dobj" and sentence.tokens[token.head].lemma.lower() in _object_is_former()


def _contrasted(sentence: Sentence, token: Token) -> bool:
    """ "…Malaysian, not Georgian" / "…on Wednesdays, not Tuesdays": a negated conjunct or
    apposition after the new value names the old one."""
    if token.dep not in ("conj", "appos", "npadvmod", "attr", "acomp", "pobj", "dobj", "advmod"):
        return False
    kids = sentence.children(token)
    negated = any(c.dep == "neg" and c.i < token.i for c in kids)
    start = min(x.i for x in sentence.subtree(token))
    before = sentence.tokens[start - 1] if start > 0 else None
    preceded = before is not None and before.dep == "neg"
    return (
        (negated or preceded)
        and token.i > 1
        # the comma before the contrast, which may be a phrase of several words ("not the Sony A7 IV")
        and any(t.text == "," for t in sentence.tokens[max(0, start - 3) : token.i])
    )


def without_negation(sentence: Sentence, tokens: list[Token]) -> list[Token]:
    """The positive form of a retraction: "no longer learning Norwegian" → "learning Norwegian"."""
    markers = _markers()
    drop = {t.i for t in tokens if t.dep == "neg" or (markers.get(t.lower) == "retract" and t.pos == "ADV")}
    negated = {t.head for t in tokens if t.dep == "neg"}
    drop |= {t.i for t in tokens if t.dep == "aux" and t.lemma == "do" and t.head in negated}
    return [t for t in tokens if t.i not in drop]


def value_of(sentence: Sentence, tokens: list[Token]) -> list[Token] | None:
    """The complement that carries a statement's value: the object of its verb, else the
    attribute of a copula, else the object of its first preposition."""
    inside = {t.i for t in tokens}
    for deps in (("dobj", "attr", "acomp", "oprd"), ("npadvmod", "pobj")):
        for t in tokens:
            if t.dep in deps and t.i in inside and (t.dep != "npadvmod" or t.pos in ("PROPN", "NOUN")):
                return [x for x in sentence.subtree(t) if x.i in inside]
    return None


def names_slot(sentence: Sentence, tokens: list[Token]) -> bool:
    """ "I switched *jobs* last month" / "we moved *house*" / "I changed *my diet*": a change verb
    whose object is a bare common noun (no determiner, or only the user's own) names what
    changed, not its new value; the value comes in the next statement."""
    head = head_of(tokens)
    if head is None or head.pos != "VERB" or head.lemma.lower() not in _markers():
        return False
    objects = [c for c in sentence.children(head) if c.dep == "dobj"]
    if len(objects) != 1 or objects[0].pos != "NOUN" or _goal(sentence, head):
        return False
    kids = sentence.children(objects[0])
    return not kids or (len(kids) == 1 and kids[0].dep == "poss" and is_first_person(kids[0]))


def swapped_value(sentence: Sentence, tokens: list[Token]) -> list[Token] | None:
    """ "It's Polish now." / "That's cold brew for me now.": a copula whose subject points back
    (it, that, this) gives a new value for the thing just retracted."""
    head = head_of(tokens)
    subject = next((c for c in sentence.children(head) if c.dep in SUBJECTS), None) if head else None
    if subject is None or subject.pos != "PRON" or is_first_person(subject):
        return None
    if subject.morph.get("Person") not in (None, "3") or subject.lower in ("he", "she", "they", "who"):
        return None
    head = sentence.tokens[subject.head]
    if head.lemma != "be":
        return None
    value = [c for c in sentence.children(head) if c.dep in ("attr", "acomp")]
    if not value:
        return None
    return [
        t
        for t in sentence.subtree(value[0])
        if not any(
            p.dep == "prep" and t.i in {x.i for x in sentence.subtree(p)} for p in sentence.children(value[0])
        )
    ]


def _retracting(sentence: Sentence, head: Token) -> bool:
    """A clause head that ends something: "no longer …", "no more …", "quit/dropped/paused …"."""
    markers = _markers()
    near = [c for c in sentence.children(head) if c.dep not in ("conj", "ccomp", "advcl", "parataxis")]
    near += [g for c in near for g in sentence.children(c)]
    if any(c.dep == "neg" for c in near) and any(markers.get(c.lower) == "retract" for c in near):
        return True
    if head.pos != "VERB" or any(c.dep == "neg" for c in near):
        return False
    return markers.get(head.lemma.lower()) == "retract" and not _not_done(sentence, head)


def split_retraction(sentence: Sentence, tokens: list[Token]) -> tuple[list[Token], list[Token]] | None:
    """ "I paused Hindi and picked up Portuguese" → ("I picked up Portuguese", "paused Hindi"):
    a clause that ends one thing and starts another keeps only what is true now; the part that
    ends something names the memory to replace."""
    inside = {t.i for t in tokens}
    top = head_of(tokens)
    heads = [
        t
        for t in tokens
        if (t is top or t.dep in ("ROOT", "conj", "advcl", "ccomp", "npadvmod"))
        and t.pos in ("VERB", "AUX", "NOUN")
    ]
    ended = [h for h in heads if _retracting(sentence, h)]
    current = [h for h in heads if h.pos in ("VERB", "AUX") and h not in ended]
    if not ended or not current:
        return None
    gone: set[int] = set()
    for h in ended:
        span = {x.i for x in sentence.subtree(h)}
        gone |= span - {x.i for c in current if c.i in span for x in sentence.subtree(c)}
    subjects = [c for h in ended for c in sentence.children(h) if c.dep in SUBJECTS]
    if not any(c.dep in SUBJECTS for h in current for c in sentence.children(h)):
        gone -= {x.i for s in subjects for x in sentence.subtree(s)}
    kept = [t for t in tokens if t.i not in gone or t.pos == "PUNCT" and t.text not in (",", ";")]
    kept = [t for t in kept if not (t.dep == "cc" and t.head in {h.i for h in ended})]
    retracted = [t for t in tokens if t.i in gone and t.i in inside]
    return kept, retracted


NAMING = ("NOUN", "PROPN", "ADJ", "NUM")


def _names_value(token: Token) -> bool:
    return token.pos in NAMING or token.tag == "VBG"


def replacement_frame(sentence: Sentence, kept: list[Token]) -> dict[int, str]:
    """ "Baking has replaced beekeeping *as* my weekend thing" with the old value dropped reads
    "Baking is now my weekend thing": the words to put in place of the change verb, its
    auxiliaries and the "as" that introduces the role."""
    inside = {t.i for t in kept}
    for verb in kept:
        if verb.lemma.lower() not in _object_is_former() or verb.pos != "VERB":
            continue
        kids = sentence.children(verb)
        role = [c for c in kids if c.dep == "prep" and c.lower == "as" and c.i in inside]
        dropped = [c for c in kids if c.dep == "dobj" and c.i not in inside]
        if role and dropped:
            frame = {c.i: "" for c in kids if c.dep == "aux" and c.i in inside}
            return frame | {verb.i: "is now", role[0].i: ""}
    return {}


def former_value(sentence: Sentence, tokens: list[Token], refs: dict[int, str] | None = None) -> str | None:
    """The words that name what a change replaces: what `without_former_value` drops, or the
    value of a retraction ("no longer learning *Norwegian*"). A pointer stands for what `refs`
    resolved it to ("The Bullitt is gone. I swapped *it* for a Brompton.")."""
    refs = refs or {}
    kept = {t.i for t in without_former_value(sentence, tokens)}
    kept -= {x.i for t in tokens if _former_object(sentence, t) for x in sentence.subtree(t)}
    dropped = [t for t in tokens if t.i not in kept and (_names_value(t) or t.i in refs)]
    if not dropped and change_of(sentence, tokens).retract:
        value = value_of(sentence, without_negation(sentence, tokens)) or []
        dropped = [t for t in value if t.pos in NAMING and not is_first_person(t)]
        head = head_of(tokens)
        if not dropped and head is not None and head.pos in ("NOUN", "PROPN"):
            # "no more *knitting* for me": a retraction with no object ends its head noun
            dropped = [t for t in sentence.children(head) if t.dep == "compound"] + [head]
    return " ".join(refs.get(t.i, t.text) for t in dropped) or None
