"""What happens to a memory over time, as pure functions (docs/lifecycle.md).

    importance(now) = stored importance × 0.5 ^ ((now − anchor) / half_life(kind))
    anchor          = the later of the item's last write (updated_at) and the time its
                      importance was last set (importance_at: a lifecycle pass, a reinforcement)

Exponential decay is memoryless: applying it in a pass and again at read time gives the same
value as applying it once, so search (read time) and the lifecycle pass (stored) always agree,
and a pass may run any number of times."""

from __future__ import annotations

import math

from memstore.domain.lifecycle_options import LifecycleOptions
from memstore.domain.models import Kind, MemoryItem

REINFORCE_GAIN = 0.25
"""One reinforcement closes this fraction of the gap between importance and 1: bounded (never
above 1) with diminishing returns (each one adds less than the one before)."""
IMPORTANCE_PRECISION = 4
"""A pass writes an item only when its decayed importance differs at this many decimals."""


def anchor(item: MemoryItem) -> int:
    return max(item.importance_at or 0, item.updated_at)


def decayed(importance: float, elapsed: float, half_life: int) -> float:
    if half_life <= 0 or elapsed <= 0:
        return clamp(importance)
    return clamp(importance) * math.pow(0.5, elapsed / half_life)


def clamp(importance: float) -> float:
    return min(1.0, max(0.0, importance))


def current_importance(item: MemoryItem, now: float, options: LifecycleOptions | None) -> float:
    """The item's importance at `now` (no decay without options: the stored value)."""
    if options is None:
        return clamp(item.importance)
    return decayed(item.importance, now - anchor(item), options.half_life_seconds.of(item.kind))


def reinforced(importance: float) -> float:
    return clamp(importance + REINFORCE_GAIN * (1.0 - clamp(importance)))


def confirmations(item: MemoryItem) -> int:
    """How often a memory was confirmed after it was first stated: stated again by another
    update, retrieved by a search, or reinforced through the API."""
    return max(0, len(item.source.update_ids) - 1) + item.access_count + item.reinforcements


def promotable(item: MemoryItem, options: LifecycleOptions) -> bool:
    n = options.promotion_confirmations
    return item.kind == Kind.CHAT_SUMMARY and n > 0 and confirmations(item) >= n


def faded(importance: float, options: LifecycleOptions) -> bool:
    return importance < options.importance_floor


def needs_write(stored: float, now_value: float) -> bool:
    return round(stored, IMPORTANCE_PRECISION) != round(now_value, IMPORTANCE_PRECISION)


def kept_expiry(item: MemoryItem, default: int | None) -> int | None:
    """The expiry a write gives an item: the store's default TTL restarts with every write,
    unless the item's expiry was set explicitly (POST …/expiration), which writes keep."""
    return item.expires_at if item.expiry_pinned else default
