"""Extracts a batch of messages so that one message that cannot be processed costs only itself.

The batch is extracted whole, as the extractor expects (a reply makes sense next to the question
before it). When that raises for a reason that is not transient, the batch is split in halves,
recursively, until every message is either in a part that extracts or alone and failing; the
messages that went through are then extracted together once more (falling back to their parts'
extractions if that raises). When every message fails on its own, nothing can be blamed on one
message: the batch's first error is raised, as an extractor that is down would raise it.

Transient errors (a dependency down or throttling) are never taken for a bad message: they are
raised at once, for the caller's retry."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from memstore.domain.errors import DependencyUnavailable, ExtractionFailed, RateLimited
from memstore.domain.extraction import Extraction, Message

TRANSIENT = (DependencyUnavailable, RateLimited)

Extract = Callable[[list[Message]], Extraction]


@dataclass(frozen=True)
class Failure:
    index: int
    """The message's position in the batch the caller passed."""
    error: Exception


def describe(error: Exception) -> tuple[str, str]:
    """(code, message) for a set-aside message; an unexpected error is named by its type only
    (its text may quote the message)."""
    if isinstance(error, ExtractionFailed):
        return "extraction_failed", error.message[:500]
    return "internal_error", f"extracting this message raised {type(error).__name__}"


def extract_isolating(
    extract: Extract, messages: list[Message], skip: frozenset[int] = frozenset()
) -> tuple[Extraction, list[Failure]]:
    """The extraction of `messages` but those at the indexes in `skip`, and the messages whose
    extraction raised on their own (indexes into `messages`)."""
    indexed = [(n, m) for n, m in enumerate(messages) if n not in skip]
    if messages and not indexed:
        return Extraction(), []
    try:
        return extract([m for _, m in indexed]), []
    except TRANSIENT:
        raise
    except Exception as whole:
        if len(indexed) == 1:
            raise
        first = whole
    middle = len(indexed) // 2
    parts, failures = _split(extract, indexed[:middle])
    more_parts, more_failures = _split(extract, indexed[middle:])
    parts += more_parts
    failures += more_failures
    if not parts:
        raise first
    good = [m for part, _ in parts for m in part]
    try:
        return extract(good), failures
    except TRANSIENT:
        raise
    except Exception:
        return combine([extraction for _, extraction in parts]), failures


def _split(
    extract: Extract, indexed: list[tuple[int, Message]]
) -> tuple[list[tuple[list[Message], Extraction]], list[Failure]]:
    """The parts of `indexed` that extract (with their extractions), and the messages that fail
    alone."""
    try:
        return [([m for _, m in indexed], extract([m for _, m in indexed]))], []
    except TRANSIENT:
        raise
    except Exception as e:
        if len(indexed) == 1:
            return [], [Failure(indexed[0][0], e)]
    middle = len(indexed) // 2
    parts, failures = _split(extract, indexed[:middle])
    more_parts, more_failures = _split(extract, indexed[middle:])
    return parts + more_parts, failures + more_failures


def combine(extractions: list[Extraction]) -> Extraction:
    usage: dict[str, int] = {}
    for extraction in extractions:
        for key, value in (extraction.usage or {}).items():
            usage[key] = usage.get(key, 0) + value
    return Extraction(
        memories=[c for e in extractions for c in e.memories],
        forget=[f for e in extractions for f in e.forget],
        forget_facts=[f for e in extractions for f in e.forget_facts],
        usage=usage or None,
    )
