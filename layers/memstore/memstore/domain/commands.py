"""Explicit memory commands ("remember that …", "forget …") in the newest user message.

The contract applies these at once, before the 202, so they are recognised by a deterministic
parser rather than a model: the same text always gives the same command."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel


class Command(BaseModel):
    action: Literal["remember", "forget"]
    content: str
    """For remember: the thing to keep, in the user's words ("my dentist is Dr. Halvorsen").
    For forget: a short phrase naming what to drop ("the Vespa")."""


_LEAD = (
    r"(?:(?:oh|ok|okay|hey|hi|so|and|also|one more thing|last thing|actually|btw|by the way|scrap that|"
    r"never mind|nevermind|wait|hmm|on second thought|"
    r"quick one|oh and|anyway)\s*[,:!\-–—]*\s*)*"
)
_POLITE = (
    r"(?:(?:please|pls|kindly|just)\s+|"
    r"(?:can|could|would|will)\s+you\s+(?:please\s+|kindly\s+|just\s+)?|"
    r"i\s+(?:need|want|would\s+like|'d\s+like|d\s+like)\s+you\s+to\s+(?:please\s+)?|"
    r"i'?d\s+like\s+you\s+to\s+|"
    r"(?:make\s+sure\s+(?:to|you)|be\s+sure\s+to|try\s+to)\s+)*"
)
_REMEMBER_VERB = (
    r"(?:remember|memori[sz]e|keep\s+in\s+mind|bear\s+in\s+mind|note\s+down|make\s+a\s+note|"
    r"take\s+note|note|save|store|don'?t\s+forget|do\s+not\s+forget|never\s+forget)"
)
_REMEMBER = re.compile(
    r"^"
    + _LEAD
    + _POLITE
    + _REMEMBER_VERB
    + r"(?:\s+(?:this|the\s+following|for\s+me|for\s+later|for\s+the\s+future|going\s+forward|of|about))*"
    + r"\s*(?:[:\-–—,]\s*|\s+that\s+|\s+)(?P<rest>.+)$",
    re.IGNORECASE,
)
_MEMORY_OBJECT = (
    r"(?=\s+(?:all\s+|everything\s+|anything\s+|what(?:ever)?\s+i\s+(?:said|told\s+you|mentioned|wrote)|"
    r"(?:the|that|this|any|my)\s+(?:memory|memories|note|notes|info|information|fact|record)s?\b|"
    r"what\s+you\s+know|.*\bfrom\s+(?:your\s+|the\s+)?(?:memory|memories|notes|records)\b))"
)
_FORGET_VERB = (
    r"(?:forget|(?:delete|erase|remove|wipe|purge)" + _MEMORY_OBJECT + r"|"
    r"don'?t\s+(?:remember|keep|store|save)|do\s+not\s+(?:remember|keep|store|save)|"
    r"stop\s+remembering|no\s+need\s+to\s+remember)"
)
_FORGET = re.compile(
    r"^" + _LEAD + _POLITE + _FORGET_VERB + r"\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
_FORGET_HEAD = re.compile(
    r"^(?:(?:(?:all|everything|anything)\s+(?:you\s+know\s+|you\s+have\s+|you've\s+got\s+)?|what(?:ever)?\s+i\s+(?:said|told\s+you|mentioned|wrote)\s+|"
    r"the\s+(?:memory|memories|thing|things|stuff|note|notes|bit|part|info|information)\s+|"
    r"what\s+you\s+know\s+|that\s+i\s+(?:said|mentioned|told\s+you)\s+)"
    r"(?:(?:about|regarding|concerning|on|of)\s+)?|"
    r"(?:about|regarding|concerning)\s+|"
    r"that\s+(?!is\b|was\b)|the\s+fact\s+that\s+)+",
    re.IGNORECASE,
)
_FORGET_TAIL = re.compile(
    r"\s+(?:from\s+(?:your|the)\s+memory|from\s+memory|from\s+your\s+notes|please|for\s+me|"
    r"entirely|completely|altogether|too|as\s+well)\s*$",
    re.IGNORECASE,
)
_REMEMBER_TAIL = re.compile(
    r"(?:\s*,?\s*(?:ok(?:ay)?|please|thanks|thank\s+you|alright|right|will\s+you|for\s+me|"
    r"for\s+later|going\s+forward)\s*)+$",
    re.IGNORECASE,
)
_NOT_A_FORGET_OBJECT = re.compile(
    r"^(?:it|that|this|about\s+it|about\s+that|the\s+rest|me|you|my\s+(?:keys|password|umbrella|wallet))\b"
    r"\s*$",
    re.IGNORECASE,
)
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


def _clean_remember(rest: str) -> str:
    rest = rest.strip().strip("\"'“”")
    rest = re.sub(r"[.!?]+$", "", rest).strip()
    rest = _REMEMBER_TAIL.sub("", rest).strip(" ,;:")
    return rest


def _clean_forget(rest: str) -> str:
    phrase = re.split(
        r"[,.;!?:]|\s+[-–—]\s+|\s+(?:because|since|as|it's|it\s+is|that's)\s+", rest, maxsplit=1
    )[0]
    phrase = _FORGET_HEAD.sub("", phrase.strip())
    prev = None
    while prev != phrase:
        prev = phrase
        phrase = _FORGET_TAIL.sub("", phrase).strip()
    return phrase.strip(" \"'“”")


def _parse_sentence(sentence: str) -> Command | None:
    s = sentence.strip()
    m = _REMEMBER.match(s)
    if m:
        content = _clean_remember(m.group("rest"))
        if len(content.split()) < 2 or re.match(
            r"^(?:when|what|how|if|whether|who|where|why)\b", content, re.I
        ):
            return None
        return Command(action="remember", content=content)
    if re.match(_LEAD + _POLITE + r"(?:don'?t|do\s+not|never)\s+forget\b", s, re.IGNORECASE):
        return None
    m = _FORGET.match(s)
    if m:
        phrase = _clean_forget(m.group("rest"))
        if not phrase or _NOT_A_FORGET_OBJECT.match(phrase):
            return None
        if re.match(r"^(?:to|how|where|why|when)\b", phrase, re.IGNORECASE):
            return None
        return Command(action="forget", content=phrase)
    return None


def parse_command(text: str) -> Command | None:
    """The explicit command in `text` (the newest user message), or None.

    A command opens one of the message's sentences: "Please forget about the Vespa.",
    "Could you remember that my dentist is Dr. Halvorsen?", "Oh, and don't forget that …"
    (a remember). Past-tense mentions ("I forgot my keys") and questions about memory are not
    commands."""
    if not text or not text.strip():
        return None
    for sentence in split_sentences(text.strip()):
        cmd = _parse_sentence(sentence)
        if cmd is not None:
            return cmd
    return None
