"""Explicit memory commands: the `Command` value, and the sentence splitter chat text uses.

Commands are recognised by the syntactic grammar in `memstore.domain.language.commands`
(`recognise` over a parsed message); this module keeps the value type and `split_sentences`
for the callers that import them from here."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel

from memstore.domain.privacy.redaction import redact


class Command(BaseModel):
    action: Literal["remember", "forget"]
    content: str
    """For remember: the thing to keep, in the user's words ("my dentist is Dr. Halvorsen").
    For forget: a short phrase naming what to drop ("my sister's wedding")."""
    tentative: bool = False
    """A forget the wording alone does not make one ("delete the football thing"): it counts
    only when it names a memory; otherwise it was an editing request and is reported nowhere."""

    def echoed(self) -> str:
        """The content as `memory_commands` may show it: any credential, card, bank account or
        government id it names replaced by a marker ("forget my old card [redacted payment card]")."""
        return redact(self.content)


_SENTENCE_END = re.compile(r"[.!?]+[\"'”’)]*\s+(?=\S)|\n+")
_ABBREVIATION = re.compile(
    r"(?:\b(?:dr|mr|mrs|ms|mx|prof|st|sr|jr|mt|vs|etc|no|approx|dept|inc|ltd|co|e\.g|i\.e|a\.m|p\.m)|"
    r"\b[A-Za-z])\.$",
    re.IGNORECASE,
)


def split_sentences(text: str) -> list[str]:
    """Sentences of a chat message; abbreviations such as "Dr." or "e.g." do not end one."""
    out: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        piece = text[start : m.end()].rstrip()
        if m.group(0).strip() == "." and _ABBREVIATION.search(piece):
            continue
        if piece.strip():
            out.append(piece.strip())
        start = m.end()
    tail = text[start:].strip()
    if tail:
        out.append(tail)
    return out
