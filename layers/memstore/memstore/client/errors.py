"""One exception class per API error code. Every one carries the error body's `code`, `message`
and `param`, the HTTP `status` and the request id API Gateway answered with."""

from __future__ import annotations


class MemstoreClientError(Exception):
    """Anything the client raises."""


class APIConnectionError(MemstoreClientError):
    """No answer: the connection failed or timed out (after the client's retries)."""


class UpdateFailedError(MemstoreClientError):
    """An update ended `failed`; `error` is its `{code, message}`."""

    def __init__(self, update_id: str, error: dict | None):
        self.update_id = update_id
        self.error = error or {}
        super().__init__(f"update {update_id} failed: {self.error.get('code', 'unknown error')}")


class APIError(MemstoreClientError):
    code = "api_error"

    def __init__(
        self,
        message: str,
        *,
        status: int,
        code: str | None = None,
        param: str | None = None,
        request_id: str | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code or type(self).code
        self.param = param
        self.request_id = request_id
        self.retry_after: float | None = None

    def __str__(self) -> str:
        where = f" (param {self.param})" if self.param else ""
        return f"{self.status} {self.code}: {self.message}{where} [request {self.request_id}]"


class InvalidRequestError(APIError):
    code = "invalid_request"


class UnauthorizedError(APIError):
    code = "unauthorized"


class ForbiddenError(APIError):
    code = "forbidden"


class NotFoundError(APIError):
    code = "not_found"


class MethodNotAllowedError(APIError):
    code = "method_not_allowed"


class ConflictError(APIError):
    code = "conflict"


class IdempotencyKeyInUseError(ConflictError):
    code = "idempotency_key_in_use"


class PayloadTooLargeError(APIError):
    code = "payload_too_large"


class IdempotencyKeyReusedError(APIError):
    code = "idempotency_key_reused"


class RateLimitedError(APIError):
    code = "rate_limited"


class InternalServerError(APIError):
    code = "internal_error"


class DependencyUnavailableError(APIError):
    code = "dependency_unavailable"


ERRORS_BY_CODE: dict[str, type[APIError]] = {
    cls.code: cls
    for cls in (
        InvalidRequestError,
        UnauthorizedError,
        ForbiddenError,
        NotFoundError,
        MethodNotAllowedError,
        ConflictError,
        IdempotencyKeyInUseError,
        PayloadTooLargeError,
        IdempotencyKeyReusedError,
        RateLimitedError,
        InternalServerError,
        DependencyUnavailableError,
    )
}

_BY_STATUS: dict[int, type[APIError]] = {
    400: InvalidRequestError,
    401: UnauthorizedError,
    403: ForbiddenError,
    404: NotFoundError,
    405: MethodNotAllowedError,
    409: ConflictError,
    413: PayloadTooLargeError,
    422: IdempotencyKeyReusedError,
    429: RateLimitedError,
    500: InternalServerError,
    503: DependencyUnavailableError,
}


def error_from_response(status: int, body: object, request_id: str | None) -> APIError:
    """The exception for an error answer: chosen by `error.code`, else by status (API Gateway's
    own refusals, such as `{"message": "Forbidden"}`, carry no code)."""
    detail = body.get("error") if isinstance(body, dict) else None
    if isinstance(detail, dict):
        code = str(detail.get("code") or "")
        message = str(detail.get("message") or "")
        param = detail.get("param")
    else:
        code = ""
        message = (
            str(body.get("message")) if isinstance(body, dict) and body.get("message") else f"HTTP {status}"
        )
        param = None
    cls = ERRORS_BY_CODE.get(code) or _BY_STATUS.get(status) or APIError
    return cls(message, status=status, code=code or None, param=param, request_id=request_id)
