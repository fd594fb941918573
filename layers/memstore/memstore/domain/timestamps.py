"""Epoch seconds as the RFC 3339 UTC text (to the second) that jobs carry: Step Functions' Wait
state reads a job's `wait_until` in this form, and the local scheduler writes the same."""

from __future__ import annotations

from datetime import UTC, datetime


def iso(ts: int) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
