"""What a memory's topic means to retrieval.

An extractor files a memory under a topic (a facet such as "occupation" or "diet"). Search indexes
a memory by its content plus a short gloss of its topic, so a request that never names the
value still finds it: "draft a bio that mentions my profession" reaches "The user is a
translator." through the gloss of "occupation". This is document expansion; the gloss describes what
the slot is, in general words, never any particular value. Topics without a gloss (free-form
ones from a chat model) contribute their own words."""

from __future__ import annotations

import functools

from memstore.domain.language import examples
from memstore.domain.models import Kind

PROCEDURAL_GLOSS = "how the user wants answers: preferred format, style, length, tone"


@functools.cache
def glosses() -> dict[str, str]:
    """Facet → what it covers (data/facet_glosses.jsonl)."""
    return {e.label: e.text for e in examples.load("facet_glosses")}


def gloss(topic: str | None, kind: Kind) -> str | None:
    if topic and topic in glosses():
        return glosses()[topic]
    if kind == Kind.PROCEDURAL:
        return PROCEDURAL_GLOSS
    if topic:
        return topic.replace(":", " ").replace("_", " ")
    return None


def search_text(content: str, topic: str | None, kind: Kind) -> str:
    """The text a memory is embedded and BM25-indexed under (never shown to anyone)."""
    extra = gloss(topic, kind)
    return f"{content} ({extra})" if extra else content
