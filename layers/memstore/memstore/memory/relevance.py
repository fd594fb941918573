"""What the providers without their own ranking share: metadata filters and a lexical score."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

_WORD = re.compile(r"\w+", re.UNICODE)
_STOP = frozenset(
    "a an and are as at be but by do does for from has have how i in is it its me my of on or our "
    "so that the their them they this to was we what when where which who why will with you your".split()
)


def words(text: str) -> list[str]:
    """Lower-cased words of `text` without the commonest function words (for engines that stem)."""
    return [word for word in _WORD.findall(text.lower()) if word not in _STOP]


def terms(text: str) -> list[str]:
    """`words`, crudely stemmed (plural endings), for the in-process BM25."""
    return [_stem(word) for word in words(text)]


def _stem(word: str) -> str:
    for suffix in ("ies", "es", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


def lexical_scores(query: str, documents: Iterable[tuple[str, str]]) -> dict[str, float]:
    """BM25 (k1 1.2, b 0.75) of `query` against `(id, text)` documents; only ids sharing a term."""
    docs = [(doc_id, Counter(terms(text))) for doc_id, text in documents]
    wanted = set(terms(query))
    if not docs or not wanted:
        return {}
    average = sum(sum(counts.values()) for _, counts in docs) / len(docs) or 1.0
    frequency = Counter(term for _, counts in docs for term in wanted if term in counts)
    scores: dict[str, float] = {}
    for doc_id, counts in docs:
        length = sum(counts.values())
        score = 0.0
        for term in wanted & counts.keys():
            idf = math.log(1 + (len(docs) - frequency[term] + 0.5) / (frequency[term] + 0.5))
            tf = counts[term]
            score += idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * length / average))
        if score > 0:
            scores[doc_id] = score
    return scores


def matches(metadata: Mapping[str, Any], wanted: Mapping[str, Any] | None) -> bool:
    """True when `metadata` holds every pair of `wanted` (equality; no filter matches everything)."""
    return not wanted or all(key in metadata and metadata[key] == value for key, value in wanted.items())
