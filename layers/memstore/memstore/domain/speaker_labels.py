"""A memory stored as a line of a transcript ("Maria: Beagles are not smart animals", optionally
after a bracketed stamp, "[8 May 2023] Maria: ...") carries who said it and when as a label, not
as what it is about.

The embedding is made without the label: a sentence embedding of a short turn is dominated by a
name it carries ("Daniel: the fellowship??" sits at cosine 0.7 from any question about Daniel),
so every short turn of a person would outrank the turn that answers a question about them. BM25
keeps the label's words: a name matches lexically, weighted by how rare it is in the scope."""

from __future__ import annotations

import functools
import re

from memstore.domain.models import Kind
from memstore.domain.topics import search_text

_LABEL = re.compile(
    r"""^\s*
    (?:\[[^\]\n]{1,40}\]\s*)?                 # an optional stamp: [8 May 2023]
    (?P<speaker>[A-Z][\w'.-]{0,30}(?:\s[A-Z][\w'.-]{0,30}){0,2}\s?:\s+)?   # a speaker: up to three capitalised words, a colon
    """,
    re.VERBOSE,
)


def unlabelled(content: str) -> str:
    """The content without a leading stamp and speaker label (the content itself when nothing
    would be left)."""
    rest = content[_LABEL.match(content).end() :]
    return rest if rest.strip() else content


@functools.lru_cache(maxsize=50_000)
def speaker(content: str) -> str | None:
    """The name a transcript line is labelled with, if any."""
    match = _LABEL.match(content)
    label = match.group("speaker") if match else None
    return label.rsplit(":", 1)[0].strip() if label and content[match.end() :].strip() else None


def embedding_text(content: str, topic: str | None, kind: Kind) -> str:
    """What a memory is embedded under: the searched text (domain/topics.py) of its unlabelled content."""
    return search_text(unlabelled(content), topic, kind)
