"""The one error hierarchy. Each error knows its API code and HTTP status; the API layer maps
them to the error body in one place."""

from __future__ import annotations


class MemstoreError(Exception):
    code = "internal_error"
    status = 500

    def __init__(self, message: str, param: str | None = None):
        super().__init__(message)
        self.message = message
        self.param = param


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


class RateLimited(MemstoreError):
    code = "rate_limited"
    status = 429


class DependencyUnavailable(MemstoreError):
    code = "dependency_unavailable"
    status = 503


class ExtractionFailed(MemstoreError):
    """A chat model produced nothing usable, even after a repair attempt."""

    code = "internal_error"
    status = 500
