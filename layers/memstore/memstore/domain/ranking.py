"""How search ranks: two rankers (cosine similarity of embeddings and BM25 over the words),
fused, scaled by what a memory says and who said it, then gently reordered by importance and
recency.

Scores are in [0, 1]:

    relevance = FUSION_RANK_WEIGHT * rrf / rrf_max + (1 - FUSION_RANK_WEIGHT) * evidence
    evidence  = max(calibrated cosine, saturated BM25) blended with their mean
    content   = 1 - INFORMATION_WEIGHT * (1 - information)
    information = 1 - exp(-content words / INFORMATIVE_TERMS)
    speaker   = 1 - SPEAKER_WEIGHT when the query names the speaker of some found memories
                (domain/speaker_labels.py) but not this memory's, else 1
    time      = 1 - TIME_WEIGHT when the query names a time (domain/when.py) that some found
                memories were said at or carry a date of, but not this one, else 1
    score     = relevance * content * speaker * time * (1 - PRIOR_WEIGHT + PRIOR_WEIGHT * prior)
    prior     = (importance + recency) / 2, recency = exp(-age / RECENCY_HALF_LIFE * ln 2)
    importance = the stored importance decayed to now with the store's half-life for the
                 memory's kind (domain/lifecycle.py), the value the lifecycle pass would store

BM25's terms are Snowball-stemmed words without stop words (domain/search_terms.py), IDF over the
scope, length-normalised (k1 BM25_K1, b BM25_B). The embedding of a transcript line leaves out its
speaker label, which would otherwise dominate a short line's vector.

Reciprocal rank fusion alone is scale-free but says nothing about how good the best match is;
the absolute evidence term keeps a strong match ahead of a merely top-ranked weak one. A memory
of one or two content words ("Oh Jamal.", "How's the knee?") matches a question's rare word as
well as the turn that answers it, but rarely holds an answer: `content` costs it up to
INFORMATION_WEIGHT of its relevance. A question about a person is most often answered by what
that person said: `speaker` moves the other speaker's lines down by SPEAKER_WEIGHT, never out.
The prior can move a memory by at most PRIOR_WEIGHT of its relevance: it reorders near-ties, it
never filters anything out."""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from memstore.domain import search_terms, speaker_labels, when
from memstore.domain.lifecycle import current_importance
from memstore.domain.lifecycle_options import LifecycleOptions
from memstore.domain.models import MemoryItem

INFORMATIVE_TERMS = 3.0
INFORMATION_WEIGHT = 0.5
"""A memory's information: 1 - exp(-content terms / INFORMATIVE_TERMS) (0.28 for one term, 0.81 for
five); relevance is scaled by 1 - INFORMATION_WEIGHT * (1 - information)."""
SPEAKER_WEIGHT = 0.3
"""When the query names the speaker of some found memories, the others' relevance is scaled by
1 - SPEAKER_WEIGHT."""
TIME_WEIGHT = 0.3
"""When the query names a time that some found memories fit, the others' relevance is scaled by
1 - TIME_WEIGHT."""
RRF_K = 60
FUSION_RANK_WEIGHT = 0.5
PRIOR_WEIGHT = 0.15
RECENCY_HALF_LIFE = 30 * 86400
COSINE_FLOOR, COSINE_CEIL = 0.15, 0.65
"""MiniLM/Titan cosine between a question and an unrelated sentence sits near 0.0-0.15 and
between a question and the memory that answers it near 0.4-0.7: mapped linearly to [0, 1]."""
BM25_K1, BM25_B = 1.2, 0.75
BM25_SATURATION = 4.0
"""BM25 is unbounded: score / (score + BM25_SATURATION) maps it to [0, 1); 4 is about one rare
shared word."""


def tokenize(text: str) -> list[str]:
    """A memory's BM25 terms (domain/search_terms.py)."""
    return search_terms.document_terms(text)


@dataclass
class Bm25Index:
    """An inverted index over one scope's memories."""

    postings: dict[str, list[tuple[int, int]]]
    lengths: list[int]
    avg_length: float
    _weights: dict[str, tuple[np.ndarray, np.ndarray]] = field(
        default_factory=dict, repr=False, compare=False
    )
    """term → (document ids, BM25 weight in each): made for a term the first time a query asks for it,
    so building the index (a cold container's path) costs no more than the postings."""

    @classmethod
    def build(cls, documents: Sequence[str]) -> Bm25Index:
        postings: dict[str, list[tuple[int, int]]] = {}
        lengths = []
        for doc_id, text in enumerate(documents):
            counts = Counter(tokenize(text))
            lengths.append(sum(counts.values()))
            for term, tf in counts.items():
                postings.setdefault(term, []).append((doc_id, tf))
        avg = (sum(lengths) / len(lengths)) if lengths else 0.0
        return cls(postings, lengths, avg)

    def score_array(self, query: str) -> np.ndarray:
        """Every document's BM25 score for `query` (0 where it shares no term)."""
        out = np.zeros(len(self.lengths), dtype=np.float64)
        for term in set(search_terms.query_terms(query)):
            weighted = self._term(term)
            if weighted is not None:
                out[weighted[0]] += weighted[1]
        return out

    def scores(self, query: str) -> dict[int, float]:
        dense = self.score_array(query)
        return {int(i): float(dense[i]) for i in np.flatnonzero(dense)}

    def _term(self, term: str) -> tuple[np.ndarray, np.ndarray] | None:
        weighted = self._weights.get(term)
        if weighted is None:
            docs = self.postings.get(term)
            if not docs:
                return None
            ids = np.fromiter((d for d, _ in docs), dtype=np.int64, count=len(docs))
            tf = np.fromiter((t for _, t in docs), dtype=np.float64, count=len(docs))
            lengths = np.fromiter((self.lengths[d] for d, _ in docs), dtype=np.float64, count=len(docs))
            n = len(self.lengths)
            idf = math.log(1 + (n - len(docs) + 0.5) / (len(docs) + 0.5))
            norm = 1 - BM25_B + BM25_B * lengths / (self.avg_length or 1)
            weighted = (ids, idf * tf * (BM25_K1 + 1) / (tf + BM25_K1 * norm))
            self._weights[term] = weighted
        return weighted


