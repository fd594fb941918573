"""A store's `user_profile_details`, read by syntax into what to leave out and what to focus on.

A directive is a verb of keeping information (store, record, capture, focus, …; data file
`privacy_terms.jsonl`, label `directive`) or one that excludes by itself (avoid, exclude, skip,
"leave out" (a verb with its particle), …; label `directive_negative`). A keeping verb with a negation ("do not store", "never
record", "… must not be kept") excludes too. What a directive governs — its object, a passive
subject, the object of its preposition ("focus on …", "anything about …") or a clause ("where
they live") — is split at coordination into phrases: "Do not store medications, diagnoses or
political views" excludes "medications", "diagnoses" and "political views". When a colon follows
the directive, what it governs only announces a list ("any of the following: A (a1, a2); B; and
C"): the items after the colon are read one by one instead."""

from __future__ import annotations

import re
from dataclasses import dataclass

from memstore.domain.language.syntax import Parser, Sentence, Token
from memstore.domain.privacy.detectors import terms

_OBJECTS = ("dobj", "nsubjpass", "attr", "oprd")
_CLAUSES = ("ccomp", "xcomp")
_DROP_LEADING = ("DET", "PART", "ADP", "CCONJ", "PUNCT")


@dataclass(frozen=True)
class Policy:
    exclusions: tuple[str, ...] = ()
    """Phrases the store says not to keep ("medications", "political views")."""
    focus: tuple[str, ...] = ()
    """Phrases the store asks to capture ("hobbies", "travel plans")."""


def _directive(token: Token, s: Sentence | None = None) -> str | None:
    lemma = token.lemma.lower()
    particles = [c.lower for c in s.children(token) if c.dep == "prt"] if s is not None else []
    if lemma in terms("directive_negative") or any(
        f"{lemma} {p}" in terms("directive_negative") for p in particles
    ):
        return "exclude"
    if lemma in terms("directive"):
        return "keep"
    return None


def _negated(s: Sentence, verb: Token) -> bool:
    if any(c.dep == "neg" for c in s.children(verb)):
        return True
    head = s.tokens[verb.head]
    if verb.dep in _CLAUSES and head.i != verb.i and _directive(head) is not None:
        # "avoid storing …", "never try to record …": the governing directive decides
        return _directive(head) == "exclude" or _negated(s, head)
    if verb.dep == "conj" and head.i != verb.i and _directive(head) == "keep":
        contrast = any(
            c.dep == "cc" and c.lower in ("but", "yet") for c in s.children(head) + s.children(verb)
        )
        return not contrast and _negated(s, head)
    return False


def _trailing(s: Sentence, token: Token) -> list[Token]:
    """The governing preposition repeated on the token, which starts a parallel item: "about
    their commute, about karaoke" and "about drinking, cannabis, and about ex-partners" (a
    parse that hangs the second "about" on the first item). Another preposition modifies the
    item ("estrangement between the user and their relatives")."""
    if token.dep != "pobj":
        return []
    governing = s.tokens[token.head].lower
    return [c for c in s.children(token) if c.dep == "prep" and c.lower == governing]


def _split_word(s: Sentence, token: Token) -> list[Token]:
    """The pieces of a hyphenated word the parser left as siblings before it ("ex", "-" of
    "ex-partners")."""
    out: list[Token] = []
    i = token.i - 1
    while (
        i >= 0 and s.tokens[i].head == token.head and s.tokens[i].dep == token.dep and not s.tokens[i].space
    ):
        out.insert(0, s.tokens[i])
        i -= 1
    return out


def _pieces(s: Sentence, tokens: list[Token]) -> list[Token]:
    """Without the tokens that are pieces of the next one's hyphenated word."""
    pieces = {p.i for t in tokens for p in _split_word(s, t)}
    return [t for t in tokens if t.i not in pieces]


def _phrase_words(s: Sentence, token: Token) -> list[Token]:
    """The token's phrase without its coordinated siblings, leading determiners or possessors."""
    skip = {c.i for c in s.children(token) if c.dep in ("conj", "cc", "punct")}
    skip |= {c.i for c in _trailing(s, token)}
    drop = set()
    for i in skip:
        drop |= {t.i for t in s.subtree(s.tokens[i])}
    owners = [c for c in s.children(token) if c.dep == "poss"]
    for c in owners:
        drop |= {t.i for t in s.subtree(c)}
    words = _split_word(s, token) + [t for t in s.subtree(token) if t.i not in drop]
    while words and words[0].pos in _DROP_LEADING:
        words = words[1:]
    while words and words[-1].pos == "PUNCT":
        words = words[:-1]
    return words


def _phrase(s: Sentence, token: Token) -> str:
    return _joined(_phrase_words(s, token))


