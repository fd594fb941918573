"""The one error hierarchy. Each error knows its API code and HTTP status; the API layer maps
them to the error body in one place."""

from __future__ import annotations


class MemstoreError(Exception):
    code = "internal_error"
    status = 500
    retry_after: int | None = None
    """Seconds a client should wait before retrying (the Retry-After header), when a retry of
    the same request can succeed."""

    def __init__(self, message: str, param: str | None = None):
        super().__init__(message)
        self.message = message
        self.param = param


class ConfigurationError(Exception):
    """The deployment's settings are wrong (an unknown AUTH_MODE, say): raised while the function
    starts, never a request's fault, so it stays outside MemstoreError and its HTTP mapping."""


class InvalidRequest(MemstoreError):
    code = "invalid_request"
    status = 400


class Unauthorized(MemstoreError):
    code = "unauthorized"
    status = 401


class Forbidden(MemstoreError):
    code = "forbidden"
    status = 403


class NotFound(MemstoreError):
    code = "not_found"
    status = 404


class Conflict(MemstoreError):
    code = "conflict"
    status = 409


class IdempotencyKeyInUse(Conflict):
    """The first request with this Idempotency-Key is still running."""

    code = "idempotency_key_in_use"


class IdempotencyKeyReused(MemstoreError):
    """An Idempotency-Key sent again with a different request body."""

    code = "idempotency_key_reused"
    status = 422


class PayloadTooLarge(MemstoreError):
    code = "payload_too_large"
    status = 413


RETRY_AFTER_SECONDS = 2
"""What a 429 or 503 tells a client to wait: the adapters have already retried with backoff for
a few seconds, so the dependency is down or throttled for longer than one burst."""


class RateLimited(MemstoreError):
    code = "rate_limited"
    status = 429
    retry_after = RETRY_AFTER_SECONDS


class DependencyUnavailable(MemstoreError):
    """A dependency (table, scheduler, model, index) stayed unavailable or throttled through the
    adapter's bounded retries; nothing the request asked for was left half-written."""

    code = "dependency_unavailable"
    status = 503
    retry_after = RETRY_AFTER_SECONDS


class ExtractionFailed(MemstoreError):
    """A chat model produced nothing usable, even after a repair attempt."""

    code = "internal_error"
    status = 500
