"""How adapters retry a dependency: a bounded number of attempts, exponential backoff with full
jitter (a random wait in [0, min(cap, base * 2**n)]), so clients that failed together do not
retry together.

AWS SDK calls use botocore's own `standard` retry mode (the same policy: up to `max_attempts`,
full jitter, throttling and 5xx and connection errors retried) through `aws_config`. `retry` is
for what botocore does not retry: DynamoDB transaction conflicts and OpenSearch's HTTP client."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

ATTEMPTS = 3
BASE_SECONDS = 0.05
CAP_SECONDS = 1.0
AWS_MAX_ATTEMPTS = 3
"""botocore standard mode, in all: the first call and two retries, after waits of up to 1 s and
2 s."""

Sleep = Callable[[float], None]
pause: Sleep = time.sleep
"""How `retry` waits (tests replace it to record the waits instead)."""


def delay(
    attempt: int,
    base: float = BASE_SECONDS,
    cap: float = CAP_SECONDS,
    rand: Callable[[], float] = random.random,
) -> float:
    """The wait before retry number `attempt` (1 for the first retry): full jitter."""
    return rand() * min(cap, base * 2 ** (attempt - 1))


def retry(
    op: Callable[[], T],
    retryable: Callable[[Exception], bool],
    *,
    attempts: int = ATTEMPTS,
    base: float = BASE_SECONDS,
    cap: float = CAP_SECONDS,
    sleep: Sleep | None = None,
) -> T:
    """`op()`, called again after a jittered wait while it raises an error `retryable` accepts,
    at most `attempts` times in all; the last error propagates."""
    for attempt in range(1, attempts + 1):
        try:
            return op()
        except Exception as e:
            if attempt == attempts or not retryable(e):
                raise
        (sleep or pause)(delay(attempt, base, cap))
    raise AssertionError("unreachable")


def aws_config(*, connect_timeout: float, read_timeout: float, max_attempts: int = AWS_MAX_ATTEMPTS) -> Any:
    """A botocore Config with the standard retry mode (bounded attempts, full-jitter backoff)."""
    from botocore.config import Config

    return Config(
        connect_timeout=connect_timeout,
        read_timeout=read_timeout,
        retries={"mode": "standard", "total_max_attempts": max_attempts},
    )