def _coordinated(s: Sentence, token: Token) -> list[str]:
    """The phrases of the token and its conjuncts. Two conjuncts with nothing between them are
    one phrase the parser split: "pregnancy or fertility treatment" coordinates two things, not
    three."""
    out: list[list[Token]] = []
    for c in sorted(_conjuncts(s, token), key=lambda t: t.i):
        words = _phrase_words(s, c)
        if out and out[-1] and words and out[-1][-1].i + 1 == words[0].i:
            out[-1] += words
        else:
            out.append(words)
    return [_joined(w) for w in out]


def _joined(words: list[Token]) -> str:
    """The words as written, with a space where words between them were left out."""
    out = []
    for a, b in zip(words, [*words[1:], None], strict=True):
        out.append(a.text + (a.space if b is not None and b.i == a.i + 1 else " "))
    return "".join(out).strip()


def _conjuncts(s: Sentence, token: Token) -> list[Token]:
    out, frontier = [token], [token]
    while frontier:
        nxt = [
            c
            for t in frontier
            for c in s.children(t)
            # a noun tagged as a verb still heads its compounds ("or job performance reviews")
            if c.dep == "conj"
            and (c.pos in ("NOUN", "PROPN", "ADJ", "PRON") or any(g.dep == "compound" for g in s.children(c)))
        ]
        out += nxt
        frontier = nxt
    return out


def _governed(s: Sentence, verb: Token) -> list[str]:
    phrases = []
    children = s.children(verb)
    targets = [c for c in children if c.dep in _OBJECTS]
    preps = [c for c in children if c.dep == "prep" or (c.dep == "conj" and c.pos == "ADP")]
    for obj in list(targets):
        if obj.pos == "PRON":
            targets.remove(obj)
            preps += [c for c in s.children(obj) if c.dep == "prep"]
    preps += [c for prep in list(preps) for c in s.subtree(prep) if c.dep == "conj" and c.pos == "ADP"]
    # "any of these three": a number or pronoun only counts what follows, it names nothing
    targets += _pieces(
        s,
        [
            p
            for prep in preps
            for p in s.children(prep)
            if p.dep == "pobj" and p.pos not in ("NUM", "PRON", "DET")
        ],
    )
    for t in targets:
        phrases += _coordinated(s, t)
        trailing = [p for c in _conjuncts(s, t) for prep in _trailing(s, c) for p in s.children(prep)]
        phrases += [x for p in _pieces(s, trailing) if p.dep == "pobj" for x in _coordinated(s, p)]
    for clause in (c for c in children if c.dep in _CLAUSES and _directive(c) is None):
        phrases.append("".join(t.text + t.space for t in s.subtree(clause)).strip())
    return [p for p in phrases if p]


def _announced(text: str, parser: Parser) -> list[str]:
    """ "Do not keep any of the following: their religion (faith, church attendance); their
    debts and loans; and …": the items of the list a colon announces, each read on its own (the
    parser cannot hold a long list together): the items between semicolons, and the words in
    parentheses as items of their own, each split at its coordination."""
    phrases: list[str] = []
    for item in (i for i in _ITEMS.split(text) if i.strip(" .,;:")):
        inner = _PARENTHESES.findall(item)
        for piece in (_PARENTHESES.sub(" ", item), *inner):
            for s in parser.parse(piece.strip(" .,;:")):
                root = s.root
                if root.pos in ("NOUN", "PROPN"):
                    phrases += _coordinated(s, root)
                elif any(t.pos in ("NOUN", "PROPN") for t in s.tokens):
                    phrases.append(_joined([t for t in s.tokens if t.pos not in _DROP_LEADING or t.i > 0]))
    return [p for p in phrases if p]


_ITEMS = re.compile(r";")
_PARENTHESES = re.compile(r"\(([^()]*)\)")


def _colon_after(s: Sentence, token: Token) -> int | None:
    return next((t.i for t in s.tokens[token.i + 1 :] if t.text == ":"), None)


def read_policy(text: str | None, parser: Parser) -> Policy:
    if not text or not text.strip():
        return Policy()
    exclusions: list[str] = []
    focus: list[str] = []
    sentences = parser.parse(text)
    for n, s in enumerate(sentences):
        for t in s.tokens:
            kind = _directive(t, s)
            if kind is None or t.pos not in ("VERB", "NOUN", "AUX"):
                continue
            if t.pos == "NOUN" and t.dep not in ("ROOT", "advcl", "conj"):
                continue
            excluded = kind == "exclude" or _negated(s, t)
            colon = _colon_after(s, t)
            if colon is None:
                (exclusions if excluded else focus).extend(_governed(s, t))
                continue
            # what the directive governs only announces the list after the colon
            rest = "".join(x.text + x.space for x in s.tokens[colon + 1 :]).strip()
            listed = rest or (sentences[n + 1].text if n + 1 < len(sentences) else "")
            (exclusions if excluded else focus).extend(_announced(listed, parser))
            break
    return Policy(exclusions=tuple(dict.fromkeys(exclusions)), focus=tuple(dict.fromkeys(focus)))
