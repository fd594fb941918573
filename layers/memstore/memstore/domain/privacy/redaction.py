"""Redaction of the values the items API never stores (credentials, payment cards, bank
accounts, government ids), for a store whose `secret_handling` is "redact".

Each value the text-level detectors find is replaced by a marker naming its kind
("[redacted credential]"); the caller checks the result again and refuses it if anything is
still found, so a value the replacement could not locate is never stored."""

from __future__ import annotations

import re

from memstore.domain.privacy.detectors import BLOCKING, text_hits

ROUNDS = 3
"""A replacement can expose a shorter value a longer one hid (a card inside a token): the text
is scanned again, a bounded number of times."""


def marker(category: str) -> str:
    return f"[redacted {category.replace('_', ' ')}]"


def _pattern(value: str) -> re.Pattern[str]:
    """The value as written, whatever whitespace separates its parts."""
    return re.compile(r"\s+".join(re.escape(part) for part in value.split()))


def redact(text: str) -> str:
    """`text` with every blocking value replaced by its marker (longest values first)."""
    for _ in range(ROUNDS):
        hits = {(h.value, h.category) for h in text_hits(text) if h.category in BLOCKING and h.value.strip()}
        if not hits:
            return text
        for value, category in sorted(hits, key=lambda h: -len(h[0])):
            text = _pattern(value).sub(marker(category), text)
    return text