def calibrated_cosine(cos: float | None) -> float:
    if cos is None:
        return 0.0
    return min(1.0, max(0.0, (cos - COSINE_FLOOR) / (COSINE_CEIL - COSINE_FLOOR)))


def saturated_bm25(score: float | None) -> float:
    return 0.0 if not score else score / (score + BM25_SATURATION)


def prior(item: MemoryItem, now: float, decay: LifecycleOptions | None = None) -> float:
    last = max(item.updated_at, item.last_accessed_at or 0)
    age = max(0.0, now - last)
    recency = math.exp(-age * math.log(2) / RECENCY_HALF_LIFE)
    return (current_importance(item, now, decay) + recency) / 2


def information(item: MemoryItem) -> float:
    """How much a memory says, by its content words (stop words and a speaker label left out)."""
    return 1 - math.exp(-_content_words(item.content) / INFORMATIVE_TERMS)


@functools.lru_cache(maxsize=50_000)
def _content_words(content: str) -> int:
    return len(search_terms.document_terms(speaker_labels.unlabelled(content)))


def addressed(items: Iterable[MemoryItem], query: str) -> dict[str, bool] | None:
    """memory_id -> whether the query names the memory's speaker; None when it names none of them."""
    asked = set(search_terms.words(query))
    said_by = {i.memory_id: speaker_labels.speaker(i.content) for i in items}
    named = {m: bool(s) and set(search_terms.words(s)) <= asked for m, s in said_by.items()}
    return named if any(named.values()) else None


def timely(items: Iterable[MemoryItem], query: str, now: float) -> dict[str, bool] | None:
    """memory_id -> whether the memory fits a time the query names; None when the query names
    none or no memory fits it."""
    asked = when.asked(query, now)
    if not asked:
        return None
    fit = {i.memory_id: when.fits(asked, when.said(i.content, i.created_at)) for i in items}
    return fit if any(fit.values()) else None


def _ranks(scores: dict[str, float]) -> dict[str, int]:
    ordered = sorted(scores, key=lambda k: (-scores[k], k))
    return {key: rank for rank, key in enumerate(ordered, start=1)}


@dataclass(frozen=True)
class Scored:
    item: MemoryItem
    score: float


def fuse(
    items: dict[str, MemoryItem],
    vector: dict[str, float],
    text: dict[str, float],
    now: float,
    decay: LifecycleOptions | None = None,
    query: str = "",
) -> list[Scored]:
    """Ranks every item that either ranker found; best first, scores in [0, 1]."""
    vector_ranks, text_ranks = _ranks(vector), _ranks(text)
    found = [items[m] for m in set(vector) | set(text) if m in items]
    named = addressed(found, query) if query else None
    dated = timely(found, query, now) if query else None
    rrf_max = 2 / (RRF_K + 1)
    out = []
    for memory_id in set(vector) | set(text):
        item = items.get(memory_id)
        if item is None:
            continue
        rrf = sum(1 / (RRF_K + r[memory_id]) for r in (vector_ranks, text_ranks) if memory_id in r)
        cos, lex = calibrated_cosine(vector.get(memory_id)), saturated_bm25(text.get(memory_id))
        evidence = 0.5 * max(cos, lex) + 0.5 * (cos + lex) / 2
        relevance = FUSION_RANK_WEIGHT * rrf / rrf_max + (1 - FUSION_RANK_WEIGHT) * evidence
        relevance *= 1 - INFORMATION_WEIGHT * (1 - information(item))
        if named is not None and not named[memory_id]:
            relevance *= 1 - SPEAKER_WEIGHT
        if dated is not None and not dated[memory_id]:
            relevance *= 1 - TIME_WEIGHT
        score = relevance * (1 - PRIOR_WEIGHT + PRIOR_WEIGHT * prior(item, now, decay))
        out.append(Scored(item, round(min(1.0, max(0.0, score)), 6)))
    return sorted(out, key=lambda s: (-s.score, s.item.memory_id))


def static_order(
    items: Iterable[MemoryItem], now: float, decay: LifecycleOptions | None = None
) -> list[Scored]:
    """The static search: most important (decayed to now), then most recent first; score = the prior."""
    scored = [(current_importance(i, now, decay), Scored(i, round(prior(i, now, decay), 6))) for i in items]
    scored.sort(key=lambda p: (-round(p[0], 6), -p[1].item.updated_at, p[1].item.memory_id))
    return [s for _, s in scored]
