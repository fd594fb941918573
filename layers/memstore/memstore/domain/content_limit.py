"""Memory content stays within the content limit (MAX_CONTENT_BYTES of UTF-8), whoever wrote it:
an extractor's long summary is split, between sentences, into memories that each fit; a fact too
long to keep whole is cut after its last sentence that fits, and says so with an ellipsis."""

from __future__ import annotations

import re

from memstore.domain.requests import MAX_CONTENT_BYTES

ELLIPSIS = " …"
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")


def _size(text: str) -> int:
    return len(text.encode("utf-8"))


def _pack(units: list[str], limit: int, sep: str) -> list[str]:
    pieces: list[str] = []
    current = ""
    for unit in units:
        joined = f"{current}{sep}{unit}" if current else unit
        if _size(joined) <= limit:
            current = joined
            continue
        if current:
            pieces.append(current)
        current = unit
    if current:
        pieces.append(current)
    return pieces


def _characters(text: str, limit: int) -> list[str]:
    pieces, current = [], ""
    for char in text:
        if _size(current + char) > limit:
            pieces.append(current)
            current = ""
        current += char
    return [*pieces, current] if current else pieces


def split_to_limit(text: str, limit: int = MAX_CONTENT_BYTES) -> list[str]:
    """`text` as pieces of at most `limit` bytes, cut between sentences where a sentence fits,
    else between words, else between characters. A text within the limit is one piece, as is."""
    if _size(text) <= limit:
        return [text]
    units: list[str] = []
    for sentence in _SENTENCE_END.split(text.strip()):
        if _size(sentence) <= limit:
            units.append(sentence)
            continue
        for word in _pack(sentence.split(), limit, " "):
            units.extend(_characters(word, limit) if _size(word) > limit else [word])
    return [p for p in _pack(units, limit, " ") if p.strip()]


def cut_to_limit(text: str, limit: int = MAX_CONTENT_BYTES) -> str:
    """`text` when it fits; else its first piece that fits with an ellipsis after it."""
    if _size(text) <= limit:
        return text
    return split_to_limit(text, limit - _size(ELLIPSIS))[0] + ELLIPSIS
