"""The privacy guard: detectors that are always on, a store's policy read by syntax, and
policy categories by embedding similarity. See guard.py.

`PrivacyGuard` and `Policy` load lazily, so `memstore.domain.privacy.detectors` (the items API's
check) imports without numpy or the classifier."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memstore.domain.privacy.guard import PrivacyGuard
    from memstore.domain.privacy.policy import Policy

__all__ = ["Policy", "PrivacyGuard"]


def __getattr__(name: str) -> Any:
    if name == "PrivacyGuard":
        from memstore.domain.privacy.guard import PrivacyGuard

        return PrivacyGuard
    if name == "Policy":
        from memstore.domain.privacy.policy import Policy

        return Policy
    raise AttributeError(name)
