"""The one place where errors become HTTP responses in the API's error format."""

from __future__ import annotations

import json

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.openapi.exceptions import RequestValidationError

from memstore.domain.errors import MemstoreError

_LOCATIONS = {"body", "query", "path", "header"}


def error_body(code: str, message: str, param: str | None = None) -> dict:
    return {"error": {"code": code, "message": message, "param": param}}


def error_response(status: int, code: str, message: str, param: str | None = None) -> Response:
    return Response(status, "application/json", json.dumps(error_body(code, message, param)))


def from_domain(error: MemstoreError) -> Response:
    return error_response(error.status, error.code, error.message, error.param)


def from_validation(error: RequestValidationError) -> Response:
    """Names the first offending field; never echoes the input (it may be personal data)."""
    first = error.errors()[0] if error.errors() else {}
    loc = [str(part) for part in first.get("loc", ()) if str(part) not in _LOCATIONS]
    param = ".".join(loc) or None
    if first.get("type") == "json_invalid":
        return error_response(400, "invalid_request", "the request body is not valid JSON")
    if first.get("type") == "missing" and not loc:
        return error_response(400, "invalid_request", "a JSON request body is required")
    message = str(first.get("msg", "invalid request")).removeprefix("Value error, ")
    return error_response(400, "invalid_request", f"{param}: {message}" if param else message, param)
