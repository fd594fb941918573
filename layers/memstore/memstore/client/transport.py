"""One HTTP exchange with retries: 429 and 5xx answers and lost connections are retried with
exponential backoff and full jitter, waiting at least what `Retry-After` asks for."""

from __future__ import annotations

import email.utils
import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from memstore.client.auth import Auth, NoAuth
from memstore.client.errors import APIConnectionError, APIError, error_from_response

RETRIED_STATUSES = frozenset({429, 500, 502, 503, 504})
REQUEST_ID_HEADERS = ("apigw-requestid", "x-amzn-requestid", "x-amz-apigw-id")
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@dataclass(frozen=True)
class RetryPolicy:
    """`max_retries` retries after the first attempt; the n-th waits a random time in
    [0, min(max_backoff, base_backoff * 2**n)], or `Retry-After` if the server asks for longer
    (capped at `max_retry_after`)."""

    max_retries: int = 3
    base_backoff: float = 0.25
    max_backoff: float = 8.0
    max_retry_after: float = 60.0

    def wait(
        self, attempt: int, retry_after: float | None, rand: Callable[[], float] = random.random
    ) -> float:
        jittered = rand() * min(self.max_backoff, self.base_backoff * 2**attempt)
        if retry_after is None:
            return jittered
        return max(jittered, min(retry_after, self.max_retry_after))


def parse_retry_after(value: str | None, now: Callable[[], float] = time.time) -> float | None:
    """Seconds to wait from a `Retry-After` value: delta-seconds or an HTTP date."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - now())


@dataclass
class Response:
    status: int
    body: Any
    headers: dict[str, str]

    @property
    def request_id(self) -> str | None:
        return next((self.headers[h] for h in REQUEST_ID_HEADERS if h in self.headers), None)


@dataclass
class Transport:
    base_url: str
    auth: Auth = field(default_factory=NoAuth)
    timeout: float = 30.0
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    default_headers: Mapping[str, str] = field(default_factory=dict)
    sleep: Callable[[float], None] = time.sleep

    def request(
        self, method: str, path: str, *, body: Any = None, headers: Mapping[str, str] | None = None
    ) -> Response:
        """The answer to a successful request; raises the error code's APIError subclass, or
        APIConnectionError when no answer came, once retries are spent."""
        url = self.base_url.rstrip("/") + path
        data = b"" if body is None else json.dumps(body).encode("utf-8")
        plain = {"Accept": "application/json", **self.default_headers, **(headers or {})}
        if body is not None:
            plain["Content-Type"] = "application/json"
        attempt = 0
        while True:
            try:
                response = self._send(method, url, data, plain)
            except APIConnectionError:
                if attempt >= self.retry.max_retries:
                    raise
                self.sleep(self.retry.wait(attempt, None))
                attempt += 1
                continue
            if response.status < 400:
                return response
            error = error_from_response(response.status, response.body, response.request_id)
            error.retry_after = parse_retry_after(response.headers.get("retry-after"))
            if response.status not in RETRIED_STATUSES or attempt >= self.retry.max_retries:
                raise error
            self.sleep(self.retry.wait(attempt, error.retry_after))
            attempt += 1

    def _send(self, method: str, url: str, data: bytes, headers: Mapping[str, str]) -> Response:
        signed = self.auth.headers(method, url, headers, data)
        request = urllib.request.Request(url, data=data or None, method=method, headers=signed)
        try:
            with _OPENER.open(request, timeout=self.timeout) as answer:
                return _response(answer.status, answer.read(), answer.headers)
        except urllib.error.HTTPError as answer:
            return _response(answer.code, answer.read(), answer.headers)
        except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
            raise APIConnectionError(f"{method} {url.split('?')[0]}: {type(error).__name__}") from error


def _response(status: int, raw: bytes, headers: Any) -> Response:
    try:
        body = json.loads(raw) if raw else None
    except ValueError:
        body = None
    return Response(status, body, {k.lower(): v for k, v in headers.items()})


__all__ = ["APIError", "Response", "RetryPolicy", "Transport", "parse_retry_after"]
