"""The words BM25 matches on: case and accents folded, stop words dropped, the rest stemmed with
the Snowball English (Porter2) stemmer, so "painting", "paints" and "painted" are one term (and,
stemmed to a fixed point, "professional" and "profession" too).

Stop words come from data/search_stopwords.jsonl (each row says where it came from): the Snowball
English stop list for both memories and queries, and, for queries only, words that ask for a memory
rather than say what it is about ("remind me", "do you remember"); consolidation adds the words that
name no value ("user", "now")."""

from __future__ import annotations

import functools
import re
import threading
import unicodedata

import snowballstemmer

from memstore.domain.language import examples

_TOKEN = re.compile(r"[a-z0-9]+")
_stemmer = snowballstemmer.stemmer("english")
_stemmer_lock = threading.Lock()
MAX_STEM_PASSES = 4


@functools.cache
def _words(label: str) -> frozenset[str]:
    return frozenset(row["text"] for row in examples.rows("search_stopwords") if row["label"] == label)


def stopwords() -> frozenset[str]:
    return _words("stopword")


def request_words() -> frozenset[str]:
    return _words("request")


@functools.cache
def consolidation_stopwords() -> frozenset[str]:
    """What consolidation ignores when it compares two memories' words: the stop words and the
    words every memory shares or that name no value ("user", "now", "just")."""
    return stopwords() | _words("consolidation")


@functools.lru_cache(maxsize=100_000)
def stem(word: str) -> str:
    """Porter2 stemmed until it stops changing: one pass is not idempotent ("professional" →
    "profession" → "profess"), so a word and its derivation would otherwise miss each other."""
    with _stemmer_lock:
        for _ in range(MAX_STEM_PASSES):
            stemmed = _stemmer.stemWord(word)
            if stemmed == word:
                break
            word = stemmed
    return word


def words(text: str) -> list[str]:
    """Lower-cased, accent-free alphanumeric words, in order."""
    folded = unicodedata.normalize("NFKD", text)
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch)).lower()
    return _TOKEN.findall(folded)


def document_terms(text: str) -> list[str]:
    stop = stopwords()
    return [stem(w) for w in words(text) if w not in stop]


def query_terms(text: str) -> list[str]:
    stop, asking = stopwords(), request_words()
    return [stem(w) for w in words(text) if w not in stop and w not in asking]
