"""The privacy guard: what no extractor may turn into a memory.

Applied after every extractor (rules and chat models alike), so a model that ignores its
instructions still cannot store a password. Each sentence of a candidate goes through the
always-on detectors (detectors.py) and the store's active policy categories (categories.py,
policy.py). A profile or procedural candidate that trips anything is dropped whole (the
sensitive part is usually the fact itself); a chat summary loses only its offending sentences,
and any value found sensitive anywhere in the batch is scrubbed wherever it is repeated."""

from __future__ import annotations

import re
import threading
from collections import OrderedDict

import numpy as np

from memstore.domain.extraction import Candidate
from memstore.domain.language.examples import load
from memstore.domain.language.semantics import Embed, PrototypeClassifier
from memstore.domain.language.syntax import Parser, Sentence
from memstore.domain.language.text import as_told
from memstore.domain.models import Kind, StoreOptions
from memstore.domain.privacy import detectors
from memstore.domain.privacy.categories import ActivePolicy, CategoryModel
from memstore.domain.privacy.policy import Policy, read_policy

_POLICY_CACHE = 64
_NOUN_CACHE = 4096
_MIN_VALUE = 6


def _compact(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _only_a_name(sentence: Sentence) -> bool:
    """ "The user's name is Valentina.", "The user's sister is called Maria.": a sentence that only
    gives someone's name identifies them and says nothing of their origin, faith or health (the
    category model, reading the name, would guess); the detectors still read it."""
    root = sentence.root
    naming = root.lemma in ("call", "name") and any(c.dep == "auxpass" for c in sentence.children(root))
    if root.lemma != "be" and not naming:
        return False
    kids = sentence.children(root)
    subject = next((c for c in kids if c.dep in ("nsubj", "nsubjpass")), None)
    # the name after the copula, however the parser read it ("Hamish" as an adjectival complement)
    named = [
        c
        for c in kids
        if c.i > root.i
        and c.dep in ("attr", "acomp", "oprd", "nsubj")
        and (c.pos == "PROPN" or (c.pos == "ADJ" and c.text[:1].isupper()))
    ]
    if subject is None or not (naming or subject.lemma.lower() == "name") or not named:
        return False
    allowed = {x.i for x in sentence.subtree(subject)} | {x.i for x in sentence.subtree(named[0])} | {root.i}
    allowed |= {c.i for c in sentence.children(root) if c.dep == "auxpass"}
    return all(t.i in allowed or t.pos in ("PUNCT", "ADV", "INTJ") for t in sentence.tokens)


_PHRASE_WORDS = 3
"""Words a noun phrase keeps before its noun."""


def _noun_phrases(sentence: Sentence) -> list[str]:
    """The things a sentence names ("online poker", "ex-wife Tanya"): each noun that is an argument
    of a clause (of its verb, or of a preposition on its verb), with up to `_PHRASE_WORDS` words
    before it, without determiners, pronouns and the rewrite's "user" (which every memory names).
    A noun inside another noun's phrase ("a cost estimate in *pounds*", "brother-in-*law*")
    describes that one, and alone would read as something else."""
    out = []
    tokens = sentence.tokens
    for t in tokens:
        if t.pos not in ("NOUN", "PROPN") or t.dep == "compound" or t.lower == "user":
            continue
        head = tokens[t.head]
        argument = (
            head.i == t.i
            or head.pos in ("VERB", "AUX")
            or (t.dep == "pobj" and tokens[head.head].pos in ("VERB", "AUX"))
        )
        if not argument:
            continue
        words = [
            x
            for x in sentence.subtree(t)
            if t.i - _PHRASE_WORDS <= x.i <= t.i
            and x.pos not in ("DET", "PRON", "PUNCT", "PART")
            and x.lower != "user"
        ]
        out.append(" ".join(x.text for x in words))
    return list(dict.fromkeys(out))


def _a_taste(sentence: Sentence) -> bool:
    """ "The user craves Ethiopian", "loves Ethiopian food": every capitalised word (what could name
    an origin) is in the object of a verb other than "be", so it names a thing the person likes,
    cooks or buys, not where they come from ("is Ethiopian", "of Ethiopian descent" are not)."""
    names = [t for t in sentence.tokens if t.i > 0 and t.text[:1].isupper() and t.pos in ("ADJ", "PROPN")]
    if not names:
        return False
    objects = {
        x.i
        for t in sentence.tokens
        if t.dep in ("dobj", "obj") and sentence.tokens[t.head].lemma != "be"
        for x in sentence.subtree(t)
    }
    return all(t.i in objects for t in names)


_ORIGIN = "ethnicity"


class PrivacyGuard:
    def __init__(self, embed: Embed, parser: Parser):
        self._embed = embed
        self._parser = parser
        self._model: CategoryModel | None = None
        self._kinds: PrototypeClassifier | None = None
        self._animals: dict[str, bool] = {}
        self._policies: OrderedDict[str, tuple[Policy, ActivePolicy]] = OrderedDict()
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ policy, built lazily

    def _categories(self) -> CategoryModel:
        with self._lock:
            if self._model is None:
                self._model = CategoryModel(self._embed)
            return self._model

    def _animal(self, noun: str) -> bool:
        """Whether the user's `noun` ("cat", "tortoise", "son") is an animal rather than a
        person: nearer the pets facet's examples than the family facet's (data/facets.jsonl).
        An animal's age is no one's personal data."""
        with self._lock:
            if noun in self._animals:
                return self._animals[noun]
            if self._kinds is None:
                self._kinds = PrototypeClassifier(
                    [e for e in load("facets") if e.label in ("pets", "family")], self._embed
                )
            kinds = self._kinds
        (decision,) = kinds.decide([f"The user's {noun}."])
        with self._lock:
            if len(self._animals) >= _NOUN_CACHE:
                self._animals.clear()
            self._animals[noun] = decision.label == "pets"
            return self._animals[noun]

    def _compiled(self, details: str | None) -> tuple[Policy, ActivePolicy]:
        key = (details or "").strip()
        with self._lock:
            if key in self._policies:
                self._policies.move_to_end(key)
                return self._policies[key]
        policy = read_policy(key, self._parser)
        active = self._categories().activate(policy.exclusions, policy.focus)
        with self._lock:
            self._policies[key] = (policy, active)
            while len(self._policies) > _POLICY_CACHE:
                self._policies.popitem(last=False)
        return policy, active

    def policy(self, options: StoreOptions) -> Policy:
        """The store's exclusion and focus phrases (extractors use the focus phrases)."""
        return self._compiled(options.user_profile_details)[0]

    # ------------------------------------------------------------------ per-sentence findings

    def _findings(
        self, texts: list[str], options: StoreOptions, semantic_categories: bool = True
    ) -> tuple[list[list[str]], list[list[set[str]]], set[str]]:
        """For each text: its sentences, the categories each sentence trips, and every sensitive
        value found (compacted) across all texts. Without `semantic_categories` only the
        always-on detectors read them."""
        _, active = self._compiled(options.user_profile_details)
        parsed: list[list[Sentence]] = self._parser.parse_many(texts) if texts else []
        sentences = [[s.text for s in doc] or [t] for doc, t in zip(parsed, texts, strict=True)]
        flat = [s for doc in sentences for s in doc]
        docs = [
            doc[n] if n < len(doc) else None
            for doc, t in zip(parsed, sentences, strict=True)
            for n in range(len(t))
        ]
        if semantic_categories and flat:
            # noun phrases are read only when the store excludes something by name
            named = [
                (row, p)
                for row, s in enumerate(docs)
                if s is not None and active.phrases
                for p in _noun_phrases(s)
            ]
            phrases = [p for _, p in named]
            # the category examples are in the user's words, so the memory is read back in them
            vectors = np.asarray(self._embed([as_told(s) for s in flat] + phrases), dtype=np.float32)
            semantic = self._categories().flag(vectors[: len(flat)], active)
            by_name = self._categories().flag_named(
                vectors[len(flat) :], [row for row, _ in named], len(flat), active
            )
            semantic = [a | b for a, b in zip(semantic, by_name, strict=True)]
        else:
            semantic = [set() for _ in flat]
        semantic = [
            set()
            if s is not None and _only_a_name(s)
            else found - {_ORIGIN}
            if _ORIGIN in found and s is not None and _a_taste(s)
            else found
            for found, s in zip(semantic, docs, strict=True)
        ]
        values: set[str] = set()
        out: list[list[set[str]]] = []
        row = 0
        for doc, texts_of_doc in zip(parsed, sentences, strict=True):
            flags: list[set[str]] = []
            for n, text in enumerate(texts_of_doc):
                hits = detectors.text_hits(text)
                if n < len(doc):
                    hits += [
                        h for h in detectors.syntax_hits(doc[n]) if not (h.holder and self._animal(h.holder))
                    ]
                found = {h.category for h in hits} | semantic[row]
                values |= {v for v in map(_compact, (h.value for h in hits)) if len(v) >= _MIN_VALUE}
                flags.append(found)
                row += 1
            for n in range(len(texts_of_doc) - 1):
                # a value split from the words that make it one ("My passport no.?" "It's 925076473.")
                if not flags[n] and not flags[n + 1]:
                    pair = detectors.text_hits(f"{texts_of_doc[n]} {texts_of_doc[n + 1]}")
                    if pair:
                        flags[n] |= {h.category for h in pair}
                        flags[n + 1] |= {h.category for h in pair}
                        values |= {v for v in map(_compact, (h.value for h in pair)) if len(v) >= _MIN_VALUE}
            out.append(flags)
        return sentences, out, values

    # ------------------------------------------------------------------ public API

    def flags(self, text: str, options: StoreOptions) -> list[str]:
        """The categories `text` trips (names only, never the content)."""
        _, found, _ = self._findings([text], options)
        return sorted(set().union(*found[0])) if found and found[0] else []

    def _flag_contexts(
        self, candidates: list[Candidate], found: list[list[set[str]]], options: StoreOptions
    ) -> set[str]:
        """A candidate whose value came from a sensitive sentence ("What are the side effects of
        X? I started it recently.") is flagged whole, and so is one whose source words show a
        detector what the rewrite hid ("i'm 17 so …"; the category model reads the content,
        whose meaning the rewrite keeps); returns the values found there."""
        values: set[str] = set()
        for field, semantic in (("context", True), ("evidence", False)):
            rows = [n for n, c in enumerate(candidates) if getattr(c, field)]
            if not rows:
                continue
            texts = [getattr(candidates[n], field) for n in rows]
            _, flags, found_values = self._findings(texts, options, semantic_categories=semantic)
            for n, context_flags in zip(rows, flags, strict=True):
                if any(context_flags):
                    found[n] = [f | {field} for f in found[n]]
            values |= found_values
        return values

    def screen(self, candidates: list[Candidate], options: StoreOptions) -> list[Candidate]:
        """The candidates that may be stored."""
        if not candidates:
            return []
        sentences, found, values = self._findings([c.content for c in candidates], options)
        values |= self._flag_contexts(candidates, found, options)

        def carries(text: str) -> bool:
            compact = _compact(text)
            return any(v in compact for v in values)

        out: list[Candidate] = []
        for c, texts, flags in zip(candidates, sentences, found, strict=True):
            if c.kind != Kind.CHAT_SUMMARY:
                if not any(flags) and not carries(c.content):
                    out.append(c)
                continue
            kept = [t for t, f in zip(texts, flags, strict=True) if not f and not carries(t)]
            if len(kept) == len(texts):
                out.append(c)
            elif kept:
                out.append(c.model_copy(update={"content": " ".join(kept)}))
        return out
